"""``quick``: greedy's best few moves, each looked at three plies deep on a few likely moves (the
mover's move, the opponent's most damaging answer, the mover's best follow-up), for a few
milliseconds a decision.

Between ``greedy`` (one ply: blind to what the opponent does next) and the search levels (a
quarter of a second and up): cheap enough for the hundreds of games a comparison plays, and it
still sees the answer that punishes a move and what the mover can make of the position after it.
Deterministic for a seed.
"""
from __future__ import annotations

import heapq
import math
from typing import Optional

from ..errors import VariantError
from .evaluation import WIN
from .policy import move_weights
from .simple import GREEDY_WIDTH, GreedyPlayer, try_moves

SHORTLIST = 3
"""Greedy's best this many moves are looked at deeper.  A longer list did not help: 12 moves (8
answers each) scored 50% against greedy in 40 games of one garden game where 3 scored 58%
(issue 40, with two plies)."""

REPLIES = 8
"""Answers tried after each of them: the most promising by the variant's playout weights.
Measured against greedy (issue 40), 24 answers to each of 2 moves scored no better than this
at up to three times the cost."""

FOLLOW_UPS = 8
"""The mover's moves tried after the most damaging answer (the most promising by the playout
weights).  Issue 40: with this third ply ``quick``'s mean score against greedy over eight
variants went from 58% to 64% on the same 40 games each (seeds 9001-9040)."""


RESCUES = 12
"""Where every shortlisted move loses in the look-ahead, at most this many further moves are
looked at for one that does not."""


