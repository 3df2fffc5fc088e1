"""What greedy play knows of Iroh's goal (variants/iroh/strategy.py, variants/iroh/approach.py),
checked on built positions.  Source: the book's chapter 2 (docs/variants/iroh/rules.md,
"Winning"): a harmony across each of the four midlines (L473), kept through one opponent turn
(L475-483), wins."""
from __future__ import annotations

import paisho_core as paisho
from paisho_core.players import make_player

from paisho_variants.iroh import covering, pairs, winning_set
from paisho_variants.iroh import strategy
from paisho_variants.iroh.approach import arm_costs
from paisho_variants.iroh.roles import roles


def position(tiles, to_move="guest", reserves=None, **extra):
    """``tiles``: (x, y, code, owner) with owner 'G' or 'H'."""
    entries = [{"x": x, "y": y, "tile": c, "owner": "guest" if o == "G" else "host"}
               for x, y, c, o in tiles]
    data = {"variant": "iroh", "options": {}, "to_move": to_move, "phase": "turn", "turn": 20,
            "board": entries, "reserves": reserves or {"guest": {}, "host": {}}}
    data.update(extra)
    return paisho.from_position(data)


# Three arms held, each tile in a garden it may stand on: N on row 3, E on column 4, S on row -4;
# the W partner waits at (-5,-3), and the Air on (-6,5) reaches column -5 in one step.
THREE_ARMS = [(-2, 3, "W"), (2, 3, "F"), (4, 2, "F"), (4, -2, "W"), (-3, -4, "F"), (3, -4, "W"),
              (-5, -3, "A"), (-6, 5, "A")]


def test_three_arms_and_the_fourth_one_move_away():
    g = position([(x, y, c, "G") for x, y, c in THREE_ARMS] + [(6, 6, "A", "H"), (-6, -6, "A", "H")])
    assert sorted(arm for _a, _q, arm in covering(g, "guest")) == ["E", "N", "S"]
    busy = 0
    for a, q, _arm in covering(g, "guest"):
        busy |= (1 << a) | (1 << q)
    assert arm_costs(g, roles(g.variant), "guest", ["W"], busy) == {"W": 1}
    # one turn away from a set is worth more than two: without the two Airs, an Air from the
    # reserve enters (one turn) and walks to (-2,-6) (one more), facing the Water on (-2,3),
    # which may count in two harmonies (L442-443)
    far = position([(x, y, c, "G") for x, y, c in THREE_ARMS[:-2]] + [(6, 6, "A", "H"), (-6, -6, "A", "H")],
                   reserves={"guest": {"A": 1}, "host": {}})
    assert arm_costs(far, roles(far.variant), "guest", ["W"], busy) == {"W": 2}
    assert strategy.approach(g, "guest") > strategy.approach(far, "guest")


def test_greedy_completes_the_fourth_arm():
    """L473: with three arms held and the fourth one move away, greedy makes the set."""
    g = position([(x, y, c, "G") for x, y, c in THREE_ARMS] + [(6, 6, "A", "H"), (-6, -6, "A", "H")])
    move = make_player("greedy", seed=3).choose(g)
    g.play(move)
    assert winning_set(g, "guest")


def test_greedy_breaks_a_set_that_would_win():
    """L475-483: the opponent's set stood at the end of their turn; any move that leaves it
    standing loses at the start of their next turn, so greedy breaks it (here the Guest's Earth
    can take the Host's Earth on (-5,-3), L467)."""
    host = [(x, y, c, "H") for x, y, c in THREE_ARMS[:-2]] + [(-5, 5, "A", "H"), (-5, -3, "E", "H")]
    g = position(host + [(-8, -3, "E", "G"), (6, 6, "A", "G")], pending_win=["host"])
    assert winning_set(g, "host")
    move = make_player("greedy", seed=1).choose(g)
    g.play(move)
    assert g.outcome is None or g.outcome.winner != "host"
    assert not winning_set(g, "host")


def test_greedy_stops_a_set_one_move_away():
    """The Host holds three arms and one step of its Air on (-6,5) would close the fourth across
    column -5; the Guest's only Rock (L459-460) can cut that column.  Greedy spends the turn on
    the block: afterwards no Host move makes a set."""
    tiles = [(x, y, c, "H") for x, y, c in THREE_ARMS] + [(7, -3, "A", "G"), (-7, -3, "A", "G")]
    reserves = {"guest": {"R": 1}, "host": {}}
    threat = position(tiles, to_move="host", reserves=reserves)
    assert any(_makes_set(threat, m, "host") for m in threat.legal_moves())
    g = position(tiles, reserves=reserves)
    g.play(make_player("greedy", seed=2).choose(g))
    for reply in g.legal_moves():
        g.play(reply)
        assert not winning_set(g, "host"), reply.text
        g.undo()


def _makes_set(game, move, player) -> bool:
    game.play(move)
    try:
        return bool(winning_set(game, player))
    finally:
        game.undo()


def test_the_estimate_needs_nothing_a_harmony_already_gives():
    """Tiles already in the covering set are not counted as free for another arm."""
    g = position([(x, y, c, "G") for x, y, c in THREE_ARMS] + [(6, 6, "A", "H")])
    assert len(pairs(g)) >= 3
    assert strategy.approach(g, "guest") >= strategy.REACH - strategy.STEP


def test_best_cover_picks_one_harmony_per_arm_within_the_tile_limits():
    """The covering set greedy play counts obeys L412 and L442-443 (one harmony per tile, two
    for a Water); its size is checked against brute force in test_iroh."""
    import random

    from paisho_variants.iroh import harmony

    rng = random.Random(7)
    points = [(x, y) for x in range(-4, 5) for y in range(-4, 5) if x and y]
    for _ in range(200):
        rng.shuffle(points)
        pools = {o: list("AAAAWWWWEEEEFFFFLRRKKK") for o in "GH"}
        tiles = []
        for x, y in points[:rng.randint(8, 24)]:
            owner = rng.choice("GGH")
            tiles.append((x, y, pools[owner].pop(rng.randrange(len(pools[owner]))), owner))
        g = position(tiles)
        for player in ("guest", "host"):
            chosen = harmony.best_cover(pairs(g), player, harmony.capacity_of(g.state, roles(g.variant)))
            assert len({arm for _a, _q, arm in chosen}) == len(chosen)
            use: dict = {}
            for a, q, arm in chosen:
                assert (a, q, arm) in {(p[0], p[1], p[2]) for p in pairs(g) if player in p[3]}
                for i in (a, q):
                    use[i] = use.get(i, 0) + 1
            assert all(n <= (2 if g.state.board[i].code == "W" else 1) for i, n in use.items())
