"""Iroh Pai Sho: the book's statements as positions, the win test against brute force, and
property tests of random games.

Source: ``shared/rules/official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt`` chapter 2
(``L`` numbers below are lines of that file); worked examples IE1-IE9 are from the digest
``shared/digests/book-variants.md`` section 5.2.  Rulings: docs/variants/iroh/rulings.md.
"""
from __future__ import annotations

import itertools
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paisho_core as paisho
from paisho_core import board
from paisho_core.errors import IllegalMoveError, NotationError, PositionError

from paisho_variants.iroh import harmony as ih
from paisho_variants.iroh import pairs, winning_set
from paisho_variants.iroh.roles import roles

COUNTS = {"A": 4, "W": 4, "E": 4, "F": 4, "L": 1, "R": 2, "K": 3}
"""The set each player owns (L388-399)."""


def position(tiles, to_move="guest", reserves=None, options=None, **extra):
    """A game from the position format; ``tiles`` are (x, y, code, owner) with owner 'G'/'H'."""
    entries = [{"x": x, "y": y, "tile": c, "owner": "guest" if o == "G" else "host"}
               for x, y, c, o in tiles]
    data = {"variant": "iroh", "options": options or {}, "to_move": to_move, "phase": "turn",
            "turn": 5, "board": entries,
            "reserves": reserves if reserves is not None else {"guest": {}, "host": {}}}
    data.update(extra)
    return paisho.from_position(data)


def same(p, q):
    """Positions equal apart from the seed (a game without chance draws a fresh one)."""
    return {k: v for k, v in p.items() if k != "seed"} == {k: v for k, v in q.items() if k != "seed"}


def harmony_set(game):
    return {(frozenset((h.a, h.b)), h.owners) for h in game.harmonies()}


def has(game, a, b, owner="guest"):
    return any(frozenset((h.a, h.b)) == frozenset((a, b)) and owner in h.owners
               for h in game.harmonies())


def texts(game):
    return {str(m) for m in game.legal_moves()}


def from_point(game, x, y):
    lab = f"({x},{y})-"
    return {t for t in texts(game) if t.startswith(lab)}


# -- worked examples (digest 5.2) -------------------------------------------------------------

def test_ie1_figure_2_3_caption():
    """IE1, L423-426: a tile between two tiles disrupts their harmony; a tile on a midline is not
    harmonious itself."""
    g = position([(-2, 3, "A", "G"), (2, 3, "A", "G"), (4, -2, "A", "H"), (4, 2, "A", "H"),
                  (4, 0, "A", "G")])
    assert has(g, (-2, 3), (2, 3))
    assert harmony_set(g) == {(frozenset({(-2, 3), (2, 3)}), ("guest",))}


def test_ie1b_harmonizing_tile_disrupts_the_other_pair():
    """L423-426 read literally: one of the black tiles *in* harmony is the one disrupting the
    white pair (a faithful stand-in for the lost Figure 2.3)."""
    g = position([(-2, 3, "A", "G"), (2, 3, "A", "G"), (2, -1, "A", "H"), (2, 5, "A", "H")])
    assert has(g, (-2, 3), (2, 3))
    assert not has(g, (2, -1), (2, 5), "host")
    assert len(g.harmonies()) == 1


@pytest.mark.parametrize("tiles", [
    [(0, 3, "A", "G"), (3, 3, "A", "G")],      # one tile on a midline
    [(-2, 2, "A", "G"), (2, -2, "A", "G")],    # diagonal
    [(-2, 3, "A", "G"), (-5, 3, "A", "G")],    # same side of the midline
])
def test_ie2_no_harmony(tiles):
    """IE2, L411: no harmony on a midline, diagonally, or without crossing a midline."""
    assert position(tiles).harmonies() == []


def _ie3(shared_code):
    # N: (-2,3)~(2,3) and E: (2,3)~(2,-3) share (2,3); W and S have harmonies of their own.
    return position([(-2, 3, "A", "G"), (2, 3, shared_code, "G"), (2, -3, "A", "G"),
                     (-6, 1, "F", "G"), (-6, -2, "F", "G"), (-1, -6, "E", "G"), (3, -6, "E", "G")])


def test_ie3_one_harmony_per_tile_except_water():
    """IE3, L412 and L442-443: a tile counts in one harmony of the set; a Water in two."""
    g = _ie3("A")
    assert has(g, (-2, 3), (2, 3)) and has(g, (2, 3), (2, -3))
    assert {arm for *_x, arm, _o in pairs(g)} == {"N", "E", "S", "W"}
    assert winning_set(g, "guest") is None
    assert winning_set(_ie3("W"), "guest") is not None


