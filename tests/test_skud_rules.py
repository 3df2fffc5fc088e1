"""Skud Pai Sho, rule by rule: the rulebook's worked examples and figure captions as tests.

Sources (named in every docstring):

* ``rulebook``: ``shared/rules/skud-rulebook-2022.txt`` (figures lost, captions kept), cited by
  section heading and caption;
* ``reference``: ``shared/spec/skud-fire-reference.md`` (the reference engine's behaviour),
  cited by section number;
* ``rulings``: ``docs/variants/skud/rulings.md`` (the project's choices).

The figures are missing, so each test builds a position (spec section 5 format) that shows the
caption's point, plays one move and checks one result.
"""
from __future__ import annotations

import pytest

import paisho_core as paisho
from paisho_core import board

BASICS = ("R3", "R4", "R5", "W3", "W4", "W5")
FULL_BASICS = {code: 3 for code in BASICS}
OWNER = {"G": "guest", "H": "host"}


# -- helpers ------------------------------------------------------------------------------------

def position(tiles, to_move="guest", phase="turn", turn=5, guest=None, host=None, options=None):
    """A Skud position dict.  ``tiles`` are ``(owner letter, code, x, y)``; reserves default to a
    full set of basic flowers (so the last-basic-flower ending cannot fire) and nothing else."""
    data = {
        "variant": "skud",
        "to_move": to_move,
        "phase": phase,
        "turn": turn,
        "board": [{"x": x, "y": y, "tile": code, "owner": OWNER[o]} for o, code, x, y in tiles],
        "reserves": {"guest": dict(FULL_BASICS if guest is None else guest),
                     "host": dict(FULL_BASICS if host is None else host)},
    }
    if options:
        data["options"] = options
    return data


def game_of(tiles, **kw):
    return paisho.from_position(position(tiles, **kw))


