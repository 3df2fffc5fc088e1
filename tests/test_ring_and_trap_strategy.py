"""What the computer players read of a move before playing it, from rule positions: harmony
rings in Fire (fire-pai-sho-rules.txt, End of game: a harmony ring around the centre wins; a
harmony needs a clear line between its two flowers) and Iris traps in 3-Piece
(docs/variants/three-piece/rules.md: A turn 2, a Wheel turns every tile on its ring; Capture,
Defense and death: an Iris on a red point next to two enemy Bisons is dead)."""
from __future__ import annotations

import random

from paisho_core import board
from paisho_core.players import GreedyPlayer
from paisho_core.players.policy import move_weights
from paisho_core.players.simple import preselect
from paisho_variants.common.strategy import garden_survey, harmony_standing, has_ring

from tests.test_fire import fire

# -- Fire: rings ---------------------------------------------------------------------------

RING_OPEN = [(-3, 3, "R3", "g"), (3, 3, "R4", "g"), (3, -3, "R5", "g"), (-3, -4, "R4", "g"),
             (6, 5, "W3", "h"), (-5, 6, "W4", "h"), (5, -6, "R3", "h")]
"""The Fire rules test's ring (test_fire.test_ring_wins) one tile short: R3-R4 on row 3 and
R4-R5 on column 3 stand, the Chrysanthemum on (-3,-4) closes it by stepping to (-3,-3); a few
Host flowers make the list long (800 moves and more)."""


def ring_closers(game) -> set:
    """The moves after which the mover's harmonies enclose the centre (played and taken back)."""
    me = game.to_move
    out = set()
    auto, game.auto_chance = game.auto_chance, False
    for m in game.legal_moves():
        game.play(m)
        if has_ring(garden_survey(game)[me][3]):
            out.add(m.text)
        game.undo()
    game.auto_chance = auto
    return out


def test_fire_ring_closing_moves_come_first():
    """Every move that closes the Guest's ring (found by playing each) outweighs every other
    move, so greedy's preselection of 24 among 800 keeps them all and greedy wins at once."""
    g = fire(RING_OPEN, turn=6)
    moves = g.legal_moves()
    assert len(moves) > 500
    closers = ring_closers(g)
    assert "(-3,-4)-(-3,-3)" in closers
    weights = dict(zip((m.text for m in moves), move_weights(g, moves)))
    lowest_closer = min(weights[t] for t in closers)
    assert all(w < lowest_closer for t, w in weights.items() if t not in closers)
    kept = {m.text for m in preselect(g, moves, 24, random.Random(1))}
    assert closers <= kept
    g.auto_chance = True
    p = GreedyPlayer(seed=1)
    while g.outcome is None and g.to_move == "guest":
        g.play(p.choose(g))
    assert g.outcome is not None and g.outcome.winner == "guest"


def test_fire_a_tile_that_cuts_a_near_ring_is_weighted_up():
    """A harmony needs a clear line between its flowers (Fire rules, Harmony): when the
    opponent's harmonies cross three half-midlines, a move whose tile stands between two of
    their harmonizing flowers is weighted above the same kind of move elsewhere."""
    # the Host's R3-R4 on row 3 (north), R4-R5 on column 3 (east), R5-R4 on row -3 (south)
    tiles = [(-3, 3, "R3", "h"), (3, 3, "R4", "h"), (3, -3, "R5", "h"), (-4, -3, "R4", "h"),
             (1, 6, "R3", "g"), (6, -6, "W4", "g")]
    g = fire(tiles, turn=6)
    assert harmony_standing(g, "host")[0] == 3
    moves = {m.text: w for m, w in zip(g.legal_moves(), move_weights(g, g.legal_moves()))}
    cut, beside = moves["(1,6)-(1,3)"], moves["(1,6)-(1,4)"]
    assert cut > 3 * beside
    g.play("(1,6)-(1,3)")
    assert harmony_standing(g, "host")[0] == 2


# -- 3-Piece: Irises carried into a red area ---------------------------------------------

TRAP = {(-7, 1): "HI", (-6, 1): "GW", (-4, 0): "GB", (-5, -1): "GB", (5, -7): "GI",
        (-6, 6): "HB", (-8, 4): "HI"}
"""The Guest's Wheel on (-6,1) has the Host's Iris (-7,1) on its ring; turned five places the
Iris lands on the red point (-5,0), next to the Guest's Bisons on (-4,0) and (-5,-1): dead."""


