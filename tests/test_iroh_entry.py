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