def test_ie4_earth_with_and_through_rocks():
    """IE4, L446-447 and L460: an Earth harmonizes through a Rock and with a Rock; other tiles
    are cut by a Rock."""
    g = position([(-7, 2, "E", "G"), (-3, 2, "R", "G"), (5, 2, "A", "G")])
    assert has(g, (-7, 2), (5, 2))
    g = position([(-7, 2, "A", "G"), (-3, 2, "R", "G"), (5, 2, "A", "G")])
    assert g.harmonies() == []
    g = position([(-7, 2, "E", "G"), (3, 2, "R", "G")])
    assert has(g, (-7, 2), (3, 2))
    # ruling I7: the Rock must be the Earth's owner's (option earth_rock_owner)
    assert position([(-7, 2, "E", "G"), (3, 2, "R", "H")]).harmonies() == []
    g = position([(-7, 2, "E", "G"), (3, 2, "R", "H")], options={"earth_rock_owner": "any"})
    assert has(g, (-7, 2), (3, 2))


def test_ie4_rock_seen_through_from_the_far_end():
    """L446-447: the Earth may stand at either end; an Earth sees through several Rocks and may
    pair with each Rock across the midline as well as with the tile behind them."""
    g = position([(-5, 2, "A", "G"), (-1, 2, "R", "H"), (2, 2, "R", "G"), (6, 2, "E", "G")])
    assert has(g, (-5, 2), (6, 2))
    assert not has(g, (-1, 2), (6, 2))       # same side
    assert not has(g, (2, 2), (6, 2))
    g = position([(-6, 2, "E", "G"), (2, 2, "R", "G"), (4, 2, "R", "G"), (6, 2, "A", "G")])
    assert has(g, (-6, 2), (2, 2)) and has(g, (-6, 2), (4, 2)) and has(g, (-6, 2), (6, 2))


def test_ie5_knotweed_does_not_disrupt():
    """IE5, L457: a Knotweed between two tiles leaves their harmony standing."""
    tiles = [(-2, 3, "A", "G"), (2, 3, "A", "G"), (1, 3, "K", "H")]
    assert has(position(tiles), (-2, 3), (2, 3))
    assert position(tiles, options={"knotweed_blocks_lines": True}).harmonies() == []


def test_ie6_knotweed_freezes_but_not_fire_or_lotus():
    """IE6, L450, L454, L456: tiles around a Knotweed cannot move, except Fire and the Lotus."""
    g = position([(2, 2, "K", "H"), (1, 2, "A", "G"), (3, 3, "F", "G"), (2, 1, "L", "G")])
    assert from_point(g, 1, 2) == set()
    assert from_point(g, 3, 3) and from_point(g, 2, 1)
    assert g.flags()["frozen"] == 1 << board.index(1, 2)
    # an Air a knight's move away is free
    g = position([(2, 2, "K", "H"), (0, 3, "A", "G")])
    assert from_point(g, 0, 3)


def test_ie7_captures():
    """IE7, L467-468: a tile takes by landing on an opponent tile; Rocks, the Lotus and Air
    cannot be taken; Air cannot take."""
    g = position([(0, 3, "W", "H"), (0, 1, "F", "G")])
    assert "(0,1)-(0,3)" in texts(g)
    g.play("(0,1)-(0,3)")
    assert g.state.board[board.index(0, 3)].code == "F"
    assert g.state.piles["captured"]["host"] == {"W": 1}
    for code in ("A", "L", "R"):
        g = position([(0, 3, code, "H"), (0, 1, "F", "G")])
        assert "(0,1)-(0,3)" not in texts(g)
    g = position([(0, 3, "W", "H"), (0, 2, "A", "G")])
    assert "(0,2)-(0,3)" not in texts(g)
    g = position([(0, 3, "W", "G"), (0, 1, "F", "G")])          # never your own tile
    assert "(0,1)-(0,3)" not in texts(g)


def test_ie8_placement():
    """IE8, L462 and L459: tiles enter on the home point, only if it is empty; a Rock goes on any
    point but a home point."""
    g = position([], reserves={"guest": {"A": 1, "R": 1}, "host": {}})
    t = texts(g)
    assert "A(0,-8)" in t and "A(0,8)" not in t and "A(1,-7)" not in t
    assert "R(3,3)" in t and "R(8,0)" in t and "R(0,-8)" not in t and "R(0,8)" not in t
    g = position([(0, -8, "W", "G")], reserves={"guest": {"A": 1}, "host": {}})
    assert not any(m.startswith("A(") for m in texts(g))


IE9 = [(-2, 3, "W", "G"), (3, -2, "W", "G"), (2, -3, "W", "G"), (-3, 2, "W", "G"),
       (2, 3, "F", "G"), (3, 2, "F", "G"), (-2, -3, "F", "G"), (-3, -2, "F", "G")]


