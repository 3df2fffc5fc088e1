"""The search (issue 15): how a node spends its visits, walks that
meet a repeated position, the time control on long move lists.  Strength and speed figures come
from ``benchmarks/strength.py`` and the note, never from a timed test."""
from __future__ import annotations

import math
import time
from functools import partial

import paisho_core as paisho
from paisho_core.players import MCTSPlayer, Node, make_player
from paisho_core.players.evaluation import SCALE
from tests.test_play_support import midgame as support_midgame

midgame = partial(support_midgame, plies=16, seed=3)


def _opened(visits: int, batches: int = 0) -> Node:
    node = Node()
    node.mover, node.order, node.rest = "host", [], ["waiting"]
    node.visits, node.batches = visits, batches
    return node


def test_waiting_moves_are_scored_every_other_visit_at_the_root_and_rarely_below():
    """Below the root a node scores its next batch after 3, 9, 27, ... visits (its time goes to
    the moves it has scored); the root, one list per decision, every other visit."""
    bot = MCTSPlayer(seed=1)
    for at_root, expected in ((False, [3, 9, 27, 81]), (True, [2, 4, 6, 8, 10])):
        node, due = _opened(0), []
        for visits in range(1, 100 if not at_root else 11):
            node.visits = visits
            if bot._due(node, at_root):
                node.batches += 1
                due.append(visits)
        assert due == expected


def test_a_walk_that_meets_its_own_path_stops_there():
    """Positions can repeat (tiles moved there and back): a walk that reaches a node already on
    its path stops instead of going round, and backs up that node's value."""
    game = midgame("modern", plies=20)
    bot = MCTSPlayer(seed=1, iterations=1)
    root = Node()
    bot._iterate(game.copy(), root)  # opens the root
    paths = []
    real_backup = MCTSPlayer._backup

    def backup(self, path, value):
        paths.append(list(path))
        real_backup(self, path, value)

    bot._node_for = lambda g, hidden, prior: root  # every move leads back to the root
    MCTSPlayer._backup = backup
    try:
        g = game.copy()
        ply = g.ply
        bot._iterate(g, root)
    finally:
        MCTSPlayer._backup = real_backup
    assert paths == [[root]] and root.visits == 2
    assert g.ply == ply + 1  # one move played: the walk stopped at the repetition


class _ScoringClock:
    """A clock that moves only when the search scores a move (10 ms an evaluation), so a test
    can tell how far past its budget a decision went without timing anything."""

    def __init__(self, monkeypatch):
        from paisho_core.players import search
        self.now = 0.0
        real = search.try_moves

        def scoring(*args, **kwargs):
            for item in real(*args, **kwargs):
                self.now += 0.01
                yield item
        monkeypatch.setattr(search, "try_moves", scoring)

    def __call__(self) -> float:
        return self.now


def _decisions_keep_their_budget(monkeypatch, variant: str, until_moves: int, decisions: int,
                                 seconds: float = 0.3):
    clock = _ScoringClock(monkeypatch)
    game = paisho.new_game(variant, seed=1)
    while len(game.legal_moves()) < until_moves:
        chance = game.chance_outcomes()
        game.play(game.sample_chance(chance) if chance else game.legal_moves()[0])
    bot = MCTSPlayer(seed=1, seconds=seconds, clock=clock)
    other = make_player("random", seed=2)
    for _ in range(decisions):
        side = game.to_move
        start = clock()
        move = bot.choose(game)
        assert clock() - start <= seconds + 0.01 + 1e-9  # one evaluation past the budget at most
        assert bot.last_stats["iterations"] >= 2
        game.play(move)
        while game.outcome is None and (game.chance_outcomes() or game.to_move != side):
            chance = game.chance_outcomes()
            game.play(game.sample_chance(chance) if chance else other.choose(game))
        if game.outcome is not None:
            break


def test_the_first_decision_on_a_list_of_a_thousand_moves_keeps_its_budget(monkeypatch):
    """Fire's opening placement lists over a thousand moves: the root's opening stops at half
    the budget, and the decision ends one evaluation past the budget at most.  (0.4 s: Fire
    tells a ring-closing move, so the search keeps a fifth of its time to check its choice
    against the opponent's ring, and 0.3 s left one iteration after the root's opening.)"""
    _decisions_keep_their_budget(monkeypatch, "fire", 400, 1, seconds=0.4)


def test_every_scoring_stops_at_the_budget_through_the_kept_tree(monkeypatch):
    """Below the root, and at a kept root scoring its waiting moves, a batch of scorings stops
    when the budget is spent: before, one late iteration could score a root batch and open a
    node (some 96 evaluations; an Iroh `hard` decision took 1.29 CPU-s of a 0.6 s budget)."""
    _decisions_keep_their_budget(monkeypatch, "iroh", 60, 4)


def test_a_search_starved_of_time_still_looks_at_what_greedy_looks_at(monkeypatch):
    """However short the time (here two evaluations' worth), the root's first scoring takes as
    many moves as greedy scores, the most promising by the playout weights first: in this Skud
    position (113 moves) the four heaviest are among them."""
    import random
    from paisho_core.players.simple import GREEDY_WIDTH, move_weights
    clock = _ScoringClock(monkeypatch)
    rng = random.Random(1)
    game = paisho.new_game("skud", seed=1)
    for _ in range(23):
        game.play(rng.choice(game.legal_moves()))
    legal = game.legal_moves()
    weights = move_weights(game, legal)
    heaviest = {m.text for m, w in zip(legal, weights) if w == max(weights)}
    assert len(legal) > 100 and len(heaviest) == 4
    bot = MCTSPlayer(seed=1, seconds=0.02, clock=clock)
    bot.choose(game)
    scored = {e[0] for e in bot._kept[0].order}
    assert len(scored) >= GREEDY_WIDTH
    assert heaviest <= scored


