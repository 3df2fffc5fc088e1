"""What computer players know of Ancient Pai Sho's goal (rules: docs/variants/ancient/rules.md).

* **Target.** The player whose step brings the board's count (harmonies minus disharmonies) to
  the target wins, and the count is shared (rules, Goal; wiki:29).  A count near the target is
  good for a player about to act on it, and bad for one who leaves it to an opponent able to act.
* **Who can act.** Only a placement from the hand is followed by a move (rules, A turn), so an
  opponent whose hand is empty can only exchange or pass: they cannot change the count, and a
  near count left to them is safe, waiting for one's own next turn.
* **Exhaustion.** When both hands are empty the player with more harmonies of their own placing
  wins (rules, End of the game).  A player ahead on that tiebreak is drawn toward emptying their
  hand; a player level or behind keeps tiles (exchanging) so the game goes on while they look
  for the target.
* **The last word.** Once the pool is empty every turn is a placement (rules, A turn: an exchange
  needs the pool), so the player still holding tiles when the other's hand runs out places
  alone, unanswered, until the end: free turns to bring the count to the target or to build
  the tiebreak.  While the pool lasts, an exchange keeps the hand and a placement spends a tile,
  so who gets those free turns follows from the two hands and the pool's parity
  (:func:`last_word`); a tile placed for nothing in that time hands the opponent one more.
* **The Dragon turns it over.**  A tile placed where a Dragon can land, then taken back into
  the hand by the Dragon (rules, Tiles: wiki:54), ends a turn with the hand as it was and the
  pool untouched: a turn passed without an exchange, which changes the parity.  While the pool
  lasts such placements are tried early and a pending take is a small hint; the search finds
  what it is worth.  (With the pool empty it is a pass either player can repeat, so neither.)
  But while a Dragon on the board can move and both hands hold a tile, either player can turn
  the last word over on any turn, so it is counted for neither (:func:`_contested`): counted,
  it had both players trade it back and forth until the no-progress rule drew the game.
* **Out of play.**  A player whose hand and the pool are empty can only pass, so a tiebreak
  lead over them is all but a win.

* **Flowers in hand.**  Only flowers form harmonies (rules, Harmonies and the count), so a hand
  kept through the exchanges is worth what it can still add to the count: a player who reaches
  the empty pool holding only special tiles cannot make the target, whoever has the last word.

Only public facts and one's own hand are read: the board, the count, the sizes of the hands and
of the pool, and the flowers in the opponent's hand and the pool together (the tiles one cannot
see, however they are dealt)."""
from __future__ import annotations

from paisho_core import board
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.ancient import rules
from paisho_variants.ancient.derived import analysis
from paisho_variants.common.strategy import outcome_score

NEAR = {1: 4.0, 2: 2.0, 3: 0.5}
"""What a count this far from the target is worth to a player who acts on it next turn."""
HAND_TILE = 0.6
"""A tile kept in hand while not ahead on the tiebreak: the game goes on (exchanging keeps the
hand), waiting for the target.  The opponent's hand counts against a player the same way while
the opponent is not ahead, so level hands cancel: counting only one's own, both players rated a
level Dragon exchange above the draw the no-progress rule ends it with, and played on past it
(Ancient rulings, A Dragon exchange with no end)."""
LAST_WORD = 3.0
"""Free turns at the end (:func:`last_word`): the first is worth half of this, each further one
half the one before."""
TURN_WEIGHT = 10.0
"""The playout weight of a placement a Dragon can take back while the pool lasts
(:func:`_turning_points`): tried next after the exchange, so the search sees the turn that
passes the last word over.  Once the pool is empty such a turn is a pass that both players
could repeat to the turn limit, and neither the weight nor the hint below applies."""
TAKING = 0.02
"""A pending move step in which a Dragon can take a tile into the mover's hand: a hint only
(less than a kept tile, so a one-ply player still prefers exchanging to setting one up), which
puts such placements first among equals; the search, looking one step further, finds what the
tile taken back is worth (the last word, :func:`last_word`)."""
SETTLED = 20.0
"""A tiebreak lead over an opponent who can never act again (:func:`_out_of_play`): the leader
places what is left of their hand and wins at exhaustion."""
PENDING = ("move", "boat", "wheel")
"""The steps of a turn after its placement (the move, and before it a Ship's or Wheel's effect):
the count is not scored by its distance until the move step is played.  Scoring it there as if
the player were about to act on it (the start of their turn) gave every Ship and Wheel placement
a bonus the turn's end took back, so that a search spent its visits on hundreds of them (rules,
A turn: the target is checked after the placement and after the move).  The opponent's steps
are scored alike: the move step checked exactly, whatever is left in their hand."""
REACH = 50.0
"""A placement after which one of the mover's moves reaches the target: all but a win for the
mover, all but a loss for the other player."""
FLOWER_KEPT = 0.4
"""A flower in one's hand, up to the target's number of them (:func:`flowers_kept`): only
flowers form harmonies, so only they can bring the count to the target once the pool is empty
and every turn is a placement; a hand of special tiles can only rearrange, cancel or take back.
The opponent's hand counts against it by what it can be expected to hold."""
OPENING = 6.0
"""What a one-ply player (greedy, and so the hints) adds for a placement of its own under way
while it has set out at most :data:`OPENING_TILES` tiles and the pool is full
(:func:`paisho_one_ply_value`), fading to nothing as the pool empties."""
OPENING_TILES = 2
"""How many tiles of one's own on the board the opening value asks for: enough to build on,
while the rest of the hand stays to exchange (a hand spent at once ends the game when the other
is too, with the pool untouched: every placement spends a tile for good)."""
OPENING_FLOWER = 0.6
"""Added to :data:`OPENING` when the tile placed is a flower (more than :data:`FLOWER_KEPT`, so
a one-ply player sets a flower, which the turns to come build harmonies with, before a special
tile)."""
OPENING_POOL = 40
"""The pool at which the opening value is whole (a new game's pool is 43 tiles at the default
target); below it the value falls in proportion, so the last word decides near the end."""


