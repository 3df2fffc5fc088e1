"""The web app's HTTP API (issue 17, acceptance 2): every endpoint answers malformed and hostile
input with a 4xx and a clear JSON message, never a traceback, and a refused request leaves the
game as it was."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

from starlette.testclient import TestClient  # noqa: E402

import paisho_core as paisho  # noqa: E402
from paisho_core.web.app import BODY_LIMIT, UPLOAD_LIMIT, create_app  # noqa: E402


@pytest.fixture()
def client():
    return TestClient(create_app(), raise_server_exceptions=False)


def new_table(client, variant="skud", **body):
    r = client.post("/api/tables", json={"variant": variant, "seed": 1, **body})
    assert r.status_code == 200, r.text
    return r.json()


def refused(r, status=None, words=None):
    """A 4xx with a JSON error message and no Python traceback."""
    assert 400 <= r.status_code < 500, (r.status_code, r.text)
    if status is not None:
        assert r.status_code == status, r.text
    assert "Traceback" not in r.text and 'File "' not in r.text
    message = r.json()["error"]
    assert isinstance(message, str) and message
    if words:
        assert words.lower() in message.lower(), message
    return message


def state(client, table_id):
    view = client.get(f"/api/tables/{table_id}").json()
    view.pop("said", None)
    view.pop("version", None)  # counts stored changes: an undo and a replay are two
    return view


def test_page_assets_and_variant_list(client):
    page = client.get("/")
    assert page.status_code == 200 and "<script src=\"/static/app.js\"" in page.text
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/style.css").status_code == 200
    meta = client.get("/api/variants").json()
    names = {v["name"] for v in meta["variants"]}
    assert set(installed_variants()) <= names
    assert "human" not in meta["levels"] and "greedy" in meta["levels"]


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/index.html", "/static/%2e%2e%2fapp.py",
                                  "/static/..%2f..%2fpyproject.toml", "/etc/passwd", "/static/"])
def test_no_file_is_named_by_url(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert "import" not in r.text


def installed_variants() -> list[str]:
    """The variants installed by entry point (other tests register broken YAML variants)."""
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="paisho.variants")}
    return [n for n in paisho.variants() if n in names]


def test_every_variant_starts_and_lists_grouped_choices(client):
    for name in installed_variants():
        view = new_table(client, name)
        assert view["svg"].startswith("<svg") and view["mode"] == "play"
        texts = [m["text"] for g in view["choices"] for t in g["targets"] for m in t["moves"]]
        texts += [b["text"] for g in view["choices"] for b in g["buttons"]]
        game = paisho.new_game(name, seed=1)
        assert sorted(texts) == sorted(str(m) for m in game.legal_moves()), name


@pytest.mark.parametrize("body, status, words", [
    ({"variant": 7}, 400, "must be a string"),
    ({"variant": "no-such-variant"}, 400, "unknown variant"),
    ({"variant": "evil.yaml"}, 400, "registered variant"),
    ({"variant": "../../etc/passwd"}, 400, "registered variant"),
    ({"variant": "skud", "options": []}, 400, "must be an object"),
    ({"variant": "skud", "options": {"NoSuchOption": True}}, 400, "NoSuchOption"),
    ({"variant": "skud", "sides": {"host": "grandmaster"}}, 400, "sides.host"),
    ({"variant": "skud", "sides": {"host": 3}}, 400, "sides.host"),
    ({"variant": "skud", "sides": {"referee": "human"}}, 400, "unknown player"),
    ({"variant": "skud", "sides": "human"}, 400, "must be an object"),
    ({"variant": "skud", "seed": "seven"}, 400, "whole number"),
    ({"variant": "skud", "seed": -1}, 400, "seed"),
    ({"variant": "skud", "seed": 10 ** 30}, 400, "seed"),
    ({"variant": "skud", "seed": True}, 400, "whole number"),
    ({"variant": "x" * 5000}, 400, "too long"),
    ({}, 400, "missing field 'variant'"),
])
def test_new_table_refuses_bad_requests(client, body, status, words):
    refused(client.post("/api/tables", json=body), status, words)


def test_malformed_bodies(client):
    refused(client.post("/api/tables", content=b"{not json", headers={"content-type": "application/json"}),
            400, "not JSON")
    refused(client.post("/api/tables", content=b"\xff\xfe", headers={"content-type": "application/json"}),
            400, "UTF-8")
    refused(client.post("/api/tables", content=b"[1, 2]", headers={"content-type": "application/json"}),
            400, "JSON object")
    refused(client.post("/api/tables", content=b"[" * 100000 + b"]" * 100000,
                        headers={"content-type": "application/json"}), 413)
    refused(client.post("/api/tables", content=b"[" * 5000 + b"]" * 5000,
                        headers={"content-type": "application/json"}), 400)
    refused(client.post("/api/tables", content=b'{"variant": "skud"}', headers={"content-type": "text/plain"}),
            415, "JSON")
    refused(client.post("/api/tables", data={"variant": "skud"}), 415)
    big = json.dumps({"variant": "skud", "padding": "x" * (BODY_LIMIT + 1)})
    refused(client.post("/api/tables", content=big, headers={"content-type": "application/json"}), 413, "too large")
    refused(client.get("/api/tables"), 405)
    refused(client.post("/api/variants", json={}), 405)


def test_requests_for_another_host_are_refused(client):
    r = client.get("/", headers={"host": "attacker.example"})
    assert r.status_code == 400
    assert client.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200


def test_unknown_tables_and_actions(client):
    refused(client.get("/api/tables/nope"), 404, "no such game")
    refused(client.post("/api/tables/nope/move", json={"move": "x"}), 404)
    refused(client.get("/api/tables/nope/record"), 404)
    view = new_table(client)
    refused(client.post(f"/api/tables/{view['id']}/explode", json={}), 404, "no action")
    refused(client.get(f"/api/tables/{view['id']}/undo"), 405)


@pytest.mark.parametrize("body, status, words", [
    ({"move": "R3(0,-8)"}, 400, "not written like a move of this decision"),  # a plant during the accent choice
    ({"move": "(99,99)"}, 400, "not a point of the board"),
    ({"move": ""}, 400, "not written like a move"),
    ({"move": 12}, 400, "must be a string"),
    ({"move": ["R,R,W,W"]}, 400, "must be a string"),
    ({"move": None}, 400, "missing field"),
    ({"move": "R,R,W,W", "ply": 5}, 409, "moved on"),
    ({"move": "R,R,W,W", "ply": "0"}, 400, "whole number"),
    ({"move": "R" * 1000}, 400, "too long"),
    ({"move": "1G.R,R,W,W;2G.R3(0,-8)"}, 400, None),
])
def test_refused_moves_leave_the_game_unchanged(client, body, status, words):
    view = new_table(client)
    before = state(client, view["id"])
    refused(client.post(f"/api/tables/{view['id']}/move", json=body), status, words)
    assert state(client, view["id"]) == before


def test_refused_actions_leave_the_game_unchanged(client):
    view = new_table(client)
    tid = view["id"]
    before = state(client, tid)
    refused(client.post(f"/api/tables/{tid}/undo", json={}), 400, "nothing to undo")
    refused(client.post(f"/api/tables/{tid}/back", json={}), 400, "start")
    refused(client.post(f"/api/tables/{tid}/forward", json={}), 400, "last decision")
    refused(client.post(f"/api/tables/{tid}/handover", json={}), 400, "hand-over")
    refused(client.post(f"/api/tables/{tid}/computer", json={}), 400, "no computer")
    refused(client.post(f"/api/tables/{tid}/sides", json={"sides": {"guest": "god"}}), 400, "sides.guest")
    refused(client.post(f"/api/tables/{tid}/sides", json={}), 400, "missing field")
    assert state(client, tid) == before


def test_play_undo_forward_hint_resign_record(client):
    view = new_table(client, sides={"guest": "human", "host": "random"})
    tid = view["id"]
    assert view["mode"] == "computer"  # the host chooses accents first in Skud
    view = client.post(f"/api/tables/{tid}/computer", json={}).json()
    assert view["mode"] == "play" and view["ply"] == 1
    refused(client.post(f"/api/tables/{tid}/computer", json={}), 400)
    hint = client.post(f"/api/tables/{tid}/hint", json={}).json()["said"]["hint"]
    accents = [b["text"] for b in view["choices"][0]["buttons"]]
    assert hint in accents
    view = client.post(f"/api/tables/{tid}/move", json={"move": accents[0], "ply": 1}).json()
    assert view["ply"] == 2 and view["status"]["phase"] == "turn"
    # a person cannot play the computer's decision
    before = state(client, tid)
    view = client.post(f"/api/tables/{tid}/move", json={"move": "R3(0,-8)"}).json()
    assert view["mode"] == "computer"
    refused(client.post(f"/api/tables/{tid}/move", json={"move": "R3(0,8)"}), 400, "computer")
    view = client.post(f"/api/tables/{tid}/undo", json={}).json()
    assert view["ply"] == 2 and view["ahead"] == 1
    assert state(client, tid) == before | {"ahead": 1}
    view = client.post(f"/api/tables/{tid}/forward", json={}).json()
    assert view["ply"] == 3
    view = client.post(f"/api/tables/{tid}/resign", json={}).json()
    assert view["status"]["outcome"]["winner"] == "host" and view["mode"] == "over"
    refused(client.post(f"/api/tables/{tid}/resign", json={}), 400, "over")
    record = client.get(f"/api/tables/{tid}/record")
    assert record.headers["content-disposition"].startswith("attachment")
    game = paisho.load_record(record.text)
    assert game.outcome.winner == "host" and game.ply == 4


def test_upload_refuses_a_record_naming_a_variant_file(client, tmp_path):
    """A record found on a forum must not run code: its Variant tag may name only a registered
    variant (issue 19, item 1)."""
    marker = tmp_path / "pwned"
    (tmp_path / "hooks.py").write_text(f"open({str(marker)!r}, 'w').write('x')\n")
    evil = tmp_path / "evil.yaml"
    evil.write_text("name: evil\nextends: skud\nhooks: hooks.py\n")
    for tag in (str(evil), "evil.yaml", "./evil.yml", "..\\evil.yaml"):
        record = f'[Variant "{tag}"]\n1G.R3(0,-8)\n'
        refused(client.post("/api/tables/load", json={"text": record}), 400, "registered variant")
        refused(client.post("/api/tables/load", json={"text": "1G.R3(0,-8)\n", "variant": tag}), 400)
        position = json.dumps({"variant": tag, "to_move": "guest", "board": []})
        refused(client.post("/api/tables/load", json={"text": position}), 400, "registered variant")
    assert not marker.exists()


@pytest.mark.parametrize("text, words", [
    ('[Variant "skud"]\n1G.nonsense\n', "move 1G"),
    ('[Variant "skud"\n', "malformed tag"),
    ('[Variant "nope"]\n', "unknown variant"),
    ('[Variant "skud"]\n[Options "[1]"]\n', "Options"),
    ("{not json", "not JSON"),
    ('{"variant": "skud", "board": "all of it"}', "board"),
    ('{"variant": 5}', "variant"),
])
def test_upload_refuses_bad_records_and_positions(client, text, words):
    refused(client.post("/api/tables/load", json={"text": text}), 400, words)


def test_upload_limits(client):
    refused(client.post("/api/tables/load", json={"text": 5}), 400, "must be a string")
    refused(client.post("/api/tables/load", json={}), 400, "missing field")
    huge = json.dumps({"text": "1G.R3(0,-8)\n" * (UPLOAD_LIMIT // 10)})
    refused(client.post("/api/tables/load", content=huge, headers={"content-type": "application/json"}),
            413, "too large")


def test_upload_then_step_through_and_play_on(client):
    game = paisho.new_game("skud", seed=4)
    for text in ("R,R,W,W", "R,W,K,B", "R3(0,-8)", "R3(0,8)"):
        game.play(text)
    view = client.post("/api/tables/load", json={"text": game.record()}).json()
    tid = view["id"]
    assert view["ply"] == 4 and view["ahead"] == 0
    view = client.post(f"/api/tables/{tid}/start", json={}).json()
    assert view["ply"] == 0 and view["ahead"] == 4
    view = client.post(f"/api/tables/{tid}/forward", json={}).json()
    assert view["ply"] == 1 and view["status"]["last"]
    view = client.post(f"/api/tables/{tid}/end", json={}).json()
    assert view["ply"] == 4 and view["ahead"] == 0
    client.post(f"/api/tables/{tid}/back", json={})
    view = client.post(f"/api/tables/{tid}/back", json={}).json()
    assert view["ply"] == 2 and view["ahead"] == 2
    moves = [m["text"] for g in view["choices"] for t in g["targets"] for m in t["moves"]]
    other = next(m for m in moves if m != "R3(0,-8)")
    view = client.post(f"/api/tables/{tid}/move", json={"move": other}).json()
    assert view["ply"] == 3 and view["ahead"] == 0 and view["status"]["last"] == f"1G.{other}"
    position = client.post("/api/tables/load", json={"text": json.dumps(game.position())}).json()
    assert position["status"]["turn"] == game.state.turn


def test_hot_seat_hides_the_other_hand(client):
    """Ancient with two people: between turns nothing hidden is sent until the hand-over."""
    view = new_table(client, "ancient")
    tid = view["id"]
    assert view["hotseat"] and view["viewer"] == "guest"
    host_hand = [p for p in view["piles"]["host"] if p["pile"] == "hand"][0]
    assert host_hand["tiles"] == {} and host_hand["hidden"] > 0
    while view["status"]["to_move"] == "guest":
        choice = view["choices"][0]
        move = (choice["buttons"] or [m for t in choice["targets"] for m in t["moves"]])[0]["text"]
        view = client.post(f"/api/tables/{tid}/move", json={"move": move}).json()
    assert view["mode"] == "handover" and view["choices"] == [] and view["piles"] == {}
    assert view["viewer"] is None
    refused(client.post(f"/api/tables/{tid}/move", json={"move": "x"}), 400, "handed over")
    view = client.post(f"/api/tables/{tid}/handover", json={}).json()
    assert view["viewer"] == "host" and view["mode"] == "play"
    guest_hand = [p for p in view["piles"]["guest"] if p["pile"] == "hand"][0]
    assert guest_hand["tiles"] == {}


def test_serve_refuses_a_bad_port():
    from typer.testing import CliRunner

    from paisho_core.cli.app import app

    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "--port" in result.output
