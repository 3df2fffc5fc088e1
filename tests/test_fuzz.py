"""Issue 19, item 7 and issue 32: a fuzz suite of generated bad input.

Over twenty thousand inputs, made by seeded generators (deterministic in CI): mutated records of
every variant, mutated positions (as data and as text), mutated variant YAML, engine request
lines and moves, and command lines run in process through typer's CliRunner.  Each input must
end in success or in the project's own error (a PaishoError whose message names where: the
file, the line, the field), within a time limit per input, and a refused move or request must
leave the game exactly as it was.  Any other exception, a hang or a changed state fails the
test with the inputs that caused it.
"""
from __future__ import annotations

import copy
import json
import random
import signal
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

import paisho_core as paisho
from paisho_core import variant as variant_module
from paisho_core.cli.app import app
from paisho_core.engine import Engine
from paisho_core.errors import PaishoError
from paisho_core.reader import read_game

ROOT = Path(__file__).resolve().parents[1]
SECONDS = 10  # CPU seconds per input; real inputs take milliseconds (a `go` about 1.5 s), so this only catches hangs
WALL_SECONDS = 120  # and wall seconds, for a hang that waits rather than computes; generous, so load never trips it
COUNTS = {"records": 3600, "positions": 3600, "yaml": 2200, "engine": 4200, "cli": 900,
          "boundary": 3600}
# the web endpoints' share is in tests/test_fuzz_web.py (WEB_COUNT)

# the classes of issue 32: digits Python reads as digits but no user means (², Arabic-Indic),
# numbers past Python's 4,300-digit limit, non-finite and integral floats, YAML tags, long names
HUGE = "9" * 4400
NEW_CLASSES = ["²", "\u0663", "\u00b2", "٣", "1" + "0" * 400, HUGE, "-" + HUGE, "NaN", "Infinity",
               "-Infinity", "0.0", "30.0", "1e308", "1e400", "!!bool maybe", "!!int 0x", "!!float x",
               "!!timestamp x", "!!binary AAAA", "!!set {x}", ".nan", ".inf", "2001-01-01",
               "x" * 300, "house.yaml:", "notes", ".mine", "config.yml:"]

TOKENS = ["", "(", ")", "(99,99)", "(0,8", "(0,8)", "-(", ")-(", "+", "_", "null", "[", "]", "{", "}",
          '"', "\\", "\n", ";", "#", "&a ", "*a", "<<: *a", ":", "- ", "  ", "\t", "\x00", "é", "\u202e",
          "999999999999999999999", "-1", "1e309", "NaN", "R3", "L", "O", "W", "K", "B", "(0,0)",
          "0H.", "12G.", '[Variant "skud"]', '[Options "{}"]', '[Variant "evil.yaml"]',
          '[Variant "/etc/passwd"]', '[Seed "x"]', '[Partial "true"]', '[Options "{\\"target\\": 1e18}"]',
          "true", "false", "0", "1", ",", "?", "*", "~", "x" * 50] + NEW_CLASSES
VALUES = [None, -1, 0, 1, 10**18, -10**18, 1.5, float("inf"), "x", "", "(0,0)", [], {}, True, False,
          [None], {"a": None}, "skud", "R3", [[[[[[]]]]]], "\u202e", 99,
          float("nan"), float("-inf"), 10**400, -(10**400), 0.0, 30.0, "²", "x" * 300, "house.yaml:"]


def value(rng: random.Random):
    """A fresh copy of one of VALUES (never shared, so nothing can come to contain itself)."""
    return copy.deepcopy(rng.choice(VALUES))


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float, wall: float = WALL_SECONDS):
    """Raise ``Hang`` after ``seconds`` of this process's CPU time or ``wall`` seconds of real time:
    CPU time, so a loaded machine does not turn a slow input into a false hang."""
    def alarm(signum, frame):
        raise Hang()

    old = {sig: signal.signal(sig, alarm) for sig in (signal.SIGALRM, signal.SIGPROF)}
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, wall)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for sig, handler in old.items():
            signal.signal(sig, handler)