def test_three_piece_a_wheel_turn_that_kills_is_read_and_played():
    """The turn is found without playing it, weighted first and worth all but a win to the
    player to move; played, the Host's Iris is dead (reason ``iris killed``); greedy wins."""
    from tests.test_three_piece import pos
    from paisho_variants.three_piece.attack import iris_turns, threats
    from paisho_variants.three_piece.strategy import KILL_NOW, paisho_evaluate
    g = pos(TRAP, to_move="guest")
    kills = [(t.k, t.lands, t.bisons) for t in iris_turns(g, "guest") if t.bisons >= 2]
    assert kills == [(5, board.index(-5, 0), 2)]
    assert threats(g, "guest") == (1, 0) and threats(g, "host") == (0, 0)
    assert paisho_evaluate(g, "guest") >= KILL_NOW
    moves = g.legal_moves()
    weights = move_weights(g, moves)
    assert moves[max(range(len(moves)), key=weights.__getitem__)].text == "(-6,1)~5"
    g.play("(-6,1)~5")
    assert g.outcome is not None and g.outcome.winner == "guest"
    assert g.outcome.reason == "iris killed"
    g.undo()
    g.play(GreedyPlayer(seed=1).choose(g))  # this turn or another that wins at once
    assert g.outcome is not None and g.outcome.winner == "guest"


def test_three_piece_a_wheel_may_step_before_the_killing_turn():
    """A Wheel may first step to an empty point next to it, then turn (rules, A turn 2): the
    same trap with the Wheel one step away, on (-6,2), is read and weighted first."""
    from tests.test_three_piece import pos
    from paisho_variants.three_piece.attack import threats
    tiles = dict(TRAP)
    tiles[(-6, 2)] = tiles.pop((-6, 1))
    g = pos(tiles, to_move="guest")
    assert threats(g, "guest")[0] == 1
    moves = g.legal_moves()
    weights = move_weights(g, moves)
    best = moves[max(range(len(moves)), key=weights.__getitem__)]
    g.play(best)
    assert best.text.startswith("(-6,2)-(-6,1)~")
    assert g.outcome is not None and g.outcome.winner == "guest"


def test_three_piece_greedy_steps_out_of_a_wheel_trap():
    """With the Host to move in the same position, greedy moves so that no Guest Wheel turn
    kills an Iris next turn (its position after the move would be worth ``KILL_NOW`` less)."""
    from tests.test_three_piece import pos
    from paisho_variants.three_piece.attack import threats
    g = pos(TRAP, to_move="host")
    g.play(GreedyPlayer(seed=1).choose(g))
    assert g.outcome is None
    assert threats(g, "guest")[0] == 0


BESIDE = {(-3, -2): "HI", (-5, -2): "HI", (-4, -2): "GB", (0, -2): "GB", (-1, -2): "GW",
          (5, -7): "GI", (-6, 6): "HB"}
"""The Host's Iris on the red point (-3,-2) has the Guest's Bison (-4,-2) next to it, defended
by the Host's Iris (-5,-2) (rules, Capture, Defense and death). The Guest's Wheel on (-1,-2)
has a Guest Bison on its ring at (0,-2) but not the Iris: turned four places the Bison comes
to (-2,-2), the Iris's second enemy Bison, and the Iris is dead whatever the Defense."""


def test_three_piece_a_wheel_turn_that_carries_a_bison_beside_an_iris_is_a_threat():
    """A Wheel turn kills by carrying a Bison as well as by carrying the Iris (rules, A turn 2:
    every tile on the ring turns): the turn is read as a kill threat, where the Iris stands, and
    the playout weights offer a killing move first."""
    from tests.test_three_piece import pos
    from paisho_variants.three_piece.attack import iris_turns, threats
    g = pos(BESIDE, to_move="guest")
    assert not g.flags()["captured"] and not g.flags()["dead"]
    iris = board.index(-3, -2)
    beside = [(t.k, t.bisons) for t in iris_turns(g, "guest")
              if t.centre == t.wheel and t.iris == iris and t.lands == iris]
    assert beside == [(4, 2)]
    assert threats(g, "guest")[0] == 1
    moves = g.legal_moves()
    weights = move_weights(g, moves)
    g.play(moves[max(range(len(moves)), key=weights.__getitem__)])
    assert g.outcome is not None and g.outcome.winner == "guest"


