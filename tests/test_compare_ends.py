"""How games end in a comparison (issue 16 follow-up): ends grouped by their short reason, what the
rules decided at a length limit, and reports saved before the per-reason counts existed.

A game the variant's own rules decide at its turn limit (Basic's final count) ended by rule; only
a draw at a length limit or a game stopped at the ply cap is "not finished by play".
"""
from __future__ import annotations

import copy
import json

import pytest

import paisho_core as paisho
from paisho_core import compare
from paisho_core.compare.ends import end_groups, group_text, share_text, split_ends


def _play(ends, draws, games=None):
    """A saved report's play block in the version-2 shape before per-reason counts."""
    n = games or sum(c for _r, c in ends)
    return {"games": n, "draws": {"count": draws, "of": n},
            "ends": [{"reason": r, "count": c, "share": c / n} for r, c in ends]}


BASIC_300 = _play([("the turn limit was reached; nobody wins the Pot; final count host n, guest n", 259),
                   ("a chain of harmonies around the Mid Port; guest wins the Pot; final count host n, guest n", 23),
                   ("a chain of harmonies around the Mid Port; host wins the Pot; final count host n, guest n", 18)], 0)
THREE_PIECE_300 = _play([("turn limit", 265), ("repetition", 29), ("iris not freed", 6)], 294)
SKUD_300 = _play([("last basic flower played; more midline-crossing harmonies", 251),
                  ("last basic flower played; midline-crossing harmonies tied n", 27),
                  ("harmony ring", 21), ("ply cap", 1)], 27)
ANCIENT_300 = _play([("exhaustion", 171), ("target", 129)], 98)


def test_short_reason_is_the_head_before_the_first_semicolon():
    assert compare.short_reason("a reserve is empty; midline-crossing harmonies tied n") == "a reserve is empty"
    assert compare.short_reason("harmony ring") == "harmony ring"
    assert compare.short_reason("the turn limit was reached; nobody wins the Pot; final count host n, guest n") \
        == "the turn limit was reached"


def test_old_report_groups_by_short_reason_and_infers_the_split():
    groups, how = end_groups(BASIC_300)
    assert how == "inferred"
    assert [(g["reason"], g["count"]) for g in groups] == [("the turn limit was reached", 259),
                                                           ("a chain of harmonies around the Mid Port", 41)]
    assert all(g["decided"] == g["count"] and g["draws"] == 0 for g in groups)
    assert groups[0]["limit"] and not groups[1]["limit"]
    assert [d["count"] for d in groups[1]["details"]] == [23, 18]
    groups, how = end_groups(SKUD_300)
    last = groups[0]
    assert (last["reason"], last["count"], last["draws"], last["decided"]) == ("last basic flower played", 278, 27, 251)
    assert group_text(last) == "10% of them drawn"
    assert group_text(next(g for g in groups if g["reason"] == "ply cap")) == "no result"


def test_an_ambiguous_old_report_leaves_the_split_unknown():
    # 98 draws: no set of {171, 129} adds up to it, so nothing is guessed
    ends, how = split_ends(ANCIENT_300)
    assert how is None and all(e["draws"] is None for e in ends)
    assert group_text(end_groups(ANCIENT_300)[0][0]) == ""
    # two sets add up to the draws: unknown too
    assert split_ends(_play([("a", 5), ("b", 3), ("c", 2)], 5))[1] is None


def test_a_rule_decided_turn_limit_is_no_warning_but_drawn_limits_are():
    """Basic decides its 200-turn limit on the final count: 86% of its games end there, by rule."""
    report = {"variants": [{"label": "basic", "play": BASIC_300}, {"label": "3-piece", "play": THREE_PIECE_300},
                           {"label": "skud", "play": SKUD_300}, {"label": "ancient", "play": ANCIENT_300}]}
    warnings = compare.warnings_of(report["variants"])
    assert len(warnings) == 1 and warnings[0].startswith("3-piece: 88% ")
    assert compare.undecided_at_limit(BASIC_300)["count"] == 0
    assert compare.undecided_at_limit(SKUD_300)["count"] == 1
    # no game of Ancient's is at a limit, so its draws cannot be: the bound is exact
    u = compare.undecided_at_limit(ANCIENT_300)
    assert (u["count"], u["how"]) == (0, "bounded")
    # an unknown split is bounded from above, and said so
    loose = _play([("turn limit", 60), ("exhaustion", 30), ("target", 10)], 65)
    u = compare.undecided_at_limit(loose)
    assert (u["count"], u["how"]) == (60, "at most")
    assert compare.warnings_of([{"label": "x", "play": loose}])[0].startswith("x: up to 60% ")


