"""Refusing cross-site changes: a request that changes a game must come from the server's own
page (or from a client that is no browser, which sends no Origin).

A browser sends ``Origin`` (and ``Sec-Fetch-Site``) with every POST; a page on another site
that posts to this server is answered 403 before any work, whatever its content type.  Behind a
reverse proxy the proxy must pass the original ``Host`` (docs/web-server.md).
"""
from __future__ import annotations

from typing import Iterable, Optional
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def foreign_origin(headers: Headers, allowed: Iterable[str] = ()) -> Optional[str]:
    """Why a state-changing request with these headers comes from another site (None: it
    does not)."""
    site = headers.get("sec-fetch-site", "").lower()
    if site in ("cross-site", "same-site"):
        return f"refused: a request from another site ({site}) may not change a game"
    origin = headers.get("origin")
    if origin is None:
        return None
    if origin in allowed:
        return None
    parts = urlsplit(origin) if origin != "null" else None
    host = headers.get("host", "").lower()
    if parts is None or parts.scheme not in ("http", "https") or parts.netloc.lower() != host:
        return f"refused: a request from {origin[:80]!r} may not change a game on {host[:80]!r}"
    return None


class OriginCheck:
    """ASGI middleware answering 403 to a state-changing request from a foreign origin."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            why = foreign_origin(Headers(scope=scope), self.allowed)
            if why:
                await JSONResponse({"error": why}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)
