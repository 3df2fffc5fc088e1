"""Game state, moves, outcomes and the :class:`Game` object of the Python API (spec section 6)."""
from __future__ import annotations

import random
from array import array
from dataclasses import dataclass
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, cast

from . import board
from .board import BIT, BIT_T
from .errors import IllegalMoveError, NotationError, PaishoError
from .notation import normalise_decision
from .outcome import Outcome
from .position import to_position
from .tiles import PLAYER_CODE, PLAYERS, Tile
from .zobrist import position_key, tile_value

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    from .variant import Variant


class Move:
    """One decision.  ``str(move)`` is its notation for the pending decision.

    ``action`` names what kind of decision it is (variant words: "plant", "arrange", "bonus"...);
    ``tile``, ``src``, ``dst`` (grid indices, -1 when unused) and ``aux`` carry its content.
    ``implicit`` marks a move a record leaves unwritten (declining an optional bonus).
    """

    __slots__ = ("action", "text", "tile", "src", "dst", "aux", "implicit")

    def __init__(self, action: str, text: str, tile: str | None = None, src: int = -1,
                 dst: int = -1, aux: Any = None, implicit: bool = False) -> None:
        self.action = action
        self.text = text
        self.tile = tile
        self.src = src
        self.dst = dst
        self.aux = aux
        self.implicit = implicit

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<Move {self.action} {self.text}>"

    @property
    def from_point(self) -> tuple[int, int] | None:
        """The point ``(x, y)`` the move takes a tile from, or None (a plant, an accent choice)."""
        return _point_of(self.src)

    @property
    def to_point(self) -> tuple[int, int] | None:
        """The point ``(x, y)`` the move puts a tile on, or None when it puts none."""
        return _point_of(self.dst)


    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.text == other.text and self.action == other.action
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


def _point_of(i: object) -> tuple[int, int] | None:
    if isinstance(i, int) and 0 <= i < board.NCELLS and board.PLAYABLE >> i & 1:
        return board.coords(i)
    return None


Point = tuple[int, int]
"""A point of the board as ``(x, y)``, both from -8 to 8 (see docs/formats/board.md)."""


@dataclass(frozen=True)
class Harmony:
    """A harmony between the tiles on points ``a`` and ``b`` ((x, y) pairs), owned by ``owner``.

    ``owners`` holds every owner when a variant lets a harmony belong to both players.
    """

    a: tuple[int, int]
    b: tuple[int, int]
    owner: str
    crosses_midline: bool = False
    owners: tuple[str, ...] = ()

    def __str__(self) -> str:
        mark = " [midline-crossing]" if self.crosses_midline else ""
        return f"{PLAYER_CODE[self.owner]} ({self.a[0]},{self.a[1]})~({self.b[0]},{self.b[1]}){mark}"


_NO_IDENTS = bytes(2 * board.NCELLS)
_CLEAR = [~bit for bit in BIT]  # every point but one, in both layouts
_CLEAR_T = [~bit for bit in BIT_T]
_SHORT_IDENT = 0x7FFF  # identities fit 2 bytes a point until a game hands out more than this


