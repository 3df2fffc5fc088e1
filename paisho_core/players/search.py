"""Monte Carlo tree search over decisions, for the search levels (``easy``, ``medium``, ``hard``).

- **Budget**: a number of iterations and/or seconds per decision, whichever ends first (with
  iterations alone a choice is reproducible from the seed).  Seconds are wall-clock by default;
  ``clock=time.process_time`` counts the process's CPU time instead (benchmarks on a loaded
  machine).  The seconds count the whole decision, and every scoring of moves stops when they
  are spent (the root's first one at half of them), the moves not scored waiting with the rest:
  an iteration that opens a node or scores a batch near the end overruns by one evaluation, not
  by a batch of them.  Against a clock the most promising moves are scored first, and the root's
  first scoring takes at least as many moves as greedy looks at, so a search starved of time (a
  slow or busy machine) still plays as well as greedy.
- **Expansion**: a node is opened once, the first time an iteration reaches it: each candidate
  move is played on the game, the position after it scored by the variant's evaluation for the
  searching player (at every depth: the opponent minimises it), and taken back, as greedy does
  (the candidates are greedy's: all of a list of at most ``width`` moves, else a preselection
  by the playout weights, ``root_width`` at the root).  The
  moves are kept best first with that score, squashed around the evaluation of the root, as
  their prior; one iteration opens one node.
- **Values**: each node keeps the mean of the win probabilities backed up through it and a
  minimax value over the evaluated frontier below it (the best prior or deeper value for the
  player to move); selection blends the two (``minimax`` the weight of the second) and adds the
  UCT exploration term, over the ``widen * sqrt(visits)`` best-ranked moves (progressive
  widening), so a list of a thousand moves costs only the moves worth looking at.  A move
  whose minimax value is already a loss for its mover (refuted: below it a reply after which
  every scored move loses) leaves its place in that window to the next move, is walked into only
  when every move is refuted, and is chosen at the end only if every visited move is (else the
  most visited move that is not).  Waiting moves are scored a batch at a time as visits grow
  (the root every other visit, below it after 3, 9, 27, ... visits).  A walk that meets a
  position already on its path (a repetition) stops there.  A finished game is worth 1 or 0 if
  won or lost; a drawn one is an evaluation of 0 squashed like any other position (below 1/2 for
  a player who stood better at the root), the same value its move's prior gave it.
- **Chance steps** are chance nodes: outcomes sampled by their probabilities on a copy that never
  draws for itself, so a draw is never known before it happens.
- **Hidden information**: every iteration searches a fresh determinization of the player's
  observation (:mod:`paisho_core.players.hidden`: dealt by the variant's deal weights where it
  gives them); moves are matched by their notation.  Moves
  legal in this deal that the node has never seen are preselected as at its opening (the
  ``width`` most promising scored and added, the rest waiting), and waiting moves are scored in
  batches as above, taking only those legal in the deal at hand.  A node counts the deals that
  reached it (by the set of moves legal in each), and its minimax value is its mover's best
  move within each deal, averaged over them: the best over every deal's moves at once would
  credit an opponent with every hand dealt so far, more of them with every iteration.  A line
  of play that ends the game in the deal at hand may not in others (the opponent completes the
  objective of the tile dealt to it): it is weighed in worlds dealt once a decision
  (:mod:`paisho_core.players.dealt_ends`), and the end counts by the share of them it ends, the
  rest by the position reached (where the line goes on, the node is searched as any other and
  its value mixed with the end by that share, on every walk through it).  An end in every world
  counts as an end, as without hidden information.
- **Won turns**, where the variant can tell them (``paisho_winning_moves``, from the board and
  the mover's own tiles): a move that starts a turn the mover wins is played at once, unsearched;
  and where the moves hand the turn over, the most visited root moves are checked, best first,
  against the opponent's win in the turn that follows (in ``GUARD_DEALS`` worlds dealt from
  the player's observation when tiles are hidden), and the first that hands over none is
  played, else the least threatening.  The checks have the last ``GUARD_SHARE`` of the
  decision's time, the first whatever the clock.  A variant that cannot tell is searched as
  before, to the move.
- **Transpositions and reuse**: where the game has a position key (``game.key``) nodes are shared
  by key; the tree is kept from one decision to the next and the search resumes under the
  position reached (not on hidden-information games, whose tree belongs to one observation).
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable, Optional

from .dealt_ends import DealtEnds
from .evaluation import evaluate, squash
from .hidden import Dealer, has_hidden_information
from .policy import playout_move
from .simple import GREEDY_WIDTH, Player, legal_or_fail, split_candidates, try_moves

MAX_NODES = 200_000
"""The transposition table is dropped when it grows past this many positions."""

GUARD_SHARE = 0.2
"""The share of a decision's time kept, where the variant can tell a won turn
(``paisho_winning_moves``), to check the chosen move against the opponent's win next turn."""

