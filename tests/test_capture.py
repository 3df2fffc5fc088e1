"""Capture Pai Sho against The Garden Gate (issue 38).

The vectors in tests/data/tgg/capture/ were made by running TGG's engine (README there): every
record replays exactly (same final board, same captured tiles, same end), and at every dumped
position the legal turns equal TGG's.  The worked examples below are positions built by hand;
their facts come from TGG's rules page and its engine (docs/variants/capture/rulings.md).
"""
from __future__ import annotations

import pytest

import paisho_core as paisho
from paisho_core.board import index
from paisho_core.errors import NotationError, RecordError

from .tgg_records import board_of, dumps, expected_end, legal_texts, pile_of, records, turns_of

RECORDS = records("capture")
DUMPS = {name: {ply: d["legal"] for ply, d in per.items()} for name, per in dumps("capture").items()}


def test_enough_vectors():
    assert len(RECORDS) >= 30
    assert sum(len(v) for v in DUMPS.values()) >= 200


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_replays_exactly_and_legal_turns_equal_tggs(path):
    text = path.read_text()
    turns = turns_of(text)
    game = paisho.new_game("capture", auto_chance=False)
    wanted = DUMPS.get(path.name, {})
    checked = 0
    for ply, turn in enumerate(turns):
        if ply in wanted:
            assert legal_texts(game) == sorted(wanted[ply]), (path.name, ply)
            checked += 1
        game.play(turn)
    assert checked == len(wanted)
    final, captured, winner = expected_end(text, "captured")
    assert board_of(game) == final
    assert pile_of(game, "captured") == captured
    assert game.outcome is not None and game.outcome.winner == winner


def test_a_record_pasted_from_tgg_replays_and_writes_tggs_turns():
    text = RECORDS[0].read_text()
    turns = turns_of(text)
    game = paisho.load_record(";".join(turns), variant="capture")  # as TGG's page exports it
    final, _captured, winner = expected_end(text, "captured")
    assert board_of(game) == final and game.outcome.winner == winner
    written = [ln for ln in game.record().splitlines() if not ln.startswith("[")]
    assert written == turns
    assert paisho.load_record(game.record()).key == game.key


def test_the_deal_is_the_first_turn_and_a_record_fixes_it():
    text = RECORDS[1].read_text()
    deal_h, deal_g = turns_of(text)[:2]
    game = paisho.load_record(f"{deal_h};{deal_g}", variant="capture")
    assert game.phase == "move" and game.to_move == "host" and game.state.turn == 1
    # Host's tiles fill (-2,2) .. (2,2), (-2,3) .. (2,3), (-1,4), (1,4) in the written order
    points = [(-2, 2), (-1, 2), (0, 2), (1, 2), (2, 2), (-2, 3), (-1, 3), (0, 3), (1, 3), (2, 3), (-1, 4), (1, 4)]
    on = board_of(game)
    assert [on[p][1] for p in points] == list(deal_h[3:])
    assert [on[(x, -y)][1] for x, y in points] == list(deal_g[3:])


def test_a_new_game_draws_the_deal_from_its_seed_reproducibly():
    a, b, c = (paisho.new_game("capture", seed=s) for s in (7, 7, 8))
    assert a.record() == b.record() and a.key == b.key
    assert a.key != c.key
    first = a.record().splitlines()
    assert [ln[:3] for ln in first if not ln.startswith("[")] == ["0H.", "0G."]
    assert '[Seed "7"]' in first
    assert paisho.load_record(a.record()).key == a.key
    move = a.legal_moves()[0]
    a.play(move)
    a.undo()
    assert a.key == b.key
    a.undo()  # the deal itself: back before it, and drawn again the same from the seed
    assert a.ply == 0 and a.phase == "deal" and a.is_chance()
    a.draw_chance()
    assert a.key == b.key


def test_deals_are_all_orders():
    seen = {paisho.new_game("capture", seed=s).record().splitlines()[3] for s in range(30)}
    assert len(seen) == 30


def position(host: dict, guest: dict, to_move: str = "host"):
    """A game in its move phase with the given tiles ((x, y) -> code)."""
    game = paisho.new_game("capture", seed=1)
    st = game.state
    for i, _t in list(st.tiles()):
        st.lift(i)
    for player, tiles in (("host", host), ("guest", guest)):
        for (x, y), code in tiles.items():
            st.put(index(x, y), game.tileset.tile(code, player))
    st.to_move = to_move
    game._changed()
    return game


def targets_of(game, frm):
    return {m.to_point for m in game.legal_moves() if m.from_point == frm}


