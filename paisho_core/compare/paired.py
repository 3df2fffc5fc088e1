"""Paired statistics: a game of the house rule and a game of its parent from the same seed are a pair.

Both sides of a comparison play games from the same seeds, so a figure's difference is read off
the per-pair differences, not off two independent samples: a rule that changes a few games of a
thousand shows a narrow interval around a small shift instead of a wide one around noise.

* rates (first-player wins, draws...): each game is 0 or 1; McNemar's exact test on the
  discordant pairs (``scipy.stats.binomtest``) gives the p-value, and the interval is the paired
  t interval of the per-pair differences (``scipy.stats.ttest_rel``);
* means (decisions per game...): the paired t test and its interval;
* every figure also keeps the unpaired interval of the old report, for contrast;
* Holm's correction (``statsmodels.stats.multitest.multipletests``) over all the figures of one
  comparison: a figure is *significant* only after it;
* a sample-size hint (``statsmodels.stats.power``): games a side needed to see a 5-point shift
  in the first player's wins, paired (from the share of pairs that differ) and unpaired.

The libraries come with the ``stats`` extra (``pip install 'paisho[stats]'``).
"""
from __future__ import annotations

import math
from typing import Callable, Optional

from .. import stats
from .ends import is_limit, short_reason
from .errors import CompareError

ALPHA = 0.05
SHIFT = 0.05
"""The shift the sample-size hint is for: 5 percentage points."""
POWER = 0.8


def _libs():
    try:
        from scipy import stats as sps
        from statsmodels.stats import multitest, power, proportion
    except ImportError:
        raise CompareError("paired statistics need scipy and statsmodels: "
                           "pip install 'paisho[stats]'") from None
    return sps, multitest, power, proportion


def _won(r, who) -> bool:
    return bool(r["winner"]) and r["winner"] == who


DECISIONS = "Decisions per game"
LEGAL = "Legal moves per decision (mean of the games' means)"
RATE_FIGURES: tuple[tuple[str, Callable[[dict], bool]], ...] = (
    ("First player wins", lambda r: bool(r["winner"]) and r["winner"] == r["first"]),
    ("Second player wins", lambda r: bool(r["winner"]) and r["winner"] != r["first"]),
    ("Draws", lambda r: r["finished"] and r["winner"] is None),
    ("Guest wins", lambda r: _won(r, "guest")),
    ("Host wins", lambda r: _won(r, "host")),
    ("Ended at a length limit (ply cap or turn limit)", lambda r: is_limit(r["reason"])),
    ("Stopped at a length limit with no winner", lambda r: is_limit(r["reason"]) and r["winner"] is None),
    ("Games with a capture", lambda r: r["captures"] > 0),
)
MEAN_FIGURES: tuple[tuple[str, Callable[[dict], Optional[float]]], ...] = (
    (DECISIONS, lambda r: r["decisions"]),
    ("Turns per game", lambda r: r["turns"]),
    ("Captures per game", lambda r: r["captures"]),
    ("Removals per game", lambda r: r.get("removals")),
    ("Harmonies formed per game", lambda r: r.get("harmonies_formed")),
    ("Bonuses used per game", lambda r: r.get("bonuses")),
    (LEGAL, lambda r: sum(v * c for v, c in r["branching"]) / r["decisions"] if r["decisions"] else None),
)


def kind_totals(results: list[dict]) -> dict[str, list[int]]:
    """Decisions and legal moves in all, per decision kind (the phase the decision was taken
    in), over these games; empty for results saved before kinds were counted."""
    out: dict[str, list[int]] = {}
    for r in results:
        for kind, n, moves in r.get("phases") or ():
            t = out.setdefault(kind, [0, 0])
            t[0] += n
            t[1] += moves
    return out


def structural_changes(base: list[dict], other: list[dict]) -> list[dict]:
    """Decision kinds only one side has (a chance draw turned into a choice adds a kind; a choice
    made automatic takes one away): how many such decisions a game and how many options each
    offered on average.  Bookkeeping of the rule's structure, not an effect: never tested."""
    kb, ko = kind_totals(base), kind_totals(other)
    out = []
    for kind in sorted(set(kb) ^ set(ko)):
        adds = kind in ko
        (n, moves), games = (ko[kind], len(other)) if adds else (kb[kind], len(base))
        out.append({"kind": kind, "adds": adds, "decisions_per_game": n / games if games else None,
                    "options_mean": moves / n if n else None})
    return out


