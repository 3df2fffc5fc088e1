"""Playing strength: every level against the one below, in every variant, sides alternating.

For each variant and each pair (by default ``greedy`` v ``random``, ``easy`` v ``greedy``,
``medium`` v ``easy``, ``hard`` v ``medium``, and ``medium`` v ``medium`` to see whether games
end), ``--games`` games are played, the stronger level taking the Guest in even games and the
Host in odd ones.  A game that reaches ``--max-plies`` decisions counts as a **draw** (never as
a win by evaluation).  Printed per row: the stronger level's score (a win 1, a draw 1/2) with a
95% Wilson interval, wins / draws / losses, games capped, the share ended by a rule of the
variant, and the median and maximum seconds the search levels took per decision.

Games fan out through the comparison's backends (``paisho_core.compare.backends.run_tasks``:
local processes, Ray, or inline); nothing here starts a pool of its own.  Figures are printed,
never asserted.  ``--write-docs docs/playing.md`` puts the table between the page's
``<!-- strength:start -->`` and ``<!-- strength:end -->`` markers (``--marker NAME`` for another
pair, so a page can hold tables played under different budgets).

    python benchmarks/strength.py                              # the full run (hours)
    python benchmarks/strength.py --games 4 --time-scale 0.2 --workers 2   # every level at 1/5 its time
    python benchmarks/strength.py --variants skud fire --pairs greedy:random
    python benchmarks/strength.py --variants skud --pairs medium:greedy --cpu-time   # budgets in CPU seconds
    python benchmarks/strength.py --smoke                      # CI: one short game
    python benchmarks/strength.py --variants iroh --pairs hard:medium --save runs/iroh.json
    python benchmarks/strength.py --merge runs/*.json --write-docs docs/playing.md

A long run is best played a variant at a time with ``--save FILE`` (every game as JSON, with the
settings it was played under); ``--merge FILE ...`` then builds one table from saved runs without
playing, and refuses runs whose settings differ (a table has one budget line).  A run stopped
early is finished with ``--first N`` (games N to ``--games``, the same seeds) and merged.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

import paisho_core as paisho
from paisho_core.compare.backends import run_tasks
from paisho_core.players import SEARCH as LEVEL_SETTINGS
from paisho_core.players import make_player, play_game, result_for
from paisho_core.stats import wilson

PAIRS = ("greedy:random", "easy:greedy", "medium:easy", "hard:medium", "medium:medium")
MAX_PLIES = 1000
"""A safety net above every variant's own end: a game between players who block each other must
end by the rules, not here.  Basic's 200 turns each have run to 492 decisions, and Ancient's 200
rounds are about 800; its no-progress rule (100 turns in a row without a tile leaving play: its
rulings page) ends a Dragon exchange sooner only if neither player breaks it off, and search
players who see the count coming do.  Runs saved before 2026-11-26 used 500 (the merged table
says which rows were played under which cap)."""
SEARCH = ("easy", "medium", "hard")


def budget(level: str, think, scale: float):
    """Seconds per decision for ``level``: ``think`` if given, else its own time times ``scale``."""
    if think is not None or level not in LEVEL_SETTINGS:
        return think
    return LEVEL_SETTINGS[level]["seconds"] * scale


def play_one(variant: str, upper: str, lower: str, index: int, seed: int, think, max_plies: int,
             scale: float = 1.0, cpu_time: bool = False) -> dict:
    """One game: ``upper`` is the Guest in even games, the Host in odd ones.  With ``cpu_time``
    the search budgets and the recorded times are the worker process's CPU seconds."""
    game = paisho.new_game(variant, seed=seed + index)
    upper_side = "guest" if index % 2 == 0 else "host"
    lower_side = "host" if upper_side == "guest" else "guest"
    players = {upper_side: make_player(upper, seed=(seed + index) * 7 + 1, seconds=budget(upper, think, scale),
                                       cpu_time=cpu_time),
               lower_side: make_player(lower, seed=(seed + index) * 7 + 2, seconds=budget(lower, think, scale),
                                       cpu_time=cpu_time)}
    times: dict = {upper_side: [], lower_side: []}
    play_game(game, players, max_plies=max_plies, times=times,
              clock=time.process_time if cpu_time else time.perf_counter)
    decisions = len(times[upper_side]) + len(times[lower_side])
    return {"variant": variant, "upper": upper, "lower": lower, "index": index, "seed": seed,
            "upper_side": upper_side, "score": result_for(game, upper_side, capped="draw"),
            "won": game.outcome is not None and game.outcome.winner is not None,
            "capped": game.outcome is None, "reason": game.outcome.reason if game.outcome else "decision cap",
            "decisions": decisions, "cap": max_plies,
            "upper_times": times[upper_side], "lower_times": times[lower_side]}


