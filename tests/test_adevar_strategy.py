"""Adevar's computer players weigh the opponent's objective before its Hidden Tile is face up.

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
    from paisho_variants.adevar import objectives

    g = built()
    assert g.to_move == "host" and "guest" not in g.state.extra["revealed"]
    assert objectives.progress(g, g.state, "guest", "BlackOrchid") == pytest.approx(5 / 6)
    after = {}
    for text in (TAKE_ORCHID, TAKE_OPEN):
        g.play(text)
        after[text] = objectives.progress(g, g.state, "guest", "BlackOrchid")
        assert objectives.progress(g, g.state, "host", "Echeveria") > 0  # a Lilac taken either way
        g.undo()
    assert after == {TAKE_ORCHID: pytest.approx(4 / 6), TAKE_OPEN: pytest.approx(5 / 6)}


def test_the_opponents_likeliest_objective_is_the_one_it_has_gone_furthest_toward():
    from paisho_variants.adevar import objectives, rules

    g = built()
    st = g.state
    gains = {h: objectives.progress(g, st, "guest", h) - objectives.baseline(g, "guest", h) for h in rules.HIDDEN}
    assert max(gains, key=gains.get) == "BlackOrchid"
    weights = {h: math.exp(objectives.INFER * v) for h, v in gains.items()}
    expected = sum(weights[h] * gains[h] for h in gains) / sum(weights.values())
    assert objectives.opponent_progress(g, st, "guest") == pytest.approx(expected)
    # a Hidden Tile a failed Second Face ruled out is no longer weighed
    st.extra["ruled_out"] = frozenset({("guest", "BlackOrchid")})
    rest = {h: v for h, v in gains.items() if h != "BlackOrchid"}
    w = {h: math.exp(objectives.INFER * v) for h, v in rest.items()}
    assert objectives.opponent_progress(g, st, "guest") == pytest.approx(
        sum(w[h] * rest[h] for h in rest) / sum(w.values()))


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