def structural_text(d: dict) -> list[str]:
    """The structural changes of one house rule in words."""
    out = []
    for c in d.get("structural") or ():
        verb = "adds" if c["adds"] else "takes away"
        out.append(f"{d['variant']}: the rule {verb} {c['decisions_per_game']:.1f} decisions of kind "
                   f"'{c['kind']}' a game, {c['options_mean']:.1f} options on average (a structural change "
                   "of the rules, not tested as an effect; decisions and legal moves are compared over "
                   "the kinds both rule sets have)")
    return out


def _like_with_like(base: list[dict], other: list[dict]) -> tuple:
    """The decision and legal-move figures over the decision kinds both sides have: the plain
    ones when the kinds are the same."""
    kb, ko = kind_totals(base), kind_totals(other)
    if set(kb) == set(ko):
        return MEAN_FIGURES
    shared = sorted(set(kb) & set(ko))

    def decisions(r):
        return sum(n for k, n, _m in r.get("phases") or () if k in shared)

    def legal(r):
        n = decisions(r)
        return sum(m for k, _n, m in r.get("phases") or () if k in shared) / n if n else None

    tail = f" (decision kinds both rule sets have: {', '.join(shared) or 'none'})"
    swap = {DECISIONS: (DECISIONS + tail, decisions), LEGAL: (LEGAL + tail, legal)}
    return tuple(swap.get(label, (label, fn)) for label, fn in MEAN_FIGURES)


def identical_pairs(base: list[dict], other: list[dict]) -> dict:
    """Pairs whose two games were the same move for move (the rule changed nothing in them)."""
    n = min(len(base), len(other))
    same = sum(1 for a, b in zip(base, other) if a.get("fingerprint") and a["fingerprint"] == b.get("fingerprint"))
    return {"count": same, "of": n, "rate": same / n if n else None}


def _paired_t(d: list[float], sps) -> tuple[list[float], float]:
    """Interval and p-value of the mean of the per-pair differences ``d``."""
    n = len(d)
    m = sum(d) / n
    if n < 2 or all(x == d[0] for x in d):  # no spread: the difference is what it is
        return [m, m], (1.0 if m == 0 else 0.0)
    res = sps.ttest_1samp(d, 0.0)
    ci = res.confidence_interval(1 - ALPHA)
    return [float(ci.low), float(ci.high)], float(res.pvalue)


def rate_figure(label: str, x: list[bool], y: list[bool], sps) -> dict:
    n = len(x)
    b = sum(1 for a, c in zip(x, y) if a and not c)  # base yes, variant no
    c = sum(1 for a, cc in zip(x, y) if cc and not a)
    k1, k2 = sum(x), sum(y)
    ci, _p = _paired_t([float(cc) - float(a) for a, cc in zip(x, y)], sps)
    p = float(sps.binomtest(b, b + c, 0.5).pvalue) if b + c else 1.0
    unpaired = stats.diff_proportions(k1, n, k2, n)
    return {"figure": label, "kind": "rate", "n": n, "base": k1 / n, "value": k2 / n, "diff": (k2 - k1) / n,
            "ci95": ci, "p": p, "test": "McNemar (exact)", "discordant": [b, c],
            "unpaired_ci95": unpaired["ci95"] if unpaired else None}


def mean_figure(label: str, x: list[float], y: list[float], sps) -> dict:
    d = [b - a for a, b in zip(x, y)]
    n = len(d)
    ci, p = _paired_t(d, sps)
    ux, uy = stats.summary(x), stats.summary(y)
    unpaired = stats.diff_means(ux["mean"], ux["sd"], n, uy["mean"], uy["sd"], n)
    return {"figure": label, "kind": "mean", "n": n, "base": ux["mean"], "value": uy["mean"],
            "diff": sum(d) / n, "ci95": ci, "p": p, "test": "paired t",
            "unpaired_ci95": unpaired["ci95"] if unpaired else None}


def _seat(results: list[dict]) -> Optional[str]:
    """The seat that moved first in every game, or None when it varied (a ritual, an option)."""
    firsts = {r["first"] for r in results}
    return firsts.pop() if len(firsts) == 1 and None not in firsts else None


