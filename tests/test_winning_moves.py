"""A won turn, seen before it is played (``paisho_winning_moves``), and what the search does with
it: takes it at once, and checks its own choice against handing one to the opponent.

Ancient's answer is checked against every turn played out move by move (the rules: the count
is checked after the placement and after the move, docs/variants/ancient/rules.md, Goal and A
turn); no test here is timed."""
from __future__ import annotations

import paisho_core as paisho
from paisho_core.players.search import GUARD_MOVES, MCTSPlayer
from paisho_variants.ancient import rules
from paisho_variants.ancient.strategy import paisho_winning_moves
from tests.test_ancient import game_of, placing_games


def _wins_by_playing(g, mover: str, depth: int = 0) -> bool:
    """Whether ``mover`` reaches the target before the turn passes, every step of it played
    (slow, plain).  A game ended by exhaustion at the turn's end is not a won turn here."""
    if g.outcome is not None:
        return g.outcome.winner == mover and g.outcome.reason == "target"
    if g.to_move != mover or g.phase not in ("move", "wheel") or depth > 2:
        return False
    for m in g.legal_moves():
        g.play(m)
        won = _wins_by_playing(g, mover, depth + 1)
        g.undo()
        if won:
            return True
    return False


def _winning_by_playing(g) -> set:
    """The texts of the moves that start a won turn, found by playing every step (Ships, whose
    landing step the hook does not look into, left out as it leaves them out)."""
    mover = g.to_move
    out = set()
    for m in g.legal_moves():
        if m.action == "place" and m.tile == rules.SHIP:
            continue
        g.play(m)
        if _wins_by_playing(g, mover, 1 if g.phase == "move" else 0):
            out.add(m.text)
        g.undo()
    return out


def test_ancient_winning_moves_agree_with_playing_every_step():
    """Over random games under the default options and those that change how a line counts,
    the hook names exactly the placements and moves after which the mover can still reach the
    target in the same turn."""
    option_sets = [{}, {"coin_scope": "between", "lotus_scope": "between"},
                   {"count_disharmony": False, "dragon_jumps": False}]
    checked = won = 0
    for g, seed, options in placing_games(option_sets * 2, lambda seed: 3 + seed % 3, 90):
        if g.phase == "move" or (g.phase == "turn" and g.ply % 4 == 0):
            fast = {m.text for m in paisho_winning_moves(g)}
            assert fast == _winning_by_playing(g), (seed, options, g.ply)
            checked += 1
            won += bool(fast)
    assert checked > 60 and won >= 5, (checked, won)


def test_ancient_winning_moves_other_steps_are_unknown():
    """A draw, a discard or a Ship's landing is not looked into: None, so players do without."""
    g = game_of(["W3@(1,1)"], phase="discard", hand={"R3": 1}, pool={"W5": 1})
    assert paisho_winning_moves(g) is None


def test_the_search_takes_a_won_turn_at_once():
    """W3 (1,1) to (1,3) faces the W4 on (3,3), a harmony, and a count of 1 is the target
    (rules, Goal): the Knotweed goes anywhere it drains neither flower, then the move wins.  The
    search plays both without searching."""
    g = game_of(["W3@(1,1)", "W4@(3,3)"], hand={"K": 1}, host_hand={"R3": 1}, options={"target": 1})
    player = MCTSPlayer(seed=1, iterations=50)
    first = player.choose(g)
    assert player.last_stats.get("wins") and first.text in {m.text for m in paisho_winning_moves(g)}
    g.play(first)
    g.play(player.choose(g))
    assert g.outcome is not None and g.outcome.winner == "guest" and g.outcome.reason == "target"


def _hand_over_position():
    """The Guest's move step with the count at -1 (the R3 and W3 on row 1 clash) and the target
    2: every move but the W4's (3,3) to (5,5) lets the Host, holding an R5, reach the target
    in its turn (its hand is hidden from the Guest; with the pool empty it is all the Guest
    cannot see)."""
    return game_of(["W3@(1,1)", "W4@(3,3)", "R3@(-2,1)"], phase="move", hand={"K": 1},
                   host_hand={"R5": 1}, options={"target": 2})


