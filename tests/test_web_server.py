"""The web app as a game server (issue 34): games kept in SQLite across a restart, seats with
secret links, spectators, hidden hands, and every limit answered with a status and a message
while no other client's game changes; a request from a foreign Origin changes nothing."""
from __future__ import annotations

import asyncio
import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

from starlette.testclient import TestClient  # noqa: E402

import paisho_core as paisho  # noqa: E402
from paisho_core.web.app import create_app  # noqa: E402
from paisho_core.web.quota import LimitError, Limits, Quota  # noqa: E402

SEED = 918273645  # long enough that finding it in an answer is no accident


def clients(app, n=3):
    return [TestClient(app, client=(f"10.0.0.{k + 1}", 4000), raise_server_exceptions=False)
            for k in range(n)]


def first_move(view) -> str:
    group = view["choices"][0]
    return (group["buttons"] or [m for t in group["targets"] for m in t["moves"]])[0]["text"]


def refused(r, status, words):
    assert r.status_code == status, (r.status_code, r.text)
    assert "Traceback" not in r.text
    message = r.json()["error"]
    assert words.lower() in message.lower(), message
    return message


def snapshot(client, key):
    view = client.get(f"/api/tables/{key}").json()
    return view["ply"], view["version"], view["svg"], view["status"]


def two_seat_game(app, variant="ancient", seed=SEED):
    """A game between two links: client a created it and plays guest, b opened the host link,
    c only has the game URL."""
    a, b, c = clients(app)
    view = a.post("/api/tables", json={"variant": variant, "seed": seed, "seat": "guest"}).json()
    assert view["seats"] == ["guest"] and not view["control"] and "host" in view["invite"]
    assert b.get(view["invite"]["host"]).status_code == 200  # the seat link sets the cookie
    return view["id"], a, b, c


# -- nothing lost ---------------------------------------------------------------------------------

def test_a_restart_loses_nothing(tmp_path):
    db = tmp_path / "games.sqlite"
    app = create_app(db=str(db))
    key, a, b, _ = two_seat_game(app, "skud", seed=3)
    for _ in range(4):
        for who in (a, b):
            view = who.get(f"/api/tables/{key}").json()
            if view["mode"] == "play":
                assert who.post(f"/api/tables/{key}/move", json={"move": first_move(view)}).status_code == 200
    before = {who: who.get(f"/api/tables/{key}").json() for who in (a, b)}
    assert before[a]["ply"] >= 4
    again = create_app(db=str(db))  # a new process reading the same file
    for who, old in before.items():
        who.app = again
        fresh = who.get(f"/api/tables/{key}").json()
        for field in ("ply", "svg", "status", "mode", "seats", "piles", "choices", "version"):
            assert fresh[field] == old[field], field
    view = next(v for v in (a.get(f"/api/tables/{key}").json(), b.get(f"/api/tables/{key}").json())
                if v["mode"] == "play")
    mover = a if view["seats"] == ["guest"] else b
    assert mover.post(f"/api/tables/{key}/move", json={"move": first_move(view)}).status_code == 200


def test_many_games_none_evicted():
    """The old server dropped the least recently used of 64 tables; now memory holds a few and
    the database every one."""
    app = create_app(limits=Limits(cached=2))
    a, b = clients(app, 2)
    keys = [who.post("/api/tables", json={"variant": "skud", "seed": n}).json()["id"]
            for n, who in enumerate([a, b] * 3)]
    for key, who in zip(keys, [a, b] * 3):
        assert who.get(f"/api/tables/{key}").json()["id"] == key
    assert app.state.games.in_memory() <= 2


def test_uploaded_position_survives_a_restart(tmp_path):
    db = str(tmp_path / "g.sqlite")
    game = paisho.new_game("skud", seed=4)
    for text in ("R,R,W,W", "R,W,K,B", "R3(0,-8)"):
        game.play(text)
    (a,) = clients(create_app(db=db), 1)
    view = a.post("/api/tables/load", json={"text": json.dumps(game.position())}).json()
    a.app = create_app(db=db)
    assert a.get(f"/api/tables/{view['id']}").json()["svg"] == view["svg"]


# -- seats and spectators -------------------------------------------------------------------------

