"""Issue 33: the published report cannot drift -- scripts/compare_drift.py fails when the page's
statements, the code or the games no longer follow from a fresh run."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import compare_drift as drift  # noqa: E402

pytest.importorskip("scipy")


@pytest.fixture(scope="module")
def saved():
    from paisho_core import compare

    timing: dict = {}
    report = compare.run_compare(["iroh", "modern"], games=2, seed=4, max_plies=10, players="explore:random",
                                 backend="inline", timing=timing)
    return dict(report, fingerprints=timing["fingerprints"], provenance=drift.provenance(report))


def _check(tmp_path, saved, page_statements=None):
    path = tmp_path / "all.json"
    path.write_text(json.dumps(saved))
    page = tmp_path / "page.md"
    page.write_text("text\n" + drift.statements_comment(page_statements or saved) + "\n")
    return drift.check(2, page, {"all": path})


def test_a_page_that_follows_passes(tmp_path, saved):
    if saved["provenance"]["commit"] is None:
        pytest.skip("not a git checkout")
    assert _check(tmp_path, saved) == []


def test_edited_statements_changed_code_and_other_games_fail(tmp_path, saved):
    if saved["provenance"]["commit"] is None:
        pytest.skip("not a git checkout")
    edited = json.loads(json.dumps(saved))
    edited["variants"][0]["play"]["ends"][0]["reason"] = "a reason nobody wrote"
    problems = _check(tmp_path, saved, page_statements=edited)
    assert any("statements" in p for p in problems)
    moved = json.loads(json.dumps(saved))
    moved["provenance"]["trees"]["variants/iroh"] = "0" * 40
    moved["fingerprints"]["modern"][1] = "not-this-game"
    problems = _check(tmp_path, moved)
    assert any("code changed" in p and "variants/iroh" in p for p in problems)
    assert any(p.startswith("modern: game 1") for p in problems)
