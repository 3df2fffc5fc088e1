"""Modern Pai Sho: the book's rule statements as positions, plus random-game properties.

Source: ``shared/rules/official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt`` chapter 4
(L580-693); test ids ME1-ME9 are those of ``shared/digests/book-variants.md`` section 5.4.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import paisho_core as paisho
from paisho_core import board
from paisho_core.errors import IllegalMoveError, NotationError, PositionError, VariantError

from .random_games import assert_record_round_trip, play_checked

V = "modern"
LOTUSES = {(-6, 6): "HL", (6, -6): "GL"}


def pos(tiles, to_move="guest", turn=5, reserves=None, **options):
    """A position: ``tiles`` maps (x, y) to 'GF', 'HAv', ... (owner letter + tile code)."""
    entries = [{"x": x, "y": y, "tile": t[1:], "owner": "guest" if t[0] == "G" else "host"}
               for (x, y), t in tiles.items()]
    data = {"variant": V, "options": options, "to_move": to_move, "turn": turn, "board": entries}
    if reserves:
        data["reserves"] = reserves
    return paisho.from_position(data)


def at(game, x, y):
    t = game.state.board[board.index(x, y)]
    return None if t is None else ("G" if t.owner == "guest" else "H") + t.code


def texts(game):
    return {str(m) for m in game.legal_moves()}


def test_me1_tile_landing_next_to_one_it_defeats_removes_it():
    """ME1, L658 and L670: a Guest Fire steps next to a Host Air; the Air is removed."""
    game = pos({(0, -3): "GF", (1, -2): "HA", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, 1, -2) is None and at(game, 0, -2) == "GF"
    assert game.position()["piles"]["removed"]["host"] == {"A": 1}


def test_me2_tile_landing_next_to_its_defeater_is_removed():
    """ME2, L658-659 and L676: a Guest Fire steps next to a Host Earth; the Fire is removed."""
    game = pos({(0, -3): "GF", (1, -2): "HE", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, 0, -2) is None and at(game, 1, -2) == "HE"
    assert game.position()["piles"]["removed"]["guest"] == {"F": 1}


def test_me3_neutral_nations_do_nothing():
    """ME3, L670: Fire is neutral to Water."""
    game = pos({(0, -3): "GF", (1, -2): "HW", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, 0, -2) == "GF" and at(game, 1, -2) == "HW"


def test_me4_avatar_defeats_what_it_attacks_and_falls_to_attackers():
    """ME4, L659-660 and L678: a Fire attacking the Avatar removes it; an attacking Avatar
    removes every enemy next to it."""
    game = pos({(0, -3): "GF", (1, -2): "HAv", (-5, 5): "HW", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, 1, -2) is None and at(game, 0, -2) == "GF"
    game = pos({(0, -3): "GAv", (1, -2): "HE", (-1, -2): "HF", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, 0, -2) == "GAv" and at(game, 1, -2) is None and at(game, -1, -2) is None


def test_m6_simultaneous_resolution_and_defender_first():
    """L658-659, ruling M6: a Fire landing next to an Air and an Earth removes the Air and is
    removed by the Earth; with resolution=defender_first only the Fire goes."""
    tiles = {(0, -3): "GF", (1, -2): "HA", (-1, -2): "HE", **LOTUSES}
    game = pos(tiles)
    game.play("(0,-3)-(0,-2)")
    assert at(game, 0, -2) is None and at(game, 1, -2) is None and at(game, -1, -2) == "HE"
    game = pos(tiles, resolution="defender_first")
    game.play("(0,-3)-(0,-2)")
    assert at(game, 0, -2) is None and at(game, 1, -2) == "HA"


def test_me5_avatar_comes_back_when_its_point_is_free_and_safe():
    """ME5, L662-664: a defeated Avatar returns on its starting point when its owner's turn
    begins, unless the point is occupied or attacked; it then waits."""
    home = (-5, 5)  # the Host Avatar's point in the invented layout (rulings page)
    game = pos({(0, -3): "GF", (1, -2): "HAv", (-3, 3): "HW", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, *home) == "HAv"
    assert game.position()["reserves"]["host"] == {}
    # a Guest tile next to the starting point keeps it waiting until it leaves
    game = pos({(0, -3): "GF", (1, -2): "HAv", (-5, 4): "GW", (-3, 3): "HW", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, *home) is None and game.position()["reserves"]["host"] == {"Av": 1}
    game.play("(-3,3)-(-3,2)")
    game.play("(-5,4)-(-5,3)")
    assert at(game, *home) == "HAv"
    # an occupied starting point keeps it waiting too
    game = pos({(0, -3): "GF", (1, -2): "HAv", home: "HW", **LOTUSES})
    game.play("(0,-3)-(0,-2)")
    assert at(game, *home) == "HW" and game.position()["reserves"]["host"] == {"Av": 1}


def test_avatar_returns_beside_an_enemy_lotus():
    """Issue 20 item 6, L662-664 and L678: the Avatar waits while a tile is on its point or
    attacks it; the White Lotus attacks nothing (L655-656), so an enemy Lotus next to the point
    does not keep it waiting.  ``avatar_return=unless_enemy_adjacent`` is the older reading."""
    home = (-5, 5)
    tiles = {(0, -3): "GF", (1, -2): "HAv", (-5, 4): "GL", (-3, 3): "HW", (-6, 6): "HL"}
    game = pos(tiles)
    game.play("(0,-3)-(0,-2)")
    assert at(game, *home) == "HAv"
    assert game.flags()["captured"] == 1 << board.index(-5, 4)  # the Lotus must now escape
    game = pos(tiles, avatar_return="unless_enemy_adjacent")
    game.play("(0,-3)-(0,-2)")
    assert at(game, *home) is None and game.position()["reserves"]["host"] == {"Av": 1}


def test_me6_captured_lotus_must_escape_or_dies():
    """ME6, L655-656 and L687-688: a Lotus with an enemy next to it must step to a safe point
    this turn; if it cannot, it is dead and its owner loses."""
    game = pos({(2, -5): "GL", (2, -4): "HW", (-4, -4): "GF", (-6, 6): "HL"})
    assert game.flags()["captured"] == 1 << board.index(2, -5)
    assert texts(game) == {"(2,-5)-(1,-5)", "(2,-5)-(3,-5)", "(2,-5)-(2,-6)"}
    tiles = {(2, -5): "GL", (1, -5): "GF", (3, -6): "HW", (2, -3): "HA", (-6, 6): "HL"}
    game = pos(tiles, to_move="host")
    game.play("(2,-3)-(2,-4)")
    assert game.outcome.winner == "host" and game.outcome.reason == "white lotus dead"
    # with lotus_escape=any_move_that_ends_capture the Fire may defeat the Air instead
    game = pos(tiles, to_move="host", lotus_escape="any_move_that_ends_capture")
    game.play("(2,-3)-(2,-4)")
    assert game.outcome is None
    assert "(1,-5)-(1,-4)" in texts(game)
    game.play("(1,-5)-(1,-4)")
    assert at(game, 2, -4) is None and game.flags()["captured"] == 0


def test_me7_spirit_portal_held_for_a_full_turn_wins():
    """ME7, L690-691: a Lotus that reaches the Spirit Portal and is still there, uncaptured,
    when its owner's next turn begins wins; an enemy moving next to it forces it to escape."""
    tiles = {(0, -1): "GL", (2, 0): "HF", (-5, 5): "HW", (-6, 6): "HL"}
    game = pos(tiles)
    game.play("(0,-1)-(0,0)")
    assert game.outcome is None
    game.play("(-5,5)-(-5,4)")
    assert game.outcome.winner == "guest" and game.outcome.reason == "spirit portal"
    game = pos(tiles)
    game.play("(0,-1)-(0,0)")
    game.play("(2,0)-(1,0)")
    assert game.outcome is None
    assert all(m.src == board.index(0, 0) for m in game.legal_moves())
    fast = pos(tiles, portal_win="immediate_if_no_enemy_adjacent")
    fast.play("(0,-1)-(0,0)")
    assert fast.outcome.winner == "guest"