def mutate_text(rng: random.Random, text: str) -> str:
    """One to three random edits: insert a token, delete or duplicate a span, swap or drop
    lines, turn a number extreme, truncate."""
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(8)
        n = len(text)
        at = rng.randint(0, n)
        if op == 0:
            text = text[:at] + rng.choice(TOKENS) + text[at:]
        elif op == 1 and n:
            text = text[:at] + text[at + rng.randint(1, 8):]
        elif op == 2 and n:
            end = min(n, at + rng.randint(1, 40))
            text = text[:end] + text[at:end] * rng.randint(1, 3) + text[end:]
        elif op in (3, 4):
            lines = text.split("\n")
            if len(lines) > 1:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                if op == 3:
                    lines[i], lines[j] = lines[j], lines[i]
                else:
                    del lines[i]
                text = "\n".join(lines)
        elif op == 5:
            digits = [k for k, ch in enumerate(text) if ch.isdigit()]
            if digits:
                k = rng.choice(digits)
                text = text[:k] + rng.choice(["99", "-9", "1000000000000000000", "0", "8", "-8", "x",
                                              "²", "٣", HUGE, "0.0", "NaN"]) + text[k + 1:]
        elif op == 6:
            text = text[:at]
        else:
            chars = list(text)
            if chars:
                chars[rng.randrange(len(chars))] = rng.choice("()-+,.;:[]{}\"'#&*!0123456789GH \n")
            text = "".join(chars)
    return text


