"""Differential test of the Skud and Fire generators against their frozen pre-speed versions
(issue 14, acceptance 3).

``tests/oracles/garden_reference.py`` keeps the generators, harmonies and flags as they were
before the speed work.  On thousands of positions (every decision of random games under random
option sets, plus the same boards switched into the bonus or placement decision, plus crowded
random Skud positions) the engine must give the same legal moves in the same order, the same
harmony pairs with owners, and the same flags.
"""
from __future__ import annotations

import random

import paisho_core as paisho
from tests.oracles import garden_reference as oracle
from tests.test_skud_properties import random_position

SKUD_OPTIONS = ["InformalStart", "DoubleAccentTiles", "AncientOasisExpansion", "NoWheels",
                "SpecialFlowersBounce", "NoAltWin", "IgnoreClashing", "EverythingCapture",
                "DiagonalMovement", "ClashingOpening"]
FIRE_OPTIONS = ["DoubleAccentTiles", "EtherealAccentTiles", "RockBuffSameColour",
                "KnotweedBoostsLotus", "StrictMidlineOpener", "NoMidlineEndPlanting",
                "UnplaceableBonusReturns"]


def listing(moves):
    return [(m.action, str(m)) for m in moves]


def agree(game) -> int:
    """Compare one position with the oracle; returns the number of legal moves."""
    got = listing(game.legal_moves()) if game.outcome is None else []
    want = listing(oracle.legal_moves(game)) if game.outcome is None else []
    assert got == want, (game.position(), sorted(set(got) - set(want))[:5], sorted(set(want) - set(got))[:5])
    fresh = game.copy()  # no cached list: the early-exit hook answers
    fresh._changed()
    assert fresh.has_legal_move() == bool(want)
    engine_pairs = {(frozenset((h.a, h.b)), h.owners) for h in game.harmonies()}
    from paisho_core import board
    oracle_pairs = {(frozenset((board.coords(a), board.coords(b))), tuple(owners))
                    for a, b, owners in oracle.pairs(game)}
    assert engine_pairs == oracle_pairs, game.position()
    flags = game.flags()
    if game.name == "skud":
        trapped, drained = oracle.skud_flags(game)
        assert (flags["trapped"], flags["drained"]) == (trapped, drained)
    else:
        assert flags["boosted"] == oracle.fire_boosted(game)
    return len(got)


def choose(game, rng):
    """Half the time any move; else first a kind (action, and for arranges whether it captures)."""
    legal = game.legal_moves()
    if rng.random() < 0.5:
        return rng.choice(legal)
    groups: dict = {}
    for m in legal:
        key = (m.action, m.tile if m.action != "arrange" else game.state.board[m.dst] is not None)
        groups.setdefault(key, []).append(m)
    return rng.choice(groups[rng.choice(sorted(groups, key=repr))])


def variations(game, rng):
    """The same board with another decision pending: a Skud harmony bonus, a Fire placement of
    a drawn tile (accents included)."""
    pos = game.position()
    if game.outcome is not None or pos["phase"] not in ("turn",) or pos.get("turn", 0) < 2:
        return
    pos.pop("outcome", None)
    if game.name == "skud":
        pos["phase"] = "bonus"
        yield paisho.from_position(pos)
    else:
        codes = sorted({c for c, n in pos["reserves"][pos["to_move"]].items() if n})
        if codes:
            pos["phase"], pos["drawn"] = "place", rng.choice(codes)
            yield paisho.from_position(pos)


def run_games(variant, names, games, max_plies, seed0, extra=None):
    checked = 0
    for k in range(games):
        rng = random.Random(seed0 + k)
        options = {n: rng.random() < 0.3 for n in names}
        options.update(extra or {})
        game = paisho.new_game(variant, options=options, seed=seed0 + k)
        while game.outcome is None and game.ply < max_plies:
            agree(game)
            checked += 1
            if rng.random() < 0.15:
                for other in variations(game, rng):
                    agree(other)
                    checked += 1
            game.play(choose(game, rng))
        agree(game)
    return checked


def test_skud_games_agree_with_the_frozen_generator():
    assert run_games("skud", SKUD_OPTIONS, games=14, max_plies=260, seed0=1000) > 2000


def test_skud_must_leave_opponent_a_move_agrees():
    assert run_games("skud", [], games=1, max_plies=40, seed0=77,
                     extra={"MustLeaveOpponentAMove": True}) > 40


def test_fire_games_agree_with_the_frozen_generator():
    assert run_games("fire", FIRE_OPTIONS, games=30, max_plies=200, seed0=2000) > 1500


def crowded_positions(block: int) -> int:
    """Random crowded boards (tests/test_skud_properties.random_position) in both decisions,
    some with nothing left to plant; returns how many left the player no move."""
    stuck = 0
    for k in range(60):
        rng = random.Random(block * 1000 + k)
        data = random_position(rng, rng.choice(["turn", "bonus"]), rng.choice(["host", "guest"]),
                               rng.randint(2, 45))
        data["options"] = {n: rng.random() < 0.25 for n in ("IgnoreClashing", "EverythingCapture",
                                                              "DiagonalMovement", "SpecialFlowersBounce")}
        if rng.random() < 0.3:
            for pile in data["reserves"].values():
                for code in [c for c in pile if c[0] in "RW" and c[1:].isdigit()]:
                    del pile[code]
        stuck += agree(paisho.from_position(data)) == 0
    return stuck


def test_crowded_skud_positions_agree():
    """Including positions with no legal move (the early-exit hook must say so too)."""
    assert sum(crowded_positions(block) for block in range(4)) > 0
