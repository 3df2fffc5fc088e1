"""3-Piece (Street) Pai Sho: the book's rule statements as positions, plus random-game properties.

Source: ``shared/rules/official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt`` chapter 3
(L490-578); test ids TE1-TE8 are those of ``shared/digests/book-variants.md`` section 5.3.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import paisho_core as paisho
from paisho_core import board
from paisho_core.errors import IllegalMoveError, NotationError, PositionError, VariantError

from .random_games import assert_record_round_trip, play_checked

V = "3-piece"


def pos(tiles, to_move="guest", turn=5, **options):
    """A position: ``tiles`` maps (x, y) to 'GI', 'HB', ... (owner letter + tile code)."""
    entries = [{"x": x, "y": y, "tile": t[1:], "owner": "guest" if t[0] == "G" else "host"}
               for (x, y), t in tiles.items()]
    return paisho.from_position({"variant": V, "options": options, "to_move": to_move,
                                 "turn": turn, "board": entries})


def at(game, x, y):
    t = game.state.board[board.index(x, y)]
    return None if t is None else ("G" if t.owner == "guest" else "H") + t.code


def flagged(game, name):
    return {board.coords(i) for i in board.bits(game.flags().get(name, 0))}


def texts(game):
    return {str(m) for m in game.legal_moves()}


# TE1-TE4 share this position: a Guest Iris on the red point (2,2) with a Host Bison on (2,3).
CAPTURE = {(2, 2): "GI", (4, 3): "GI", (1, 1): "GW", (-5, -5): "GB",
           (2, 3): "HB", (-5, 5): "HI", (-6, 4): "HW"}


def test_te1_iris_next_to_enemy_bison_in_red_area_is_captured():
    """TE1, L567-569: an Iris inside a red area with an enemy Bison directly next to it is
    captured; the same contact on a neutral point captures nothing."""
    game = pos(CAPTURE)
    assert flagged(game, "captured") == {(2, 2)}
    assert game.outcome is None
    neutral = pos({(6, -6): "GI", (6, -5): "HB", (-5, 5): "HI"}, to_move="host")
    assert "neutral" in board.TYPES[board.index(6, -6)] and "red" not in board.TYPES[board.index(6, -6)]
    assert flagged(neutral, "captured") == set()


def test_te2_second_iris_next_to_the_bison_is_a_defense():
    """TE2, L572-575: moving a second Iris directly next to the attacking Bison frees the Iris."""
    game = pos(CAPTURE)
    game.play("(4,3)-(3,3)")
    assert flagged(game, "captured") == set()
    assert game.outcome is None


def test_te3_wheel_turn_carries_the_iris_away():
    """TE3, L570-572: turning the ring of a Wheel moves the captured Iris and frees it."""
    game = pos(CAPTURE)
    game.play("(1,1)~4")  # ring position 2 (north-east) to 6 (south-west): (2,2) -> (0,0)
    assert at(game, 0, 0) == "GI" and at(game, 2, 2) is None
    assert flagged(game, "captured") == set()
    # a Wheel step then a turn that keeps the Iris next to the Bison frees nothing: not offered
    game = pos(CAPTURE)
    assert all(m.action == "wheel" or str(m) == "(4,3)-(3,3)" for m in game.legal_moves())


def test_carrying_the_bison_away_frees_nothing_by_the_book():
    """Issue 20 item 5, L569-575: a captured Iris is freed by "moving the Iris Tile with a Wheel
    Tile" or by a Defense, and the rulings page takes those two ways as the only ones, so a Wheel
    turn that carries the capturing Bison away from an Iris it does not move frees nothing.
    ``captured_iris_rescue=any_wheel_turn`` is the wider reading."""
    tiles = {(2, 2): "GI", (4, 3): "GI", (2, 4): "GW", (-5, -5): "GB",
             (2, 3): "HB", (-5, 5): "HI", (-6, 4): "HW"}
    book = pos(tiles)
    assert flagged(book, "captured") == {(2, 2)}
    assert not [m for m in book.legal_moves() if m.action == "wheel"]  # its ring holds the Bison only
    assert "(4,3)-(3,3)" in texts(book)  # a Defense still frees it
    wide = pos(tiles, captured_iris_rescue="any_wheel_turn")
    turns = [m for m in wide.legal_moves() if m.action == "wheel"]
    assert turns
    wide.play(turns[0])
    assert at(wide, 2, 2) == "GI" and at(wide, 2, 3) is None
    assert flagged(wide, "captured") == set() and wide.outcome is None


def test_te4_a_move_that_does_not_free_the_iris_is_illegal():
    """TE4, L569 and L577: the Iris must be freed in the one turn; any other move is illegal
    (ruling T10/T11), and with self_harm=loses it is legal and loses the game."""
    game = pos(CAPTURE)
    before = game.position()
    assert "(4,3)-(4,4)" not in texts(game)
    assert "(-5,-5)-(-5,-4)" not in texts(game)
    assert "(2,2)-(2,1)" not in texts(game)  # the captured Iris may not step away itself
    with pytest.raises(IllegalMoveError):
        game.play("(4,3)-(4,4)")
    assert game.position() == before
    loses = pos(CAPTURE, self_harm="loses")
    loses.play("(4,3)-(4,4)")
    assert loses.outcome.winner == "host" and loses.outcome.reason == "iris not freed"
    moving = pos(CAPTURE, captured_iris_may_move=True)
    assert "(2,2)-(2,1)" in texts(moving)  # still red, but no longer next to the Bison


def test_te4_no_way_to_free_the_iris_loses():
    """TE4, L577: an Iris that cannot be freed dies and its owner loses."""
    game = pos({(2, 2): "GI", (2, 3): "HB", (-5, 5): "HI"})
    assert game.outcome is not None
    assert game.outcome.winner == "host" and game.outcome.reason == "iris not freed"


def test_te5_two_enemy_bisons_kill_at_once():
    """TE5, L577-578: an Iris next to two enemy Bisons is dead, Defense or not."""
    game = pos({(2, 2): "GI", (3, 3): "GI", (2, 3): "HB", (4, 2): "HB", (-5, 5): "HI"},
               to_move="host")
    game.play("(4,2)-(3,2)")
    assert game.outcome.winner == "host" and game.outcome.reason == "iris killed"
    # outside a red area two Bisons do nothing, unless two_bison_anywhere
    tiles = {(6, -6): "GI", (6, -5): "HB", (5, -6): "HB", (-5, 5): "HI", (-3, -6): "GW"}
    assert pos(tiles).outcome is None
    assert pos(tiles, two_bison_anywhere=True).outcome.reason == "iris killed"


def test_te6_wheel_turn_moves_enemy_tiles_too():
    """TE6, L549-550: every tile around the Wheel turns, the opponent's included."""
    game = pos({(0, -4): "GW", (1, -3): "HB", (-1, -4): "HI", (0, -8): "GI", (-5, 5): "HI"})
    game.play("(0,-4)~1")
    assert at(game, 1, -4) == "HB" and at(game, -1, -3) == "HI"
    assert at(game, 1, -3) is None and at(game, -1, -4) is None


