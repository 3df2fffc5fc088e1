"""Undergrowth Pai Sho against The Garden Gate (issue 38).

The vectors in tests/data/tgg/undergrowth/ were made by running TGG's engine (README there), with
its default rules and with its one option (UndergrowthSimple): every record replays exactly (same
final board, same unplayed tiles, same end), and at every dumped position the legal placements,
the pass, and the second placements after the record's first one equal those TGG's page opens.
The worked examples are positions built by hand from TGG's rules summary and engine
(docs/variants/undergrowth/rulings.md).
"""
from __future__ import annotations

import pytest

import paisho_core as paisho
from paisho_core.board import index
from paisho_core.errors import NotationError, RecordError

from .tgg_records import board_of, dumps, expected_end, legal_texts, options_of, pile_of, records, turns_of

RECORDS = records("undergrowth")
DUMPS = dumps("undergrowth")


def test_enough_vectors_over_both_rule_sets():
    assert len(RECORDS) >= 30
    assert {bool(options_of(p.read_text())) for p in RECORDS} == {False, True}
    assert sum(len(v) for v in DUMPS.values()) >= 200


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_exactly_and_legal_placements_equal_tggs(path):
    text = path.read_text()
    game = paisho.new_game("undergrowth", options=options_of(text))
    wanted = DUMPS.get(path.name, {})
    for ply, turn in enumerate(turns_of(text)):
        d = wanted.get(ply)
        if d is None:
            game.play(turn)
            continue
        assert legal_texts(game) == sorted(d["first"] + (["-"] if d["pass"] else [])), (path.name, ply)
        if "second" not in d:
            game.play(turn)
            continue
        number_player, body = turn.split(".")
        first, *rest = body.split("+")
        game.play(first)
        second = legal_texts(game) if game.phase == "second" else []
        assert second == sorted(d["second"]), (path.name, ply)
        if rest:
            game.play(rest[0])
    final, unplayed, winner = expected_end(text, "unplayed")
    assert board_of(game) == final
    assert pile_of(game, "reserve") == unplayed
    assert game.outcome is not None and game.outcome.winner == winner


def test_a_record_pasted_from_tgg_replays_and_writes_tggs_turns():
    text = next(p for p in RECORDS if "Simple" in p.name).read_text()
    turns = turns_of(text)
    game = paisho.load_record(";".join(turns), variant="undergrowth", options={"UndergrowthSimple": True})
    final, _unplayed, winner = expected_end(text, "unplayed")
    assert board_of(game) == final and game.outcome.winner == winner
    assert [ln for ln in game.record().splitlines() if not ln.startswith("[")] == turns
    assert paisho.load_record(game.record()).key == game.key


def position(host: dict, guest: dict, to_move: str = "guest", options=None):
    """A game after the Gates are full (all four hold tiles given here or Lotuses), placing."""
    game = paisho.new_game("undergrowth", options=options or {}, seed=1)
    st = game.state
    for player, tiles in (("host", host), ("guest", guest)):
        for (x, y), code in tiles.items():
            st.take("reserve", player, code)
            st.put(index(x, y), game.tileset.tile(code, player))
    st.to_move = to_move
    st.turn = 4
    game._changed()
    return game


GATES_FULL = {(0, 8): "R3", (0, -8): "W3", (8, 0): "R4", (-8, 0): "W4"}


def points_for(game, code):
    return {m.to_point for m in game.legal_moves() if m.tile == code}


def test_the_gates_come_first():
    game = paisho.new_game("undergrowth", seed=1)
    assert {m.to_point for m in game.legal_moves()} == {(0, 8), (0, -8), (8, 0), (-8, 0)}
    game.play("R3(0,8)")
    assert game.to_move == "guest" and game.state.turn == 1  # the Host's first turn is one tile


def test_a_tile_goes_where_it_harmonizes_with_a_tile_it_sees():
    game = position({(3, 3): "R4"} | GATES_FULL, {}, to_move="host")
    r3 = points_for(game, "R3")
    assert (3, 1) in r3 and (5, 3) in r3  # sees the Red 4 along a line
    assert (3, -5) in r3  # sees the Red 4 from further away along the column
    assert (4, 4) not in r3  # diagonal: no line
    w5 = points_for(game, "W5")
    assert not w5 & {(3, 1), (5, 3)}  # White 5 does not harmonize with Red 4


def test_not_between_two_related_tiles():
    game = position({(1, 3): "R3", (5, 3): "R4"} | GATES_FULL, {}, to_move="host")
    assert (3, 3) not in points_for(game, "R5")  # between the Red 3 ~ Red 4 harmony
    assert (5, 5) in points_for(game, "R5")


def test_orchid_one_way_and_lotus_for_everyone():
    game = position({(2, 2): "O"} | GATES_FULL, {(-2, -2): "R4"}, to_move="host")
    assert (2, 4) not in points_for(game, "R3")  # a basic flower does not harmonize with an Orchid
    game = position({(2, 2): "R3"} | GATES_FULL, {(-3, -3): "L"}, to_move="host")
    assert (2, -1) in points_for(game, "O")  # an Orchid does with its owner's basic flowers
    game = position(GATES_FULL, {(-3, -3): "L"}, to_move="host")
    assert (-3, -1) in points_for(game, "R5")  # the opponent's White Lotus harmonizes with anyone


def test_two_disharmonies_remove_a_tile():
    game = position({(1, -1): "W3"} | GATES_FULL, {(1, -4): "W3", (4, -5): "R5"}, to_move="guest")
    game.play("W3(4,-1)")  # harmony with its Red 5 below; the Host's Jasmine now sees two 3s
    board = board_of(game)
    assert (1, -1) not in board and board[(4, -1)] == ("guest", "W3") and (1, -4) in board
    assert pile_of(game, "captured") == {"host": ["W3"], "guest": []}


def test_pass_twice_ends_and_counts_the_central_gardens():
    game = position({(1, 1): "R3", (2, 2): "R4", (7, 7): "W3"} | GATES_FULL, {(-1, -1): "W4"}, to_move="guest")
    game.play("-")
    assert game.outcome is None and "passes" in dict(game.status())
    game.play("-")
    assert game.outcome.winner == "host"
    assert game.outcome.details["central"] == {"host": 2, "guest": 1}


def test_notation_errors_are_clear():
    game = paisho.new_game("undergrowth", seed=1)
    with pytest.raises(NotationError):
        game.play("1H.R3(0,8)+W3")
    with pytest.raises(RecordError):
        paisho.load_record("1H.R3(0,7)", variant="undergrowth")
    with pytest.raises(RecordError):
        paisho.load_record("1H.-", variant="undergrowth")  # no pass before the fourth turn