def test_ie9_winning_position():
    """IE9, L473-483 (Figure 2.11 is lost; digest's replacement): Waters and Fires on their own
    areas form a four-midline set; if the Host's turn leaves it standing, the Guest wins."""
    g = position(IE9, to_move="host", reserves={"guest": {}, "host": {"A": 1}},
                 pending_win=["guest"])
    chosen = winning_set(g, "guest")
    assert chosen is not None and len(chosen) == 4
    assert g.outcome is None
    g.play("A(0,8)")
    assert g.outcome.winner == "guest" and g.outcome.reason == "four midline harmonies"


def test_ie9_set_survives_a_broken_harmony():
    """L478 and ruling I14: breaking one harmony is not enough when another takes its place; what
    must survive is a set, not the same four harmonies."""
    g = position(IE9, to_move="host", reserves={"guest": {}, "host": {"R": 1}},
                 pending_win=["guest"])
    g.play("R(0,3)")
    assert not has(g, (-2, 3), (2, 3))
    assert g.outcome.winner == "guest"


# -- the one-turn window (L475-483, ruling I14) -------------------------------------------------

SET7 = [(-1, 6, "A", "G"), (2, 6, "A", "G"), (5, 2, "F", "G"), (5, -3, "F", "G"),
        (-3, -5, "E", "G"), (4, -5, "E", "G"), (-6, -1, "F", "G")]


def _completing(**kw):
    """The Guest completes N, E, S, W by moving an Air (-7,4) -> (-6,3)."""
    g = position(SET7 + [(-7, 4, "A", "G")], reserves={"guest": {"A": 1}, "host": {"A": 1, "R": 1}}, **kw)
    assert winning_set(g, "guest") is None
    g.play("(-7,4)-(-6,3)")
    return g


def test_set_survives_one_turn_then_wins():
    """L475-479: the opponent has one turn to stop the set; if it stands, its owner wins."""
    g = _completing()
    assert g.outcome is None and g.position()["pending_win"] == ["guest"]
    g.play("A(0,8)")
    assert g.outcome.winner == "guest"
    assert "[Result \"guest\"]" in g.record()


def test_set_broken_in_time_play_continues():
    """L475-476: a Rock between two tiles of the set stops it; play goes on."""
    g = _completing()
    g.play("R(0,6)")
    assert g.outcome is None and g.to_move == "guest"
    assert not has(g, (-1, 6), (2, 6))
    assert winning_set(g, "guest") is None


def test_breaking_your_own_set_clears_the_window():
    """Ruling I14: only a set standing at the end of its owner's turn starts the window."""
    g = position(SET7 + [(-6, 3, "A", "G")], reserves={"guest": {}, "host": {"A": 1}},
                 pending_win=["guest"], to_move="guest")
    assert g.outcome.winner == "guest"          # held through the Host's turn: won already
    g = position(SET7 + [(-6, 3, "A", "G")], reserves={"guest": {}, "host": {"A": 1}})
    g.play("(-6,3)-(-7,3)")
    assert g.position()["pending_win"] == []
    g.play("A(0,8)")
    assert g.outcome is None


def test_set_made_by_the_opponent_must_be_held_through_a_turn():
    """Ruling I14: a set that appears because the opponent moved away a blocker is not yet a win;
    its owner must end a turn with it and let the opponent try once."""
    g = position(SET7 + [(-6, 3, "A", "G"), (0, 6, "A", "H")], to_move="host",
                 reserves={"guest": {"A": 1}, "host": {"A": 1}})
    assert winning_set(g, "guest") is None
    g.play("(0,6)-(0,5)")
    assert winning_set(g, "guest") is not None
    assert g.outcome is None
    g.play("A(0,-8)")
    assert g.outcome is None
    g.play("A(0,8)")
    assert g.outcome.winner == "guest"


def test_first_held_set_wins():
    """Ruling I14: with both players holding a set, the one whose turn comes first wins."""
    mirror = [(-x, -y, c, "H") for x, y, c, _o in SET7 + [(-6, 3, "A", "G")]]
    both = SET7 + [(-6, 3, "A", "G")] + mirror
    g = position(both, to_move="host")
    assert winning_set(g, "guest") and winning_set(g, "host") and g.outcome is None
    for first in ("guest", "host"):
        g = position(both, to_move=first, pending_win=["guest", "host"])
        assert g.outcome.winner == first


def test_explicit_proclamation():
    """L479-483 with proclamation: explicit: the claim takes a turn; a false claim wastes it."""
    g = _completing(options={"proclamation": "explicit"})
    assert "proclaim" in texts(g)
    g.play("A(0,8)")
    assert g.outcome is None                     # no automatic win
    g.play("proclaim")
    assert g.outcome.winner == "guest" and "proclaimed" in g.outcome.reason
    # a premature claim: the set has not yet survived an opponent turn
    g = position(SET7 + [(-7, 4, "A", "G")], options={"proclamation": "explicit"},
                 reserves={"guest": {}, "host": {"A": 1}})
    g.play("proclaim")
    assert g.outcome is None and g.to_move == "host"


