"""The web app: a Starlette application serving one page and a small JSON API.

Routes (every answer to bad input is a 4xx with ``{"error": message}``; a refused request leaves
the table as it was)::

    GET  /                           the page
    GET  /g/{id}                     the page showing one game (its URL survives a reload)
    GET  /g/{id}?seat=TOKEN          a seat link: keeps the seat in a cookie, then shows the game
    GET  /static/{app.js,...}        its script and style (a fixed list: no file is named by URL)
    GET  /api/variants               variants, their options, the computer levels
    POST /api/tables                 {"variant", "options", "sides", "seed", "seat"} -> a new game
    POST /api/tables/load            {"text", "variant"?}: a record or a position, read as data
    GET  /api/tables/{id}            the game as the asking client's seats see it
    GET  /api/tables/{id}/events     the same view again at every change (server-sent events)
    POST /api/tables/{id}/{action}   move {"move", "ply"}, computer, undo, resign, hint, back,
                                     forward, start, end, handover, sides {"sides"},
                                     explain {"point", "source"} (why a click was refused),
                                     goto {"ply"} (step to a turn of the move list)
    GET  /api/tables/{id}/moves      the turns played, in words and notation
    GET  /api/tables/{id}/record     the record as a download

Games are stored at every change (:mod:`.store`, :mod:`.games`); a client's seats are the seat
tokens it presents, in the game's cookie or the ``X-Paisho-Seat`` header; limits per client and
per server are in :mod:`.quota`; state-changing requests from other sites are refused
(:mod:`.origin`).
"""
from __future__ import annotations

import asyncio
import json
import re
import threading
from collections import OrderedDict
from importlib import resources
from typing import Any, Callable, Optional

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route

from ..boundary import bounded_int, problems_of, refuse_constant
from ..schema import json_path
from .. import PaishoError, from_position, get_variant, load_record, new_game, variants
from ..variant import looks_like_file
from .events import Hub
from .games import Games, NoSuchGame, SeatView, controls, seats_of
from .origin import OriginCheck
from .players import LEVELS
from .quota import LimitError, Limits, Quota
from .store import Conflict, Store, StoreError
from .table import PLAYERS, Table, check_sides
from .record_options import drop_display_options
from .teach import explain_click, move_list
from .view import RECORD_HIDDEN, record_hidden, table_view

BODY_LIMIT = 16 * 1024
"""Largest request body, except uploads."""
UPLOAD_LIMIT = 512 * 1024
"""Largest record or position a page may upload."""
ASSETS = {"app.js": "text/javascript; charset=utf-8", "net.js": "text/javascript; charset=utf-8",
          "style.css": "text/css; charset=utf-8"}
PAGE_HEADERS = {"X-Frame-Options": "DENY", "Content-Security-Policy": "frame-ancestors 'none'",
                "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff"}