def test_three_piece_an_enemy_iris_carried_toward_a_red_area_is_progress():
    """An Iris is captured only in a red area (rules, Capture) and one that keeps away is safe
    for ever (rulings, Games that do not end): the same enemy Iris two steps from a red area is
    worth more to its opponent than at home, five steps away, and a Bison beside it there counts
    more than a Bison beside it at home."""
    from tests.test_three_piece import pos
    from paisho_variants.three_piece.attack import red_distance
    from paisho_variants.three_piece import cfg
    from paisho_variants.three_piece.strategy import _drift, _pressure, paisho_evaluate
    far = red_distance(cfg(pos({(5, -7): "GI", (-5, 7): "HI"})).red)
    home, near = (5, -7), (3, -3)
    assert far[board.index(*home)] == 5 and far[board.index(*near)] == 3
    others = {(-5, 7): "HI", (-6, 6): "HB", (-4, 8): "HW", (8, -3): "GW", (2, 8): "GB"}
    at_home = pos({**others, home: "GI"}, to_move="guest")
    carried = pos({**others, near: "GI"}, to_move="guest")
    assert _drift(at_home, "host") == 0 and _drift(carried, "host") == 2
    assert paisho_evaluate(carried, "host") > paisho_evaluate(at_home, "host")
    assert paisho_evaluate(carried, "guest") < paisho_evaluate(at_home, "guest")
    bison_home = pos({**others, home: "GI", (5, -6): "HB"}, to_move="guest")
    bison_near = pos({**others, near: "GI", (3, -2): "HB"}, to_move="guest")
    gain_near = _pressure(bison_near, "host") - _pressure(carried, "host")
    gain_home = _pressure(bison_home, "host") - _pressure(at_home, "host")
    assert gain_near > 1.4 * gain_home > 0


def test_three_piece_evaluation_terms_agree_with_a_slow_reading():
    """The evaluation's terms, read from bitsets and distance tables, against the same formulas
    written point by point (steps along the lines, eight-way steps, breadth-first distance to a
    red point) over positions of random games."""
    import paisho_core as paisho
    from paisho_variants.three_piece import strategy as s

    red = board.AREA["red"]
    reds = [board.coords(j) for j in board.bits(red)]

    def steps(a, b):
        return abs(a[0] - b[0]) + abs(a[1] - b[1])

    def to_red(i):  # the default red_area option is every red point: nothing stands in the way
        return min(steps(board.coords(i), p) for p in reds)

    def tiles(g, player, tag):
        return [i for i, t in g.state.tiles(player) if tag in t.kind.tags]

    def slow(g, player):
        opp = "guest" if player == "host" else "host"
        irises = tiles(g, opp, "iris")
        pressure = sum(max(2.0 / (1 + to_red(j)) / (1 + steps(board.coords(b), board.coords(j)))
                           for j in irises) for b in tiles(g, player, "bison")) if irises else 0.0
        reach = sum(max(1.0 / (1 + to_red(j)) / max(1, *(abs(u - v) for u, v in
                                                        zip(board.coords(w), board.coords(j))))
                        for j in irises) for w in tiles(g, player, "wheel")) if irises else 0.0
        exposure = sum(0.5 + 0.5 * sum(1 for b in tiles(g, opp, "bison")
                                       if steps(board.coords(b), board.coords(i)) <= 2)
                       for i in tiles(g, player, "iris") if (red >> i) & 1)
        drift = sum(max(0, s.HOME_STEPS - to_red(j)) for j in irises)
        return pressure, reach, exposure, drift

    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        g = paisho.new_game("3-piece", seed=seed)
        for _ in range(120):
            if g.outcome is not None:
                break
            g.play(rng.choice(g.legal_moves()))
            for player in ("host", "guest"):
                want = slow(g, player)
                got = (s._pressure(g, player), s._reach(g, player), s._exposure(g, player),
                       s._drift(g, player))
                assert all(abs(a - b) < 1e-12 for a, b in zip(got, want)), (g.moves, player)
                checked += 1
    assert checked > 1000


# -- 3-Piece: the order the search's inner nodes take moves in -------------------------------

def _weights_by_text(g):
    from paisho_variants.three_piece.strategy import paisho_playout_weights
    moves = g.legal_moves()
    return dict(zip((m.text for m in moves), paisho_playout_weights(g, moves)))


def _iris_steps(g, owner):
    """Each of ``owner``'s Irises' steps to the nearest red point (at most HOME_STEPS)."""
    from paisho_variants.three_piece import cfg, roles
    from paisho_variants.three_piece.attack import red_distance
    from paisho_variants.three_piece.strategy import HOME_STEPS
    far = red_distance(cfg(g).red)
    return sorted(min(far[i], HOME_STEPS) for i in board.bits(roles(g).iris[owner]))


