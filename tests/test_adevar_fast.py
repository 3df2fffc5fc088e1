"""Adevar's play path made cheaper (issue 40) without changing a legal list, an outcome or a
value: each speed-up checked against the plain code it replaced, kept here as the reference
(equality over random positions and seeded games, never time; the figures come from
benchmarks/greedy_games.py and the quick level's timings)."""
from __future__ import annotations

import random

import paisho_core as paisho
from paisho_variants.adevar import geometry as geo

from .test_cheaper_greedy import random_positions


# -- the references: the code as first written ---------------------------------------------------

def plain_reach(src: int, distance: int, occupied: int) -> tuple[int, int]:
    """``geometry.reach`` as first written: a breadth-first search point by point."""
    seen = 1 << src
    frontier = [src]
    empty_reached = 0
    touched = 0
    for _step in range(distance):
        nxt = []
        for i in frontier:
            for j in geo.NEIGHBOURS[i]:
                bit = 1 << j
                if seen & bit:
                    continue
                seen |= bit
                if occupied & bit:
                    touched |= bit
                else:
                    empty_reached |= bit
                    nxt.append(j)
        frontier = nxt
        if not frontier:
            break
    return empty_reached, touched


# -- reach on bitsets ---------------------------------------------------------------------------

def test_reach_on_bitsets_is_the_plain_search():
    rng = random.Random(40)
    points = list(geo.POINT)
    odd = [i for i in points if geo._ODD >> i & 1]
    for k in range(3000):
        occupied = 0
        for i in rng.sample(points, rng.randint(0, 90)):
            occupied |= 1 << i
        src = rng.choice(odd if k % 4 == 0 else points)  # the spare points and their neighbours too
        distance = rng.randint(1, 8)
        assert geo.reach(src, distance, occupied) == plain_reach(src, distance, occupied), (src, distance)


def test_reach_in_game_positions_is_the_plain_search():
    for game in random_positions("adevar", games=2, plies=120, step=3):
        st = game.state
        for i in geo.POINT:
            if st.board[i] is not None:
                for distance in (3, 5, 7):
                    assert geo.reach(i, distance, st.occupied) == plain_reach(i, distance, st.occupied)


# -- plot counts from the Basic tiles' point sets ------------------------------------------------

def test_counts_from_point_sets_are_the_plain_counts():
    from paisho_variants.adevar import rules

    checked = 0
    for game in random_positions("adevar", games=3, plies=150):
        st = game.state
        assert rules.counts_of(game, st) == rules.plot_counts(st)
        assert list(rules.counts_of(game, st)["host"]) == list(rules.plot_counts(st)["host"])
        twin = st.copy()  # a state that is not the game's
        assert rules.counts_of(game, twin) == rules.plot_counts(twin)
        for move in game.legal_moves()[:2]:
            game.play(move)
            assert rules.position_counts(game) == rules.plot_counts(game.state)
            game.undo()
        checked += 1
    assert checked > 100


def test_objectives_read_the_counts_of_the_position_being_changed():
    """The objective is checked inside ``apply`` (the game's memo still holds the position
    before the turn): a tile's last step onto a plot must be counted."""
    from paisho_variants.adevar import rules

    for game in random_positions("adevar", games=2, plies=120, step=5):
        for move in game.legal_moves()[:4]:
            game.play(move)
            st = game.state
            for player in ("host", "guest"):
                for goal in ("Iris", "BirdOfParadise", "BlackOrchid"):
                    plain = _plain_objective(st, player, goal)
                    assert rules.objective_met(game, st, player, goal) == plain
            game.undo()


def _plain_objective(st, player, goal):
    from paisho_core.tiles import other
    from paisho_variants.adevar import rules

    counts = rules.plot_counts(st)
    c = counts[player]
    if goal == "Iris":
        return all(c[p] >= 4 for p in geo.RED + geo.WHITE)
    if goal == "BirdOfParadise":
        return all(c[p] >= 2 for p in geo.PLOTS)
    theirs = counts[other(player)]
    return all(c[p] >= theirs[p] and c[p] >= 1 for p in geo.RED + geo.WHITE + ("east_open", "west_open"))