def test_te7_wheel_steps_then_turns_in_one_turn():
    """TE7, L543-544: a Wheel may move one point before turning the tiles around it."""
    game = pos({(0, -4): "GW", (1, -6): "HB", (0, -8): "GI", (-5, 5): "HI"})
    game.play("5G.(0,-4)-(0,-5)~2")
    assert at(game, 0, -5) == "GW" and at(game, 0, -4) is None
    assert at(game, -1, -6) == "HB" and at(game, 1, -6) is None
    assert game.record().strip().endswith("5G.(0,-4)-(0,-5)~2")


def test_te8_hops_over_own_tiles_chain_but_not_over_enemy_tiles():
    """TE8, L546-547 and L563-564: a chain of hops over one's own tiles is one move; a hop over
    an enemy tile is not allowed."""
    tiles = {(0, -6): "GB", (0, -5): "GI", (0, -3): "GW", (1, -6): "HI", (-5, 5): "HB"}
    game = pos(tiles)
    moves = texts(game)
    assert "(0,-6)-(0,-2)" in moves  # two hops
    assert "(0,-6)-(0,-4)" in moves  # one hop
    assert "(0,-6)-(1,-2)" in moves  # two hops then a step
    assert "(0,-6)-(2,-6)" not in moves  # over the Host Iris
    diagonal = pos(tiles, adjacency=8)
    assert "(0,-6)-(1,-5)" in texts(diagonal) and "(0,-6)-(1,-5)" not in moves
    strict = pos(tiles, jump_combo="step_or_chain")
    assert "(0,-6)-(1,-2)" not in texts(strict) and "(0,-6)-(0,-2)" in texts(strict)


