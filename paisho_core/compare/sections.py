"""The report as sections of tables and figures: one model shared by every renderer."""
from __future__ import annotations

import json
import re
from typing import Any

from .. import stats
from ..tiles import PLAYERS
from .ends import end_groups, ends_summary, group_text, undecided_at_limit
from .svg import svg_histogram, svg_lines, svg_relation, svg_results


def _pct(rate: dict | None, ci: bool = True) -> str:
    if not rate or rate.get("rate") is None:
        return "-"
    s = f"{100 * rate['rate']:.1f}%"
    if ci and rate.get("ci95"):
        lo, hi = rate["ci95"]
        s += f" [{100 * lo:.1f}, {100 * hi:.1f}]"
    return s


def _num(x, digits: int = 1) -> str:
    if x is None:
        return "-"
    if isinstance(x, int) or float(x).is_integer():
        return str(int(x))
    return f"{x:.{digits}f}"


def _harmony_text(h: dict) -> str:
    parts = []
    if h["circle"]:
        parts.append("circle " + "-".join(h["circle"]) + f"-({h['circle'][0]})")
    if h["extra_pairs"]:
        parts.append("pairs " + ", ".join("~".join(p) for p in h["extra_pairs"]))
    if not parts:
        parts.append("none in the data (hooks decide)")
    if h["wild"]:
        parts.append("wild " + ", ".join(h["wild"]))
    if not h["same_owner"]:
        parts.append("across owners")
    return "; ".join(parts)


def undeclared(rules: dict, play: dict) -> list[list[str]]:
    """Harmony pairs seen in play that the data does not declare (a rule the hooks add)."""
    declared = {tuple(p) for p in rules["harmony"]["pairs"]}
    wild = set(rules["harmony"]["wild"])
    out = []
    for key in play.get("harmony_pairs_seen", {}):
        a, b = key.split("~")
        if (a, b) not in declared and not ({a, b} & wild):
            out.append([a, b])
    return out


def _seen_text(rules: dict, play: dict) -> str:
    seen = play.get("harmony_pairs_seen", {})
    if not seen:
        return "none"
    extra = undeclared(rules, play)
    s = f"{len(seen)} code pairs"
    if extra:
        s += "; beyond the data: " + ", ".join("~".join(p) for p in extra)
    return s


def _summary_pair(s) -> str:
    return "not counted by this variant" if not s else f"{_num(s['mean'], 2)} / {_num(s['max'])}"


def _first_text(p: dict) -> str:
    counts = p.get("first_player_counts") or {}
    if len(counts) < 2:
        return str(p["first_player"])
    n = sum(counts.values())
    return " / ".join(f"{who} {100 * c / n:.0f}%" for who, c in sorted(counts.items(), key=lambda kv: -kv[1])) \
        + " (decided in play)"


def _tile_cell(t: dict, longest: int | None = None) -> str:
    s = f"{t['code']} x{t['count']}"
    if not sum(t["in_play"].values()):
        s += " (out of play)"
    if t["move"]:
        s += f", moves {t['move']}"
    if t["stops"] != "-":
        s += f", stops {t['stops']}"
    if longest:
        s += f", seen moving {longest}"
    return s


def plot_name(kind: str, label: str) -> str:
    """The file name of a per-variant plot."""
    return f"{kind}-" + re.sub(r"[^A-Za-z0-9_.=-]+", "_", label) + ".png"


def _signed(x, pct: bool) -> str:
    if x is None:
        return "-"
    return f"{100 * x:+.1f} pp" if pct else f"{x:+.2f}"


