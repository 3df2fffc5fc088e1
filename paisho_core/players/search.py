"""Monte Carlo tree search over decisions, for the search levels (``easy``, ``medium``, ``hard``).

- **Budget**: a number of iterations and/or seconds per decision, whichever ends first (with
  iterations alone a choice is reproducible from the seed).
- **Leaves** are scored by a few playout moves drawn from the variant's playout weights and then
  the variant's evaluation squashed to a win probability, or by the game's result.
- **Widening**: a node opens its moves one by one, most promising first by the playout weights,
  as its visits grow (``widen * sqrt(visits)`` children, ``root_width`` at the root), so a list
  of a thousand moves costs only the moves worth looking at.
- **Chance steps** are chance nodes: outcomes sampled by their probabilities on a copy that never
  draws for itself, so a draw is never known before it happens.
- **Hidden information**: every iteration searches a fresh determinization of the player's
  observation (:mod:`paisho_core.players.hidden`); moves are matched by their notation.
- **Transpositions and reuse**: where the game has a position key (``game.key``) nodes are shared
  by key; the tree is kept from one decision to the next and the search resumes under the
  position reached (not on hidden-information games, whose tree belongs to one observation).
"""
from __future__ import annotations

import math
import random
import time
from typing import Optional

from .evaluation import evaluate, squash
from .hidden import determinize, has_hidden_information
from .policy import playout_move, ranked
from .simple import GREEDY_WIDTH, Player, legal_or_fail

MAX_NODES = 200_000
"""The transposition table is dropped when it grows past this many positions."""


class Node:
    """A position in the tree: visits, the sum of the Host's win probability over them, and the
    edges already opened (``children``: notation -> (move, node)); ``order`` holds the moves not
    opened yet, least promising first."""

    __slots__ = ("children", "order", "visits", "value")

    def __init__(self) -> None:
        self.children: dict = {}
        self.order: Optional[list] = None
        self.visits = 0
        self.value = 0.0

    def mean_for(self, player: str) -> float:
        q = self.value / self.visits if self.visits else 0.5
        return q if player == "host" else 1.0 - q


