"""Data derived from a board (code and group masks, lines of sight, the clash map), memoised per
board and carried forward from the previous board where few points changed."""
from __future__ import annotations

from paisho_core.board import BIT, GATES, bits

from .clash import NOT_GATES, ClashMap
from .roles import roles
from .sightlines import GATES_T, line_neighbours, relinked


# -- masks of tiles by role -------------------------------------------------------------------

def code_masks(state) -> dict[str, int]:
    """Bitset of the points holding each tile code, in one pass over the board."""
    out: dict[str, int] = {}
    b = state.board
    m = state.occupied
    while m:
        low = m & -m
        code = b[low.bit_length() - 1].kind.code
        out[code] = out.get(code, 0) | low
        m ^= low
    return out


def mask_of_codes(masks: dict[str, int], codes) -> int:
    """Points holding any of ``codes``, from a ``code_masks`` result."""
    out = 0
    for code in codes:
        out |= masks.get(code, 0)
    return out

# -- data derived from a board, memoised and carried forward ----------------------------------

def derived(game) -> dict:
    """A memo of data derived from the current board alone (code masks, flags, harmony pairs,
    the clash map ...), filled by the hooks on demand.

    It lives in ``game.cache`` (cleared by the core on every change) and is also kept as the
    game's last memo, reused when the board is again the same tile for tile: a move's after
    state is surveyed once for its bonus decision and again by the end check.  Options are fixed
    per game, so the board is the whole key.  A new memo keeps the one before it as ``prev``
    (one level only): masks, lines of sight and the clash map are then updated from the points
    that changed (see :func:`changes`) instead of rebuilt, whether the game moved on or undid.

    The update works in place: the new memo takes over the previous memo's copy of the board
    (patched at the changed points, whose old tiles it keeps as ``before``) and, key by key, the
    previous memo's dicts (see :func:`_carried`), so no board or dict is copied per decision."""
    cache = game.cache
    memo = cache.get("garden")
    if memo is None:
        st = game.state
        board_ = st.board
        memo = game.__dict__.get("_garden_memo")
        if memo is None:
            owned = st.owned
            memo = {"board": list(board_), "occupied": st.occupied,
                    "owned": (owned["host"], owned["guest"]), "prev": None, "changes": None}
            game.__dict__["_garden_memo"] = memo
        elif memo["occupied"] != st.occupied or memo["board"] != board_:
            memo = game.__dict__["_garden_memo"] = _moved_on(memo, st)
        cache["garden"] = memo
    return memo


def _moved_on(prev: dict, st) -> dict:
    """The memo of the board of ``st``, which differs from ``prev``'s: it takes over ``prev``'s
    board copy, patched, and records the changed points (:func:`changes`) and their old tiles.

    Points that changed occupancy or owner are read off the masks; a tile replaced by another of
    the same owner (a Wheel turning two neighbours, a Boat taking a flower's place) is caught by
    checking that the board patched at those points is the new one, and else by a comparison of
    every point occupied on both boards."""
    prev["prev"] = None  # one level of history is all an update needs
    board_ = prev.pop("board")
    new = st.board
    owned = st.owned
    now = (owned["host"], owned["guest"])
    (oh, og), (nh, ng) = prev["owned"], now
    found = (prev["occupied"] ^ st.occupied) | (oh ^ nh) | (og ^ ng)
    before = {}
    m = found
    while m:  # highest point first (the order does not matter): one operation per point
        p = m.bit_length() - 1
        m ^= BIT[p]
        before[p] = board_[p]
        board_[p] = new[p]
    if board_ != new:
        for p in bits(prev["occupied"] & st.occupied & ~found):
            if board_[p] != new[p]:
                found |= BIT[p]
                before[p] = board_[p]
                board_[p] = new[p]
    if found.bit_count() > MAX_CHANGES:
        found = None
    return {"board": board_, "occupied": st.occupied, "owned": now, "prev": prev,
            "changes": found, "before": before}


MAX_CHANGES = 16
"""A board differing from the previous memo's at more points than this is surveyed afresh."""


def changes(memo: dict) -> int | None:
    """The points whose tile differs between ``memo``'s board and its ``prev`` memo's (a
    bitset, found by :func:`_moved_on`), or None when there is no previous memo or too much
    changed."""
    return memo["changes"]


def memoised(game, key: str, compute):
    """``compute(game)`` for the current board, memoised in :func:`derived` under ``key``."""
    memo = game.cache.get("garden") or derived(game)  # no call when it is there
    value = memo.get(key)
    if value is None:
        value = memo[key] = compute(game)
    return value


