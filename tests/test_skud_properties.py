"""Property tests: random Skud games from varied seeds and option sets (issue 3, acceptance 3).

At every decision of a random game:

* every tile is accounted for: board + reserve + tiles that left the game equals the set the
  game started with, and a tile leaves only by capture, by a Boat taking an accent (both go) or
  by the accent choice (the accents not kept);
* undo restores the exact previous position, and replaying the same move gives the same result;
* ``position()`` -> ``from_position()`` gives back the same position;
* an illegal move raises ``IllegalMoveError`` and changes nothing;
* no two tiles clash on the board (unless ``IgnoreClashing``), checked by an independent scan.

At the end: ``record()`` -> ``load_record()`` gives back the final position, and replaying a
record twice gives the same game.

Sources: issue 3 acceptance item 3; spec README sections 4-6; skud-fire-reference.md 2.3 (the
set), 2.8 (clash), 2.9 and 2.12 (what leaves the game).
"""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paisho_core as paisho

OPTIONS = ["InformalStart", "DoubleAccentTiles", "AncientOasisExpansion", "NoWheels",
           "SpecialFlowersBounce", "NoAltWin", "IgnoreClashing", "EverythingCapture",
           "DiagonalMovement", "ClashingOpening"]

options_strategy = st.fixed_dictionaries({name: st.booleans() for name in OPTIONS})
seeds = st.integers(min_value=0, max_value=2**31 - 1)

GATES = {(0, 8), (0, -8), (8, 0), (-8, 0)}
SPECIAL = {"L", "O"}
ARRANGE = re.compile(r"^\((-?\d+),(-?\d+)\)-\((-?\d+),(-?\d+)\)$")
BOAT_ON_ACCENT = re.compile(r"^\+B\((-?\d+),(-?\d+)\)$")
CLASH = {frozenset(("R3", "W3")), frozenset(("R4", "W4")), frozenset(("R5", "W5"))}


# -- black-box views of a position ---------------------------------------------------------------

def board_of(pos) -> dict:
    """(x, y) -> (owner, code) from a position dict."""
    return {(e["x"], e["y"]): (e["owner"], e["tile"]) for e in pos["board"]}


def totals(pos) -> Counter:
    """(owner, code) -> tiles on the board plus tiles in every pile."""
    count = Counter()
    for owner, code in board_of(pos).values():
        count[(owner, code)] += 1
    piles = [pos.get("reserves", {})] + list((pos.get("piles") or {}).values())
    for pile in piles:
        for owner, codes in pile.items():
            for code, n in codes.items():
                count[(owner, code)] += n
    return count


def on_board(x, y):
    return abs(x) <= 8 and abs(y) <= 8 and x * x + y * y <= 80


def clashes(pos) -> list:
    """Independent clash scan (reference 2.8): for each blooming tile, the nearest point east
    and north that holds a tile or is a gate; two blooming basic flowers of different colour and
    the same number clash."""
    tiles = board_of(pos)
    found = []
    for (x, y), (_o, code) in tiles.items():
        if (x, y) in GATES:
            continue
        for dx, dy in ((1, 0), (0, 1)):
            qx, qy = x + dx, y + dy
            while on_board(qx, qy) and (qx, qy) not in tiles and (qx, qy) not in GATES:
                qx, qy = qx + dx, qy + dy
            if (qx, qy) in tiles and (qx, qy) not in GATES:
                if frozenset((code, tiles[(qx, qy)][1])) in CLASH:
                    found.append(((x, y), (qx, qy)))
    return found


def departures(pos_before, move_text, pos_after, options) -> Counter:
    """The tiles a decision removes from the game, worked out from the rules (not the engine):
    the accents not kept (accent choice), a captured tile (unless it is a special flower that
    bounces), a Boat on an accent together with the accent."""
    gone = Counter()
    mover = pos_before["to_move"]
    before = board_of(pos_before)
    if pos_before["phase"] == "accents":
        reserve = pos_before["reserves"][mover]
        kept = Counter(move_text.split(","))
        for code, n in reserve.items():
            if len(code) == 1 and code not in SPECIAL:          # an accent code
                gone[(mover, code)] += n - kept.get(code, 0)
        return gone
    m = ARRANGE.match(move_text.split("+")[0])
    if m:
        dst = (int(m.group(3)), int(m.group(4)))
        if dst in before:
            owner, code = before[dst]
            if not (options.get("SpecialFlowersBounce") and code in SPECIAL):
                gone[(owner, code)] += 1
    b = BOAT_ON_ACCENT.match(move_text)
    if b:
        target = (int(b.group(1)), int(b.group(2)))
        gone[(mover, "B")] += 1
        gone[before[target]] += 1
    return gone