_LINE_MASKS = ([((1 << board.SIZE) - 1) << (r * board.SIZE) for r in range(board.SIZE)]
               + [sum(1 << (r * board.SIZE + c) for r in range(board.SIZE)) for c in range(board.SIZE)])
"""Every row and column of the grid as a bitset of its points: row ``r`` is number ``r``,
column ``c`` number ``SIZE + c``."""
_POINTS = board.SIZE * board.SIZE


def _line_count(b, points, o, drained: int, dst: int = -1, moved=None) -> int:
    """The count of one row or column (its harmonies, less its disharmonies when they count),
    read as ``rules.analyse`` reads a line (rules, Harmonies and the count): ``points`` are the
    occupied points of the line in order, the tile on ``dst`` is ``moved`` if given."""
    flowers = []
    coins = []
    lotuses = []
    for i in points:
        code = (moved if i == dst else b[i]).kind.code
        if code in rules.FLOWER_SET:
            if drained >> i & 1:
                if o.drained_block:
                    flowers.append((i, None))  # blocks the line, forms nothing
            else:
                flowers.append((i, code))
        elif code == rules.COIN:
            coins.append(i)
        elif code == rules.LOTUS:
            lotuses.append(i)
    if len(flowers) < 2:
        return 0
    total = 0
    for (p, a), (q, c) in zip(flowers, flowers[1:]):
        sign = a and c and rules.pair_sign(p, q, a, c, coins, lotuses, o)
        if not sign:
            continue
        if sign > 0:
            total += 1
        elif o.count_disharmony:
            total -= 1
    return total


def counts_after_moves(game, moves) -> list:
    """The count after each ``(src, dst)`` of the pending move step, without playing it.

    A move changes only the rows and columns of its two points, so each count is the current
    one with those (at most four) lines counted again (a tile a Dragon lands on leaves the
    board: the moved tile takes its point)."""
    return list(_counts_after(game, moves))