WIN_RECORD = """[Variant "iroh"]
1G.A(0,-8); 1H.A(0,8)
2G.(0,-8)-(1,-8); 2H.(0,8)-(1,8)
3G.(1,-8)-(2,-5); 3H.(1,8)-(2,8)
4G.(2,-5)-(2,-1); 4H.(2,8)-(1,8)
5G.(2,-1)-(2,3); 5H.(1,8)-(2,8)
6G.W(0,-8); 6H.(2,8)-(1,8)
7G.(0,-8)-(0,-7); 7H.(1,8)-(2,8)
8G.(0,-7)-(0,-5); 8H.(2,8)-(1,8)
9G.(0,-5)-(0,-3); 9H.(1,8)-(2,8)
10G.(0,-3)-(0,-1); 10H.(2,8)-(1,8)
11G.(0,-1)-(0,1); 11H.(1,8)-(2,8)
12G.(0,1)-(-2,1); 12H.(2,8)-(1,8)
13G.(-2,1)-(-2,3); 13H.(1,8)-(2,8)
14G.F(0,-8); 14H.(2,8)-(1,8)
15G.(0,-8)-(0,-6); 15H.(1,8)-(2,8)
16G.(0,-6)-(0,-3); 16H.(2,8)-(1,8)
17G.(0,-3)-(-2,-3); 17H.(1,8)-(2,8)
18G.W(0,-8); 18H.(2,8)-(1,8)
19G.(0,-8)-(0,-6); 19H.(1,8)-(2,8)
20G.(0,-6)-(1,-6); 20H.(2,8)-(1,8)
21G.(1,-6)-(1,-4); 21H.(1,8)-(2,8)
22G.(1,-4)-(3,-4); 22H.(2,8)-(1,8)
23G.(3,-4)-(3,-2); 23H.(1,8)-(2,8)
24G.A(0,-8); 24H.(2,8)-(1,8)
25G.(0,-8)-(1,-8); 25H.(1,8)-(2,8)
26G.(1,-8)-(2,-5); 26H.(2,8)-(1,8)
27G.(2,-5)-(2,-1); 27H.(1,8)-(2,8)
28G.(2,-1)-(3,2); 28H.(2,8)-(1,8)
29G.F(0,-8); 29H.(1,8)-(2,8)
30G.(0,-8)-(0,-5); 30H.(2,8)-(1,8)
31G.(0,-5)-(0,-2); 31H.(1,8)-(2,8)
32G.(0,-2)-(-3,-2); 32H.(2,8)-(1,8)
"""
"""A whole game (also on docs/variants/iroh/rules.md): the Guest walks six tiles out of its home
point into the set of IE3/IE9 shape while the Host shuffles an Air."""


def test_whole_game_to_a_win():
    """L473-479 end to end: the set is completed on 32G, the Host's 32H leaves it, the Guest
    wins at the start of turn 33; the record replays and re-writes identically."""
    g = paisho.load_record(WIN_RECORD)
    assert g.outcome.winner == "guest" and g.outcome.reason == "four midline harmonies"
    assert g.state.turn == 33 and g.to_move == "guest"
    assert paisho.load_record(g.record()).record() == g.record()
    g.undo()
    assert g.outcome is None and g.position()["pending_win"] == ["guest"]
    g.undo()
    assert g.position()["pending_win"] == [] and winning_set(g, "guest") is None


# -- movement and areas (L437-470, rulings I8, I9, I15) -----------------------------------------

def test_water_moves_straight_on_white():
    """L441-442: Water moves up to 2 in a straight line on white points only."""
    g = position([(-2, 3, "W", "G")])
    assert from_point(g, -2, 3) == {"(-2,3)-(-2,2)", "(-2,3)-(-2,1)", "(-2,3)-(-3,3)",
                                    "(-2,3)-(-4,3)", "(-2,3)-(-1,3)", "(-2,3)-(0,3)",
                                    "(-2,3)-(-2,4)", "(-2,3)-(-2,5)"}


def test_entering_tiles_leave_the_home_point_by_their_areas():
    """Ruling I9: the start point is exempt; Earth uses neutral, Fire red, Water white."""
    g = position([(0, -8, "E", "G")])
    assert from_point(g, 0, -8) == {"(0,-8)-(0,-7)", "(0,-8)-(-1,-8)", "(0,-8)-(-2,-8)",
                                    "(0,-8)-(-3,-8)", "(0,-8)-(1,-8)", "(0,-8)-(2,-8)",
                                    "(0,-8)-(3,-8)"}
    g = position([(0, -8, "F", "G")])
    assert from_point(g, 0, -8) == {"(0,-8)-(0,-7)", "(0,-8)-(0,-6)", "(0,-8)-(0,-5)"}
    g = position([(0, -8, "W", "G")])
    assert from_point(g, 0, -8) == {"(0,-8)-(0,-7)", "(0,-8)-(0,-6)"}