class State:
    """A position: the board, the piles, whose decision is pending, and variant data.

    ``board`` maps grid index to :class:`Tile` or None.  ``occupied`` and ``occupied_t`` are the
    occupied points in row- and column-major bitset layout; ``owned`` holds each player's points.
    ``piles[name][player]`` is a code -> count dict (reserve, library, hand, draw pile...); change
    piles through :meth:`pile`, :meth:`take` and :meth:`give` (a game's history shares unchanged
    piles between positions).  ``extra`` holds variant data whose values must be immutable (they
    are shared by copies).  ``ident`` gives each tile on the board an identity that follows it
    when it moves, so rules about "the same two tiles" (a harmony kept versus a new one) can be
    told apart.  ``zobrist`` is a 64-bit hash of the board kept up to date by :meth:`put` and
    :meth:`lift` (see :attr:`Game.key`).  ``tile_masks`` maps each tile (kind and owner) that
    has stood on the board to the bitset of the points it stands on now (0 once none is left),
    also kept by :meth:`put` and :meth:`lift`: a variant reads its tiles by kind without a pass
    over the board.

    A game changes its one State in place and keeps an undo record per decision (the board
    changes logged by :meth:`put` and :meth:`lift`, plus the small fields); :meth:`copy` gives
    an independent state.
    """

    __slots__ = ("board", "ident", "next_ident", "occupied", "occupied_t", "owned", "piles",
                 "to_move", "phase", "turn", "extra", "outcome", "scores", "pending", "zobrist",
                 "tile_masks", "_log", "_fresh")

    def __init__(self) -> None:
        self.board: list[Tile | None] = [None] * board.NCELLS
        self.ident = array("h", _NO_IDENTS)  # 2 bytes a point (4 once identities outgrow them)
        self.next_ident = 1
        self.occupied = 0
        self.occupied_t = 0
        self.owned = {p: 0 for p in PLAYERS}
        self.piles: dict[str, dict[str, dict[str, int]]] = {}
        self.to_move = "guest"
        self.phase = "turn"
        self.turn = 1
        self.extra: dict[str, Any] = {}
        self.outcome: Outcome | None = None
        self.scores: dict[str, float] = {}
        self.pending: tuple = ()
        self.zobrist = 0
        self.tile_masks: dict[Tile, int] = {}
        self._log: list | None = None  # board changes since the last undo record began
        self._fresh: set | None = None  # None: piles private; else the parts copied since

    def copy(self) -> "State":
        """An independent copy (nothing mutable shared)."""
        s = State.__new__(State)
        s.board = self.board.copy()
        s.ident = self.ident[:]
        s.next_ident = self.next_ident
        s.occupied = self.occupied
        s.occupied_t = self.occupied_t
        s.owned = self.owned.copy()
        s.piles = {name: {p: c.copy() for p, c in per.items()} for name, per in self.piles.items()}
        s.to_move = self.to_move
        s.phase = self.phase
        s.turn = self.turn
        s.extra = self.extra.copy()
        s.outcome = self.outcome
        s.scores = self.scores.copy()
        s.pending = self.pending
        s.zobrist = self.zobrist
        s.tile_masks = self.tile_masks.copy()
        s._log = None
        s._fresh = None
        return s

    def same_as(self, other: "State") -> bool:
        """Every field equal (tiles by identity, which interning makes equality); identities
        are compared on occupied points only (an empty point's slot means nothing)."""
        if not all(getattr(self, f) == getattr(other, f) for f in _COMPARED):
            return False
        if self.placed_masks() != other.placed_masks():
            return False
        a, b = self.ident, other.ident
        return all(a[i] == b[i] for i in board.bits(self.occupied))

    def placed_masks(self) -> dict[Tile, int]:
        """The non-empty entries of :attr:`tile_masks` (what comparing two states looks at)."""
        return {tile: m for tile, m in self.tile_masks.items() if m}

    # -- undo records ----------------------------------------------------------------------------
    def _begin(self) -> tuple:
        """Start an undo record: the small fields now, and a fresh log of board changes."""
        log: list = []
        self._log = log
        self._fresh = set()  # the piles dicts now belong to the record: copy before writing
        return (log, self.next_ident, self.occupied, self.occupied_t, self.owned.copy(),
                self.piles, self.to_move, self.phase, self.turn, self.extra.copy(), self.outcome,
                self.scores.copy(), self.pending, self.zobrist)

    def _end(self) -> None:
        self._log = None

    def _restore(self, record: tuple) -> None:
        """Go back to the moment ``record`` began (records may be shared by game copies, so
        nothing mutable is taken over from them)."""
        (log, self.next_ident, self.occupied, self.occupied_t, owned, self.piles, self.to_move,
         self.phase, self.turn, extra, self.outcome, scores, self.pending, self.zobrist) = record
        b, ident, masks = self.board, self.ident, self.tile_masks
        for k in range(len(log) - 3, -1, -3):
            i = log[k]
            now, then = b[i], log[k + 1]
            if now is not None:
                masks[now] &= _CLEAR[i]
            if then is not None:
                masks[then] = masks.get(then, 0) | BIT[i]
            b[i] = then
            ident[i] = log[k + 2]
        self.owned = owned.copy()
        self.extra = extra.copy()
        self.scores = scores.copy()
        self._log = None
        self._fresh = set()

    # -- board changes -------------------------------------------------------------------------
    def put(self, i: int, tile: Tile, ident: int = 0) -> None:
        """Place ``tile`` on the empty point ``i``; ``ident`` keeps a moving tile's identity
        (0 gives the tile a new one)."""
        log = self._log
        if log is not None:
            log += (i, self.board[i], self.ident[i])
        self.board[i] = tile
        if not ident:
            ident = self.next_ident
            self.next_ident += 1
            if ident > _SHORT_IDENT and self.ident.typecode == "h":
                self.ident = array("i", self.ident)
        self.ident[i] = ident
        bit = BIT[i]
        self.occupied |= bit
        self.occupied_t |= BIT_T[i]
        self.owned[tile.owner] |= bit
        masks = self.tile_masks
        masks[tile] = masks.get(tile, 0) | bit
        self.zobrist ^= tile_value(i, tile)

    def lift(self, i: int) -> Tile:
        """Remove and return the tile on point ``i`` (which must hold one)."""
        tile = self.board[i]
        assert tile is not None, f"no tile on {board.LABEL[i]} to lift"
        log = self._log
        if log is not None:
            log += (i, tile, self.ident[i])
        self.board[i] = None
        bit = _CLEAR[i]
        self.occupied &= bit
        self.occupied_t &= _CLEAR_T[i]
        self.owned[tile.owner] &= bit
        self.tile_masks[tile] &= bit
        self.zobrist ^= tile_value(i, tile)
        return tile

    def relocate(self, src: int, dst: int) -> None:
        """Move the tile on ``src`` to the empty point ``dst``, keeping its identity (what
        :meth:`lift` then :meth:`put` do, in one go)."""
        b, idents = self.board, self.ident
        tile = b[src]
        ident = idents[src]
        if tile is None or src == dst or b[dst] is not None:  # not a plain move: step by step
            self.put(dst, self.lift(src), ident)
            return
        log = self._log
        if log is not None:
            log += (src, tile, ident, dst, b[dst], idents[dst])
        b[src] = None
        b[dst] = tile
        idents[dst] = ident
        clear, bit = _CLEAR[src], BIT[dst]
        self.occupied = self.occupied & clear | bit
        self.occupied_t = self.occupied_t & _CLEAR_T[src] | BIT_T[dst]
        owned = self.owned
        owned[tile.owner] = owned[tile.owner] & clear | bit
        masks = self.tile_masks
        masks[tile] = masks[tile] & clear | bit
        self.zobrist ^= tile_value(src, tile) ^ tile_value(dst, tile)

    def next_turn(self, first: str = "guest") -> None:
        """Hand the move to the other player; a turn number covers ``first``'s turn and then
        the other player's."""
        if self.to_move == first:
            self.to_move = "host" if first == "guest" else "guest"
        else:
            self.to_move = first
            self.turn += 1

    # -- piles ---------------------------------------------------------------------------------
    def pile(self, name: str, player: str) -> dict[str, int]:
        """The code -> count dict of one pile, created empty if missing; the caller may change
        it (a pile still shared with the game's history is copied first)."""
        fresh = self._fresh
        if fresh is None:
            return self.piles.setdefault(name, {}).setdefault(player, {})
        key = (name, player)
        if key in fresh:
            return self.piles[name][player]
        if not fresh:
            self.piles = dict(self.piles)
            fresh.add(None)
        per = self.piles.get(name)
        if per is None or name not in fresh:
            self.piles[name] = per = {} if per is None else dict(per)
            fresh.add(name)
        got = per.get(player)
        per[player] = got = {} if got is None else dict(got)
        fresh.add(key)
        return got

    def take(self, name: str, player: str, code: str) -> None:
        pile = self.pile(name, player)
        n = pile.get(code, 0)
        if n <= 0:
            raise IllegalMoveError(f"{player} has no {code} in their {name}")
        if n == 1:
            del pile[code]
        else:
            pile[code] = n - 1

    def give(self, name: str, player: str, code: str, n: int = 1) -> None:
        pile = self.pile(name, player)
        pile[code] = pile.get(code, 0) + n

    def count(self, name: str, player: str, codes: Collection[str] | None = None) -> int:
        pile = self.piles.get(name, {}).get(player, {})
        if codes is None:
            return sum(pile.values())
        return sum(n for c, n in pile.items() if c in codes)

    def tiles(self, player: str | None = None) -> list[tuple[int, Tile]]:
        """(point, tile) pairs on the board, in grid order."""
        mask = self.occupied if player is None else self.owned[player]
        b = self.board
        return cast("list[tuple[int, Tile]]", [(i, b[i]) for i in board.bits(mask)])


