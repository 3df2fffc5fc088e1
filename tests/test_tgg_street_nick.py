"""Street and Nick held against The Garden Gate's engines (issue 39).

The vectors in tests/data/tgg/{nick,street}/games.jsonl.gz are self-play games of TGG's own rules
engines run under Node (how they were made: the README beside them).  Every game must replay in
paisho (`nick`, `street-tgg`, with the options TGG's options map to) to the same final position and
winner, and paisho's legal turns must equal TGG's at every dumped position.  Then TGG's notation in
and out, and worked examples of the readings where TGG and the book differ (the rulings pages of
3-Piece and Modern list them).
"""
from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

import paisho_core as P
from paisho_core import board as _board  # noqa: F401 - P.board in the examples
from paisho_core.errors import NotationError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "tgg"))
import compare_nick  # noqa: E402
import compare_street  # noqa: E402

DATA = Path(__file__).parent / "data" / "tgg"


def games(name: str) -> list[dict]:
    with gzip.open(DATA / name / "games.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


NICK = games("nick")
STREET = games("street")


@pytest.mark.parametrize("name,found,compare", [("nick", NICK, compare_nick.compare),
                                                  ("street", STREET, compare_street.compare)])
def test_every_tgg_game_replays_with_equal_legal_moves(name, found, compare):
    positions = 0
    problems = []
    for d in found:
        probs, n = compare(d)
        positions += n
        problems += [f"seed {d['seed']} {d['options']}: {p}" for p in probs]
    assert not problems, "\n".join(problems[:20])
    assert len(found) >= 30, f"{name}: only {len(found)} games"
    assert positions >= 200, f"{name}: only {positions} legal-move positions compared"
    assert sum(1 for d in found if d["end"]["winner"]) >= 30, f"{name}: fewer than 30 decided games"


def test_the_vectors_cover_every_tgg_option():
    assert {o for d in NICK for o in d["options"]} == {"NickJumpOverEnemies"}
    assert {o for d in STREET for o in d["options"]} == {
        "FormalWinCondition", "OriginalBoardSetup", "ReleaseCaptiveTiles", "BonusMovementWithCaptive",
        "BonusMovementPerCaptive"}


# -- notation in and out --------------------------------------------------------------------------

def test_nick_notation_round_trips_both_tgg_forms():
    from paisho_variants.nick.notation import from_tgg, to_tgg

    d = next(d for d in NICK if not d["options"])
    turns = from_tgg(json.dumps(d["turns"]))
    g = P.new_game("nick", options={"repetition": 0, "max_turns": 0})
    for t in turns:
        g.play(t)
    assert json.loads(to_tgg(g)) == [{k: m[k] for k in ("moveNum", "player", "moveType", "startPoint", "endPoint")}
                                     for m in d["turns"]]
    assert from_tgg(to_tgg(g, display=True)) == turns
    # the page's display turns the board a quarter: the Guest Lotus's (-6,-6) shows as (-6,6)
    assert from_tgg("0G.(-6,6)-(-5,5)") == ["1G.(-6,-6)-(-5,-5)"]


def test_street_notation_round_trips():
    from paisho_variants.street_tgg.notation import from_tgg, to_tgg

    d = next(d for d in STREET if "OriginalBoardSetup" in d["options"])
    text = ";".join(d["setup"] + d["turns"])
    options, turns = from_tgg(text)
    assert options == {"layout": "original"}
    g = P.new_game("street-tgg", options=dict(options, repetition=0, max_turns=0))
    for t in turns:
        g.play(t)
    assert to_tgg(g) == text


@pytest.mark.parametrize("text", ["0H.7;0G.7", "0H.1;0G.2", "garbage;1H.(0,3)-(0,4)", "[{\"moveNum\": -1}]"])
def test_bad_tgg_notation_is_a_clear_error(text):
    from paisho_variants.nick.notation import from_tgg as nick_in
    from paisho_variants.street_tgg.notation import from_tgg as street_in

    reader = nick_in if text.startswith("[") else street_in
    with pytest.raises(NotationError):
        reader(text)


# -- worked examples of TGG's readings -------------------------------------------------------------

def pos(tiles, to_move="guest", turn=5, reserves=None, **options):
    """A Nick position: ``tiles`` maps (x, y) to 'GF', 'HAv', ... (owner letter + tile code)."""
    entries = [{"x": x, "y": y, "tile": t[1:], "owner": "guest" if t[0] == "G" else "host"}
               for (x, y), t in tiles.items()]
    data = {"variant": "nick", "options": options, "to_move": to_move, "turn": turn, "board": entries}
    if reserves:
        data["reserves"] = reserves
    return P.from_position(data)


def test_nick_lotus_is_in_check_next_to_the_enemy_lotus():
    """TGG: any enemy tile next to a White Lotus puts it in check, the enemy Lotus too; the book's
    reading (modern's default) counts only tiles that can attack.  In check, any move is legal, and
    a move that leaves the Lotus in check loses."""
    g = pos({(1, 1): "GL", (2, 2): "HL", (-5, -5): "GA", (5, 5): "HA"})
    assert "(-5,-5)-(-5,-4)" in {str(m) for m in g.legal_moves()}
    g.play("(-5,-5)-(-5,-4)")
    assert g.outcome.winner == "host" and g.outcome.reason == "white lotus not freed"
    book = pos({(1, 1): "GL", (2, 2): "HL", (-5, -5): "GA", (5, 5): "HA"}, lotus_threat="attackers")
    book.play("(-5,-5)-(-5,-4)")
    assert book.outcome is None


def test_nick_avatar_comes_back_when_the_enemy_avatar_is_taken():
    """TGG: taking the enemy Avatar brings one's own captured Avatar back to its starting point at
    once, and a tile standing there is pushed to the first empty point around it."""
    g = pos({(-6, -6): "GL", (6, 6): "HL", (0, 1): "HAv", (0, -1): "GW", (-4, -4): "HW"},
            reserves={"guest": {"Av": 1}, "host": {}})
    g.play("(0,-1)-(0,0)")  # the Water lands next to the Host's Avatar and takes it
    assert at(g, 0, 1) is None and at(g, -4, -4) == "GAv"
    assert at(g, -5, -3) == "HW"  # the north-west point around (-4,-4), the first one TGG tries
    # pushed next to an enemy that defeats it (a Guest Air), the Water is taken, as in TGG's engine
    g = pos({(-6, -6): "GL", (6, 6): "HL", (0, 1): "HAv", (0, -1): "GW", (-4, -4): "HW", (-6, -3): "GA"},
            reserves={"guest": {"Av": 1}, "host": {}})
    g.play("(0,-1)-(0,0)")
    assert at(g, -4, -4) == "GAv" and at(g, -5, -3) is None


def at(game, x, y):
    t = game.state.board[P.board.index(x, y)]
    return None if t is None else ("G" if t.owner == "guest" else "H") + t.code


def test_nick_a_move_is_a_step_or_a_chain_of_jumps_not_both():
    g = P.new_game("nick")
    steps_then_jumps = P.new_game("nick", options={"step_with_hops": True})
    assert len(g.legal_moves()) == 145  # TGG's count at the start
    assert len(steps_then_jumps.legal_moves()) > 145


# -- worked examples of TGG's Street (source: TGG's engine, js/street/ at fcef8c0) -------------------

def street(tiles, to_move="host", stacks=None, **options):
    """A street-tgg position: ``tiles`` maps (x, y) to 'H' or 'G'; ``stacks`` point label -> captives."""
    entries = [{"x": x, "y": y, "tile": "L", "owner": "host" if o == "H" else "guest"} for (x, y), o in tiles.items()]
    data = {"variant": "street-tgg", "options": options, "to_move": to_move, "turn": 5, "board": entries,
            "reserves": {"host": {"L": 5}, "guest": {"L": 5}}}
    if stacks:
        data["stacks"] = stacks
    return P.from_position(data)


def test_street_capture_carries_the_captive_and_a_carrier_cannot_capture():
    g = street({(0, 3): "H", (0, 2): "G", (3, 3): "G", (-6, -5): "G"})
    g.play("(0,3)-(0,2)")
    assert g.position()["stacks"] == {"(0,2)": "g"}
    g.play("(-6,-5)-(-6,-4)")
    moves = {str(m) for m in g.legal_moves()}
    assert "(0,2)-(3,2)" in moves and "(0,2)-(3,3)" not in moves  # carrying: no capture
    g.play("(0,2)-(2,2)")
    assert g.position()["stacks"] == {"(2,2)": "g"}  # the captive travels with it


def test_street_release_captives_leaves_the_captive_behind():
    g = street({(0, 2): "H", (3, 3): "G"}, stacks={"(0,2)": "g"}, release_captives=True)
    g.play("(0,2)-(2,3)")
    assert g.position()["stacks"] == {}
    assert g.state.board[P.board.index(0, 2)].owner == "guest"  # set free where the carrier stood
    assert "(2,3)-(3,3)" in {str(m) for m in street({(2, 3): "H", (3, 3): "G"}, stacks={"(2,3)": "g"},
                                                     release_captives=True).legal_moves()}


def test_street_captive_bonus_reach():
    far = "(0,2)-(0,-3)"  # 5 steps
    assert far not in {str(m) for m in street({(0, 2): "H"}, stacks={"(0,2)": "g"}).legal_moves()}
    assert far in {str(m) for m in street({(0, 2): "H"}, stacks={"(0,2)": "g"}, captive_bonus="five").legal_moves()}
    six = "(0,2)-(0,-4)"
    assert six in {str(m) for m in street({(0, 2): "H"}, stacks={"(0,2)": "gh"},
                                          captive_bonus="per_captive").legal_moves()}


def test_street_formal_win_waits_for_the_winners_turn():
    tiles = {(-3, 2): "H", (4, 2): "H", (-3, -2): "H", (4, -3): "H", (-6, -6): "G", (6, -6): "G"}
    g = street(tiles)
    g.play("(4,-3)-(4,-2)")
    assert g.outcome.winner == "host"
    g = street(tiles, formal_win=True)
    g.play("(4,-3)-(4,-2)")
    assert g.outcome is None  # the Guest moves first; the Host wins if its harmonies still stand
    g.play("(-6,-6)-(-6,-5)")
    assert g.outcome.winner == "host"
