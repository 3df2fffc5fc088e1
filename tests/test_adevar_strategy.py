"""Adevar's computer players weigh the opponent's objective before its Hidden Tile is face up
(the turns it still needs, :mod:`paisho_variants.adevar.objectives`).

The built position follows the Black Orchid's objective on the rules page
(docs/variants/adevar/rules.md, "Black Orchid": in each of six Plots at least half a Basic tile
and as many as the opponent's): the Guest stands in five of the six, the Host to move may take
one of two Guest Lilacs with its Zinnia (Zinnia takes Lilac: the Basic tiles' captures), one in
the Western White Plot (the Guest's only tile there: it sets the Black Orchid back a Plot) and
one in the Northern Open Plot (not one of the six).  Both captures take the same material and
leave the Host's own objective (Echeveria: captured tiles) where it was, so an evaluation blind
to the opponent's objective cannot tell them apart.
"""
from __future__ import annotations

import math

import pytest

import paisho_core as pc
from paisho_core.players import make_player
from paisho_core.players.evaluation import evaluate

GUEST_MOVED = {(-6, -3): (0, 2), (-5, -3): (-6, 2), (-2, -6): (-1, 1), (-2, -7): (8, -3), (-2, -5): (2, -3)}
"""The Guest's starting tiles moved: Foxglove and Zinnia into the Eastern White Plot, a Zinnia
into the Eastern Open Plot, a Foxglove into the Western Open Plot, a Lilac into the Western White
Plot; its Lilac on (-4,-3) keeps half a tile in the Northern Red Plot."""
HOST_MOVED = {(6, 2): (1, -5)}
"""The Host's Zinnia, within reach of both Guest Lilacs."""
TAKE_ORCHID, TAKE_OPEN = "(1,-5)-(2,-3)", "(1,-5)-(-1,-7)"


def built(guest_secret: str = "BlackOrchid"):
    g = pc.new_game("adevar", seed=5)
    g.play("0H.cHT:Echeveria")
    g.play("0G.cHT:" + guest_secret)
    pos = g.position()
    for e in pos["board"]:
        at = (e["x"], e["y"])
        moved = (GUEST_MOVED if e["owner"] == "guest" else HOST_MOVED).get(at)
        if moved:
            e["x"], e["y"] = moved
    pos["board"].append({"x": -1, "y": -7, "tile": "Lilac", "owner": "guest"})  # from the hand
    pos["reserves"]["guest"]["Lilac"] -= 1
    return pc.from_position(pos)


def test_the_built_position_is_as_described():
    """The Guest's Black Orchid is three turns off (a whole tile to bring to the Northern Red Plot,
    where the Host has one, half a tile there already; half a tile to the Eastern Open Plot);
    taking the Western White Plot's Lilac adds a tile to bring there, taking the Open Plot's adds
    nothing; either capture brings the Host's Echeveria nearer."""
    from paisho_variants.adevar import objectives

    g = built()
    assert g.to_move == "host" and "guest" not in g.state.extra["revealed"]
    assert objectives.turns(g, g.state, "guest", "BlackOrchid") == 3
    before = objectives.turns(g, g.state, "host", "Echeveria")
    after = {}
    for text in (TAKE_ORCHID, TAKE_OPEN):
        g.play(text)
        after[text] = objectives.turns(g, g.state, "guest", "BlackOrchid")
        assert objectives.turns(g, g.state, "host", "Echeveria") < before  # a Lilac taken either way
        g.undo()
    assert after[TAKE_ORCHID] > 3 and after[TAKE_OPEN] == 3


def test_the_opponents_turns_are_a_soft_minimum_over_the_tiles_it_may_hold():
    from paisho_variants.adevar import objectives, rules

    g = built()
    st = g.state
    turns = {h: objectives.turns(g, st, "guest", h) for h in rules.HIDDEN}

    def soft(ts):
        return -math.log(sum(math.exp(-objectives.SOFT * t) for t in ts.values())) / objectives.SOFT

    assert objectives.opponent_turns(g, st, "guest") == pytest.approx(soft(turns))
    assert objectives.opponent_turns(g, st, "guest") <= min(turns.values())
    # a Hidden Tile a failed Second Face ruled out is no longer feared
    nearest = min(turns, key=turns.get)
    st.extra["ruled_out"] = frozenset({("guest", nearest)})
    rest = {h: v for h, v in turns.items() if h != nearest}
    assert objectives.opponent_turns(g, st, "guest") == pytest.approx(soft(rest))
    # once face up, its own objective's turns
    st.extra["ruled_out"] = frozenset()
    st.extra["revealed"] = frozenset({"guest"})
    assert objectives.opponent_turns(g, st, "guest") == turns["BlackOrchid"]


@pytest.mark.parametrize("secret", ["BlackOrchid", "Iris", "WhiteLotus"])
def test_the_host_sets_back_the_objective_the_guest_is_nearest_whatever_it_holds(secret):
    """The capture in the Western White Plot is worth more to the Host than the one in the Open
    Plot, by the Guest's objective as the Host can infer it; the same whatever the Guest chose
    (the Host reads only what it sees), and greedy takes it."""
    values = _capture_values(built(secret))
    assert values[TAKE_ORCHID] > values[TAKE_OPEN] + 0.5
    assert values == pytest.approx(_capture_values(built("WhiteRose")))
    for seed in range(3):
        assert make_player("greedy", seed=seed).choose(built(secret)).text == TAKE_ORCHID


def _capture_values(g) -> dict:
    """The Host's evaluation after each of the two captures."""
    out = {}
    for text in (TAKE_ORCHID, TAKE_OPEN):
        g.play(text)
        out[text] = evaluate(g, "host")
        g.undo()
    return out


