"""``paisho engine``: a JSON-lines protocol on stdin/stdout so other programs can drive paisho.

One JSON object per line each way.  A request names its command in ``cmd``; an optional ``id``
is echoed in the reply.  Every reply has ``ok``: true with the command's fields, or false with
``error`` (a message) and ``kind`` (the error class).  Bad input never ends the engine; only
``quit`` or the end of stdin does.  The commands are documented in ``docs/engine.md``.
"""
from __future__ import annotations

import json
import math
import sys
from typing import TYPE_CHECKING, Any, Callable

import typer

from ..boundary import dumps_json, loads_json, shorten
from ..errors import PaishoError
from ..limits import MAX_REQUEST

#: Longest a ``go`` may think (seconds); an iteration budget is bounded by it too.
MAX_GO_SECONDS = 600.0

if TYPE_CHECKING:
    from ..game import Game

PROTOCOL = 1


class EngineError(PaishoError):
    """A request the engine cannot serve (unknown command, missing field, no game)."""


class Engine:
    """The state behind one protocol session: at most one game at a time."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.commands: dict[str, Callable[[dict], dict]] = {
            "hello": self.hello, "variants": self.variants, "new": self.new, "load": self.load,
            "position": self.load_position, "legal": self.legal, "play": self.play,
            "undo": self.undo, "state": self.state, "observe": self.observe,
            "record": self.record, "go": self.go, "quit": self.quit,
        }
        self.done = False

    # -- plumbing ------------------------------------------------------------------------------
    def handle(self, line: str) -> dict:
        """One request line to one reply object; never raises."""
        req_id = None
        try:
            req = loads_json(line, "the request", EngineError)
            if not isinstance(req, dict):
                raise EngineError("a request must be a JSON object with a cmd field")
            req_id = req.get("id")
            if req_id is not None and (isinstance(req_id, (dict, list, bool))
                                       or (isinstance(req_id, str) and len(req_id) > 200)):
                req_id = None
                raise EngineError("id must be a number or a string of at most 200 characters")
            cmd = req.get("cmd")
            if not isinstance(cmd, str):
                raise EngineError("missing cmd (known: " + ", ".join(self.commands) + ")")
            fn = self.commands.get(cmd)
            if fn is None:
                raise EngineError(f"unknown cmd {shorten(cmd)!r} (known: {', '.join(self.commands)})")
            reply = {"ok": True, "cmd": cmd, **fn(req)}
        except PaishoError as exc:
            reply = {"ok": False, "error": str(exc), "kind": type(exc).__name__}
        except RecursionError:
            reply = {"ok": False, "error": "request too deeply nested", "kind": "EngineError"}
        except Exception as exc:  # a bug must not end the session: report it as an error object
            reply = {"ok": False, "error": f"internal error: {type(exc).__name__}: {exc}", "kind": "InternalError"}
        if req_id is not None:
            reply["id"] = req_id
        return reply

    def need_game(self) -> Game:
        if self.game is None:
            raise EngineError("no game: send new (or load) first")
        return self.game

    @staticmethod
    def field(req: dict, name: str, kind, default: Any = ...):
        """The request's field ``name``, of type ``kind``; ``null`` counts as absent, so an
        optional field falls back to ``default`` and a required one is reported missing."""
        value = req.get(name)
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        names = {"str": "a string", "int": "an integer", "dict": "a JSON object",
                 "int/float": "a number"}.get(names, names)
        if value is None:
            if default is ...:
                if name not in req:
                    raise EngineError(f"{req.get('cmd')}: missing field {name!r} ({names})")
                raise EngineError(f"{req.get('cmd')}: field {name!r} must be {names}, got null")
            return default
        wrong = not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool)
        if wrong:
            raise EngineError(f"{req.get('cmd')}: field {name!r} must be {names}, got "
                              f"{shorten(dumps_json(value), 40)}")
        return value

    def summary(self) -> dict:
        g = self.need_game()
        return {"variant": g.name, "turn": g.state.turn, "to_move": g.to_move, "phase": g.phase,
                "decisions": g.ply, "outcome": g.outcome.to_json() if g.outcome else None}

    # -- commands ------------------------------------------------------------------------------
    def hello(self, req: dict) -> dict:
        from .. import variants

        return {"engine": "paisho", "protocol": PROTOCOL, "variants": variants()}

    def variants(self, req: dict) -> dict:
        from .. import get_variant, variants

        out = []
        for name in variants():
            try:
                v = get_variant(name)
                out.append({"name": name, "title": v.title,
                            "options": {k: o["default"] for k, o in v.option_specs.items()}})
            except PaishoError as exc:
                out.append({"name": name, "error": str(exc)})
        return {"variants": out}

    def new(self, req: dict) -> dict:
        from .. import new_game
        from ..cli.util import variant_and_options

        name = self.field(req, "variant", str)
        options = self.field(req, "options", dict, None) or {}
        seed = self.field(req, "seed", int, None)
        variant, opts = variant_and_options(name, files=False)  # never a file: see FILE_HINT
        opts.update(options)
        self.game = new_game(variant, options=opts, seed=seed)
        return self.summary()

    def load(self, req: dict) -> dict:
        from .. import load_record

        game = self.game = load_record(self.field(req, "record", str), source="record")
        game.auto_chance = True  # later draws are made by the game, as after new
        return self.summary()

    def load_position(self, req: dict) -> dict:
        from .. import from_position

        self.game = from_position(self.field(req, "position", dict), source="position")
        return self.summary()

    def legal(self, req: dict) -> dict:
        g = self.need_game()
        chance = g.chance_outcomes()
        out = {**self.summary(), "moves": [str(m) for m in g.legal_moves()]}
        if chance:
            out["chance"] = [{"move": str(m), "probability": p} for m, p in chance]
        return out

    def play(self, req: dict) -> dict:
        g = self.need_game()
        text = self.field(req, "move", str)
        before = g.ply
        g.play(text)
        played = [str(m) for m in g.moves[before:]]
        return {"played": played, **self.summary()}

    def undo(self, req: dict) -> dict:
        g = self.need_game()
        return {"undone": str(g.undo()), **self.summary()}

    def state(self, req: dict) -> dict:
        from ..drawing.render import harmonies_of

        g = self.need_game()
        return {**self.summary(), "position": g.position(),
                "harmonies": [{"a": list(h.a), "b": list(h.b), "owner": h.owner,
                               "owners": list(h.owners) or [h.owner],
                               "midline_crossing": h.crosses_midline} for h in harmonies_of(g)],
                "status": [[k, v] for k, v in g.status()]}

    def observe(self, req: dict) -> dict:
        g = self.need_game()
        player = self.field(req, "player", str, None) or g.to_move
        if player not in ("host", "guest"):
            raise EngineError("observe: player must be host or guest")
        return {"player": player, "observation": g.observation(player)}

    def record(self, req: dict) -> dict:
        g = self.need_game()
        return {"record": g.record(), "turns": len(g.turns())}

    def go(self, req: dict) -> dict:
        """The computer's choice for the pending decision (played when ``play`` is true)."""
        from ..players import PLAYER_KINDS, check_kind, make_player

        g = self.need_game()
        if g.outcome is not None:
            raise EngineError("go: the game is over")
        player = self.field(req, "player", str, "mcts")
        try:
            check_kind(player)
        except PaishoError:
            raise EngineError(f"go: player must be one of {', '.join(PLAYER_KINDS)} (mcts:N)") from None
        iterations = self.field(req, "iterations", int, None)
        seconds = self.field(req, "seconds", (int, float), None)
        if iterations is not None and not 1 <= iterations <= 1_000_000:
            raise EngineError("go: iterations must be between 1 and 1000000")
        if seconds is not None and not (math.isfinite(seconds) and 0 < seconds <= MAX_GO_SECONDS):
            raise EngineError(f"go: seconds must be above 0 and at most {MAX_GO_SECONDS:g}")
        if seconds is None and (iterations is not None or ":" in player):
            seconds = MAX_GO_SECONDS  # an iteration budget still ends: every go is bounded in time
        bot = make_player(player, seed=self.field(req, "seed", int, None), seconds=seconds,
                          iterations=iterations)
        chance = g.chance_outcomes()
        move = g.sample_chance(chance) if chance else bot.choose(g)
        out: dict[str, Any] = {"move": str(move)}
        if getattr(bot, "last_stats", None):
            out["stats"] = bot.last_stats
        if req.get("play"):
            g.play(move)
        return {**out, **self.summary()}

    def quit(self, req: dict) -> dict:
        self.done = True
        return {"bye": True}


