"""Small, dependency-free statistics for self-play reports (``paisho compare``).

Everything here is deterministic and order-preserving, so a report built from the same games is
the same byte for byte whatever machine or worker count produced them.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

Z95 = 1.959963984540054
"""Two-sided 95% quantile of the standard normal distribution."""


def mean(xs: Sequence[float]) -> float | None:
    return sum(xs) / len(xs) if xs else None


def median(xs: Sequence[float]) -> float | None:
    return quantile(xs, 0.5)


def quantile(xs: Sequence[float], q: float) -> float | None:
    """The ``q`` quantile with linear interpolation between order statistics (numpy's default)."""
    if not xs:
        return None
    s = sorted(xs)
    pos = (len(s) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def stdev(xs: Sequence[float]) -> float | None:
    """Sample standard deviation (n - 1 in the denominator); 0 for a single value."""
    if not xs:
        return None
    if len(xs) == 1:
        return 0.0
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson score interval for a proportion ``k / n`` (95% by default); None when n == 0.

    Unlike the normal approximation it stays inside [0, 1] and behaves for rates near 0 or 1.
    """
    if n <= 0:
        return None
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def diff_proportions(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> dict | None:
    """``k2/n2 - k1/n1`` with Newcombe's hybrid score interval (built from the two Wilson
    intervals; 95% by default); None when either sample is empty."""
    a, b = wilson(k1, n1, z), wilson(k2, n2, z)
    if a is None or b is None:
        return None
    p1, p2 = k1 / n1, k2 / n2
    d = p2 - p1
    lo = d - math.sqrt((p2 - b[0]) ** 2 + (a[1] - p1) ** 2)
    hi = d + math.sqrt((b[1] - p2) ** 2 + (p1 - a[0]) ** 2)
    return {"diff": d, "ci95": [lo, hi], "significant": lo > 0 or hi < 0}


def diff_means(m1, sd1, n1: int, m2, sd2, n2: int, z: float = Z95) -> dict | None:
    """``m2 - m1`` with a normal (Welch) interval from the sample standard deviations; None when
    a mean is missing.  Two samples without spread give a zero-width interval."""
    if m1 is None or m2 is None or not n1 or not n2:
        return None
    d = m2 - m1
    half = z * math.sqrt((sd1 or 0.0) ** 2 / n1 + (sd2 or 0.0) ** 2 / n2)
    return {"diff": d, "ci95": [d - half, d + half],
            "significant": d - half > 0 or d + half < 0}


def summary(xs: Sequence[float]) -> dict:
    """n, mean, median, standard deviation, min, 10th and 90th percentile, max."""
    if not xs:
        return {"n": 0, "mean": None, "median": None, "sd": None, "min": None, "p10": None,
                "p90": None, "max": None}
    return {"n": len(xs), "mean": mean(xs), "median": median(xs), "sd": stdev(xs),
            "min": min(xs), "p10": quantile(xs, 0.1), "p90": quantile(xs, 0.9), "max": max(xs)}


def histogram(xs: Sequence[int], bins: int = 20) -> dict:
    """Equal-width integer bins covering [min, max]: ``{"edges": [...], "counts": [...]}``.

    ``edges`` has one more entry than ``counts``; bin i holds values in [edges[i], edges[i+1])
    (the last bin also holds its upper edge).  Widths are whole numbers, so every bin is a range
    of decision counts, not a fraction of one.
    """
    if not xs:
        return {"edges": [], "counts": []}
    lo, hi = min(xs), max(xs)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    nbins = max(1, math.ceil((hi - lo + 1) / width))
    counts = [0] * nbins
    for x in xs:
        counts[min(nbins - 1, (x - lo) // width)] += 1
    return {"edges": [lo + i * width for i in range(nbins + 1)], "counts": counts}


def counter_quantile(counts: dict[int, int], q: float) -> float | None:
    """The ``q`` quantile (interpolated like :func:`quantile`) of values given as value -> count."""
    total = sum(counts.values())
    if not total:
        return None
    pos = (total - 1) * q
    lo_rank = math.floor(pos)
    hi_rank = min(lo_rank + 1, total - 1)
    ordered = sorted(counts)
    lo_val = hi_val = ordered[-1]
    seen = 0
    found_lo = False
    for value in ordered:
        seen += counts[value]
        if not found_lo and seen > lo_rank:
            lo_val, found_lo = value, True
        if seen > hi_rank:
            hi_val = value
            break
    return lo_val + (hi_val - lo_val) * (pos - lo_rank)


def merge_counts(dicts: Iterable[dict]) -> dict[int, int]:
    out: dict[int, int] = {}
    for d in dicts:
        for k, v in d.items():
            k = int(k)
            out[k] = out.get(k, 0) + v
    return out


def sparkline(counts: Sequence[float]) -> str:
    """Counts as a row of block characters (a histogram that fits in a table cell)."""
    blocks = " ▁▂▃▄▅▆▇█"
    top = max(counts) if counts else 0
    if not top:
        return ""
    return "".join(blocks[0 if not c else max(1, round(8 * c / top))] for c in counts)


def rounded(value, digits: int = 4):
    """Floats rounded for reports (recursively through dicts and lists); other values as given."""
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        r = round(value, digits)
        return int(r) if r == int(r) and abs(r) < 1e15 else r
    if isinstance(value, dict):
        return {k: rounded(v, digits) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [rounded(v, digits) for v in value]
    return value
