"""The game history: exact undo from undo records, game copies, the early-exit legal-move check.

Property tests over random games of every variant: every decision is taken back exactly (the
whole state equal to a copy taken before it, the same legal moves), copies stay independent of
the game they came from, and ``has_legal_move`` agrees with the full list.
"""
from __future__ import annotations

import random

import pytest

import paisho_core as paisho

from .random_games import VARIANTS, every_variant_random_seeds


def texts(game) -> list[str]:
    return sorted(str(m) for m in game.legal_moves())


def random_walk(game, rng, decisions):
    """Play up to ``decisions`` random decisions; returns {ply: (state copy, legal texts)} taken
    before each decision."""
    seen = {}
    for _ in range(decisions):
        if game.outcome is not None:
            break
        moves = game.legal_moves()
        if not moves:
            break
        seen[game.ply] = (game.state.copy(), texts(game))
        game.play(rng.choice(moves))
    return seen


@every_variant_random_seeds(4)
def test_undo_restores_every_position_exactly(variant, seed):
    rng = random.Random(seed)
    game = paisho.new_game(variant, seed=seed)
    first = game.ply  # a game that starts with a chance step (a shuffle) has drawn it
    start = game.state.copy()
    seen = random_walk(game, rng, 120)
    while game.ply > first:
        game.undo()
        assert game.ply in seen, "undo stopped between a decision and its chance step"
        state, legal = seen[game.ply]
        assert game.state.same_as(state), f"{variant}: undo to ply {game.ply} differs"
        assert texts(game) == legal
    assert game.state.same_as(start)
    if not first:
        assert game.start.same_as(start)


@pytest.mark.parametrize("variant", VARIANTS)
def test_copies_are_independent(variant):
    rng = random.Random(11)
    game = paisho.new_game(variant, seed=4)
    random_walk(game, rng, 40)
    before = game.state.copy()
    twin = game.copy()
    random_walk(twin, random.Random(3), 30)
    while twin.ply:  # undo every decision of the copy, back past the shared history
        twin.undo()
    assert game.state.same_as(before)
    assert twin.state.same_as(game.start)
    random_walk(game, random.Random(5), 10)  # the original plays on from its own history
    while game.ply:
        game.undo()
    assert game.state.same_as(twin.state)


@pytest.mark.parametrize("variant", VARIANTS)
def test_has_legal_move_agrees_with_the_full_list(variant):
    rng = random.Random(2)
    for seed in range(3):
        game = paisho.new_game(variant, seed=seed)
        for _ in range(150):
            if game.outcome is not None:
                break
            fresh = game.copy()  # no cached list: the hook (or its fallback) answers
            fresh._changed()
            assert fresh.has_legal_move() == bool(game.legal_moves())
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_move_that_fails_half_way_leaves_the_game_unchanged(variant, monkeypatch):
    game = paisho.new_game(variant, seed=1)
    random_walk(game, random.Random(1), 12)
    before, legal, ply = game.state.copy(), texts(game), game.ply
    apply = game.rules.apply

    def broken(g, move):
        apply(g, move)  # changes the state, then fails
        raise paisho.IllegalMoveError("broken on purpose")

    monkeypatch.setattr(game.rules, "apply", broken)
    with pytest.raises(paisho.IllegalMoveError, match="on purpose"):
        game.play(game.legal_moves()[0])
    assert game.ply == ply and game.state.same_as(before) and texts(game) == legal


def test_play_accepts_a_move_of_another_list_by_its_text():
    game = paisho.new_game("skud", seed=1)
    twin = game.copy()
    twin._changed()
    move = twin.legal_moves()[0]
    assert move not in [m for m in game.legal_moves() if m is move]
    assert str(game.play(move)) == str(move)


@every_variant_random_seeds(3)
def test_the_list_the_end_check_builds_is_the_list_of_the_position(variant, seed):
    """After every decision and every undo, the list the game hands out (built by the end check
    when recent positions wanted their list anyway) equals one generated from scratch."""
    rng = random.Random(seed)
    game = paisho.new_game(variant, seed=seed)
    for _ in range(80):
        if game.outcome is not None:
            break
        moves = game.legal_moves()
        assert [str(m) for m in moves] == [str(m) for m in game.rules.legal_moves(game)]
        assert game.has_legal_move() == bool(moves)
        if not moves:
            break
        game.play(rng.choice(moves))
        if rng.random() < 0.2:
            game.undo()


def test_the_end_check_builds_the_list_only_while_positions_ask_for_it(monkeypatch):
    """Random playouts ask for every position's list: the end check builds it once; a search
    that leaves positions without asking gets the early exit back."""
    game = paisho.new_game("skud", seed=2)
    early = []
    hook = game.rules.has_legal_move
    monkeypatch.setattr(game.rules, "has_legal_move", lambda g: early.append(1) or hook(g))
    rng = random.Random(4)
    for _ in range(12):  # playouts: every position's list is asked for
        game.play(rng.choice(game.legal_moves()))
    used = len(early)
    for _ in range(12):
        game.play(rng.choice(game.legal_moves()))
    assert len(early) == used, "the early exit ran although every list was asked for"
    for _ in range(6):  # leaves: play and take back without asking for the list
        game.play(game.legal_moves()[0])
        game.undo()
    before = len(early)
    game.play(game.legal_moves()[0])
    assert len(early) == before + 1, "the early exit is not back for positions left unasked"


def test_identities_outgrow_two_bytes_and_undo_stays_exact():
    game = paisho.new_game("skud", seed=1)
    rng = random.Random(1)
    while not any(m.src < 0 <= m.dst for m in game.legal_moves()):  # past the accent choices
        game.play(rng.choice(game.legal_moves()))
    before = game.state.copy()
    game.state.next_ident = 0x8000  # one past what 2 bytes hold, as after a very long game
    before.next_ident = 0x8000
    moves = [m for m in game.legal_moves() if m.src < 0 <= m.dst]  # a placement: a new tile
    game.play(moves[0])
    assert game.state.ident.typecode == "i" and game.state.ident[moves[0].dst] == 0x8000
    game.play(rng.choice(game.legal_moves()))
    game.undo()
    game.undo()
    assert game.state.same_as(before)


def masks_from_board(state) -> dict:
    out: dict = {}
    for i, tile in state.tiles():
        out[tile] = out.get(tile, 0) | 1 << i
    return out


@every_variant_random_seeds(3)
def test_tile_masks_follow_the_board_through_play_undo_copy_and_pickle(variant, seed):
    """``State.tile_masks`` (each tile's points, kept by put and lift and rebuilt by undo from
    the log) always equals a pass over the board."""
    import pickle

    rng = random.Random(seed)
    game = paisho.new_game(variant, seed=seed)
    for _ in range(150):
        assert game.state.placed_masks() == masks_from_board(game.state)
        if game.outcome is not None or not game.legal_moves():
            break
        if game.ply and rng.random() < 0.2:
            game.undo()
        else:
            game.play(rng.choice(game.legal_moves()))
    for other in (game.copy(), pickle.loads(pickle.dumps(game))):
        assert other.state.placed_masks() == masks_from_board(other.state)
        while other.ply:
            other.undo()
            assert other.state.placed_masks() == masks_from_board(other.state)
