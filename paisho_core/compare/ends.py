"""How games end: end reasons grouped by their short reason, what each decided, and which games
stopped at a length limit with no result.

A variant's outcome reason reads ``short reason; details`` (``a reserve is empty; more
midline-crossing harmonies (4-0)``): games are grouped by the part before the first ``;``.  A
game that reaches a length limit has *ended by rule* when the variant's own rules decide it there
(a winner on the final count); only a game stopped at the comparison's decision cap, or drawn at
the variant's turn limit, is *not finished by play*.

Reports from version 2 on carry, per end reason, the games each side won, the draws and the games
with no result (``host_wins``, ``guest_wins``, ``draws``, ``unfinished``).  A report saved before
those counts existed has only its end reasons and its total draws; then the split is *inferred*:
when exactly one set of end reasons has counts that add up to the draws, those reasons are taken
as drawn and the others as decided; otherwise the split is left unknown (``None``) and only its
bounds are used.  Every function here works on either shape.
"""
from __future__ import annotations

from itertools import combinations

from .. import stats

NO_RESULT = ("ply cap", "error", "stuck (no legal move, no outcome)", "unfinished")
"""Reasons of games the comparison stopped (or a plugin broke) before the rules gave an outcome."""
MAX_INFERRED = 18
"""Reasons beyond which the split of an old report is not searched for (2^n subsets)."""


def short_reason(reason: str) -> str:
    """The reason's head: ``a reserve is empty; midline-crossing harmonies tied n`` -> ``a reserve
    is empty``."""
    return reason.split(";", 1)[0].strip() or reason


def is_limit(reason: str) -> bool:
    """Did a game end by a length limit (the comparison's decision cap or the variant's own turn
    limit) rather than by play?"""
    return reason == "ply cap" or "turn limit" in reason.lower()


def split_ends(play: dict) -> tuple[list[dict], str | None]:
    """Each entry of ``play["ends"]`` with ``decided``, ``draws`` and ``unfinished`` counts (and
    ``host_wins``/``guest_wins`` when the report has them), and how the split is known:
    ``"counted"``, ``"inferred"`` or ``None`` (unknown: the counts are ``None``)."""
    ends = [dict(e) for e in play.get("ends", [])]
    if all("draws" in e for e in ends):
        for e in ends:
            e["decided"] = e["host_wins"] + e["guest_wins"]
        return ends, "counted"
    for e in ends:
        e["unfinished"] = e["count"] if e["reason"] in NO_RESULT else 0
    finished = [e for e in ends if not e["unfinished"]]
    drawn = _only_subset([e["count"] for e in finished], play["draws"]["count"])
    for n, e in enumerate(finished):
        if drawn is None:
            e["draws"] = e["decided"] = None
        else:
            e["draws"] = e["count"] if n in drawn else 0
            e["decided"] = e["count"] - e["draws"]
    for e in ends:
        if e["unfinished"]:
            e["draws"] = e["decided"] = 0
    return ends, ("inferred" if drawn is not None else None)


def _only_subset(counts: list[int], total: int) -> set[int] | None:
    """The one set of indices whose counts add up to ``total``, or None when none or several do."""
    if len(counts) > MAX_INFERRED:
        return None
    found = None
    for size in range(len(counts) + 1):
        for combo in combinations(range(len(counts)), size):
            if sum(counts[i] for i in combo) == total:
                if found is not None:
                    return None
                found = set(combo)
    return found


def end_groups(play: dict) -> tuple[list[dict], str | None]:
    """The games grouped by short reason, most frequent first: ``{"reason", "count", "share",
    "limit", "decided", "draws", "unfinished", "details": [{"reason", "count"}]}`` (split counts
    ``None`` when unknown), and how the split is known (as :func:`split_ends`)."""
    ends, how = split_ends(play)
    n = play["games"] or 1
    groups: dict[str, dict] = {}
    for e in ends:
        key = short_reason(e["reason"])
        g = groups.setdefault(key, {"reason": key, "count": 0, "limit": False, "decided": 0,
                                    "draws": 0, "unfinished": 0, "details": []})
        g["count"] += e["count"]
        g["limit"] = g["limit"] or is_limit(e["reason"])
        for k in ("decided", "draws", "unfinished"):
            g[k] = None if g[k] is None or e[k] is None else g[k] + e[k]
        tail = e["reason"][len(key):].lstrip(" ;")
        if tail:
            g["details"].append({"reason": tail, "count": e["count"]})
    out = sorted(groups.values(), key=lambda g: (-g["count"], g["reason"]))
    for g in out:
        g["share"] = g["count"] / n
    return out, how