def _differences_section(report: dict) -> dict:
    """What each later variant changes against the first: rules rows and self-play figures."""
    from .trust import paired_intro, paired_tables

    tables = []
    intros = []
    for d in report["differences"]:
        rows = [[r["row"], r["base"], r["value"]] for r in d["rules"]] or [["(none)", "-", "-"]]
        tables.append({"title": f"Rules rows that differ: {d['variant']} against {d['base']}",
                       "headers": ["Row", d["base"], d["variant"]], "rows": rows})
        if d.get("paired"):
            tables += paired_tables(d)
            intros.append(paired_intro(d, report["settings"]["games"]))
            continue
        frows = []
        for f in d["figures"]:
            pct = f["kind"] == "rate"
            value = (lambda x: "-" if x is None else (f"{100 * x:.1f}%" if pct else f"{x:.2f}"))
            ci = f["ci95"]
            frows.append([f["figure"], value(f["base"]), value(f["value"]),
                          _signed(f["diff"], pct) + (f" [{_signed(ci[0], pct)}, {_signed(ci[1], pct)}]" if ci else ""),
                          "yes *" if f["significant"] else "no"])
        tables.append({"title": f"Self-play figures: {d['variant']} minus {d['base']} (95% interval)",
                       "headers": ["Figure", d["base"], d["variant"], "Difference [95% CI]", "Significant"],
                       "rows": frows})
    intro = ("Each later variant against the first: the rules rows whose text differs, and each "
             "self-play figure's difference with its 95% interval (Newcombe's interval for rates, "
             "in percentage points; a normal interval for means). * marks a difference whose "
             "interval leaves out zero. Play-derived rules rows are left out.")
    if intros:
        intro = ("Each later variant against the first: the rules rows whose text differs, and each "
                 "self-play figure's paired difference (the variant's game minus the base's game from "
                 "the same seed) with its 95% interval (paired t), its p-value (McNemar's exact test "
                 "for rates, the paired t test for means) and that p-value after Holm's correction "
                 "for the number of figures; * marks a difference significant after the correction. "
                 "Play-derived rules rows are left out. " + " ".join(intros))
    return {"title": "What the house rule changes",
            "intro": intro,
            "tables": tables, "figures": [], "plots": []}


def _rule_text(rule: dict) -> str:
    if not rule["text"]:
        return "-"
    return f"{rule['text']} (Source: {rule['source'] or 'not given'}.)"


def _first_seat(rules: dict, play: dict) -> str:
    """Who moves first, as the games' events say (a ritual's choice too: then no numbers, so the
    rules diff shows only a change of rule); the data's word for a report saved without them."""
    seats = sorted(play.get("first_player_counts") or {})
    if len(seats) == 1:
        return seats[0]
    setup = rules["setup"]
    if not seats and setup["phase_at_start"] == "turn":
        return setup["first_player"]
    return f"decided in play (the game opens with its {setup['phase_at_start']} phase)"


def _start_text(setup: dict) -> str:
    on = setup["tiles_on_board_at_start"]
    n = {p: sum(on[p].values()) for p in PLAYERS}
    piles = ", ".join(f"{name} {v['guest']}/{v['host']}" for name, v in setup["piles_at_start"].items()
                      if v["guest"] or v["host"])
    s = f"{n['guest']}/{n['host']} tiles on the board"
    if piles:
        s += f"; {piles}"
    own = setup.get("tiles_in_play")
    if own:
        s += f"; each player's tiles, as the variant counts them, {own['guest']}/{own['host']}"
    return s + " (guest/host)"


def _undecided_text(u: dict) -> str:
    if u["rate"] is None:
        return "-"
    return ("at most " if u["how"] == "at most" else "") + _pct(u, ci=u["how"] != "at most")


def _reason_rows(per_variant: list[list[dict]], cell) -> list[list[str]]:
    """One row per ``reason`` met in any variant's entries (in order of first sight), with
    ``cell(entry)`` for each variant that has it."""
    reasons = list(dict.fromkeys(e["reason"] for entries in per_variant for e in entries))
    rows = []
    for reason in reasons:
        found = [next((e for e in entries if e["reason"] == reason), None) for entries in per_variant]
        rows.append([reason, *(cell(e) if e else "" for e in found)])
    return rows


def _end_rows(vs: list[dict]) -> tuple[list[list[str]], str]:
    """One row per short end reason: each variant's share of games and what those games decided."""
    per = [end_groups(v["play"]) for v in vs]

    def cell(g):
        words = group_text(g)
        return f"{100 * g['share']:.1f}%" + (f" ({words})" if words else "")

    rows = _reason_rows([groups for groups, _how in per], cell)
    hows = {how for _groups, how in per}
    note = ""
    if "inferred" in hows or None in hows:
        note = (" This report predates per-reason results: where exactly one set of end reasons adds up "
                "to the draws, those reasons are taken as the draws; elsewhere the split is not shown.")
    return rows, note