"""The page may not be framed by another site (no click on it can be tricked into a move), and
it sends no address, seat link included, to anyone."""
SEAT_HEADER = "x-paisho-seat"
"""Seat tokens sent by a client that keeps no cookies (a script), separated by dots."""
COOKIE_DAYS = 400
"""How long a browser keeps a seat (a correspondence game may wait for days)."""
KEEPALIVE = 20.0
"""Seconds between keep-alive comments on an idle event stream."""
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
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise BadRequest(f"request body too large (limit {limit} bytes)", 413)
    except ClientDisconnect:  # the client went away: nothing to do, nothing to log
        raise BadRequest("the request was broken off", 400) from None
    try:
        data = json.loads(bytes(body).decode("utf-8"), parse_constant=refuse_constant,
                          parse_int=bounded_int)
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8 text") from None
    except ValueError as exc:
        if not isinstance(exc, json.JSONDecodeError):
            raise BadRequest(f"the request body is not usable JSON: {exc}") from None
        raise BadRequest(f"the request body is not JSON: {exc.msg} (line {exc.lineno}, "
                         f"column {exc.colno})") from None
    except RecursionError:
        raise BadRequest("the request body is nested too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    problems = problems_of(data)
    if problems:
        key, message = problems[0]
        raise BadRequest(f"the request body: {json_path(key)}: {message}")
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
    """Refuse a variant named by a file path or with options after a colon: pages and uploaded
    records name registered variants only (a house-rules file is offered by naming it to
    ``paisho serve``; options go in their own field)."""
    if looks_like_file(name) or ":" in name:
        raise BadRequest(f"{where} names {name[:80]!r}, not a registered variant "
                         f"({', '.join(variants())}); to play a house-rules file, start the "
                         f"server with `paisho serve FILE`; options go in the options field")
    return name


# -- the application ----------------------------------------------------------------------------

def client_of(request: Request) -> str:
    """Who is asking, for the limits per client: the address the request came from."""
    return request.client.host if request.client else "unknown"


def cookie_name(key: str) -> str:
    return f"paisho_{key}"


def tokens_of(request: Request, key: str) -> list[str]:
    """The seat tokens a request presents for game ``key`` (cookie and header)."""
    found = []
    for text in (request.cookies.get(cookie_name(key), ""), request.headers.get(SEAT_HEADER, "")):
        found += [t for t in text[:400].split(".") if t]
    return found[:4]


def seat_cookie(response: Response, request: Request, key: str, tokens: list[str]) -> None:
    response.set_cookie(cookie_name(key), ".".join(tokens), max_age=COOKIE_DAYS * 86400, path="/",
                        httponly=True, samesite="lax", secure=request.url.scheme == "https")


def seat_links(key: str, tokens: dict[str, str]) -> dict[str, str]:
    return {p: f"/g/{key}?seat={t}" for p, t in tokens.items()}


def hidden_parts(game) -> bool:
    """Does either player's view of the game hide anything (a hand, a draw order)?"""
    return any(game.observation(p).get("hidden") for p in PLAYERS)


class ViewCache:
    """The latest view drawn per (game, seats): the mover's answer and the streams of the
    players and spectators of one change share the drawing.  Views are large (the board is an
    SVG picture), so only the newest version of each is kept, and at most ``size`` of them."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._views: OrderedDict[tuple, tuple[int, dict]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table: Table, tokens: list[str]) -> dict:
        seats = seats_of(table, tokens)
        key = (table.key, seats)
        with self._lock:
            found = self._views.get(key)
        if found is None or found[0] != table.version:
            found = (table.version, _client_view(table, tokens, seats))
            with self._lock:
                self._views[key] = found
                self._views.move_to_end(key)
                while len(self._views) > self.size:
                    self._views.popitem(last=False)
        return dict(found[1])


def _client_view(table: Table, tokens: list[str], seats: frozenset) -> dict:
    """The game as a client holding ``tokens`` (the ``seats``) may see it (call with
    ``table.lock`` held).

    A client holding every seat a person plays sees the table as at one screen (hot seat,
    taking back, stepping through); one seat of a game between two links sees that player's
    view; a client holding none sees a spectator's view."""
    full = controls(table, seats)
    if full:
        view = table_view(table.key, table)
    else:
        seat = next(iter(seats)) if len(seats) == 1 else None
        view = table_view(table.key, SeatView(table, seat))
        if view["mode"] in ("stuck", "computer") and table.game.outcome is None and (
                table.human_to_move() or seat is None):
            view["mode"] = "wait" if seat else "watch"
    held = {p: t for p in seats for t in tokens if seats_of(table, [t]) == {p}}
    view.update(version=table.version, seats=sorted(seats), control=full,
                links={"game": f"/g/{table.key}", "seats": seat_links(table.key, held)})
    return view


def create_app(extra_variants: tuple = (), host: str = "127.0.0.1", db: str = ":memory:",
               limits: Optional[Limits] = None, origins: tuple = ()) -> Starlette:
    """The web app.  ``extra_variants``: variants loaded from files named on the command line
    (already registered), listed first in the chooser.  ``host``: the address served, so a
    loopback server answers only requests addressed to the loopback names.  ``db``: the SQLite
    file holding the games (``":memory:"``: none, the games end with the process).
    ``limits``: see :class:`~.quota.Limits`.  ``origins``: other origins (``https://host``)
    whose pages may change games, besides the server's own."""
    limits = limits or Limits()
    store = Store(db)
    games = Games(store, limits.cached)
    quota = Quota(limits)
    hub = Hub()
    client_view = ViewCache().get
    extra_names = [v.name for v in extra_variants]

    async def page(request: Request) -> Response:
        return Response(_asset("index.html"), media_type="text/html; charset=utf-8",
                        headers=PAGE_HEADERS)

    async def game_page(request: Request) -> Response:
        key = request.path_params["id"]
        token = request.query_params.get("seat")
        if token is None:
            return await page(request)
        table = await table_for(key)
        if not seats_of(table, [token]):
            raise BadRequest("this seat link is not one of this game's (ask for a new link)", 404)
        kept = [t for t in tokens_of(request, key) if seats_of(table, [t])]
        response = RedirectResponse(f"/g/{key}", status_code=303)
        seat_cookie(response, request, key, list(dict.fromkeys(kept + [token]))[:2])
        return response

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in ASSETS:
            raise BadRequest("no such file", 404)
        return Response(_asset(name), media_type=ASSETS[name])

    async def list_variants(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(_variant_list, extra_names))

    async def table_for(key: str) -> Table:
        try:
            return await run_in_threadpool(games.get, key)
        except NoSuchGame:
            raise BadRequest("no such game (check the link)", 404) from None

    async def check_new_game(client: str) -> None:
        counts = await run_in_threadpool(lambda: (store.unfinished(client), store.unfinished()))
        quota.check_new_game(client, *counts)

    async def opened(request: Request, table: Table, tokens: dict[str, str], keep: tuple,
                     start: Optional[dict] = None) -> Response:
        """Store a new game; answer its view, the links of the seats not kept, and a cookie
        holding the seats kept."""
        def add():
            tokens.update(games.add(table, client_of(request), start))
            with table.lock:
                return client_view(table, [tokens[p] for p in keep])
        view = await run_in_threadpool(add)
        view["invite"] = seat_links(table.key, {p: t for p, t in tokens.items()
                                                if p not in keep and p in table.humans})
        response = JSONResponse(view)
        seat_cookie(response, request, table.key, [tokens[p] for p in keep])
        return response

    async def create(request: Request) -> Response:
        data = await read_json(request)
        name = registered_name(field(data, "variant", str, limit=100), "the request")
        options = field(data, "options", dict, {})
        sides = check_sides(field(data, "sides", dict, {}), LEVELS)
        seed = field(data, "seed", int, None)
        if seed is not None and not 0 <= seed < 2 ** 63:
            raise BadRequest("field 'seed' must be between 0 and 2**63 - 1")
        keep = field(data, "seat", str, "both", limit=10)
        if keep not in ("both",) + PLAYERS:
            raise BadRequest("field 'seat' must be both, guest or host (the seat you keep; "
                             "the other's link is for the friend you invite)")
        await check_new_game(client_of(request))
        split = keep != "both" and all(sides[p] == "human" for p in PLAYERS)

        def make():
            game = new_game(get_variant(name), options=options, seed=seed)
            return Table(game, sides, seed=seed, split=split)
        table = await run_in_threadpool(make)
        return await opened(request, table, {}, (keep,) if split else PLAYERS)

    async def load(request: Request) -> Response:
        data = await read_json(request, UPLOAD_LIMIT)
        text = field(data, "text", str, limit=UPLOAD_LIMIT)
        name = field(data, "variant", str, None, limit=100)
        if name:
            registered_name(name, "the request")
        await check_new_game(client_of(request))
        table, start = await run_in_threadpool(_load_table, text, name, quota)
        return await opened(request, table, {}, PLAYERS, start)

    async def show(request: Request) -> Response:
        key = request.path_params["id"]
        table = await table_for(key)
        tokens = tokens_of(request, key)
        return JSONResponse(await run_in_threadpool(_locked, table, client_view, table, tokens))

    async def events(request: Request) -> Response:
        key = request.path_params["id"]
        await table_for(key)
        client = client_of(request)
        tokens = tokens_of(request, key)
        quota.open_stream(client)
        changed = hub.subscribe(key)

        def closed():
            hub.unsubscribe(key, changed)
            quota.close_stream(client)

        async def stream():
            yield "retry: 1000\n\n"
            sent = None
            while True:
                try:
                    table = await run_in_threadpool(games.get, key)
                except NoSuchGame:
                    return
                if table.version != sent:
                    view = await run_in_threadpool(_locked, table, client_view, table, tokens)
                    sent = view["version"]
                    yield f"event: view\ndata: {json.dumps(view, separators=(',', ':'))}\n\n"
                try:
                    await asyncio.wait_for(changed.wait(), KEEPALIVE)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
                changed.clear()
        return EventStream(stream(), closed)

    async def act(request: Request) -> Response:
        key = request.path_params["id"]
        action = request.path_params["action"]
        handler = ACTIONS.get(action)
        table = await table_for(key)
        if handler is None:
            raise BadRequest(f"no action {action[:40]!r} (known: {', '.join(ACTIONS)})", 404)
        data = await read_json(request)
        tokens = tokens_of(request, key)
        client = client_of(request)

        def run():
            with table.lock:
                seats = seats_of(table, tokens)
                allowed(action, table, seats)
                if action in ("move", "computer"):
                    quota.check_plies(table.game.ply + 1, "this game")
                said = handler(table, data, seats)
                if action not in READ_ONLY:
                    games.save(table)
                view = client_view(table, tokens)
                if said:
                    view["said"] = said
                return view
        if action in SEARCHES:
            view = await quota.search(client, lambda: run_in_threadpool(run))
        else:
            view = await run_in_threadpool(run)
        if action not in READ_ONLY:
            hub.notify(key)
        return JSONResponse(view)

    async def moves(request: Request) -> Response:
        key = request.path_params["id"]
        table = await table_for(key)

        tokens = tokens_of(request, key)

        def listed():
            with table.lock:
                seats = seats_of(table, tokens)
                if controls(table, seats):
                    viewer = table.viewer()  # one screen: as the page shows it
                else:  # a seat sees its own draws, a spectator nobody's
                    viewer = next(iter(seats)) if len(seats) == 1 else None
                return {"moves": move_list(table.game, table.ahead, viewer)}
        return JSONResponse(await run_in_threadpool(listed))

    async def record(request: Request) -> Response:
        key = request.path_params["id"]
        table = await table_for(key)

        def text():
            with table.lock:
                if record_hidden(table):
                    raise BadRequest(RECORD_HIDDEN, 409)
                game = table.game
                hidden = game.outcome is None and hidden_parts(game)
                secret = hidden or (game.outcome is None and game.keeps_seed)
                if table.from_position:  # a record starts at the beginning: give the position
                    if hidden:
                        raise BadRequest("the position of an unfinished game with hidden tiles "
                                         "is given when the game ends", 403)
                    position = game.position()
                    if secret:
                        position.pop("seed", None)  # the draws to come stay unknown
                    return json.dumps(position, indent=2) + "\n"
                return _record_text(game, secret)
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

    async def over_limit(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, LimitError)
        headers = {"Retry-After": "5"} if exc.status in (429, 503) else None
        return JSONResponse({"error": str(exc)}, status_code=exc.status, headers=headers)

    async def store_failed(request: Request, exc: Exception) -> Response:
        if isinstance(exc, Conflict):
            return JSONResponse({"error": f"{exc}; the move was not kept"}, status_code=409)
        return JSONResponse({"error": f"the game could not be saved ({exc}); the move was not "
                                      "kept"}, status_code=503)

    async def internal_error(request: Request, exc: Exception) -> Response:
        return JSONResponse({"error": f"internal error ({type(exc).__name__}); the game is "
                                      "unchanged"}, status_code=500)

    routes = [
        Route("/", page),
        Route("/g/{id}", game_page),
        Route("/static/{name}", asset),
        Route("/api/variants", list_variants),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/load", load, methods=["POST"]),
        Route("/api/tables/{id}", show),
        Route("/api/tables/{id}/record", record),
        Route("/api/tables/{id}/events", events),
        Route("/api/tables/{id}/moves", moves),
        Route("/api/tables/{id}/{action}", act, methods=["POST"]),
    ]
    middleware = [Middleware(OriginCheck, allowed=origins)]
    if host in ("127.0.0.1", "localhost", "::1"):
        # a page elsewhere on the web cannot reach a loopback server by a name of its own
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=LOOPBACK_HOSTS))
    app = Starlette(routes=routes, middleware=middleware,
                    exception_handlers={HTTPException: http_error, PaishoError: refused,
                                        RecursionError: refused, LimitError: over_limit,
                                        StoreError: store_failed, Exception: internal_error})
    app.state.games = games
    app.state.quota = quota
    return app


