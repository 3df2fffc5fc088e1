"""What the page says to explain the game: why a click was refused, what the pending decision
is, which harmony earned a bonus, and the list of turns played, in words and in notation.

Everything here comes from the engine's public answers (legal moves, the refusal a typed move
gets, harmonies, turns) and from the variant's YAML: a variant explains its phases in
``rules: {display: {phases: {PHASE: text}}}`` (``{player}`` stands for the player to decide,
``{other}`` for the other one).  Nothing here names a variant.
"""
from __future__ import annotations

from collections import Counter
from typing import Optional

from .. import PaishoError, board
from ..drawing.regions import describe_point
from ..drawing.render import harmonies_of, public_turns, turn_text
from ..explain import refusal
from ..tiles import other

MAX_LISTED_TURNS = 400
"""Turns the move list shows at most (the latest ones)."""


def _name(p: Optional[str]) -> str:
    return p.capitalize() if p else ""


def _kind_name(game, code: Optional[str]) -> str:
    for k in game.tileset.kinds:
        if k.code == code:
            return k.name
    return code or "tile"


# -- a refused click -----------------------------------------------------------------------------

def explain_click(game, point: tuple[int, int], source: Optional[str]) -> str:
    """Why clicking ``point`` (with the source ``source`` chosen: ``"x,y"`` a tile on the board,
    ``"tile:CODE"`` one from a pile, None nothing) starts or ends no legal decision: the
    refusal a typed move gets when the click names a move, else what the point holds."""
    x, y = point
    if not board.on_board(x, y):
        return f"({x},{y}) is not a point of the board."
    st = game.state
    where = describe_point(game, x, y)
    if source:
        if source.startswith("tile:"):
            text = f"{source[5:]}({x},{y})"
        else:
            sx, sy = (int(v) for v in source.split(","))
            text = f"({sx},{sy})-({x},{y})"
        if game.is_legal(text):
            return f"{text} is legal: click the point again."
        return _plain(str(refusal(game, text))) + f" [{where}]"
    tile = st.board[board.index(x, y)]
    legal = game.legal_moves()
    starts = [m for m in legal if m.from_point == (x, y)]
    if tile is not None and not starts:
        owner = tile.owner
        name = tile.kind.name
        if owner != st.to_move and not any(m.from_point for m in legal):
            return f"The {name} on ({x},{y}) is {_name(owner)}'s, and no tile moves in this decision ({st.phase})."
        if owner != st.to_move:
            return f"The {name} on ({x},{y}) is {_name(owner)}'s: you move only your own tiles."
        if not tile.kind.move and not any(m.from_point for m in legal):
            return f"Your {name} on ({x},{y}) does not move, and this decision ({st.phase}) moves no tile."
        text = f"({x},{y})-({x},{y + 1})"
        reason = _plain(str(refusal(game, text))) if board.on_board(x, y + 1) else ""
        if "has no legal move" in reason or not reason:
            return f"Your {name} on ({x},{y}) has no legal move now."
        return f"Your {name} on ({x},{y}) cannot move now: {reason}"
    if tile is None:
        here = [m for m in legal if m.to_point == (x, y)]
        if here:
            names = sorted({_kind_name(game, m.tile) if m.tile else "a tile" for m in here})
            return (f"No legal move starts on {where}, but tiles may go there: choose the tile "
                    f"first ({', '.join(names[:6])}), then click this point.")
        ways = []
        if any(m.from_point for m in legal):
            ways.append("click one of your glowing tiles on the board to move it")
        if any(m.tile and not m.from_point and m.to_point for m in legal):
            ways.append("a glowing tile in your piles to place it")
        hint = f" To decide, {' or '.join(ways)}." if ways else ""
        return f"No legal move starts or ends on {where}.{hint}"
    return f"Nothing to do on {where} in this decision."


def _plain(message: str) -> str:
    """A refusal without the move's quoting prefix: ``illegal move 'X' for guest (...): why``
    becomes ``X: why``."""
    if message.startswith("illegal move "):
        head, _, why = message.partition(": ")
        quoted = head[len("illegal move "):].split(" for ")[0].strip("'")
        if why:
            return f"{quoted}: {why}"
        return message[len("illegal move "):]
    return message


