"""Ratings: one number per level and variant, fitted to games between the levels, with the CPU a
decision costs beside it (the table a player picks a level by, and a designer picks players for a
comparison by).

Games are played as ``benchmarks/strength.py`` plays them (``strength.play_one``: sides
alternating, a game capped at ``--max-plies`` decisions is a draw, budgets and times in each
worker's CPU seconds), for every pair of ``--pairs`` (default: each level against the next one
up and the one after it, a connected chain, so every level is compared with two others), or read
from runs saved by this benchmark or by ``strength.py --save`` (``--merge``).  Per variant, a
Bradley-Terry model is fitted to the scores (a win 1, a draw 1/2 to each side) by maximum
likelihood (scipy), on the Elo scale (a 400-point difference is 10 to 1 odds), with ``random``
fixed at 0.  One draw between each pair played is added as a prior (so a level that won every
game still gets a finite rating, pulled toward its opponent); the 95% interval is 1.96 standard
errors from the inverse of the observed information.  Beside each rating: the median and 90th
percentile of the CPU milliseconds the level spent a decision over all its games.  Figures are
printed, never asserted.

    python benchmarks/ratings.py --variants skud fire --games 20 --save runs/ratings.json
    python benchmarks/ratings.py --levels random greedy quick --games 40 --workers 2
    python benchmarks/ratings.py --merge runs/*.json --write-docs docs/playing.md
    python benchmarks/ratings.py --smoke                       # CI: a few short games
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import paisho_core as paisho  # noqa: E402
from paisho_core.compare.backends import run_tasks  # noqa: E402

import strength  # noqa: E402

LEVELS = ("random", "greedy", "quick", "easy", "medium", "hard")
ANCHOR = "random"
K = math.log(10) / 400
"""Elo scale: a difference of d points is odds 10 ** (d / 400)."""


def chain_pairs(levels) -> list[str]:
    """Each level against the next one up and the one after it (STRONGER:WEAKER)."""
    out = []
    for i, low in enumerate(levels):
        for step in (1, 2):
            if i + step < len(levels):
                out.append(f"{levels[i + step]}:{low}")
    return out


def fit(games: list[tuple[str, str, float]], anchor: str = ANCHOR, prior: float = 1.0) -> dict:
    """Bradley-Terry ratings (Elo scale, ``anchor`` at 0) from ``(a, b, score of a)`` games:
    ``{level: (rating, half-width of the 95% interval)}``.  ``prior`` draws are added between
    each pair that played."""
    import numpy as np
    from scipy.optimize import minimize

    levels = sorted({a for a, _b, _s in games} | {b for _a, b, _s in games})
    if anchor not in levels:
        raise ValueError(f"no game of the anchor {anchor!r}")
    free = [lv for lv in levels if lv != anchor]
    col = {lv: i for i, lv in enumerate(free)}
    rows = list(games) + [(a, b, 0.5) for a, b in {tuple(sorted((a, b))) for a, b, _s in games}
                          for _ in range(int(prior))]
    a_idx = np.array([col.get(a, -1) for a, _b, _s in rows])
    b_idx = np.array([col.get(b, -1) for _a, b, _s in rows])
    score = np.array([s for _a, _b, s in rows], dtype=float)

    def diff(x):
        full = np.append(x, 0.0)  # index -1: the anchor, fixed at 0
        return K * (full[a_idx] - full[b_idx])

    def nll(x):
        d = diff(x)
        return float(np.sum(np.logaddexp(0, -d) * score + np.logaddexp(0, d) * (1 - score)))

    def grad(x):
        p = 1 / (1 + np.exp(-diff(x)))
        g = np.zeros(len(free) + 1)
        r = K * (p - score)
        np.add.at(g, a_idx, r)
        np.add.at(g, b_idx, -r)
        return g[:-1]

    result = minimize(nll, np.zeros(len(free)), jac=grad, method="BFGS")
    x = result.x
    p = 1 / (1 + np.exp(-diff(x)))
    info = np.zeros((len(free) + 1, len(free) + 1))
    w = K * K * p * (1 - p)
    for i, j, wk in zip(a_idx, b_idx, w):
        info[i, i] += wk
        info[j, j] += wk
        info[i, j] -= wk
        info[j, i] -= wk
    cov = np.linalg.inv(info[:-1, :-1])
    out = {anchor: (0.0, 0.0)}
    for lv, i in col.items():
        out[lv] = (float(x[i]), float(1.96 * math.sqrt(cov[i, i])))
    return out


def cpu_ms(rows: list[dict]) -> dict:
    """Per level: (median, 90th percentile) CPU milliseconds a decision over its games."""
    times: dict = {}
    for r in rows:
        times.setdefault(r["upper"], []).extend(r["upper_times"])
        times.setdefault(r["lower"], []).extend(r["lower_times"])
    out = {}
    for level, ts in times.items():
        if ts:
            ts = sorted(ts)
            out[level] = (1000 * statistics.median(ts), 1000 * ts[min(len(ts) - 1, int(0.9 * len(ts)))])
    return out


def pair_table(games: list[dict], floor: tuple[float, float] | None = None) -> str:
    """Per variant and pair: games, the stronger level's score with its 95% Wilson interval,
    wins / draws / losses, and the median CPU milliseconds a decision of both levels; with
    ``floor`` (a score and a number of milliseconds), whether the stronger level reached that
    score at no more than that CPU a decision."""
    from paisho_core.stats import wilson

    rows: dict = {}
    for r in games:
        rows.setdefault((r["variant"], r["upper"], r["lower"]), []).append(r)
    head = "| variant | pair | games | score (95% CI) | W / D / L | CPU ms a decision (median) |"
    rule = "| --- | --- | --- | --- | --- | --- |"
    if floor:
        head += f" at least {100 * floor[0]:.0f}%, at most {floor[1]:g} ms |"
        rule += " --- |"
    lines = [head, rule]
    for (variant, upper, lower), rs in rows.items():
        n = len(rs)
        points = sum(r["score"] for r in rs)
        wins = sum(r["score"] == 1.0 for r in rs)
        draws = sum(r["score"] == 0.5 for r in rs)
        low, high = wilson(points, n) or (0.0, 0.0)
        ms = cpu_ms(rs)
        up_ms, low_ms = ms.get(upper, (float("nan"),))[0], ms.get(lower, (float("nan"),))[0]
        line = (f"| {variant} | {upper} v {lower} | {n} | {100 * points / n:.0f}% ({100 * low:.0f}–{100 * high:.0f}%) "
                f"| {wins} / {draws} / {n - wins - draws} | {upper} {up_ms:.1f}, {lower} {low_ms:.1f} |")
        if floor:
            short = [what for what, ok in (("score", points / n >= floor[0]), ("CPU", up_ms <= floor[1])) if not ok]
            line += " met |" if not short else f" short: {' and '.join(short)} |"
        lines.append(line)
    return "\n".join(lines) + "\n"


def table(games: list[dict], settings: dict) -> str:
    by_variant: dict = {}
    for r in games:
        by_variant.setdefault(r["variant"], []).append(r)
    budget = settings.get("scale", 1.0)
    lines = [f"Bradley-Terry ratings on the Elo scale, `random` = 0 (the weakest level played where "
             f"`random` did not play), 95% intervals; games per pair: "
             f"{settings.get('games')}, sides alternating, a capped game a draw; search levels at "
             f"{'their own times' if budget == 1 else f'{budget:g} times their own times'} in CPU seconds; "
             "CPU ms a decision: median / 90th percentile over the level's games.",
             "",
             "| variant | level | rating (95% CI) | CPU ms a decision | games |",
             "| --- | --- | --- | --- | --- |"]
    for variant, rows in sorted(by_variant.items()):
        played_levels = {r["upper"] for r in rows} | {r["lower"] for r in rows}
        anchor = ANCHOR if ANCHOR in played_levels else min(
            played_levels, key=lambda lv: LEVELS.index(lv) if lv in LEVELS else len(LEVELS))
        ratings = fit([(r["upper"], r["lower"], r["score"]) for r in rows], anchor=anchor)
        ms = cpu_ms(rows)
        played: dict = {}
        for r in rows:
            for lv in (r["upper"], r["lower"]):
                played[lv] = played.get(lv, 0) + 1
        for level in sorted(ratings, key=lambda lv: ratings[lv][0]):
            value, half = ratings[level]
            interval = "anchor" if level == anchor else f"{value - half:.0f} – {value + half:.0f}"
            median, p90 = ms.get(level, (float("nan"), float("nan")))
            lines.append(f"| {variant} | {level} | {value:.0f} ({interval}) | {median:.1f} / {p90:.1f} | {played[level]} |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="*", default=None, help="variants (default: every registered one)")
    ap.add_argument("--levels", nargs="*", default=list(LEVELS), help="levels, weakest first (random first)")
    ap.add_argument("--pairs", nargs="*", default=None, help="STRONGER:WEAKER pairs (default: the chain)")
    ap.add_argument("--games", "-n", type=int, default=20)
    ap.add_argument("--time-scale", type=float, default=1.0, help="multiply each search level's own time")
    ap.add_argument("--max-plies", type=int, default=strength.MAX_PLIES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", "-w", type=int, default=1)
    ap.add_argument("--backend", default="process", help="process, ray or inline")
    ap.add_argument("--save", type=Path, default=None, help="write every game and the settings to this JSON file")
    ap.add_argument("--merge", type=Path, nargs="+", default=None, help="fit runs saved with --save instead of playing")
    ap.add_argument("--write-docs", type=Path, default=None, help="put the table into this page")
    ap.add_argument("--marker", default="ratings", help="the page's markers: <!-- MARKER:start --> ... <!-- MARKER:end -->")
    ap.add_argument("--smoke", action="store_true", help="CI: one short game per pair of the cheap levels, Skud")
    ap.add_argument("--pair-table", default=None, metavar="MARKER",
                    help="also print the pairs' scores and CPU (and with --write-docs put them between this marker's lines)")
    ap.add_argument("--floor", default=None, metavar="SCORE:MS",
                    help="with --pair-table: whether each pair's stronger level reached SCORE (0-1) at no more than MS CPU ms a decision")
    args = ap.parse_args(argv)
    if args.smoke:
        args.variants, args.levels, args.pairs = ["skud"], ["random", "greedy", "quick"], None
        args.games, args.max_plies, args.backend = 1, 40, "inline"
    if args.merge:
        settings, games = strength.load_saved(args.merge)
    else:
        pairs = args.pairs or chain_pairs(args.levels)
        variants = args.variants or paisho.variants()
        known = paisho.variants()
        bad = [v for v in variants if v not in known]
        if bad:
            ap.error(f"unknown variant(s) {', '.join(bad)} (known: {', '.join(known)})")
        settings = {"think": None, "scale": args.time_scale, "max_plies": args.max_plies, "cpu_time": True}
        tasks = [(v, *pair.split(":"), k, args.seed, None, args.max_plies, args.time_scale, True)
                 for v in variants for pair in pairs for k in range(args.games)]
        games: list = []
        started = time.time()

        def done(_n, result):
            games.append(result)
            if args.save:
                args.save.write_text(json.dumps({"settings": dict(settings, games=len(games)), "games": games},
                                                indent=1) + "\n", "utf-8")
            print(f"  {result['variant']} {result['upper']} v {result['lower']} game {result['index'] + 1}: "
                  f"{result['score']:g}", file=sys.stderr, flush=True)

        run_tasks(strength.play_one, tasks, workers=args.workers, backend=args.backend, on_done=done)
        print(f"wall time {time.time() - started:.0f} s", file=sys.stderr)
    counts = {}
    for r in games:
        key = (r["variant"], r["upper"], r["lower"])
        counts[key] = counts.get(key, 0) + 1
    settings["games"] = "-".join(str(c) for c in sorted({min(counts.values()), max(counts.values())}))
    text = table(games, settings)
    print(text)
    if args.write_docs:
        strength.write_docs(args.write_docs, text, args.marker)
    if args.pair_table:
        floor = None
        if args.floor:
            try:
                score, ms = (float(x) for x in args.floor.split(":"))
            except ValueError:
                ap.error(f"--floor {args.floor!r}: expected SCORE:MS, e.g. 0.7:10")
            floor = (score, ms)
        pairs_text = pair_table(games, floor)
        print(pairs_text)
        if args.write_docs:
            strength.write_docs(args.write_docs, pairs_text, args.pair_table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