class MCTSPlayer(Player):
    """UCT with progressive widening, chance nodes, determinization, transpositions and reuse."""

    name = "mcts"

    def __init__(self, seed=None, iterations: Optional[int] = None, seconds: Optional[float] = None,
                 c: float = 0.7, rollout: int = 0, widen: float = 2.0, root_width: int = 48,
                 reuse: bool = True, max_depth: int = 60, greedy_width: int = GREEDY_WIDTH) -> None:
        if iterations is None and seconds is None:
            iterations = 200
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.widen = widen
        self.root_width = root_width
        self.reuse = reuse
        self.max_depth = max_depth
        self.greedy_width = greedy_width
        self.last_stats: dict = {}
        self._table: dict = {}
        self._kept: Optional[tuple] = None  # (root node, history texts at that root)

    # -- one decision ------------------------------------------------------------------------
    def choose(self, game):
        moves = legal_or_fail(game)
        if len(moves) == 1:
            return moves[0]
        me = game.to_move
        hidden = has_hidden_information(game, me)
        root, reused = self._root(game, hidden)
        start = time.perf_counter()
        base = game.copy()
        base.auto_chance = False
        depth0 = base.ply
        n = 0
        if root.order is None and not hidden:
            stop = None if self.seconds is None else start + self.seconds / 2
            n += self._open_root(base, root, moves, stop)
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if self.seconds is not None and time.perf_counter() - start >= self.seconds:
                break
            g = determinize(game, me, self.rng) if hidden else None
            if g is None:
                g = base
            self._iterate(g, root, hidden)
            if g is base:
                while base.ply > depth0:
                    base.undo()
            n += 1
        legal = {m.text: m for m in moves}
        best = None
        for text, (_move, child) in root.children.items():
            if text in legal and child.visits:
                rank = (child.visits, child.mean_for(me))
                if best is None or rank > best[0]:
                    best = (rank, text)
        self.last_stats = {"iterations": n, "seconds": round(time.perf_counter() - start, 3),
                           "children": len(root.children), "reused_visits": reused}
        if best is None:
            return self.rng.choice(moves)
        if not hidden and self.reuse:
            self._kept = (root, [m.text for m in game.moves])
        return legal[best[1]]

    def _root(self, game, hidden: bool) -> tuple[Node, int]:
        """The node to search from: the kept tree's node for this position if there is one."""
        if hidden or not self.reuse:
            self._table.clear()
            self._kept = None
            return Node(), 0
        if len(self._table) > MAX_NODES:
            self._table.clear()
            self._kept = None
        key = getattr(game, "key", None)
        node = self._table.get(key) if key is not None else None
        if node is None and self._kept is not None:
            node, texts = self._kept
            played = [m.text for m in game.moves]
            if played[:len(texts)] == texts:
                for text in played[len(texts):]:
                    edge = node.children.get(text)
                    if edge is None:
                        node = None
                        break
                    node = edge[1]
            else:
                node = None
        if node is None:
            self._table.clear()
            node = Node()
            if key is not None:
                self._table[key] = node
        return node, node.visits

    def _open_root(self, base, root: Node, moves: list, stop: Optional[float] = None) -> int:
        """Open every root move (on long lists the ``greedy_width`` most promising by the
        playout weights) and score it once, as greedy would: the search starts from greedy's
        ranking and spends its budget telling the best few apart.  With a time budget the
        opening stops at ``stop`` (half the budget); the moves left open later, most promising
        first.  Returns the evaluations made."""
        ranked_moves = ranked(base, moves, self.rng)
        opened: list = []
        start = base.ply
        for move in ranked_moves[:self.greedy_width]:
            if opened and stop is not None and time.perf_counter() >= stop:
                break
            opened.append(move)
            base.play(move)
            child = self._node_for(base, False)
            value = self._leaf_value(base) if not child.visits else child.value / child.visits
            while base.ply > start:
                base.undo()
            root.children[move.text] = (move, child)
            self._backup([root, child], value)
        rest = ranked_moves[len(opened):]
        root.order = rest[::-1]
        return len(opened)

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(self, g, root: Node, hidden: bool = False) -> None:
        node = root
        path = [root]
        rng = self.rng
        for _depth in range(self.max_depth):
            if g.outcome is not None:
                break
            chance = g.chance_outcomes()
            if chance:
                move = rng.choices([m for m, _p in chance], [p for _m, p in chance])[0]
                edge = node.children.get(move.text)
                if edge is None:
                    edge = node.children[move.text] = (move, Node())
                g.play(edge[0] if edge[0].text == move.text else move)
                node = edge[1]
                path.append(node)
                continue
            mover = g.to_move
            legal = g.legal_moves()
            if node.order is None:
                node.order = ranked(g, legal, rng)[::-1]
            elif hidden:
                self._reconcile(node, legal)
            limit = self.root_width if node is root else 1
            limit = max(limit, math.ceil(self.widen * math.sqrt(node.visits + 1)))
            while node.order and len(node.children) < limit:
                move = node.order.pop()
                if move.text in node.children:
                    continue
                g.play(move)
                child = self._node_for(g, hidden)
                node.children[move.text] = (move, child)
                path.append(child)
                if child.visits:  # a transposition into a known position: its statistics stand
                    self._backup(path, child.value / child.visits)
                else:
                    self._backup(path, self._leaf_value(g))
                return
            best = self._select(node, mover, legal if hidden else None)
            if best is None:
                break
            g.play(best[0])
            node = best[1]
            path.append(node)
        self._backup(path, self._leaf_value(g))

    def _node_for(self, g, hidden: bool) -> Node:
        key = None if hidden else getattr(g, "key", None)
        if key is None:
            return Node()
        node = self._table.get(key)
        if node is None:
            node = self._table[key] = Node()
        return node

    def _select(self, node: Node, mover: str, legal: Optional[list]):
        allowed = None if legal is None else {m.text for m in legal}
        log_n = math.log(node.visits + 1)
        best, best_score = None, -1.0
        for text, edge in node.children.items():
            if allowed is not None and text not in allowed:
                continue
            child = edge[1]
            if not child.visits:
                return edge
            score = child.mean_for(mover) + self.c * math.sqrt(log_n / child.visits)
            if score > best_score:
                best, best_score = edge, score
        return best

    @staticmethod
    def _reconcile(node: Node, legal: list) -> None:
        """A determinized game may offer other moves than the one that built this node: keep
        the unopened moves legal here and add the new ones (least promising end)."""
        known = {m.text for m in legal}
        kept = [m for m in node.order or () if m.text in known]
        waiting = {m.text for m in kept}
        node.order = [m for m in legal if m.text not in node.children and m.text not in waiting] + kept

    def _leaf_value(self, g) -> float:
        """Win probability for the Host after up to ``rollout`` playout moves."""
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
            g.play(playout_move(g, moves, self.rng))
        if g.outcome is not None:
            w = g.outcome.winner
            return 0.5 if w is None else (1.0 if w == "host" else 0.0)
        return squash(evaluate(g, "host"))

    @staticmethod
    def _backup(path: list, host_value: float) -> None:
        for node in path:
            node.visits += 1
            node.value += host_value
