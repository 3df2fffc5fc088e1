"""Position keys: 64-bit Zobrist hashes of positions (the same in every process).

A position's key is the XOR of one random 64-bit value per (point, tile) on the board -- kept up
to date by :meth:`State.put` and :meth:`State.lift` as ``state.zobrist`` -- and values for the
rest of what makes two positions the same: the pile counts, the player to move, the phase, the
decisions already taken in the turn (``pending``), the scores and the variant's data: what its
``paisho_position_extra`` hook writes into positions (identity-free by the position format's
design), or, for a variant without that hook, ``state.extra``.  Not part of the key: the turn number (like chess's move counters), the outcome,
tile identities (``state.ident``, and ``extra`` entries named ``*_id``), and the history kept in
``extra["seen"]`` (the repetition record).

Values come from fixed functions (splitmix64 and BLAKE2b), never from Python's per-process
``hash``, so keys agree across processes, machines and pickles.
"""
from __future__ import annotations

from hashlib import blake2b

from .board import NCELLS

MASK64 = (1 << 64) - 1

HISTORY_EXTRA = frozenset({"seen"})
"""``state.extra`` entries that record history rather than the position (left out of keys);
entries named ``*_id`` hold tile identities and are left out too."""


def mix64(x: int) -> int:
    """splitmix64: a well-spread 64-bit value of a non-negative integer."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)


_BOARD: dict[int, int] = {}


def tile_value(i: int, tile) -> int:
    """The random 64-bit value of ``tile`` standing on point ``i``."""
    k = (tile.kind.ordinal * 2 + (tile.owner == "host")) * NCELLS + i
    z = _BOARD.get(k)
    if z is None:
        z = _BOARD[k] = mix64(k)
    return z


HOST_TO_MOVE = mix64(1 << 40)
"""XORed into a key when the host is to move."""


def _canonical(value) -> str:
    """Text that is the same for equal immutable values in every process (sets sorted)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return repr(value)
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(map(_canonical, value)) + ")"
    if isinstance(value, (frozenset, set)):
        return "{" + ",".join(sorted(map(_canonical, value))) + "}"
    if isinstance(value, dict):
        return "{" + ",".join(sorted(f"{_canonical(k)}:{_canonical(v)}"
                                     for k, v in value.items())) + "}"
    return f"{type(value).__name__}:{value!r}"


_TEXT: dict[str, int] = {}


def text_value(text: str) -> int:
    """A fixed 64-bit value of a string."""
    z = _TEXT.get(text)
    if z is None:
        if len(_TEXT) > 100_000:
            _TEXT.clear()
        z = _TEXT[text] = int.from_bytes(blake2b(text.encode(), digest_size=8).digest(), "big")
    return z


def board_key(state) -> int:
    """The board and the player to move: what repetition rules compare."""
    return state.zobrist ^ (HOST_TO_MOVE if state.to_move == "host" else 0)


def position_key(state, variant_data=None) -> int:
    """The full key of a position (see the module documentation); ``variant_data`` is what the
    variant's ``paisho_position_extra`` hook returns (None: ``state.extra`` is used)."""
    z = board_key(state)
    tv = text_value
    for name, per in state.piles.items():
        for player, pile in per.items():
            for code, n in pile.items():
                if n:
                    z ^= tv(f"pile {name} {player} {code} {n}")
    z ^= tv("phase " + state.phase)
    if state.pending:
        z ^= tv("pending " + "\x1f".join(state.pending))
    for player, score in state.scores.items():
        if score:
            z ^= tv(f"score {player} {score!r}")
    if variant_data is not None:
        return z ^ tv("variant " + _canonical(variant_data))
    for name, value in state.extra.items():
        if name not in HISTORY_EXTRA and not name.endswith("_id"):
            z ^= tv(f"extra {name} {_canonical(value)}")
    return z