def test_each_player_moves_only_for_their_seat():
    app = create_app()
    key, a, b, c = two_seat_game(app, "skud", seed=2)
    to_move = a.get(f"/api/tables/{key}").json()["status"]["to_move"]
    mover, other = (a, b) if to_move == "guest" else (b, a)
    view = mover.get(f"/api/tables/{key}").json()
    assert view["mode"] == "play" and other.get(f"/api/tables/{key}").json()["mode"] == "wait"
    move = first_move(view)
    before = snapshot(a, key)
    refused(other.post(f"/api/tables/{key}/move", json={"move": move}), 403, f"{to_move}'s decision")
    refused(other.post(f"/api/tables/{key}/hint", json={}), 403, f"{to_move}'s decision")
    refused(c.post(f"/api/tables/{key}/move", json={"move": move}), 403, "watching")
    for action in ("undo", "back", "start", "sides", "resign", "computer", "hint"):
        refused(c.post(f"/api/tables/{key}/{action}", json={"sides": {}}), 403, "watching")
    refused(b.post(f"/api/tables/{key}/undo", json={}), 403, "one screen")
    refused(b.post(f"/api/tables/{key}/sides", json={"sides": {"host": "random"}}), 403, "one screen")
    refused(c.get(f"/g/{key}?seat=forged"), 404, "seat link")
    assert snapshot(a, key) == before
    assert c.get(f"/api/tables/{key}").json()["mode"] == "watch"
    assert mover.post(f"/api/tables/{key}/move", json={"move": move}).status_code == 200
    # a script presents its seat in a header instead of a cookie
    token = b.get(f"/api/tables/{key}").json()["links"]["seats"]["host"].split("seat=")[1]
    script = TestClient(app, client=("10.0.0.9", 1))
    assert script.get(f"/api/tables/{key}", headers={"X-Paisho-Seat": token}).json()["seats"] == ["host"]
    view = b.post(f"/api/tables/{key}/resign", json={}).json()
    assert view["status"]["outcome"]["winner"] == "guest"


def test_the_page_cannot_be_framed_and_leaks_no_address():
    (a,) = clients(create_app(), 1)
    key = a.post("/api/tables", json={"variant": "skud"}).json()["id"]
    for path in ("/", f"/g/{key}"):
        r = a.get(path)
        assert r.headers["x-frame-options"] == "DENY" and r.headers["referrer-policy"] == "no-referrer"


def test_hot_seat_creator_holds_both_seats():
    (a, c) = clients(create_app(), 2)
    view = a.post("/api/tables", json={"variant": "skud", "seed": 1}).json()
    assert view["seats"] == ["guest", "host"] and view["control"] and view["invite"] == {}
    assert set(view["links"]["seats"]) == {"guest", "host"}
    assert c.get(f"/api/tables/{view['id']}").json()["seats"] == []


def test_ancient_hidden_hands_and_seed_stay_hidden_until_the_end():
    app = create_app()
    key, a, b, c = two_seat_game(app, "ancient", seed=SEED)
    game = paisho.new_game("ancient", seed=SEED)
    hands = {p: game.state.pile("hand", p) for p in ("guest", "host")}
    seen = []
    for _ in range(40):
        views = {who: who.get(f"/api/tables/{key}").json() for who in (a, b, c)}
        seen += [(who, v) for who, v in views.items()]
        seen.append((c, c.get(f"/api/tables/{key}/record").text))
        mover = next((who for who, v in views.items() if v["mode"] == "play"), None)
        if mover is None:
            break
        assert mover.post(f"/api/tables/{key}/move", json={"move": first_move(views[mover])}).status_code == 200
    for who, got in seen:
        text = got if isinstance(got, str) else json.dumps(got)
        assert str(SEED) not in text and "[Seed" not in text
        if isinstance(got, dict) and got["status"]["outcome"] is None:
            own = {a: "guest", b: "host", c: None}[who]
            for p in ("guest", "host"):
                hand = next(x for x in got["piles"][p] if x["pile"] == "hand")
                if p != own:
                    assert hand["tiles"] == {}, (own, p)
    assert hands["guest"] and hands["host"]
    # at the end the whole record, seed included, is for everyone
    if a.get(f"/api/tables/{key}").json()["status"]["outcome"] is None:
        a.post(f"/api/tables/{key}/resign", json={})
    record = c.get(f"/api/tables/{key}/record").text
    assert f'[Seed "{SEED}"]' in record
    assert paisho.load_record(record).outcome is not None


# -- limits ---------------------------------------------------------------------------------------