def summarise(rows: list[dict]) -> dict:
    n = len(rows)
    wins = sum(r["score"] == 1.0 for r in rows)
    draws = sum(r["score"] == 0.5 for r in rows)
    points = wins + 0.5 * draws
    lo, hi = wilson(points, n) or (0.0, 0.0)
    capped = sum(r["capped"] for r in rows)
    search_times = [t for r in rows for side, level in (("upper_times", r["upper"]), ("lower_times", r["lower"]))
                    if level in SEARCH for t in r[side]]
    decided = sum(r["won"] for r in rows)
    return {"games": n, "decided": decided / n, "wins": wins, "draws": draws, "losses": n - wins - draws, "score": points / n,
            "low": lo, "high": hi, "capped": capped, "ended": (n - capped) / n,
            "median_s": statistics.median(search_times) if search_times else None,
            "max_s": max(search_times) if search_times else None,
            "decisions": statistics.mean(r["decisions"] for r in rows)}


def table(results: dict, settings: dict) -> str:
    think, scale = settings["think"], settings["scale"]
    if think is not None:
        budget_text = f"{think} s for every search level (--think)"
    elif scale == 1:
        budget_text = "each level's own (easy 0.25 s, medium 1 s, hard 3 s)"
    else:
        budget_text = ", ".join(f"{k} {v['seconds'] * scale:g} s" for k, v in LEVEL_SETTINGS.items()) + \
            f" (each level's own times {scale:g}, --time-scale)"
    if settings.get("cpu_time"):
        budget_text += ", counted in CPU seconds (--cpu-time)"
    lines = [f"{settings['games']} games per row, sides alternating, decision cap {cap_text(settings['max_plies'])} "
             f"(a capped game is a draw), search time per decision: {budget_text}.",
             "",
             "| variant | pair | score (95% CI) | W / D / L | capped | ended by a rule | won by a side | mean decisions | search s/decision (median / max) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for (variant, pair), s in results.items():
        upper, lower = pair.split(":")
        timing = "–" if s["median_s"] is None else f"{s['median_s']:.2f} / {s['max_s']:.2f}"
        lines.append(f"| {variant} | {upper} v {lower} | {100 * s['score']:.0f}% ({100 * s['low']:.0f}–{100 * s['high']:.0f}%) "
                     f"| {s['wins']} / {s['draws']} / {s['losses']} | {s['capped']} | {100 * s['ended']:.0f}% | {100 * s['decided']:.0f}% "
                     f"| {s['decisions']:.0f} | {timing} |")
    return "\n".join(lines) + "\n"


def cap_text(caps) -> str:
    """The decision cap for the table's first line: one number, or (runs merged across a change
    of cap) the most common one and the rows played under another."""
    if not isinstance(caps, dict):
        return str(caps)
    counts: dict = {}
    for cap_set in caps.values():
        for cap in cap_set:
            counts[cap] = counts.get(cap, 0) + 1
    usual = max(sorted(counts, reverse=True), key=lambda c: counts[c])  # a tie: the larger
    other: dict = {}
    for (variant, pair), cap_set in sorted(caps.items()):
        if cap_set != {usual}:
            label = "/".join(str(c) for c in sorted(cap_set))
            other.setdefault(label, []).append(f"{variant} {pair.replace(':', ' v ')}")
    return "; ".join([str(usual)] + [f"{label} for {', '.join(rows)}" for label, rows in other.items()])


def write_docs(path: Path, text: str, marker: str = "strength") -> None:
    page = path.read_text("utf-8")
    start, end = f"<!-- {marker}:start -->", f"<!-- {marker}:end -->"
    if start not in page or end not in page:
        raise SystemExit(f"{path}: no {start} ... {end} markers to write the table between")
    page = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _m: f"{start}\n{text}{end}", page, flags=re.S)
    path.write_text(page, "utf-8")


