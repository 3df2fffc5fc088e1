"""The python-chess-style API of issue 18 (acceptance 1), for every variant: repr, the variant
string, tile_at / tile_map, is_legal, parse_move, peek, is_over, Move points, equality by
position, pickling, and the keyword SVG function."""
from __future__ import annotations

import pickle
import random
import xml.etree.ElementTree as ET

import pytest

import paisho_core as paisho
from paisho_core.drawing import svg
from tests.test_play_support import available_variants, variant_guard

VARIANTS = available_variants()
NS = "{http://www.w3.org/2000/svg}"


def played(name: str, plies: int = 30, seed: int = 4) -> paisho.Game:
    game = paisho.new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over() or not game.legal_moves():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_variant_string_with_options_as_in_the_cli():
    game = paisho.new_game("skud:NoWheels=true")
    assert game.options["NoWheels"] is True
    assert game.variant_string == "skud:NoWheels=true"
    assert paisho.new_game("skud:NoWheels=true,NoAltWin=1").options["NoAltWin"] is True
    # options given separately add to (and override) the ones in the string
    both = paisho.new_game("skud:NoWheels=true", options={"NoAltWin": True, "NoWheels": False})
    assert (both.options["NoWheels"], both.options["NoAltWin"]) == (False, True)
    with pytest.raises(paisho.VariantError, match="unknown option"):
        paisho.new_game("skud:NoSuchOption=true")
    with pytest.raises(paisho.VariantError, match="true or false"):
        paisho.new_game("skud:NoWheels=maybe")


@pytest.mark.parametrize("variant", VARIANTS)
def test_repr_names_variant_turn_side_and_phase(variant):
    with variant_guard(variant):
        game = paisho.new_game(variant, seed=1)
        text = repr(game)
        assert text.startswith(f"<Game {game.variant_string} turn {game.state.turn}, ")
        assert f"{game.to_move} to move ({game.phase})" in text
        game.resign()
        assert "over: " in repr(game) and "resigned" in repr(game)
        # the variant string reads back to the same variant and options
        again = paisho.new_game(game.variant_string, seed=1)
        assert again.variant.name == game.variant.name and again.options == game.options


@pytest.mark.parametrize("variant", VARIANTS)
def test_tile_at_and_tile_map(variant):
    with variant_guard(variant):
        game = played(variant)
        tiles = game.tile_map()
        assert {(e["x"], e["y"]): (e["tile"], e["owner"]) for e in game.position()["board"]} == \
            {p: (t.code, t.owner) for p, t in tiles.items()}
        for point, tile in tiles.items():
            assert game.tile_at(point) is tile
            assert game.tile_at("(%d,%d)" % point) is tile
        for player in ("host", "guest"):
            assert game.tile_map(player) == {p: t for p, t in tiles.items() if t.owner == player}
        empty = next((x, y) for x in range(-8, 9) for y in range(-8, 9)
                     if x * x + y * y <= 64 and (x, y) not in tiles)
        assert game.tile_at(empty) is None
        with pytest.raises(ValueError, match="not a point"):
            game.tile_at((8, 8))


@pytest.mark.parametrize("variant", VARIANTS)
def test_is_legal_and_parse_move(variant):
    with variant_guard(variant):
        game = played(variant, plies=12)
        if game.is_over():
            pytest.skip("the sample game ended early")
        legal = game.legal_moves()
        for move in legal:
            assert game.is_legal(move)
            assert game.is_legal(str(move))
            assert game.parse_move(str(move)) is move or game.parse_move(str(move)) == move
        before = game.position()
        # bad syntax: NotationError; well formed but refused: IllegalMoveError
        with pytest.raises(paisho.NotationError):
            game.parse_move("(0,0")
        with pytest.raises(paisho.NotationError):
            game.parse_move("(12,0)-(0,0)")
        texts = {str(m) for m in legal}
        refused = next(t for t in ("(0,0)-(0,1)", "(5,5)-(5,6)", "(-7,1)-(-7,2)") if t not in texts)
        with pytest.raises((paisho.IllegalMoveError, paisho.NotationError)):
            game.parse_move(refused)
        assert not game.is_legal(refused)
        assert not game.is_legal("(0,0")
        assert not game.is_legal("nonsense!!")
        assert game.position() == before  # queries never change the game


def test_parse_move_tells_syntax_from_rules():
    """Skud: ``(0,0)-(0,1)`` is a well-formed arrangement with no tile there (a rules refusal);
    ``(0,0)-`` is not an arrangement at all (syntax)."""
    game = paisho.new_game("skud", seed=1)
    game.play("R,W,K,B")
    game.play("R,W,K,B")
    with pytest.raises(paisho.IllegalMoveError, match="illegal move"):
        game.parse_move("(0,0)-(0,1)")
    with pytest.raises(paisho.NotationError):
        game.parse_move("(0,0)-")
    with pytest.raises(paisho.NotationError, match="whole turn"):
        game.parse_move("1G.R3(0,-8)")
    assert game.parse_move(" R3 (0,-8) ") == game.parse_move("R3(0,-8)")


