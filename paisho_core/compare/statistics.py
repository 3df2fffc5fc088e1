"""Statistics of one variant's self-play games: the figures a report shows, from per-game results."""
from __future__ import annotations

import math

from .. import stats
from .ends import is_limit
from .selfplay import DECILES


def _rate(k: int, n: int) -> dict:
    ci = stats.wilson(k, n)
    return {"count": k, "of": n, "rate": k / n if n else None,
            "ci95": list(ci) if ci else None}


def summarise_play(results: list[dict], max_plies: int) -> dict:
    """The play figures of one variant from its per-game results (in game order)."""
    n = len(results)
    decisions = [r["decisions"] for r in results]
    turns = [r["turns"] for r in results]
    chance = [r["chance"] for r in results]
    caps = [r["captures"] for r in results]
    bcounts = stats.merge_counts(dict(r["branching"]) for r in results)
    total_dec = sum(bcounts.values())
    per_game_branching = [sum(v * c for v, c in r["branching"]) / r["decisions"]
                          for r in results if r["decisions"]]
    dsum = [sum(r["decile_sum"][d] for r in results) for d in range(DECILES)]
    dcnt = [sum(r["decile_count"][d] for r in results) for d in range(DECILES)]
    firsts: dict[str, int] = {}
    for r in results:
        if r["first"]:
            firsts[r["first"]] = firsts.get(r["first"], 0) + 1
    first_wins = sum(1 for r in results if r["winner"] and r["winner"] == r["first"])
    second_wins = sum(1 for r in results if r["winner"] and r["winner"] != r["first"])
    draws = sum(1 for r in results if r["finished"] and r["winner"] is None)
    capped = sum(1 for r in results if r["capped"])
    at_cap = sum(1 for r in results if is_limit(r["reason"]))
    undecided = sum(1 for r in results if is_limit(r["reason"]) and r["winner"] is None)
    errors = [r["error"] for r in results if r["error"]]
    reasons: dict[str, dict] = {}
    for r in results:
        e = reasons.setdefault(r["reason"], {"count": 0, "host_wins": 0, "guest_wins": 0, "draws": 0,
                                             "unfinished": 0})
        e["count"] += 1
        e["host_wins" if r["winner"] == "host" else "guest_wins" if r["winner"] == "guest" else
          "draws" if r["finished"] else "unfinished"] += 1
    ends = [{"reason": k, "count": v["count"], "share": v["count"] / n,
             **{key: v[key] for key in ("host_wins", "guest_wins", "draws", "unfinished")}}
            for k, v in sorted(reasons.items(), key=lambda kv: (-kv[1]["count"], kv[0]))]
    decisive = first_wins + second_wins
    longest: dict[str, int] = {}
    for r in results:
        for code, dist in r.get("moved", []):
            longest[code] = max(dist, longest.get(code, 0))
    pair_games: dict[str, int] = {}
    for r in results:
        for a, b in r["harmony_pairs"]:
            key = f"{a}~{b}"
            pair_games[key] = pair_games.get(key, 0) + 1
    out = {
        "games": n,
        "max_plies": max_plies,
        "decisions": {**stats.summary(decisions), "histogram": stats.histogram(decisions)},
        "turns": {**stats.summary(turns), "histogram": stats.histogram(turns)},
        "chance_steps_per_game": stats.mean(chance),
        "branching": {
            "decisions": total_dec,
            "mean": sum(v * c for v, c in bcounts.items()) / total_dec if total_dec else None,
            "median": stats.counter_quantile(bcounts, 0.5),
            "p90": stats.counter_quantile(bcounts, 0.9),
            "max": max(bcounts) if bcounts else None,
            "per_game_mean": stats.summary(per_game_branching),
            "by_progress": [dsum[d] / dcnt[d] if dcnt[d] else None for d in range(DECILES)],
            "histogram": _counts_histogram(bcounts),
        },
        "first_player": sorted(firsts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if firsts else None,
        "first_player_counts": dict(sorted(firsts.items())),
        "first_player_wins": _rate(first_wins, n),
        "second_player_wins": _rate(second_wins, n),
        "first_player_share_of_decisive": _rate(first_wins, decisive),
        "first_player_score": (first_wins + 0.5 * draws) / n if n else None,
        "host_wins": _rate(sum(1 for r in results if r["winner"] == "host"), n),
        "guest_wins": _rate(sum(1 for r in results if r["winner"] == "guest"), n),
        "draws": _rate(draws, n),
        "capped": _rate(capped, n),
        "at_cap": _rate(at_cap, n),
        "undecided_at_limit": _rate(undecided, n),
        "errors": {"count": len(errors), "first": errors[0] if errors else None},
        "ends": ends,
        "harmony_pairs_seen": dict(sorted(pair_games.items())),
        "longest_move_seen": dict(sorted(longest.items())),
        "captures": {**stats.summary(caps), "games_with_capture": _rate(sum(1 for c in caps if c), n)},
    }
    for key in ("removals", "harmonies_formed", "bonuses"):
        values: list[float] = [r[key] for r in results if r.get(key) is not None]
        out[key] = stats.summary(values) if values else None
    in_play = [r["tiles_in_play"] for r in results if r.get("tiles_in_play")]
    out["tiles_in_play"] = {p: stats.mean([t.get(p, 0) for t in in_play]) for p in ("guest", "host")} \
        if in_play else None
    if any("touch" in r for r in results):
        out["touch"] = summarise_touch(results)
    return out


def summarise_touch(results: list[dict]) -> dict:
    """Where the compared rule sets disagreed in these games (:mod:`.touch`): games and steps
    touched, by kind, and the first such position of the first game touched."""
    touched = [(k, r["touch"]) for k, r in enumerate(results) if r.get("touch", {}).get("steps")]
    kinds: dict[str, int] = {}
    for _k, t in touched:
        for kind, c in t["kinds"].items():
            kinds[kind] = kinds.get(kind, 0) + c
    first = None
    if touched:
        k, t = touched[0]
        first = {"game": k, "seed": results[k]["seed"], **t["first"]}
    failed = next((r["touch"]["failed"] for r in results if r.get("touch", {}).get("failed")), None)
    return {"games": _rate(len(touched), len(results)),
            "steps": sum(t["steps"] for _k, t in touched),
            "decisions": sum(r["decisions"] for r in results),
            "kinds": dict(sorted(kinds.items())), "first": first, "failed": failed}


def _counts_histogram(counts: dict[int, int], bins: int = 20) -> dict:
    if not counts:
        return {"edges": [], "counts": []}
    lo, hi = min(counts), max(counts)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    nbins = max(1, math.ceil((hi - lo + 1) / width))
    out = [0] * nbins
    for v, c in counts.items():
        out[min(nbins - 1, (v - lo) // width)] += c
    return {"edges": [lo + i * width for i in range(nbins + 1)], "counts": out}