def _counts_after(game, moves):
    """:func:`counts_after_moves`, one move at a time.  A line through the source and not the
    destination only loses the tile, whatever the destination, so its change is counted once
    per source; a line through the destination and not the source gains the same tile kind on
    the same point from any source, so its change is counted once per kind and point; a line
    the tile moves along is unchanged unless the tile passes over or lands on another (the
    Dragon), and only then counted for the move."""
    st = game.state
    b = st.board
    occ = st.occupied
    o = rules.opts(game)
    drained, pairs = analysis(game)
    base = rules.count(pairs, o)
    size = board.SIZE
    bits = board.bits
    now: dict = {}
    gone: dict = {}
    came: dict = {}

    def was(key: int) -> int:
        count = now.get(key)
        if count is None:
            count = now[key] = _line_count(b, bits(occ & _LINE_MASKS[key]), o, drained)
        return count

    def after(src: int, dst: int):
        dr = drained & ~(1 << dst)
        if drained >> src & 1:
            dr = (dr & ~(1 << src)) | (1 << dst)
        return (occ & ~(1 << src)) | (1 << dst), dr

    def leaves(key: int, src: int, dst: int) -> int:
        k = key * _POINTS + src
        change = gone.get(k)
        if change is None:
            left, dr = after(src, dst)
            change = gone[k] = _line_count(b, bits(left & _LINE_MASKS[key]), o, dr) - was(key)
        return change

    def arrives(key: int, src: int, dst: int) -> int:
        moved = b[src]
        k = (key * _POINTS + dst, moved.kind.code, drained >> src & 1)
        change = came.get(k)
        if change is None:
            came_to, dr = after(src, dst)
            change = came[k] = (_line_count(b, bits(came_to & _LINE_MASKS[key]), o, dr, dst, moved)
                                - was(key))
        return change

    def along(key: int, src: int, dst: int) -> int:
        lo, hi = (src, dst) if src < dst else (dst, src)
        if not occ & ((_LINE_MASKS[key] & ((1 << hi) - (1 << (lo + 1)))) | (1 << dst)):
            return 0  # onto an empty point, over none: the same neighbours, the same pairs
        moved_to, dr = after(src, dst)
        return _line_count(b, bits(moved_to & _LINE_MASKS[key]), o, dr, dst, b[src]) - was(key)

    for src, dst in moves:
        sr, sc = divmod(src, size)
        tr, tc = divmod(dst, size)
        if sr == tr:  # along the row: its column left, the other reached
            yield (base + along(sr, src, dst) + leaves(size + sc, src, dst)
                   + arrives(size + tc, src, dst))
        elif sc == tc:
            yield (base + along(size + sc, src, dst) + leaves(sr, src, dst)
                   + arrives(tr, src, dst))
        else:
            yield (base + leaves(sr, src, dst) + leaves(size + sc, src, dst)
                   + arrives(tr, src, dst) + arrives(size + tc, src, dst))


def _hits(c: int, o) -> bool:
    return c == o.target or (not o.win_exact and c >= o.target)


def reaches_target(game) -> bool:
    """Whether some move of the pending move step brings the count to the target (the target
    is checked after the move: rules, A turn); stops at the first that does."""
    st = game.state
    o = rules.opts(game)
    moves = rules.all_moves(st, o, analysis(game)[0])
    return any(_hits(c, o) for c in _counts_after(game, moves))


@hookimpl
def paisho_winning_moves(game):
    """The moves that win the turn for the player to move (rules, Goal: the count is checked
    after the placement and after the move).  A move step: those that bring the count to the
    target.  A turn: the placements that do, or after which some move does, and the Wheels
    whose turning of the ring or a move after it does.  A Ship's placement (the tile it moves
    first has some hundred landing points) is not looked into, nor a win at exhaustion (the
    tiebreak when the tiles run out).  Other steps: None."""
    st = game.state
    o = rules.opts(game)
    if st.phase == "move":
        moves = [m for m in game.legal_moves() if m.action == "move"]
        counts = _counts_after(game, [(m.src, m.dst) for m in moves])
        return [m for m, c in zip(moves, counts) if _hits(c, o)]
    if st.phase != "turn":
        return None
    mover = st.to_move
    out = []
    for m in game.legal_moves():
        if m.action == "place" and m.tile != rules.SHIP and _turn_won(game, m, mover):
            out.append(m)
    return out


def _turn_won(game, first, mover: str) -> bool:
    """Whether ``mover`` wins within the turn that ``first`` (a placement) begins: at once, or
    by a move of the move step (a Wheel's rotations tried in turn)."""
    game.play(first)
    try:
        out = game.outcome
        if out is not None:
            return out.winner == mover and out.reason == "target"
        phase = game.state.phase
        if phase == "move":
            return reaches_target(game)
        if phase == "wheel":
            return any(_turn_won(game, turn, mover) for turn in game.legal_moves())
        return False
    finally:
        game.undo()


def _out_of_play(st, o, player: str) -> bool:
    """Whether ``player`` can never change the board again: the shared pool and their hand are
    empty (rules, A turn: a player who can neither exchange nor place passes) and they are not
    in the middle of a turn (whose move step could still take a tile back with a Dragon)."""
    if not o.shared or o.refill or st.count("pool", "host") or st.count("hand", player):
        return False
    return st.phase == "turn" or st.to_move != player


