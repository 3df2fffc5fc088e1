"""The house-rule view: what changes between a base variant and its overlays or options.

``paisho compare NAME NAME:Option=value my-rule.yaml`` compares every later argument with the
first: the rules rows whose text differs, and each self-play figure's difference with its 95%
interval (Newcombe's for rates, a normal interval for means), marked significant when the
interval leaves out zero.  The view is on when every later argument is the first variant (with
other options) or a house rule stacked on it.
"""
from __future__ import annotations

import re
from typing import Optional

from .. import stats
from . import paired
from .sections import build_sections

RATES = (
    ("First player wins", ("first_player_wins",)),
    ("Second player wins", ("second_player_wins",)),
    ("Draws", ("draws",)),
    ("Guest wins", ("guest_wins",)),
    ("Host wins", ("host_wins",)),
    ("Ended at a length limit (ply cap or turn limit)", ("at_cap",)),
    ("Stopped at a length limit with no winner", ("undecided_at_limit",)),
    ("Games with a capture", ("captures", "games_with_capture")),
)
MEANS = (
    ("Decisions per game", ("decisions",)),
    ("Turns per game", ("turns",)),
    ("Captures per game", ("captures",)),
    ("Legal moves per decision (mean of the games' means)", ("branching", "per_game_mean")),
)
_OBSERVED = re.compile(r",? seen moving \d+")
"""Play-derived text inside a rules cell, left out when rules are compared."""


def _get(play: dict, path: tuple):
    for key in path:
        play = play[key]
    return play


def is_house_view(entries: list) -> bool:
    """Is every later variant the first one with other options, or a house rule stacked on it?"""
    if len(entries) < 2:
        return False
    base = entries[0]
    plugins = {p.__name__ for p in base.plugins}
    return all(v.name == base.name or (plugins and plugins <= {p.__name__ for p in v.plugins})
               for v in entries[1:])


def figure_differences(base: dict, play: dict) -> list[dict]:
    """Each self-play figure of ``play`` minus the same figure of ``base``."""
    out = []
    for label, path in RATES:
        a, b = _get(base, path), _get(play, path)
        d = stats.diff_proportions(a["count"], a["of"], b["count"], b["of"])
        out.append({"figure": label, "kind": "rate", "base": a["rate"], "value": b["rate"],
                    **(d or {"diff": None, "ci95": None, "significant": False})})
    for label, path in MEANS:
        a, b = _get(base, path), _get(play, path)
        d = stats.diff_means(a["mean"], a["sd"], a["n"], b["mean"], b["sd"], b["n"])
        out.append({"figure": label, "kind": "mean", "base": a["mean"], "value": b["mean"],
                    **(d or {"diff": None, "ci95": None, "significant": False})})
    return out


def _rule_rows(table: dict) -> dict:
    """A rules table as ``{row name: [cell per variant]}``; tables with one row per variant and
    item (first header ``Variant``) are keyed by their item."""
    if table["headers"][0] == "Variant":
        out: dict = {}
        for row in table["rows"]:
            out.setdefault(f"{table['title']}: {row[1]}", {})[row[0]] = " | ".join(map(str, row[2:]))
        return out
    labels = table["headers"][1:]
    return {f"{table['title']}: {row[0]}" if table["title"] != "Overview" else row[0]:
            dict(zip(labels, row[1:])) for row in table["rows"]}


def rules_differences(report: dict, base_label: str, label: str) -> list[dict]:
    """The rules rows whose text differs between two variants of a report."""
    rules = next(s for s in build_sections(report) if s["title"] == "Rules side by side")
    out = []
    for table in rules["tables"]:
        for name, cells in _rule_rows(table).items():
            if "seen in play" in name or "(observed)" in name:
                continue
            a = _OBSERVED.sub("", str(cells.get(base_label, "-")))
            b = _OBSERVED.sub("", str(cells.get(label, "-")))
            if a != b:
                out.append({"row": name, "base": a, "value": b})
    return out


def differences(report: dict, results: Optional[list[list[dict]]] = None) -> list[dict]:
    """The house-rule view of a report: one entry per later variant.  With the per-game
    ``results`` (in the report's variant order) every figure is a paired difference, game k of
    the variant against game k of the base (:mod:`.paired`), with the identical pairs counted
    and a sample-size hint; without them (an old saved report) the unpaired differences."""
    vs = report["variants"]
    base = vs[0]
    out = []
    for n, v in enumerate(vs[1:], 1):
        d = {"base": base["label"], "variant": v["label"],
             "rules": rules_differences(report, base["label"], v["label"])}
        if results is None:
            d["figures"] = figure_differences(base["play"], v["play"])
        else:
            d["paired"] = True
            d["figures"] = paired.paired_figures(results[0], results[n])
            d["identical_pairs"] = paired.identical_pairs(results[0], results[n])
            d["structural"] = paired.structural_changes(results[0], results[n])
            first = next(f for f in d["figures"] if f["figure"] == "First player wins")
            disc = sum(first["discordant"]) / first["n"] if first["n"] else None
            d["sample_size"] = paired.games_for_shift((first["base"] + first["value"]) / 2, disc)
        d["touch"] = v["play"].get("touch")
        out.append(d)
    return out
