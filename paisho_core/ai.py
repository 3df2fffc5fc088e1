"""Computer players, generic over the public game API: ``random``, ``greedy`` and ``mcts``.

A player is an object with ``choose(game) -> Move`` for the decision pending in ``game``, made
for ``game.to_move``.  Nothing here knows a variant: moves come from ``game.legal_moves()``,
positions are scored by the variant's ``paisho_evaluate`` hook when it answers (called once per
evaluated position through ``game.rules.evaluate``) and otherwise by :func:`generic_evaluation`
(harmonies, tiles on the board, scores, and the outcome).

Chance steps (draws) are chance nodes: the players search on copies with ``auto_chance`` off, so
a draw is never known before it happens; the tree samples ``game.chance_outcomes()`` by their
probabilities.  Hidden information: see :func:`determinize`.

    from paisho_core import new_game
    from paisho_core.ai import make_player
    game = new_game(name, seed=1)   # any registered variant
    bot = make_player("mcts", seed=3, iterations=200)
    game.play(bot.choose(game))
"""
from __future__ import annotations

import math
import random
import time
from typing import Optional

from .errors import PaishoError
from .tiles import PLAYERS, other

PLAYER_KINDS = ("random", "greedy", "mcts")

WIN = 1000.0
"""What a won game is worth to the generic evaluation (a loss is -WIN, a draw 0)."""


# -- evaluation ---------------------------------------------------------------------------------

def generic_evaluation(game, player: str) -> float:
    """A variant-free score of the position for ``player`` (larger is better, 0 even).

    The outcome dominates; then each harmony counts 1 for its owner(s) and 1 more if it crosses a
    midline (the usual tie-break of the garden games), each tile on the board 0.25, and a
    variant's running scores (``state.scores``) 0.5 a point.  Only public facts are read.
    """
    st = game.state
    opp = other(player)
    if st.outcome is not None:
        if st.outcome.winner == player:
            return WIN
        if st.outcome.winner == opp:
            return -WIN
        return 0.0
    value = 0.0
    from .render import harmonies_of

    for h in harmonies_of(game):
        worth = 2.0 if h.crosses_midline else 1.0
        owners = h.owners or (h.owner,)
        if player in owners:
            value += worth
        if opp in owners:
            value -= worth
    value += 0.25 * (st.owned[player].bit_count() - st.owned[opp].bit_count())
    if st.scores:
        value += 0.5 * (st.scores.get(player, 0) - st.scores.get(opp, 0))
    return value


def evaluate(game, player: str) -> float:
    """The variant's evaluation if it supplies one (``paisho_evaluate``), else the generic one."""
    st = game.state
    if st.outcome is not None:
        return generic_evaluation(game, player)
    value = game.rules.evaluate(game, player)
    if value is None:
        return generic_evaluation(game, player)
    return float(value)


def _squash(value: float, scale: float = 4.0) -> float:
    """An evaluation as a win probability in [0, 1]."""
    if value >= WIN:
        return 1.0
    if value <= -WIN:
        return 0.0
    return 0.5 + 0.5 * math.tanh(value / scale)


def result_for(game, player: str) -> float:
    """1, 0.5 or 0 for a finished game; an unfinished (capped) game counts by the evaluation:
    above 0 a win, below a loss, 0 a draw."""
    if game.outcome is not None:
        w = game.outcome.winner
        return 0.5 if w is None else (1.0 if w == player else 0.0)
    e = evaluate(game, player)
    return 1.0 if e > 0 else 0.0 if e < 0 else 0.5


# -- hidden information -------------------------------------------------------------------------

def has_hidden_information(game, player: str) -> bool:
    """True if the variant hides something from ``player`` in the current position."""
    return game.rules.observation(game, player) is not None


