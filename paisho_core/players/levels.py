"""The named levels and the one factory every front end uses (CLI, engine, compare, web, API).

| level | what it is |
| --- | --- |
| ``random`` | a uniformly random legal move |
| ``greedy`` | one ply: the move whose resulting position the variant's evaluation likes best |
| ``quick`` | greedy's best few moves, each answered by the opponent's most damaging reply and the mover's best follow-up (three plies on a few likely moves, a few ms) |
| ``easy`` | search (:class:`~paisho_core.players.search.MCTSPlayer`), 0.25 s per decision |
| ``medium`` | search, 1 s per decision |
| ``hard`` | search, 3 s per decision |

``think`` (``--think SECONDS``) overrides a search level's time.  The names of an older release
still work: ``mcts`` (search with 200 iterations) and ``mcts:N`` (N iterations).
"""
from __future__ import annotations

import time
from typing import Any, Optional

from .. import PaishoError
from ..boundary import check_number, parse_int, shorten
from .search import MCTSPlayer
from .quick import QuickPlayer
from .simple import GreedyPlayer, Player, RandomPlayer

LEVELS = ("random", "greedy", "quick", "easy", "medium", "hard")
"""The levels, weakest first."""

SEARCH = {
    "easy": {"seconds": 0.25},
    "medium": {"seconds": 1.0},
    "hard": {"seconds": 3.0},
}
"""The search levels' settings (keyword arguments of MCTSPlayer)."""

MAX_SECONDS = 600.0
"""Longest thinking time a level may be given (``--think``, the engine's ``think``)."""

MAX_ITERATIONS = 1_000_000
"""Most iterations a search may be given (``mcts:N``, ``--iterations``)."""

ALIASES = ("mcts",)
"""Older names, still accepted: ``mcts`` and ``mcts:N``."""

PLAYER_KINDS = LEVELS + ALIASES
"""Every name :func:`make_player` accepts (``mcts`` may carry ``:N``)."""


def check_kind(kind: str) -> str:
    """``kind`` if :func:`make_player` accepts it, else a PaishoError naming the choices."""
    base, _, budget = kind.partition(":")
    if base not in PLAYER_KINDS:
        raise PaishoError(f"unknown player {shorten(kind)!r} (known: {', '.join(PLAYER_KINDS)})")
    if budget:
        if base != "mcts":
            raise PaishoError(f"{kind!r}: only mcts takes a budget (mcts:N, N iterations); "
                              f"give a level time with --think")
        parse_int(budget, f"the budget of {shorten(kind)} (iterations)", PaishoError,
                  1, MAX_ITERATIONS)
    return kind


def check_budget(seconds: Optional[float] = None, iterations: Optional[int] = None) -> None:
    """PaishoError unless a thinking time is finite and at most :data:`MAX_SECONDS`, and an
    iteration cap at most :data:`MAX_ITERATIONS` (a search must end, and be stoppable)."""
    if seconds is not None:
        check_number(seconds, "the thinking time (seconds)", PaishoError, 0.0, MAX_SECONDS)
    if iterations is not None:
        check_number(iterations, "the iteration cap", PaishoError, 1, MAX_ITERATIONS, integer=True)


def make_player(kind: str, seed=None, seconds: Optional[float] = None,
                iterations: Optional[int] = None, cpu_time: bool = False) -> Player:
    """A computer player by level name (see the table above).

    ``seconds`` (the CLI's ``--think``) replaces a search level's time per decision;
    ``iterations`` caps its iterations instead (reproducible from ``seed``); ``cpu_time`` counts
    ``seconds`` in the process's CPU time instead of wall-clock time (for benchmarks on a loaded
    machine).  ``random``, ``greedy`` and ``quick`` ignore all three."""
    check_kind(kind)
    check_budget(seconds, iterations)
    base, _, budget = kind.partition(":")
    clock = time.process_time if cpu_time else time.perf_counter
    if base == "random":
        player: Player = RandomPlayer(seed)
    elif base == "greedy":
        player = GreedyPlayer(seed)
    elif base == "quick":
        player = QuickPlayer(seed)
    elif base == "mcts":
        player = MCTSPlayer(seed, iterations=int(budget) if budget else iterations, seconds=seconds,
                            clock=clock)
    else:
        settings: dict[str, Any] = dict(SEARCH[base])
        if seconds is not None:
            settings["seconds"] = seconds
        if iterations is not None:
            settings["iterations"] = iterations
            if seconds is None:
                settings.pop("seconds")
        player = MCTSPlayer(seed, clock=clock, **settings)
    player.name = kind
    return player
