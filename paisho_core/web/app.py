"""The web app: a Starlette application serving one page and a small JSON API.

Routes (every answer to bad input is a 4xx with ``{"error": message}``; a refused request leaves
the table as it was)::

    GET  /                           the page
    GET  /static/{app.js,style.css}  its script and style (a fixed list: no file is named by URL)
    GET  /api/variants               variants, their options, the computer levels
    POST /api/tables                 {"variant", "options", "sides", "seed"} -> a new table
    POST /api/tables/load            {"text", "variant"?}: a record or a position, read as data
    GET  /api/tables/{id}            the table's view
    POST /api/tables/{id}/{action}   move {"move", "ply"}, computer, undo, resign, hint, back,
                                     forward, start, end, handover, sides {"sides"},
                                     explain {"point", "source"} (why a click was refused),
                                     goto {"ply"} (step to a turn of the move list)
    GET  /api/tables/{id}/moves      the turns played, in words and notation
    GET  /api/tables/{id}/record     the record as a download
"""
from __future__ import annotations

import json
import re
import secrets
import threading
from collections import OrderedDict
from importlib import resources
from typing import Any, Callable, Optional

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from .. import PaishoError, from_position, get_variant, load_record, new_game, variants
from .players import LEVELS
from .table import Table, check_sides
from .record_options import drop_display_options
from .teach import explain_click, move_list
from .view import RECORD_HIDDEN, record_hidden, table_view

BODY_LIMIT = 16 * 1024
"""Largest request body, except uploads."""
UPLOAD_LIMIT = 512 * 1024
"""Largest record or position a page may upload."""
MAX_TABLES = 64
"""Tables kept in memory; the least recently used goes first."""
ASSETS = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]", "::1", "testserver"]


class BadRequest(HTTPException):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(status_code=status, detail=message)


# -- reading requests ---------------------------------------------------------------------------

