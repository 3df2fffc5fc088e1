"""The parts of a report that say how far its answers can be trusted: whether the rule came into
play, the paired differences with Holm's correction, the identical pairs, the sample-size hint,
how many games ``--until-decided`` needed, and the pictures.  Each is a section (the model of
:mod:`.sections`) or a notice for the top of the report."""
from __future__ import annotations

from .paired import structural_text
from .sections import _pct, _signed
from .touch import KIND_TEXT, KINDS

ADVICE = ("Either the rule can never change a decision (an option that changes nothing, a move "
          "filter that never matches), or these players never reach a position where it matters: "
          "try stronger or more exploring players (--players explore:LEVEL), more games, or a "
          "position where the rule applies (paisho moves FILE).")


def notices(report: dict) -> list[str]:
    """Sentences for the top of a report: a rule that never came into play, and how many
    figures were tested at once."""
    out = []
    for d in report.get("differences", []):
        t = d.get("touch")
        if d.get("same_rules"):
            out.append(f"The rule can never come into play: {d['variant']} has the same hooks, options and "
                       f"data as {d['base']} (names and prose aside), so it changes nothing.")
        elif t is not None and not t["games"]["count"]:
            out.append(f"The rule never came into play: in none of the {t['games']['of']} games of "
                       f"{d['variant']} did its rules and {d['base']}'s disagree (on the legal moves, "
                       f"a move's result, a chance draw or the end), so every difference below is "
                       f"noise or none. {ADVICE}")
        elif t is not None:
            out.append(f"The rule came into play in {t['games']['count']} of the {t['games']['of']} games "
                       f"of {d['variant']} ({t['steps']} of {t['decisions']} steps).")
        out += structural_text(d)
        figs = d.get("figures", [])
        if d.get("paired") and figs:
            alone = sum(1 for f in figs if f.get("significant_alone"))
            held = sum(1 for f in figs if f.get("significant"))
            out.append(f"{d['variant']}: {len(figs)} figures were tested at once; {alone} would be "
                       f"significant alone at 5%, {held} after Holm's correction for the number of "
                       "tests (only those are marked significant).")
    for d in report.get("differences", []):
        same = d.get("identical_pairs")
        if same and same["of"] and same["count"] == same["of"]:
            out.append(f"Every pair of games of {d['variant']} and {d['base']} was identical move for move.")
    return out


def touch_section(report: dict) -> dict | None:
    rows, texts, figures = [], [], []
    for d in report.get("differences", []):
        t = d.get("touch")
        if t is None:
            continue
        by_kind = ", ".join(f"{KIND_TEXT[k]} {t['kinds'][k]}" for k in KINDS if t["kinds"].get(k)) or "-"
        rows.append([d["variant"], _pct(t["games"]), f"{t['steps']} of {t['decisions']}", by_kind,
                     t.get("failed") or "-"])
        first = t.get("first")
        if first:
            caption = (f"{d['variant']}: the first position where the rules disagreed (game {first['game']}, "
                       f"turn {first['turn']}, {first['to_move']} to move; {', '.join(KIND_TEXT[k] for k in first['kinds'])}; "
                       f"played {first['move']})")
            texts.append((caption, first["board"]))
            if first.get("svg"):
                figures.append((caption, first["svg"]))
    if not rows:
        return None
    return {"title": "Did the rule come into play?",
            "intro": "In each house rule's games, every step was also put to the base's rules on the same "
                     "position: a step counts when the two disagree on the legal moves, on a chance draw, on "
                     "the result of the move played, or on whether and how the game ends. A rule that "
                     "never disagrees changed nothing these players did.",
            "tables": [{"title": "Games and steps where the rules disagreed",
                        "headers": ["House rule", "Games touched [95% CI]", "Steps touched", "By kind",
                                    "Base could not follow"], "rows": rows}],
            "texts": texts, "figures": figures, "plots": []}


def _interval(ci, pct: bool) -> str:
    return f"[{_signed(ci[0], pct)}, {_signed(ci[1], pct)}]" if ci else "-"