def moves(game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


def p(x, y) -> str:
    return f"({x},{y})"


def destinations(game, x, y) -> set[tuple[int, int]]:
    """Every point the tile on (x, y) may be arranged to."""
    head = p(x, y) + "-"
    out = set()
    for m in moves(game):
        if m.startswith(head) and "+" not in m:
            rest = m[len(head):]
            a, b = rest.strip("()").split(",")
            out.add((int(a), int(b)))
    return out


def harmony_set(game) -> set:
    """Harmonies as (owner, frozenset of the two points)."""
    return {(h.owner, frozenset((h.a, h.b))) for h in game.harmonies()}


def tile_at(game, x, y):
    """(owner, code) on (x, y), or None."""
    for entry in game.position()["board"]:
        if (entry["x"], entry["y"]) == (x, y):
            return entry["owner"], entry["tile"]
    return None


def flagged(game, name) -> set[tuple[int, int]]:
    mask = game.flags().get(name, 0)
    return {board.coords(i) for i in board.bits(mask)}


def finish_turn(game):
    """Decline a pending harmony bonus so the turn is complete (and the end checks run)."""
    if game.outcome is None and game.phase == "bonus":
        game.play("skip")


# An independent description of the board's areas (reference 1.3), used as an oracle.
def on_board(x, y):
    return abs(x) <= 8 and abs(y) <= 8 and x * x + y * y <= 80


GATE_POINTS = {(0, 8), (0, -8), (8, 0), (-8, 0)}


def garden_colour(x, y):
    """'red' or 'white' for points of one garden colour only (not the border), else None."""
    if (x, y) in GATE_POINTS or abs(x) + abs(y) >= 7 or x == 0 or y == 0:
        return None
    return "red" if (x > 0) == (y > 0) else "white"


def may_stop(code, x, y):
    """Reference 2.3: a basic flower may stop on a non-gate point unless it is only of the
    other colour; the Lotus and Orchid on any non-gate point."""
    if (x, y) in GATE_POINTS or not on_board(x, y):
        return False
    colour = garden_colour(x, y)
    if code in BASICS and colour is not None:
        return colour == ("red" if code[0] == "R" else "white")
    return True


def reachable(start, distance, occupied):
    """Breadth-first oracle: empty points (gates included) reached in up to ``distance``
    orthogonal steps without passing over a tile."""
    seen = {start}
    frontier = [start]
    for _ in range(distance):
        nxt = []
        for x, y in frontier:
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if q not in seen and on_board(*q) and q not in occupied:
                    seen.add(q)
                    nxt.append(q)
        frontier = nxt
    seen.discard(start)
    return seen


# -- beginning the game --------------------------------------------------------------------------

class TestBeginning:
    def test_host_chooses_four_accents_first_then_guest(self):
        """rulebook, Beginning the Game: "Players each choose 4 of their Accent Tiles ...
        Traditionally the Host chooses their Accent Tiles first"; reference 2.4: any mix."""
        game = paisho.new_game("skud", seed=1)
        assert game.to_move == "host" and game.phase == "accents"
        choices = moves(game)
        # multisets of 4 from {R, W, K, B} with at most 2 of each: 19
        assert len(choices) == 19
        assert {"R,W,K,B", "R,R,B,B", "R,R,K,B"} <= choices
        game.play("R,R,K,B")
        assert game.to_move == "guest" and game.phase == "accents"
        game.play("W,K,B,B")
        res = game.position()["reserves"]
        assert {c: n for c, n in res["host"].items() if c in "RWKB"} == {"R": 2, "K": 1, "B": 1}
        assert {c: n for c, n in res["guest"].items() if c in "RWKB"} == {"W": 1, "K": 1, "B": 2}

    def test_double_accent_tiles_keeps_all_eight(self):
        """reference 2.2, DoubleAccentTiles: each player selects 8 accents (all of the set)."""
        game = paisho.new_game("skud", options={"DoubleAccentTiles": True}, seed=1)
        assert moves(game) == {"R,R,W,W,K,K,B,B"}

    def test_no_wheels_removes_the_wheels(self):
        """reference 2.2, NoWheels: Wheels are removed from the tile sets."""
        game = paisho.new_game("skud", options={"NoWheels": True}, seed=1)
        assert all("W" not in m.split(",") for m in moves(game))
        assert "W" not in game.position()["reserves"]["host"]

    def test_guest_opens_in_the_guest_gate_and_host_mirrors(self):
        """rulebook, Beginning the Game: "The Guest then chooses a Basic Flower Tile. Each player
        begins with a tile of this type in opposite Gates" (caption: Guest choosing to begin with
        R3); reference 2.4 and 5.11: 1G uses (0,-8), 1H the same code at (0,8)."""
        game = paisho.new_game("skud", seed=1)
        game.play("R,W,K,B")
        game.play("R,W,K,B")
        assert moves(game) == {f"{c}(0,-8)" for c in BASICS}
        game.play("R3(0,-8)")
        assert moves(game) == {"R3(0,8)"}
        game.play("R3(0,8)")
        assert game.to_move == "guest" and game.state.turn == 2
        with pytest.raises(paisho.RecordError, match="1G"):
            paisho.load_record("0H.R,W,K,B\n0G.R,W,K,B\n1G.R3(8,0)\n")
        with pytest.raises(paisho.RecordError, match="1H"):
            paisho.load_record("0H.R,W,K,B\n0G.R,W,K,B\n1G.R3(0,-8)\n1H.W4(0,8)\n")

    def test_clashing_opening_option(self):
        """rulings, The Host's opening flower (comprehensive rules' quicker start): with
        ClashingOpening the Host opens with the flower that clashes with the Guest's."""
        game = paisho.new_game("skud", options={"ClashingOpening": True}, seed=1)
        game.play("R,W,K,B")
        game.play("R,W,K,B")
        game.play("R4(0,-8)")
        assert moves(game) == {"W4(0,8)"}

    def test_informal_start(self):
        """rulebook, Beginning the Game: "Informal Start, where the first tile played is simply
        a normal turn, with no restrictions on which Gate is used"; reference 2.2."""
        game = paisho.new_game("skud", options={"InformalStart": True}, seed=1)
        game.play("R,W,K,B")
        game.play("R,W,K,B")
        first = moves(game)
        assert "R3(8,0)" in first and "W5(0,8)" in first and len(first) == 6 * 4
        game.play("W5(8,0)")
        second = moves(game)
        assert "R3(-8,0)" in second and "R4(0,-8)" in second and "R3(8,0)" not in second


# -- planting ------------------------------------------------------------------------------------

class TestPlanting:
    def test_plant_a_basic_flower_into_any_open_gate(self):
        """rulebook, Planting: "place a Basic Flower Tile from your Tile Reserve into an open
        Gate"; reference 2.5: any of the four gates, special flowers never as a turn action."""
        game = game_of([("H", "R4", 0, 8)],
                       guest={"R3": 1, "W5": 2, "L": 1, "O": 1, "R": 1})
        plants = {m for m in moves(game) if not m.startswith("(")}
        assert plants == {f"{c}{g}" for c in ("R3", "W5") for g in ("(0,-8)", "(8,0)", "(-8,0)")}

    def test_planting_ends_the_turn_without_bonus(self):
        """reference 2.5: "Planting never earns a Harmony Bonus"."""
        game = game_of([("G", "R3", 0, -5)], guest={"R4": 1, "R": 1})
        game.play("R4(0,-8)")
        assert game.to_move == "host" and game.phase == "turn"


# -- movement --------------------------------------------------------------------------------------

class TestMovement:
    @pytest.mark.parametrize("code,start", [("R3", (-3, -3)), ("R4", (2, 1)), ("W5", (1, -2)),
                                            ("W3", (-4, 4)), ("L", (0, 1)), ("O", (5, 0))])
    def test_reach_on_an_empty_board(self, code, start):
        """rulebook, Example Basic Flower Tile Movement, captions "R3 (movement of 3)", "R4
        (movement of 4)", "W5 (movement of 5)", "W3 (movement of 3)"; Special Flower Tiles:
        Lotus 2, Orchid 6; reference 2.3 and 2.6: the marked spaces are every point within the
        distance along orthogonal, bending paths where the tile may stop."""
        game = game_of([("G", code, *start)])
        dist = {"L": 2, "O": 6}.get(code) or int(code[1])
        expected = {q for q in reachable(start, dist, {start}) if may_stop(code, *q)}
        assert destinations(game, *start) == expected

    def test_tiles_cannot_move_over_tiles_but_may_bend(self):
        """rulebook, Arranging: "Tiles cannot move over other tiles. Tiles may change direction
        during movement." R3 (movement of 3) hemmed in by tiles of both players."""
        blockers = [("H", "R4", -3, -2), ("G", "R5", -4, -3), ("H", "W5", -3, -5)]
        game = game_of([("G", "R3", -3, -3)] + blockers)
        occupied = {(-3, -3)} | {(x, y) for _o, _c, x, y in blockers}
        expected = {q for q in reachable((-3, -3), 3, occupied) if may_stop("R3", *q)}
        got = destinations(game, -3, -3)
        assert got == expected
        assert (-3, -1) not in got  # straight over the R4 is 2 steps, round it is 4
        assert (-2, -1) in got      # one bend around the R4: 3 steps

    def test_r4_moves_through_a_gate_but_not_onto_it(self):
        """rulebook, caption "R4 (movement of 4)": "May move through Gate but not onto it"."""
        # (0,-7) is blocked, so the only 4-step path to (2,-8) crosses the empty gate (0,-8)
        game = game_of([("G", "R4", -2, -8), ("H", "R3", 0, -7)])
        got = destinations(game, -2, -8)
        assert (2, -8) in got and (1, -8) in got
        assert (0, -8) not in got

    def test_w5_passes_through_the_red_garden_but_does_not_stop_there(self):
        """rulebook, caption "W5 (movement of 5)": "Cannot move into opposite-colored Garden but
        can move through any unoccupied space"."""
        game = game_of([("G", "W5", -1, 4)])
        got = destinations(game, -1, 4)
        assert (3, 4) in got                 # red-and-neutral border, reached across (1,4), (2,4)
        assert (1, 4) not in got and (2, 4) not in got and (1, 3) not in got   # pure red
        assert (0, 4) in got                 # a midline point is red and white

    def test_w5_cannot_move_to_be_lined_up_with_a_clashing_tile(self):
        """rulebook, caption "W5 (movement of 5)": "Cannot move to be lined up with a Clashing
        tile"; reference 2.6 step 6."""
        game = game_of([("G", "W5", -2, 3), ("H", "R5", -4, 0)])
        got = destinations(game, -2, 3)
        assert (-4, 3) not in got and (-4, 2) not in got   # same column as the R5
        assert (-2, 0) not in got and (-1, 0) not in got   # same row as the R5
        assert (-3, 3) in got and (-3, 2) in got
        with pytest.raises(paisho.IllegalMoveError):
            game.play("(-2,3)-(-4,3)")

    def test_a_tile_between_prevents_the_clash(self):
        """rulebook, Harmony and Clashing: clashing tiles "would be lined up"; a tile between them
        blocks the line (reference 2.8: any tile between, accents included)."""
        game = game_of([("G", "W5", -2, 3), ("H", "R5", -4, 0), ("H", "R", -4, 1)])
        assert (-4, 3) in destinations(game, -2, 3)

    def test_moving_through_a_clash_line_is_allowed(self):
        """reference 5.6 and rulings, Passing through a clash: only the final position is
        checked.  Every 3-step path from (-3,-7) to (-1,-7) crosses column -2, in line with the
        Host's R3 at (-2,-4)."""
        game = game_of([("G", "W3", -3, -7), ("H", "R3", -2, -4)])
        got = destinations(game, -3, -7)
        assert (-1, -7) in got
        assert (-2, -7) not in got and (-2, -6) not in got

    def test_w3_captures_r3_but_is_protected_from_it_in_the_white_garden(self):
        """rulebook, caption "W3 (movement of 3)": "Can capture opponent's R3 by landing on it.
        Protected from being captured by the R3, because the R3 cannot move into the White
        Garden"; reference 2.9 (the capturer must be allowed to stand on the point)."""
        tiles = [("G", "W3", -2, 3), ("H", "R3", 0, 2)]
        host_view = game_of(tiles, to_move="host")
        assert (-2, 3) not in destinations(host_view, 0, 2)   # 3 steps, but pure white
        game = game_of(tiles)
        assert (0, 2) in destinations(game, -2, 3)
        game.play("(-2,3)-(0,2)")
        assert tile_at(game, 0, 2) == ("guest", "W3")
        assert tile_at(game, -2, 3) is None
        assert game.position()["reserves"]["host"] == FULL_BASICS   # captured: out of the game

    def test_accent_tiles_are_never_arranged(self):
        """rulebook, Accent Tile Properties: "Accent Tiles may not be moved when Arranging"."""
        game = game_of([("G", "R", 2, 2), ("G", "K", -2, -2), ("G", "B", 3, -3), ("G", "W", -5, 0)])
        assert not [m for m in moves(game) if m.startswith("(")]

    def test_drained_tiles_still_move(self):
        """reference 5.7 and rulings, Drained tiles still move."""
        game = game_of([("G", "R3", 3, 3), ("H", "K", 4, 4)])
        assert (3, 3) in flagged(game, "drained")
        assert destinations(game, 3, 3)

    def test_border_and_midline_points_accept_both_colours(self):
        """reference 5.16: border points (colour + Neutral) and midline points (Red + White)
        accept basic flowers of both colours; only points of the other colour alone are
        closed."""
        white = destinations(game_of([("G", "W3", 6, 0)]), 6, 0)
        assert (6, 1) in white and (5, 2) in white       # border of the NE red garden
        assert (4, 0) in white                           # midline
        assert (5, 1) not in white                       # pure red
        red = destinations(game_of([("G", "R3", -5, -1)]), -5, -1)
        assert (-6, 0) in red and (-7, 0) in red          # midline, midline end
        assert (-6, 1) in red                            # border of the NW white garden
        assert (-5, 1) not in red                        # pure white
