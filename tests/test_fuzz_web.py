"""Issue 32: the web endpoints' share of the fuzz suite.  Seeded hostile requests (issue 32's
input classes, mutated records and positions, wrong types, file names as variants) to every
endpoint through HTTP: every answer is a 2xx or a 4xx with a JSON message (never a 500 or a
traceback), within a time limit, and a refused request leaves every game as it was."""
from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

from starlette.testclient import TestClient  # noqa: E402

import paisho_core as paisho  # noqa: E402
from paisho_core.web.app import create_app  # noqa: E402
from paisho_core.web.quota import Limits  # noqa: E402
from tests.test_fuzz import NEW_CLASSES, SECONDS, TOKENS, Failures, mutate_text, value  # noqa: E402

WEB_COUNT = 2400

ACTIONS = ["move", "move", "move", "computer", "hint", "undo", "resign", "back", "forward", "start",
           "end", "handover", "sides", "nope", "../x", "record"]


def _variant(rng: random.Random):
    return rng.choice(paisho.variants() + ["house.yaml:", "notes", ".mine", "config.yml:", "x" * 300,
                                           "skud:NoWheels=²", "basic:max_turns=" + "9" * 500,
                                           None, 3, [], {"a": 1}])


def _body(rng: random.Random, table, legal: list[str]) -> object:
    choice = rng.random()
    if choice < 0.5 and legal:
        move = rng.choice(legal)
        return {"move": mutate_text(rng, move) if rng.random() < 0.5 else move,
                "ply": rng.choice([None, table.get("ply"), -1, 10**400, "²", 0.0])}
    if choice < 0.7:
        return {"sides": rng.choice([{"guest": "greedy"}, {"host": "mcts:999999999"},
                                     {"host": "mcts:²"}, {"guest": value(rng)}, value(rng)])}
    if choice < 0.9:
        return {rng.choice(["move", "ply", "sides", "x"]): rng.choice(NEW_CLASSES + [value(rng)])}
    return value(rng)


def _send(client: TestClient, rng: random.Random, path: str, body) -> object:
    """POST ``body`` as JSON, or (sometimes) as broken text or the wrong content type."""
    r = rng.random()
    if r < 0.08:
        return client.post(path, content=mutate_text(rng, json.dumps(body, default=str)),
                           headers={"content-type": "application/json"})
    if r < 0.1:
        return client.post(path, content=b"x", headers={"content-type": "text/plain"})
    try:
        text = json.dumps(body)
    except ValueError:  # 10**400: sent as text, as a hostile client would
        text = json.dumps(body, default=str)
    return client.post(path, content=text, headers={"content-type": "application/json"})


def _state(client: TestClient, table: str):
    """A table's view less its message line (a refusal may say something)."""
    r = client.get(f"/api/tables/{table}")
    if r.status_code != 200:
        return r.status_code
    view = r.json()
    view.pop("said", None)
    return view


def test_fuzz_web_endpoints():
    rng = random.Random(32)
    # one client makes every request: lift the per-client caps (their 429s are tested in
    # test_web_server.py) so that the requests reach the games
    limits = Limits(tables_per_client=WEB_COUNT, searches_per_client=WEB_COUNT)
    client = TestClient(create_app(limits=limits), raise_server_exceptions=False)
    failures = Failures()
    sample = paisho.new_game("skud", seed=1)
    for _ in range(6):
        sample.play(sample.legal_moves()[0])
    texts = [sample.record(), json.dumps(sample.position())]
    tables: list[str] = []
    for k in range(WEB_COUNT):
        kind = rng.random()
        snapshot = None
        if kind < 0.15 or not tables:
            body = {"variant": _variant(rng), "seed": rng.choice([1, None, "²", 10**400, 0.0, "x" * 300]),
                    "options": rng.choice([None, {}, {"NoWheels": True}, {"x": float("nan")}, [1]]),
                    "sides": rng.choice([None, {"guest": "human", "host": "greedy"}, {"host": "nope"}])}
            path = "/api/tables"
        elif kind < 0.3:
            text = mutate_text(rng, rng.choice(texts)) if rng.random() < 0.8 else rng.choice(TOKENS)
            body = {"text": text, "variant": rng.choice([None, "skud", ".mine", "house.yaml:", 3])}
            path = "/api/tables/load"
        else:
            table = rng.choice(tables)
            view = client.get(f"/api/tables/{table}")
            legal = [m["text"] if isinstance(m, dict) else str(m)
                     for m in (view.json().get("legal") or [])] if view.status_code == 200 else []
            snapshot = (table, _state(client, table))
            body = _body(rng, view.json() if view.status_code == 200 else {}, legal)
            path = f"/api/tables/{table}/{rng.choice(ACTIONS)}"
        result = {}

        def run():
            result["r"] = _send(client, rng, path, body)

        failures.check("web", (path, body), run)
        r = result.get("r")
        if r is None:
            continue
        if r.status_code >= 500 or "Traceback" in r.text:
            failures.append(("web", f"HTTP {r.status_code}: {r.text[:200]}", (path, repr(body)[:200])))
            continue
        if not 200 <= r.status_code < 300:
            try:
                message = r.json()["error"]
            except Exception:
                failures.append(("web", f"HTTP {r.status_code} without a JSON message", path))
                continue
            if not message:
                failures.append(("web", "empty message", path))
            if snapshot is not None and _state(client, snapshot[0]) != snapshot[1]:
                failures.append(("web", "a refused request changed the game", (path, repr(body)[:200])))
        elif path in ("/api/tables", "/api/tables/load"):
            table_id = r.json().get("id")
            if isinstance(table_id, str):
                tables.append(table_id)
                tables[:] = tables[-20:]
    assert SECONDS  # the per-input limit is the suite's
    failures.report(k + 1, WEB_COUNT)