# -- the pending decision ------------------------------------------------------------------------

def phase_help(game, viewer: Optional[str]) -> dict:
    """``{"text", "harmonies"}``: the variant's words for the pending decision, and the
    harmonies the mover formed so far this turn (what earned a bonus)."""
    st = game.state
    display = (game.variant.rules_config or {}).get("display") or {}
    phases = display.get("phases") if isinstance(display, dict) else None
    text = ""
    if isinstance(phases, dict) and isinstance(phases.get(st.phase), str):
        text = phases[st.phase].replace("{player}", _name(st.to_move)).replace(
            "{other}", _name(other(st.to_move)))
    formed = new_harmonies(game) if st.pending else []
    return {"text": text, "harmonies": formed}


def new_harmonies(game) -> list[dict]:
    """The mover's harmonies standing now that did not stand when this turn began."""
    st = game.state
    turns = game.turns()
    if not turns or (turns[-1][0], turns[-1][1]) != (st.turn, st.to_move):
        return []
    before = game.copy()
    for _ in turns[-1][2]:
        before.undo()
    old = {_hkey(h) for h in harmonies_of(before)}
    out = []
    for h in harmonies_of(game):
        if h.owner == st.to_move and _hkey(h) not in old:
            out.append({"a": list(h.a), "b": list(h.b), "owner": h.owner,
                        "text": _harmony_words(game, h)})
    return out


def _hkey(h) -> tuple:
    return (h.owner, tuple(sorted((tuple(h.a), tuple(h.b)))))


def _harmony_words(game, h) -> str:
    def at(p):
        tile = game.state.board[board.index(*p)]
        return f"{tile.kind.name if tile else '?'} ({p[0]},{p[1]})"
    return f"{at(h.a)} with {at(h.b)}"


# -- the list of turns ----------------------------------------------------------------------------

_LISTS: dict = {}
"""The last move lists made, by the decisions they cover and the viewer (stepping back and
forth through a game asks for the same list again)."""


def move_list(game, ahead: list, viewer: Optional[str]) -> list[dict]:
    """Every turn played (and the ones ``ahead``, taken back or still to step through), each
    ``{"number", "player", "text", "words", "ply", "captured", "harmonies", "ahead"}``: ``ply``
    is the decision count after the turn (click it to see that position)."""
    key = (game.name, id(game), viewer, tuple(m.text for m in game.moves), tuple(m.text for m in ahead))
    full = (key[0], key[1], key[2], key[3] + key[4])
    entries = _LISTS.get(full)
    if entries is None:
        entries = _listed(game, ahead, viewer)
        if len(_LISTS) > 32:
            _LISTS.clear()
        _LISTS[full] = entries
    now = game.ply
    return [dict(e, ahead=e["ply"] > now) for e in entries]


def _listed(game, ahead: list, viewer: Optional[str]) -> list[dict]:
    g = game.copy()
    auto, g.auto_chance = g.auto_chance, False
    try:
        for move in ahead:
            g.play(move)
    except PaishoError:
        pass
    g.auto_chance = auto
    shown = public_turns(g, viewer)
    # how many decisions of the history each shown turn takes back (a resignation is written
    # as a tag, not a turn: it is taken back with the turn before it)
    sizes: list[int] = []
    last_key = None
    for _record, move, hkey, _auto in g._history:
        if move.action == "_resign" and sizes:
            sizes[-1] += 1
            continue
        if hkey == last_key:
            sizes[-1] += 1
        else:
            sizes.append(1)
            last_key = hkey
    entries: list[dict] = []
    k = len(shown)
    after_tiles = _tiles(g)
    after_h = {_hkey(h) for h in harmonies_of(g)}
    while k and len(entries) < MAX_LISTED_TURNS and len(sizes) == len(shown):
        k -= 1
        number, player, moves = shown[k]
        end = g.ply
        keep = sum(sizes[:k])
        while len(g._history) > keep:  # an undo takes back a draw with its decision
            g.undo()
        before_tiles = _tiles(g)
        before_h = {_hkey(h) for h in harmonies_of(g)}
        lost = before_tiles - after_tiles
        captured = [f"{_name(owner)}'s {name}" for (owner, name), n in sorted(lost.items())
                    for _ in range(n)]
        formed = {h for h in after_h - before_h if h[0] == player}
        entries.append({"number": number, "player": player, "ply": end,
                        "text": turn_text(g, number, player, moves),
                        "words": _turn_words(g, player, moves),
                        "captured": captured, "harmonies": len(formed)})
        after_tiles, after_h = before_tiles, before_h
    entries.reverse()
    return entries