def test_tables_per_client():
    app = create_app(limits=Limits(tables_per_client=2))
    a, b = clients(app, 2)
    keep = b.post("/api/tables", json={"variant": "skud", "seed": 1}).json()["id"]
    before = snapshot(b, keep)
    for n in range(2):
        assert a.post("/api/tables", json={"variant": "skud", "seed": n}).status_code == 200
    refused(a.post("/api/tables", json={"variant": "skud"}), 429, "limit per player (2)")
    refused(a.post("/api/tables/load", json={"text": '[Variant "skud"]\n'}), 429, "finish or resign")
    assert snapshot(b, keep) == before
    assert b.post("/api/tables", json={"variant": "skud"}).status_code == 200  # b has its own share


def test_tables_per_server_and_memory():
    app = create_app(limits=Limits(tables=2))
    a, b = clients(app, 2)
    a.post("/api/tables", json={"variant": "skud"})
    b.post("/api/tables", json={"variant": "skud"})
    refused(a.post("/api/tables", json={"variant": "skud"}), 503, "unfinished games")
    (c,) = clients(create_app(limits=Limits(memory_mb=1)), 1)
    refused(c.post("/api/tables", json={"variant": "skud"}), 503, "memory")


def test_plies_per_table_and_upload_replay_cost():
    app = create_app(limits=Limits(plies=3))
    a, b = clients(app, 2)
    other = b.post("/api/tables", json={"variant": "skud", "seed": 1}).json()["id"]
    before = snapshot(b, other)
    key = a.post("/api/tables", json={"variant": "skud", "seed": 4}).json()["id"]
    for text in ("R,R,W,W", "R,W,K,B", "R3(0,-8)"):
        assert a.post(f"/api/tables/{key}/move", json={"move": text}).status_code == 200
    mine = snapshot(a, key)
    refused(a.post(f"/api/tables/{key}/move", json={"move": "R3(0,8)"}), 413, "(3)")
    assert snapshot(a, key) == mine
    game = paisho.new_game("skud", seed=4)
    for text in ("R,R,W,W", "R,W,K,B", "R3(0,-8)", "R3(0,8)", "R4(8,0)"):
        game.play(text)
    refused(a.post("/api/tables/load", json={"text": game.record()}), 413, "the record has")
    assert snapshot(b, other) == before


def test_search_queue_is_bounded():
    async def run():
        quota = Quota(Limits(searches=1, queue=1, searches_per_client=1))
        gate = asyncio.Event()

        async def slow():
            await gate.wait()
            return "done"
        first = asyncio.create_task(quota.search("a", slow))
        second = asyncio.create_task(quota.search("b", slow))  # waits in the queue
        await asyncio.sleep(0.01)
        with pytest.raises(LimitError, match="already thinking for you"):
            await quota.search("a", slow)
        with pytest.raises(LimitError, match="queue"):
            await quota.search("c", slow)
        gate.set()
        assert await first == await second == "done"
        assert await quota.search("c", slow) == "done"  # free again
    asyncio.run(run())


def test_search_share_answered_429_over_http():
    app = create_app()
    a, b = clients(app, 2)
    key = a.post("/api/tables", json={"variant": "skud", "seed": 1}).json()["id"]
    before = snapshot(a, key)
    app.state.quota.searching["10.0.0.1"] = 2  # two searches of this client still running
    refused(a.post(f"/api/tables/{key}/hint", json={}), 429, "already thinking")
    assert snapshot(a, key) == before
    other = b.post("/api/tables", json={"variant": "skud", "seed": 2}).json()["id"]
    assert "hint" in b.post(f"/api/tables/{other}/hint", json={}).json()["said"]


def test_event_streams_per_client():
    app = create_app(limits=Limits(streams_per_client=1))
    a, b = clients(app, 2)
    key = a.post("/api/tables", json={"variant": "skud", "seed": 1}).json()["id"]
    with a.stream("GET", f"/api/tables/{key}/events") as stream:
        lines = stream.iter_lines()
        assert next(line for line in lines if line.startswith("data:"))
        refused(a.get(f"/api/tables/{key}/events"), 429, "watching 1 games")
        # another client watches, and a move arrives on the open stream without asking
        with b.stream("GET", f"/api/tables/{key}/events") as other:
            assert next(line for line in other.iter_lines() if line.startswith("data:"))
        assert a.post(f"/api/tables/{key}/move", json={"move": "R,R,W,W"}).status_code == 200
        pushed = json.loads(next(line for line in lines if line.startswith("data:"))[5:])
        assert pushed["ply"] == 1
    deadline = time.time() + 5
    while app.state.quota.streams and time.time() < deadline:  # closed streams are counted out
        time.sleep(0.05)
    assert not app.state.quota.streams
    with a.stream("GET", f"/api/tables/{key}/events") as stream:
        assert stream.status_code == 200