class QuickPlayer(GreedyPlayer):
    """Score every candidate for one ply as greedy does; then, for the ``shortlist`` best:

    1. play the move (the rest of the mover's own turn, if it goes on, played by greedy's choice
       among a few likely moves);
    2. score up to ``replies`` answers (the opponent's most promising moves by the variant's
       playout weights, or drawn at random where it gives none) and take the one that leaves the
       mover worst off: two plies, as a check against the answer that punishes the move;
    3. after that answer, score up to ``follow_ups`` of the mover's own moves and take the best
       (all of them when every one of those few loses: the saving move may be an unlikely one):
       the position is judged by what the mover can make of it, not as it stands with the
       opponent's gain just made (a static evaluation of a position the opponent has just moved
       in over-rates the opponent's position);
    4. if that follow-up leaves a tile of the mover's where the opponent can take it (an answer
       that lands on a point the mover holds), the worst such answer is scored too, so that a
       take is not counted before its retake is seen.

    The move with the best value is kept.  When every shortlisted move loses this way, up to
    ``rescues`` further moves are looked at for one that does not (:meth:`rescue`).  Where the
    variant can tell a won turn cheaply (``paisho_quick_winning_moves``), a won turn is taken at
    once and an answer that wins one for the opponent counts as a loss.  A move after which a chance step follows, or the game ends,
    is worth its score at that point.  Where the variant hides tiles from the mover, everything
    happens in one determinization of the mover's observation, as greedy's does."""

    name = "quick"
    one_ply = False  # it sees the reply: the variant's one-ply value is not for it

    def __init__(self, seed=None, width: int = GREEDY_WIDTH, shortlist: Optional[int] = None,
                 replies: Optional[int] = None, follow_ups: Optional[int] = None,
                 rescues: int = RESCUES) -> None:
        super().__init__(seed, width)
        self.given = {"shortlist": shortlist, "replies": replies, "follow_ups": follow_ups}
        self.shortlist = SHORTLIST if shortlist is None else shortlist
        self.replies = REPLIES if replies is None else replies
        self.follow_ups = FOLLOW_UPS if follow_ups is None else follow_ups
        self.rescues = rescues
        self._widths_of: object = None

    def widths(self, game) -> None:
        """Set the widths for ``game``'s variant: those given to the constructor, else the
        variant's own (``paisho_look_ahead_widths``), else the module's defaults."""
        if self._widths_of is game.variant:
            return
        own = look_ahead_widths(game)
        defaults = {"shortlist": SHORTLIST, "replies": REPLIES, "follow_ups": FOLLOW_UPS}
        for key, value in self.given.items():
            setattr(self, key, value if value is not None else own.get(key, defaults[key]))
        self._widths_of = game.variant

    def choose(self, game):
        self.widths(game)
        chosen, wins, world, scored = self.opening(game)
        if chosen is not None:
            return chosen
        me = game.to_move
        best, best_value = scored[0][1], -math.inf
        for value, move in scored[:self.shortlist]:
            after = self.looked_ahead(world or game, move, me, value, wins is not None,
                                      by_text=world is not None)
            if after > best_value:
                best, best_value = move, after
        if best_value <= -WIN:
            return self.rescue(game, world, scored, wins is not None) or best
        return best

    def rescue(self, game, world, scored: list, tells_wins: bool):
        """Where every shortlisted move loses in the look-ahead: the first move that does not,
        looking further down greedy's list and then at the moves greedy did not score (those
        that do not lose at once, best first), at most ``rescues`` look-aheads; else the move
        with the best one-ply value of those that do not lose at once, or None."""
        me = game.to_move
        here = world or game
        by_text = world is not None
        tried = {m.text for _v, m in scored}
        unscored = [m for m in game.legal_moves() if m.text not in tried]
        more = sorted(((v, m) for v, m in try_moves(here, unscored, me, by_text=by_text)),
                      key=lambda vm: vm[0], reverse=True)
        pool = [(v, m) for v, m in scored[self.shortlist:] + more if v > -WIN]
        for value, move in pool[:self.rescues]:
            if self.looked_ahead(here, move, me, value, tells_wins, by_text=by_text) > -WIN:
                return move
        alive = [(v, m) for v, m in scored[:self.shortlist] if v > -WIN] + pool
        return max(alive, key=lambda vm: vm[0])[1] if alive else None

    def likely(self, game, moves: list, count: int | None = None) -> list:
        """The ``count`` (by default ``replies``) most promising of ``moves`` by the variant's
        playout weights (the first in the list among equals), or as many drawn at random
        without weights."""
        count = self.replies if count is None else count
        if len(moves) <= count:
            return moves
        weights = move_weights(game, moves)
        if weights is None:
            return self.rng.sample(moves, count)
        return [moves[i] for i in heapq.nlargest(count, range(len(moves)), key=weights.__getitem__)]

    def looked_ahead(self, game, move, me: str, value: float, tells_wins: bool,
                     by_text: bool = False) -> float:
        """The mover's evaluation after ``move`` and the plies the class describes; ``game``
        ends as it began."""
        auto, game.auto_chance = game.auto_chance, False
        depth = game.ply
        try:
            game.play(move.text if by_text else move)
            for _step in range(MAX_STEPS):
                if game.outcome is not None or game.chance_outcomes():
                    return value
                answers = game.legal_moves()
                if not answers:
                    return value
                if game.to_move == me:  # the turn goes on: greedy's step
                    value, step = max(try_moves(game, self.likely(game, answers), me),
                                      key=lambda vm: vm[0])
                    game.play(step)
                    continue
                if tells_wins and game.rules.quick_winning_moves(game):
                    return -WIN
                worst, answer = min(try_moves(game, self.likely(game, answers), me),
                                    key=lambda vm: vm[0])
                if not self.follow_ups or abs(worst) >= WIN:
                    return worst
                game.play(answer)
                return self.followed_up(game, me, worst)
            return value
        finally:
            while game.ply > depth:
                game.undo()
            game.auto_chance = auto

    def followed_up(self, game, me: str, worst: float) -> float:
        """Step 3 and 4 of the class: the mover's best follow-up in ``game`` (played on it;
        the caller takes everything back), checked against the opponent's takes after it;
        ``worst`` where the mover has no decision now.  Whose turn it is is asked before the
        list of moves, which is dear in some variants."""
        if game.outcome is not None or game.to_move != me or game.chance_outcomes():
            return worst
        mine = game.legal_moves()
        if not mine:
            return worst
        likely = self.likely(game, mine, self.follow_ups)
        best, step = max(try_moves(game, likely, me), key=lambda vm: vm[0])
        if best <= -WIN and len(likely) < len(mine):  # lost unless another move saves it
            rest = [m for m in mine if m not in likely]
            best, step = max([(best, step)] + list(try_moves(game, rest, me)), key=lambda vm: vm[0])
        if abs(best) >= WIN:
            return best
        game.play(step)
        if game.outcome is not None or game.to_move == me or game.chance_outcomes():
            return best
        held = game.state.owned[me]
        takes = [m for m in game.legal_moves() if m.dst >= 0 and (held >> m.dst) & 1]
        if not takes:
            return best
        return min(best, min(v for v, _m in try_moves(game, self.likely(game, takes), me)))


def look_ahead_widths(game) -> dict:
    """The variant's ``paisho_look_ahead_widths``, checked: {} where it gives none; a
    VariantError naming the hook and the key where a value is not a whole number from 1 to 64."""
    own = game.rules.look_ahead_widths(game)
    if own is None:
        return {}
    if not isinstance(own, dict):
        raise VariantError(f"paisho_look_ahead_widths of {game.variant.name} returned "
                           f"{type(own).__name__}, not a dict")
    for key, value in own.items():
        if key not in ("shortlist", "replies", "follow_ups"):
            raise VariantError(f"paisho_look_ahead_widths of {game.variant.name}: unknown key "
                               f"{key!r} (known: shortlist, replies, follow_ups)")
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 64:
            raise VariantError(f"paisho_look_ahead_widths of {game.variant.name}: {key} must be "
                               f"a whole number from 1 to 64, not {value!r}")
    return own


MAX_STEPS = 4
"""At most this many further steps of the mover's own turn are played before the answer."""