def test_m10_lotus_does_not_step_into_danger():
    """Ruling M10: the Lotus may not step next to an enemy unless lotus_may_step_into_danger."""
    tiles = {(0, -3): "GL", (1, -2): "HW", (-6, 6): "HL"}
    assert "(0,-3)-(0,-2)" not in texts(pos(tiles))
    assert "(0,-3)-(0,-2)" in texts(pos(tiles, lotus_may_step_into_danger=True))


def test_me8_lotus_cannot_hop():
    """ME8, L655: the White Lotus cannot jump."""
    game = pos({(0, -3): "GL", (0, -2): "GW", (0, -6): "GE", (0, -5): "GW", **{(-6, 6): "HL"}})
    assert "(0,-3)-(0,-1)" not in texts(game)
    assert "(0,-6)-(0,-4)" in texts(game)  # an Earth may hop the Water


def test_me9_step_then_hops_or_hops_then_step_over_own_tiles_only():
    """ME9, L626-628, L652-653 and L666-668: a step may come before or after the hops; hops go
    over the mover's own tiles only."""
    game = pos({(0, -5): "GE", (1, -4): "GW", (-1, -5): "HF", **LOTUSES})
    moves = texts(game)
    assert "(0,-5)-(2,-4)" in moves  # step to (0,-4), hop the Water
    assert "(0,-5)-(-2,-5)" not in moves  # a hop over the Host Fire
    game = pos({(0, -5): "GE", (0, -4): "GW", **LOTUSES})
    assert "(0,-5)-(1,-3)" in texts(game)  # hop to (0,-3), then step
    assert "(0,-5)-(1,-2)" not in texts(game)  # hop, step, hop is not a move by default
    game = pos({(0, -5): "GE", (0, -4): "GW", (1, -2): "GA", **LOTUSES}, hops_both_sides=True)
    assert "(0,-5)-(1,-1)" in texts(game)  # hop to (0,-3), step to (1,-3), hop the Air
    game = pos({(0, -5): "GE", **LOTUSES}, adjacency=8)
    assert "(0,-5)-(1,-4)" in texts(game)  # a diagonal step