@pytest.mark.parametrize("variant", VARIANTS)
def test_peek_is_over_and_move_points(variant):
    with variant_guard(variant):
        game = paisho.new_game(variant, seed=2)
        if game.ply == 0:  # (a game that starts with a chance step has drawn it already)
            with pytest.raises(IndexError):
                game.peek()
        game = played(variant, plies=20, seed=2)
        assert game.peek() is game.moves[-1]
        assert game.is_over() == (game.outcome is not None)
        for move in game.moves:
            for point in (move.from_point, move.to_point):
                assert point is None or (isinstance(point, tuple) and len(point) == 2
                                         and all(-8 <= c <= 8 for c in point))
            assert repr(move).startswith(f"<Move {move.action} ")
        moved = [m for m in game.moves if m.to_point is not None]
        if moved:  # the last tile put on a point is named by its point (unless it moved again)
            assert any(game.tile_at(m.to_point) is not None for m in moved)
        game.resign()
        assert game.is_over()


def test_move_points_of_an_arrangement():
    game = paisho.new_game("skud", seed=1)
    for text in ("R,W,K,B", "R,W,K,B", "R3(0,-8)", "R3(0,8)"):
        game.play(text)
    move = game.parse_move("(0,-8)-(0,-5)")
    assert (move.from_point, move.to_point, move.tile) == ((0, -8), (0, -5), "R3")
    plant = game.parse_move("W3(0,-8)") if game.is_legal("W3(0,-8)") else None
    if plant is not None:
        assert plant.from_point is None and plant.to_point == (0, -8)


@pytest.mark.parametrize("variant", VARIANTS)
def test_games_equal_by_position(variant):
    with variant_guard(variant):
        game = played(variant, plies=10)
        assert game == game.copy()
        assert game == paisho.from_position(game.position())
        if game.ply and not game.is_over():
            other = game.copy()
            other.play(other.legal_moves()[0])
            assert other != game
            other.undo()
            assert other == game
        with pytest.raises(TypeError):
            hash(game)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pickled_game_continues(variant):
    with variant_guard(variant):
        game = played(variant, plies=10)
        again = pickle.loads(pickle.dumps(game))
        assert again == game and again.moves == game.moves
        assert [str(m) for m in again.legal_moves()] == [str(m) for m in game.legal_moves()]


@pytest.mark.parametrize("variant", VARIANTS)
def test_svg_board_keywords(variant):
    with variant_guard(variant):
        game = played(variant, plies=20)
        plain = ET.fromstring(svg.board(game, coordinates=False, caption=False, lastmove=None))
        assert not [e for e in plain.iter(NS + "text") if e.get("class") in ("caption", "coordinate")]
        full = svg.board(game, harmonies=True, legend=True, arrows=[((0, 0), (2, 2))],
                         fill={(1, 1): "#ffcc00"}, flipped=True, size=300)
        root = ET.fromstring(full)
        assert root.get("width") == "300"
        assert "rotate(180" in full or "rotate(225" in full
        legend = [e for e in root.iter() if e.get("class") == "legend-tile"]
        assert len(legend) == 2 * len(game.tileset.kinds)
        assert [e for e in root.iter() if e.get("class") == "arrow"]
        assert len([e for e in root.iter() if e.get("class") == "harmony"]) == len(game.harmonies())
        assert game._repr_svg_() == svg.board(game)


def test_svg_tells_red_and_white_flowers_and_owners_apart():
    """Issue 18: red and white flowers differ without their labels; the Host is drawn light
    and the Guest dark, as the Skud rulebook says ("the Host has light tiles and the Guest has
    dark tiles")."""
    from paisho_core.drawing.style import OWNER_FILL

    game = paisho.from_position({"variant": "skud", "to_move": "guest", "phase": "turn", "turn": 3,
                                 "board": [{"x": 0, "y": -8, "tile": "R3", "owner": "guest"},
                                           {"x": 0, "y": 8, "tile": "W3", "owner": "host"}],
                                 "reserves": {"guest": {"R3": 2}, "host": {"W3": 2}}})
    root = ET.fromstring(svg.board(game))
    fills = {}
    for g in root.iter(NS + "g"):
        if g.get("class") == "tile":
            shapes = [e.get("fill") for e in g if e.tag in (NS + "circle", NS + "polygon")]
            fills[(g.get("data-tile"), g.get("data-owner"))] = shapes
    (disc_r, emblem_r), (disc_w, emblem_w) = fills[("R3", "guest")][:2], fills[("W3", "host")][:2]
    assert emblem_r != emblem_w
    assert disc_r == OWNER_FILL["guest"] and disc_w == OWNER_FILL["host"]

    def lightness(colour: str) -> int:
        return sum(int(colour[k:k + 2], 16) for k in (1, 3, 5))

    assert lightness(OWNER_FILL["host"]) > lightness(OWNER_FILL["guest"])


def test_game_and_position_modules_do_not_import_each_other():
    """Issue 18 layout: the game writes positions through paisho_core.position; positions
    never import the game module at run time (only for annotations)."""
    import ast
    from pathlib import Path

    src = Path(paisho.__file__).parent / "position.py"
    tree = ast.parse(src.read_text("utf-8"))
    runtime = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            runtime += [n for n in ast.walk(node) if isinstance(n, ast.ImportFrom)]
    assert not [n for n in runtime if isinstance(n, ast.ImportFrom) and n.module == "game"]
