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

Only public facts and one's own hand are read: the board, the count, and the sizes of the hands."""
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
hand), waiting for the target."""
REACH = 50.0
"""A placement after which one of one's own moves reaches the target: all but a win."""


class _Moved:
    """A state with one tile moved (what ``rules.analyse`` reads: the board and the occupied
    points), to count harmonies after a move without playing it."""

    __slots__ = ("board", "occupied")

    def __init__(self, st, src: int, dst: int) -> None:
        self.board = list(st.board)
        self.board[dst], self.board[src] = st.board[src], None
        self.occupied = (st.occupied & ~(1 << src)) | (1 << dst)


def counts_after_moves(game, moves) -> list:
    """The count after each ``(src, dst)`` of the pending move step, without playing it (a tile
    a Dragon lands on leaves the board, which the moved copy reproduces)."""
    st = game.state
    o = rules.opts(game)
    drained = analysis(game)[0]
    out = []
    for src, dst in moves:
        dr = drained & ~(1 << dst)
        if drained >> src & 1:
            dr = (dr & ~(1 << src)) | (1 << dst)
        out.append(rules.count(rules.analyse(_Moved(st, src, dst), o, dr), o))
    return out


def _hits(c: int, o) -> bool:
    return c == o.target or (not o.win_exact and c >= o.target)


def reaches_target(game) -> bool:
    """Whether some move of the pending move step brings the count to the target (the target
    is checked after the move: rules, A turn)."""
    st = game.state
    o = rules.opts(game)
    moves = rules.all_moves(st, o, analysis(game)[0])
    return any(_hits(c, o) for c in counts_after_moves(game, moves))


@hookimpl
def paisho_evaluate(game, player):
    """Tiebreak lead, the target race (an exact check of one's own pending move; otherwise the
    count's distance and whether the opponent can act on it), and the hand kept while not
    ahead."""
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
    if st.to_move == player and st.phase == "move":
        if reaches_target(game):
            value += REACH
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
    return value


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
    out = []
    for m in moves:
        if m.action == "exchange":
            out.append(20.0)
        elif m.action == "place" and m.dst >= 0:
            row, col = divmod(m.dst, board.SIZE)
            out.append(2.0 * (1 + (row in rows) + (col in cols)))
        else:
            out.append(1.0)
    return out
