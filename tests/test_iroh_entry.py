"""A home point shut for good (variants/iroh/entry.py).  Sources: every tile in the reserve enters
on its owner's home point (L462) and no tile ends a move there (ruling I15); Water and Fire leave
it only by the point in front, which carries all three colours, and an Earth also sideways along
the rim (rulings page, "Areas on the way"); a Rock is placed for good (L459-460) and breaks the
way out for every tile but the leaping Lotus (L454): "a Water or Fire placed there can then never
leave, and blocks its owner's home point" (rulings page, "Where a Rock may be placed")."""
from __future__ import annotations

import paisho_core as paisho
from paisho_core.players import make_player
from paisho_core.players.evaluation import evaluate

from paisho_variants.iroh import entry
from tests.test_iroh_strategy import position

# The first 33 moves of a traced hard v medium game (benchmarks/strength.py's first game with
# --seed 1: game seed 1, hard the Guest).  The Guest's Rock stands on (0,7), in front of the Host's
# home point; the Host, to move, played F(0,8) and never placed a tile again (11 harmonizers
# left in its reserve for the remaining 367 decisions; the game reached the turn limit).
TRACED = ["A(0,-8)", "A(0,8)", "(0,-8)-(-2,-7)", "(0,8)-(-1,6)", "A(0,-8)", "A(0,8)", "(0,-8)-(3,-7)",
          "(0,8)-(2,6)", "R(0,6)", "R(0,-7)", "K(-1,5)", "K(-3,-6)", "A(0,-8)", "A(0,8)", "(0,-8)-(-3,-8)",
          "(0,8)-(-1,7)", "K(-2,8)", "(2,6)-(1,7)", "R(0,7)", "A(0,8)", "K(2,8)", "(0,8)-(1,8)",
          "(-3,-8)-(-1,-6)", "K(3,-8)", "A(0,-8)", "L(0,8)", "(0,-8)-(2,-6)", "R(0,-6)", "(2,-6)-(3,-3)",
          "(0,8)-(-1,8)", "(3,-3)-(3,1)", "K(-2,-5)", "L(0,-8)"]


def _traced():
    g = paisho.new_game("iroh", seed=1)
    for text in TRACED:
        g.play(text)
    return g


def _after(g, text):
    g.play(text)
    return g


def test_a_fire_behind_a_rock_shuts_the_home_point():
    g = _traced()
    assert entry.walled_kinds(g, "host") == {"W", "F"}
    assert not entry.home_shut(g, "host")
    _after(g, "F(0,8)")
    assert entry.home_shut(g, "host")
    assert entry.shut_out(g, "host") == 11  # W 4, E 4, F 3 still in the reserve
    g.undo()
    _after(g, "E(0,8)")  # an Earth leaves sideways along the rim
    assert not entry.home_shut(g, "host") and entry.shut_out(g, "host") == 0


def test_without_the_rock_the_fire_gets_out():
    g = position([(0, 5, "A", "G"), (3, -3, "A", "G")], to_move="host",
                 reserves={"host": {"F": 2, "W": 1}, "guest": {}})
    assert entry.walled_kinds(g, "host") == frozenset()
    _after(g, "F(0,8)")
    assert not entry.home_shut(g, "host")
    g.undo()
    # a Rock on (0,7) (anyone's: Rocks never move, never are taken) walls in Water and Fire
    rocked = position([(0, 5, "A", "G"), (3, -3, "A", "G"), (0, 7, "R", "G")], to_move="host",
                      reserves={"host": {"F": 2, "W": 1, "L": 1}, "guest": {}})
    assert entry.walled_kinds(rocked, "host") == {"W", "F"}  # the Lotus leaps over it (L454)
    _after(rocked, "W(0,8)")
    assert entry.home_shut(rocked, "host") and entry.shut_out(rocked, "host") == 3