def test_no_tile_ends_on_a_home_point():
    """Ruling I15: home points are for entering only (option may_occupy_home_points)."""
    g = position([(1, 8, "A", "G")])
    moves = from_point(g, 1, 8)
    assert "(1,8)-(0,8)" not in moves and "(1,8)-(-1,8)" in moves    # passes through the gate
    g = position([(1, 8, "A", "G")], options={"may_occupy_home_points": True})
    assert "(1,8)-(0,8)" in from_point(g, 1, 8)


def test_air_bends_around_tiles_and_cannot_pass_over():
    """L437-438: Air moves up to 4 and may turn; ruling I8: it never passes over a tile."""
    g = position([(0, 0, "A", "G"), (1, 0, "A", "H"), (-1, 0, "A", "H"), (0, 1, "A", "H")])
    moves = from_point(g, 0, 0)
    assert "(0,0)-(0,-4)" in moves and "(0,0)-(1,-1)" in moves and "(0,0)-(2,-2)" in moves
    assert "(0,0)-(0,2)" not in moves and "(0,0)-(2,0)" in moves   # round by (1,-1)
    g = position([(0, 0, "A", "G")], options={"air_steps": "king"})
    assert "(0,0)-(4,4)" in from_point(g, 0, 0)


def test_lotus_passes_over_tiles_but_cannot_land_on_them():
    """L452-454: the Lotus moves up to 5 straight, over tiles, and cannot take."""
    g = position([(2, -1, "L", "G"), (2, 0, "F", "H"), (2, 1, "R", "G"), (2, 3, "W", "H")])
    moves = from_point(g, 2, -1)
    assert "(2,-1)-(2,2)" in moves and "(2,-1)-(2,4)" in moves
    assert "(2,-1)-(2,0)" not in moves and "(2,-1)-(2,3)" not in moves and "(2,-1)-(2,5)" not in moves


def test_straight_movers_stop_at_tiles():
    """Ruling I8: only the Lotus passes over tiles."""
    g = position([(-3, -1, "F", "G"), (-3, -2, "K", "G")])
    assert not any(m.endswith("(-3,-3)") for m in from_point(g, -3, -1))


# -- Knotweed and Fire (L450-451, L456-457, rulings I10-I12) ------------------------------------

def test_fire_burns_a_touching_knotweed():
    """L450-451, ruling I12: burning is a turn of its own; the Fire stays."""
    g = position([(2, 2, "K", "H"), (3, 3, "F", "G"), (1, 2, "A", "G")])
    assert "burn(2,2)" in texts(g)
    g.play("burn(2,2)")
    assert g.state.board[board.index(2, 2)] is None
    assert g.state.board[board.index(3, 3)].code == "F"
    assert g.state.piles["captured"]["host"] == {"K": 1}


def test_fire_burn_options():
    tiles = [(2, 2, "K", "H"), (3, 3, "F", "G"), (-5, 5, "A", "H")]
    g = position(tiles, options={"fire_burn": "capture_only"})
    assert "burn(2,2)" not in texts(g) and "(3,3)-(2,2)" not in texts(g)   # diagonal: no capture
    g = position(tiles, options={"fire_burn": "automatic"}, reserves={"guest": {"A": 1}, "host": {}})
    g.play("A(0,-8)")
    assert g.state.board[board.index(2, 2)] is None


def test_knotweed_placement_and_capture():
    """L456 and ruling I10: a Knotweed is placed on any empty point away from the home points
    (Basic's Knotweed rule, L183-184, so that a first-turn Knotweed cannot freeze the opponent's
    entering tile for good); ruling I11: it can be taken."""
    g = position([], reserves={"guest": {"K": 1, "R": 1}, "host": {}})
    t = texts(g)
    assert "K(5,5)" in t and "K(0,-8)" not in t and "K(1,-7)" not in t and "K(-1,8)" not in t
    assert "K(2,-6)" in t and "R(1,-7)" in t
    g = position([], reserves={"guest": {"K": 1, "R": 1}, "host": {}},
                 options={"knotweed_placement": "anywhere", "rocks_away_from_homes": True})
    t = texts(g)
    assert "K(1,-7)" in t and "K(0,8)" not in t and "R(1,-7)" not in t
    g = position([], reserves={"guest": {"K": 1}, "host": {}},
                 options={"knotweed_placement": "home_point"})
    assert {m for m in texts(g) if m.startswith("K")} == {"K(0,-8)"}
    g = position([(0, 3, "K", "H"), (0, 1, "F", "G")])
    assert "(0,1)-(0,3)" in texts(g)


def test_orthogonal_neighbourhood_option():
    g = position([(2, 2, "K", "H"), (1, 1, "A", "G")], options={"neighbourhood": "orthogonal"})
    assert from_point(g, 1, 1)
    g = position([(2, 2, "K", "H"), (1, 1, "A", "G")])
    assert not from_point(g, 1, 1)