def _full_end_rows(vs: list[dict]) -> list[list[str]]:
    """One row per end reason as the variant words it, numbers taken out."""
    return _reason_rows([v["play"]["ends"] for v in vs], lambda e: f"{100 * e['share']:.1f}%")


def build_sections(report: dict) -> list[dict]:
    """The report as sections of tables: ``{"title", "intro", "tables": [{"title", "headers",
    "rows"}], "figures": [(caption, svg)]}``, shared by every format."""
    vs = report["variants"]
    labels = [v["label"] for v in vs]
    sections: list[dict[str, Any]] = []
    settings = report["settings"]

    # -- rules: overview -----------------------------------------------------------------------
    rows = []

    def row(name, fn):
        rows.append([name] + [fn(v["rules"], v) for v in vs])

    row("Title", lambda r, v: r["title"])
    row("Options set", lambda r, v: ", ".join(f"{k}={json.dumps(val)}" for k, val in v["options"].items()
                                                if val != next(o["default"] for o in r["options"] if o["name"] == k)) or "defaults")
    row("Goal", lambda r, v: r.get("goal", r["description"]) or "-")
    if any(r["description"] != r.get("goal", r["description"]) for r in (v["rules"] for v in vs)):
        row("Description (a house rule's own words)",
            lambda r, v: r["description"] if r["description"] != r.get("goal", r["description"]) else "-")
    # who moved first as the games' events say (a ritual's choice too); the data's word otherwise
    row("First player", lambda r, v: _first_seat(r, v["play"]))
    row("Setup", lambda r, v: _start_text(r["setup"]))
    row("Starting layout (tiles on the board: owner, code, point)",
        lambda r, v: " ".join(r["setup"].get("layout", [])) or "empty board")
    row("Tile kinds", lambda r, v: str(sum(1 for t in r["tiles"] if t["in_play"]["host"] + t["in_play"]["guest"])))
    row("Tiles per player: YAML counts (in the piles at setup, guest/host)", lambda r, v: f"{r['tiles_per_player']['yaml']} "
        f"({r['tiles_per_player']['at_start']['guest']}/{r['tiles_per_player']['at_start']['host']})")
    row("Harmony", lambda r, v: _harmony_text(r["harmony"]))
    row("Harmony pairs", lambda r, v: str(len(r["harmony"]["pairs"])))
    row("Harmony pairs seen in play", lambda r, v: _seen_text(r, v["play"]))
    row("Clash", lambda r, v: ", ".join("~".join(p) for p in r["clash"]) or "none in the data")
    row("Chance", lambda r, v: ", ".join(x for x, on in (("chance steps", r["chance"]["chance_steps"]),
                                                          ("seeded setup", r["chance"]["setup_uses_chance"])) if on) or "none")
    row("Hidden information", lambda r, v: "yes" if r["chance"]["hidden_information"] else "no")
    row("Captures (observed)", lambda r, v: _num(v["play"]["captures"]["mean"], 2) + " per game, in "
        + _pct(v["play"]["captures"]["games_with_capture"], ci=False) + " of games")
    row("Capture rule", lambda r, v: _rule_text(r["rules_text"]["capture"]))
    row("End and win rules", lambda r, v: _rule_text(r["rules_text"]["end"]))
    row("Special rule", lambda r, v: _rule_text(r["rules_text"]["special"]))
    row("Ends seen in play", lambda r, v: ends_summary(v["play"]) or "-")
    row("Options", lambda r, v: str(len(r["options"])))
    row("Hooks implemented", lambda r, v: ", ".join(r["hooks"]))
    sections.append({"title": "Rules side by side",
                     "intro": "From each variant's YAML definition (tiles, relations, options and the "
                              "rules in words with their sources), the position new_game builds and the "
                              "hooks the plugin implements. Counts are guest/host.",
                     "tables": [{"title": "Overview", "headers": ["", *labels], "rows": rows}],
                     "figures": [], "plots": []})

    # -- rules: tile matrix ----------------------------------------------------------------------
    names: list[str] = []
    for v in vs:
        for t in v["rules"]["tiles"]:
            if t["name"] not in names:
                names.append(t["name"])
    trows = []
    for name in names:
        cells = []
        for v in vs:
            ts = [t for t in v["rules"]["tiles"] if t["name"] == name]
            seen = v["play"].get("longest_move_seen", {})
            cells.append("; ".join(_tile_cell(t, seen.get(t["code"])) for t in ts) if ts else "-")
        trows.append([name, *cells])
    sections[-1]["tables"].append({"title": "Tile kinds: code x tiles per player, movement distance and "
                                            "where a move may end (YAML), longest move seen in play "
                                            "(points, along the grid)", "headers": ["Tile", *labels],
                                   "rows": trows})

    # -- rules: what every tile does ---------------------------------------------------------
    srows = []
    for v in vs:
        for t in v["rules"]["tiles"]:
            srows.append([v["label"], f"{t['name']} ({t['code']})", t["group"],
                          ("" if sum(t["in_play"].values()) else "(not in play) ")
                          + (t["effect"] or "-")])
    sections[-1]["tables"].append({"title": "What each tile does (the variant's YAML)",
                                   "headers": ["Variant", "Tile", "Group", "Effect"], "rows": srows})

    # -- rules: options -------------------------------------------------------------------------
    orows = []
    for v in vs:
        for o in v["rules"]["options"]:
            val = json.dumps(o["value"]) + ("" if o["value"] == o["default"] else f" (default {json.dumps(o['default'])})")
            choices = f" Choices: {', '.join(map(str, o['choices']))}." if o.get("choices") else ""
            orows.append([v["label"], o["name"], val, (o["description"] + choices).strip()])
    sections[-1]["tables"].append({"title": "Options", "headers": ["Variant", "Option", "Value", "What it does"],
                                   "rows": orows})
    sections[-1]["figures"] = [(f"{v['label']}: harmony in the data (green), clash (red, dashed), "
                                "harmony only seen in play (blue, dotted)",
                                svg_relation(v["rules"], undeclared(v["rules"], v["play"]))) for v in vs]
    sections[-1]["plots"] = [(f"{v['label']}: harmony (green, solid), clash (red, dashed), wild tiles outside "
                              "the circle", plot_name("harmony", v["label"])) for v in vs]

    # -- play -------------------------------------------------------------------------------------
    prow = []

    def prow_add(name, fn):
        prow.append([name] + [fn(v["play"]) for v in vs])

    def spread(s):
        return (f"{_num(s['mean'])} / {_num(s['median'])} / sd {_num(s['sd'])} / "
                f"{_num(s['min'])}-{_num(s['max'])}")

    prow_add("Games", lambda p: str(p["games"]))
    prow_add("Decisions: mean / median / sd / range", lambda p: spread(p["decisions"]))
    prow_add("Decisions: 10th-90th percentile", lambda p: f"{_num(p['decisions']['p10'])}-{_num(p['decisions']['p90'])}")
    prow_add("Decisions histogram", lambda p: stats.sparkline(p["decisions"]["histogram"]["counts"]))
    prow_add("Turns: mean / median / sd / range", lambda p: spread(p["turns"]))
    prow_add("Chance steps per game", lambda p: _num(p["chance_steps_per_game"]))
    prow_add("Branching: mean / median / max", lambda p: f"{_num(p['branching']['mean'])} / "
             f"{_num(p['branching']['median'])} / {_num(p['branching']['max'])}")
    prow_add("Branching over the game (deciles)", lambda p: " ".join(_num(x, 0) for x in p["branching"]["by_progress"]))
    prow_add("Branching histogram", lambda p: stats.sparkline(p["branching"]["histogram"]["counts"]))
    prow_add("First player (who made the first decision of turn 1, as the rules say)", _first_text)
    prow_add("First player wins [95% CI]", lambda p: _pct(p["first_player_wins"]))
    prow_add("Second player wins [95% CI]", lambda p: _pct(p["second_player_wins"]))
    prow_add("First player's share of decisive games", lambda p: _pct(p["first_player_share_of_decisive"]))
    prow_add("First player score (win 1, draw 1/2)", lambda p: _num(p["first_player_score"], 3))
    prow_add("Guest wins / host wins", lambda p: f"{_pct(p['guest_wins'], ci=False)} / {_pct(p['host_wins'], ci=False)}")
    prow_add("Draws / ties [95% CI]", lambda p: _pct(p["draws"]))
    prow_add(f"Hit the ply cap ({settings['max_plies']} decisions)", lambda p: _pct(p["capped"]))
    prow_add("Ended at a length limit (ply cap or turn limit)", lambda p: _pct(p["at_cap"]))
    prow_add("Stopped at a length limit with no winner (ply cap, or a draw at the turn limit)",
             lambda p: _undecided_text(undecided_at_limit(p)))
    prow_add("Captures per game: mean / median / max", lambda p: f"{_num(p['captures']['mean'], 2)} / "
             f"{_num(p['captures']['median'])} / {_num(p['captures']['max'])}")
    prow_add("Games with a capture", lambda p: _pct(p["captures"]["games_with_capture"], ci=False))
    prow_add("Removals per game (tiles off the board but not captured): mean / max",
             lambda p: _summary_pair(p.get("removals")))
    prow_add("Harmonies formed per game: mean / max", lambda p: _summary_pair(p.get("harmonies_formed")))
    prow_add("Bonuses used per game: mean / max", lambda p: _summary_pair(p.get("bonuses")))
    prow_add("Tiles in play per player at turn 1 (guest/host)", lambda p: "-" if not p.get("tiles_in_play") else
             f"{_num(p['tiles_in_play']['guest'])}/{_num(p['tiles_in_play']['host'])}")
    prow_add("Errors", lambda p: str(p["errors"]["count"]) + (f" ({p['errors']['first']})" if p["errors"]["first"] else ""))
    erows, how = _end_rows(vs)
    full = _full_end_rows(vs)
    figures = []
    for v in vs:
        p = v["play"]
        figures.append((f"{v['label']}: decisions per game", svg_histogram(p["decisions"]["histogram"], "decisions")))
        figures.append((f"{v['label']}: legal moves per decision", svg_histogram(p["branching"]["histogram"], "legal moves")))
    figures.append(("Branching over the course of a game (mean legal moves per tenth of the game)",
                    svg_lines({v["label"]: v["play"]["branching"]["by_progress"] for v in vs})))
    figures.append(("First player's wins (blue), draws by play (grey), draws at a length limit (light grey), "
                    "second player's wins (orange), no result (lightest); bars: 95% interval of the first "
                    "player's rate",
                    svg_results(vs)))
    sections.append({"title": "How they play",
                     "intro": f"{settings['games']} self-play games per variant, {settings['players']} "
                              f"players on both sides, master seed {settings['seed']}. A decision is one "
                              "non-chance move; branching is the number of legal moves at a decision; "
                              "a capture is an opponent tile leaving the board during the mover's decision. "
                              "Games are grouped by the head of their end reason (before the first ';'); "
                              "a game the variant's rules decide at its turn limit ended by rule, one "
                              "stopped at the ply cap or drawn at a turn limit was not finished by play." + how,
                     "tables": [{"title": "Figures", "headers": ["", *labels], "rows": prow},
                                {"title": "How games end (share of games; what the rules decided)",
                                 "headers": ["End reason", *labels], "rows": erows},
                                {"title": "End reasons in full (numbers taken out)",
                                 "headers": ["End reason", *labels], "rows": full}],
                     "figures": figures,
                     "plots": [("Decisions per game", "lengths.png"),
                               ("Legal moves per decision", "branching.png"),
                               ("Branching over the course of a game", "branching_over_game.png"),
                               ("First player's wins, draws and second player's wins", "win_rates.png")]})
    from .trust import decided_section, pictures_section, touch_section

    if report.get("differences"):
        sections.append(_differences_section(report))
    touched = touch_section(report)
    if touched:
        sections.insert(0, touched)
    sections += [sec for sec in (decided_section(report), pictures_section(report)) if sec]
    return sections