def test_players_keep_their_home_point_open():
    """In the traced position the Host's evaluation puts walling in its own reserve below any
    other placement, and greedy (which chose F(0,8) there before) no longer does it."""
    g = _traced()
    scores = {}
    for text in ("F(0,8)", "W(0,8)", "E(0,8)"):
        g.play(text)
        scores[text] = evaluate(g, "host")
        g.undo()
    assert scores["F(0,8)"] < scores["E(0,8)"] - 3 and scores["W(0,8)"] < scores["E(0,8)"] - 3
    for seed in range(4):
        assert make_player("greedy", seed=seed).choose(g).text not in ("F(0,8)", "W(0,8)")


def test_a_harmony_on_the_opponents_lotus_is_not_lasting():
    """L453-454: a Lotus harmonizes for both players, so the Guest's Earth on (-2,-6) and the
    Host's Lotus on (1,-6) are in harmony across the S arm.  Seen in a traced hard v medium game
    (the same seeds as TRACED, replayed with the home-point change): for over a hundred turns the
    Host moved its Lotus up and down column 1, taking that arm from the Guest and giving it back,
    while the Guest, counting it, held "three arms".  The Host breaks it whenever it likes by moving the Lotus, so computer
    players do not count it as progress; with the Guest's own Lotus there it counts."""
    from paisho_variants.iroh import lasting_pairs, pairs
    tiles = [(-2, -6, "E", "G"), (6, 6, "A", "G"), (-6, 6, "A", "H")]
    theirs = position(tiles + [(1, -6, "L", "H")])
    assert [p[2] for p in pairs(theirs) if "guest" in p[3]] == ["S"]
    assert lasting_pairs(theirs, "guest") == []
    own = position(tiles + [(1, -6, "L", "G")])
    assert [p[2] for p in lasting_pairs(own, "guest")] == ["S"]


def test_a_rock_in_front_of_a_fire_just_entered_is_tried_first():
    """The Host's Fire has just entered on (0,8) with tiles still in its reserve: a Guest Rock on
    (0,7) walls it in for good (its only way out) and shuts the Host's reserve out.  Players try
    that placement first (URGENT) and value it; a Rock elsewhere walls in nothing."""
    from paisho_variants.iroh import strategy
    g = position([(0, 8, "F", "H"), (-3, 3, "A", "H"), (3, -3, "A", "G"), (-4, -4, "A", "G")],
                 reserves={"host": {"W": 2, "E": 1}, "guest": {"R": 1}})
    legal = g.legal_moves()
    assert entry.walling_rocks(g, legal) == {"R(0,7)"}
    weights = dict(zip((m.text for m in legal), strategy.paisho_playout_weights(g, legal)))
    assert weights["R(0,7)"] == max(weights.values()) > weights["R(0,6)"] * 10
    assert entry.rock_shuts_home(g, "host") and entry.shut_out(g, "host") == 3
    g.play("R(0,7)")
    assert entry.home_shut(g, "host") and entry.shut_out(g, "host") == 3


def test_no_water_or_fire_enters_while_the_opponent_holds_a_rock():
    """One turn earlier: the Host to move, a Fire and a Water among its reserve, the Guest holding
    a Rock.  A Fire or Water placed now stands on (0,8) through the Guest's turn, and the Rock on
    (0,7) shuts the reserve out; an Earth or Air leaves sideways (rulings page, "Areas on the
    way"), so the Host's evaluation ranks those placements above the Fire and the Water."""
    g = position([(-3, 3, "A", "H"), (3, -3, "A", "G"), (-4, -4, "A", "G")], to_move="host",
                 reserves={"host": {"F": 1, "W": 2, "E": 1, "A": 1}, "guest": {"R": 1}})
    scores = {}
    for text in ("F(0,8)", "W(0,8)", "E(0,8)", "A(0,8)"):
        g.play(text)
        scores[text] = evaluate(g, "host")
        g.undo()
    assert min(scores["E(0,8)"], scores["A(0,8)"]) > max(scores["F(0,8)"], scores["W(0,8)"]) + 1
    # without the Guest's Rock the Fire simply walks out next turn
    free = position([(-3, 3, "A", "H"), (3, -3, "A", "G"), (-4, -4, "A", "G")], to_move="host",
                    reserves={"host": {"F": 1, "W": 2, "E": 1, "A": 1}, "guest": {}})
    free.play("F(0,8)")
    assert entry.shut_out(free, "host") == 0