def test_lotus_harmonizes_for_both_players():
    """L453-454, ruling I4: a Lotus pairs with either player's tiles; two Lotuses count for both."""
    g = position([(-2, 3, "L", "H"), (2, 3, "A", "G"), (-2, -3, "A", "H")])
    assert has(g, (-2, 3), (2, 3), "guest") and has(g, (-2, 3), (-2, -3), "host")
    g = position([(-2, 3, "L", "H"), (2, 3, "L", "G")])
    assert has(g, (-2, 3), (2, 3), "guest") and has(g, (-2, 3), (2, 3), "host")
    g = position([(-2, 3, "L", "H"), (2, 3, "L", "G")], options={"lotus_pair_counts": "none"})
    assert g.harmonies() == []


def test_empty_gate_does_not_cut_a_line():
    """Ruling I16: an empty gate is an empty point (option gates_block_lines)."""
    tiles = [(-2, 8, "A", "G"), (3, 8, "A", "G")]
    assert has(position(tiles), (-2, 8), (3, 8))
    assert position(tiles, options={"gates_block_lines": True}).harmonies() == []


# -- endings that the book leaves open (rulings I1, I17, G7) ------------------------------------

def test_pass_only_when_stuck_and_two_passes_draw():
    g = position([(2, 2, "K", "H"), (1, 2, "A", "G")], reserves={"guest": {}, "host": {}})
    assert texts(g) == {"pass"}
    g.play("pass")
    assert g.outcome is None
    g.play("pass")
    assert g.outcome.winner is None and g.outcome.reason == "both players passed"


def test_threefold_repetition_option():
    """G7: with repetition_draw the third occurrence of a position draws."""
    cycle = ["(5,5)-(5,6)", "(-5,-5)-(-5,-6)", "(5,6)-(5,5)", "(-5,-6)-(-5,-5)"]
    g = position([(5, 5, "A", "G"), (-5, -5, "A", "H")], options={"repetition_draw": True})
    n = 0
    while g.outcome is None:
        g.play(cycle[n % 4])
        n += 1
    assert g.outcome.reason == "threefold repetition" and n == 9
    g = position([(5, 5, "A", "G"), (-5, -5, "A", "H")])
    for n in range(12):
        g.play(cycle[n % 4])
    assert g.outcome is None


def test_turn_limit():
    g = paisho.new_game("iroh", options={"max_turns": 3}, seed=1)
    rng = random.Random(0)
    while g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    assert g.outcome.reason == "turn limit" and g.ply == 6


def test_bad_options_and_positions():
    with pytest.raises(paisho.VariantError):
        paisho.new_game("iroh", options={"max_turns": -1})
    with pytest.raises(paisho.VariantError):
        paisho.new_game("iroh", options={"proclamation": "shout"})
    with pytest.raises(PositionError) as exc:
        position([], pending_win=["nobody"], passes=7)
    paths = [p for p, _m in exc.value.problems]
    assert "$.pending_win" in paths and "$.passes" in paths


def test_notation_errors_and_illegal_moves_change_nothing():
    g = paisho.new_game("iroh", seed=3)
    before = g.position()
    for text in ("1G.Q(0,-8)", "1G.(0,-8)-", "1G.burn(9,9)", "1G.hello"):
        with pytest.raises(NotationError):
            g.play(text)
    for text in ("1G.A(0,8)", "1G.(0,-8)-(0,-7)", "A(3,3)", "1H.A(0,8)", "2G.A(0,-8)"):
        with pytest.raises(IllegalMoveError):
            g.play(text)
    assert g.position() == before
    g.play("1G.A(0,-8)")
    assert g.record().splitlines()[-1] == "1G.A(0,-8)"


# -- the win test against brute force ------------------------------------------------------------

OFF = [v for v in range(-4, 5) if v]


def naive_pairs(game):
    """Every harmony by looking at every two tiles (no scanning), straight from L408-412,
    L446-447, L453-457, L460 and rulings I3-I7."""
    st = game.state
    rules = ih.LineRules.of(game.options)
    out = {}
    tiles = [(i, t) for i, t in st.tiles()]
    harmonizer = {"A", "W", "E", "F", "L"}
    for (a, ta), (b, tb) in itertools.combinations(tiles, 2):
        (ax, ay), (bx, by) = board.coords(a), board.coords(b)
        if 0 in (ax, ay, bx, by):
            continue
        if ay == by and ax * bx < 0:
            arm = "N" if ay > 0 else "S"
        elif ax == bx and ay * by < 0:
            arm = "E" if ax > 0 else "W"
        else:
            continue
        ca, cb = ta.code, tb.code
        earth = "E" in (ca, cb)
        if ca == "R" or cb == "R":
            if not ({ca, cb} == {"E", "R"}):
                continue
            earth_owner = ta.owner if ca == "E" else tb.owner
            owners = (earth_owner,) if (ta.owner == tb.owner or rules.earth_any_rock) else None
        elif ca in harmonizer and cb in harmonizer:
            if ca == "L" and cb == "L":
                owners = ("host", "guest") if rules.lotus_pair else None
            elif ca == "L":
                owners = (tb.owner,)
            elif cb == "L":
                owners = (ta.owner,)
            else:
                owners = (ta.owner,) if ta.owner == tb.owner else None
        else:
            continue
        if owners is None:
            continue
        blocked = False
        for p in _between(a, b):
            t = st.board[p]
            if t is None or t.code == "K" or (t.code == "R" and earth):
                continue
            blocked = True
        if not blocked:
            out[(min(a, b), max(a, b))] = (arm, owners)
    return [(a, b, arm, owners) for (a, b), (arm, owners) in sorted(out.items())]