async def read_json(request: Request, limit: int = BODY_LIMIT) -> dict:
    """The request's JSON object, refusing other content types, bodies over ``limit`` bytes,
    text that is not JSON and JSON that is not an object."""
    ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if ctype != "application/json":
        raise BadRequest("send the request body as JSON (Content-Type: application/json)", 415)
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BadRequest(f"request body too large (limit {limit} bytes)", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise BadRequest(f"request body too large (limit {limit} bytes)", 413)
    try:
        data = json.loads(bytes(body).decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise BadRequest(f"the request body is not JSON: {exc.msg} (line {exc.lineno}, "
                         f"column {exc.colno})") from None
    except RecursionError:
        raise BadRequest("the request body is nested too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data


def field(data: dict, name: str, kind: type | tuple, default: Any = ..., limit: int = 200) -> Any:
    """``data[name]`` checked to be of ``kind`` (strings at most ``limit`` characters)."""
    if name not in data or data[name] is None:
        if default is ...:
            raise BadRequest(f"missing field {name!r}")
        return default
    value = data[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        want = " or ".join({str: "a string", int: "a whole number", dict: "an object",
                            bool: "true or false"}.get(k, k.__name__) for k in kinds)
        raise BadRequest(f"field {name!r} must be {want}, got {type(value).__name__}")
    if isinstance(value, str) and len(value) > limit:
        raise BadRequest(f"field {name!r} is too long ({len(value)} characters, limit {limit})")
    return value


def registered_name(name: str, where: str) -> str:
    """Refuse a variant named by a file path: pages and uploaded records name registered
    variants only (a house-rules file is offered by naming it to ``paisho serve``)."""
    if name.lower().endswith((".yaml", ".yml")) or "/" in name or "\\" in name:
        raise BadRequest(f"{where} names the file {name[:80]!r}: a record or position may name "
                         f"only a registered variant ({', '.join(variants())}); to play a "
                         f"house-rules file, start the server with `paisho serve FILE`")
    return name


# -- the application ----------------------------------------------------------------------------

class Tables:
    """The tables in memory, by unguessable id, the least recently used dropped past a limit."""

    def __init__(self, limit: int = MAX_TABLES) -> None:
        self.limit = limit
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, table: Table) -> str:
        key = secrets.token_urlsafe(12)
        with self._lock:
            self._tables[key] = table
            while len(self._tables) > self.limit:
                self._tables.popitem(last=False)
        return key

    def get(self, key: str) -> Table:
        with self._lock:
            table = self._tables.get(key)
            if table is None:
                raise BadRequest("no such game (it may have ended with a server restart)", 404)
            self._tables.move_to_end(key)
            return table


def create_app(extra_variants: tuple = (), host: str = "127.0.0.1") -> Starlette:
    """The web app.  ``extra_variants``: variants loaded from files named on the command line
    (already registered), listed first in the chooser.  ``host``: the address served, so a
    loopback server answers only requests addressed to the loopback names."""
    tables = Tables()
    extra_names = [v.name for v in extra_variants]

    async def page(request: Request) -> Response:
        return Response(_asset("index.html"), media_type="text/html; charset=utf-8")

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            raise BadRequest("no such file", 404)
        return Response(_asset(name), media_type=ASSETS[name])

    async def list_variants(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(_variant_list, extra_names))

    async def create(request: Request) -> Response:
        data = await read_json(request)
        name = registered_name(field(data, "variant", str, limit=100), "the request")
        options = field(data, "options", dict, {})
        sides = check_sides(field(data, "sides", dict, {}), LEVELS)
        seed = field(data, "seed", int, None)
        if seed is not None and not 0 <= seed < 2 ** 63:
            raise BadRequest("field 'seed' must be between 0 and 2**63 - 1")

        def make():
            game = new_game(name, options=options, seed=seed)
            return Table(game, sides, seed=seed)
        table = await run_in_threadpool(make)
        key = tables.add(table)
        return JSONResponse(await run_in_threadpool(_locked_view, key, table))

    async def load(request: Request) -> Response:
        data = await read_json(request, UPLOAD_LIMIT)
        text = field(data, "text", str, limit=UPLOAD_LIMIT)
        name = field(data, "variant", str, None, limit=100)
        if name:
            registered_name(name, "the request")
        table = await run_in_threadpool(_load_table, text, name)
        key = tables.add(table)
        return JSONResponse(await run_in_threadpool(_locked_view, key, table))

    async def show(request: Request) -> Response:
        key = request.path_params["id"]
        return JSONResponse(await run_in_threadpool(_locked_view, key, tables.get(key)))

    async def act(request: Request) -> Response:
        key = request.path_params["id"]
        action = request.path_params["action"]
        table = tables.get(key)
        handler = ACTIONS.get(action)
        if handler is None:
            raise BadRequest(f"no action {action[:40]!r} (known: {', '.join(ACTIONS)})", 404)
        data = await read_json(request)

        def run():
            with table.lock:
                said = handler(table, data)
                view = table_view(key, table)
                if said:
                    view["said"] = said
                return view
        return JSONResponse(await run_in_threadpool(run))

    async def moves(request: Request) -> Response:
        key = request.path_params["id"]
        table = tables.get(key)

        def listed():
            with table.lock:
                return {"moves": move_list(table.game, table.ahead, table.viewer())}
        return JSONResponse(await run_in_threadpool(listed))

    async def record(request: Request) -> Response:
        key = request.path_params["id"]
        table = tables.get(key)

        def text():
            with table.lock:
                if record_hidden(table):
                    raise BadRequest(RECORD_HIDDEN, 409)
                if table.from_position:  # a record starts at the beginning: give the position
                    return json.dumps(table.game.position(), indent=2) + "\n"
                return _record_text(table.game)
        body = await run_in_threadpool(text)
        kind = ("json", "application/json") if table.from_position else ("txt", "text/plain; charset=utf-8")
        name = f"paisho-{table.game.name}.{kind[0]}"
        return Response(body, media_type=kind[1],
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = exc.detail if isinstance(exc.detail, str) else "bad request"
        if exc.status_code == 404 and message == "Not Found":
            message = f"no such page: {request.url.path[:80]}"
        if exc.status_code == 405:
            message = f"{request.method} is not allowed here"
        return JSONResponse({"error": message}, status_code=exc.status_code)

    async def refused(request: Request, exc: Exception) -> Response:
        message = str(exc)[:2000] if isinstance(exc, PaishoError) else "input nested too deeply"
        return JSONResponse({"error": message}, status_code=400)

    async def internal_error(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"internal error ({type(exc).__name__}); the game is "
                                      "unchanged"}, status_code=500)

    routes = [
        Route("/", page),
        Route("/static/{name}", asset),
        Route("/api/variants", list_variants),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/load", load, methods=["POST"]),
        Route("/api/tables/{id}", show),
        Route("/api/tables/{id}/record", record),
        Route("/api/tables/{id}/moves", moves),
        Route("/api/tables/{id}/{action}", act, methods=["POST"]),
    ]
    middleware = []
    if host in ("127.0.0.1", "localhost", "::1"):
        # a page elsewhere on the web cannot reach a loopback server by a name of its own
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=LOOPBACK_HOSTS))
    return Starlette(routes=routes, middleware=middleware,
                     exception_handlers={HTTPException: http_error, PaishoError: refused,
                                         RecursionError: refused, Exception: internal_error})


def _asset(name: str) -> bytes:
    return resources.files(__package__).joinpath("static").joinpath(name).read_bytes()


def _locked_view(key: str, table: Table) -> dict:
    with table.lock:
        return table_view(key, table)


def _variant_list(extra_names: list[str]) -> dict:
    names = list(extra_names) + [n for n in variants() if n not in extra_names]
    rows: list[dict[str, Any]] = []
    for name in names:
        try:
            v = get_variant(name)
        except PaishoError as exc:
            rows.append({"name": name, "title": name, "error": str(exc), "options": []})
            continue
        options = []
        for spec in v.option_specs.values():
            options.append({k: spec.get(k) for k in ("name", "type", "default", "choices",
                                                      "description", "minimum", "maximum")
                            if spec.get(k) is not None})
        rows.append({"name": name, "title": v.title, "house_rules": name in extra_names,
                     "options": options})
    from ..record import default_variant

    return {"variants": rows, "levels": list(LEVELS), "default": default_variant()}


def _load_table(text: str, name: Optional[str]) -> Table:
    """A table from an uploaded record or position (JSON), read as data."""
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadRequest(f"the position is not JSON: {exc.msg} (line {exc.lineno}, "
                             f"column {exc.colno})") from None
        if isinstance(data, dict) and isinstance(data.get("variant"), str):
            registered_name(data["variant"], "the position's variant field")
        game = from_position(data, source="the uploaded position")
        table = Table(game, {"guest": "human", "host": "human"})
        table.from_position = True
        return table
    from ..record import parse_record

    tags = parse_record(text, "the uploaded record")[0]
    if "Variant" in tags:
        registered_name(tags["Variant"], "the record's Variant tag")
    text, kept, notes = drop_display_options(text, tags, name)
    try:
        game = load_record(text, source="the uploaded record", variant=name, options=kept)
    except PaishoError as exc:
        if "Variant" not in tags:  # say which variant the untagged record was read as
            from ..record import default_variant

            assumed = name or default_variant()
            raise PaishoError(f"{exc} (the record names no variant, so it was read as "
                            f"{assumed}; add a tag line such as [Variant \"fire\"] "
                            "at the top if it is another)") from None
        raise
    table = Table(game, {"guest": "human", "host": "human"})
    table.repairs = notes + [str(r) for r in getattr(game, "repairs", None) or []]
    return table


def _record_text(game) -> str:
    """The record of every whole turn played (a turn still open is left out)."""
    if game.state.pending and game.outcome is None:
        game = game.copy()
        while game.state.pending:
            game.undo()
    return game.record()


# -- the actions on a table ---------------------------------------------------------------------

def _move(table: Table, data: dict):
    text = field(data, "move", str, limit=400)
    ply = field(data, "ply", int, None)
    if ply is not None and ply != table.game.ply:
        raise BadRequest("the game has moved on since the page asked (reload it)", 409)
    return {"played": table.play(text)}


def _sides(table: Table, data: dict):
    table.set_sides(check_sides(field(data, "sides", dict), LEVELS))


def _computer(table: Table, data: dict):
    chance = table.game.chance_outcomes() is not None  # a draw may be secret: not echoed
    played = table.computer_move()
    return None if chance else {"played": played}


SOURCE_RE = re.compile(r"^(-?\d{1,2},-?\d{1,2}|tile:[A-Za-z0-9_]{1,12})$")
"""A click's source: a board point or a tile code (what the page's groups are keyed by)."""


def _explain(table: Table, data: dict):
    """Why a click starts or ends no decision (nothing changes)."""
    point = data.get("point")
    if not (isinstance(point, list) and len(point) == 2 and all(type(v) is int for v in point)):
        raise BadRequest("field 'point' must be [x, y] with whole numbers")
    source = field(data, "source", str, None, limit=40)
    if source is not None and not SOURCE_RE.match(source):
        raise BadRequest("field 'source' must be \"x,y\" (a tile on the board) or \"tile:CODE\"")
    if not table.human_to_move():
        return {"refused": table._why_not_human()}
    return {"refused": explain_click(table.game, (point[0], point[1]), source)}


def _goto(table: Table, data: dict):
    """Step back or forward to the position after ``ply`` decisions (the move list's clicks)."""
    ply = field(data, "ply", int)
    if ply < 0 or ply > table.game.ply + len(table.ahead):
        raise BadRequest(f"no decision {ply} in this game")
    while table.game.ply > ply:
        table.back()
    while table.game.ply < ply and table.ahead:
        table.forward()


ACTIONS: dict[str, Callable] = {
    "move": _move,
    "computer": _computer,
    "explain": _explain,
    "goto": _goto,
    "hint": lambda t, d: {"hint": t.hint()},
    "undo": lambda t, d: t.undo(),
    "resign": lambda t, d: t.resign(),
    "back": lambda t, d: t.back(),
    "forward": lambda t, d: t.forward(),
    "start": lambda t, d: t.to_start(),
    "end": lambda t, d: t.to_end(),
    "handover": lambda t, d: t.hand_over(),
    "sides": _sides,
}