def test_own_iris_may_not_be_left_dead():
    """Ruling T11 (L577-578 read as for chess): a Guest Wheel turn that puts a Guest Iris next to
    two Host Bisons in a red area is illegal."""
    game = pos({(-2, -2): "GW", (-3, -1): "GI", (-3, -3): "HB", (-1, -3): "HB", (-5, 5): "HI"})
    for m in game.legal_moves():
        trial = game.copy()
        trial.play(m)
        assert not (trial.outcome and trial.outcome.winner == "host")


def test_notation_errors_and_unknown_options():
    """Malformed turns raise NotationError; a missing layout or bad option is a VariantError."""
    game = paisho.new_game(V, seed=1)
    for bad in ("1G.I(0,0)", "1G.(0,0)", "1G.(1,1)~9", "1G.(20,1)-(0,0)"):
        with pytest.raises(NotationError):
            game.play(bad)
    with pytest.raises(VariantError):
        paisho.new_game(V, options={"layout": "printed"})
    with pytest.raises(VariantError):
        paisho.new_game(V, options={"max_turns": -1})
    with pytest.raises(PositionError):
        paisho.from_position({"variant": V, "to_move": "guest", "board": [],
                              "reserves": {"guest": {"B": 1}}})


def test_setup_uses_the_yaml_layout_and_alias():
    """L506-511: 14 tiles each (5 Bison, 5 Iris, 4 Wheel), all on the board from the start."""
    game = paisho.new_game("street", seed=1)
    assert game.name == "3-piece"
    for p in ("host", "guest"):
        codes = sorted(t.code for _i, t in game.state.tiles(p))
        assert codes == sorted("BBBBBIIIIIWWWW")
    assert at(game, 4, -8) == "GI" and at(game, -4, 8) == "HI"


def test_repetition_draw_and_undo():
    """Ruling 'Games that do not end': the third occurrence of a position is a draw, and undo
    takes the count back."""
    game = pos({(0, -6): "GB", (0, 6): "HB", (-6, -4): "GI", (6, 4): "HI"}, to_move="guest")
    cycle = ["(0,-6)-(0,-7)", "(0,6)-(0,7)", "(0,-7)-(0,-6)", "(0,7)-(0,6)"]
    for m in cycle * 2:
        assert game.outcome is None
        game.play(m)
    assert game.outcome is not None and game.outcome.reason == "repetition"
    game.undo()
    assert game.outcome is None
    game.play(cycle[-1])
    assert game.outcome.reason == "repetition"
    off = pos({(0, -6): "GB", (0, 6): "HB", (-6, -4): "GI", (6, 4): "HI"}, repetition=0)
    for m in cycle * 3:
        off.play(m)
    assert off.outcome is None


# -- properties of random games ----------------------------------------------------------------