def test_notation_options_and_positions():
    """Malformed turns, unknown layouts and impossible positions are reported clearly."""
    game = paisho.new_game(V, seed=1)
    for bad in ("1G.(0,0)", "1G.F(0,0)", "1G.(0,9)-(0,0)"):
        with pytest.raises(NotationError):
            game.play(bad)
    with pytest.raises(IllegalMoveError):
        game.play("1G.(0,0)-(0,1)")
    with pytest.raises(VariantError):
        paisho.new_game(V, options={"layout": "printed"})
    with pytest.raises(PositionError):
        pos({(0, 0): "GF"}, reserves={"guest": {"F": 1}})


def test_setup_from_the_yaml_layout():
    """L600-612: 14 tiles each (3 of each nation, one White Lotus, one Avatar), all on the board."""
    game = paisho.new_game(V, seed=1)
    for p in ("host", "guest"):
        codes = sorted(t.code for _i, t in game.state.tiles(p))
        assert codes == sorted(["W"] * 3 + ["F"] * 3 + ["A"] * 3 + ["E"] * 3 + ["L", "Av"])
    assert at(game, 6, -6) == "GL" and at(game, -5, 5) == "HAv"


def test_repetition_draw_and_undo():
    """Ruling 'Games that do not end': the third occurrence of a position is a draw; undo takes
    the count back."""
    game = pos({(0, -6): "GW", (0, 6): "HW", **LOTUSES})
    cycle = ["(0,-6)-(0,-7)", "(0,6)-(0,7)", "(0,-7)-(0,-6)", "(0,7)-(0,6)"]
    for m in cycle * 2:
        game.play(m)
    assert game.outcome.reason == "repetition"
    game.undo()
    assert game.outcome is None
    game.play(cycle[-1])
    assert game.outcome.reason == "repetition"


# -- properties of random games ----------------------------------------------------------------

OPTION_SETS = [
    {"max_turns": 30},
    {"max_turns": 30, "adjacency": 8, "resolution": "defender_first"},
    {"max_turns": 30, "hops_both_sides": True, "lotus_escape": "any_move_that_ends_capture",
     "lotus_may_step_into_danger": True, "portal_win": "immediate_if_no_enemy_adjacent"},
    {"max_turns": 30, "repetition": 2, "no_move": "loses"},
]

FULL = sorted(["W"] * 3 + ["F"] * 3 + ["A"] * 3 + ["E"] * 3 + ["L", "Av"])


def _all_tiles(game, player):
    st = game.state
    codes = [t.code for _i, t in st.tiles(player)]
    for pile in ("reserve", "removed"):
        for code, n in st.pile(pile, player).items():
            codes += [code] * n
    return sorted(codes)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games(seed, which):
    """Random games end within the turn limit, account for all 28 tiles, undo exactly, and
    round-trip through records and positions."""
    options = OPTION_SETS[which]
    rng = random.Random(seed)
    game = paisho.new_game(V, options=options, seed=seed)

    def all_28_tiles(game):
        assert _all_tiles(game, "host") == FULL and _all_tiles(game, "guest") == FULL

    play_checked(game, rng, options["max_turns"], all_28_tiles)
    out = game.outcome
    if out.reason == "white lotus dead":
        assert game.state.to_move != out.winner and game.flags()["captured"]
    elif out.reason == "spirit portal":
        assert game.state.board[board.index(0, 0)].code == "L"
    assert_record_round_trip(game)


def test_evaluation_for_computer_players():
    """paisho_evaluate: a captured Lotus is bad for its owner."""
    from paisho_core.players import evaluate

    game = pos({(2, -5): "GL", (2, -4): "HW", (-4, -4): "GW", (-6, 6): "HL"})
    assert evaluate(game, "guest") < 0 < evaluate(game, "host")


def test_rules_page_worked_example():
    """docs/variants/modern/rules.md, 'A worked example': defeats (L658-660, L670-678), the
    Avatar's return (L662-664), the Lotus captured on the Portal (L655-656, L690-691)."""
    tiles = {(0, -2): "GL", (2, -3): "GF", (3, -1): "GAv", (-2, -3): "GW", (2, -1): "HA",
             (4, -2): "HE", (1, 1): "HW", (-6, 6): "HL", (-3, 3): "HF"}
    game = pos(tiles, turn=10)
    game.play("10G.(2,-3)-(2,-2)")
    assert at(game, 2, -1) is None
    game.play("10H.(4,-2)-(3,-2)")
    assert at(game, 2, -2) is None and at(game, 3, -1) is None and at(game, 5, -5) == "GAv"
    for turn in ("11G.(0,-2)-(0,-1)", "11H.(-3,3)-(-3,2)", "12G.(0,-1)-(0,0)"):
        game.play(turn)
    game.play("12H.(1,1)-(1,0)")
    assert texts(game) == {"(0,0)-(-1,0)", "(0,0)-(0,-1)", "(0,0)-(0,1)"}
    game.undo()
    game.play("12H.(-3,2)-(-3,1)")
    assert game.outcome.winner == "guest" and game.outcome.reason == "spirit portal"
