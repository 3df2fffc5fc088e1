"""Helpers for the play, AI, engine and SVG tests: which variants can be exercised now.

Other variants are being written while these tests run; a variant whose game cannot be started,
or whose own code raises during a test, is skipped with the reason instead of failing here.
"""
from __future__ import annotations

import contextlib
import random
import traceback
from pathlib import Path

import pytest

import paisho_core as paisho

VARIANTS_DIR = str(Path(paisho.__file__).resolve().parent.parent / "variants")


def available_variants(seed: int = 1) -> list:
    out = []
    for name in paisho.variants():
        try:
            paisho.new_game(name, seed=seed)
        except Exception as exc:
            out.append(pytest.param(name, marks=pytest.mark.skip(reason=f"{name}: new_game fails: {exc}")))
        else:
            out.append(name)
    return out


@contextlib.contextmanager
def variant_guard(name: str):
    """Skip (with the reason) when an exception that is not a PaishoError comes from inside a
    variant package: that is the variant's bug, reported, not this test's."""
    try:
        yield
    except (AssertionError, paisho.PaishoError):
        raise
    except Exception as exc:
        frames = traceback.extract_tb(exc.__traceback__)
        if frames and frames[-1].filename.startswith(VARIANTS_DIR):
            where = f"{Path(frames[-1].filename).name}:{frames[-1].lineno}"
            pytest.skip(f"{name}: the variant raised {type(exc).__name__} at {where}: {exc}")
        raise


def midgame(name: str, plies: int = 40, seed: int = 5):
    """A game of ``name`` after ``plies`` seeded random decisions (fewer if it ends first)."""
    game = paisho.new_game(name, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.outcome is not None or not game.legal_moves():
            break
        game.play(rng.choice(game.legal_moves()))
    return game