class EventStream(StreamingResponse):
    """A server-sent event stream that calls ``closed`` however it ends (the client went away,
    the server stops, or the stream never started)."""

    def __init__(self, body, closed: Callable[[], None]) -> None:
        super().__init__(body, media_type="text/event-stream",
                         headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        self.closed = closed

    async def __call__(self, scope, receive, send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.closed()


def _locked(table: Table, fn: Callable, *args) -> Any:
    with table.lock:
        return fn(*args)


def allowed(action: str, table: Table, seats: frozenset) -> None:
    """Refuse an action the client's seats do not allow (403, nothing changed)."""
    if not seats:
        raise BadRequest("you are watching this game: only its players can change it (a player "
                         "opens the game by their seat link)", 403)
    if action in ("move", "hint", "handover") and not controls(table, seats):
        mover = table.game.to_move
        if mover not in seats:
            raise BadRequest(f"it is {mover}'s decision, and you play {'/'.join(sorted(seats))}",
                             403)
    if action in TOGETHER and not controls(table, seats):
        raise BadRequest(f"{action}: taking back, stepping through and changing sides need both "
                         f"players at one screen; in a game between two seat links each player "
                         f"only plays and resigns for their own seat", 403)

def _asset(name: str) -> bytes:
    return resources.files(__package__).joinpath("static").joinpath(name).read_bytes()


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


def _load_table(text: str, name: Optional[str], quota: Quota) -> tuple[Table, Optional[dict]]:
    """A table from an uploaded record or position (JSON), read as data, and the position it
    starts from (None for a record).  A record longer than a game may be is refused before it
    is replayed."""
    if text.lstrip().startswith("{"):
        from ..reader import parse_json

        data = parse_json(text, "the uploaded position")  # the input boundary's JSON reader
        if isinstance(data, dict) and isinstance(data.get("variant"), str):
            registered_name(data["variant"], "the position's variant field")
        game = from_position(data, source="the uploaded position")
        table = Table(game, {"guest": "human", "host": "human"})
        table.from_position = True
        return table, data
    from ..record import parse_record

    tags, turns = parse_record(text, "the uploaded record")
    if "Variant" in tags:
        registered_name(tags["Variant"], "the record's Variant tag")
    quota.check_plies(len(turns), "the record")
    text, kept, notes = drop_display_options(text, tags, name)
    try:
        game = load_record(text, source="the uploaded record",
                           variant=get_variant(name) if name else None, options=kept)
    except PaishoError as exc:
        if "Variant" not in tags:  # say which variant the untagged record was read as
            from ..record import default_variant

            assumed = name or default_variant()
            raise PaishoError(f"{exc} (the record names no variant, so it was read as "
                              f"{assumed}; add a tag line such as [Variant \"fire\"] "
                              "at the top if it is another)") from None
        raise
    quota.check_plies(game.ply, "the record")
    table = Table(game, {"guest": "human", "host": "human"})
    table.repairs = notes + [str(r) for r in getattr(game, "repairs", None) or []]
    return table, None


def _record_text(game, secret: bool = False) -> str:
    """The record of every whole turn played (a turn still open is left out); ``secret``: the
    game is not over and hides tiles or draws by chance, so the seed (from which hands and the
    draws to come replay) is left out."""
    if game.state.pending and game.outcome is None:
        game = game.copy()
        while game.state.pending:
            game.undo()
    # the core leaves the seed out while chance is still to come (hidden hands, future draws)
    return game.record(shared=True)


# -- the actions on a table ---------------------------------------------------------------------

def _move(table: Table, data: dict, seats: frozenset):
    text = field(data, "move", str, limit=400)
    ply = field(data, "ply", int, None)
    if ply is not None and ply != table.game.ply:
        raise BadRequest("the game has moved on since the page asked (reload it)", 409)
    return {"played": table.play(text)}


def _sides(table: Table, data: dict, seats: frozenset):
    table.set_sides(check_sides(field(data, "sides", dict), LEVELS))


def _resign(table: Table, data: dict, seats: frozenset):
    table.resign(None if controls(table, seats) else next(iter(seats)))


def _computer(table: Table, data: dict, seats: frozenset):
    chance = table.game.chance_outcomes() is not None  # a draw may be secret: not echoed
    played = table.computer_move()
    return None if chance else {"played": played}


SOURCE_RE = re.compile(r"^(-?\d{1,2},-?\d{1,2}|tile:[A-Za-z0-9_]{1,12})$")
"""A click's source: a board point or a tile code (what the page's groups are keyed by)."""


def _explain(table: Table, data: dict, seats: frozenset):
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


def _goto(table: Table, data: dict, seats: frozenset):
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
    "hint": lambda t, d, s: {"hint": t.hint()},
    "undo": lambda t, d, s: t.undo(),
    "resign": _resign,
    "back": lambda t, d, s: t.back(),
    "forward": lambda t, d, s: t.forward(),
    "start": lambda t, d, s: t.to_start(),
    "end": lambda t, d, s: t.to_end(),
    "handover": lambda t, d, s: t.hand_over(),
    "sides": _sides,
}
READ_ONLY = ("hint", "explain")
"""Actions that change nothing: not saved, no update pushed to the other pages."""
SEARCHES = ("computer", "hint")
"""Actions that run a search: they wait in the bounded queue (:meth:`.quota.Quota.search`)."""
TOGETHER = ("undo", "back", "forward", "start", "end", "goto", "sides", "handover")
"""Actions for players at one screen only (a client holding every seat a person plays)."""