def test_prose_and_ends_row_read_short_reasons():
    v = {"label": "basic", "play": {**BASIC_300, "first_player": "guest", "at_cap": {"count": 259},
                                    "first_player_share_of_decisive": {"count": 143, "of": 300, "rate": 143 / 300,
                                                                       "ci95": [0.42, 0.53]},
                                    "decisions": {"median": 409, "p10": 349, "p90": 415},
                                    "turns": {"median": 406}, "branching": {"mean": 149},
                                    "captures": {"mean": 49.6}}}
    text = compare.prose(v)
    assert "the turn limit was reached 86% (all decided)" in text
    assert "decided there by its own rules" in text and "rarely finish" not in text
    assert "final count" not in text and "nobody wins the Pot" not in text
    assert compare.ends_summary(SKUD_300) == ("last basic flower played 93% (10% of them drawn); harmony ring 7% "
                                              "(all decided); ply cap 0.3% (no result)")
    assert share_text(0.0033) == "0.3%" and share_text(0) == "0%" and share_text(0.5) == "50%"


@pytest.fixture(scope="module")
def limited():
    """Real games that all reach a short turn limit: Basic decides there on the final count, Iroh
    draws."""
    return compare.run_compare(["basic:max_turns=3", "iroh:max_turns=3"], games=6, seed=3,
                               players="random", backend="inline", keep_records=True)


def test_per_reason_results_recount_from_the_records(limited):
    for item in limited["variants"]:
        play = item["play"]
        expected: dict = {}
        for record in item["records"]:
            outcome = paisho.load_record(record).outcome
            key = compare.end_category(outcome.reason)
            e = expected.setdefault(key, {"host_wins": 0, "guest_wins": 0, "draws": 0, "unfinished": 0})
            e[{"host": "host_wins", "guest": "guest_wins", None: "draws"}[outcome.winner]] += 1
        got = {e["reason"]: {k: e[k] for k in ("host_wins", "guest_wins", "draws", "unfinished")}
               for e in play["ends"]}
        assert got == expected
        drawn = sum(e["draws"] for e in expected.values())
        assert play["undecided_at_limit"]["count"] == drawn == play["draws"]["count"]
        assert play["at_cap"]["count"] == len(item["records"])
    labels = [w.split(":", 1)[0] for w in limited["warnings"]]
    assert "iroh" in labels
    basic = limited["variants"][0]["play"]
    assert ("basic" in labels) == (basic["undecided_at_limit"]["rate"] > 0.5)


def test_a_saved_report_without_the_new_fields_renders_the_same_ends(limited):
    """Rendering works from JSON in the shape saved before per-reason results; stale warnings in
    the saved JSON are recomputed, not copied."""
    old = json.loads(compare.render_json(limited))
    for item in old["variants"]:
        del item["play"]["undecided_at_limit"]
        for e in item["play"]["ends"]:
            for k in ("host_wins", "guest_wins", "draws", "unfinished"):
                del e[k]
    old["warnings"] = ["basic: 100% of the games ended at a length limit (stale)"]
    for fmt in ("md", "html", "text"):
        assert "(stale)" not in compare.render(old, fmt)
    new_groups = [end_groups(v["play"])[0] for v in limited["variants"]]
    old_groups = [end_groups(v["play"])[0] for v in old["variants"]]
    for new, saved in zip(new_groups, old_groups):
        assert [(g["reason"], g["count"]) for g in new] == [(g["reason"], g["count"]) for g in saved]
    assert compare.warnings_of(old["variants"]) == limited["warnings"]
    md = compare.render(old, "md")
    assert "| the turn limit was reached |" in md and "| turn limit |" in md
    assert "End reasons in full" in md


def test_the_json_keeps_every_old_key(limited):
    """Fields are only added: the end entries keep reason, count and share first."""
    item = copy.deepcopy(limited["variants"][0])
    assert list(item["play"]["ends"][0])[:3] == ["reason", "count", "share"]
    assert {"at_cap", "capped", "draws", "undecided_at_limit"} <= set(item["play"])


# -- the results bar and degenerate plots ------------------------------------------------------

def _with_results(play, first, second, capped=0):
    return {**play, "first_player_wins": {"count": first}, "second_player_wins": {"count": second},
            "capped": {"count": capped}}