def load_saved(paths: list[Path]) -> tuple[dict, list[dict]]:
    """The settings and games of runs saved with ``--save``; every file must have the same settings
    but the decision cap (games per row may differ: the table then says the smallest and largest;
    each game keeps the cap it was played under, and the table says which rows had another)."""
    settings, games, seen = None, [], {}
    for path in paths:
        try:
            data = json.loads(path.read_text("utf-8"))
            got, rows = data["settings"], data["games"]
            if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
                raise TypeError("'games' is not a list of games")
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise SystemExit(f"{path}: not a run saved by --save ({exc})") from None
        same = {k: v for k, v in got.items() if k not in ("games", "max_plies")}
        if settings is not None and same != settings:
            raise SystemExit(f"{path}: played with {same}, the other files with {settings}; "
                             "a table has one budget line, so merge only runs with the same settings")
        settings = same
        for r in rows:
            key = (r.get("variant"), r.get("upper"), r.get("lower"), r.get("index"), r.get("seed"))
            if key in seen:
                raise SystemExit(f"{path}: {key[0]} {key[1]} v {key[2]} game {key[3] + 1} (seed {key[4]}) is also in "
                                 f"{seen[key]}; the same game would count twice")
            seen[key] = path
            r.setdefault("cap", got.get("max_plies"))
        games.extend(rows)
    if settings is None:
        raise SystemExit("--merge: no files given")
    return settings, games


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variants", nargs="*", default=None, help="variants (default: every registered one)")
    ap.add_argument("--pairs", nargs="*", default=list(PAIRS), help="STRONGER:WEAKER level pairs")
    ap.add_argument("--games", "-n", type=int, default=40)
    ap.add_argument("--first", type=int, default=1,
                    help="the first game to play (1 to --games): resumes a run stopped early, whose "
                         "saved games merge with these (--merge)")
    ap.add_argument("--think", type=float, default=None, help="seconds per search decision (default: each level's own)")
    ap.add_argument("--time-scale", type=float, default=1.0, help="multiply each search level's own time (without --think)")
    ap.add_argument("--cpu-time", action="store_true",
                    help="count search budgets (and the times shown) in each worker's CPU seconds, "
                         "not wall-clock: fair figures on a loaded machine")
    ap.add_argument("--max-plies", type=int, default=MAX_PLIES)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", "-w", type=int, default=1)
    ap.add_argument("--backend", default="process", help="process, ray or inline")
    ap.add_argument("--json", dest="json_out", action="store_true", help="print every game as JSON too")
    ap.add_argument("--write-docs", type=Path, default=None, help="put the table into this page")
    ap.add_argument("--marker", default="strength",
                    help="the page's markers to write between: <!-- MARKER:start --> and <!-- MARKER:end -->")
    ap.add_argument("--smoke", action="store_true", help="one short game per pair on two variants")
    ap.add_argument("--save", type=Path, default=None, help="write every game and the settings to this JSON file")
    ap.add_argument("--merge", type=Path, nargs="+", default=None,
                    help="build the table from runs saved with --save instead of playing")
    args = ap.parse_args(argv)
    problem = check_args(args)
    if problem:
        ap.error(problem)
    started = time.time()
    if args.merge:
        settings, games = load_saved(args.merge)
    else:
        settings = {"think": args.think, "scale": args.time_scale, "max_plies": args.max_plies,
                    "cpu_time": args.cpu_time}
        games = play(args, settings)
    grouped: dict = {}
    for g in games:
        grouped.setdefault((g["variant"], f"{g['upper']}:{g['lower']}"), []).append(g)
    results = {key: summarise(rows) for key, rows in grouped.items()}
    counts = sorted({len(rows) for rows in grouped.values()}) or [0]
    settings["games"] = counts[0] if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    caps = {key: {r.get("cap", settings.get("max_plies")) for r in rows} for key, rows in grouped.items()}
    if args.merge:
        settings["max_plies"] = max(c for cap_set in caps.values() for c in cap_set)
    shown = dict(settings, max_plies=caps) if len({c for cs in caps.values() for c in cs}) > 1 else settings
    text = table(results, shown)
    print(text)
    if not args.merge:
        print(f"wall time {time.time() - started:.0f} s, {args.workers} worker(s), backend {args.backend}",
              file=sys.stderr)
    if args.json_out:
        print(json.dumps({"settings": settings, "games": games}, indent=1))
    if args.save:
        args.save.write_text(json.dumps({"settings": settings, "games": games}, indent=1) + "\n", "utf-8")
    if args.write_docs:
        write_docs(args.write_docs, text, args.marker)
    return 0