def strip_seed(pos) -> dict:
    """Skud uses no chance, so records do not carry the seed; compare positions without it."""
    return {k: v for k, v in pos.items() if k != "seed"}


def illegal_candidates(game, rng) -> list[str]:
    """Texts that are not legal for the pending decision."""
    legal = {str(m) for m in game.legal_moves()}
    pos = game.position()
    tiles = board_of(pos)
    empty = [(x, y) for x in range(-8, 9) for y in range(-8, 9) if on_board(x, y) and (x, y) not in tiles]
    out = ["", "hello", "(9,9)-(0,0)", "R3(0,0)", "skip", "R,R,R,R,R", "+Z(1,1)", "((", "R9(0,-8)"]
    if empty:
        a, b = rng.choice(empty), rng.choice(empty)
        out.append(f"({a[0]},{a[1]})-({b[0]},{b[1]})")      # moving from an empty point
        out.append(f"+B({a[0]},{a[1]})")                      # a Boat on an empty point
    occupied = list(tiles)
    if occupied:
        q = rng.choice(occupied)
        out.append(f"R3({q[0]},{q[1]})")                      # planting on a tile
        out.append(f"+R({q[0]},{q[1]})")                      # a Rock on a tile
    if legal:
        some = rng.choice(sorted(legal))
        if ARRANGE.match(some):
            out.append(some + "+R(0,8)+R(0,-8)")               # two bonuses: never legal
    return [t for t in out if t not in legal]


def choose(game, rng):
    """Half the time any legal decision; otherwise first a kind of decision (a plant of one
    code, an arrange, a capture, one accent's bonus, a Boat on an accent ...), then one of that
    kind, so that rarer decisions (captures, Boats, endings) come up in short games."""
    legal = game.legal_moves()
    if rng.random() < 0.5:
        return rng.choice(legal)
    tiles = board_of(game.position())
    groups: dict[str, list] = {}
    for move in legal:
        text = str(move)
        m = ARRANGE.match(text)
        if m:
            key = "capture" if (int(m.group(3)), int(m.group(4))) in tiles else "arrange"
        elif BOAT_ON_ACCENT.match(text):
            key = "boat-on-accent"
        else:
            key = text.split("(")[0]
        groups.setdefault(key, []).append(move)
    return rng.choice(groups[rng.choice(sorted(groups))])


def play_random_game(seed, options, max_plies, check_every=1):
    """Play a random game, checking the per-decision properties; returns the game."""
    rng = random.Random(seed)
    game = paisho.new_game("skud", options=options, seed=seed)
    start = game.position()
    initial = totals(start)
    left = Counter()
    check_clash = not options.get("IgnoreClashing")
    while game.outcome is None and game.ply < max_plies:
        before = game.position()
        legal = game.legal_moves()
        assert legal, "a running game always offers a decision"
        # an illegal move raises and changes nothing
        if game.ply % check_every == 0:
            for text in rng.sample(illegal_candidates(game, rng), 3):
                with pytest.raises(paisho.IllegalMoveError):
                    game.play(text)
                assert game.position() == before
            assert [str(m) for m in game.legal_moves()] == [str(m) for m in legal]
        move = choose(game, rng)
        text = str(move)
        game.play(text)
        after = game.position()
        # every tile accounted for
        left += departures(before, text, after, options)
        now = totals(after)
        for key in set(initial) | set(now) | set(left):
            assert now[key] + left[key] == initial[key], (key, text, game.ply)
        # no clash ever
        if check_clash:
            assert clashes(after) == [], (text, game.ply)
        if game.ply % check_every == 0:
            # undo restores the exact previous position; replaying the move is deterministic
            undone = game.undo()
            assert str(undone) == text
            assert game.position() == before
            game.play(text)
            assert game.position() == after
            # position round trip
            again = paisho.from_position(after)
            assert again.position() == after
            assert [str(m) for m in again.legal_moves()] == [str(m) for m in game.legal_moves()]
    return game


