"""Play in the browser: ``paisho serve`` (the optional extra ``web``: Starlette and uvicorn).

The page is plain HTML and JavaScript shipped in ``static/``; it has no rules of its own.  The
server lists the legal decisions grouped by where a click starts them (:mod:`.view`), keeps each
game on a :class:`~.table.Table`, and answers the page through the JSON API of :mod:`.app`.
Only the engine's public names are used, so every registered variant and every house-rules
variant plays here.

    paisho serve                       # http://127.0.0.1:8000/
    paisho serve --port 8765 --open    # and open it in the browser
    paisho serve my-rules.yaml         # offer a house-rules variant too
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

DEFAULT_PORT = 8000


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
              open_browser: bool = typer.Option(False, "--open", help="Open the page in the browser.")):
    """Play in the browser: a local web app on http://127.0.0.1:PORT/."""
    from ..cli.util import fail, guarded

    guarded(_serve)(files or [], port, host, open_browser, fail)


def _serve(files: list[Path], port: int, host: str, open_browser: bool, fail) -> None:
    from .. import load_variant_file

    try:
        import uvicorn

        from .app import create_app as make
    except ImportError as exc:
        fail(f"paisho serve needs the web extra ({exc.name} is missing): pip install 'paisho[web]'")
        return
    if not 0 < port < 65536:
        fail(f"--port {port}: choose a port from 1 to 65535")
    extra = tuple(load_variant_file(f) for f in files)  # a file named here is trusted like a script
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo(f"warning: listening on {host}: anyone who can reach this address can use the "
                   "server (it has no login). Use the default 127.0.0.1 unless you mean it.", err=True)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    typer.echo(f"paisho: playing at {url} (Ctrl-C stops the server)")
    if open_browser:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(make(extra, host=host), host=host, port=port, log_level="warning")
