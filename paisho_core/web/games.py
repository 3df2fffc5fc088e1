"""The server's games: tables in memory backed by the :class:`~.store.Store`, and their seats.

Every game lives in the store; memory holds the most recently used ones (a bounded cache: a
game dropped from it is rebuilt from the store when next asked for, so dropping loses nothing).
A table becomes a stored row (:func:`to_row`) and a row a table (:func:`from_row`) by replaying
the decisions, as data.

Seats: each player of a game has a secret token (``secrets.token_urlsafe``); the store keeps
only its SHA-256.  A client holds the seats whose tokens it presents (cookie or header), plays
only for those, and sees what those players may see; a client holding none is a spectator.
"""
from __future__ import annotations

import hashlib
import json
import secrets
import threading
from collections import OrderedDict
from typing import Iterable, Optional

from .. import from_position, get_variant, new_game
from .store import Store
from .table import PLAYERS, Table


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


class NoSuchGame(LookupError):
    pass


class Games:
    """The games of one server: ``add`` a new table, ``get`` one by id, ``save`` after a change."""

    def __init__(self, store: Store, cached: int = 256) -> None:
        self.store = store
        self.cached = cached
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()
        self._loading: dict[str, threading.Lock] = {}

    def add(self, table: Table, client: str, start: Optional[dict] = None) -> dict[str, str]:
        """Store a new table; its id is ``table.key``.  Returns each player's seat token (the
        only time a token is known: the store keeps hashes)."""
        tokens = {p: new_token() for p in PLAYERS}
        table.key = secrets.token_urlsafe(9)
        table.seat_hashes = {p: token_hash(t) for p, t in tokens.items()}
        table.start = start
        row = to_row(table)
        row["client"] = client
        self.store.insert(row)
        table.version = 1
        self._remember(table)
        return tokens

    def get(self, key: str) -> Table:
        with self._lock:
            table = self._cache.get(key)
            if table is not None:
                self._cache.move_to_end(key)
                return table
            loading = self._loading.setdefault(key, threading.Lock())
        with loading:  # one copy per game: a second asker waits for the first rebuild
            with self._lock:
                table = self._cache.get(key)
            if table is None:
                row = self.store.get(key) if isinstance(key, str) and len(key) <= 40 else None
                if row is None:
                    with self._lock:
                        self._loading.pop(key, None)
                    raise NoSuchGame(key)
                table = from_row(row)
                self._remember(table)
        with self._lock:
            self._loading.pop(key, None)
        return table

    def save(self, table: Table) -> None:
        """Write the table's change (call with ``table.lock`` held).  On a failure the copy in
        memory is dropped, so the game is read back as last stored."""
        try:
            table.version = self.store.update(to_row(table), table.version)
        except Exception:
            self.forget(table.key)
            raise

    def forget(self, key: str) -> None:
        with self._lock:
            self._cache.pop(key, None)

    def in_memory(self) -> int:
        return len(self._cache)

    def _remember(self, table: Table) -> None:
        with self._lock:
            self._cache[table.key] = table
            self._cache.move_to_end(table.key)
            while len(self._cache) > self.cached:
                self._cache.popitem(last=False)


# -- seats ---------------------------------------------------------------------------------------

def seats_of(table: Table, tokens: Iterable[str]) -> frozenset[str]:
    """The players whose seat tokens are among ``tokens``."""
    hashes = {token_hash(t) for t in tokens if t}
    return frozenset(p for p, h in table.seat_hashes.items() if h in hashes)


def controls(table: Table, seats: frozenset[str]) -> bool:
    """Does a client holding ``seats`` hold every seat a person plays (and at least one)?  Such a
    client may take back, step through the game and change the sides, as at one screen."""
    return bool(seats) and all(p in seats for p in table.humans) and (
        not table.split or seats == frozenset(PLAYERS))


class SeatView:
    """The table as one seat (or a spectator, ``seat=None``) sees it: the interface
    :func:`~.view.table_view` reads, with no hand-over and decisions for that seat only."""

    hotseat = False

    def __init__(self, table: Table, seat: Optional[str]) -> None:
        self._table = table
        self.seat = seat
        self.game = table.game
        self.ahead = table.ahead
        self.sides = table.sides
        self.repairs = table.repairs
        self.from_position = table.from_position

    @property
    def humans(self):
        return self._table.humans

    def __getattr__(self, name: str):
        # anything else the view reads (added by the page's features) is the table's own
        return getattr(self._table, name)

    def viewer(self) -> Optional[str]:
        return self.seat

    def needs_handover(self) -> bool:
        return False

    def human_to_move(self) -> bool:
        return self.seat is not None and self.game.to_move == self.seat and self._table.human_to_move()

    def computer_to_move(self) -> bool:
        return self._table.computer_to_move()


# -- tables as stored rows -----------------------------------------------------------------------

def decisions(game) -> list[str]:
    """The decisions played, as replayable text (a resignation names who resigned)."""
    return [f"resign:{m.aux}" if m.action == "_resign" else m.text for m in game.moves]


def to_row(table: Table) -> dict:
    game = table.game
    return {
        "id": table.key, "variant": game.name, "options": dict(game.options),
        "seed": json.dumps(game.seed), "start": table.start, "moves": decisions(game),
        "ahead": [m.text for m in table.ahead], "sides": dict(table.sides),
        "shown_to": table.shown_to, "split": table.split, "repairs": list(table.repairs),
        "seats": dict(table.seat_hashes), "ply": game.ply,
        "finished": game.outcome is not None,
    }


def replay(game, texts: list[str]) -> None:
    """Play stored decisions (chance draws included, as stored) on ``game``."""
    auto, game.auto_chance = game.auto_chance, False
    try:
        for text in texts:
            if text.startswith("resign:"):
                game.resign(text[len("resign:"):])
            else:
                game.play(text)
    finally:
        game.auto_chance = auto


def from_row(row: dict) -> Table:
    seed = json.loads(row["seed"]) if row["seed"] is not None else None
    if row["start"] is not None:
        game = from_position(row["start"], source="a stored game")
    else:
        game = new_game(get_variant(row["variant"]), options=row["options"], seed=seed,
                        auto_chance=False)
    replay(game, row["moves"])
    game.auto_chance = True
    table = Table(game, row["sides"], seed=seed, split=bool(row["split"]))
    table.key = row["id"]
    table.version = row["version"]
    table.seat_hashes = row["seats"]
    table.start = row["start"]
    table.repairs = list(row["repairs"])
    table.from_position = row["start"] is not None
    table.shown_to = row["shown_to"]
    ahead = game.copy()
    try:  # the decisions "forward" replays: kept as far as they still replay
        replay(ahead, row["ahead"])
    except Exception:
        pass
    table.ahead = ahead.moves[game.ply:]
    return table