def rose_in_reach():
    """The Host holds the White Rose, and its Lilac from (5,2) stands on (0,-6), beside the
    Northern Open Plot, the Guest's starting Open Plot (the rules page, ruling 12: a Gate on any
    point of it wins: (0,-7) and (-1,-6) are free); the Away Gate is still in the Host's hand,
    so one call wins."""
    g = pc.new_game("adevar", seed=5)
    g.play("0H.cHT:WhiteRose")
    g.play("0G.cHT:Iris")
    pos = g.position()
    for e in pos["board"]:
        if (e["x"], e["y"], e["owner"]) == (5, 2, "host"):
            e["x"], e["y"] = 0, -6
    return pc.from_position(pos)


def test_a_white_rose_one_call_away_is_one_turn_away_and_every_level_calls_it():
    from paisho_variants.adevar import objectives

    g = rose_in_reach()
    assert objectives.turns(g, g.state, "host", "WhiteRose") == 1
    for level in ("greedy", "quick", "easy"):
        game = rose_in_reach()
        move = make_player(level, seed=1, iterations=30 if level == "easy" else None).choose(game)
        assert move.text in ("HGateAway(0,-7)", "HGateAway(-1,-6)"), (level, move.text)
        game.play(move)
        assert game.outcome is not None and game.outcome.winner == "host", level
        assert "WhiteRose" in game.outcome.reason


def test_the_guest_fears_a_white_rose_it_cannot_see():
    """Seen from the Guest, before the Host's Hidden Tile is face up, the Host is one turn from an
    objective (the White Rose, as it happens): the Guest's reading of the Host's turns is at most
    one, whatever the Host holds (it reads only what it sees)."""
    from paisho_variants.adevar import objectives

    g = rose_in_reach()
    assert "host" not in g.state.extra["revealed"]
    assert objectives.opponent_turns(g, g.state, "host") <= 1
    assert objectives.opponent_turns(g, g.state, "guest") > 1


def test_a_white_rose_runner_one_call_away_is_stopped_only_by_standing_on_the_point_beside_it():
    """Traced on the Adevar rules page (the first mover's race): game seed 500, both sides
    `medium` at 0.2 CPU-s, the Host to move at ply 11 with the Guest's runner on (1,6), one Away
    Gate call from the White Rose.  Of the Host's 244 moves only the five onto (2,6), the one
    point of the target beside the runner, leave the Guest no winning reply."""
    game = pc.new_game("adevar", seed=500)
    for move in ("cHT:WhiteRose", "cHT:WhiteRose", "HFoxglove(4,2)", "GFoxglove(-2,-4)", "(4,2)-(1,1)",
                 "(-2,-4)-(-1,-1)", "(1,1)-(-3,1)", "(-1,-1)-(1,1)", "HFoxglove(3,3)", "(1,1)-(1,6)"):
        game.play(move)

    def guest_can_win(after):
        for reply in after.legal_moves():
            g = after.copy()
            g.play(reply)
            if g.outcome is not None and g.outcome.winner == "guest":
                return True
        return False

    moves = [str(m) for m in game.legal_moves()]
    safe = []
    for move in moves:
        after = game.copy()
        after.play(move)
        if not guest_can_win(after):
            safe.append(move)
    assert len(moves) == 244
    assert sorted(safe) == ["(3,3)-(2,6)", "(3,4)-(2,6)", "(3,5)-(2,6)", "(3,6)-(2,6)", "HGateAway(2,6)"]


@pytest.mark.parametrize("secret", ["BlackOrchid", "WhiteRose", "Echeveria"])
def test_the_hidden_tile_is_dealt_by_the_opponents_soft_minimum(secret):
    """The players deal the opponent's Hidden Tile by each tile's term of the soft minimum
    (``exp(-SOFT * turns)``, relative to the nearest objective's): what the board and the hands
    show, whatever the opponent holds; a tile ruled out is not dealt; once face up, nothing is."""
    from paisho_variants.adevar import objectives, rules

    g = built(secret)
    st = g.state
    turns = {h: objectives.turns(g, st, "guest", h) for h in rules.HIDDEN}
    low = min(turns.values())
    want = {h: math.exp(-objectives.SOFT * (t - low)) for h, t in turns.items()}
    weights = g.rules.deal_weights(g, "host")
    assert weights == pytest.approx(want)
    assert max(weights, key=weights.get) == min(turns, key=turns.get)
    assert weights == pytest.approx(g.rules.deal_weights(built("BlackOrchid"), "host"))  # not the secret
    nearest = min(turns, key=turns.get)
    st.extra["ruled_out"] = frozenset({("guest", nearest)})
    assert nearest not in g.rules.deal_weights(g, "host")
    st.extra["ruled_out"] = frozenset()
    st.extra["revealed"] = frozenset({"guest"})
    assert g.rules.deal_weights(g, "host") is None


def test_a_search_deals_the_white_rose_a_guest_is_racing_toward():
    """At the start (both sides four turns from the White Rose, every other objective eight or
    more) nearly every world a search deals holds the White Rose."""
    import random

    from paisho_core.players.hidden import Dealer

    g = pc.new_game("adevar", seed=1)
    g.play("cHT:Iris")
    g.play("cHT:Iris")
    dealer = Dealer(g, "host")
    rng = random.Random(4)
    drawn = [next(iter(dealer.deal(rng).state.piles["secret"]["guest"])) for _ in range(200)]
    assert drawn.count("WhiteRose") >= 190
