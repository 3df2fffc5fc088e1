"""Issue 33: the rules diff says what a house rule changes, in the right rows -- the Goal row
keeps the parent's goal, the house rule's words have their own row, a layout error is reported
at the layout's own line, Capture's set-up counts its dealt tiles, and the first player is the
one the games' events name."""
from __future__ import annotations

import pytest

from paisho_core import compare
from paisho_core.cli.util import variant_and_options
from paisho_core.compare.differences import rules_differences
from paisho_core.compare.prose import first_player_text
from paisho_core.compare.rules import rules_of
from paisho_core.errors import VariantError

MODERN_LAYOUT = """\
name: modern-mine
extends: modern
title: Modern from my layout
description: Modern from another starting layout.
{goal}options:
  - {{name: layout, default: mine}}
rules:
  layouts:
    mine:
      guest:
        L: [[6, -6]]
        Av: [[5, -5]]
        W: [[2, -2], [4, 0], [1, -5]]
        E: [[1, -3], [3, -3], [5, -1]]
        A: [[3, -1], [2, -4], [4, -4]]
        F: [[0, -4], [4, -2], {point}]
      host:
        L: [[-6, 6]]
        Av: [[-5, 5]]
        W: [[-2, 2], [-4, 0], [-1, 5]]
        E: [[-1, 3], [-3, 3], [-5, 1]]
        A: [[-3, 1], [-2, 4], [-4, 4]]
        F: [[0, 4], [-4, 2], [-3, 5]]
"""


def _rule(tmp_path, point="[5, -3]", goal=""):
    path = tmp_path / "modern-mine.yaml"
    path.write_text(MODERN_LAYOUT.format(point=point, goal=goal))
    return str(path)


@pytest.mark.parametrize("point, says", [("[9, -9]", "[9, -9] is not a point of the board"),
                                         ("[4, -4]", "(4,-4) already holds guest A")])
def test_a_layout_error_is_reported_at_the_layout_line(tmp_path, point, says):
    """A starting layout naming a point off the board, or a point twice, is reported at the
    layout's own line and field, not at the options line that picks the layout."""
    with pytest.raises(VariantError) as err:
        variant_and_options(_rule(tmp_path, point))
    text = str(err.value)
    assert "line 16, $.rules.layouts.mine.guest.F[2]: " + says in text
    assert "$.options" not in text


def _rows(report, base, label):
    return {d["row"]: d for d in rules_differences(report, base, label)}


def test_goal_row_keeps_the_parents_goal_and_the_rule_has_its_own_row(tmp_path):
    rule = _rule(tmp_path)
    report = compare.run_compare(["modern", rule], games=1, seed=1, players="random", max_plies=2,
                                 backend="inline")
    rows = _rows(report, "modern", "modern-mine")
    assert "Goal" not in rows  # the same goal: Modern's
    words = rows["Description (a house rule's own words)"]
    assert words["base"] == "-" and words["value"] == "Modern from another starting layout."
    assert "Starting layout (tiles on the board: owner, code, point)" in rows
    changed = _rule(tmp_path, goal="goal: Bring your White Lotus to the centre first.\n")
    report = compare.run_compare(["modern", changed], games=1, seed=1, players="random", max_plies=2,
                                 backend="inline")
    goal = _rows(report, "modern", "modern-mine")["Goal"]
    assert goal["value"] == "Bring your White Lotus to the centre first."
    assert goal["base"] == " ".join(variant_and_options("modern")[0].definition["description"].split())


def test_capture_setup_counts_the_dealt_tiles():
    """Capture deals every tile onto the board by chance before the first decision: the set-up
    is the position at that decision (12 tiles a side), not the empty board before the deal."""
    variant, options = variant_and_options("capture")
    setup = rules_of(variant, options)["setup"]
    assert {p: sum(c.values()) for p, c in setup["tiles_on_board_at_start"].items()} == {"host": 12, "guest": 12}


def test_first_player_is_the_events_not_a_guess():
    """Ancient's ritual chooses the first player game by game: the prose says so instead of
    'the guest moves first'; a variant whose first player is fixed names the seat."""
    ritual = {"first_player": "host", "first_player_counts": {"host": 3, "guest": 1}}
    assert first_player_text(ritual) == ("the first player, chosen in play (the host in 3 games, the guest "
                                         "in 1 game), moves first")
    assert first_player_text({"first_player": "guest", "first_player_counts": {"guest": 4}}) == \
        "the guest moves first"


def test_ancient_setup_counts_no_shared_pool_as_the_hosts():
    """Ancient's shared pool sits in the Host's slot of the state; the set-up row also gives the
    variant's own count (its events hook), in which the pool and the centrepiece are nobody's."""
    from paisho_core.compare.sections import _start_text

    variant, options = variant_and_options("ancient")
    setup = rules_of(variant, options)["setup"]
    own = setup["tiles_in_play"]
    assert own["guest"] == own["host"] > 0
    assert f"as the variant counts them, {own['guest']}/{own['host']}" in _start_text(setup)