def test_a_tile_moves_three_points_through_empty_points_only():
    game = position({(0, 0): "A", (1, 0): "V"}, {(5, 5): "O"})
    t = targets_of(game, (0, 0))
    assert (-3, 0) in t and (0, 3) in t and (-1, 2) in t and (-4, 0) not in t
    assert (2, 0) in t  # jumping over its own Vaatu
    assert (3, 0) not in t  # three steps would pass the Vaatu
    assert (1, 1) in t  # one diagonal step beside its own tile: TGG counts it as a jump
    assert (-1, 1) in t and (-2, -1) in t


def test_the_four_diagonal_lines_carry_moves_and_jumps():
    game = position({(7, 0): "A", (6, 1): "V"}, {(0, -8): "O"})
    t = targets_of(game, (7, 0))
    assert (8, 1) in t and (6, -1) in t  # along x - y = 7
    assert (5, 2) in t  # a jump over its own tile along x + y = 7
    off_line = targets_of(position({(3, 0): "A"}, {(0, -8): "O"}), (3, 0))
    assert (5, 2) not in off_line and (4, 1) in off_line  # two orthogonal steps, not one diagonal


def test_capture_cycle_next_three():
    game = position({(0, 0): "A"}, {(1, 0): "V", (0, 1): "P", (-1, 0): "F", (0, -1): "O"})
    t = targets_of(game, (0, 0))
    assert (1, 0) in t and (0, 1) in t  # Vaatu and Piandao: next in the cycle
    assert (-1, 0) not in t  # Spirit Oasis Fish is the fourth
    assert (0, -1) not in t  # Owl Spirit captures the Dai Li Agent, not the reverse


def test_end_when_no_capture_is_left_more_tiles_wins():
    # Host's A takes guest's V each time; what is left decides
    game = position({(0, 0): "A", (5, 5): "B"}, {(1, 0): "V", (-5, -5): "O"})
    game.play("(0,0)-(1,0)")
    # left: host A, B; guest O: O captures A and B, so the game goes on
    assert game.outcome is None
    game = position({(0, 0): "A", (5, 5): "D"}, {(1, 0): "V", (-5, -5): "K"})
    game.play("(0,0)-(1,0)")
    # host A, D v guest K: K captures D, but host keeps A (1) which is not more than guest's 1
    assert game.outcome is None
    game = position({(0, 0): "A", (5, 5): "F", (4, 5): "V"}, {(1, 0): "V", (-5, -5): "P"})
    game.play("(0,0)-(1,0)")
    # host A, F, V v guest P: P is taken by A, V; P captures F; host keeps 2 > guest's 1
    assert game.outcome is not None and game.outcome.winner == "host"
    game = position({(0, 0): "A", (5, 5): "B"}, {(1, 0): "V", (-5, -5): "D"})
    game.play("(0,0)-(1,0)")  # A, B v D: no capture either way, 2 to 1
    assert game.outcome.winner == "host" and "no capture" in game.outcome.reason


def test_notation_errors_are_clear():
    game = paisho.new_game("capture", auto_chance=False)
    with pytest.raises(NotationError):
        game.play("0H.AVBPFUKLDMTX")
    with pytest.raises(RecordError):
        paisho.load_record("0H.AVBPFUKLDMTO;0G.AVBPFUKLDMTO;1H.(0,2)-(9,9)", variant="capture")


def test_turn_limit_counts_tiles():
    game = paisho.new_game("capture", options={"max_turns": 1}, seed=3)
    game.play(game.legal_moves()[0])
    assert game.outcome is None
    move = next(m for m in game.legal_moves() if game.state.board[m.dst] is None)
    game.play(move)
    assert game.outcome is not None and "turn limit" in game.outcome.reason
    assert game.outcome.winner is None  # 12 tiles each


def test_playout_weights_put_takes_and_threatened_tiles_first():
    """quick and the searches try the likeliest moves first (issue 40): a take of a tile that
    threatens one of the mover's comes before another take, and a move of a threatened tile
    before a quiet move of a safe one."""
    # Vaatu (1,0) threatens host's Fish (3,0) two points away; Piandao (0,-2) threatens nothing
    game = position({(0, 0): "A", (3, 0): "F"}, {(1, 0): "V", (0, -2): "P"})
    moves = game.legal_moves()
    weights = game.rules.playout_weights(game, moves)
    by = {(m.from_point, m.to_point): w for m, w in zip(moves, weights)}
    take_threat, take_other = by[(0, 0), (1, 0)], by[(0, 0), (0, -2)]
    escape = {w for (frm, _to), w in by.items() if frm == (3, 0)}
    quiet = {w for (frm, to), w in by.items() if frm == (0, 0) and to not in ((1, 0), (0, -2))}
    assert len(escape) == 1 and len(quiet) == 1
    assert take_threat > take_other > escape.pop() > quiet.pop()