def test_chance_draws_to_come_stay_unknown_until_the_end():
    """Fire draws from the reserve by the seed: an unfinished game's record leaves it out."""
    (a,) = clients(create_app(), 1)
    view = a.post("/api/tables", json={"variant": "fire", "seed": SEED}).json()
    key = view["id"]
    a.post(f"/api/tables/{key}/move", json={"move": first_move(view)})
    record = a.get(f"/api/tables/{key}/record").text
    assert "[Seed" not in record and str(SEED) not in record
    a.post(f"/api/tables/{key}/resign", json={})
    assert f'[Seed "{SEED}"]' in a.get(f"/api/tables/{key}/record").text


# -- origins, names, listening ------------------------------------------------------------------

@pytest.mark.parametrize("headers", [{"origin": "http://evil.example"}, {"origin": "null"},
                                     {"sec-fetch-site": "cross-site"},
                                     {"origin": "http://testserver.evil.example"}])
def test_a_foreign_origin_changes_nothing(headers):
    app = create_app()
    (a,) = clients(app, 1)
    key = a.post("/api/tables", json={"variant": "skud", "seed": 1}).json()["id"]
    before = snapshot(a, key)
    refused(a.post(f"/api/tables/{key}/move", json={"move": "R,R,W,W"}, headers=headers), 403, "refused")
    refused(a.post(f"/api/tables/{key}/resign", json={}, headers=headers), 403, "refused")
    refused(a.post("/api/tables", json={"variant": "skud"}, headers=headers), 403, "refused")
    assert snapshot(a, key) == before
    assert app.state.games.store.unfinished() == 1
    same = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}
    assert a.post(f"/api/tables/{key}/move", json={"move": "R,R,W,W"}, headers=same).status_code == 200


@pytest.mark.parametrize("name", ["house.yaml:", "notes", ".mine", "config.yml:", "skud:Option=1"])
def test_only_registered_variant_names(name):
    (a,) = clients(create_app(), 1)
    message = refused(a.post("/api/tables", json={"variant": name}), 400, "skud")
    assert "ancient" in message  # the registered names are listed
    refused(a.post("/api/tables/load", json={"text": "1G.R3(0,-8)\n", "variant": name}), 400, "")


def test_serve_refuses_beyond_loopback_without_public():
    from typer.testing import CliRunner

    from paisho_core.cli.app import app

    result = CliRunner().invoke(app, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 2 and "--public" in result.output


def test_hot_seat_undo_hides_the_other_hand_until_handed_over():
    """At one screen, the host taking back the guest's decision must not see the guest's hand
    (issue 32, item 3): the screen waits for the hand-over."""
    (a,) = clients(create_app(), 1)
    view = a.post("/api/tables", json={"variant": "ancient", "seed": SEED}).json()
    key = view["id"]
    while view["status"]["to_move"] == "guest":
        view = a.post(f"/api/tables/{key}/move", json={"move": first_move(view)}).json()
    view = a.post(f"/api/tables/{key}/handover", json={}).json()
    assert view["viewer"] == "host"
    view = a.post(f"/api/tables/{key}/undo", json={}).json()
    # "review" when the undone decisions can be stepped through again: both hands stay hidden
    assert view["status"]["to_move"] == "guest" and view["mode"] in ("handover", "review")
    assert view["viewer"] is None and (view["mode"] == "review" or view["piles"] == {})
    view = a.post(f"/api/tables/{key}/handover", json={}).json()
    assert view["viewer"] == "guest" and view["mode"] == "play"


def test_limits_from_the_command_line():
    from typer.testing import CliRunner

    from paisho_core.cli.app import app
    from paisho_core.web.quota import parse_limits

    assert parse_limits(["tables_per_client=100", "plies = 50"]).plies == 50
    for bad in (["nope=1"], ["plies"], ["plies=-1"], ["plies=1e9"], ["plies=²"]):
        with pytest.raises(ValueError):
            parse_limits(bad)
    result = CliRunner().invoke(app, ["serve", "--limit", "plies=many"])
    assert result.exit_code == 2 and "--limit" in result.output
