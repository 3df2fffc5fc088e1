"""The players that do not search: ``random`` and ``greedy`` (one ply)."""
from __future__ import annotations

import random

from .. import PaishoError
from .evaluation import evaluate
from .hidden import determinize, has_hidden_information
from .policy import move_weights
from ..variant.hooks import implemented

GREEDY_WIDTH = 24
"""On a longer list greedy tries only this many moves (:func:`preselect`): playing and scoring a
move is most of a decision's cost, and a wider list bought no strength against random (see the
players' note: 24 keeps greedy's score while cutting its time per decision 3-5 times)."""


class Player:
    """Base class: ``choose(game)`` returns one legal move for the decision pending in ``game``,
    made for ``game.to_move``.  ``name`` is the level it was made as."""

    name = "player"
    last_stats: dict | None = None
    """What the last ``choose`` found (searching players fill it in; the engine reports it)."""

    def choose(self, game):  # pragma: no cover - interface
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def legal_or_fail(game) -> list:
    moves = game.legal_moves()
    if not moves:
        raise PaishoError("no legal move to choose")
    return moves


class RandomPlayer(Player):
    """Uniformly random legal moves, from a seeded generator."""

    name = "random"

    def __init__(self, seed=None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game):
        return self.rng.choice(legal_or_fail(game))


class GreedyPlayer(Player):
    """One ply: play each candidate move, score the result for the mover, keep the best (ties
    broken by a seeded generator).

    The moves are tried on the game itself, each played and taken back (the caller's game is
    left exactly as it was), or, where the variant hides something from the mover, in one
    determinization of the mover's observation dealt once per decision.  A draw that follows a
    move is not looked at: the position is scored before it, so nothing unknown is used.  The
    candidates are chosen once per decision (:meth:`candidates`): every move on a list of at
    most ``width``; on a longer one half the width from the most promising by the variant's
    playout weights and the other half drawn from the rest in proportion to their weights."""

    name = "greedy"
    one_ply = True
    """Whether the variant's ``paisho_one_ply_value`` is added to the scores (a player that
    looks no further than its own move)."""

    def __init__(self, seed=None, width: int = GREEDY_WIDTH) -> None:
        self.rng = random.Random(seed)
        self.width = width

    def candidates(self, game, moves: list) -> list:
        return preselect(game, moves, self.width, self.rng)

    def world(self, game):
        """The game greedy looks at for the mover: a determinization of the mover's observation
        where the variant hides something from them, else None (the game itself)."""
        me = game.to_move
        return determinize(game, me, self.rng) if has_hidden_information(game, me) else None

    def scored(self, game, world=False) -> list:
        """``[(score, move)]`` for the moves tried, best first (in ``world``, by default one
        dealt now)."""
        me = game.to_move
        moves = game.legal_moves()
        if world is False:
            world = self.world(game)
        out = []
        for value, move in try_moves(world or game, self.candidates(game, moves), me,
                                     by_text=world is not None, one_ply=self.one_ply):
            out.append((value, self.rng.random(), move))
        out.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(s, m) for s, _r, m in out]

    def opening(self, game) -> tuple:
        """What greedy and the levels built on it do first: ``(move, None, None, None)`` when
        the choice is made (a single legal move, a won turn), else ``(None, wins, world,
        scored)``: the cheap won-turn answer, the world dealt, the moves scored best first."""
        moves = legal_or_fail(game)
        if len(moves) == 1:
            return moves[0], None, None, None
        wins, win = won_turn(game, moves)
        if win is not None:
            return win, None, None, None
        world = self.world(game)
        return None, wins, world, self.scored(game, world)

    def choose(self, game):
        chosen, wins, world, scored = self.opening(game)
        if chosen is not None:
            return chosen
        if wins is None:
            return scored[0][1]
        return guarded(world or game, [m for _s, m in scored[:GUARD_MOVES]], game.to_move)


def won_turn(game, moves: list) -> tuple:
    """``(wins, win)``: the variant's cheap answer (``quick_winning_moves``: the board and the
    mover's own tiles only; None where it cannot tell cheaply) and the first of ``moves`` it
    names, or None."""
    wins = game.rules.quick_winning_moves(game)
    if not wins:
        return wins, None
    legal = {m.text: m for m in moves}
    return wins, next((legal[m.text] for m in wins if m.text in legal), None)


