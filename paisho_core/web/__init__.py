"""Play in the browser: ``paisho serve`` (the optional extra ``web``: Starlette and uvicorn).

The page is plain HTML and JavaScript shipped in ``static/``; it has no rules of its own.  The
server lists the legal decisions grouped by where a click starts them (:mod:`.view`), keeps each
game on a :class:`~.table.Table`, and answers the page through the JSON API of :mod:`.app`.
Only the engine's public names are used, so every registered variant and every house-rules
variant plays here.

    paisho serve                       # http://127.0.0.1:8000/
    paisho serve --port 8765 --open    # and open it in the browser
    paisho serve my-rules.yaml         # offer a house-rules variant too
    paisho serve --db games.sqlite     # where the games are kept (they survive a restart)

Listening on an address other than loopback needs ``--public`` (and a TLS reverse proxy in
front: see docs/web-server.md).
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

DEFAULT_PORT = 8000
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def default_db() -> Path:
    """Where ``paisho serve`` keeps its games: ``$XDG_DATA_HOME/paisho/games.sqlite``."""
    import os

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "paisho" / "games.sqlite"


def create_app(*args, **kwargs):
    """The Starlette application (see :func:`paisho_core.web.app.create_app`)."""
    from .app import create_app as make

    return make(*args, **kwargs)


def register(app: typer.Typer) -> None:
    app.command("serve")(cmd_serve)


def cmd_serve(files: Optional[list[Path]] = typer.Argument(
                  None, help="House-rules variant files (YAML) to offer besides the installed variants."),
              port: int = typer.Option(DEFAULT_PORT, "--port", help="Port to listen on."),
              host: str = typer.Option("127.0.0.1", "--host",
                                       help="Address to listen on (default: this computer only)."),
              public: bool = typer.Option(False, "--public",
                                          help="Allow an address other than loopback (run it "
                                               "behind a TLS reverse proxy: docs/web-server.md)."),
              db: Optional[Path] = typer.Option(None, "--db",
                                                help="The SQLite file keeping the games (default: "
                                                     "$XDG_DATA_HOME/paisho/games.sqlite)."),
              limit: Optional[list[str]] = typer.Option(
                  None, "--limit", help="A limit as NAME=NUMBER, e.g. tables_per_client=100 "
                                        "(see docs/web-server.md for the names)."),
              origin: Optional[list[str]] = typer.Option(
                  None, "--origin", help="Another origin (https://name) whose pages may play here, "
                                         "besides the server's own address."),
              open_browser: bool = typer.Option(False, "--open", help="Open the page in the browser.")):
    """Play in the browser: a web app on http://127.0.0.1:PORT/ (games kept across restarts)."""
    from ..cli.util import fail, guarded

    guarded(_serve)(files or [], port, host, open_browser, fail, public, db, tuple(origin or ()),
                    list(limit or ()))


def _serve(files: list[Path], port: int, host: str, open_browser: bool, fail, public: bool = False,
           db: Optional[Path] = None, origins: tuple = (), limits: Optional[list[str]] = None) -> None:
    from .. import load_variant_file

    try:
        import uvicorn

        from .app import create_app as make
    except ImportError as exc:
        fail(f"paisho serve needs the web extra ({exc.name} is missing): pip install 'paisho[web]'")
        return
    if not 0 < port < 65536:
        fail(f"--port {port}: choose a port from 1 to 65535")
    if host not in LOOPBACK and not public:
        fail(f"--host {host}: listening beyond this computer needs --public, and a TLS reverse "
             f"proxy in front (see docs/web-server.md); the default 127.0.0.1 serves this "
             f"computer only")
    from .quota import parse_limits

    try:
        chosen = parse_limits(limits or [])
    except ValueError as exc:
        fail(f"--limit: {exc}")
        return
    extra = tuple(load_variant_file(f) for f in files)  # a file named here is trusted like a script
    if host not in LOOPBACK:
        typer.echo(f"warning: listening on {host}: anyone who can reach this address can start "
                   "games and watch them (players are known by their seat links only).", err=True)
    from .store import StoreError

    path = db or default_db()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        app = make(extra, host=host, db=str(path), origins=origins, limits=chosen)
    except (OSError, StoreError) as exc:
        fail(f"--db {path}: {exc}")
        return
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    typer.echo(f"paisho: playing at {url} (games kept in {path}; Ctrl-C stops the server)")
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