def test_three_piece_a_wheel_turn_carrying_an_enemy_iris_toward_red_comes_first():
    """A Wheel turn carries every tile on its ring, the opponent's Irises too (rules, A turn 2),
    and an Iris is captured only in a red area (rules, Capture): among the Host's turns of the
    Wheel beside the Guest Iris on (3,-3), three steps from a red point, those that carry it
    nearer a red area weigh more than those leaving it as near, and those more than the turns
    carrying it away."""
    from tests.test_three_piece import pos
    g = pos({(3, -3): "GI", (5, -7): "GI", (4, -4): "HW", (-5, 7): "HI", (-6, 6): "HB",
             (8, -3): "GW"}, to_move="host")
    start = _iris_steps(g, "guest")
    by_gain: dict = {}
    for text, w in _weights_by_text(g).items():
        if text.startswith("(4,-4)"):
            g.play(text)
            gain = sum(start) - sum(_iris_steps(g, "guest"))  # steps the turn carried it nearer
            g.undo()
            by_gain.setdefault((gain > 0) - (gain < 0), set()).add(w)
    assert set(by_gain) == {-1, 0, 1}
    assert min(by_gain[1]) > max(by_gain[0]) > max(by_gain[-1])


def test_three_piece_a_bison_closes_only_on_an_iris_away_from_home():
    """An Iris is captured only in a red area (rules, Capture) and one that stays at home is
    safe for ever (rulings, Games that do not end): a Host Bison stepping toward a Guest Iris on
    its home row weighs no more than one stepping away, but toward the same Iris carried out to
    (3,-3), three steps from a red point, it weighs more."""
    from tests.test_three_piece import pos
    others = {(-5, 7): "HI", (-6, 6): "HB", (8, -3): "GW", (-4, 8): "HW"}
    home = _weights_by_text(pos({**others, (5, -7): "GI", (3, -6): "HB"}, to_move="host"))
    assert home["(3,-6)-(4,-6)"] == home["(3,-6)-(2,-6)"]
    out = _weights_by_text(pos({**others, (3, -3): "GI", (1, -3): "HB"}, to_move="host"))
    assert out["(1,-3)-(2,-3)"] > out["(1,-3)-(0,-3)"]


def test_three_piece_an_iris_away_from_home_steps_homeward_first():
    """An Iris out of home can be carried into a red area by an enemy Wheel (rules, A turn 2;
    Capture): the Guest's Iris on (3,-4), three steps from a red point, stepping away from every
    red point weighs more than stepping toward one."""
    from tests.test_three_piece import pos
    from paisho_variants.three_piece import cfg
    from paisho_variants.three_piece.attack import red_distance
    from paisho_variants.three_piece.strategy import paisho_playout_weights
    g = pos({(-5, 7): "HI", (-6, 6): "HB", (-4, 8): "HW", (8, -3): "GW", (3, -4): "GI"},
            to_move="guest")
    far = red_distance(cfg(g).red)
    iris = board.index(3, -4)
    moves = g.legal_moves()
    steps = [(far[m.dst], w) for m, w in zip(moves, paisho_playout_weights(g, moves))
             if m.action == "move" and m.src == iris]
    homeward = [w for f, w in steps if f > far[iris]]
    redward = [w for f, w in steps if f < far[iris]]
    assert homeward and redward and min(homeward) > max(redward)


def test_skud_tempo_pays_the_player_behind_on_the_count_too():
    """Skud's tempo (issue 40): each basic flower played out of the reserve is worth ``TEMPO`` to
    either player, the one behind on midline-crossing harmonies included (paid only to a player
    not behind, it left greedy behind preferring any arrange to a plant, never catching up)."""
    import paisho_core as paisho
    from paisho_variants.common.strategy import garden_evaluate
    from paisho_variants.skud.strategy import TEMPO

    g = paisho.new_game("skud", seed=3)
    rng = random.Random(3)
    while True:  # random play until one player leads on the count
        survey = garden_survey(g)
        if survey["host"][1] != survey["guest"][1] and not has_ring(survey["host"][3]) \
                and not has_ring(survey["guest"][3]):
            break
        g.play(rng.choice(g.legal_moves()))
        assert g.outcome is None and g.ply < 400
    behind = "host" if survey["host"][1] < survey["guest"][1] else "guest"
    for player in (behind, "guest" if behind == "host" else "host"):
        more = garden_evaluate(g, player, lambda _g, p: 6 if p == player else 7, tempo=TEMPO)
        fewer = garden_evaluate(g, player, lambda _g, p: 5 if p == player else 7, tempo=TEMPO)
        assert fewer - more > 0.5  # planting one more pays (the player ahead gains the lead's pull too)
    more = garden_evaluate(g, behind, lambda _g, p: 6 if p == behind else 7, tempo=TEMPO)
    fewer = garden_evaluate(g, behind, lambda _g, p: 5 if p == behind else 7, tempo=TEMPO)
    assert abs(fewer - more - TEMPO) < 1e-9