GUARD_MOVES = 4
"""At most this many of the best root moves are checked against the opponent's win."""

GUARD_DEALS = 2
"""Worlds dealt from a hidden-information observation to check one move in."""

RECENTRE = 1.0
"""A kept tree is dropped when the root's evaluation has moved further than this from the centre
its values were squashed around."""


def _host_value(value: float, player: str, centre: float = 0.0) -> float:
    """An evaluation for ``player`` as the Host's win probability, squashed around ``centre``
    (the searcher's evaluation of the root: see ``MCTSPlayer._centre``)."""
    p = squash(value - centre)
    return p if player == "host" else 1.0 - p


def _lost(host_mm: float, player: str) -> bool:
    """Whether a minimax value (the Host's) is a loss for ``player``: the search has found, below
    the move, a reply after which every move it scored loses (or an evaluation off the squash's
    scale).  Such a move is never chosen over one not refuted, and makes way for the next move in
    the widening window."""
    return host_mm <= 0.0 if player == "host" else host_mm >= 1.0


def _hands_over(g, move, me: str) -> bool:
    """Whether ``move`` ends ``me``'s turn on ``g`` (played and taken back): the opponent is to
    decide next, no chance step between."""
    g.play(move)
    try:
        return g.outcome is None and g.to_move != me and not g.chance_outcomes()
    finally:
        g.undo()


def _main_line_depth(root: "Node") -> int:
    """Plies along the most visited line below ``root`` (how far the search looked ahead)."""
    depth, node, seen = 0, root, set()
    while node.children and id(node) not in seen:
        seen.add(id(node))
        visited = [child for _move, child in node.children.values() if child.visits]
        if not visited:
            break
        node = max(visited, key=lambda child: child.visits)
        depth += 1
    return depth


class Node:
    """A position in the tree: visits, the sum of the Host's win probability over them, the
    Host's minimax value ``mm`` over the evaluated frontier below, the player to move
    (``mover``, None at a chance step or before the node is opened), the edges with a node
    (``children``: notation -> (move, node)), and ``order``: the moves scored when the node was
    opened, ``[notation, move, Host prior]`` best first for the mover (None until opened);
    ``rest``: the moves left unscored, scored a batch at a time as the node's visits grow."""

    __slots__ = ("children", "order", "rest", "visits", "value", "mm", "mover", "batches", "deals", "known",
                 "end")

    def __init__(self, mm: float = 0.5) -> None:
        self.children: dict = {}
        self.order: Optional[list] = None
        self.rest: list = []  # candidate moves not scored yet, next first
        self.visits = 0
        self.value = 0.0
        self.mm = mm
        self.mover: Optional[str] = None
        self.batches = 0  # waiting candidates scored since the node was opened, in batches
        self.deals: Optional[dict] = None  # hidden information: legal move texts -> visits
        self.known: Optional[set] = None  # hidden information: the texts in order and rest
        self.end: Optional[tuple] = None  # hidden information: (share of worlds ended, Host value)

    def mean_for(self, player: str) -> float:
        q = self.value / self.visits if self.visits else self.mm
        return q if player == "host" else 1.0 - q