def test_the_opponents_win_next_turn_is_found_by_playing_it():
    g = _hand_over_position()
    safe = []
    for m in g.legal_moves():
        g.play(m)
        if not _winning_by_playing(g):
            safe.append(m.text)
        g.undo()
    assert safe == ["(3,3)-(5,5)"]


def test_the_search_does_not_hand_the_opponent_a_win():
    """Of the best root moves, the search plays the first after which the opponent cannot win
    in its turn: a move ranked first that hands over the win gives way to a safe one."""
    g = _hand_over_position()
    player = MCTSPlayer(seed=3, iterations=10)
    base = g.copy()
    base.auto_chance = False
    from paisho_core.players.hidden import Dealer

    dealer = Dealer(g, "guest")
    ranked = [((True, 9, 0.9), "(-2,1)-(-1,1)"), ((True, 8, 0.8), "(1,1)-(1,2)"),
              ((True, 7, 0.7), "(3,3)-(5,5)")]
    assert len(ranked) <= GUARD_MOVES
    chosen, checked = player._guarded(ranked, base, dealer, "guest", 0.0)
    assert chosen[1] == "(3,3)-(5,5)" and checked == 3
    assert [m.text for m in base.moves] == [m.text for m in g.moves]  # the copy played back
    # when no move checked is safe, the better ranked of the least threatening
    chosen, checked = player._guarded(ranked[:2], base, dealer, "guest", 0.0)
    assert chosen[1] == "(-2,1)-(-1,1)" and checked == 2


def test_a_variant_that_cannot_tell_leaves_the_search_as_it_was():
    """Modern has no ``paisho_winning_moves``: the search neither reserves time nor checks."""
    g = paisho.new_game("modern", seed=4)
    assert g.rules.winning_moves(g) is None
    player = MCTSPlayer(seed=2, iterations=20)
    player.choose(g)
    assert "guarded" not in player.last_stats and "wins" not in player.last_stats


def test_garden_ring_closing_moves_are_named_and_taken():
    """Skud (and Fire, by the same code): the arrange that closes the mover's harmony ring is
    named by ``paisho_winning_moves`` before it is played (a greedy-v-random game of seed 1 that
    ends in a ring, rules: End of the game), every move named leaves a ring standing, and greedy
    plays the named move when it is offered."""
    from paisho_core.players import make_player, play_game
    from paisho_variants.common.strategy import garden_survey, has_ring

    g = paisho.new_game("skud", seed=1)
    play_game(g, {"host": make_player("greedy", seed=1), "guest": make_player("random", seed=51)},
              max_plies=400)
    assert g.outcome is not None and g.outcome.reason == "harmony ring"
    texts = [m.text for m in g.moves]
    replay = paisho.new_game("skud", seed=1)
    named_any = False
    for text in texts:
        wins = replay.rules.winning_moves(replay)
        assert wins is not None
        for move in wins:
            mover = replay.to_move
            replay.play(move)
            assert replay.outcome is not None or has_ring(garden_survey(replay)[mover][3])
            replay.undo()
        if wins:
            named_any = True
            assert text in {m.text for m in wins}  # greedy took the win it was offered
        replay.play(text)
    assert named_any


def test_greedy_guard_keeps_the_ring_from_the_opponent():
    """The same game: before the Host's ring the Guest (random) played R4(-8,0), one of 78 of
    its 87 moves after which the Host closes a ring; greedy's check (``guarded``) passes over
    such moves to the first of its list that hands over no ring, and keeps the first when none
    is safe."""
    from paisho_core.players import make_player, play_game
    from paisho_core.players.simple import guarded, hands_over_win

    g = paisho.new_game("skud", seed=1)
    play_game(g, {"host": make_player("greedy", seed=1), "guest": make_player("random", seed=51)},
              max_plies=400)
    texts = [m.text for m in g.moves]
    before = paisho.new_game("skud", seed=1)
    for text in texts[:-3]:
        before.play(text)
    assert before.to_move == "guest" and texts[-3] == "R4(-8,0)"
    moves = before.legal_moves()
    ply = before.ply
    threats = [m for m in moves if hands_over_win(before, m, "guest")]
    safe = [m for m in moves if m not in threats]
    assert before.ply == ply and texts[-3] in {m.text for m in threats} and safe
    assert guarded(before, threats[:3] + safe[:1], "guest") is safe[0]
    assert guarded(before, threats[:3], "guest") is threats[0]
