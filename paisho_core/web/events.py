"""Telling the pages watching a game that it changed (server-sent events): each open stream
waits on an :class:`asyncio.Event`; a change to the game sets every one of them."""
from __future__ import annotations

import asyncio


class Hub:
    """The open streams, by game id (used from the event loop only)."""

    def __init__(self) -> None:
        self._streams: dict[str, set[asyncio.Event]] = {}

    def subscribe(self, key: str) -> asyncio.Event:
        event = asyncio.Event()
        self._streams.setdefault(key, set()).add(event)
        return event

    def unsubscribe(self, key: str, event: asyncio.Event) -> None:
        found = self._streams.get(key)
        if found is not None:
            found.discard(event)
            if not found:
                del self._streams[key]

    def notify(self, key: str) -> None:
        for event in self._streams.get(key, ()):
            event.set()

    def watching(self, key: str) -> int:
        return len(self._streams.get(key, ()))