class MCTSPlayer(Player):
    """Best-first UCT with evaluated expansion, implicit minimax values, progressive widening,
    chance nodes, determinization, transpositions and reuse."""

    name = "mcts"

    def __init__(self, seed=None, iterations: Optional[int] = None, seconds: Optional[float] = None,
                 c: float = 0.4, rollout: int = 0, widen: float = 1.5, root_width: int = 64,
                 width: int = 32, minimax: float = 0.5, reuse: bool = True, max_depth: int = 60,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        if iterations is None and seconds is None:
            iterations = 200
        self.rng = random.Random(seed)
        self._ends = DealtEnds(seed)  # hidden information: ends that depend on the deal
        self._from = 0  # where the line of play of the iteration under way starts in g.moves
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.widen = widen
        self.root_width = root_width
        self.width = width
        self.minimax = minimax
        self.reuse = reuse
        self.max_depth = max_depth
        self.clock = clock
        self.last_stats: dict = {}
        self._table: dict = {}
        self._kept: Optional[tuple] = None  # (root node, history texts at that root)
        self._stop: Optional[float] = None  # when the root's opening stops (half a time budget)
        self._deadline: Optional[float] = None  # when every scoring stops (the whole budget)
        # Every position in the tree is scored by the searching player's own evaluation (the
        # opponent minimises it), squashed around its value at the root: a variant's evaluation
        # need not be zero-sum (Iroh weighs the opponent's progress below its own) nor small (a
        # Basic score runs to hundreds), and scoring each ply for its mover, uncentred, made
        # alternate plies disagree by the sum of both views and saturated the squash, so that
        # the moves' differences were lost to the exploration term.
        self._me = "host"
        self._centre = 0.0

    # -- one decision ------------------------------------------------------------------------
    def choose(self, game):
        clock = self.clock
        start = clock()  # the budget counts the whole decision, the kept tree's pruning too
        moves = legal_or_fail(game)
        if len(moves) == 1:
            return moves[0]
        me = game.to_move
        hidden = has_hidden_information(game, me)
        centre = evaluate(game, me)  # the position's public facts and the mover's own view
        if me != self._me or abs(centre - self._centre) > RECENTRE:
            self._kept = None  # the kept tree's values were squashed around another centre
            self._table.clear()
            self._me, self._centre = me, centre
        base = game.copy()
        base.auto_chance = False
        legal = {m.text: m for m in moves}
        wins = base.rules.winning_moves(base)  # the board and the mover's own tiles only
        if wins:  # a win this turn: taken at once
            win = next((legal[m.text] for m in wins if m.text in legal), None)
            if win is not None:
                self.last_stats = {"iterations": 0, "seconds": round(clock() - start, 3),
                                   "children": 0, "reused_visits": 0, "depth": 0, "wins": True}
                return win
        # the variant can tell a won turn, and the moves here hand the turn over: the choice is
        # checked against the opponent's win (the first move tells, played on the copy)
        guard = wins is not None and _hands_over(base, moves[0], me)
        root, reused = self._root(game, hidden)
        self._stop = None if self.seconds is None else start + self.seconds / 2
        self._deadline = None if self.seconds is None else start + self.seconds
        search_for = self.seconds
        if search_for is not None and guard:
            search_for *= 1.0 - GUARD_SHARE  # the rest is the checks
        depth0 = base.ply
        dealer = Dealer(game, me) if hidden else None  # the observation read once a decision
        self._ends.start(dealer)
        n = 0
        while True:
            if self.iterations is not None and n >= self.iterations:
                break
            if search_for is not None and n and clock() - start >= search_for:
                break
            g = dealer.deal(self.rng) if dealer is not None else None
            if g is None:
                g = base
            self._from = len(g.moves)
            self._iterate(g, root, hidden)
            if g is base:
                while base.ply > depth0:
                    base.undo()
            n += 1
        ranked = sorted((((not _lost(child.mm, me), child.visits, self._blend(child, me)), text)
                         for text, (_move, child) in root.children.items()
                         if text in legal and child.visits),
                        key=lambda entry: entry[0], reverse=True)  # stable: the first among equals
        best = ranked[0] if ranked else None
        if best is None:  # nothing visited: the best prior
            for text, _move, prior in root.order or ():
                if text in legal:
                    best = (None, text)
                    break
        guarded = 0
        if guard and ranked:
            best, guarded = self._guarded(ranked, base, dealer, me, start)
        self.last_stats = {"iterations": n, "seconds": round(clock() - start, 3),
                           "children": len(root.children), "reused_visits": reused,
                           "depth": _main_line_depth(root)}
        if guarded:
            self.last_stats["guarded"] = guarded
        if best is None:
            return self.rng.choice(moves)
        if not hidden and self.reuse:
            self._kept = (root, [m.text for m in game.moves])
        return legal[best[1]]

    def _guarded(self, ranked: list, base, dealer, me: str, start: float) -> tuple:
        """The first of the ``ranked`` root moves (best first) that hands the opponent no win
        next turn, by the variant's ``winning_moves`` asked of the opponent's position after
        it, and how many moves were checked.  Hidden tiles are dealt ``GUARD_DEALS`` times from
        the player's observation, and a move's threat is the share of deals in which the
        opponent wins; the least threatening move checked is chosen, the better ranked among
        equals.  At most ``GUARD_MOVES`` moves are checked, the first whatever the clock, the
        others within the decision's time."""
        best = None
        checked = 0
        for entry in ranked[:GUARD_MOVES]:
            if checked and self.seconds is not None and self.clock() - start >= self.seconds:
                break
            threat = self._threat(entry[1], base, dealer, me)
            checked += 1
            if best is None or threat < best[0]:
                best = (threat, entry)
            if not threat:
                break
        assert best is not None
        return best[1], checked

    def _threat(self, text: str, base, dealer, me: str) -> float:
        """The share of worlds in which, after ``text``, the opponent to move can win before the
        turn comes back (0 when the move does not end the turn, or a chance step follows it)."""
        worlds = [base] if dealer is None else [dealer.deal(self.rng) for _ in range(GUARD_DEALS)]
        lost = 0
        for g in worlds:
            if g is None:
                g = base
            g.play(text)
            try:
                if g.outcome is None and g.to_move != me and not g.chance_outcomes():
                    lost += bool(g.rules.winning_moves(g))
            finally:
                g.undo()
        return lost / len(worlds)

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

    # -- one iteration -----------------------------------------------------------------------
    def _iterate(self, g, root: Node, hidden: bool = False) -> None:
        """Walk down from ``root`` by selection, open the first unopened node reached, and back
        its value up the path."""
        node = root
        path = [root]
        rng = self.rng
        value = None
        for _depth in range(self.max_depth):
            if g.outcome is not None:
                if hidden and self._ends.dealer is not None:
                    value = self._ended_here(g, node)
                else:
                    value = node.mm = self._value(g)  # a draw as the move's prior scored it
                break
            chance = g.chance_outcomes()
            if chance:
                move = rng.choices([m for m, _p in chance], [p for _m, p in chance])[0]
                edge = node.children.get(move.text)
                if edge is None:
                    edge = node.children[move.text] = (move, Node(node.mm))
                g.play(edge[0] if edge[0].text == move.text else move)
                node = edge[1]
                path.append(node)
                continue
            legal = g.legal_moves() if hidden or node.order is None else None
            if hidden:
                assert legal is not None  # listed above in every hidden iteration
                _note_deal(node, legal)
            if node.order is None:
                assert legal is not None  # listed above whenever the node is unopened
                if node is root:  # never less than greedy's look at the position, however short the time
                    self._open(g, node, legal, self.root_width, self._stop, GREEDY_WIDTH)
                else:
                    self._open(g, node, legal, self.width, self._deadline)
                value = self._leaf_value(g, node)
                break
            if hidden:
                assert legal is not None  # listed above in every hidden iteration
                self._reconcile(g, node, legal, self._width(node, root))
            if node.rest and self._due(node, node is root):
                self._score_more(g, node, self._width(node, root), legal if hidden else None)
            edge = self._select(node, legal)
            if edge is None:
                break
            text, move, prior = edge
            g.play(move.text if hidden else move)
            pair = node.children.get(text)
            if pair is None:
                child = self._node_for(g, hidden, prior)
                if hidden and self._ends.lines:
                    known = self._ends.lines.get(self._line(g))
                    if known is not None and known[2] is not None:
                        child.end = known[:2]
                pair = node.children[text] = (move, child)
            if pair[1] in path:  # a position repeated on this path (tiles moved back and forth)
                value = pair[1].mm  # its value so far: the walk would only go round again
                break
            node = pair[1]
            path.append(node)
        if value is None:
            value = node.mm if node.order is not None else self._value(g)
        self._backup(path, value)

    def _value(self, g) -> float:
        """The searcher's evaluation of ``g`` as the Host's win probability.  A won or lost game
        is 1 or 0; a drawn one is an evaluation of 0 squashed around the root's, as when its move
        was scored at an opening: worse than the root's own value for a player who stands better
        there, better for one who stands worse (so a player ahead steers away from a repetition
        and one behind steers into it), and the same whether or not the walk has reached it."""
        return _host_value(evaluate(g, self._me), self._me, self._centre)

    def _width(self, node: Node, root: Node) -> int:
        return self.root_width if node is root else self.width

    def _open(self, g, node: Node, legal: list, width: int, stop: Optional[float], floor: int = 0) -> None:
        """Score the node's first ``width`` candidate moves (greedy's preselection) and keep
        them best first; the others wait in ``rest``.  Against a clock the most promising are
        scored first and the scoring stops at ``stop``, once ``floor`` moves are scored."""
        node.mover = g.to_move
        cands, node.rest = split_candidates(g, legal, width, self.rng, whole_without_weights=False,
                                            ranked=stop is not None)
        node.order = []
        self._score(g, node, cands, stop, floor=floor)

    def _due(self, node: Node, at_root: bool) -> bool:
        """Whether a node the search came back to scores its next batch of waiting moves: at
        the root every other visit (one list per decision), below it after 3, 9, 27, ... visits,
        so a deep tree spends its time on the moves it has scored rather than on scoring."""
        if at_root:
            return node.visits >= 2 * (node.batches + 1)
        return node.visits >= 3 ** (node.batches + 1)

    def _score_more(self, g, node: Node, width: int, legal: Optional[list] = None) -> None:
        """Score the next ``width`` waiting moves of a node the search keeps coming back to, so
        a reply outside the first preselection (a threat the weights did not see) is found.
        With ``legal`` (a hidden-information deal) only waiting moves legal in this deal are
        taken; the others keep waiting."""
        batch: list = []
        if legal is None:
            batch, node.rest = node.rest[:width], node.rest[width:]
        else:
            here = {m.text for m in legal}
            keep: list = []
            for m in node.rest:
                (batch if len(batch) < width and m.text in here else keep).append(m)
            node.rest = keep
        node.batches += 1
        self._score(g, node, batch, self._deadline, by_text=legal is not None)

    def _score(self, g, node: Node, moves: list, stop: Optional[float], by_text: bool = False,
               floor: int = 0) -> None:
        """Score ``moves`` into the node's order, stopping at ``stop`` once ``floor`` of them
        are scored; the moves not scored wait with the rest."""
        mover, order = node.mover, node.order
        assert mover is not None and order is not None  # scored only once opened
        scored = [e + [0.0] for e in order]
        me, centre = self._me, self._centre
        worlds = self._ends.dealer is not None  # hidden information: this deal is one of many
        for value, move in try_moves(g, moves, me, by_text=by_text):
            host = _host_value(value, me, centre)
            if worlds and g.outcome is not None:
                host = self._end_value(g, host)
            scored.append([move.text, move, host, self.rng.random()])
            if stop is not None and len(scored) - len(order) >= floor and self.clock() >= stop:
                break
        done = len(scored) - len(order)
        if done < len(moves):  # out of time: the moves not scored wait with the rest
            node.rest = moves[done:] + node.rest
        node.order = self._sorted(scored, mover)
        if node.order and not node.children:
            node.mm = _mixed(node, node.order[0][2])

    @staticmethod
    def _sorted(scored: list, mover: str) -> list:
        sign = 1.0 if mover == "host" else -1.0
        scored.sort(key=lambda e: (sign * e[2], e[3]), reverse=True)
        return [e[:3] for e in scored]

    def _reconcile(self, g, node: Node, legal: list, width: int) -> None:
        """A determinized game may offer moves the node was not opened with (another deal of the
        hidden tiles): as when a node is opened, the most promising ``width`` of them are scored
        and added, the others wait with the rest (the selection keeps to the moves legal in this
        deal)."""
        known = node.known
        if known is None:  # every move the node has met, scored or waiting: kept from now on
            known = node.known = {e[0] for e in node.order or ()}
            known.update(m.text for m in node.rest)
        new = [m for m in legal if m.text not in known]
        if not new:
            return
        known.update(m.text for m in new)
        cands, rest = split_candidates(g, new, width, self.rng, whole_without_weights=False,
                                       ranked=self._deadline is not None)
        node.rest = node.rest + rest
        self._score(g, node, cands, self._deadline, by_text=True)

    # -- ends that depend on the deal (hidden information) ---------------------------------
    def _line(self, g) -> tuple:
        """The moves of the iteration under way, from the root to ``g`` (their notation)."""
        return tuple(m.text for m in g.moves[self._from:])

    def _end_share(self, g) -> tuple:
        """``(share, end, rest)`` of the line of play that ended the game on ``g`` (a deal),
        weighed in the decision's worlds (:meth:`DealtEnds.weigh`)."""
        return self._ends.weigh(self._line(g), self._value(g), self._value)

    def _end_value(self, g, host: float) -> float:
        """The Host's value of a scored move that ended the game on ``g`` (a deal): the end's
        value weighed by how often the line ends the game over the worlds, the rest by the
        evaluation where it does not."""
        share, end, rest = self._end_share(g)
        return host if rest is None else _mix(share, end, rest)

    def _ended_here(self, g, node: Node) -> float:
        """A walk reached a node whose line ended the game in this deal: its value, the end
        weighed by its share of the worlds (recorded on the node, which in other deals is
        opened and searched like any other) mixed with the node's value there."""
        if node.end is None:
            share, end, rest = self._end_share(g)
            if rest is None:
                node.mm = self._value(g)
                return node.mm
            node.end = (share, end)
            # its value so far (the prior if never opened) stands for the other deals
            node.mm = _mixed(node, node.mm)
        return node.mm

    def _node_for(self, g, hidden: bool, prior: float) -> Node:
        key = None if hidden else getattr(g, "key", None)
        if key is None:
            return Node(prior)
        node = self._table.get(key)
        if node is None:
            node = self._table[key] = Node(prior)
        return node

    def _blend(self, child: Node, player: str) -> float:
        mean = child.mean_for(player)
        mm = child.mm if player == "host" else 1.0 - child.mm
        return (1.0 - self.minimax) * mean + self.minimax * mm

    def _select(self, node: Node, legal: Optional[list]):
        """The best-ranked move by blended value plus exploration, among the first
        ``widen * sqrt(visits)`` moves of the order (legal in this deal, when hidden) that are
        not refuted; among the first refuted ones only when no other move is left."""
        mover, order = node.mover, node.order
        assert mover is not None and order is not None  # selected only once opened
        allowed = None if legal is None else {m.text for m in legal}
        limit = max(2, math.ceil(self.widen * math.sqrt(node.visits + 1)))
        log_n = math.log(node.visits + 1)
        children = node.children
        for refuted in (False, True):
            best, best_score = None, -1.0
            seen = 0
            for edge in order:
                if allowed is not None and edge[0] not in allowed:
                    continue
                pair = children.get(edge[0])
                if _lost(edge[2] if pair is None else pair[1].mm, mover) != refuted:
                    continue
                seen += 1
                if seen > limit:
                    break
                if pair is None:
                    visits = 0
                    q = edge[2] if mover == "host" else 1.0 - edge[2]
                else:
                    child = pair[1]
                    visits = child.visits
                    q = self._blend(child, mover)
                score = q + self.c * math.sqrt(log_n / (visits + 1))
                if score > best_score:
                    best, best_score = edge, score
            if best is not None:
                return best
        return None

    def _leaf_value(self, g, node: Node) -> float:
        """The opened node's value for the Host: its minimax over the moves just scored, or
        after up to ``rollout`` playout moves the evaluation there."""
        if not self.rollout or not node.order:
            return node.mm
        depth = g.ply
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
        value = self._value(g)
        while g.ply > depth:
            g.undo()
        return 0.5 * (value + node.mm)

    def _backup(self, path: list, host_value: float) -> None:
        """Add the walk's value to every node on ``path`` and recompute their minimax values,
        deepest first.  At and above a node whose line ends the game in some deals (hidden
        information), the value counted is that node's: its ends by their share, the value
        from below for the rest (the deepest node's value is its own already)."""
        last = len(path) - 1
        for i in range(last, -1, -1):
            node = path[i]
            if i < last and node.end is not None:
                host_value = _mixed(node, host_value)
            node.visits += 1
            node.value += host_value
        for node in reversed(path):
            if node.mover is None or not node.order:
                if node.children and node.mover is None:  # a chance node: the mean
                    node.mm = node.value / node.visits
                continue
            if node.deals is not None and len(node.deals) > 1:
                node.mm = _mixed(node, _per_deal_best(node))
                continue
            best = None
            host = node.mover == "host"
            children = node.children
            for text, _move, prior in node.order:
                pair = children.get(text)
                v = prior if pair is None else pair[1].mm
                if best is None or (v > best if host else v < best):
                    best = v
            assert best is not None  # the order is not empty
            node.mm = _mixed(node, best)


def _mixed(node: Node, value: float) -> float:
    """A node's value from the deals in which it is searched (``value``, the Host's) and, where
    its line ended the game in some deals (hidden information), those ends by their share."""
    end = node.end
    return value if end is None else _mix(end[0], end[1], value)


def _mix(share: float, end: float, rest: float) -> float:
    """An end met in ``share`` of the worlds, ``rest`` the value in the others."""
    return share * end + (1.0 - share) * rest


def _note_deal(node: Node, legal: list) -> None:
    """Count the deal a hidden-information iteration brought to ``node``: the set of moves legal
    in it (the hands dealt decide which placements the mover has)."""
    key = frozenset(m.text for m in legal)
    deals = node.deals
    if deals is None:
        deals = node.deals = {}
    deals[key] = deals.get(key, 0) + 1


def _per_deal_best(node: Node) -> float:
    """A node's minimax value over the deals that reached it: in each deal the mover's best
    scored move among those legal in it, averaged over the deals (weighted by their visits).
    The best over the union of every deal's moves would credit the mover with every hand
    dealt so far, and grow more extreme with every iteration."""
    assert node.order is not None and node.deals is not None
    host = node.mover == "host"
    children = node.children
    values = []
    for text, _move, prior in node.order:
        pair = children.get(text)
        values.append((prior if pair is None else pair[1].mm, text))
    values.sort(key=lambda e: e[0], reverse=host)  # best first for the mover
    total = 0.0
    weight = 0
    for allowed, visits in node.deals.items():
        for v, text in values:
            if text in allowed:
                total += visits * v
                weight += visits
                break
    return total / weight if weight else values[0][0]