def _tiles(game) -> Counter:
    return Counter((t.owner, t.kind.name) for _i, t in game.state.tiles())


def _turn_words(game, player: str, moves: list) -> str:
    """The turn in plain words, from the position before it (``game``)."""
    g = game.copy() if len(moves) > 1 else game
    if g is not game:
        g.auto_chance = False  # the turn's own draws come next in ``moves``
    parts = []
    for k, move in enumerate(moves):
        if move.text == "?":
            parts.append("drew a hidden tile")
            continue
        parts.append(_move_words(g, move))
        if k == len(moves) - 1:
            break
        try:
            g.play(move)
        except PaishoError:
            break
    return f"{_name(player)} " + ", then ".join(p for p in parts if p)


def _move_words(game, move) -> str:
    src, dst = move.from_point, move.to_point
    tile = game.state.board[board.index(*src)] if src else None
    name = tile.kind.name if tile else _kind_name(game, move.tile) if move.tile else ""
    action = move.action.replace("-", " ")
    if move.text.split(" ")[0] == move.action:  # the text says it already ("draw W5")
        return move.text
    if src and dst and src != dst:
        target = game.state.board[board.index(*dst)]
        owner = tile.owner if tile else None
        took = f", taking the {target.kind.name}" if target is not None and target.owner != owner else ""
        return f"{action}: {name or 'tile'} ({src[0]},{src[1]}) to ({dst[0]},{dst[1]}){took}"
    if dst:
        if name:
            return f"{action}: {name} on ({dst[0]},{dst[1]})"
        extra = f" {move.text}" if "(" not in move.text else ""  # a ring turned in place, say
        return f"{action} ({dst[0]},{dst[1]}){extra}"
    codes = move.text.split(",")
    known = {k.code for k in game.tileset.kinds}
    if all(c in known for c in codes):  # a tile or a set of tiles chosen
        return f"{action}: " + ", ".join(_kind_name(game, c) for c in codes)
    return f"{action}: {move.text}" if move.text != move.action else action


# -- which pile a tile is taken from ----------------------------------------------------------------

def mark_piles(game, groups: list[dict]) -> None:
    """Set each tile group's ``pile``: the pile of the mover's the decision takes the tile from
    (found by playing it on a copy), so the page lights that pile only; None when the tile comes
    from no pile shown (a drawn tile)."""
    mover = game.to_move
    before = _pile_counts(game, mover)
    for group in groups:
        if not group.get("tile"):
            continue
        moves = [m["text"] for t in group["targets"] for m in t["moves"]] + [b["text"] for b in group["buttons"]]
        group["pile"] = None
        if not moves:
            continue
        g = game.copy()
        try:
            g.play(moves[0])
        except PaishoError:
            continue
        after = _pile_counts(g, mover)
        for name, tiles in before.items():
            if tiles.get(group["tile"], 0) > after.get(name, {}).get(group["tile"], 0):
                group["pile"] = name
                break


def _pile_counts(game, player: str) -> dict:
    view = game.observation(player)
    out = {"reserve": dict((view.get("reserves") or {}).get(player) or {})}
    for name, per in (view.get("piles") or {}).items():
        if isinstance(per, dict) and isinstance(per.get(player), dict):
            out[name] = dict(per[player])
    return out
