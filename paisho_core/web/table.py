"""One game at the web page: the game, who plays each side, stepping back and forth, hand-over.

A :class:`Table` changes only through its methods, each of which either completes or raises a
:class:`~paisho_core.PaishoError` leaving the table as it was.  Nothing here knows HTTP.
"""
from __future__ import annotations

import threading
from typing import Optional

from .. import PaishoError, IllegalMoveError
from .players import HINT_LEVEL, make_level

PLAYERS = ("guest", "host")


class Table:
    """A game in progress in the browser.

    ``sides`` maps each player to ``"human"`` or a computer level.  ``ahead`` holds decisions
    taken back (by undo or by stepping back through a loaded record) that ``forward`` replays;
    playing any other decision drops them.  ``shown_to`` is the player whose hidden parts the page
    shows; at a hot seat (two people, hidden hands) it is ``None`` between turns until the next
    player confirms the hand-over.
    """

    def __init__(self, game, sides: dict, seed: Optional[int] = None, split: bool = False) -> None:
        self.game = game
        self.lock = threading.RLock()
        self.ahead: list = []
        self.sides: dict = {}
        self.bots: dict = {}
        self.seed = seed if seed is not None else game.seed
        self.repairs: list[str] = []
        self.from_position = False
        """True for a game opened from a position: its record cannot start at the beginning."""
        self.split = split
        """True when the seats are held by different people (links): no hand-over then."""
        self.key = ""
        """The game's id on the server (its URL)."""
        self.version = 0
        """The stored version this copy was read at or last wrote (see :mod:`.store`)."""
        self.seat_hashes: dict[str, str] = {}
        """Each player's seat token, hashed (see :mod:`.games`)."""
        self.start: Optional[dict] = None
        """The position the game was opened from, if any (stored with it)."""
        self.set_sides(sides)

    # -- sides and viewers ---------------------------------------------------------------------
    def set_sides(self, sides: dict) -> None:
        bots = {}
        for n, p in enumerate(PLAYERS):
            kind = sides.get(p, "human")
            if kind != "human":
                seed = None if self.seed is None else int(self.seed) * 10 + n
                bots[p] = make_level(kind, seed)
        before = self.viewer() if self.sides else self.game.to_move
        self.sides = {p: sides.get(p, "human") for p in PLAYERS}
        self.bots = bots
        # at a hot seat the screen stays with whoever saw it (a hand-over if another decides)
        self.shown_to = before if self.hotseat else self.default_viewer()

    @property
    def humans(self) -> list[str]:
        return [p for p in PLAYERS if self.sides[p] == "human"]

    @property
    def hotseat(self) -> bool:
        """Two people at one screen in a game with hidden parts: the screen is handed over."""
        return (len(self.humans) == 2 and not self.split
                and bool(self.game.observation("guest").get("hidden")))

    def default_viewer(self) -> Optional[str]:
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if len(humans) == 2:
            return self.game.to_move
        return None  # two computers: the page shows what a spectator sees

    def viewer(self) -> Optional[str]:
        """Whose view the page shows now (None: a spectator's, or the hand-over screen)."""
        if self.hotseat:
            return self.shown_to if self.shown_to == self.game.to_move or self.game.outcome else None
        return self.default_viewer()

    def needs_handover(self) -> bool:
        g = self.game
        return (self.hotseat and g.outcome is None and g.to_move in self.humans
                and self.shown_to != g.to_move)

    def hand_over(self) -> None:
        if not self.needs_handover():
            raise IllegalMoveError("no hand-over is waiting")
        self.shown_to = self.game.to_move

    # -- who decides now -----------------------------------------------------------------------
    def human_to_move(self) -> bool:
        g = self.game
        return (g.outcome is None and g.to_move not in self.bots and not self.needs_handover()
                and g.chance_outcomes() is None)

    def computer_to_move(self) -> bool:
        g = self.game
        return g.outcome is None and (g.to_move in self.bots or g.chance_outcomes() is not None) \
            and bool(g.legal_moves() or g.chance_outcomes())

    # -- changes -------------------------------------------------------------------------------
    def play(self, text: str) -> str:
        """Play a decision (or a whole turn in notation) for the person to move."""
        if not self.human_to_move():
            raise IllegalMoveError(self._why_not_human())
        move = self.game.play(text)  # raises, unchanged, when illegal
        self.ahead.clear()
        return str(move)

    def _why_not_human(self) -> str:
        g = self.game
        if g.outcome is not None:
            return f"the game is over ({g.outcome.reason})"
        if self.needs_handover():
            return f"the screen is waiting to be handed over to {g.to_move}"
        return f"it is the computer's decision ({g.to_move}, {self.sides[g.to_move]})"

    def computer_move(self) -> str:
        """One decision by the computer player to move (or a chance draw)."""
        g = self.game
        chance = g.chance_outcomes()
        if g.outcome is None and chance:
            move = g.sample_chance(chance)
            g.play(move)
            self.ahead.clear()
            return str(move)
        if g.outcome is not None or g.to_move not in self.bots:
            raise IllegalMoveError("no computer decision is pending")
        if not g.legal_moves():
            raise IllegalMoveError(f"{g.to_move} has no legal move")
        move = self.bots[g.to_move].choose(g.copy())
        g.play(move)
        self.ahead.clear()
        return str(move)

    def hint(self) -> str:
        if not self.human_to_move():
            raise IllegalMoveError(self._why_not_human())
        return str(make_level(HINT_LEVEL, self.seed).choose(self.game.copy()))

    def resign(self, who: Optional[str] = None) -> None:
        """``who`` gives up (default: the person to move, else the first person playing)."""
        g = self.game
        if g.outcome is not None:
            raise IllegalMoveError(f"the game is over ({g.outcome.reason})")
        if who is None:
            who = g.to_move if g.to_move in self.humans else (self.humans or [g.to_move])[0]
        g.resign(who)
        self.ahead.clear()

    def _back_one(self) -> None:
        g = self.game
        before = g.moves
        g.undo()
        self.ahead[:0] = before[len(g.moves):]

    def undo(self) -> None:
        """Take back decisions until a person is to decide again (against the computer: the
        person's last decision and the replies to it)."""
        g = self.game
        if not g.ply:
            raise IllegalMoveError("nothing to undo")
        if not self.humans:
            self._back_one()
            return
        human_undone = False
        while g.ply:
            mover = g.turns()[-1][1] if g.turns() else g.to_move
            self._back_one()
            human_undone = human_undone or mover in self.humans
            if human_undone and g.to_move in self.humans and g.chance_outcomes() is None:
                break
        # at a hot seat, when the other player is to decide again, the screen waits to be
        # handed over: nobody's hand shows until then
        if self.hotseat and self.shown_to != g.to_move:
            self.shown_to = None

    def back(self) -> None:
        """One decision back (review)."""
        if not self.game.ply:
            raise IllegalMoveError("already at the start")
        self._back_one()
        self._review_view()

    def forward(self) -> None:
        """One decision forward again (review)."""
        if not self.ahead:
            raise IllegalMoveError("already at the last decision")
        g = self.game
        auto, g.auto_chance = g.auto_chance, False  # the stored decisions carry their draws
        try:
            move = self.ahead[0]
            g.play(move)
            del self.ahead[0]
            while self.ahead and g.chance_outcomes():
                g.play(self.ahead.pop(0))
        finally:
            g.auto_chance = auto
        self._review_view()

    def to_start(self) -> None:
        while self.game.ply:
            self._back_one()
        self._review_view()

    def to_end(self) -> None:
        """Forward to the last decision; all or nothing (a refused step goes back to where the
        request found the game, so a refusal changes nothing)."""
        start = self.game.ply
        try:
            while self.ahead:
                self.forward()
        except Exception:
            while self.game.ply > start:
                self._back_one()
            raise

    def _review_view(self) -> None:
        if self.hotseat:
            self.shown_to = None  # stepping at a hot seat hides the hands until handed over

    @property
    def can_forward(self) -> bool:
        return bool(self.ahead)


def check_sides(sides, levels) -> dict:
    """Validate ``{"guest": kind, "host": kind}`` from a request; raises PaishoError."""
    if not isinstance(sides, dict):
        raise PaishoError("sides must be an object such as {\"guest\": \"human\", \"host\": \"easy\"}")
    out = {}
    for p in PLAYERS:
        kind = sides.get(p, "human")
        if not isinstance(kind, str) or (kind != "human" and kind not in levels):
            raise PaishoError(f"sides.{p}: choose human or a computer level ({', '.join(levels)}), "
                              f"got {kind!r}"[:300])
        out[p] = kind
    extra = set(sides) - set(PLAYERS)
    if extra:
        raise PaishoError(f"sides: unknown player {sorted(extra)[0]!r:.40} (guest or host)")
    return out