def _between(a, b):
    from paisho_variants.iroh.geometry import between
    return between(a, b)


def brute_force_set(pair_list, player, state):
    """Try every choice of one harmony per arm and check the tile limits directly."""
    by_arm = {arm: [(a, b) for a, b, x, o in pair_list if x == arm and player in o]
              for arm in "NESW"}
    count = 0
    for choice in itertools.product(*by_arm.values()):
        use = {}
        for a, b in choice:
            use[a] = use.get(a, 0) + 1
            use[b] = use.get(b, 0) + 1
        if all(n <= (2 if state.board[i].code == "W" else 1) for i, n in use.items()):
            count += 1
    return count


def brute_force_cover(pair_list, player, state):
    """The most arms covered at once, trying every choice of at most one harmony per arm."""
    by_arm = [[(a, b) for a, b, x, o in pair_list if x == arm and player in o] + [None]
              for arm in "NESW"]
    best = 0
    for choice in itertools.product(*by_arm):
        use = {}
        for pair in choice:
            for i in pair or ():
                use[i] = use.get(i, 0) + 1
        if all(n <= (2 if state.board[i].code == "W" else 1) for i, n in use.items()):
            best = max(best, sum(1 for pair in choice if pair))
    return best


def random_position(rng, options):
    """Tiles of both sets scattered on the centre of the board, where lines cross often."""
    points = [(x, y) for x in range(-4, 5) for y in range(-4, 5)]
    rng.shuffle(points)
    pools = {o: [c for c, n in COUNTS.items() for _ in range(n)] for o in "GH"}
    tiles = []
    for x, y in points[:rng.randint(8, 26)]:
        if (x == 0 or y == 0) and rng.random() < 0.7:
            continue
        owner = rng.choice("GGGH")
        pool = pools[owner]
        if not pool:
            continue
        code = pool.pop(rng.randrange(len(pool)))
        if code in "RK" and rng.random() < 0.5 and pool:
            code = pool.pop(rng.randrange(len(pool)))
        tiles.append((x, y, code, owner))
    return position(tiles, options=options)


@pytest.mark.parametrize("options", [{}, {"earth_rock_owner": "any", "lotus_pair_counts": "none"}])
def test_win_test_matches_brute_force(options):
    """Acceptance 1: candidate harmonies and the four-arm set against brute force."""
    rng = random.Random(2024)
    wins = losses = 0
    for k in range(1000):
        g = random_position(rng, options)
        assert list(pairs(g)) == naive_pairs(g)
        for player in ("guest", "host"):
            n = brute_force_set(pairs(g), player, g.state)
            found = winning_set(g, player)
            assert (found is not None) == (n > 0)
            if k < 200:
                cover = ih.arms_coverable(pairs(g), player, ih.capacity_of(g.state, roles(g.variant)))
                assert cover == brute_force_cover(pairs(g), player, g.state)
                assert (cover == 4) == (n > 0)
            if found:
                wins += 1
                arms = set()
                use = {}
                for a, b in found:
                    arm = next(x for p, q, x, o in pairs(g) if (p, q) == (a, b) and player in o)
                    arms.add(arm)
                    for i in (a, b):
                        use[i] = use.get(i, 0) + 1
                assert arms == {"N", "E", "S", "W"}
                assert all(n <= (2 if g.state.board[i].code == "W" else 1) for i, n in use.items())
            else:
                losses += 1
    assert wins > 30 and losses > 30


# -- property tests: random games ----------------------------------------------------------------

OPTION_SETS = [
    {},
    {"proclamation": "explicit", "fire_burn": "automatic", "air_steps": "king",
     "knotweed_placement": "anywhere", "rocks_away_from_homes": True, "earth_rock_owner": "any"},
    {"fire_burn": "capture_only", "knotweed_placement": "home_point", "neighbourhood": "orthogonal",
     "may_occupy_home_points": True, "gates_block_lines": True, "knotweed_blocks_lines": True,
     "repetition_draw": True},
]