def test_a_new_deal_of_hidden_tiles_is_preselected_not_scored_whole(monkeypatch):
    """With hidden hands (Ancient) every iteration searches another deal: the moves a node has
    not seen are preselected as at its opening and the rest wait, so the second iteration does
    not score the whole list of the Guest's first turn (some 300 placements)."""
    from paisho_core.players import search

    game = paisho.new_game("ancient", seed=1)
    while game.phase != "turn":
        game.play(game.legal_moves()[0])
    legal = game.legal_moves()
    assert len(legal) > 200
    scored = []
    real = search.try_moves

    def counting(g, moves, player, by_text=False):
        scored.append(len(moves))
        return real(g, moves, player, by_text=by_text)

    monkeypatch.setattr(search, "try_moves", counting)
    bot = MCTSPlayer(seed=1, iterations=3)
    assert bot.choose(game) in legal
    # the root's opening and one batch (64 each), and two nodes below it (32 each)
    assert sum(scored) <= 2 * bot.root_width + 2 * bot.width < len(legal)


def test_a_refuted_move_gives_its_place_in_the_widening_window_to_the_next():
    """A move below which the search has found a reply after which every scored move loses (its
    minimax value a loss for the mover) no longer takes one of the ``widen * sqrt(visits)``
    places: the next-ranked move is tried instead of going round the refuted ones (seen in Iroh,
    where the moves that let the opponent make an unbreakable set filled the window)."""
    bot = MCTSPlayer(seed=1)
    node = Node()
    node.mover, node.rest = "host", []
    node.order = [["a", "a", 0.9], ["b", "b", 0.8], ["c", "c", 0.6], ["d", "d", 0.5]]
    for text in ("a", "b"):
        child = Node(0.0)  # refuted: the Host's minimax value is a loss
        child.visits, child.value = 4, 3.6  # though its mean is still high
        node.children[text] = (text, child)
    node.visits = 0  # a window of two places
    assert bot._select(node, None)[0] == "c"
    # nothing refuted: the window (two places at 0 visits) holds a and b
    node.children.clear()
    assert bot._select(node, None)[0] in ("a", "b")


def test_the_main_line_depth_is_reported_and_grows_with_the_iterations():
    """``last_stats["depth"]``: plies along the most visited line (the strength notes and
    ``benchmarks/search_reach.py`` read it): the first iteration only opens the root (its moves
    scored, none walked into), more walk further."""
    game = paisho.new_game("skud", seed=2)
    shallow, deep = MCTSPlayer(seed=1, iterations=1), MCTSPlayer(seed=1, iterations=200)
    shallow.choose(game)
    deep.choose(game)
    assert shallow.last_stats["depth"] == 0
    assert deep.last_stats["depth"] >= 2


def test_with_hidden_hands_the_best_reply_is_taken_within_each_deal():
    """A node reached by several deals of the hidden tiles is worth, to its mover, the best
    reply legal in each deal, averaged over the deals: not the best over every deal's moves at
    once (which credits the opponent with every hand dealt so far)."""
    node = Node()
    node.mover = "guest"  # minimises the Host's value
    node.order = [["a", None, 0.1], ["b", None, 0.5], ["x", None, 0.6]]
    node.deals = {frozenset({"a", "x"}): 1, frozenset({"b", "x"}): 3}
    MCTSPlayer(seed=1)._backup([node], 0.5)
    assert abs(node.mm - (1 * 0.1 + 3 * 0.5) / 4) < 1e-9
    node.deals = {frozenset({"a", "b", "x"}): 4}  # one deal (or no hidden tiles): the best reply
    MCTSPlayer(seed=1)._backup([node], 0.5)
    assert node.mm == 0.1


def test_a_drawn_game_keeps_the_value_its_move_was_scored_with():
    """A draw is an evaluation of 0 (as ``greedy`` reads it), squashed around the root's value
    like every other position: below 1/2 for a player who stands better at the root, so a
    player ahead steers away from a drawing repetition or turn limit.  The walk that reaches the
    drawn position must keep that value, not replace it with 1/2 ("as good as the root")."""
    game = paisho.new_game("iroh", options={"max_turns": 1})
    while game.outcome is None:
        game.play(game.legal_moves()[0])
    assert game.outcome.winner is None  # drawn at the turn limit (rules.md "Winning", max_turns)
    bot = MCTSPlayer(seed=1)
    bot._me, bot._centre = "host", 2.0  # the Host stood 2 points better at the root
    drawn = bot._value(game)
    assert abs(drawn - (0.5 + 0.5 * math.tanh(-2.0 / SCALE))) < 1e-12 and drawn < 0.5
    node = Node(mm=drawn)  # as the opening left it: the move's prior
    bot._iterate(game, node)
    assert node.mm == drawn and node.visits == 1 and node.value == drawn