def test_results_bar_tells_limit_draws_from_draws_by_play():
    from paisho_core.compare.ends import result_shares

    three = dict(result_shares(_with_results(THREE_PIECE_300, 1, 5)))
    assert three["draw at a length limit"] == pytest.approx(265 / 300)
    assert three["draw by play"] == pytest.approx(29 / 300)
    basic = dict(result_shares(_with_results(BASIC_300, 143, 157)))
    assert basic["draw at a length limit"] == basic["draw by play"] == basic["no result (ply cap or error)"] == 0
    skud = dict(result_shares(_with_results(SKUD_300, 126, 146, capped=1)))
    assert skud["no result (ply cap or error)"] == pytest.approx(1 / 300)
    assert skud["draw at a length limit"] == 0
    for shares in (three, basic, skud):
        assert sum(shares.values()) == pytest.approx(1)


def test_svg_histogram_adapts_to_degenerate_data():
    from paisho_core.compare.svg import svg_histogram

    assert "all 7 values: 400" in svg_histogram({"edges": [400, 401], "counts": [7]}, "decisions")
    assert "no data" in svg_histogram({"edges": [], "counts": []}, "legal moves")
    assert svg_histogram({"edges": [1, 3, 5], "counts": [2, 1]}, "x").count("<rect") == 2


def test_plots_and_html_survive_games_that_never_started(tmp_path):
    """A variant whose every game failed (no decision, no branching, no result): the plots, the
    HTML and the prose say so instead of crashing, and the report warns."""
    from paisho_core.compare.selfplay import _failed
    from paisho_core.compare.statistics import summarise_play

    report = compare.run_compare(["iroh"], games=2, max_plies=1, players="random", backend="inline")
    broken = copy.deepcopy(report["variants"][0])
    broken["label"] = "broken"
    broken["play"] = summarise_play([_failed(1, "ValueError: boom", False), _failed(2, "ValueError: boom", False)], 1)
    report["variants"].append(broken)
    assert any(w.startswith("broken: 2 of the 2 games stopped by an error") for w in compare.warnings_of(report["variants"]))
    html = compare.render(report, "html")
    assert "no data: no decision was played" in html and "ValueError: boom" in html
    assert "nothing to say about length" in compare.prose(broken)
    pytest.importorskip("matplotlib")
    paths = compare.write_plots(report, tmp_path)
    assert {p.name for p in paths} >= {"lengths.png", "branching.png", "branching_over_game.png", "win_rates.png"}


def test_html_is_self_contained(limited):
    import re

    html = compare.render(limited, "html")
    assert not re.search(r"\b(src|href)\s*=", html)
    assert "http" not in html.replace("http://www.w3.org/2000/svg", "")
    assert "<style>" in html and html.count("<svg") >= 4


def test_prose_bounds_a_rule_decided_limit_when_the_split_is_unknown():
    """Two draws that no set of end reasons adds up to: the turn-limit games are at least mostly
    decided, and the prose says so with a bound instead of dropping the sentence."""
    play = _play([("the turn limit was reached; nobody wins the Pot", 860),
                  ("a chain of harmonies around the Mid Port; guest wins the Pot", 77),
                  ("a chain of harmonies around the Mid Port; host wins the Pot", 63)], 5)
    assert split_ends(play)[1] is None
    play.update({"at_cap": {"count": 860}, "first_player": "guest",
                 "first_player_share_of_decisive": {"count": 500, "of": 995, "rate": 500 / 995, "ci95": [0.47, 0.53]},
                 "decisions": {"median": 409, "p10": 349, "p90": 415}, "turns": {"median": 406},
                 "branching": {"mean": 149}, "captures": {"mean": 49.6}})
    text = compare.prose({"label": "basic", "play": play})
    assert "At least 86% of the games reached the variant's turn limit and were decided there" in text
    assert compare.warnings_of([{"label": "basic", "play": play}]) == []


def test_the_wild_caption_keeps_clear_of_the_circle():
    """The harmony graph's note on wild tiles sits in a corner no circle tile reaches (it used to
    run through R3 in the HTML and R4 in the PNG)."""
    import re

    from paisho_core.compare.rules import rules_of
    from paisho_core.compare.specs import resolve_spec
    from paisho_core.compare.svg import svg_relation

    for name in ("skud", "fire"):
        variant, options = resolve_spec(name)
        svg = svg_relation(rules_of(variant, options), size=240)
        nodes = [(float(x), float(y)) for x, y in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="14"', svg)]
        lines = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="end" font-size="9">([^<]+)</text>', svg)
        assert len(lines) == 3 and nodes
        for x, y, words in lines:
            right, base = float(x), float(y)
            left = right - 5.5 * len(words)  # 9 px sans-serif: about 5.5 px a character
            for cx, cy in nodes:
                apart = cx + 14 < left or cx - 14 > right or cy + 14 < base - 9 or cy - 14 > base + 2
                assert apart, (name, words, (cx, cy))
