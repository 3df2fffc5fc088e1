"""``--until-decided``: play batches of games until every figure's answer is decided, with a cap.

A figure is *decided* when its 95% interval is narrower than the asked width or (in a house-rule
comparison) its paired difference is significant after Holm's correction.  Rates are read in
probability units (``width`` 0.05: an interval under 5 points); means relative to the base's
mean, or 1 when that is smaller (``width`` 0.05: under 5% of it).  Outside a house-rule comparison the figures are each
variant's first-player wins and draws.  The report says after how many games each was decided.
"""
from __future__ import annotations

from typing import Callable, Optional

from .. import stats
from .errors import CompareError


def decided_now(results: list[list[dict]], house: bool, width: float) -> dict[str, bool]:
    """Each figure's name and whether it is decided with these games."""
    out: dict[str, bool] = {}
    if house:
        from .paired import paired_figures

        for n, other in enumerate(results[1:], 1):
            for f in paired_figures(results[0], other):
                lo, hi = f["ci95"]
                scale = 1.0 if f["kind"] == "rate" else max(abs(f["base"] or 0.0), 1.0)
                out[f"{n}: {f['figure']}"] = bool(f["significant"]) or (hi - lo) / scale < width
        return out
    for n, rs in enumerate(results):
        total = len(rs)
        for name, k in (("first player wins", sum(1 for r in rs if r["winner"] and r["winner"] == r["first"])),
                        ("draws", sum(1 for r in rs if r["finished"] and r["winner"] is None))):
            lo, hi = stats.wilson(k, total) or (0.0, 1.0)
            out[f"{n}: {name}"] = hi - lo < width
    return out


def keep_playing(results: list[list[dict]], play: Callable[[int, int], list[list[dict]]], batch: int,
                 house: bool, width: float = 0.05, cap: int = 2000) -> tuple[list[list[dict]], dict]:
    """Play batches of ``batch`` games a side (``play(count, start)``) until every figure is
    decided or ``cap`` games a side; returns the results and, per figure, the games it needed
    (None: not decided by the cap), with whether the run stopped on its own."""
    if width <= 0:
        raise CompareError("--until-decided needs a width above 0")
    if cap < batch:
        raise CompareError(f"--cap ({cap}) is below the first batch ({batch} games)")
    needed: dict[str, Optional[int]] = {}
    played = len(results[0])
    while True:
        state = decided_now(results, house, width)
        for name, ok in state.items():
            if ok and needed.get(name) is None:
                needed[name] = played
            needed.setdefault(name, None)
        if all(state.values()) or played >= cap:
            break
        more = min(batch, cap - played)
        extra = play(more, played)
        results = [a + b for a, b in zip(results, extra)]
        played += more
    return results, {"width": width, "cap": cap, "games": played,
                     "stopped_on_its_own": all(v is not None for v in needed.values()),
                     "figures": [{"figure": k, "games": v} for k, v in needed.items()]}