def last_word(st, o) -> tuple[str, int]:
    """``(player, margin)``: the player who takes the next turn, and how many placements that
    player makes after the other's hand is empty (a positive margin), or the other player after
    theirs (negative), when both keep their tiles while the pool lasts.

    With the pool empty every turn is a placement (a player with no tile passes), so with ``a``
    tiles against ``b`` the player to move places last and alone ``a - b`` times if ``a > b``,
    and otherwise the other does ``b - a + 1`` times (their last placement answers nothing).
    While the pool lasts an exchange passes the turn without spending a tile, and a placement
    spends one: an odd pool gives the player to move the pool's last exchange, which is worth
    one tile.  A player whose hand is empty never places again (exhaustion ends the game when
    both are).  Shared pool with exchanges only (the defaults); other pools give 0."""
    phase = st.phase
    mover = st.to_move
    if not o.shared or o.refill or phase not in ("turn", "move", "boat", "wheel", "draw", "discard"):
        return mover, 0
    pool = st.count("pool", "host")
    hands = {p: st.count("hand", p) for p in ("host", "guest")}
    if phase != "turn":  # the turn under way ends without touching the hands again
        if phase == "draw":
            pool -= 1
        elif phase == "discard":
            hands[mover] -= 1
        mover = other(mover)
    a, b = hands[mover], hands[other(mover)]
    if b == 0 or a == 0:
        return mover, a - b
    a += pool % 2
    return mover, a - b if a > b else a - b - 1


