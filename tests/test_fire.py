"""Fire Pai Sho from its rules: fire-pai-sho-rules.txt and skud-fire-reference.md section 3.

Each test builds a position in the spec's position format, makes one move and checks one
result; the docstring names the rule it comes from.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paisho_core as paisho
from paisho_core import board


def fire(tiles, to_move="guest", phase="turn", turn=5, options=None, reserves=None, library=None,
         drawn=None):
    """A Fire position: tiles as (x, y, code, owner) with owner 'g' or 'h'."""
    full_lib = {"R3": 1, "R4": 1, "R5": 1, "W3": 1, "W4": 1, "W5": 1, "L": 1, "O": 1}
    full_res = {"R3": 1, "R4": 1, "R5": 1, "W3": 1, "W4": 1, "W5": 1, "R": 1, "W": 1, "K": 1, "B": 1}
    data = {
        "variant": "fire", "options": options or {}, "to_move": to_move, "phase": phase, "turn": turn,
        "board": [{"x": x, "y": y, "tile": c, "owner": "guest" if o == "g" else "host"}
                  for x, y, c, o in tiles],
        "reserves": reserves or {"guest": dict(full_res), "host": dict(full_res)},
        "piles": {"library": library or {"guest": {}, "host": {}}},
    }
    if drawn:
        data["drawn"] = drawn
    if library is None:
        data["piles"]["library"] = {"guest": dict(full_lib), "host": dict(full_lib)}
        for x, y, c, o in tiles:
            who = "guest" if o == "g" else "host"
            pile = data["piles"]["library"][who] if c in full_lib and data["piles"]["library"][who].get(c) else data["reserves"][who]
            if pile.get(c):
                pile[c] -= 1
    return paisho.from_position(data)


def harmony_pairs(game):
    return {frozenset((h.a, h.b)): h.owner for h in game.harmonies()}


def moves(game):
    return {str(m) for m in game.legal_moves()}


def test_first_move_on_red_and_white_points():
    """Fire rules, Setup: the Guest's first tile goes on a midline point; the reference engine
    also allows the centre and the four midline ends (reference 3.2): 29 points x 8 tiles."""
    game = paisho.new_game("fire", seed=1)
    first = moves(game)
    assert len(first) == 29 * 8
    assert "R4(0,-3)" in first and "L(0,0)" in first and "O(7,0)" in first
    assert "R3(1,1)" not in first


def test_strict_midline_opener_option():
    """Rulings: StrictMidlineOpener keeps the first tile off the four midline ends."""
    game = paisho.new_game("fire", options={"StrictMidlineOpener": True}, seed=1)
    first = moves(game)
    assert len(first) == 25 * 8
    assert "O(7,0)" not in first and "R4(0,-3)" in first


def test_planting_only_on_neutral_points():
    """Fire rules, Playing a turn: planting is in the neutral garden, not the midlines or the
    centre; borders carry Neutral (reference 3.3)."""
    game = fire([(0, -3, "R4", "g")], to_move="host", turn=1)
    plants = {m for m in moves(game) if not m.startswith("(")}
    assert "W3(-5,7)" in plants          # pure neutral
    assert "W3(0,7)" in plants           # midline end: red, white and neutral
    assert "W3(1,6)" in plants           # border, red + neutral, any colour may stand there
    assert "W3(1,1)" not in plants       # red garden
    assert "W3(0,2)" not in plants       # midline inside the gardens
    assert not any(m.endswith("(0,8)") for m in plants)  # gates


def test_no_midline_end_planting_option():
    """Rulings: NoMidlineEndPlanting excludes (0,7), (0,-7), (7,0), (-7,0)."""
    game = fire([(0, -3, "R4", "g")], to_move="host", turn=1, options={"NoMidlineEndPlanting": True})
    plants = moves(game)
    assert "W3(0,7)" not in plants and "W3(-5,7)" in plants


def test_no_captures():
    """Fire rules, Differences from Skud: there is no capturing."""
    game = fire([(-6, 4, "R3", "g"), (-5, 5, "W3", "h")])
    assert not any(m.endswith("(-5,5)") for m in moves(game))
    skud = paisho.from_position({"variant": "skud", "to_move": "guest", "turn": 5, "board": [
        {"x": -6, "y": 4, "tile": "R3", "owner": "guest"}, {"x": -5, "y": 5, "tile": "W3", "owner": "host"}],
        "reserves": {"guest": {"R3": 1}, "host": {"R3": 1}}})
    assert "(-6,4)-(-5,5)" in {str(m) for m in skud.legal_moves()}  # the same move captures in Skud


def test_planting_into_a_clash_is_illegal():
    """Fire rules, Disharmony: no move may leave two clashing flowers lined up."""
    game = fire([(-6, 4, "R3", "g"), (4, 7, "R5", "h")])
    plants = moves(game)
    assert "W3(-6,6)" not in plants    # would face the R3 along x = -6
    assert "W3(-7,5)" in plants


def test_rock_buff_joins_same_owner_tiles_on_its_lines():
    """Fire rules, Rock: creates harmonies between all same-player tiles on its lines
    (reference 3.4: R3~R3 on a Rock's row harmonize)."""
    game = fire([(-6, 5, "R3", "g"), (6, 5, "R3", "g"), (0, -7, "R", "h")])
    assert frozenset(((-6, 5), (6, 5))) not in harmony_pairs(game)
    game = fire([(-6, 5, "R3", "g"), (6, 5, "R3", "g"), (-7, 5, "R", "h")])
    assert harmony_pairs(game)[frozenset(((-6, 5), (6, 5)))] == "guest"


def test_rock_buff_does_not_join_opponents():
    """Fire rules, Rock: same-player tiles only (reference: same owner)."""
    game = fire([(-6, 5, "R3", "g"), (6, 5, "R3", "h"), (-7, 5, "R", "h")])
    assert frozenset(((-6, 5), (6, 5))) not in harmony_pairs(game)


def test_rock_same_colour_option():
    """Rulings: RockBuffSameColour restricts the buff to tiles of one flower colour."""
    tiles = [(-6, 5, "R3", "g"), (6, 5, "W4", "g"), (-7, 5, "R", "h")]
    assert frozenset(((-6, 5), (6, 5))) in harmony_pairs(fire(tiles))
    assert frozenset(((-6, 5), (6, 5))) not in harmony_pairs(fire(tiles, options={"RockBuffSameColour": True}))


def test_knotweed_boost_and_flag():
    """Fire rules, Knotweed: surrounding tiles harmonize with all other same-player tiles;
    the reference excludes the White Lotus from the boost (reference 3.4)."""
    game = fire([(-6, 4, "R3", "g"), (-6, -4, "R3", "g"), (-5, 4, "K", "h"), (-5, 5, "L", "g")])
    assert harmony_pairs(game)[frozenset(((-6, 4), (-6, -4)))] == "guest"
    boosted = game.flags()["boosted"]
    assert boosted >> board.index(-6, 4) & 1
    assert not boosted >> board.index(-5, 5) & 1
    game = fire([(-6, 4, "R3", "g"), (-5, 4, "K", "h"), (-5, 5, "L", "g")],
                options={"KnotweedBoostsLotus": True})
    assert game.flags()["boosted"] >> board.index(-5, 5) & 1


def test_lotus_harmonizes_with_orchid_for_the_orchid_owner():
    """Fire rules, White Lotus: harmony with all flower tiles of either player; the harmony
    belongs to the other tile's owner (reference 3.4: Lotus + opponent's Orchid)."""
    game = fire([(-6, 5, "L", "h"), (6, 5, "O", "g")])
    assert harmony_pairs(game)[frozenset(((-6, 5), (6, 5)))] == "guest"


def test_lotus_lotus_no_harmony_and_orchid_no_natural_harmony():
    """Fire rules: the Orchid forms no natural harmonies; two Lotuses never harmonize."""
    game = fire([(-6, 5, "L", "h"), (6, 5, "L", "g"), (-3, -5, "O", "g"), (3, -5, "R3", "g")])
    assert harmony_pairs(game) == {}


def test_ethereal_accents_pass_harmony_but_block_clash():
    """Fire rules, Ethereal Accent Tiles: harmony lines pass through accents; the reference
    still lets accents block clashes (reference 3.8)."""
    tiles = [(-6, 5, "R3", "g"), (6, 5, "R4", "g"), (0, 7, "B", "h"), (0, 5, "W", "h")]
    assert frozenset(((-6, 5), (6, 5))) not in harmony_pairs(fire(tiles))
    assert frozenset(((-6, 5), (6, 5))) in harmony_pairs(fire(tiles, options={"EtherealAccentTiles": True}))
    game = fire([(-6, 5, "R3", "g"), (0, 5, "W", "h")], options={"EtherealAccentTiles": True})
    assert "W3(5,5)" in moves(game)  # the Wheel still separates the would-be clash


def test_harmony_bonus_is_a_draw_then_a_placement():
    """Fire rules, Playing a turn: a new harmony earns a random reserve tile that must be
    placed at once (reference 3.5).  Reserve and drawn tile are tracked exactly."""
    game = fire([(-6, 5, "R3", "g")], turn=3)
    game.auto_chance = False
    game.play("R4(6,5)")
    assert game.phase == "draw"
    outcomes = game.chance_outcomes()
    assert {str(m) for m, _ in outcomes} == {f"draw {c}" for c in ("R3", "R4", "R5", "W3", "W4", "W5", "R", "W", "K", "B")}
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    game.play("draw K")
    assert game.phase == "place" and game.position()["drawn"] == "K"
    assert "K" not in game.state.pile("reserve", "guest")
    game.play("+K(0,-7)")
    assert game.to_move == "host" and game.phase == "turn"
    game.undo()
    assert game.phase == "place"
    game.undo()
    assert game.phase == "draw" and game.state.pile("reserve", "guest")["K"] == 1


def test_bonus_boat_on_flower_uses_star():
    """Spec section 3: a Fire Boat on a flower is written +B(x1,y1)*(x2,y2)."""
    game = fire([(-6, 5, "R3", "g"), (6, 5, "R4", "g"), (2, 7, "W4", "h")], phase="place", drawn="B",
                reserves={"guest": {"R3": 1}, "host": {"R3": 1}})
    ms = moves(game)
    assert "+B(2,7)*(2,6)" in ms and "+B(2,7)-(2,6)" not in ms


def test_unplaceable_bonus_is_discarded_or_returned():
    """Rulings: a drawn tile with no legal point leaves the game; UnplaceableBonusReturns puts
    it back in the reserve.  (A Boat with no tile to act on has no legal point.)"""
    tiles = []
    game = fire(tiles, phase="place", drawn="B", reserves={"guest": {"R3": 1}, "host": {"R3": 1}})
    assert moves(game) == {"+B"}
    game.play("+B")
    assert "B" not in game.state.pile("reserve", "guest")
    game = fire(tiles, phase="place", drawn="B", reserves={"guest": {"R3": 1}, "host": {"R3": 1}},
                options={"UnplaceableBonusReturns": True})
    game.play("+B")
    assert game.state.pile("reserve", "guest")["B"] == 1


def test_ring_wins():
    """Fire rules, End of game: a harmony ring around the centre wins."""
    tiles = [(-3, 3, "R3", "g"), (3, 3, "R4", "g"), (3, -3, "R5", "g"), (-3, -3, "R4", "g")]
    # Lay out a ring: R3(-3,3)~R4(3,3) along y=3, R4(3,3)~R5(3,-3) along x=3,
    # R5(3,-3)~R4(-3,-3) along y=-3, R4(-3,-3)~R3(-3,3) along x=-3.
    game = fire(tiles[:3] + [(-3, -4, "R4", "g")], turn=6)
    game.auto_chance = False
    assert game.outcome is None
    game.play("(-3,-4)-(-3,-3)")
    if game.phase == "draw":
        game.play(game.legal_moves()[0])
        game.play(game.legal_moves()[0])
    assert game.outcome is not None and game.outcome.winner == "guest"
    assert "ring" in game.outcome.reason


def test_empty_reserve_ends_with_midline_count():
    """Fire rules, End of game: placing the last reserve tile ends the game; more
    midline-crossing harmonies wins (reference 3.6)."""
    game = fire([(-6, 5, "R3", "g"), (5, -6, "W5", "h")], phase="place", drawn="R4",
                reserves={"guest": {}, "host": {"R3": 1}})
    game.play("+R4(6,5)")
    assert game.outcome is not None and game.outcome.winner == "guest"
    assert game.outcome.details["midline_crossing"] == {"host": 0, "guest": 1}


def test_seeded_games_repeat_and_records_carry_draws():
    """Issue 4: the same seed gives the same game; the record holds the seed and every drawn
    tile, so it replays with no random generator."""
    def play(seed):
        rng = random.Random(seed)
        game = paisho.new_game("fire", seed=seed)
        while game.outcome is None and game.ply < 200:
            game.play(rng.choice(game.legal_moves()))
        return game

    a, b = play(11), play(11)
    assert a.record() == b.record()
    assert '[Seed "11"]' in a.record()
    replay = paisho.load_record(a.record())
    assert replay.position() == a.position()


def test_record_with_a_drawn_tile_not_in_the_reserve_names_the_move():
    """Issue 4: a drawn tile that is not in the mover's reserve is an error naming the move."""
    text = '[Variant "fire"]\n1G.R4(0,-3)\n1H.L(1,6)\n2G.R3(-4,6)+L(1,-6)\n'
    with pytest.raises(paisho.RecordError) as err:
        paisho.load_record(text)
    assert "move 2G" in str(err.value) and "reserve" in str(err.value)


OPTION_SETS = [{}, {"DoubleAccentTiles": True}, {"EtherealAccentTiles": True},
               {"RockBuffSameColour": True, "KnotweedBoostsLotus": True},
               {"StrictMidlineOpener": True, "NoMidlineEndPlanting": True, "UnplaceableBonusReturns": True},
               {"DoubleAccentTiles": True, "EtherealAccentTiles": True, "HideReserveTiles": True}]


def tile_total(game):
    st = game.state
    n = len(st.tiles())
    for per in st.piles.values():
        for pile in per.values():
            n += sum(pile.values())
    if st.phase == "place":
        n += 1
    return n


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), opts=st.sampled_from(OPTION_SETS))
def test_random_games_keep_every_invariant(seed, opts):
    """Property: tiles accounted for, exact undo, round-trips, illegal moves change nothing."""
    rng = random.Random(seed)
    game = paisho.new_game("fire", options=opts, seed=seed)
    start_total = tile_total(game)
    removed = 0
    while game.outcome is None and game.ply < 160:
        before = game.position()
        legal = game.legal_moves()
        with pytest.raises(paisho.IllegalMoveError):
            game.play("(9,9)-(0,0)")
        assert game.position() == before
        move = rng.choice(legal)
        boat_removal = move.action == "accent" and move.tile == "B" and move.aux is None
        game.play(move)
        if boat_removal:
            removed += 2
        if move.action == "discard" and not opts.get("UnplaceableBonusReturns"):
            removed += 1
        assert tile_total(game) + removed == start_total
        if rng.random() < 0.2:
            after = game.position()
            game.undo()
            assert game.position() == before
            game.play(move)
            assert game.position() == after
        if rng.random() < 0.1:
            assert paisho.from_position(game.position()).position() == game.position()
    again = paisho.load_record(game.record())
    assert again.position() == game.position()
