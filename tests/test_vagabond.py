"""Vagabond Pai Sho's rules from positions (docs/variants/vagabond/rules.md, rulings.md), bad
input, positions, and random games checked for the rules' invariants.  Exactness against The
Garden Gate's engine is tests/test_vagabond_tgg.py."""
from __future__ import annotations

import json
import random

import pytest

import paisho_core as paisho
from paisho_core import board
from paisho_core.drawing.diagram import build
from paisho_core.errors import NotationError, PaishoError



def position(tiles: dict, to_move: str = "guest", options: dict | None = None, **extra):
    """A position with ``tiles`` ({player: {code: [(x, y), ...]}}) taken from the reserves (built
    as the rules pages' pictures are), then ``extra`` position fields."""
    variant = "vagabond" + "".join(f":{k}=true" for k in (options or {}))
    spec = {"variant": variant, "to_move": to_move,
            "tiles": {p: {c: [list(xy) for xy in pts] for c, pts in kinds.items()} for p, kinds in tiles.items()}}
    game = build(spec)
    if extra:
        game = paisho.from_position({**game.position(), **extra})
    return game


def legal(game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def test_starting_reserves_follow_the_options():
    def reserve(opts):
        return paisho.new_game("vagabond", opts).state.piles["reserve"]["host"]
    assert reserve({}) == {"S": 2, "B": 2, "W": 2, "C": 2, "F": 1, "D": 1, "L": 1}
    assert reserve({"DoubleTiles": True})["B"] == 4 and reserve({"DoubleTiles": True})["L"] == 1
    swapped = reserve({"SwapBisonWithLemur": True})
    assert swapped.get("S", 0) == 0 and swapped["Y"] == 2
    game = paisho.new_game("vagabond")
    assert game.to_move == "host" and game.state.turn == 0


def test_host_moves_first_and_turns_count_from_zero():
    game = paisho.new_game("vagabond")
    game.play_turn(0, "host", "B(2,-3)")
    game.play_turn(0, "guest", "B(-2,3)")
    game.play_turn(1, "host", "W(1,1)")
    assert game.turns()[0][:2] == (0, "host")
    assert "0H.B(2,-3)" in game.record()


def test_fliers_deploy_on_open_gates_only():
    game = paisho.new_game("vagabond")
    deploys = {str(m)[1:] for m in game.legal_moves() if m.tile == "S"}
    assert deploys == {"(0,8)", "(0,-8)", "(8,0)", "(-8,0)"}
    assert not any(m.dst == board.index(0, 8) for m in game.legal_moves() if m.tile != "S")


def test_blocked_bison_and_chrysanthemum_path():
    game = position({"guest": {"S": [(3, 2), (0, -3)]}, "host": {"C": [(2, 2), (1, -1)]}})
    moves = legal(game)
    assert not any(m.startswith("(3,2)-") for m in moves)
    assert "(0,-3)-(0,-1)" in moves
    assert game.flags()["blocked"] == 1 << board.index(3, 2)


def test_lotus_capture_wins_and_flowers_need_the_capturers_lotus():
    game = position({"guest": {"W": [(-2, -2)]}, "host": {"C": [(1, 1)], "B": [(1, -5)]}})
    assert "(-2,-2)-(1,1)" not in legal(game)          # the Guest's Lotus is not deployed
    game = position({"guest": {"W": [(-2, -2)], "L": [(-5, -2)]}, "host": {"L": [(1, 1)], "B": [(1, -5)]}})
    assert {"(-2,-2)-(1,1)", "(-2,-2)-(1,-5)"} <= legal(game)
    game.play("(-2,-2)-(1,1)")
    assert game.outcome.winner == "guest" and game.outcome.reason == "captured the White Lotus"


def test_a_lotus_once_deployed_stays_deployed_in_positions():
    game = position({"guest": {"W": [(-2, -2)]}, "host": {"C": [(1, 1)]}},
                    lotus_deployed={"guest": True, "host": False})
    assert "(-2,-2)-(1,1)" in legal(game)              # the Guest deployed its Lotus (now off the board)
    again = paisho.from_position(json.loads(json.dumps(game.position())))
    assert legal(again) == legal(game)
    with pytest.raises(PaishoError, match="lotus_deployed"):
        paisho.from_position({**game.position(), "lotus_deployed": {"guest": "yes"}})


def test_bad_turns_say_what_is_wrong_and_change_nothing():
    game = paisho.new_game("vagabond")
    before = game.position()
    with pytest.raises(NotationError, match="draw offers"):
        game.play_turn(0, "host", "B(2,-3)~~")
    with pytest.raises(PaishoError, match="open gate"):
        game.play("S(0,0)")
    with pytest.raises(PaishoError, match="not a point"):
        game.play("B(9,9)")
    game.play("C(0,0)")
    game.play("B(1,1)")
    with pytest.raises(PaishoError, match="never moves"):
        game.play("(0,0)-(0,1)")
    assert game.position()["board"] != before["board"]


def test_winning_moves_are_the_lotus_captures():
    """The Wheel's diagonal reaches the Host's Lotus; with a Chrysanthemum on the diagonal it does
    not, and the Sky Bison may not fly past the points next to it."""
    game = position({"guest": {"W": [(-2, -2)], "L": [(-5, -2)], "S": [(0, -4)]},
                     "host": {"L": [(2, 2)], "C": [(0, 1)]}})
    assert [str(m) for m in game.rules.winning_moves(game)] == ["(-2,-2)-(2,2)"]
    game = position({"guest": {"W": [(-2, -2)], "L": [(-5, -2)], "S": [(0, -4)]},
                     "host": {"L": [(1, 1)], "C": [(0, 0)]}})
    assert game.rules.winning_moves(game) == []
    assert not any(m.dst == board.index(1, 1) for m in game.legal_moves())


@pytest.mark.parametrize("options", [{}, {"DoubleTiles": True}, {"SwapBisonWithLemur": True},
                                     {"VDoubleMoveDistance": True}])
def test_random_games_keep_the_rules(options):
    """Random games: they end; nothing lands on an own tile or an open gate; a blocked flier never
    moves; a protected flower is never taken; the reserves and the board always hold the set."""
    for seed in range(6):
        rng = random.Random(seed)
        game = paisho.new_game("vagabond", {**options, "max_turns": 120}, seed=seed)
        total = sum(game.state.piles["reserve"]["host"].values())
        while game.outcome is None:
            st = game.state
            flags = game.flags()
            moves = game.legal_moves()
            for m in moves:
                target = st.board[m.dst]
                assert target is None or target.owner != st.to_move
                assert target is not None or not board.GATES >> m.dst & 1 or m.tile in ("S", "Y")
                if m.src >= 0:
                    assert not flags["blocked"] >> m.src & 1
                    assert target is None or not flags["protected"] >> m.dst & 1
            game.play(rng.choice(moves))
            for p in ("host", "guest"):
                on_board = len(game.state.tiles(p))
                assert on_board + sum(game.state.piles["reserve"][p].values()) <= total
        assert game.outcome.reason in ("captured the White Lotus", "turn limit", "no legal move")