def determinize(game, player: str, rng: random.Random):
    """A game consistent with what ``player`` sees, the hidden tiles dealt at random.

    Reads only ``game.observation(player)``.  The observation names each hidden pile and its size
    in ``hidden`` (``{"reserves.host": 7}`` or ``{"piles.hand.host": 3}``); the tiles that may be
    there are the observation's ``unseen`` counts if it gives them, else the full set less
    every tile the observation shows.  Returns None when the observation does not follow this
    shape (the caller then searches the true position: a documented limitation).
    """
    from . import from_position

    view = game.observation(player)
    hidden = view.get("hidden")
    if not isinstance(hidden, dict) or not hidden:
        return None
    try:
        unseen = dict(view.get("unseen") or {})
        if not unseen:
            fresh = _fresh(game)
            full: dict = {}
            for _i, tile in fresh.state.tiles():
                full[tile.code] = full.get(tile.code, 0) + 1
            for per in fresh.state.piles.values():
                for p, pile in per.items():
                    if p in hidden_players(hidden):
                        for c, n in pile.items():
                            full[c] = full.get(c, 0) + n
            seen: dict = {}
            for e in view["board"]:
                if e["owner"] in hidden_players(hidden):
                    seen[e["tile"]] = seen.get(e["tile"], 0) + 1
            for name, per in [("reserve", view.get("reserves", {}))] + list((view.get("piles") or {}).items()):
                for p, pile in per.items():
                    if p in hidden_players(hidden):
                        for c, n in pile.items():
                            seen[c] = seen.get(c, 0) + n
            unseen = {c: n - seen.get(c, 0) for c, n in full.items() if n > seen.get(c, 0)}
        bag = [c for c, n in sorted(unseen.items()) for _ in range(n)]
        data = {k: v for k, v in view.items()
                if k in ("variant", "options", "seed", "to_move", "phase", "turn", "board",
                         "reserves", "piles", "scores", "pending")}
        data["seed"] = rng.randrange(10**9)
        for path, size in hidden.items():
            parts = path.split(".")
            target = data
            for key in parts[:-1]:
                target = target.setdefault(key, {})
            rng.shuffle(bag)
            dealt: dict[str, int] = {}
            for c in bag[:int(size)]:
                dealt[c] = dealt.get(c, 0) + 1
            del bag[:int(size)]
            target[parts[-1]] = dealt
        g = from_position(data)
        g.auto_chance = False
        return g
    except (PaishoError, KeyError, TypeError, ValueError, AttributeError):
        return None


_FRESH: dict = {}


def _fresh(game):
    """The starting position of the game's variant and options (cached): the full tile set."""
    from . import new_game

    key = (id(game.variant), repr(sorted(game.options.items())))
    if key not in _FRESH:
        _FRESH[key] = new_game(game.variant, options=game.options, seed=0)
    return _FRESH[key]


def hidden_players(hidden: dict) -> set:
    return {p for path in hidden for p in PLAYERS if path.split(".")[-1] == p}


# -- players ------------------------------------------------------------------------------------

class Player:
    """Base class: ``choose(game)`` returns one legal move for the pending decision."""

    name = "player"

    last_stats: dict | None = None
    """What the last ``choose`` found (searching players fill it in; the engine reports it)."""

    def choose(self, game):  # pragma: no cover - interface
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name


class RandomPlayer(Player):
    """Uniformly random legal moves, from a seeded generator."""

    name = "random"

    def __init__(self, seed=None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game):
        moves = game.legal_moves()
        if not moves:
            raise PaishoError("no legal move to choose")
        return self.rng.choice(moves)


class GreedyPlayer(Player):
    """One ply: play each legal move on a copy, score the result for the mover, keep the best
    (ties broken by a seeded generator).  A draw that follows a move is not looked at: the
    position is scored before it, so nothing unknown is used."""

    name = "greedy"

    def __init__(self, seed=None) -> None:
        self.rng = random.Random(seed)

    def scored(self, game) -> list:
        """``[(score, move)]`` for every legal move, best first."""
        me = game.to_move
        trial = game.copy()
        trial.auto_chance = False
        out = []
        for move in game.legal_moves():
            trial.play(move)
            out.append((evaluate(trial, me), self.rng.random(), move))
            trial.undo()
        out.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(s, m) for s, _r, m in out]

    def choose(self, game):
        moves = game.legal_moves()
        if not moves:
            raise PaishoError("no legal move to choose")
        if len(moves) == 1:
            return moves[0]
        return self.scored(game)[0][1]


class _Node:
    __slots__ = ("move", "mover", "children", "untried", "visits", "value")

    def __init__(self, move=None, mover=None) -> None:
        self.move = move
        self.mover = mover
        self.children: dict = {}
        self.untried: list | None = None
        self.visits = 0
        self.value = 0.0


