"""What the page says to teach the game (issue 35): the reasons for refused clicks, the move
list, the decisions explained, the piles a tile is taken from, and what a record carries that
only another program's display uses.  Through the HTTP API, so no browser is needed."""
from __future__ import annotations

import json
import random

import pytest

import paisho_core as paisho
from tests.test_web_http import client, pytestmark  # noqa: F401  (the app's test client)

from paisho_core.web.teach import explain_click, move_list  # noqa: E402


def test_a_refused_click_gets_the_typed_moves_reason():
    """Skud: a Rose from the reserve clicked onto (1,-6) is refused for the reason the typed
    R3(1,-6) gets; an opponent's tile names its owner; an empty point says how to decide."""
    game = paisho.new_game("skud", seed=3)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    with pytest.raises(paisho.PaishoError) as typed:
        game.copy().play("R3(1,-6)")
    reason = str(typed.value).split(": ", 1)[1]
    assert reason in explain_click(game, (1, -6), "tile:R3")
    game.play("R3(0,-8)")
    said = explain_click(game, (0, -8), None)
    assert "Guest's" in said, said
    assert "No legal move starts or ends on (5,5)" in explain_click(game, (5, 5), None)


def test_move_list_in_words_with_captures_and_harmonies():
    game = paisho.new_game("skud", seed=1)
    rng = random.Random(1)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    listed = move_list(game, [], "guest")
    assert len(listed) == min(len(game.turns()), 400)
    assert any(e["captured"] for e in listed) and any(e["harmonies"] for e in listed)
    assert listed[-1]["ply"] == game.ply and not any(e["ahead"] for e in listed)
    took = next(e for e in listed if e["captured"])
    assert "taking the" in took["words"], took


def test_hidden_draws_are_written_as_question_marks_for_the_other_seat():
    game = paisho.new_game("ancient", seed=2)
    for text in ("left", "first", "x"):
        game.play(text)
    game.play(game.legal_moves()[0])  # the discard
    drawn = game.turns()[-1][2][0]
    mine = move_list(game, [], "guest")[-1]["text"]
    theirs = move_list(game, [], "host")[-1]["text"]
    assert "?" in theirs and "?" not in mine, (mine, theirs)


def test_the_view_explains_the_decision_and_the_pile_of_each_tile(client):
    view = client.post("/api/tables", json={"variant": "fire", "seed": 1}).json()
    assert "library" in view["help"]["text"]
    piles = {g["tile"]: g["pile"] for g in view["choices"] if g["tile"]}
    assert piles and set(piles.values()) == {"library"}
    view = client.post("/api/tables", json={"variant": "ancient", "seed": 2}).json()
    assert "Guess left or right" in view["help"]["text"]
    answer = client.post(f"/api/tables/{view['id']}/explain", json={"point": [5, 5]}).json()
    assert answer["said"]["refused"] and answer["ply"] == 0


def test_goto_and_moves(client):
    game = paisho.new_game("skud", seed=2)
    rng = random.Random(2)
    for _ in range(12):
        game.play(rng.choice(game.legal_moves()))
    view = client.post("/api/tables/load", json={"text": game.record()}).json()
    moves = client.get(f"/api/tables/{view['id']}/moves").json()["moves"]
    assert len(moves) == len(game.turns())
    view = client.post(f"/api/tables/{view['id']}/goto", json={"ply": moves[2]["ply"]}).json()
    assert view["ply"] == moves[2]["ply"] and view["ahead"] == game.ply - moves[2]["ply"]
    listed = client.get(f"/api/tables/{view['id']}/moves").json()["moves"]
    assert [m["ahead"] for m in listed] == [m["ply"] > view["ply"] for m in moves]
    r = client.post(f"/api/tables/{view['id']}/goto", json={"ply": 10 ** 6})
    assert r.status_code == 400 and "no decision" in r.json()["error"]


def test_a_record_without_a_header_says_which_variant_was_assumed(client):
    r = client.post("/api/tables/load", json={"text": "1H.R3(0,8)\n"})
    assert r.status_code == 400 and "read as skud" in r.json()["error"], r.text


def test_display_only_options_are_ignored_with_a_note(client):
    """The Garden Gate's NoHarmonyAids (Skud, Fire) and Fire's AncientOasisExpansion are
    display choices there: a record carrying them opens, saying they were ignored; Skud's
    real AncientOasisExpansion is kept."""
    options = json.dumps({"NoHarmonyAids": True, "AncientOasisExpansion": True})
    text = f'[Variant "fire"]\n[Options {json.dumps(options)}]\n'
    view = client.post("/api/tables/load", json={"text": text}).json()
    assert any("NoHarmonyAids ignored" in r for r in view["repairs"])
    assert any("AncientOasisExpansion ignored" in r for r in view["repairs"])
    text = f'[Variant "skud"]\n[Options {json.dumps(options)}]\n'
    view = client.post("/api/tables/load", json={"text": text}).json()
    assert view["variant"]["options"] == {"AncientOasisExpansion": True}
    assert [r for r in view["repairs"] if "ignored" in r] == [
        r for r in view["repairs"] if "NoHarmonyAids" in r]


def test_a_record_showing_hidden_hands_waits_for_the_end(client):
    """Issue 35, item 1: the record writes every tile drawn, so while an Ancient game with a
    person in it goes on, it is not handed out; once the game is over it is."""
    view = client.post("/api/tables", json={"variant": "ancient", "seed": 2}).json()
    assert view["record_hidden"]
    r = client.get(f"/api/tables/{view['id']}/record")
    assert r.status_code == 409 and "hidden hands" in r.json()["error"]
    view = client.post(f"/api/tables/{view['id']}/resign", json={}).json()
    assert not view["record_hidden"]
    assert client.get(f"/api/tables/{view['id']}/record").status_code == 200
    skud = client.post("/api/tables", json={"variant": "skud", "seed": 2}).json()
    assert not skud["record_hidden"]