GUARD_MOVES = 4
"""Where the variant can tell a won turn cheaply (``paisho_quick_winning_moves``), greedy checks
at most this many of its best moves, best first, against the opponent's win in the turn that
follows."""


def hands_over_win(game, move, me: str) -> bool:
    """Whether after ``move`` (played on ``game`` and taken back) the turn passes to the
    opponent, no chance step between, and the opponent can win in that turn
    (``quick_winning_moves``, which reads the board and the opponent's own tiles: ask it of a
    determinization where tiles are hidden from the mover)."""
    auto, game.auto_chance = game.auto_chance, False
    depth = game.ply
    try:
        game.play(move)
        if game.outcome is not None or game.to_move == me or game.chance_outcomes():
            return False
        return bool(game.rules.quick_winning_moves(game))
    finally:
        while game.ply > depth:
            game.undo()
        game.auto_chance = auto


def guarded(game, moves: list, me: str):
    """The first of ``moves`` (best first) after which the opponent has no win in the turn that
    follows (:func:`hands_over_win`, asked of ``game``: the game itself, or the determinization
    greedy scored the moves in, where they are matched by notation); the first of them if
    every one hands a win over."""
    legal = {m.text: m for m in game.legal_moves()}
    for move in moves:
        here = legal.get(move.text)
        if here is not None and not hands_over_win(game, here, me):
            return move
    return moves[0]


def preselect(game, moves: list, width: int, rng: random.Random) -> list:
    """At most ``width`` of ``moves`` worth trying: all of a short list (or of one the variant
    gives no weights for); else half the width the most promising by the playout weights (ties
    in a seeded random order) and the rest drawn without replacement in proportion to weight."""
    return split_candidates(game, moves, width, rng)[0]


def split_candidates(game, moves: list, width: int, rng: random.Random,
                     whole_without_weights: bool = True, ranked: bool = False) -> tuple[list, list]:
    """``(chosen, rest)``: :func:`preselect`'s choice, and the other moves in the order a further
    draw would take them (most promising first).  Without weights the whole list is chosen, or
    with ``whole_without_weights=False`` a seeded shuffle is cut at ``width``.  The chosen keep
    the list's order, or with ``ranked`` come most promising first (the heaviest half by weight,
    then the drawn ones in the order drawn), for a caller that may stop before scoring them all."""
    if len(moves) <= width:
        return moves, []
    weights = move_weights(game, moves)
    if weights is None:
        if whole_without_weights:
            return moves, []
        shuffled = list(moves)
        rng.shuffle(shuffled)
        return shuffled[:width], shuffled[width:]
    order = sorted(range(len(moves)), key=lambda i: (-weights[i], rng.random()))
    top = (width + 1) // 2
    chosen = order[:top]
    rest = order[top:]
    # weighted sampling without replacement: the largest u ** (1 / w) keys (Efraimidis-Spirakis)
    keyed = sorted(rest, key=lambda i: -(rng.random() ** (1.0 / weights[i])) if weights[i] > 0 else 1.0)
    chosen += keyed[:width - top]
    return [moves[i] for i in (chosen if ranked else sorted(chosen))], [moves[i] for i in keyed[width - top:]]


def try_moves(game, moves: list, player: str, by_text: bool = False, one_ply: bool = False):
    """``(evaluation for player, move)`` after each of ``moves``, each played on ``game`` and
    taken back (chance steps are not drawn meanwhile); ``game`` ends as it began.  With
    ``by_text`` the moves are played by their notation (they belong to another game); with
    ``one_ply`` the variant's ``paisho_one_ply_value`` is added to each running game's score
    (greedy's choice, never the search's)."""
    extra = game.rules.one_ply_value if one_ply and implemented(game.rules.one_ply_value) else None
    auto, game.auto_chance = game.auto_chance, False
    depth = game.ply
    try:
        for move in moves:
            game.play(move.text if by_text else move)
            value = evaluate(game, player)
            if extra is not None and game.outcome is None:
                value += extra(game, player) or 0.0
            yield value, move
            game.undo()
    finally:
        while game.ply > depth:
            game.undo()
        game.auto_chance = auto
