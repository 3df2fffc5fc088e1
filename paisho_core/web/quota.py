"""The web server's limits: what one client, and the whole server, may use.

Every limit is answered with an HTTP status and a message saying which limit and what to do
(``429`` for a share of the server a client has used up, ``413`` for something too large, ``503``
when the server as a whole is full), and a refused request changes nothing.  A client is the
address the request came from (behind a reverse proxy, the address it forwards: see
docs/web-server.md).
"""
from __future__ import annotations

import asyncio
import os
from collections import Counter
from dataclasses import dataclass
from typing import Any, Awaitable, Callable


@dataclass
class Limits:
    tables_per_client: int = 24
    """Unfinished games one client may have created."""
    tables: int = 20000
    """Unfinished games on the server."""
    plies: int = 2000
    """Decisions in one game (a longer upload is refused before it is replayed)."""
    searches: int = 2
    """Computer decisions and hints computed at once (the rest wait in the queue)."""
    queue: int = 16
    """Searches that may wait; past that a request is refused."""
    searches_per_client: int = 2
    """Searches running or waiting for one client."""
    streams_per_client: int = 64
    """Open event streams (pages watching a game) per client."""
    streams: int = 4000
    """Open event streams on the server."""
    cached: int = 256
    """Games kept in memory (the others are read back from the database when asked for)."""
    memory_mb: int = 2048
    """Resident memory above which new games are refused (checked where /proc tells it)."""


def parse_limits(pairs: list[str]) -> Limits:
    """Limits from ``NAME=NUMBER`` strings (``paisho serve --limit``); ValueError names the
    problem."""
    limits = Limits()
    names = sorted(Limits.__dataclass_fields__)
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or name not in names:
            raise ValueError(f"{pair[:60]!r}: write NAME=NUMBER with NAME one of {', '.join(names)}")
        value = value.strip()
        if not (value.isascii() and value.isdigit()) or len(value) > 9:
            raise ValueError(f"{name}: {value[:20]!r} is not a whole number from 0 to 999999999")
        setattr(limits, name, int(value))
    return limits


class LimitError(Exception):
    """A request over a limit: ``status`` and a message for the client."""

    def __init__(self, message: str, status: int = 429) -> None:
        super().__init__(message)
        self.status = status


def rss_mb() -> float | None:
    """The process's resident memory in MB (None where the system does not say)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20
    except (OSError, ValueError, IndexError, AttributeError):
        return None


class Quota:
    """Counts what each client holds now and refuses past the :class:`Limits`."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.streams: Counter[str] = Counter()
        self.searching: Counter[str] = Counter()
        self._running: asyncio.Semaphore | None = None  # made in the server's event loop
        self._waiting = 0
        self._active = 0

    # -- new games ----------------------------------------------------------------------------
    def check_new_game(self, client: str, unfinished_by_client: int, unfinished: int) -> None:
        lim = self.limits
        if unfinished_by_client >= lim.tables_per_client:
            raise LimitError(f"you have {unfinished_by_client} unfinished games on this server, "
                             f"its limit per player ({lim.tables_per_client}): finish or resign "
                             f"one first")
        if unfinished >= lim.tables:
            raise LimitError(f"the server holds {unfinished} unfinished games, its limit: "
                             f"try again later", 503)
        mem = rss_mb()
        if mem is not None and mem > lim.memory_mb:
            raise LimitError(f"the server is short of memory ({mem:.0f} MB in use, limit "
                             f"{lim.memory_mb} MB): try again later", 503)

    def check_plies(self, plies: int, what: str = "the game") -> None:
        if plies > self.limits.plies:
            raise LimitError(f"{what} has {plies} decisions, more than this server keeps for "
                             f"one game ({self.limits.plies})", 413)

    # -- event streams ------------------------------------------------------------------------
    def open_stream(self, client: str) -> None:
        lim = self.limits
        if self.streams[client] >= lim.streams_per_client:
            raise LimitError(f"you are watching {self.streams[client]} games at once, the limit "
                             f"per player ({lim.streams_per_client}): close some pages")
        if sum(self.streams.values()) >= lim.streams:
            raise LimitError("the server is watched by as many pages as it serves: try again "
                             "later", 503)
        self.streams[client] += 1

    def close_stream(self, client: str) -> None:
        self.streams[client] -= 1
        if self.streams[client] <= 0:
            del self.streams[client]

    # -- searches: a bounded queue --------------------------------------------------------------
    async def search(self, client: str, work: Callable[[], Awaitable[Any]]) -> Any:
        """Run ``work`` (a computer decision or a hint) when a search slot is free; refuse when
        the client already has its share running or waiting, or the queue is full."""
        lim = self.limits
        if self.searching[client] >= lim.searches_per_client:
            raise LimitError(f"the computer is already thinking for you ({self.searching[client]} "
                             f"requests, limit {lim.searches_per_client}): wait for its answer")
        if self._active >= lim.searches and self._waiting >= lim.queue:
            raise LimitError(f"the computer is busy: {self._waiting} requests are waiting, the "
                             f"queue's limit; try again in a moment")
        if self._running is None:
            self._running = asyncio.Semaphore(lim.searches)
        self.searching[client] += 1
        self._waiting += 1
        entered = False
        try:
            async with self._running:
                self._waiting -= 1
                self._active += 1
                entered = True
                return await work()
        finally:
            if entered:
                self._active -= 1
            else:
                self._waiting -= 1
            self.searching[client] -= 1
            if self.searching[client] <= 0:
                del self.searching[client]