def check_record_round_trip(game):
    record = game.record()
    replayed = paisho.load_record(record)
    if game.phase != "bonus":   # a record holds whole turns; a pending bonus is not one yet
        assert strip_seed(replayed.position()) == strip_seed(game.position())
        assert replayed.outcome == game.outcome
        assert replayed.record() == record
    second = paisho.load_record(record)
    assert second.position() == replayed.position() or \
        strip_seed(second.position()) == strip_seed(replayed.position())
    assert [str(m) for m in second.moves] == [str(m) for m in replayed.moves]
    assert second.record() == replayed.record()


# -- the properties ------------------------------------------------------------------------------

@settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=options_strategy)
def test_random_games_keep_every_invariant(seed, options):
    """Issue 3 acceptance 3: random games from varied seeds and option sets, every property
    checked at every decision (up to 70 decisions)."""
    game = play_random_game(seed, options, max_plies=70)
    check_record_round_trip(game)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=options_strategy)
def test_long_random_games(seed, options):
    """Longer games (up to 260 decisions) reach captures, accents and endings; the cheaper
    checks run at every decision, undo and position round trips every 7th."""
    game = play_random_game(seed, options, max_plies=260, check_every=7)
    check_record_round_trip(game)


@pytest.mark.parametrize("seed", [3, 11, 27])
def test_default_games_to_the_end(seed):
    """Default options, played until the game ends (or 500 decisions): the final record and
    position round-trip and the outcome survives a replay."""
    game = play_random_game(seed, {}, max_plies=500, check_every=25)
    check_record_round_trip(game)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds)
def test_must_leave_opponent_a_move_short_games(seed):
    """MustLeaveOpponentAMove (slow: each candidate is tried): a few decisions keep the
    invariants, and the game never stops for lack of a legal move."""
    game = play_random_game(seed, {"MustLeaveOpponentAMove": True}, max_plies=14)
    assert game.outcome is None or game.outcome.reason != "no legal move"
    check_record_round_trip(game)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=options_strategy, plies=st.integers(min_value=0, max_value=60))
def test_replaying_a_record_is_deterministic(seed, options, plies):
    """Spec section 4: a record replays to the same game every time, decision by decision."""
    rng = random.Random(seed)
    game = paisho.new_game("skud", options=options, seed=seed)
    while game.outcome is None and game.ply < plies:
        game.play(rng.choice(game.legal_moves()))
    finish = [m for m in game.legal_moves() if str(m) == "skip"]
    if game.phase == "bonus" and finish:
        game.play("skip")
    record = game.record()
    first = paisho.load_record(record)
    second = paisho.load_record(record)
    assert [str(m) for m in first.moves] == [str(m) for m in second.moves]
    assert strip_seed(first.position()) == strip_seed(second.position()) == strip_seed(game.position())
    assert first.record() == second.record() == record


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, plies=st.integers(min_value=5, max_value=80))
def test_undo_walks_back_to_the_start(seed, plies):
    """Spec section 6, ``undo``: taking back every decision, one by one, passes through exactly
    the positions that were played, back to the start."""
    rng = random.Random(seed)
    game = paisho.new_game("skud", seed=seed)
    seen = [game.position()]
    while game.outcome is None and game.ply < plies:
        game.play(rng.choice(game.legal_moves()))
        seen.append(game.position())
    while game.ply:
        seen.pop()
        game.undo()
        assert game.position() == seen[-1]
    with pytest.raises(paisho.IllegalMoveError):
        game.undo()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, options=options_strategy, plies=st.integers(min_value=4, max_value=60))
def test_a_turn_with_an_illegal_bonus_is_all_or_nothing(seed, options, plies):
    """Spec section 2 and rulings, Checks the reference leaves to its interface: a whole turn
    (arrange + bonus) with an illegal bonus raises and leaves the game unchanged."""
    rng = random.Random(seed)
    game = paisho.new_game("skud", options=options, seed=seed)
    while game.outcome is None and game.ply < plies:
        game.play(rng.choice(game.legal_moves()))
    if game.outcome is not None or game.phase != "turn":
        return
    arranges = [str(m) for m in game.legal_moves() if ARRANGE.match(str(m))]
    if not arranges:
        return
    before = game.position()
    text = rng.choice(arranges) + "+R(0,8)"      # an accent on a gate: never legal
    with pytest.raises(paisho.IllegalMoveError):
        game.play(text)
    assert game.position() == before