def accounted(game):
    """Every tile is on the board, in its owner's reserve, or captured."""
    st = game.state
    for p in ("host", "guest"):
        seen = dict(st.pile("reserve", p))
        for code, n in st.pile("captured", p).items():
            seen[code] = seen.get(code, 0) + n
        for _i, t in st.tiles(p):
            seen[t.code] = seen.get(t.code, 0) + 1
        assert seen == COUNTS, (p, seen)


def _progress(game, me):
    if game.outcome is not None:
        return 10 if game.outcome.winner == me else -10
    if winning_set(game, me):
        return 6
    return len({arm for _a, _b, arm, owners in pairs(game) if me in owners})


def greedy_choice(game, rng):
    """A random player leaning towards covering more midline arms, so that wins occur."""
    moves = game.legal_moves()
    if rng.random() < 0.3:
        return rng.choice(moves)
    me = game.to_move
    best, score = None, -99.0
    for m in rng.sample(moves, min(len(moves), 16)):
        trial = game.copy()
        trial.play(m)
        s = _progress(trial, me) + rng.random() * 0.5
        if s > score:
            best, score = m, s
    return best


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games(seed, which):
    """Acceptance 2: games end within the bound, tiles are accounted for, undo is exact, records
    and positions round-trip, replays are deterministic, an illegal move changes nothing."""
    options = dict(OPTION_SETS[which], max_turns=40)
    rng = random.Random(seed)
    g = paisho.new_game("iroh", options=options, seed=seed)
    while g.outcome is None:
        assert g.ply <= 2 * 40
        accounted(g)
        before = g.position()
        if rng.random() < 0.2:
            bad = rng.choice(["(0,0)-(0,0)", "A(0,8)" if g.to_move == "guest" else "A(0,-8)",
                              "burn(8,8)", f"{g.state.turn}{'H' if g.to_move == 'guest' else 'G'}.pass",
                              "9G.(1,1)-", "Z(0,-8)"])
            with pytest.raises((IllegalMoveError, NotationError)):
                g.play(bad)
            assert g.position() == before
        m = greedy_choice(g, rng)
        g.play(m)
        if rng.random() < 0.1:
            g.undo()
            assert g.position() == before
            g.play(m)
        if rng.random() < 0.05:
            mid = paisho.from_position(g.position())
            assert mid.position() == g.position()
            assert [str(x) for x in mid.legal_moves()] == [str(x) for x in g.legal_moves()]
    accounted(g)
    with pytest.raises(IllegalMoveError):
        g.play("A(0,-8)")
    replay = paisho.load_record(g.record())
    assert same(replay.position(), g.position())
    assert replay.record() == g.record()
    assert replay.outcome == g.outcome
    back = paisho.from_position(g.position())
    assert back.position() == g.position()


MID_GUEST = [t for t in IE9 if (t[0], t[1]) not in ((-3, -2), (3, -2))]
MID_HOST = [(6, 5, "A", "H"), (-5, -6, "A", "H"), (4, -6, "K", "H"), (-6, 5, "E", "H")]


def _reserve(tiles, who):
    left = dict(COUNTS)
    for _x, _y, code, owner in tiles:
        if owner == who:
            left[code] -= 1
    return {c: n for c, n in left.items() if n}


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games_from_midgame(seed, which):
    """Property tests from a position two moves short of IE9, where wins (and the one-turn
    window) happen often: every ending is legal, undo is exact, positions round-trip."""
    g = position(MID_GUEST + MID_HOST, reserves={"guest": _reserve(MID_GUEST, "G"),
                                                 "host": _reserve(MID_HOST, "H")},
                 options=dict(OPTION_SETS[which], max_turns=20))
    rng = random.Random(seed)
    while g.outcome is None:
        assert g.state.turn <= 20
        accounted(g)
        before = g.position()
        m = greedy_choice(g, rng)
        g.play(m)
        if g.outcome is not None and g.outcome.winner:
            assert winning_set(g, g.outcome.winner)
        if rng.random() < 0.2:
            g.undo()
            assert g.position() == before
            g.play(m)
        back = paisho.from_position(g.position())
        assert back.position() == g.position() and back.outcome == g.outcome
    accounted(g)


def test_default_game_ends():
    """G7: with default options a random game ends (turn limit 200)."""
    rng = random.Random(5)
    g = paisho.new_game("iroh", seed=5)
    while g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    assert g.ply <= 400


def test_cli_play_piped():
    script = "moves\nA(0,-8)\n1H.W(0,8)\n(0,-8)-(1,-7)\nquit\n"
    out = subprocess.run([sys.executable, "-m", "paisho_core.cli", "play", "iroh"], input=script,
                         capture_output=True, text=True, timeout=60)
    if out.returncode and "ImportError" in out.stderr and "iroh" not in out.stderr:
        pytest.skip("the core CLI does not import right now: " + out.stderr.strip().splitlines()[-1])
    assert out.returncode == 0, out.stderr
    assert "A(0,-8)" in out.stdout and "not played" not in out.stdout
