"""The web server's games on disk: one SQLite database (the standard library's ``sqlite3``).

A game is stored as data only: its variant's registered name, options and seed, the position it
started from (for a game opened from a position), the decisions played (their notation, in
order), the decisions taken back that "forward" replays, who plays each side, and the hashes of
its seat tokens.  Every change is written before the page is answered (one transaction, WAL
journal, ``synchronous=FULL``), so a crash or ``kill -9`` loses no answered move; a game is
rebuilt by replaying its decisions, never by unpickling.

Nothing here knows HTTP; :class:`Store` is safe to use from several threads.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Optional

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        TEXT PRIMARY KEY,
    variant   TEXT NOT NULL,
    options   TEXT NOT NULL,
    seed      TEXT,
    start     TEXT,
    moves     TEXT NOT NULL,
    ahead     TEXT NOT NULL,
    sides     TEXT NOT NULL,
    shown_to  TEXT,
    split     INTEGER NOT NULL,
    repairs   TEXT NOT NULL,
    seats     TEXT NOT NULL,
    client    TEXT NOT NULL,
    ply       INTEGER NOT NULL,
    finished  INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    created   REAL NOT NULL,
    updated   REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_client ON games (client, finished);
CREATE INDEX IF NOT EXISTS games_finished ON games (finished);
"""
FIELDS = ("id", "variant", "options", "seed", "start", "moves", "ahead", "sides", "shown_to",
          "split", "repairs", "seats", "client", "ply", "finished", "version", "created", "updated")


class StoreError(Exception):
    """The database could not be read or written (disk full, file locked...)."""


class Conflict(StoreError):
    """The game changed under this copy (another copy saved first): reload it."""


class Store:
    """The games of one server.  ``path`` ``":memory:"`` keeps them in memory (tests)."""

    def __init__(self, path: str | Path = ":memory:") -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                       timeout=10)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the games database {self.path}: {exc}") from None

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _run(self, sql: str, args: tuple = ()) -> tuple[list, int]:
        """The rows a statement answers and how many rows it changed."""
        try:
            with self._lock:
                cur = self._db.execute(sql, args)
                return cur.fetchall(), cur.rowcount
        except sqlite3.Error as exc:
            raise StoreError(f"the games database failed: {exc}") from None

    # -- writing --------------------------------------------------------------------------------
    def insert(self, row: dict[str, Any]) -> None:
        now = time.time()
        row = {**row, "version": 1, "created": now, "updated": now}
        values = tuple(_column(row[f]) for f in FIELDS)
        self._run(f"INSERT INTO games ({', '.join(FIELDS)}) VALUES ({', '.join('?' * len(FIELDS))})",
                  values)

    def update(self, row: dict[str, Any], version: int) -> int:
        """Write ``row`` over the stored game if it is still at ``version``; the new version.
        Raises :class:`Conflict` when another copy saved in between."""
        changing = [f for f in FIELDS if f in row and f not in ("id", "version", "created", "updated")]
        sets = ", ".join(f"{f} = ?" for f in changing)
        args = tuple(_column(row[f]) for f in changing) + (time.time(), row["id"], version)
        _, changed = self._run(f"UPDATE games SET {sets}, version = version + 1, updated = ? "
                               f"WHERE id = ? AND version = ?", args)
        if changed != 1:
            raise Conflict("the game was changed elsewhere: reload it")
        return version + 1

    # -- reading --------------------------------------------------------------------------------
    def get(self, key: str) -> Optional[dict[str, Any]]:
        rows, _ = self._run(f"SELECT {', '.join(FIELDS)} FROM games WHERE id = ?", (key,))
        if not rows:
            return None
        row = dict(zip(FIELDS, rows[0]))
        for f in ("options", "start", "moves", "ahead", "sides", "repairs", "seats"):
            if row[f] is not None:
                row[f] = json.loads(row[f])
        return row

    def unfinished(self, client: Optional[str] = None) -> int:
        """How many unfinished games there are (created by ``client``, or all)."""
        if client is None:
            rows, _ = self._run("SELECT COUNT(*) FROM games WHERE finished = 0")
        else:
            rows, _ = self._run("SELECT COUNT(*) FROM games WHERE client = ? AND finished = 0",
                                (client,))
        return int(rows[0][0])


def _column(value: Any) -> Any:
    """A value as stored: lists and dicts as JSON text."""
    if isinstance(value, (dict, list)):
        return json.dumps(value, separators=(",", ":"))
    if isinstance(value, bool):
        return int(value)
    return value
