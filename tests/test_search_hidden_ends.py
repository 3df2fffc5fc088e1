"""A line of play that ends the game in some deals of a hidden-information game and not in others
(Adevar: the opponent completes the objective of the Hidden Tile dealt to it) counts by its share
of the worlds, not by the one deal that happened to score it (issue 40)."""
from __future__ import annotations

import random

import paisho_core as pc
from paisho_core.players import make_player
from paisho_core.players.evaluation import evaluate, squash
from paisho_core.players.hidden import Dealer
from paisho_core.players.dealt_ends import END_DEALS
from paisho_core.players.search import MCTSPlayer, _lost


def _midgame(seed: int, plies: int = 30):
    g = pc.new_game("adevar", seed=seed)
    players = {"host": make_player("greedy", seed=seed), "guest": make_player("greedy", seed=seed + 100)}
    while g.outcome is None and g.ply < plies:
        g.play(players[g.to_move].choose(g))
    assert g.outcome is None
    return g


def _plain_share(game, me: str, seed: int, line: tuple, first_end: float, centre: float):
    """The share, recounted: the same worlds dealt again from the player's observation, the
    line played in each from the start."""
    rng = random.Random(f"{seed}/worlds")
    dealer = Dealer(game, me)
    ended, rest = [first_end], []
    for _ in range(END_DEALS):
        w = dealer.deal(rng)
        assert w is not None
        try:
            for text in line:
                assert w.outcome is None
                w.play(text)
        except pc.PaishoError:
            continue
        p = squash(evaluate(w, me) - centre)
        (ended if w.outcome is not None else rest).append(p if me == "host" else 1 - p)
    return len(ended) / (len(ended) + len(rest)), sum(ended) / len(ended), (sum(rest) / len(rest) if rest else None)


def test_an_end_that_depends_on_the_deal_counts_by_its_share_of_the_worlds():
    seed = 17  # greedy's games are races (the White Rose): one still running at ply 30, with lines
    # that end the game in some deals only (dealt by the belief, most deals hold the White Rose)
    g = _midgame(seed)
    me = g.to_move
    player = MCTSPlayer(seed=seed, iterations=40)
    before = [m.text for m in g.moves]
    player.choose(g)
    assert [m.text for m in g.moves] == before  # the game is left as it was
    mixed = {line: v for line, v in player._ends.lines.items() if v[2] is not None}
    assert mixed, "this position has lines that end the game in some deals only"
    other = "guest" if me == "host" else "host"
    for line, (share, end, rest) in player._ends.lines.items():
        assert end in (0.0, 1.0)  # a won or lost game
        # the deal that scored the line ended it, so it is one of the ends counted
        recount = _plain_share(g, me, seed, line, end, player._centre)
        assert recount[:2] == (share, end)
        assert (rest is None) == (share == 1.0) == (recount[2] is None)
        if rest is not None:
            assert abs(recount[2] - rest) < 1e-12
            value = share * end + (1 - share) * rest  # neither side's move is refuted by it
            assert not _lost(value, me) and not _lost(value, other)


def test_games_without_hidden_information_never_deal_worlds():
    g = pc.new_game("skud", seed=3)
    player = MCTSPlayer(seed=3, iterations=30)
    player.choose(g)
    assert player._ends.worlds is None and not player._ends.lines


def test_a_walk_carries_up_the_ends_of_the_nodes_it_passes():
    """Backing up: the value from below a node with ends (share s, value e) counts at that node
    and above it as s * e + (1 - s) * value; the deepest node keeps the walk's own value (its ends
    are in it already), and without ends every node on the path gets the same value (as in a
    game without hidden information)."""
    from paisho_core.players.search import Node

    player = MCTSPlayer(seed=1, iterations=1)
    top, middle, leaf = Node(), Node(), Node()
    middle.end = (0.25, 0.0)  # a quarter of the worlds: the line to it ended the game, lost
    leaf.end = (0.5, 1.0)  # its own ends are in the value the walk brings (its mm)
    player._backup([top, middle, leaf], 0.8)
    assert leaf.value == 0.8
    assert middle.value == top.value == 0.25 * 0.0 + 0.75 * 0.8
    plain = [Node(), Node(), Node()]
    player._backup(plain, 0.8)
    assert [n.value for n in plain] == [0.8, 0.8, 0.8] and all(n.visits == 1 for n in plain)