def paired_tables(d: dict) -> list[dict]:
    """The paired figures of one house rule: the main table, and the end reasons' (who won the
    games each ended) when there are any."""
    main = [f for f in d["figures"] if f.get("group") != "ends"]
    ends = [f for f in d["figures"] if f.get("group") == "ends"]
    out = [paired_table(d, main)]
    if ends:
        table = paired_table(d, ends)
        table["title"] = (f"End reasons: {d['variant']} minus {d['base']}, paired by seed (shares of all "
                          "games; in the same Holm correction)")
        out.append(table)
    return out


def paired_table(d: dict, figures: list[dict] | None = None) -> dict:
    rows = []
    for f in d["figures"] if figures is None else figures:
        pct = f["kind"] == "rate"
        value = (lambda x: "-" if x is None else (f"{100 * x:.1f}%" if pct else f"{x:.2f}"))
        extra = f" ({f['discordant'][0]} / {f['discordant'][1]})" if f.get("discordant") else ""
        rows.append([f["figure"], value(f["base"]), value(f["value"]),
                     f"{_signed(f['diff'], pct)} {_interval(f['ci95'], pct)}",
                     f"{f['p']:.3g} ({f['test']}){extra}", f"{f['p_holm']:.3g}",
                     "yes *" if f["significant"] else "no", _interval(f.get("unpaired_ci95"), pct)])
    return {"title": f"Self-play figures: {d['variant']} minus {d['base']}, paired by seed",
            "headers": ["Figure", d["base"], d["variant"], "Paired difference [95% CI]",
                        "p (test; for rates base-only / rule-only pairs)", "p after Holm",
                        "Significant (Holm)", "Unpaired [95% CI], for contrast"],
            "rows": rows}


def paired_intro(d: dict, games: int) -> str:
    from .paired import hint_text

    same = d.get("identical_pairs") or {}
    s = (f"Game k of {d['variant']} and game k of {d['base']} start from the same seed: a pair. "
         f"{same.get('count', 0)} of {same.get('of', 0)} pairs were identical move for move. ")
    if d.get("sample_size"):
        s += hint_text(d["sample_size"], games)
    return s


def decided_section(report: dict) -> dict | None:
    dec = report.get("decided")
    if not dec:
        return None
    rows = [[f["figure"], str(f["games"]) if f["games"] is not None else f"not by the cap ({dec['cap']})"]
            for f in dec["figures"]]
    how = "stopped on its own" if dec["stopped_on_its_own"] else f"stopped at the cap of {dec['cap']} games"
    return {"title": "How many games each answer needed",
            "intro": f"--until-decided: batches of {report['settings']['until_decided']['first_batch']} games a "
                     f"side until every figure's 95% interval was narrower than {dec['width']:g} (rates in "
                     f"probability, means relative to the base's mean) or its difference significant; "
                     f"{dec['games']} games a side, {how}.",
            "tables": [{"title": "Games a side at which each figure was decided",
                        "headers": ["Figure", "Games"], "rows": rows}],
            "figures": [], "plots": []}


def pictures_section(report: dict) -> dict | None:
    texts, figures = [], []
    for v in report["variants"]:
        pics = v.get("pictures") or {}
        start, final = pics.get("start"), pics.get("final")
        if start:
            texts.append((f"{v['label']}: the starting position", start["board"]))
            if start.get("svg"):
                figures.append((f"{v['label']}: the starting position", start["svg"]))
        if final:
            caption = (f"{v['label']}: a typical final position (game {final['game']}, of median length; "
                       f"{final['reason']}, {final['winner'] or 'no winner'})")
            texts.append((caption, final["board"]))
            if final.get("svg"):
                figures.append((caption, final["svg"]))
    if not texts:
        return None
    return {"title": "Pictures", "intro": "Each variant's starting position, and the final position of its "
                                          "game of median length (played again from its seed).",
            "tables": [], "texts": texts, "figures": figures, "plots": []}


def sample_size_line(report: dict) -> str | None:
    from .paired import hint_text

    h = report.get("sample_size")
    return None if not h else "Sample size: " + hint_text(h, report["settings"]["games"])