def _carried(memo: dict, key: str):
    """(the previous memo, its value under ``key``, the changed points) when ``key`` can be
    updated rather than rebuilt, else None.  The value is taken out of the previous memo (which
    is never current again): the caller updates it in place."""
    prev = memo["prev"]
    if prev is None:
        return None
    old = prev.pop(key, None)
    if old is None:
        return None
    found = memo["changes"]
    if found is None:
        return None
    return prev, old, found


def _flips(memo: dict) -> dict[str, int]:
    """Per tile code, the points it left or joined between ``memo``'s previous board and its
    own (a tile moving from one point to another is one change of its code's points), from the
    changed points' old tiles; worked out once per memo."""
    flips = memo.get("flips")
    if flips is None:
        flips = memo["flips"] = {}
        board_ = memo["board"]
        for p, tile in memo["before"].items():
            bit = BIT[p]
            if tile is not None:
                code = tile.kind.code
                flips[code] = flips.get(code, 0) ^ bit
            tile = board_[p]
            if tile is not None:
                code = tile.kind.code
                flips[code] = flips.get(code, 0) ^ bit
    return flips


def _moved_masks(got: dict, flips: dict, names_of: dict) -> dict:
    """``got`` (points per name, an empty name dropped) updated in place for the points each
    code left or joined (``flips``, see :func:`_flips`); ``names_of[code]`` gives a tile code's
    names.  Each name changes once per code."""
    for code, flip in flips.items():
        if flip:
            for name in names_of[code]:
                m = got.get(name, 0) ^ flip
                if m:
                    got[name] = m
                else:
                    del got[name]
    return got


def board_masks(game) -> dict[str, int]:
    """Points per tile code of the current board (codes with no tile have no entry)."""
    memo = game.cache.get("garden") or derived(game)  # no call when it is there
    got = memo.get("masks")
    if got is None:
        carried = _carried(memo, "masks")
        if carried is None:
            got = code_masks(game.state)
        else:
            prev, old, found = carried
            got = _moved_masks(old, _flips(memo), roles(game.variant).own_code)
        memo["masks"] = got
    return got


def group_masks(game) -> dict:
    """Points per group of tile codes on the current board: ``basic``, ``special``,
    ``accent``, ``flower``, each role (``lotus``, ``rock`` ...), ``basic_or_wild``,
    ``basic_or_orchid``, ``drainable`` (basic flowers and Lotus tiles), ``still`` (tiles that
    never move) and ``("clashes", code)``
    (the tiles a tile ``code`` clashes with).  A group with no tile has no entry."""
    memo = game.cache.get("garden") or derived(game)  # no call when it is there
    got = memo.get("groups")
    if got is None:
        groups_of = roles(game.variant).groups_of
        carried = _carried(memo, "groups")
        if carried is None:
            got = {}
            for code, m in board_masks(game).items():
                for name in groups_of[code]:
                    got[name] = got.get(name, 0) | m
        else:
            prev, old, found = carried
            got = _moved_masks(old, _flips(memo), groups_of)
        memo["groups"] = got
    return got

def lines(game) -> dict[int, list[int]]:
    """``line_neighbours`` of the tiles and gates of the current board."""
    memo = game.cache.get("garden") or derived(game)  # no call when it is there
    got = memo.get("lines")
    if got is None:
        st = game.state
        blockers, blockers_t = st.occupied | GATES, st.occupied_t | GATES_T
        carried = _carried(memo, "lines")
        if carried is None:
            got = line_neighbours(blockers, blockers_t)
            memo["relinked"] = memo["relinked_ahead"] = None
        else:
            prev, old, _found = carried
            flipped = (prev["occupied"] ^ memo["occupied"]) & NOT_GATES
            got, memo["relinked"], memo["relinked_ahead"] = relinked(old, blockers, blockers_t, flipped)
        memo["lines"] = got
    return got


def clash_map(game) -> ClashMap:
    """The clash map of the current board, updated from the previous memo's where it can be:
    only tiles that changed or got new line neighbours see anything new."""
    memo = game.cache.get("garden") or derived(game)  # no call when it is there
    got = memo.get("clash")
    if got is None:
        r = roles(game.variant)
        masks, lines_ = board_masks(game), lines(game)
        carried = _carried(memo, "clash")
        touched = memo.get("relinked")
        if carried is None or touched is None:
            got = ClashMap(r, masks, lines_)
        else:
            prev, old, found = carried
            got = old.updated(r, masks, lines_, memo["board"], memo["before"], found, touched)
        memo["clash"] = got
    return got