_COMPARED = ("board", "next_ident", "occupied", "occupied_t", "owned", "piles",
             "to_move", "phase", "turn", "extra", "outcome", "scores", "pending", "zobrist")

class Game:
    """One game of a variant: the state, the history for undo, and the variant's resolved rules.

    Create games with :func:`paisho_core.new_game`, :func:`paisho_core.load_record` or
    :func:`paisho_core.from_position`.
    """

    _probed = 0
    """Set when :meth:`has_legal_move` answered at this position (``_PROBED_EARLY`` by the
    early exit, ``_PROBED_LIST`` by building the list), cleared once the list is asked for."""
    _list_follows = 0
    """Whether recent end checks were followed by the whole list (> 0) or not (<= 0)."""

    def __init__(self, variant: Variant, options: dict[str, Any], seed: int | str | None = None,
                 auto_chance: bool = True) -> None:
        self.variant = variant
        self.options = options
        self.seed = seed
        self.rules = variant.rules
        self.tileset = variant.tileset
        self.state = State()
        self.auto_chance = auto_chance
        self._history: list[tuple[tuple, Move, tuple[int, str], bool]] = []
        """(undo record, move, (turn, player), drawn by the game itself) per decision."""
        self._legal_before: list = []  # the legal lists of the last few decisions, for undo
        self._legal: list[Move] | None = None
        self._legal_index: dict[str, Move] | None = None
        self._last_index: tuple[list[Move] | None, dict[str, Move]] | None = None
        """The last legal list indexed by notation and its index: undo brings a list back (the
        same object, never mutated), and its index with it (a player trying moves by their
        notation plays one after each undo)."""
        self.cache: dict[str, Any] = {}
        """Per-state memo for hooks (cleared on every change)."""
        self.used_chance = False
        self.tags: dict[str, str] = {}
        self.repairs: list[Any] = []
        """What a tolerant record reader repaired to replay the record (``record.Repair``)."""
        self.ignored_options: list[str] = []
        """Options a record carried only for another program's drawing, dropped with a note."""

    # -- queries -------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.variant.name

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def to_move(self) -> str:
        return self.state.to_move

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def ply(self) -> int:
        """Number of decisions played so far."""
        return len(self._history)

    @property
    def moves(self) -> list[Move]:
        """The decisions played so far, oldest first."""
        return [h[1] for h in self._history]

    @property
    def keeps_seed(self) -> bool:
        """Records and positions carry the seed when chance was or can be involved."""
        return self.seed is not None and (
            self.used_chance or bool(self.variant.pm.hook.paisho_chance_outcomes.get_hookimpls()))

    def legal_moves(self) -> list[Move]:
        """The decisions legal now (none once the game is over)."""
        if self.state.outcome is not None:
            return []
        if self._legal is None:
            if self._probed:  # the end check's early exit was not enough: count it
                self._probed = 0
                if self._list_follows < _FOLLOW_LIMIT:
                    self._list_follows += 1
            self._legal = list(self.rules.legal_moves(self))
            self._legal_index = None
        elif self._probed:  # the list the end check built is used
            self._probed = 0
        return list(self._legal)  # a fresh list: callers may sort or shuffle it

    @property
    def key(self) -> int:
        """A 64-bit hash of the position (Zobrist): equal positions have equal keys, whatever
        the moves that led to them; different ones differ (but for a 2**-64 chance).  It covers
        the board, the piles, the player to move, the phase, the decisions taken in the turn so
        far, the scores and the variant's data as positions write it, not the turn number or the
        history (see :mod:`paisho_core.zobrist`).  The board part is kept up to date move by move."""
        cache = self.cache
        z = cache.get(_KEY)
        if z is None:
            z = cache[_KEY] = position_key(self.state, self.rules.position_extra(self))
        return z

    def has_legal_move(self) -> bool:
        """Is there at least one legal decision now?  Uses the cached list when there is one,
        else the variant's early-exit hook ``paisho_has_legal_move``, else the full list.

        The end check asks this after every decision.  When the whole list is then asked for
        at the same position anyway (random playouts, players that look at every position), the
        list is built at once and kept, so each position's moves are generated once; when it
        mostly is not (a search evaluating leaves), the early exit is used.  Which of the two
        the recent positions needed decides; the answer is the same either way."""
        if self.state.outcome is not None:
            return False
        if self._legal is not None:
            return bool(self._legal)
        if self._list_follows <= 0:
            found = self.rules.has_legal_move(self)
            if found is not None:
                self._probed = _PROBED_EARLY
                return bool(found)
        else:
            self._probed = _PROBED_LIST
        self._legal = list(self.rules.legal_moves(self))
        self._legal_index = None
        return bool(self._legal)

    def _index(self) -> dict[str, Move]:
        if self.state.outcome is not None:
            return {}
        if self._legal_index is None:
            moves = self.legal_moves()
            kept = self._last_index
            if kept is not None and kept[0] is self._legal:
                self._legal_index = kept[1]
            else:
                self._legal_index = {m.text: m for m in moves}
                self._last_index = (self._legal, self._legal_index)
        return self._legal_index

    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        """``[(move, probability)]`` if the pending decision is a chance step, else None."""
        if self.state.outcome is not None:
            return None
        return self.rules.chance_outcomes(self)

    def is_chance(self) -> bool:
        return self.chance_outcomes() is not None

    def harmonies(self) -> list[Harmony]:
        """Current harmonies (empty for a variant without them)."""
        return list(self.rules.harmonies(self) or [])

    def flags(self) -> dict[str, int]:
        return self.rules.tile_flags(self) or {}

    def status(self) -> list[tuple[str, str]]:
        return list(self.rules.status(self) or [])

    # -- changes -------------------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Play one decision (a Move or its notation), or a whole turn written ``<n><P>.<body>``.

        Raises IllegalMoveError, leaving the game unchanged, if it is not legal.
        """
        if self.state.outcome is not None:
            raise IllegalMoveError(f"the game is over ({self.state.outcome.reason})")
        if isinstance(move, Move):
            legal = self._legal
            if legal is None or self._probed:
                self.legal_moves()  # builds the list, or marks the end check's list as used
                legal = self._legal or []
            if any(map(is_, legal, repeat(move))):  # a move of the cached list: no text lookup
                return self._push(move)
            found = self._index().get(move.text)
            if found is None or found.action != move.action:
                raise self._refuse(move.text)
            return self._push(found)
        text = str(move).strip()
        if text == "resign":  # resigning is never a board decision, in any variant
            self.resign()
            return self._history[-1][1]
        found = self._index().get(text)
        if found is not None:
            return self._push(found)
        from .notation import split_turn_token, normalise_decision

        token = split_turn_token(text)
        if token is not None:
            number, player, body = token
            self.play_turn(number, player, body)
            return self._history[-1][1]
        alt = normalise_decision(text)
        found = self._index().get(alt)
        if found is not None:
            return self._push(found)
        # a turn body without its <n><P>. prefix, or a decision in another accepted spelling
        try:
            decisions = self.rules.parse_turn(self, alt)
        except (PaishoError, ValueError):
            decisions = None
        if decisions and (len(decisions) > 1 or decisions[0] != alt):
            self.play_turn(None, None, alt)
            return self._history[-1][1]
        raise self._refuse(text)

    def _refuse(self, text: str) -> PaishoError:
        """The error for a refused decision: a notation error saying what was expected, or an
        illegal move saying why when the rules can tell (:mod:`paisho_core.explain`)."""
        from .explain import refusal

        return refusal(self, text)

    def play_turn(self, number: int | None, player: str | None, body: str, finish: bool = True) -> None:
        """Play every decision of one recorded turn, atomically (all or nothing).

        ``finish=False`` leaves a turn the text stops in the middle of (a record of a game saved
        mid-turn) open instead of completing it with implicit moves."""
        st = self.state
        if player is not None and player != st.to_move:
            raise IllegalMoveError(f"it is {st.to_move}'s turn, not {player}'s")
        if number is not None and number != st.turn:
            raise IllegalMoveError(f"expected turn {st.turn}, got {number}")
        if body.strip() == "resign":  # older records wrote a resignation as a turn
            self.resign(st.to_move)
            return
        depth = len(self._history)
        turn_key = (st.turn, st.to_move)
        auto, self.auto_chance = self.auto_chance, False  # the turn text carries its chance outcomes
        try:
            for text in self.rules.parse_turn(self, body):
                if self.state.outcome is not None:
                    raise IllegalMoveError(f"the game ended before {text!r}")
                found = self._index().get(text)
                if found is None:
                    raise self._refuse(text)
                self._push(found, auto=False)
            if finish:
                self._finish_turn(turn_key)
        except (PaishoError, ValueError) as exc:
            while len(self._history) > depth:
                self._pop()
            if isinstance(exc, PaishoError):
                raise
            raise NotationError(str(exc)) from None
        finally:
            self.auto_chance = auto

    def _finish_turn(self, turn_key) -> None:
        """Play implicit moves (e.g. declining a bonus) until the turn has passed.  A chance step
        the text leaves open is drawn by the game when it draws for itself."""
        while self.state.outcome is None and (self.state.turn, self.state.to_move) == turn_key:
            outcomes = self.chance_outcomes()
            if outcomes:
                raise IllegalMoveError("the turn text does not say which tile was drawn")
            implicit = [m for m in self.legal_moves() if m.implicit]
            if not implicit:
                raise IllegalMoveError(
                    f"turn incomplete: {self.state.phase} decision still pending "
                    f"({', '.join(str(m) for m in self.legal_moves()[:6])})")
            self._push(implicit[0], auto=False)

    def _push(self, move: Move, auto: bool = False) -> Move:
        st = self.state
        key = (st.turn, st.to_move)
        pending = st.pending
        legal_before = self._legal
        record = st._begin()
        try:
            self.rules.apply(self, move)
            if st.outcome is None and (st.turn, st.to_move) == key:
                st.pending = pending + (move.text,)
            else:
                st.pending = ()
            self._changed()
            st.outcome = st.outcome or self.rules.check_end(self)
        except BaseException:
            st._restore(record)
            self._changed()
            raise
        finally:
            st._end()
        self._remember(record, move, key, auto, legal_before)
        if self.auto_chance and self.state.outcome is None:
            outcomes = self.rules.chance_outcomes(self)
            if outcomes:
                self._probed = 0  # a drawn outcome needs no list: it says nothing either way
                self._push(self.sample_chance(outcomes), auto=True)
        return move

    def resign(self, player: str | None = None) -> None:
        """``player`` (default: the one to move) gives up; the opponent wins.  Undo takes it
        back; records write it as the Result and Termination tags."""
        if self.state.outcome is not None:
            raise IllegalMoveError(f"the game is over ({self.state.outcome.reason})")
        player = player or self.state.to_move
        if player not in ("host", "guest"):
            raise IllegalMoveError(f"no player {player!r} (host or guest)")
        winner = "guest" if player == "host" else "host"
        st = self.state
        key = (st.turn, st.to_move)
        legal_before = self._legal
        record = st._begin()
        st._end()
        st.outcome = Outcome(winner, f"{player} resigned", {"resigned": player})
        self._remember(record, Move("_resign", "resign", aux=player), key, False, legal_before)
        self._changed()

    KEEP_LEGAL = 4
    """Undo restores the legal-move lists of this many latest decisions; older ones are
    generated again when asked for (history memory stays small)."""

    def _remember(self, record, move, key, auto, legal_before) -> None:
        self._history.append((record, move, key, auto))
        kept = self._legal_before
        kept.append(legal_before)
        if len(kept) > self.KEEP_LEGAL:
            kept[-self.KEEP_LEGAL - 1] = None

    def draw_chance(self) -> None:
        """Draw the pending chance steps with the game's own seeded draws (what every decision
        is followed by when ``auto_chance`` is on; :func:`paisho_core.new_game` calls it for a
        game whose first decision is a chance step).  Undo takes them back with the decision
        before them, or alone when none is before them."""
        outcomes = self.chance_outcomes() if self.state.outcome is None else None
        if outcomes:
            self._push(self.sample_chance(outcomes), auto=True)

    def sample_chance(self, outcomes: list[tuple[Move, float]] | None = None) -> Move:
        """Draw a chance outcome with a generator seeded by (seed, ply): reproducible, undo-safe."""
        outcomes = outcomes or self.chance_outcomes()
        if not outcomes:
            raise IllegalMoveError("sample_chance: the pending decision is not a chance step")
        self.used_chance = True
        rng = random.Random(f"{self.seed}:{len(self._history)}")
        moves = [m for m, _ in outcomes]
        weights = [w for _, w in outcomes]
        return rng.choices(moves, weights)[0]

    def _pop(self) -> Move:
        record, move, _key, _auto = self._history.pop()
        legal = self._legal_before.pop()
        self.state._restore(record)
        self._changed()
        self._legal = legal
        return move

    def _changed(self) -> None:
        if self._probed:  # the position the end check answered for was left without its list
            self._probed = 0
            if self._list_follows > -_FOLLOW_LIMIT:
                self._list_follows -= 1
        self._legal = None
        self._legal_index = None
        self.cache.clear()

    def undo(self) -> Move:
        """Take back the last decision (with any chance step the game drew itself after it)."""
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        while len(self._history) > 1 and self._history[-1][3]:  # (a first draw is taken back too)
            self._pop()
        return self._pop()

    @property
    def start(self) -> State:
        """The position before the first decision (a copy, rebuilt by undoing the history)."""
        st = self.state.copy()
        for record, *_ in reversed(self._history):
            st._restore(record)
        return st

    @property
    def rng(self) -> random.Random:
        """A generator for setup chance (shuffles), seeded by the game's seed."""
        self.used_chance = True
        return random.Random(f"{self.seed}:setup")

    # -- records and positions -----------------------------------------------------------------
    def turns(self) -> list[tuple[int, str, list[Move]]]:
        """Decisions grouped into whole turns: (number, player, moves)."""
        out: list[tuple[int, str, list[Move]]] = []
        for _record, move, key, _auto in self._history:
            if move.action == "_resign":
                continue  # written as the Result and Termination tags
            if out and (out[-1][0], out[-1][1]) == key:
                out[-1][2].append(move)
            else:
                out.append((key[0], key[1], [move]))
        return out

    def record(self, tags: dict | None = None, *, shared: bool = False) -> str:
        """The game's record (docs/formats/records.md).  ``shared=True`` is the record as it may
        be sent to a player or a spectator: while the game is under way it carries no seed when
        chance is still to come (the seed replays hidden hands and every future draw) and writes
        each turn as the variant shows it to everyone (``paisho_public_turn``: a secret choice
        left blank), with a ``Withheld`` tag saying what was left out; once the game is over it
        is the full record."""
        from .record import write_record

        return write_record(self, tags, shared=shared and self.state.outcome is None)

    @property
    def withholds_seed(self) -> bool:
        """Does what is shared of this game leave the seed out?  True while the game is under
        way and its variant deals by chance: the seed would tell hidden hands and future draws."""
        return self.state.outcome is None and bool(
            self.variant.pm.hook.paisho_chance_outcomes.get_hookimpls())

    def position(self) -> dict:
        """The current position as a JSON-ready dict (see docs/formats/positions.md)."""
        return to_position(self)

    def observation(self, player: str) -> dict:
        """The position as ``player`` sees it: hidden information removed by the variant, and no
        seed while chance is still to come (see :attr:`withholds_seed`)."""
        view = self.rules.observation(self, player)
        view = view if view is not None else self.position()
        if self.withholds_seed and "seed" in view:
            view = {k: v for k, v in view.items() if k != "seed"}  # it would tell future draws
        return view

    def _repr_svg_(self) -> str:
        """Jupyter draws a game as its board: :func:`paisho_core.drawing.svg.board` with its defaults."""
        from .drawing.svg import board as draw

        return draw(self)

    # -- python-chess-style queries ------------------------------------------------------------
    @property
    def variant_string(self) -> str:
        """The variant and its non-default options as the CLI, the engine and
        :func:`paisho_core.new_game` read them: ``"NAME:Option=true"``."""
        from .variant import variant_string

        return variant_string(self.variant, self.options)

    def __repr__(self) -> str:
        st = self.state
        if st.outcome is not None:
            result = f"{st.outcome.winner} won" if st.outcome.winner else "draw"
            where = f"over: {result} ({st.outcome.reason})"
        else:
            where = f"{st.to_move} to move ({st.phase})"
        return f"<Game {self.variant_string} turn {st.turn}, {where}>"

    def tile_at(self, point: Point | str) -> Tile | None:
        """The tile on ``point`` (``(x, y)`` or its text ``"(x,y)"``), or None if it is empty.

        ValueError if the point is not on the board."""
        if isinstance(point, str):
            from .notation import point as parse_point

            try:
                return self.state.board[parse_point(point)]
            except NotationError as exc:
                raise ValueError(str(exc)) from None
        x, y = point
        if not board.on_board(x, y):
            raise ValueError(f"({x},{y}) is not a point of the board")
        return self.state.board[board.index(x, y)]

    def tile_map(self, player: str | None = None) -> dict[Point, Tile]:
        """Every tile on the board (only ``player``'s when given) by its point ``(x, y)``."""
        return {board.coords(i): tile for i, tile in self.state.tiles(player)}

    def is_over(self) -> bool:
        """True once the game has an outcome (``game.outcome`` says who won and why)."""
        return self.state.outcome is not None

    def peek(self) -> Move:
        """The last decision played (IndexError when none has been)."""
        if not self._history:
            raise IndexError("no move has been played")
        return self._history[-1][1]

    def parse_move(self, text: str) -> Move:
        """The legal :class:`Move` that ``text`` writes for the pending decision.

        Spaces and ``_`` for ``+`` are tolerated as in :meth:`play`.  NotationError if the text
        cannot be read as a decision of this variant; IllegalMoveError if it can but is not legal
        now (the message lists some legal choices).  A whole turn is :meth:`play`'s job."""
        text = str(text).strip()
        found = self._index().get(text)
        if found is not None:
            return found
        alt = normalise_decision(text)
        found = self._index().get(alt)
        if found is not None:
            return found
        from .notation import check_points, split_turn_token

        if split_turn_token(text) is not None:
            raise NotationError(f"{text!r} is a whole turn; parse_move reads one decision "
                                "(play() takes whole turns)")
        check_points(alt)
        try:
            decisions = self.rules.parse_turn(self, alt) if self.state.outcome is None else [alt]
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        if decisions and len(decisions) == 1 and decisions[0] != alt:
            found = self._index().get(decisions[0])
            if found is not None:
                return found
        if decisions is not None and len(decisions) > 1:
            raise NotationError(f"{text!r} holds {len(decisions)} decisions; parse_move reads one "
                                "(play() takes whole turns)")
        if self.state.outcome is not None:
            raise IllegalMoveError(f"the game is over ({self.state.outcome.reason})")
        raise self._refuse(text)

    def is_legal(self, move: Move | str) -> bool:
        """True if ``move`` (a Move or one decision's notation) may be played now; never raises
        for bad text."""
        if isinstance(move, Move):
            found = self._index().get(move.text)
            return found is not None and found.action == move.action
        try:
            self.parse_move(move)
        except PaishoError:
            return False
        return True

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they stand at the same position (equal :attr:`key`) of the
        same variant and options; their histories may differ."""
        if not isinstance(other, Game):
            return NotImplemented
        if self.variant.name != other.variant.name or self.options != other.options:
            return False
        return self.key == other.key

    __hash__ = None  # type: ignore[assignment]  # mutable: equal games may change apart

    # -- pickling ------------------------------------------------------------------------------
    def __getstate__(self) -> dict:
        """A game pickles with its variant named (``variant.spec``), not its hooks; caches are
        left out and rebuilt when needed."""
        data = dict(self.__dict__)
        data["variant"] = self.variant.spec
        for name in ("rules", "tileset", "_settings", "_legal_index", "_last_index"):
            data.pop(name, None)
        data["cache"] = {}
        return data

    def __setstate__(self, data: dict) -> None:
        from .variant import variant_from_spec

        variant = variant_from_spec(*data["variant"])
        self.__dict__.update(data)
        self.variant = variant
        self.rules = variant.rules
        self.tileset = variant.tileset
        self._legal_index = None
        self._last_index = None

    def copy(self) -> "Game":
        """An independent game with the same history (cheap: undo records are shared, never
        mutated)."""
        g = Game(self.variant, self.options, self.seed, self.auto_chance)
        g.state = self.state.copy()
        g._history = list(self._history)
        g._legal_before = list(self._legal_before)
        g._legal, g._legal_index = self._legal, self._legal_index  # same state: share, never mutated
        if self.__dict__.get("_settings"):
            g.__dict__["_settings"] = self.__dict__["_settings"]
        g.used_chance = self.used_chance
        g.tags = dict(self.tags)
        return g


_KEY = "paisho_core.key"  # the position key's slot in game.cache
_PROBED_EARLY, _PROBED_LIST = 1, 2  # how has_legal_move answered at the current position
_FOLLOW_LIMIT = 2  # Game._list_follows stays within -2..2: the last few positions decide


def settings(game: Game, factory: Callable[[Game], Any]) -> Any:
    """``factory(game)`` built once per variant and options and shared by every game (and copy)
    that has them: rule settings a hooks module derives from the YAML and the options."""
    memo = game.__dict__.setdefault("_settings", {})
    found = memo.get(factory)
    if found is None:
        per_variant = game.variant.__dict__.setdefault("_settings", {})
        key = (factory, tuple(sorted((k, repr(v)) for k, v in game.options.items())))
        found = per_variant.get(key)
        if found is None:
            found = per_variant[key] = factory(game)
        memo[factory] = found
    return found
