"""Self-play: one game played to its end (or the decision cap) and the figures it yields.

Every game draws its seed from the master seed and its index, so any worker can play any game
alone and a report does not depend on how games were spread over workers.
"""
from __future__ import annotations

import hashlib
import math
import re
import time
from typing import Sequence

from .. import board
from ..events import left_board, tiles_in_play
from ..errors import PaishoError
from ..tiles import PLAYERS, other
from .errors import CompareError
from .specs import resolve_spec

DEFAULT_MAX_PLIES = 1500
DECILES = 10
HARMONY_SAMPLE = 4
"""Harmonies are read every this many decisions (and at the end) to learn which pairs occur."""


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` under master seed ``master``: a hash, so neighbouring indices
    give unrelated games and any worker can compute it alone."""
    digest = hashlib.sha256(f"paisho-compare:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


DEFAULT_PLAYERS = "explore"
"""The default level: the rule-aware compare level (:mod:`.explore`) over the cheapest level that
plays with a purpose (``quick`` where the players offer it, else ``greedy``).  Greedy costs
0.1-1.8 CPU seconds a game; a search level scores a few dozen moves per iteration and plays 50
to 800 iterations a decision, tens to hundreds of times greedy's cost (see docs/comparing.md)."""

SEARCH_ITERATIONS = {"easy": 50, "medium": 200, "hard": 800}
"""Search levels play a fixed number of iterations per decision in a comparison, not a time, so a
report stays reproducible from its seed on any machine and load."""


def players_text(kind: str) -> str:
    """The players of a report, in words."""
    from .explore import EXPLORE, TRY_SHARE, WANDER, default_base

    head, _, rest = kind.partition(":")
    if head == EXPLORE:
        inner = players_text(rest or default_base()).removesuffix(", both sides")
        return (f"rule-aware {inner}: a uniformly random legal move at {100 * WANDER:.0f}% of "
                "decisions; where the compared rule sets disagree on a move, the best such move "
                f"when it scores as well as the base's (and at {100 * TRY_SHARE:.0f}% of those "
                "decisions whatever it scores), both sides")
    base = head
    if base == "random":
        return "random (a uniformly random legal move), both sides"
    if base == "greedy":
        return "greedy (one move ahead on the variant's evaluation), both sides"
    if base in SEARCH_ITERATIONS:
        return f"{kind} (search, {SEARCH_ITERATIONS[base]} iterations per decision), both sides"
    return f"{kind} (search), both sides"


def make_chooser(kind: str, seed: str, shadows: Sequence = ()):
    """A player from the one factory, :func:`paisho_core.players.make_player`; search levels get
    a fixed iteration budget (:data:`SEARCH_ITERATIONS`) instead of a time.  ``explore:LEVEL``
    (:mod:`.explore`) is LEVEL made rule-aware: it also weighs every move on which ``shadows``
    (the other rule sets) disagree."""
    from ..players import make_player
    from .explore import EXPLORE, RuleAwarePlayer, default_base

    head, sep, rest = kind.partition(":")
    if head == EXPLORE:
        return RuleAwarePlayer(make_chooser(rest or default_base(), seed), shadows, seed)
    base = head
    try:
        return make_player(kind, seed=seed, iterations=SEARCH_ITERATIONS.get(base))
    except PaishoError as exc:
        raise CompareError(f"--players {kind}: {exc}") from None


def chance_draw(game, outcomes):
    """The outcome of a chance step, drawn by the game's seeded generator with the outcomes in
    notation order (so a draw does not depend on the order a plugin lists them in)."""
    return game.sample_chance(sorted(outcomes, key=lambda mw: (mw[0].text, mw[0].action)))


_VARIANTS: dict[str, tuple] = {}


def _variant_in_worker(spec: str):
    if spec not in _VARIANTS:
        _VARIANTS[spec] = resolve_spec(spec)
    return _VARIANTS[spec]


def play_one(variant, options: dict, seed: int, players: str = "random",
             max_plies: int = DEFAULT_MAX_PLIES, keep_record: bool = False,
             others: tuple = (), final: bool = False) -> dict:
    """Play one self-play game and return its figures (plus its record when asked).

    Chance steps are drawn here from the game's own seeded generator, with the outcomes in
    notation order.  A *decision* is a non-chance move; ``branching`` counts the legal moves of
    each decision; a *capture* is a tile of the opponent of the mover that leaves the board during
    the mover's decision.  The game stops at ``max_plies`` decisions (reason ``ply cap``).

    ``others`` are ``(variant, options)`` of rule sets sharing this one's state (the parent of a
    house rule): every step is watched by a :class:`~.touch.Shadow` of each, and ``touch`` in
    the result says where they disagreed (see :mod:`.touch`); the players see them too (a
    rule-aware level, :mod:`.explore`).  With ``final`` the result carries a picture of the
    final position.
    """
    from .. import new_game
    from .touch import Shadow, same_resolution

    game = new_game(variant, options=options, seed=seed, auto_chance=False)
    shadows = [Shadow(v, o, seed) for v, o in others]
    for sh, (v, o) in zip(shadows, others):
        sh.same_results = same_resolution(variant, options, v, o)
    choosers = {p: make_chooser(players, f"{seed}:{p}", shadows) for p in PLAYERS}
    touch = _Touch(shadows, game) if shadows else None
    branching: list[int] = []
    phases: dict[str, list[int]] = {}  # decision kind -> [decisions, legal moves in all]
    decisions = chance = 0
    first = None
    in_play: dict = {}
    started = False
    tally: dict = {"captures": 0, "removals": 0, "harmonies_formed": None, "bonuses": None}
    events = game.rules if game.variant.pm.hook.paisho_game_events.get_hookimpls() else None
    capped = stuck = False
    error = None
    seen: set = set()
    moved: dict[str, int] = {}
    try:
        while game.outcome is None:
            outcomes = game.chance_outcomes()
            if outcomes:
                drawn = chance_draw(game, outcomes)
                if touch:
                    touch.before(game)
                game.play(drawn)
                if touch:
                    touch.after(game, drawn)
                chance += 1
                continue
            if decisions >= max_plies:
                capped = True
                break
            moves = game.legal_moves()
            if not moves:
                stuck = True
                break
            mover = game.to_move
            if not started and game.state.turn >= 1:
                started, first = True, first or mover
                start = (events.game_events(game, None, None) or {}) if events else {}
                in_play = start.get("tiles_in_play") or tiles_in_play(game)
                first = start.get("first_player") or first
            if decisions % HARMONY_SAMPLE == 0:
                _seen_harmonies(game, seen)
            branching.append(len(moves))
            kind = phases.setdefault(str(game.state.phase), [0, 0])
            kind[0] += 1
            kind[1] += len(moves)
            move = choosers[mover].choose(game)
            if touch:
                touch.before(game)
            src, dst = getattr(move, "src", -1), getattr(move, "dst", -1)
            ident = game.state.ident[src] if 0 <= src != dst >= 0 and game.state.board[src] is not None else 0
            before = game.copy()
            game.play(move)
            if touch:
                touch.after(game, move)
            said = (events.game_events(game, move, before) or {}) if events else {}
            gone = left_board(before.state, game.state)
            tally["captures"] += said.get("captures", gone[other(mover)])
            tally["removals"] += said.get("removals", gone[mover])
            for key in ("harmonies_formed", "bonuses"):
                if key in said:
                    tally[key] = (tally[key] or 0) + said[key]
            if said.get("first_player"):
                first = said["first_player"]
            landed = game.state.board[dst] if ident and game.state.ident[dst] == ident else None
            if landed is not None:
                # the tile that stood on src now stands on dst: a move of that tile
                (x1, y1), (x2, y2) = board.coords(src), board.coords(dst)
                code = landed.code
                dist = abs(x1 - x2) + abs(y1 - y2)
                if dist > moved.get(code, 0):
                    moved[code] = dist
            decisions += 1
        _seen_harmonies(game, seen)
    except Exception as exc:  # a plugin bug: reported as this game's end, never a crash
        error = f"{type(exc).__name__}: {exc}"
    if first is None and game.moves:
        first = game.turns()[0][1]
    outcome = game.outcome
    if error:
        reason = "error"
    elif outcome is not None:
        reason = end_category(outcome.reason)
    elif capped:
        reason = "ply cap"
    else:
        reason = "stuck (no legal move, no outcome)" if stuck else "unfinished"
    counts: dict[int, int] = {}
    for b in branching:
        counts[b] = counts.get(b, 0) + 1
    dsum, dcnt = [0] * DECILES, [0] * DECILES
    n = len(branching)
    for j, b in enumerate(branching):
        d = min(DECILES - 1, j * DECILES // n)
        dsum[d] += b
        dcnt[d] += 1
    result = {
        "seed": seed, "decisions": decisions, "turns": len(game.turns()), "chance": chance,
        "first": first, "winner": outcome.winner if outcome is not None and not error else None,
        "finished": outcome is not None and not error, "reason": reason, "capped": capped,
        "error": error, "captures": tally["captures"], "removals": tally["removals"],
        "harmonies_formed": tally["harmonies_formed"], "bonuses": tally["bonuses"], "tiles_in_play": in_play,
        "branching": sorted(counts.items()),
        "phases": sorted([k, n, m] for k, (n, m) in phases.items()),
        "decile_sum": dsum, "decile_count": dcnt, "harmony_pairs": sorted(seen),
        "moved": sorted(moved.items()),
        "fingerprint": hashlib.sha256(" ".join(m.text for m in game.moves).encode()).hexdigest()[:16],
    }
    if touch:
        result["touch"] = touch.summary()
    if keep_record:
        result["record"] = game.record()
    if final:
        from .touch import picture

        result["final"] = picture(game)
    return result


class _Touch:
    """Where the watched game's rules and the others' disagreed: counts and the first position."""

    def __init__(self, shadows: list, game) -> None:
        from .touch import picture

        self.shadows = shadows
        self.kinds: dict[str, int] = {}
        self.steps = 0
        self.first: dict | None = None
        self.pending: list[str] = []
        if any(sh.start_differs(game) for sh in shadows):
            self.steps, self.kinds["start"] = 1, 1
            self.first = {**picture(game), "kinds": ["start"], "move": "-"}

    def before(self, game) -> None:
        from .touch import picture

        self.pending = sorted({k for sh in self.shadows for k in sh.before(game)})
        self.where = picture(game) if self.pending and self.first is None else None

    def after(self, game, move) -> None:
        from .touch import picture

        kinds = set(self.pending)
        for sh in self.shadows:
            kinds.update(sh.after(game, move))
        if not kinds:
            return
        self.steps += 1
        for k in kinds:
            self.kinds[k] = self.kinds.get(k, 0) + 1
        if self.first is None:
            where = self.where or picture(_before(game))
            self.first = {**where, "kinds": sorted(kinds), "move": move.text}

    def summary(self) -> dict:
        return {"steps": self.steps, "kinds": dict(sorted(self.kinds.items())), "first": self.first,
                "failed": next((sh.failed for sh in self.shadows if sh.failed), None)}


def _before(game):
    """A copy of ``game`` one decision back (the position the move was played from)."""
    g = game.copy()
    g.undo()
    return g


def end_category(reason: str) -> str:
    """An outcome reason with its numbers taken out, so games that ended the same way count
    together: ``more midline-crossing harmonies (4-0)`` -> ``more midline-crossing harmonies``."""
    text = re.sub(r"\s*\([^()]*\d[^()]*\)", "", reason)
    text = re.sub(r"\d+(?:[-:/]\d+)*", "n", text)
    return " ".join(text.split()) or reason


def _seen_harmonies(game, seen: set) -> None:
    """Add the (code, code) pairs of the current harmonies to ``seen``."""
    b = game.state.board
    for h in game.rules.harmonies(game) or ():  # a variant without harmonies answers None
        ta, tb = b[board.index(*h.a)], b[board.index(*h.b)]
        if ta is not None and tb is not None:
            seen.add(tuple(sorted((ta.code, tb.code))))


def run_chunk(spec: str, options: dict, indices: list[int], master: int, players: str,
               max_plies: int, keep_records: bool, others: tuple = ()) -> list[dict]:
    """Worker entry point: play the games with these indices of one variant; ``others`` are
    ``(spec, options)`` of the rule sets that watch them (:func:`play_one`)."""
    out = []
    for k in indices:
        seed = game_seed(master, k)
        try:
            variant, _ = _variant_in_worker(spec)
            watchers = tuple((_variant_in_worker(s)[0], o) for s, o in others)
            t0 = time.process_time()
            out.append(play_one(variant, options, seed, players, max_plies, keep_records, watchers))
            out[-1]["cpu"] = time.process_time() - t0  # timing only: never in a report
        except Exception as exc:  # the game could not even start: reported, never a crash
            out.append(_failed(seed, f"{type(exc).__name__}: {exc}", keep_records))
    return out


def _failed(seed: int, error: str, keep_record: bool) -> dict:
    result: dict = {"seed": seed, "decisions": 0, "turns": 0, "chance": 0, "first": None, "winner": None,
                    "finished": False, "reason": "error", "capped": False, "error": error, "captures": 0,
                    "removals": 0, "harmonies_formed": None, "bonuses": None, "tiles_in_play": {},
              "branching": [], "phases": [], "decile_sum": [0] * DECILES, "decile_count": [0] * DECILES,
              "harmony_pairs": [], "moved": [], "fingerprint": ""}
    if keep_record:
        result["record"] = ""
    return result


def chunks(games: int, workers: int, start: int = 0) -> list[list[int]]:
    """Game indices ``start`` to ``start + games - 1`` cut into tasks."""
    return chunks_of(list(range(start, start + games)), games, workers)


def chunks_of(indices: list[int], games: int, workers: int) -> list[list[int]]:
    """``indices`` (games still to play of a batch of ``games``) cut into tasks, each of the
    size a whole batch would use."""
    size = max(1, min(20, math.ceil(games / max(1, workers * 6))))
    return [indices[i:i + size] for i in range(0, len(indices), size)]