class MCTSPlayer(Player):
    """UCT over decisions, with chance steps as chance nodes (outcomes sampled by probability).

    Budget: ``iterations`` and/or ``seconds`` (whichever ends first; with iterations alone the
    choice is reproducible from ``seed``).  A leaf is scored by ``rollout`` random decisions
    followed by the evaluation squashed to a win probability, or by the game's result.
    On hidden-information variants each iteration searches a fresh determinization of the
    player's observation (see :func:`determinize`).
    """

    name = "mcts"

    def __init__(self, seed=None, iterations: Optional[int] = None, seconds: Optional[float] = None,
                 c: float = 1.0, rollout: int = 0) -> None:
        if iterations is None and seconds is None:
            iterations = 200
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.last_stats = {}

    def choose(self, game):
        moves = game.legal_moves()
        if not moves:
            raise PaishoError("no legal move to choose")
        if len(moves) == 1:
            return moves[0]
        me = game.to_move
        hidden = has_hidden_information(game, me)
        root = _Node()
        start = time.perf_counter()
        n = 0
        base = game.copy()
        base.auto_chance = False
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if self.seconds is not None and time.perf_counter() - start >= self.seconds:
                break
            g = None
            if hidden:
                g = determinize(game, me, self.rng)
            if g is None:
                g = base.copy()
            self._iterate(g, root, hidden)
            n += 1
        by_text = {str(m): m for m in moves}
        best = max(root.children.values(), key=lambda ch: (ch.visits, ch.value), default=None)
        self.last_stats = {"iterations": n, "seconds": round(time.perf_counter() - start, 3),
                           "children": len(root.children)}
        if best is None or str(best.move) not in by_text:
            return self.rng.choice(moves)
        return by_text[str(best.move)]

    def _iterate(self, g, root: _Node, hidden: bool = False) -> None:
        node = root
        path = [root]
        rng = self.rng
        while g.outcome is None:
            chance = g.chance_outcomes()
            if chance:
                weights = [p for _m, p in chance]
                move = rng.choices([m for m, _p in chance], weights)[0]
                child = node.children.get(str(move))
                if child is None:
                    child = node.children[str(move)] = _Node(move, None)
                g.play(move)
                node = child
                path.append(node)
                continue
            mover = g.to_move
            legal = g.legal_moves()
            if node.untried is None:
                untried = list(legal)
                rng.shuffle(untried)
                node.untried = untried
            # a determinized game may offer other moves than the one that built this node: the
            # node's untried moves are checked against the game in hand, and new ones added
            if hidden:
                known = {str(m) for m in legal}
                kept = [m for m in node.untried if str(m) in known]
                waiting = {str(u) for u in kept}
                node.untried = kept + [m for m in legal
                                       if str(m) not in node.children and str(m) not in waiting]
            while node.untried:
                move = node.untried.pop(rng.randrange(len(node.untried))) if hidden else node.untried.pop()
                if str(move) in node.children:
                    continue
                child = node.children[str(move)] = _Node(move, mover)
                g.play(move)
                path.append(child)
                self._backup(path, self._leaf_value(g))
                return
            if not node.children:
                break
            legal = {str(m) for m in legal}
            log_n = math.log(node.visits + 1)
            best, best_score = None, -1.0
            for key, ch in node.children.items():
                if key not in legal:
                    continue
                if ch.visits == 0:
                    score = float("inf")
                else:
                    score = ch.value / ch.visits + self.c * math.sqrt(log_n / ch.visits)
                if score > best_score:
                    best, best_score = ch, score
            if best is None:
                break
            g.play(best.move)
            node = best
            path.append(node)
        self._backup(path, self._leaf_value(g))

    def _leaf_value(self, g) -> float:
        """Win probability for the host."""
        for _ in range(self.rollout):
            if g.outcome is not None:
                break
            chance = g.chance_outcomes()
            if chance:
                g.play(self.rng.choices([m for m, _ in chance], [p for _, p in chance])[0])
                continue
            moves = g.legal_moves()
            if not moves:
                break
            g.play(self.rng.choice(moves))
        if g.outcome is not None:
            w = g.outcome.winner
            return 0.5 if w is None else (1.0 if w == "host" else 0.0)
        return _squash(evaluate(g, "host"))

    @staticmethod
    def _backup(path, host_value: float) -> None:
        for node in path:
            node.visits += 1
            if node.mover == "host":
                node.value += host_value
            elif node.mover == "guest":
                node.value += 1.0 - host_value


def make_player(kind: str, seed=None, seconds: Optional[float] = None,
                iterations: Optional[int] = None) -> Player:
    """A computer player by name: ``random``, ``greedy`` or ``mcts`` (``mcts:500`` gives an
    iteration budget)."""
    kind, _, budget = kind.partition(":")
    if budget:
        try:
            iterations = int(budget)
        except ValueError:
            raise PaishoError(f"bad budget {budget!r} in {kind}:{budget} (a number of iterations)") from None
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind == "mcts":
        return MCTSPlayer(seed, iterations=iterations, seconds=seconds)
    raise PaishoError(f"unknown player {kind!r} (known: human, {', '.join(PLAYER_KINDS)})")


def play_game(game, players: dict, max_plies: Optional[int] = None, on_move=None):
    """Play ``game`` to its end (or ``max_plies`` decisions) with ``players[side]`` choosing.

    Chance steps are drawn by the game itself.  Returns the game."""
    plies = 0
    while game.outcome is None:
        if max_plies is not None and plies >= max_plies:
            break
        chance = game.chance_outcomes()
        if chance:
            game.play(game.sample_chance(chance))
            continue
        if not game.legal_moves():
            break
        move = players[game.to_move].choose(game)
        game.play(move)
        plies += 1
        if on_move:
            on_move(game, move)
    return game
