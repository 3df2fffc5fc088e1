"""A few sentences on one variant, read off its self-play figures only (the comparing page's
"What the figures say")."""
from __future__ import annotations

from .ends import ends_summary, undecided_at_limit


def _pct(rate) -> str:
    return f"{100 * rate['rate']:.0f}%" if rate and rate.get("rate") is not None else "-"


def _ci(rate) -> str:
    lo, hi = rate["ci95"]
    return f"{100 * lo:.0f}-{100 * hi:.0f}%"


def first_player_text(p: dict) -> str:
    """Who moved first, as the games' events say (a ritual or an option may choose it game by
    game): ``the guest moves first``, or ``the first player, chosen in play (the guest in 16
    games, the host in 14), moves first``."""
    counts = p.get("first_player_counts") or {}
    if len(counts) > 1:
        each = ", ".join(f"the {seat} in {n} game{'s' if n != 1 else ''}" for seat, n in sorted(counts.items(), key=lambda kv: -kv[1]))
        return f"the first player, chosen in play ({each}), moves first"
    return f"the {p['first_player'] or 'first player'} moves first"


def prose(v: dict) -> str:
    """The first player's edge, how games end (by short reason, with what the rules decided), how
    many stopped at a length limit with no winner, and how long games last."""
    p = v["play"]
    n = p["games"]
    out = []
    share = p["first_player_share_of_decisive"]
    decisive = share["of"]
    if decisive:
        lo, hi = share["ci95"]
        verdict = ("a clear edge for the first player" if lo > 0.5 else
                   "a clear edge for the second player" if hi < 0.5 else
                   "no edge either way that these games can show")
        who = first_player_text(p)
        out.append(f"{who[0].upper()}{who[1:]} and took {share['count']} of the {decisive} decisive "
                   f"games ({_pct(share)}, 95% interval {_ci(share)}): {verdict}.")
    else:
        out.append("No game was decisive, so these games say nothing about a first-player edge.")
    out.append(f"Games ended by: {ends_summary(p, limit=3)}.")
    u = undecided_at_limit(p)
    loose = u["how"] == "at most"
    decided_at_limit = p["at_cap"]["count"] - u["count"]  # a lower bound when the split is loose
    if (u["rate"] or 0) > 0.5:
        out.append(f"{'Up to ' if loose else ''}{_pct(u)} of the games stopped at a length limit with no "
                   "winner, so these players rarely finish this variant and its win figures mean little.")
    elif decided_at_limit > 0:
        out.append(f"{'At least ' if loose else ''}{100 * decided_at_limit / n:.0f}% of the games reached "
                   "the variant's turn limit and were decided there by its own rules, not cut short.")
    if p["draws"]["count"] and (u["rate"] or 0) <= 0.5:
        out.append(f"Draws: {_pct(p['draws'])}.")
    d, t = p["decisions"], p["turns"]
    if d.get("median") is not None and p["branching"].get("mean") is not None:
        out.append(f"A game lasted {d['median']:.0f} decisions at the median ({d['p10']:.0f}-{d['p90']:.0f} "
                   f"for the middle 80%), about {t['median']:.0f} turns, with {p['branching']['mean']:.0f} "
                   f"legal moves per decision on average; {p['captures']['mean']:.1f} captures per game.")
    else:
        out.append("No decision was played, so there is nothing to say about length.")
    if p.get("errors", {}).get("count"):
        out.append(f"{p['errors']['count']} games stopped by an error in the plugin.")
    if n < 100:
        out.append(f"With {n} games the intervals are wide.")
    return " ".join(out)