@hookimpl
def paisho_evaluate(game, player):
    """Tiebreak lead, the target race (an exact check of the pending move step, whoever plays
    it; otherwise the count's distance and whether the opponent can act on it), the hand kept
    while not ahead, and the flowers in it."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    st = game.state
    opp = other(player)
    o = rules.opts(game)
    pairs = analysis(game)[1]
    own = rules.own_harmonies(st, pairs, st.extra.get("centre_id", 0))
    lead = own[player] - own[opp]
    value = 1.5 * lead
    contested = _contested(game, o)
    if st.phase == "move" and not contested and _pool_lasts(st, o) and dragon_can_take(game):
        value += TAKING if st.to_move == player else -TAKING
    if st.phase in PENDING:
        # a placement under way, one's own or the opponent's: the count is judged by its move
        # step, exactly (the mover acts on it whatever is left in their hand)
        if st.phase == "move" and reaches_target(game):
            value += REACH if st.to_move == player else -REACH
    else:
        near = NEAR.get(abs(o.target - rules.count(pairs, o)), 0.0)
        # after an exchange (draw, discard) the turn ends with the count as it is
        mine_next = st.to_move == player and st.phase not in ("draw", "discard")
        if mine_next or st.count("hand", opp) == 0:
            value += near  # the opponent cannot place, so cannot touch the count
        else:
            value -= near
    if lead <= 0:
        value += HAND_TILE * st.count("hand", player)
    if lead >= 0:
        value -= HAND_TILE * st.count("hand", opp)
    value += FLOWER_KEPT * flowers_kept(st, o, player)
    if lead and _out_of_play(st, o, opp if lead > 0 else player):
        value += SETTLED if lead > 0 else -SETTLED
    mover, margin = last_word(st, o)
    if margin and not contested:
        worth = LAST_WORD * (1.0 - 0.5 ** abs(margin))
        value += worth if (margin > 0) == (mover == player) else -worth
    return value


@hookimpl
def paisho_one_ply_value(game, player):
    """The value of a tile set on the board now, for greedy (and so the hints): ``quick`` and
    the search levels, which see further, read none of it (Ancient rulings, Greedy sets tiles
    out).

    The evaluation counts a tile in hand and the last word (:func:`last_word`) for the player
    who keeps exchanging; a search that looks ahead found that right (a term for placed flowers
    in the evaluation itself made ``medium`` weaker), but at one ply it made greedy, and the
    page's hints, exchange on an empty board for the whole pool.  A player of Ancient sets tiles
    out while the pool is full, to build harmonies with in the turns that follow; the last word
    only decides near the end.  So a placement of ``player``'s own under way (its Ship, Wheel or
    move step pending) that leaves at most :data:`OPENING_TILES` tiles of theirs on the board is
    worth :data:`OPENING` (more for a flower) times the share of the pool left, up to
    :data:`OPENING_POOL`."""
    st = game.state
    if st.phase not in PENDING or st.to_move != player:
        return None
    o = rules.opts(game)
    pool = sum(st.count("pool", k) for k in o.pool_keys)
    if not pool:
        return None
    centre = st.extra.get("centre_id", 0)
    if sum(1 for i in board.bits(st.owned[player]) if st.ident[i] != centre) > OPENING_TILES:
        return None
    placed = game.moves[-1] if st.phase == "move" else None
    flower = placed is not None and placed.action == "place" and placed.tile in rules.FLOWER_SET
    return min(1.0, pool / OPENING_POOL) * (OPENING + (OPENING_FLOWER if flower else 0.0))


def _flowers(pile: dict) -> int:
    return sum(n for code, n in pile.items() if code in rules.FLOWER_SET)


def flowers_kept(st, o, player: str) -> float:
    """The flowers in ``player``'s hand (up to the target: each harmony the count needs is made
    by placing a flower) less those the opponent's hand can be expected to hold, up to the
    target likewise (rules, Harmonies and the count: only flowers interact).

    The opponent's hand is hidden, so it is read only with the pool: together they hold exactly
    the tiles ``player`` cannot see, however the hidden tiles are dealt, and the opponent holds
    its share of their flowers.  Once the pool is empty that share is the opponent's hand itself,
    which is then known to both players (every other tile is in sight)."""
    mine = min(_flowers(st.pile("hand", player)), o.target)
    opp = other(player)
    held = st.count("hand", opp)
    if not held:
        return float(mine)
    hidden = held + sum(st.count("pool", k) for k in o.pool_keys)
    flowers = _flowers(st.pile("hand", opp)) + sum(_flowers(st.pile("pool", k)) for k in o.pool_keys)
    return mine - min(held * flowers / hidden, o.target)


def _dragon_landings(game) -> set:
    """The points the Dragons on the board can move to (a drained Dragon cannot move)."""
    st = game.state
    o = rules.opts(game)
    drained = analysis(game)[0]
    out: set = set()
    for q, t in st.tiles():
        if t.kind.code == rules.DRAGON and not drained >> q & 1:
            out.update(rules.dragon_destinations(st, o, *board.coords(q)))
    return out


def _contested(game, o) -> bool:
    """Whether either player can still turn the last word over at will: a Dragon on the board
    can move, and both hands hold a tile to set where it lands (rules, The last word)."""
    st = game.state
    if not o.dragon_to_hand or not (st.count("hand", "host") and st.count("hand", "guest")):
        return False
    return bool(_dragon_landings(game))


def _pool_lasts(st, o) -> bool:
    return o.shared and not o.refill and st.count("pool", "host") > 0


def dragon_can_take(game) -> bool:
    """Whether a Dragon on the board can land on a tile (which goes into the mover's hand)."""
    if not rules.opts(game).dragon_to_hand:
        return False
    occ = game.state.occupied
    return any(occ >> p & 1 for p in _dragon_landings(game))


def _turning_points(game):
    """``turning(code, point)``: whether placing ``code`` on the empty ``point`` lets a Dragon
    take a tile back into the placer's hand in the move that follows (rules, The Dragon): the
    Dragon placed next to (or exactly 6 in line from) a tile, or any tile placed where a Dragon
    on the board can land.  The hand ends the turn as it began and the pool is untouched, so
    such a turn passes without exchanging and turns over the last word (:func:`last_word`)."""
    st = game.state
    o = rules.opts(game)
    if not o.dragon_to_hand or not _pool_lasts(st, o):
        return lambda code, p: False
    board_dragons = _dragon_landings(game)
    occ = st.occupied

    def turning(code, p):
        if p in board_dragons:
            return True
        if code != rules.DRAGON:
            return False
        return any(occ >> q & 1 for q in rules.dragon_destinations(st, o, *board.coords(p)))

    return turning


@hookimpl
def paisho_playout_weights(game, moves):
    """Greedy and the search try the most promising moves first.  A move step: exactly by the
    count it leaves (reaching the target first, then the nearer the better).  A turn: the
    exchange (which keeps the hand) always near the top; a flower placed on a row or column
    holding flowers (it changes the count) above one placed alone; Coins and Lotuses, which
    change pairs on their lines, likewise."""
    st = game.state
    if st.phase == "move":
        o = rules.opts(game)
        counts = counts_after_moves(game, [(m.src, m.dst) for m in moves])
        return [50.0 if _hits(c, o) else 1.0 + 3.0 / (1 + abs(o.target - c)) for c in counts]
    if st.phase != "turn":
        return None
    flowers = [p for p, t in st.tiles() if t.kind.code in rules.FLOWERS]
    rows = {p // board.SIZE for p in flowers}
    cols = {p % board.SIZE for p in flowers}
    turning = _turning_points(game)
    out = []
    for m in moves:
        if m.action == "exchange":
            out.append(20.0)
        elif m.action == "place" and m.dst >= 0 and turning(m.tile, m.dst):
            out.append(TURN_WEIGHT)
        elif m.action == "place" and m.dst >= 0:
            row, col = divmod(m.dst, board.SIZE)
            out.append(2.0 * (1 + (row in rows) + (col in cols)))
        else:
            out.append(1.0)
    return out