def check_args(args) -> str:
    """What is wrong with the command line's pairs, variants or counts, or "" if nothing: a bad
    name is refused before any game starts (not in a worker, as a traceback, minutes later)."""
    from paisho_core.players import check_kind

    for pair in args.pairs or ():
        upper, sep, lower = pair.partition(":")
        if not sep or not upper or not lower or ":" in lower:
            return f"--pairs {pair!r}: write a pair as STRONGER:WEAKER, e.g. hard:medium"
        for kind in (upper, lower):
            try:
                check_kind(kind)
            except paisho.PaishoError as exc:
                return f"--pairs {pair!r}: {exc}"
    known = paisho.variants()
    for name in args.variants or ():
        if name not in known:
            return f"--variants: unknown variant {name!r} (known: {', '.join(known)})"
    if args.games < 1:
        return f"--games {args.games}: play at least one game"
    if not 1 <= args.first <= args.games:
        return f"--first {args.first}: give a game from 1 to --games ({args.games})"
    return ""


def play(args, settings: dict) -> list[dict]:
    """Play the games ``args`` asks for, through the comparison's backends. With ``--save``, the
    file is rewritten after every game, so a run stopped early keeps the games it finished (they
    merge like any other run)."""
    if args.smoke:
        args.variants = args.variants or ["skud", "modern"]
        args.pairs, args.games, args.think, args.max_plies, args.backend = ["greedy:random", "easy:greedy"], 1, 0.05, 30, "inline"
    names = args.variants or paisho.variants()
    tasks = [(v, *pair.split(":"), k, args.seed, args.think, args.max_plies, args.time_scale, args.cpu_time)
             for v in names for pair in args.pairs for k in range(args.first - 1, args.games)]

    finished: list[dict] = []

    def done(n, result):
        finished.append(result)
        if args.save:
            partial = dict(settings, games=len(finished))
            args.save.write_text(json.dumps({"settings": partial, "games": finished}, indent=1) + "\n", "utf-8")
        print(f"  {result['variant']} {result['upper']} v {result['lower']} game {result['index'] + 1}: "
              f"{result['score']:g} ({result['reason']}, {result['decisions']} decisions)", file=sys.stderr, flush=True)

    return run_tasks(play_one, tasks, workers=args.workers, backend=args.backend, on_done=done)


if __name__ == "__main__":
    raise SystemExit(main())