def undecided_at_limit(play: dict) -> dict:
    """Games stopped at a length limit with no winner (at the decision cap, or drawn at the
    variant's turn limit): ``{"count", "of", "rate", "how"}``.  When an old report's split is
    unknown the count follows from the draws where it can (``how`` is ``"bounded"``), else it is
    its upper bound (every draw that could be at a limit) and ``how`` is ``"at most"``."""
    if "undecided_at_limit" in play:
        return {**play["undecided_at_limit"], "how": "counted"}
    ends, how = split_ends(play)
    n = play["games"]
    count = sum(e["unfinished"] for e in ends if is_limit(e["reason"]))
    if how is not None:
        count += sum(e["draws"] for e in ends if is_limit(e["reason"]))
    else:
        draws = play["draws"]["count"]
        at_limit = sum(e["count"] - e["unfinished"] for e in ends if is_limit(e["reason"]))
        elsewhere = sum(e["count"] - e["unfinished"] for e in ends if not is_limit(e["reason"]))
        low, high = max(0, draws - elsewhere), min(draws, at_limit)
        count += high
        how = "bounded" if low == high else "at most"
    ci = stats.wilson(count, n)
    return {"count": count, "of": n, "rate": count / n if n else None, "ci95": list(ci) if ci else None,
            "how": how}


def group_text(g: dict) -> str:
    """What one group of ends decided, in words: ``all decided``, ``all drawn``, ``no result``,
    ``12% of them drawn``, or nothing when the split is unknown."""
    c = g["count"]
    if g["unfinished"] == c:
        return "no result"
    if g["draws"] is None:
        return ""
    if g["decided"] == c:
        return "all decided"
    if g["draws"] == c:
        return "all drawn"
    parts = []
    if g["draws"]:
        parts.append(f"{100 * g['draws'] / c:.0f}% of them drawn")
    if g["unfinished"]:
        parts.append(f"{100 * g['unfinished'] / c:.0f}% with no result")
    return ", ".join(parts) or "all decided"


def share_text(share: float, digits: int = 0) -> str:
    """A share as a percentage, with one more digit when it would otherwise read 0%."""
    if 0 < share and round(100 * share, digits) == 0:
        digits += 1
    return f"{100 * share:.{digits}f}%"


def ends_summary(play: dict, digits: int = 0, limit: int | None = None) -> str:
    """The ends of one variant in a line: ``harmony ring 42% (all decided); a reserve is empty
    58% (12% of them drawn)``; ``limit`` keeps the most frequent groups and counts the rest."""
    groups, _how = end_groups(play)
    shown = groups if limit is None else groups[:limit]
    parts = []
    for g in shown:
        words = group_text(g)
        parts.append(f"{g['reason']} {share_text(g['share'], digits)}" + (f" ({words})" if words else ""))
    text = "; ".join(parts)
    rest = len(groups) - len(shown)
    if rest:
        text += f" (and {rest} other {'way' if rest == 1 else 'ways'})"
    return text


def warnings_of(variants: list[dict]) -> list[str]:
    """One sentence per variant most of whose games stopped at a length limit with no winner, and
    one per variant with games stopped by an error in its plugin."""
    out = []
    for item in variants:
        errors = item["play"].get("errors", {})
        if errors.get("count"):
            out.append(f"{item['label']}: {errors['count']} of the {item['play']['games']} games stopped "
                       f"by an error in the plugin (first: {errors['first']})")
        u = undecided_at_limit(item["play"])
        if (u["rate"] or 0) > 0.5:
            bound = "up to " if u["how"] == "at most" else ""
            out.append(f"{item['label']}: {bound}{100 * u['rate']:.0f}% of the games stopped at a length "
                       "limit with no winner (the ply cap, or a draw at the variant's turn limit), "
                       "not finished by play")
    return out


RESULT_NAMES = ("first player wins", "draw by play", "draw at a length limit", "second player wins",
                "no result (ply cap or error)")


def result_shares(play: dict) -> list[tuple[str, float]]:
    """What the games of one variant came to, as shares adding up to 1, in the order of
    :data:`RESULT_NAMES`: a draw at a length limit is told apart from a draw by play, and a game
    with no result (ply cap, error) fills the rest."""
    n = play["games"] or 1
    draws = play["draws"]["count"]
    limit_draws = min(draws, max(0, undecided_at_limit(play)["count"] - play["capped"]["count"]))
    first = play["first_player_wins"]["count"] / n
    second = play["second_player_wins"]["count"] / n
    rest = max(0.0, 1 - first - second - draws / n)
    return list(zip(RESULT_NAMES, (first, (draws - limit_draws) / n, limit_draws / n, second, rest)))