def _reply_text(reply: dict) -> str:
    """One reply line: valid JSON always (a value JSON cannot carry becomes an error reply)."""
    try:
        return dumps_json(reply, separators=(",", ":")) + "\n"
    except (ValueError, TypeError) as exc:
        safe = {"ok": False, "error": f"internal error: reply not JSON ({exc})", "kind": "InternalError"}
        if isinstance(reply.get("id"), (int, str)):
            safe["id"] = reply["id"]
        return json.dumps(safe, separators=(",", ":")) + "\n"


def _lines(stdin):
    """The request lines of ``stdin``; None for a line past MAX_REQUEST (skipped unread)."""
    while True:
        line = stdin.readline(MAX_REQUEST + 1)
        if not line:
            return
        if len(line) > MAX_REQUEST:
            while line and not line.endswith(b"\n" if isinstance(line, bytes) else "\n"):
                line = stdin.readline(MAX_REQUEST)
            yield None
            continue
        yield line


def serve(stdin=None, stdout=None) -> None:
    """Read requests until ``quit`` or the end of input, answering each on its own line."""
    stdin = stdin or getattr(sys.stdin, "buffer", sys.stdin)
    stdout = stdout or sys.stdout
    engine = Engine()
    for line in _lines(stdin):
        if line is None:
            reply = {"ok": False, "error": f"request longer than {MAX_REQUEST} bytes",
                     "kind": "EngineError"}
            stdout.write(_reply_text(reply))
            stdout.flush()
            continue
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError as exc:
                reply = {"ok": False, "error": f"not UTF-8 text (byte {exc.start})", "kind": "EngineError"}
                stdout.write(_reply_text(reply))
                stdout.flush()
                continue
        if not line.strip():
            continue
        reply = engine.handle(line)
        stdout.write(_reply_text(reply))
        stdout.flush()
        if engine.done:
            break


def cmd_engine():
    """Serve the JSON-lines protocol on stdin/stdout (see docs/engine.md)."""
    serve()


def register(app: typer.Typer) -> None:
    app.command("engine")(cmd_engine)