OPTION_SETS = [
    {"max_turns": 25},
    {"max_turns": 25, "adjacency": 8, "red_area": "not_white"},
    {"max_turns": 25, "self_harm": "loses", "captured_iris_may_move": True, "wheel_rim": "onboard_points"},
    {"max_turns": 25, "jump_combo": "both_sides", "two_bison_anywhere": True, "repetition": 2},
]


def _counts(game):
    out = {}
    for p in ("host", "guest"):
        out[p] = sorted(t.code for _i, t in game.state.tiles(p))
    return out


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games(seed, which):
    """Random games end within the turn limit, keep all 28 tiles, undo exactly, and round-trip
    through records and positions."""
    options = OPTION_SETS[which]
    rng = random.Random(seed)
    game = paisho.new_game(V, options=options, seed=seed)
    full = sorted("BBBBBIIIIIWWWW")

    def all_28_tiles(game):
        assert _counts(game) == {"host": full, "guest": full}

    play_checked(game, rng, options["max_turns"], all_28_tiles)
    out = game.outcome
    if out.reason == "iris killed":
        assert flagged(game, "dead")
    elif out.reason == "iris not freed" and game.state.to_move != out.winner:
        assert flagged(game, "captured")
    assert_record_round_trip(game)


def test_wheel_turn_notation_accepts_anticlockwise_counts():
    """Notation (rules page): ``~-1`` is read as ``~7``; counts outside 1..7 are errors."""
    game = paisho.new_game(V, seed=1)
    game.play("1G.(6,-4)~-3")
    assert game.record().strip().endswith("1G.(6,-4)~5")
    with pytest.raises(NotationError):
        game.play("1H.(-6,4)~0")


def test_a_corrected_layout_needs_no_code(tmp_path):
    """Ruling 'Starting layout (invented)': a player with the printed Figure 3.2 (L524-534)
    writes it into a small overlay YAML that extends 3-piece; a wrong layout is reported with
    its YAML path."""
    import yaml

    from paisho_core.variant import load_variant_file

    layout = {"guest": {"I": [[1, -7], [2, -7], [3, -7], [4, -7], [5, -6]],
                        "B": [[1, -6], [2, -6], [3, -6], [4, -6], [4, -5]],
                        "W": [[0, -7], [0, -6], [3, -5], [5, -5]]}}
    layout["host"] = {code: [[-x, -y] for x, y in pts] for code, pts in layout["guest"].items()}
    overlay = {"name": "three-piece-printed", "extends": V,
               "rules": {"layouts": {"printed": layout}},
               "options": [{"name": "layout", "default": "printed"}]}
    path = tmp_path / "printed.yaml"
    path.write_text(yaml.safe_dump(overlay), "utf-8")
    game = paisho.new_game(load_variant_file(path), seed=1)
    assert at(game, 1, -7) == "GI" and at(game, -1, 7) == "HI"
    assert game.legal_moves()
    layout["guest"]["W"] = [[0, -7], [0, -6], [3, -5]]
    overlay["name"] = "three-piece-misprinted"
    path.write_text(yaml.safe_dump(overlay), "utf-8")
    with pytest.raises(VariantError, match=r"layouts\.printed\.guest\.W: 3 points for 4 tiles"):
        paisho.new_game(load_variant_file(path), seed=1)


def test_evaluation_for_computer_players():
    """paisho_evaluate: a captured Iris is bad for its owner and good for the opponent."""
    from paisho_core.players import evaluate

    game = pos(CAPTURE)
    assert evaluate(game, "guest") < 0 < evaluate(game, "host")


