"""The JSON-lines engine protocol (issue 9, acceptance 4): a full game driven through a
subprocess, errors as objects that never end the session, and every command once."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import paisho_core as paisho
from paisho_core.engine import Engine, serve
from tests.test_play_support import available_variants, variant_guard

VARIANTS = available_variants()


class Client:
    """Drives ``python -m paisho_core.cli engine`` one request at a time."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "paisho_core.cli", "engine"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, **req) -> dict:
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, "the engine stopped answering"
        return json.loads(line)

    def raw(self, text: str) -> dict:
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> int:
        self.proc.stdin.close()
        return self.proc.wait(timeout=30)


def test_full_game_through_a_subprocess():
    """Skud from the first decision to the end: the client picks moves from ``legal``, asks the
    engine for one with ``go`` every few turns, checks ``undo`` and errors, then replays the
    engine's record in-process to the same outcome."""
    c = Client()
    try:
        hello = c.ask(cmd="hello")
        assert hello["ok"] and "skud" in hello["variants"]
        assert c.ask(cmd="legal")["ok"] is False  # no game yet: an error object
        r = c.ask(cmd="new", variant="skud", seed=4, id="a1")
        assert r["ok"] and r["id"] == "a1" and r["to_move"] == "host"
        bad = c.ask(cmd="play", move="(9,9)-(0,0)")
        assert bad["ok"] is False and bad["kind"] == "NotationError"
        assert c.raw("{not json")["ok"] is False
        assert c.ask(cmd="fly")["ok"] is False
        import random

        rng = random.Random(4)
        n = 0
        while True:
            legal = c.ask(cmd="legal")
            assert legal["ok"]
            if legal["outcome"] is not None or not legal["moves"]:
                break
            if n % 10 == 3:
                r = c.ask(cmd="go", player="mcts", iterations=8, seed=n, play=True)
                assert r["ok"], r
            else:
                move = rng.choice(legal["moves"])
                r = c.ask(cmd="play", move=move)
                assert r["ok"], r
                if n == 5:
                    u = c.ask(cmd="undo")
                    assert u["ok"] and u["decisions"] == legal["decisions"]
                    assert c.ask(cmd="play", move=move)["ok"]
            n += 1
            assert n < 3000
        state = c.ask(cmd="state")
        assert state["ok"] and state["outcome"] is not None
        record = c.ask(cmd="record")["record"]
        assert c.ask(cmd="play", move="anything")["ok"] is False  # the game is over
        assert c.ask(cmd="quit")["ok"]
        assert c.close() == 0
    finally:
        if c.proc.poll() is None:
            c.proc.kill()
    game = paisho.load_record(record)
    assert game.outcome.to_json() == state["outcome"]


def test_every_command_in_process():
    out = io.StringIO()
    requests = [
        {"cmd": "variants"},
        {"cmd": "new", "variant": "skud:NoWheels=true", "seed": 1},
        {"cmd": "legal"},
        {"cmd": "go", "player": "greedy", "play": True},
        {"cmd": "state"},
        {"cmd": "observe", "player": "guest"},
        {"cmd": "record"},
        {"cmd": "undo"},
        {"cmd": "position", "position": paisho.new_game("skud", seed=1).position()},
        {"cmd": "load", "record": "0H.R,W,K,B;0G.R,W,K,B;1G.R3(0,-8);1H.R3(0,8)"},
        {"cmd": "quit"},
        {"cmd": "legal"},  # after quit: never read
    ]
    serve(io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n"), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(replies) == len(requests) - 1
    assert all(r["ok"] for r in replies), [r for r in replies if not r["ok"]]
    assert replies[1]["variant"] == "skud"
    assert replies[9]["turn"] == 2


@pytest.mark.parametrize("req,needle", [
    ({"cmd": "new"}, "missing field 'variant'"),
    ({"cmd": "new", "variant": "nope"}, "unknown variant"),
    ({"cmd": "new", "variant": "skud", "options": {"Bogus": 1}}, "Bogus"),
    ({"cmd": "new", "variant": "skud", "seed": "x"}, "must be an integer"),
    ({"cmd": "position", "position": {"variant": "skud"}}, "invalid position"),
    ({"cmd": "load", "record": "1G.zz"}, ""),
    ({"cmd": 5}, "missing cmd"),
    ([1, 2], "JSON object"),
])
def test_errors_are_objects(req, needle):
    e = Engine()
    reply = e.handle(json.dumps(req))
    assert reply["ok"] is False and needle in reply["error"]
    assert not e.done


def test_go_checks_budget():
    e = Engine()
    e.handle(json.dumps({"cmd": "new", "variant": "skud", "seed": 1}))
    assert e.handle(json.dumps({"cmd": "go", "iterations": 0}))["ok"] is False
    assert e.handle(json.dumps({"cmd": "go", "player": "alphazero"}))["ok"] is False
    r = e.handle(json.dumps({"cmd": "go", "player": "mcts", "iterations": 5, "seed": 2}))
    assert r["ok"] and r["decisions"] == 0  # not played unless asked


@pytest.mark.parametrize("variant", VARIANTS)
def test_new_legal_play_for_every_variant(variant):
    with variant_guard(variant):
        e = Engine()
        r = e.handle(json.dumps({"cmd": "new", "variant": variant, "seed": 3}))
        assert r["ok"], r
        legal = e.handle(json.dumps({"cmd": "legal"}))
        r = e.handle(json.dumps({"cmd": "play", "move": legal["moves"][0]}))
        assert r["ok"], r
        assert e.handle(json.dumps({"cmd": "state"}))["ok"]


def test_bytes_that_are_not_utf8_get_an_error_object():
    proc = subprocess.run([sys.executable, "-m", "paisho_core.cli", "engine"],
                          input=b'\xff\xfe{"cmd": "hello"}\n{"cmd": "hello"}\n', capture_output=True, timeout=60)
    replies = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert proc.returncode == 0
    assert replies[0]["ok"] is False and "UTF-8" in replies[0]["error"]
    assert replies[1]["ok"] is True
