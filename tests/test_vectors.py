"""Replay every reference-engine record in shared/test-vectors and compare the final state.

Source: shared/test-vectors/README.md (records produced by The Garden Gate's own engine).  New
files dropped into that folder are picked up without code changes.
"""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import paisho_core as paisho
from paisho_core import board

from . import vectors

SKUD = vectors.all_vectors("skud")
FIRE = vectors.all_vectors("fire")


def final_state(game):
    flags = game.flags()
    out = {}
    for i, tile in game.state.tiles():
        marks = tuple(sorted(name for name, mask in flags.items() if mask >> i & 1))
        out[board.coords(i)] = (tile.owner, tile.code, marks)
    return out


def harmony_set(game):
    return {(h.owner, frozenset((h.a, h.b)), h.crosses_midline) for h in game.harmonies()}


def unplayed(game, vec):
    st = game.state
    out = {}
    labels = {"H": ("host", "reserve"), "G": ("guest", "reserve"),
              "Hlib": ("host", "library"), "Glib": ("guest", "library"),
              "Hres": ("host", "reserve"), "Gres": ("guest", "reserve")}
    for label in vec.unplayed:
        player, pile = labels[label]
        codes = []
        for code, n in st.pile(pile, player).items():
            codes += [code] * n
        out[label] = sorted(codes)
    return out


def check(game, vec):
    assert final_state(game) == vec.final
    assert harmony_set(game) == vec.harmonies
    assert unplayed(game, vec) == vec.unplayed
    assert game.outcome is not None, "the record's game is over"
    assert game.outcome.winner == vec.winner, (game.outcome, vec.result)
    if "Harmony Ring" in vec.result:
        assert "ring" in game.outcome.reason
    else:
        assert "midline" in game.outcome.reason


@pytest.mark.parametrize("path", SKUD + FIRE, ids=lambda p: p.name)
def test_vector_replays_through_api(path):
    vec = vectors.read(path)
    if vec.variant not in paisho.variants():
        pytest.skip(f"{vec.variant} not registered")
    game = paisho.load_record(vec.record_text(), source=str(path))
    check(game, vec)
    # the record the game writes replays to the same state
    again = paisho.load_record(game.record())
    assert final_state(again) == final_state(game)
    assert again.outcome == game.outcome


@pytest.mark.parametrize("path", SKUD + FIRE, ids=lambda p: p.name)
def test_vector_replays_through_cli(path, tmp_path):
    vec = vectors.read(path)
    if vec.variant not in paisho.variants():
        pytest.skip(f"{vec.variant} not registered")
    rec = tmp_path / "game.txt"
    rec.write_text(vec.record_text())
    out = subprocess.run([sys.executable, "-m", "paisho_core.cli", "replay", str(rec), "--json"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["outcome"]["winner"] == vec.winner
    board_json = {(e["x"], e["y"]): (e["owner"], e["tile"], tuple(sorted(e.get("flags", []))))
                  for e in data["position"]["board"]}
    assert board_json == vec.final


def test_vectors_present():
    assert SKUD, f"no Skud vectors found in {vectors.vector_dir()}"