def mutate_data(rng: random.Random, data):
    """A deep copy of JSON-like data with one to three values replaced, keys dropped or added."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        path, node = [], data
        while isinstance(node, (dict, list)) and node and rng.random() < 0.7:
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            path.append(key)
            node = node[key]
        if not path:
            if isinstance(data, dict):
                data[rng.choice(["extra", "variant", "board", "to_move", "options"])] = value(rng)
            continue
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        choice = rng.random()
        if choice < 0.6:
            parent[path[-1]] = value(rng)
        elif choice < 0.8 and isinstance(parent, dict):
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[rng.choice(["zz", "x", "flags", "owner"])] = value(rng)
        else:
            parent.append(value(rng))
    return data


class Failures(list):
    def check(self, name: str, text, fn, where: str | None = None):
        """Run ``fn``; record a failure unless it succeeds or raises a PaishoError naming
        ``where``.  Returns the exception (or None)."""
        try:
            with time_limit(SECONDS):
                fn()
        except Hang:
            self.append((name, "hang", repr(text)[:300]))
        except PaishoError as exc:
            if where and where not in str(exc):
                self.append((name, f"message does not say where: {exc}", repr(text)[:300]))
            return exc
        except Exception as exc:  # the bug this suite looks for
            self.append((name, f"{type(exc).__name__}: {exc}", repr(text)[:300]))
            return exc
        return None

    def report(self, total: int, expected: int) -> None:
        assert total >= expected
        assert not self, f"{len(self)} of {total} inputs failed; first ones:\n" + "\n".join(map(str, self[:10]))


def _random_game(name: str, rng: random.Random, turns: int):
    game = paisho.new_game(name, seed=rng.randrange(1000))
    while game.outcome is None and game.state.turn < turns:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


@pytest.fixture(scope="module")
def samples():
    """A few short games of every variant (seeded), and the opening of the real ring game."""
    rng = random.Random(19)
    games = [_random_game(name, rng, rng.randint(2, 12)) for name in paisho.variants() for _ in range(3)]
    ring = (ROOT / "examples" / "skud-ring.txt").read_text().splitlines()
    records = [g.record() for g in games] + ["\n".join(ring[:30]) + "\n",
                                             (Path(__file__).parent / "data" / "skud-dropped-bonus.txt").read_text()]
    return games, records


def test_fuzz_records(samples):
    _, records = samples
    rng = random.Random(1)
    failures = Failures()
    for k in range(COUNTS["records"]):
        text = mutate_text(rng, rng.choice(records))
        strict = rng.random() < 0.2
        failures.check("record", text, lambda: paisho.load_record(text, source="fuzz.txt", strict=strict),
                       where="fuzz.txt")
    failures.report(k + 1, COUNTS["records"])


def test_fuzz_positions(samples):
    games, _ = samples
    positions = [g.position() for g in games]
    rng = random.Random(2)
    failures = Failures()
    for k in range(COUNTS["positions"]):
        if k % 2:
            data = mutate_data(rng, rng.choice(positions))
            failures.check("position", data, lambda: paisho.from_position(data, source="fuzz.json"),
                           where="fuzz.json")
        else:
            text = mutate_text(rng, json.dumps(rng.choice(positions)))
            failures.check("position text", text, lambda: read_game(text, source="fuzz.json"),
                           where="fuzz.json")
    failures.report(k + 1, COUNTS["positions"])


YAML_BASES = [
    "name: fuzz-a\nextends: skud\ntitle: Fuzz\ntiles:\n  - {code: R3, count: 2}\n"
    "options:\n  - {name: TurnCap, type: integer, default: 40, minimum: 1}\n",
    "name: fuzz-b\nextends: skud\nchange_tiles:\n  - where: {group: basic}\n    set: {count: 2}\n"
    "harmony:\n  circle: [R3, R4, R5, W3, W4, W5]\nrules: {gates: {guest: [0, -8], host: [0, 8]}}\n",
    "name: fuzz-c\nextends: fire\ntiles: &t\n  - {code: W5, count: 1}\nclash: {pairs: [[R3, W3]]}\n"
    "point_sets: {edge: [[8, 0], [-8, 0]]}\n",
    "name: fuzz-d\nextends: basic\noptions:\n  - {name: target_points, default: 5}\n",
]


def test_fuzz_variant_yaml(tmp_path):
    bases = YAML_BASES + [p.read_text() for p in sorted((ROOT / "examples" / "house-rules").glob("*.yaml"))]
    rng = random.Random(3)
    failures = Failures()
    saved = dict(variant_module._registry)
    path = tmp_path / "fuzz.yaml"

    def load():
        v = variant_module.load_variant_file(path)
        paisho.new_game(v, seed=0).legal_moves()

    try:
        for k in range(COUNTS["yaml"]):
            text = mutate_text(rng, rng.choice(bases))
            path.write_text(text, "utf-8")
            failures.check("yaml", text, load, where="fuzz.yaml")
            variant_module._registry.clear()
            variant_module._registry.update(saved)
    finally:
        variant_module._registry.clear()
        variant_module._registry.update(saved)
    failures.report(k + 1, COUNTS["yaml"])


def _request(rng: random.Random, game) -> str:
    legal = [str(m) for m in game.legal_moves()] if game is not None and game.outcome is None else []
    cmd = rng.choice(["new", "load", "position", "legal", "play", "play", "play", "undo", "state",
                      "observe", "record", "go", "variants", "hello", "nope", None, 5])
    req = {"cmd": cmd, "id": rng.choice([None, 1, "x"])}
    if cmd == "new":
        req["variant"] = rng.choice(paisho.variants() + ["nope", "evil.yaml", "skud:NoWheels=maybe", None, 3])
        if rng.random() < 0.5:
            req["options"] = rng.choice([{}, None, {"x": 1}, {"target": 10**18}, {"NoWheels": None}, [1]])
        req["seed"] = rng.choice([None, 1, -5, "x", True, 10**30])
    elif cmd == "play":
        move = rng.choice(legal) if legal and rng.random() < 0.5 else rng.choice(TOKENS)
        req["move"] = mutate_text(rng, move) if rng.random() < 0.7 else rng.choice([value(rng), move])
    elif cmd == "go":
        req.update({"player": rng.choice(["random", "greedy", None, "x", 1]),
                    "iterations": rng.choice([None, 0, 1, -1, "x"]), "play": rng.choice([True, False, None])})
    elif cmd == "observe":
        req["player"] = rng.choice(["host", "guest", None, "x", 3])
    elif cmd == "load":
        req["record"] = rng.choice([None, 3, "", "0H.R,W,K,B", '[Variant "evil.yaml"]', mutate_text(rng, "0H.R,W,K,B\n0G.R,W,K,B")])
    elif cmd == "position":
        req["position"] = rng.choice([None, "x", {}, {"variant": "skud", "to_move": "guest", "board": []}])
    line = json.dumps(req)
    return mutate_text(rng, line) if rng.random() < 0.15 else line


def test_fuzz_engine_and_moves():
    rng = random.Random(4)
    failures = Failures()
    engine = Engine()
    for k in range(COUNTS["engine"]):
        if engine.game is None or engine.game.outcome is not None or rng.random() < 0.02:
            engine.handle(json.dumps({"cmd": "new", "variant": rng.choice(paisho.variants()), "seed": k}))
        line = _request(rng, engine.game)
        before = engine.game.position() if engine.game is not None else None
        game_before = engine.game
        reply = None

        def run():
            nonlocal reply
            reply = engine.handle(line)

        failures.check("engine", line, run)
        if reply is None:
            continue
        if not reply["ok"]:
            if reply.get("kind") == "InternalError" or not reply.get("error"):
                failures.append(("engine", f"untyped error {reply}", line))
            elif engine.game is not game_before or (before is not None and engine.game.position() != before):
                failures.append(("engine", "state changed by a refused request", line))
    failures.report(k + 1, COUNTS["engine"])


def _cli_args(rng: random.Random, files: dict) -> list[str]:
    variant = rng.choice(["skud", "fire", "ancient", "street", "nope", "", "skud:NoWheels=maybe",
                          "ancient:target=1000000000000000000", "../x.yaml", str(files["bomb"]),
                          "basic:max_turns=-1", "3-piece:layout=zzz", "skud:"])
    file = str(rng.choice(list(files.values()) + [Path("/nonexistent/file.txt")]))
    command = rng.choice([
        ["variants"], ["variants", "--json"], ["options", variant], ["moves", variant],
        ["moves", variant, "--seed", rng.choice(["1", "-1", "x", "99999999999999999999"])],
        ["moves", variant, "--record", file], ["moves", variant, "--position", file],
        ["moves", variant, "--options", rng.choice(["{", "[]", '{"x":1}', "null", '{"NoWheels": 3}'])],
        ["moves", variant, "-o", rng.choice(["x", "NoWheels", "NoWheels=2", "=", "target=nan"])],
        ["replay", file], ["replay", file, "--strict"], ["replay", file, "--variant", variant],
        ["replay", file, "--json"], ["validate", file], ["show", file],
        ["show", file, "--move", rng.choice(["-1", "0", "3", "999", "x"])],
        ["play", variant, "--plain"], ["play", variant, "--record", file, "--plain"],
        [rng.choice(["nope", "--nope", "-x", ""])],
    ])
    if rng.random() < 0.2:
        command.insert(rng.randint(1, len(command)), rng.choice(TOKENS[:20]))
    return command


def test_fuzz_cli(tmp_path, samples):
    _, records = samples
    rng = random.Random(5)
    files = {"empty": tmp_path / "empty.txt", "bomb": tmp_path / "bomb.yaml", "junk": tmp_path / "junk.bin",
             "position": tmp_path / "pos.json", "deep": tmp_path / "deep.json"}
    files["empty"].write_text("")
    files["bomb"].write_text("a: &a [1,1,1,1,1,1,1,1,1]\n" + "".join(
        f"{c}: &{c} [{','.join([f'*{p}'] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi")))
    files["junk"].write_bytes(bytes(range(256)))
    files["position"].write_text(json.dumps(paisho.new_game("skud", seed=1).position()))
    files["deep"].write_text("[" * 5000 + "]" * 5000)
    runner = CliRunner()
    failures = Failures()
    for k in range(COUNTS["cli"]):
        record = tmp_path / f"rec{k % 5}.txt"
        record.write_text(mutate_text(rng, rng.choice(records)))
        files["record"] = record
        args = _cli_args(rng, files)
        result = None

        def run():
            nonlocal result
            result = runner.invoke(app, args, input="")

        failures.check("cli", args, run)
        if result is None:
            continue
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            failures.append(("cli", f"{type(result.exception).__name__}: {result.exception}", args))
        elif result.exit_code not in (0, 2):
            failures.append(("cli", f"exit code {result.exit_code}", args))
        elif result.exit_code == 2 and "paisho:" not in result.output and "Usage:" not in result.output:
            failures.append(("cli", f"exit 2 without a message: {result.output[:200]}", args))
    failures.report(k + 1, COUNTS["cli"])


def _boundary_input(rng: random.Random, position: dict) -> tuple[str, object]:
    """One input of issue 32's classes, placed where it reaches a reader: a record tag or turn,
    a position field, an option, an engine request or a YAML value."""
    bad = rng.choice(NEW_CLASSES)
    kind = rng.randrange(6)
    if kind == 0:
        tag = rng.choice(["Seed", "Options", "Variant", "Partial", "Withheld"])
        body = bad if tag != "Options" else json.dumps({"x": 1}).replace("1", bad)
        return "record", f'[Variant "{rng.choice(paisho.variants())}"]\n[{tag} "{escape(body)}"]\n'
    if kind == 1:
        turn = rng.choice([f"{bad}G.R3(0,-8)", f"1G.R3({bad},-8)", f"1G.({bad},0)-(1,0)", f"1G.{bad}"])
        return "record", f'[Variant "skud"]\n{turn}\n'
    if kind == 2:
        data = copy.deepcopy(position)
        field = rng.choice(["turn", "seed", "scores", "board", "to_move", "variant", "options"])
        raw = _json_value(bad)
        if field == "scores":
            data["scores"] = {"host": raw}
        elif field == "board":
            data["board"] = [{"x": raw, "y": 0, "tile": "R3", "owner": "host"}]
        elif field == "options":
            data["options"] = {"NoWheels": raw}
        else:
            data[field] = raw
        return "position", data
    if kind == 3:
        name = rng.choice(paisho.variants())
        return "variant", f"{name}:{rng.choice(['NoWheels', 'target', 'max_turns', 'x'])}={bad}"
    if kind == 4:
        req = rng.choice([{"cmd": "new", "variant": "skud", "seed": None}, {"cmd": "hello", "id": None},
                          {"cmd": "go", "player": "mcts:1"}, {"cmd": "new", "variant": None}])
        key = [k for k, v in req.items() if v is None] or ["player"]
        text = json.dumps(req).replace(json.dumps(req[key[0]]) if req.get(key[0]) is not None else "null",
                                       _json_text(bad), 1)
        return "engine", text
    return "yaml", f"name: fuzz-boundary\nextends: skud\noptions:\n  - name: X\n    default: {bad}\n"


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _json_value(text: str):
    """What a JSON reader that accepted ``text`` would hand over (so NaN, huge ints, 0.0)."""
    if text in ("NaN", ".nan"):
        return float("nan")
    if text in ("Infinity", ".inf", "1e400"):
        return float("inf")
    if text.lstrip("-").isdigit() and text.lstrip("-").isascii() and len(text) < 4000:
        return int(text)
    try:
        return float(text) if text[:1].isdigit() else text
    except ValueError:
        return text


def _json_text(text: str) -> str:
    return text if (text.lstrip("-").isascii() and text.lstrip("-").replace(".", "").isdigit()
                    or text in ("NaN", "Infinity", "-Infinity")) else json.dumps(text)


def test_fuzz_boundary_classes(tmp_path, samples):
    """Issue 32's classes at every reader: each ends in success or the project's own error,
    an engine reply is JSON, and nothing reaches Python's int limit or a float()."""
    games, _ = samples
    positions = [g.position() for g in games]
    rng = random.Random(6)
    failures = Failures()
    engine = Engine()
    engine.handle(json.dumps({"cmd": "new", "variant": "skud", "seed": 1}))
    path = tmp_path / "fuzz.yaml"
    saved = dict(variant_module._registry)
    try:
        for k in range(COUNTS["boundary"]):
            kind, data = _boundary_input(rng, rng.choice(positions))
            if kind == "record":
                failures.check(kind, data, lambda: paisho.load_record(data, source="fuzz.txt"), "fuzz.txt")
            elif kind == "position":
                failures.check(kind, data, lambda: paisho.from_position(data, source="fuzz.json"), "fuzz.json")
            elif kind == "variant":
                failures.check(kind, data, lambda: paisho.new_game(data))
            elif kind == "engine":
                reply: dict = {}

                def ask():
                    reply.update(engine.handle(data))
                    json.loads(json.dumps(reply, allow_nan=False))

                failures.check(kind, data, ask)
                if reply.get("kind") == "InternalError":
                    failures.append((kind, f"internal error {reply}", data))
            else:
                path.write_text(data, "utf-8")
                failures.check(kind, data, lambda: variant_module.load_variant_file(path), "fuzz.yaml")
                variant_module._registry.clear()
                variant_module._registry.update(saved)
    finally:
        variant_module._registry.clear()
        variant_module._registry.update(saved)
    failures.report(k + 1, COUNTS["boundary"])


def test_fuzz_counts_reach_twenty_thousand():
    from tests.test_fuzz_web import WEB_COUNT

    assert sum(COUNTS.values()) + WEB_COUNT >= 20_000