def test_rules_page_worked_example():
    """docs/variants/three-piece/rules.md, 'A worked example': capture (L567-569), Defense
    (L574-575), then death by two Bisons (L577-578)."""
    game = pos({(2, 2): "GI", (4, 3): "GI", (1, 1): "GW", (-5, -5): "GB",
                (2, 4): "HB", (3, 0): "HB", (-5, 5): "HI", (-6, 4): "HW"}, to_move="host")
    game.play("5H.(2,4)-(2,3)")
    moves = texts(game)
    assert "(4,3)-(3,3)" in moves and "(1,1)~4" in moves and "(1,1)~2" not in moves
    assert all(m.action == "wheel" or str(m) == "(4,3)-(3,3)" for m in game.legal_moves())
    for turn in ("6G.(4,3)-(3,3)", "6H.(3,0)-(3,1)", "7G.(-5,-5)-(-5,-4)", "7H.(3,1)-(3,2)"):
        assert game.outcome is None
        game.play(turn)
    assert game.outcome.winner == "host" and game.outcome.reason == "iris killed"


def _naive_destinations(src, own, occupied, adjacency, combo):
    """Reference for geometry.step_hop_destinations, point by point with (x, y) pairs."""
    from paisho_core.steps import DIRECTIONS

    dirs = DIRECTIONS[adjacency]
    sx, sy = board.coords(src)

    def empty(x, y):
        return board.on_board(x, y) and ((x, y) == (sx, sy) or not occupied >> board.index(x, y) & 1)

    def mine(x, y):
        return (board.on_board(x, y) and (x, y) != (sx, sy) and own >> board.index(x, y) & 1)

    def steps(points):
        return {(x + dx, y + dy) for x, y in points for dx, dy in dirs if empty(x + dx, y + dy)}

    def chain(points):
        seen, frontier = set(), set(points)
        while frontier:
            nxt = {(x + 2 * dx, y + 2 * dy) for x, y in frontier for dx, dy in dirs
                   if mine(x + dx, y + dy) and empty(x + 2 * dx, y + 2 * dy)} - seen
            seen |= nxt
            frontier = nxt
        return seen

    start = {(sx, sy)}
    if combo == "step_or_chain":
        out = steps(start) | chain(start)
    elif combo == "both_sides":
        first = chain(start)
        mid = steps(first | start)
        out = first | mid | chain(mid)
    else:
        out = steps(start) | chain(start) | chain(steps(start)) | steps(chain(start))
    return {p for p in out if p != (sx, sy)}


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), adjacency=st.sampled_from([4, 8]),
       combo=st.sampled_from(["either_side", "step_or_chain", "both_sides"]))
def test_step_hop_destinations_match_a_point_by_point_reference(seed, adjacency, combo):
    """The bitset movement helper (geometry.step_hop_destinations) agrees with a slow reference
    on random boards, rim points included."""
    from paisho_core.steps import step_hop_destinations

    rng = random.Random(seed)
    points = list(board.POINTS)
    occupied = own = 0
    for i in rng.sample(points, rng.randint(5, 120)):
        occupied |= 1 << i
        if rng.random() < 0.6:
            own |= 1 << i
    src = rng.choice([i for i in points if own >> i & 1] or points)
    occupied |= 1 << src
    own |= 1 << src
    got = {board.coords(i) for i in board.bits(step_hop_destinations(src, own, occupied, adjacency, combo))}
    assert got == _naive_destinations(src, own, occupied, adjacency, combo)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), rim=st.sampled_from(["forbid", "onboard_points"]))
def test_wheel_turns_apply_what_the_move_list_checked(seed, rim):
    """Playing a Wheel turn (turn_ring) puts on the ring what the frozen pre-speed generator
    judged (its rotated_cells; the fast generator offers the same moves, see
    test_street_differential.py), rim Wheels included."""
    from tests.oracles.street_reference import ring, rotated_cells

    rng = random.Random(seed)
    game = paisho.new_game(V, options={"wheel_rim": rim, "max_turns": 15}, seed=seed)
    while game.outcome is None:
        move = rng.choice(game.legal_moves())
        if move.action == "wheel":
            pts = ring(move.dst)
            cells = [None if p < 0 or p == move.src else game.state.board[p] for p in pts]
            new = rotated_cells(cells, pts, move.aux, rim)
        game.play(move)
        if move.action == "wheel":
            assert [None if p < 0 else game.state.board[p] for p in pts] == list(new)