def end_figures(base: list[dict], other: list[dict], sps) -> list[dict]:
    """Per end reason (its short reason, :func:`~.ends.short_reason`), most frequent first: the
    share of games it ended, and the share it ended with a win of the first player and of the
    second (named by seat too when the same seat moved first in every game), each a paired rate
    (McNemar on the pair's indicators), marked ``group: "ends"``.  A reason that ended every game
    of both sides says nothing the main figures do not, and a who-won figure that is zero on both
    sides is left out."""
    counts: dict[str, int] = {}
    for r in base + other:
        key = short_reason(r["reason"])
        counts[key] = counts.get(key, 0) + 1
    seat = _seat(base + other)
    whose = {"first": f"the first player ({seat})" if seat else "the first player",
             "second": f"the second player ({'guest' if seat == 'host' else 'host'})" if seat else "the second player"}
    out: list[dict] = []
    for reason in sorted(counts, key=lambda k: (-counts[k], k)):
        if counts[reason] == len(base) + len(other):
            continue
        x = [short_reason(r["reason"]) == reason for r in base]
        y = [short_reason(r["reason"]) == reason for r in other]
        out.append({**rate_figure(f"Ended by {reason}", x, y, sps), "group": "ends", "reason": reason})
        for who, won in (("first", lambda r: bool(r["winner"]) and r["winner"] == r["first"]),
                         ("second", lambda r: bool(r["winner"]) and r["winner"] != r["first"])):
            xw = [e and won(r) for e, r in zip(x, base)]
            yw = [e and won(r) for e, r in zip(y, other)]
            if any(xw) or any(yw):
                out.append({**rate_figure(f"Ended by {reason}, won by {whose[who]}", xw, yw, sps),
                            "group": "ends", "reason": reason, "won_by": who})
    return out


def paired_figures(base: list[dict], other: list[dict]) -> list[dict]:
    """Every figure's paired difference (``other`` minus ``base``, game k against game k), the
    end reasons' among them (:func:`end_figures`), with Holm's correction over them all:
    ``significant`` is after the correction, ``significant_alone`` before it."""
    sps, multitest, _power, _prop = _libs()
    n = min(len(base), len(other))
    base, other = base[:n], other[:n]
    out: list[dict] = []
    if not n:
        return out
    for label, fn in RATE_FIGURES:
        out.append(rate_figure(label, [fn(r) for r in base], [fn(r) for r in other], sps))
    for label, value in _like_with_like(base, other):
        xs: list[float] = []
        ys: list[float] = []
        for a, b in zip(base, other):
            va, vb = value(a), value(b)
            if va is not None and vb is not None:
                xs.append(va)
                ys.append(vb)
        if xs:
            out.append(mean_figure(label, xs, ys, sps))
    out += end_figures(base, other, sps)
    pvals = [f["p"] for f in out]
    reject, adjusted, _s, _b = multitest.multipletests(pvals, alpha=ALPHA, method="holm")
    for f, r, adj in zip(out, reject, adjusted):
        f["significant_alone"] = f["p"] < ALPHA
        f["p_holm"] = float(adj)
        f["significant"] = bool(r)
    return out


def games_for_shift(rate: float, discordant: Optional[float] = None, shift: float = SHIFT) -> dict:
    """Games a side needed to see a ``shift`` in a rate near ``rate`` (two-sided 5%, 80% power):
    ``unpaired`` for two independent samples (Cohen's h), ``paired`` for pairs of which a share
    ``discordant`` differ (Connor's formula for McNemar's test; None without discordant pairs)."""
    _sps, _multitest, power, proportion = _libs()
    lo = min(max(rate, 0.01), 0.99 - shift)
    h = proportion.proportion_effectsize(lo + shift, lo)
    unpaired = math.ceil(power.NormalIndPower().solve_power(abs(h), alpha=ALPHA, power=POWER, ratio=1.0))
    paired = None
    if discordant and discordant > shift:
        from statistics import NormalDist

        za, zb = NormalDist().inv_cdf(1 - ALPHA / 2), NormalDist().inv_cdf(POWER)
        paired = math.ceil((za * math.sqrt(discordant) + zb * math.sqrt(discordant - shift ** 2)) ** 2
                           / shift ** 2)
    return {"shift": shift, "rate": rate, "unpaired": unpaired, "paired": paired,
            "discordant": discordant}


def hint_text(h: dict, games: int) -> str:
    """The sample-size hint in words."""
    s = (f"A {100 * h['shift']:.0f}-point shift in the first player's wins (near {100 * h['rate']:.0f}%) "
         f"needs about {h['unpaired']:,} games a side to show at 80% power as two independent samples")
    if h.get("paired"):
        s += (f", about {h['paired']:,} as pairs from the same seeds ({100 * h['discordant']:.0f}% of "
              "pairs differed in who won)")
    s += f"; this report has {games:,}."
    return s
