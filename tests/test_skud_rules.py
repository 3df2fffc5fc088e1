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

def reserve_after(tiles, owner, extra=""):
    """The basic flowers of ``owner`` not on the board (3 of each in the set), plus one of each
    code in ``extra`` (accents or special flowers)."""
    out = dict(FULL_BASICS)
    for o, code, _x, _y in tiles:
        if OWNER[o] == owner and code in out:
            out[code] -= 1
    out = {c: n for c, n in out.items() if n > 0}
    for code in extra:
        out[code] = out.get(code, 0) + 1
    return out


def position(tiles, to_move="guest", phase="turn", turn=5, guest=None, host=None, options=None,
             guest_extra="", host_extra=""):
    """A Skud position dict.  ``tiles`` are ``(owner letter, code, x, y)``; reserves default to
    the basic flowers not on the board (so the last-basic-flower ending cannot fire) and
    ``*_extra`` (one code per tile: accents, special flowers)."""
    data = {
        "variant": "skud",
        "to_move": to_move,
        "phase": phase,
        "turn": turn,
        "board": [{"x": x, "y": y, "tile": code, "owner": OWNER[o]} for o, code, x, y in tiles],
        "reserves": {"guest": reserve_after(tiles, "guest", guest_extra) if guest is None else dict(guest),
                     "host": reserve_after(tiles, "host", host_extra) if host is None else dict(host)},
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
        assert game.position()["reserves"]["host"] == reserve_after(tiles, "host")  # left the game

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


# -- harmony and clash ---------------------------------------------------------------------------

CIRCLE = ["R3", "R4", "R5", "W3", "W4", "W5"]
CLASHING = {frozenset(("R3", "W3")), frozenset(("R4", "W4")), frozenset(("R5", "W5"))}


def circle_neighbours(a, b):
    i, j = CIRCLE.index(a), CIRCLE.index(b)
    return (i - j) % 6 in (1, 5)


class TestHarmonyAndClash:
    @pytest.mark.parametrize("a", CIRCLE)
    @pytest.mark.parametrize("b", CIRCLE)
    def test_circle_of_harmony(self, a, b):
        """rulebook, Basic Flower Tiles Properties: "Form Harmony with adjacent tiles in the
        Circle of Harmony ... Red 3, 4, 5, White 3, 4, 5"; "Clash with opposite-colored
        same-numbered tiles"; "Tiles are neutral with themselves and tiles two steps away"."""
        tiles = [("H", a, -6, -4), ("H", b, -6, 4)]   # both neutral points, one open column
        if frozenset((a, b)) in CLASHING:
            with pytest.raises(paisho.PositionError, match="clash"):
                game_of(tiles)
            return
        game = game_of(tiles)
        expected = {("host", frozenset({(-6, -4), (-6, 4)}))} if circle_neighbours(a, b) else set()
        assert harmony_set(game) == expected

    def test_harmony_needs_the_same_owner(self):
        """rulebook, Harmony and Clashing: "two harmonious Blooming Flower Tiles belonging to the
        same player"."""
        assert harmony_set(game_of([("H", "R3", -6, -4), ("G", "R4", -6, 4)])) == set()

    def test_a_tile_between_breaks_the_harmony(self):
        """rulebook, Harmony and Clashing: "on the same line with no other tiles or Gates
        between them"; Example Accent Tile Effects: the Rock disrupts a harmony "by being
        between two of the Host's tiles, as any other tile would"."""
        for blocker in ("R", "O", "W5"):
            game = game_of([("H", "R3", -6, -4), ("H", "R4", -6, 4), ("G", blocker, -6, 1)])
            assert not any(frozenset({(-6, -4), (-6, 4)}) == pair for _o, pair in harmony_set(game))

    def test_clash_regardless_of_owner(self):
        """rulebook, Harmony and Clashing: "two clashing Blooming Flower Tiles belonging to either
        player ... no tiles on the board are ever allowed to Clash"."""
        with pytest.raises(paisho.PositionError):
            game_of([("G", "R4", -6, -4), ("G", "W4", -6, 4)])
        game = game_of([("G", "R4", -6, -4), ("G", "W4", -3, 4)])
        assert (-6, 4) not in destinations(game, -3, 4)
        assert (-6, 4) not in destinations(game_of([("G", "R4", -6, -4), ("H", "W4", -3, 4)],
                                                   to_move="host"), -3, 4)

    def test_growing_tiles_neither_harmonize_nor_clash(self):
        """rulebook, Harmony and Clashing: harmony and clash are between Blooming tiles ("Flower
        Tiles in a Gate are said to be Growing"); reference 5.15."""
        game = game_of([("G", "R3", 0, -8), ("G", "R4", 0, -3), ("H", "W3", 0, -5), ("G", "W4", 8, 0)],
                       to_move="host")
        assert harmony_set(game) == set()
        # the Host's W3 may even stand in line with the Guest's growing R3
        assert (0, -6) in destinations(game, 0, -5)

    def test_a_gate_cuts_the_rim_line(self):
        """reference 1.4: "tiles at (-8,2) and (-8,-3) never harmonize or clash through (-8,0)";
        likewise along y = 8 through (0,8)."""
        game = game_of([("H", "R3", -8, 2), ("H", "R4", -8, -3), ("G", "R5", -2, 8), ("G", "W5", 3, 8)])
        assert harmony_set(game) == set()

    def test_harmony_through_the_empty_centre(self):
        """reference 2.7 and 5.12; rulings, Harmony through the empty centre: (-3,0)~(3,0) is a
        harmony and earns a bonus, but it is not midline-crossing."""
        game = game_of([("G", "R3", -3, 0), ("G", "R4", 3, -2)], guest_extra="R")
        game.play("(3,-2)-(3,0)")
        assert game.phase == "bonus"
        [h] = game.harmonies()
        assert {h.a, h.b} == {(-3, 0), (3, 0)} and h.owner == "guest"
        assert not h.crosses_midline

    @pytest.mark.parametrize("a,b,crossing", [
        ((-3, 2), (4, 2), True), ((0, 2), (4, 2), False), ((3, 0), (3, 4), False),
        ((0, 1), (0, -1), False), ((2, -3), (2, 5), True)])
    def test_midline_crossing_examples(self, a, b, crossing):
        """reference 2.14: "(-3,2)~(4,2) counts; (0,2)~(4,2) does not; (3,0)~(3,4) does not;
        (0,1)~(0,-1) does not" (endpoints on a midline never count)."""
        codes = {(-3, 2): "W3", (4, 2): "R5", (0, 2): "R4", (3, 0): "R4", (3, 4): "R5",
                 (0, 1): "R4", (0, -1): "R5", (2, -3): "W3", (2, 5): "R5"}
        game = game_of([("H", codes[a], *a), ("H", codes[b], *b)])
        [h] = game.harmonies()
        assert h.crosses_midline is crossing


# -- capture -------------------------------------------------------------------------------------

class TestCapture:
    def test_basic_flowers_capture_only_clashing_tiles(self):
        """rulebook, Basic Flower Tiles Properties: "Can capture Clashing tiles by landing on
        them. Captured tiles are removed from the game"; reference 2.9."""
        tiles = [("G", "R4", -6, -2), ("H", "W4", -5, 0), ("H", "R3", -4, -2),
                 ("H", "W5", -7, -3), ("G", "R5", -6, -5), ("H", "R", -5, -3), ("H", "W3", 0, -8)]
        game = game_of(tiles)
        got = destinations(game, -6, -2)
        assert (-5, 0) in got       # W4 clashes with R4: captured
        assert (-4, -2) not in got   # R3: no clash
        assert (-7, -3) not in got   # W5: no clash
        assert (-6, -5) not in got   # own tile
        assert (-5, -3) not in got   # accent
        game.play("(-6,-2)-(-5,0)")
        assert tile_at(game, -5, 0) == ("guest", "R4")
        assert game.position()["reserves"]["host"] == reserve_after(tiles, "host")

    def test_growing_tiles_cannot_be_captured(self):
        """reference 2.9 and 5.15: growing tiles (on gates) cannot be captured because nothing
        may move onto a gate."""
        game = game_of([("G", "W4", 0, -5), ("H", "R4", 0, -8)])
        assert (0, -8) not in destinations(game, 0, -5)

    def test_the_white_lotus_is_protected(self):
        """reference 2.9 rule 4 (lotusNoCapture): no basic flower captures a White Lotus."""
        game = game_of([("G", "R3", -6, -2), ("H", "L", -6, 0)])
        assert (-6, 0) not in destinations(game, -6, -2)

    def test_special_flowers_bounce_option(self):
        """reference 2.2, SpecialFlowersBounce: "a captured White Lotus/Orchid goes back to its
        owner's reserve"."""
        tiles = [("G", "R3", -6, -3), ("H", "L", -7, -3), ("H", "O", -6, 0)]
        for bounce in (False, True):
            game = game_of(tiles, options={"SpecialFlowersBounce": bounce})
            game.play("(-6,-3)-(-6,0)")
            assert tile_at(game, -6, 0) == ("guest", "R3")
            assert game.position()["reserves"]["host"].get("O", 0) == (1 if bounce else 0)

    def test_everything_capture_option(self):
        """reference 2.2, EverythingCapture: "any tile may capture any tile (own included)"."""
        tiles = [("G", "R3", -6, -3), ("G", "R4", -6, -1), ("H", "R", -5, -3)]
        plain = destinations(game_of(tiles), -6, -3)
        assert (-6, -1) not in plain and (-5, -3) not in plain
        wild = destinations(game_of(tiles, options={"EverythingCapture": True}), -6, -3)
        assert (-6, -1) in wild and (-5, -3) in wild


# -- special flowers: Orchid ---------------------------------------------------------------------

class TestOrchid:
    def test_orchid_traps_surrounding_opposing_flowers(self):
        """rulebook, Special Flower Tiles, Orchid: "Opponent's Flower Tiles on any of the 8
        points surrounding the Orchid are trapped. Trapped Flower Tiles may not be moved when
        Arranging"; reference 2.10: trapped tiles still harmonize; own tiles are not trapped."""
        game = game_of([("H", "O", 5, -5), ("G", "R3", 4, -4), ("G", "W5", 6, -6),
                        ("G", "R5", 5, -7), ("H", "R4", 6, -5), ("G", "W5", 1, -4)])
        assert flagged(game, "trapped") == {(4, -4), (6, -6)}
        assert destinations(game, 4, -4) == set() and destinations(game, 6, -6) == set()
        assert destinations(game, 5, -7)
        assert ("guest", frozenset({(4, -4), (1, -4)})) in harmony_set(game)
        host = game_of([("H", "O", 5, -5), ("H", "R4", 6, -5)], to_move="host")
        assert destinations(host, 6, -5)

    def test_growing_flowers_are_never_trapped(self):
        """reference 2.10 and 5.15: "every flower ... of the opponent on a point surrounding a
        blooming Orchid is trapped, unless that flower is on a gate"."""
        game = game_of([("H", "O", 1, -7), ("G", "R3", 0, -8)])
        assert flagged(game, "trapped") == set()
        assert destinations(game, 0, -8)

    def test_a_growing_orchid_traps_nothing(self):
        """reference 2.10: only a blooming Orchid traps."""
        game = game_of([("H", "O", 0, -8), ("G", "R3", 1, -7)])
        assert flagged(game, "trapped") == set()
        assert destinations(game, 1, -7)

    def test_caption_both_orchids_trapped_then_the_lotus_blooms(self):
        """rulebook, Orchid, first caption: "Both players' Orchids are trapped by their
        opponent's Orchid. The Host's Orchid is also trapping the Guest's R4. If the Host's White
        Lotus moves out of the Gate to be Blooming, the Host's wild Orchid could be captured by
        the Guest's R5, and the Guest's Orchid would no longer be trapped."""
        tiles = [("G", "O", 3, 2), ("H", "O", 2, 2), ("G", "R4", 1, 3), ("H", "L", 0, 8),
                 ("G", "R5", 0, -1)]
        before = game_of(tiles)
        assert flagged(before, "trapped") == {(3, 2), (2, 2), (1, 3)}
        assert (2, 2) not in destinations(before, 0, -1)   # no blooming Host Lotus: protected
        game = game_of(tiles, to_move="host")
        game.play("(0,8)-(0,7)")
        assert game.to_move == "guest" and game.phase == "turn"
        assert (2, 2) in destinations(game, 0, -1)
        game.play("(0,-1)-(2,2)")
        finish_turn(game)
        assert tile_at(game, 2, 2) == ("guest", "R5")
        assert flagged(game, "trapped") == set()
        assert game.to_move == "host"

    def test_caption_wild_orchid_raging_and_vulnerable(self):
        """rulebook, Orchid, second caption: "Guest has a Blooming White Lotus, so their Orchid
        is wild and able to capture any of Host's Flower Tiles it can reach. The Host could
        capture Guest's Orchid with their W3 or R5 if Guest does not move the Orchid";
        reference 2.9 rules 3 and 6, 5.2 (the raging Orchid takes the Lotus too)."""
        host_tiles = [("H", "W3", 3, -2), ("H", "R5", -2, 0), ("H", "R4", 0, 3), ("H", "L", 3, 1)]
        wild = host_tiles + [("G", "O", 0, -2), ("G", "L", -6, -3)]
        game = game_of(wild)
        got = destinations(game, 0, -2)
        assert {(3, -2), (-2, 0), (0, 3), (3, 1)} <= got
        host = game_of(wild, to_move="host")
        assert (0, -2) in destinations(host, 3, -2) and (0, -2) in destinations(host, -2, 0)
        # the same Orchid with its Lotus still growing is neither raging nor vulnerable
        tame = host_tiles + [("G", "O", 0, -2), ("G", "L", 0, -8)]
        got = destinations(game_of(tame), 0, -2)
        assert not {(3, -2), (-2, 0), (0, 3), (3, 1)} & got
        host = game_of(tame, to_move="host")
        assert (0, -2) not in destinations(host, 3, -2) | destinations(host, -2, 0)

    def test_raging_orchid_captures_the_lotus(self):
        """reference 5.2 and rulings, Raging Orchid captures the White Lotus."""
        game = game_of([("G", "O", 0, -2), ("G", "L", -6, -3), ("H", "L", 3, 1)])
        game.play("(0,-2)-(3,1)")
        assert tile_at(game, 3, 1) == ("guest", "O")
        assert game.position()["reserves"]["host"].get("L", 0) == 0

    def test_only_a_raging_orchid_captures_a_tame_orchid(self):
        """rulebook, Orchid: "Without a Blooming White Lotus, a player's Orchid can only be
        captured by an opponent's wild Orchid"."""
        tiles = [("G", "O", 0, -2), ("H", "O", 4, -2), ("H", "W3", -3, -2)]
        game = game_of(tiles + [("H", "L", 0, 8)], to_move="host")
        assert (0, -2) not in destinations(game, 4, -2) | destinations(game, -3, -2)
        game = game_of(tiles + [("H", "L", 6, 6)], to_move="host")
        assert (0, -2) in destinations(game, 4, -2)
        assert (0, -2) not in destinations(game, -3, -2)   # the Guest Orchid is not vulnerable

    def test_the_lotus_may_capture_a_vulnerable_orchid(self):
        """reference 5.3 and rulings, The White Lotus may capture a vulnerable Orchid: any flower
        may, from two or more points away (flowers next to the Orchid are trapped)."""
        game = game_of([("H", "O", 0, -2), ("H", "L", 6, 6), ("G", "L", 0, -4)])
        assert (0, -2) in destinations(game, 0, -4)
        game = game_of([("H", "O", 0, -2), ("H", "L", 6, 6), ("G", "L", 0, -3)])
        assert (0, -3) in flagged(game, "trapped") and destinations(game, 0, -3) == set()


# -- special flowers: White Lotus ----------------------------------------------------------------

class TestWhiteLotus:
    def test_caption_guest_harmony_with_the_hosts_lotus_earns_a_bonus(self):
        """rulebook, White Lotus, first caption: "the Guest just moved their W4 into Harmony with
        the Host's White Lotus, so the Guest gets a Harmony Bonus"; "the Harmony belongs to the
        player who owns the Basic Flower Tile"."""
        game = game_of([("H", "L", -2, 4), ("G", "W4", -5, 1)], guest_extra="R")
        game.play("(-5,1)-(-5,4)")
        assert game.phase == "bonus" and game.to_move == "guest"
        assert harmony_set(game) == {("guest", frozenset({(-5, 4), (-2, 4)}))}

    def test_caption_hosts_lotus_in_the_guests_ring(self):
        """rulebook, White Lotus, first caption: "The Host's White Lotus could also be used in the
        Guest's winning Harmony Ring on a later turn"; reference 2.13 step 2."""
        game = game_of([("G", "W3", -2, 2), ("G", "W3", 2, -2), ("H", "L", -2, -2),
                        ("G", "R5", 2, 5)])
        game.play("(2,5)-(2,2)")
        finish_turn(game)
        assert game.outcome is not None
        assert game.outcome.winner == "guest"

    def test_caption_two_lotuses_do_not_harmonize(self):
        """rulebook, White Lotus, second caption: "Both players' White Lotus tiles are lined up.
        They are not in Harmony with each other, since White Lotus tiles only form Harmony with
        Basic Flower Tiles"."""
        assert game_of([("H", "L", -6, -4), ("G", "L", -6, 4)]).harmonies() == []

    @pytest.mark.parametrize("code", CIRCLE)
    @pytest.mark.parametrize("owner", ["G", "H"])
    def test_lotus_harmonizes_with_every_basic_flower(self, code, owner):
        """rulebook, White Lotus: "Forms Harmony with all Basic Flower Tiles of either player ...
        the Harmony belongs to the player who owns the Basic Flower Tile"."""
        game = game_of([("G", "L", -6, -4), (owner, code, -6, 4)])
        assert harmony_set(game) == {(OWNER[owner], frozenset({(-6, -4), (-6, 4)}))}

    def test_orchids_never_harmonize(self):
        """reference 2.7: "Orchid: never"."""
        assert game_of([("G", "O", -6, -4), ("G", "R3", -6, 4)]).harmonies() == []
        assert game_of([("G", "O", -6, -4), ("G", "L", -6, 4)]).harmonies() == []


# -- accent tiles --------------------------------------------------------------------------------

ALL_POINTS = {(x, y) for x in range(-8, 9) for y in range(-8, 9) if on_board(x, y)}


def bonus_game(tiles, accents, to_move="guest", **kw):
    """A position where ``to_move`` has earned a harmony bonus and holds ``accents``."""
    kw.setdefault(to_move, reserve_after(tiles, to_move, accents))
    return game_of(tiles, to_move=to_move, phase="bonus", **kw)


class TestRock:
    ROCK_TILES = [("H", "W3", 5, -1), ("H", "R5", 7, -1),       # host pair on the Rock's row
                  ("G", "W5", -2, 3), ("G", "R3", -2, 6),        # guest pair on its column
                  ("H", "R4", -5, -1), ("H", "R5", 0, -1),       # host pair split by the Rock
                  ("G", "R3", 4, 4), ("G", "R4", 6, 4)]          # off the Rock's lines

    def test_caption_rock_cancels_its_row_and_column_for_both_players(self):
        """rulebook, Example Accent Tile Effects, Rock: "Harmonies along the highlighted lines are
        canceled, so each player has a Harmony canceled by the Rock in this example. The Rock is
        also disrupting a Harmony by being between two of the Host's tiles, as any other tile
        would"; reference 2.7 and 5.8 (whole row and column, any distance)."""
        with_rock = game_of(self.ROCK_TILES + [("H", "R", -2, -1)])
        assert harmony_set(with_rock) == {("guest", frozenset({(4, 4), (6, 4)}))}
        without = game_of(self.ROCK_TILES)
        assert harmony_set(without) == {
            ("host", frozenset({(5, -1), (7, -1)})), ("guest", frozenset({(-2, 3), (-2, 6)})),
            ("host", frozenset({(-5, -1), (0, -1)})), ("host", frozenset({(0, -1), (5, -1)})),
            ("guest", frozenset({(4, 4), (6, 4)}))}
        # any tile between the two Host tiles disrupts their harmony, as the Rock does
        other_tile = game_of(self.ROCK_TILES + [("G", "R3", -2, -1)])
        assert ("host", frozenset({(-5, -1), (0, -1)})) not in harmony_set(other_tile)

    def test_caption_note_r4_above_or_below_the_r3_earns_nothing(self):
        """rulebook, Rock, note: "If Guest moves the R4 in the south Gate to be above or below the
        southern R3, there would be no Harmony formed, so no Harmony Bonus would be granted. The
        R4 can still form Harmony with the R3 to the left or right, since there is no Rock on
        that horizontal grid line"."""
        tiles = [("H", "R", -2, -1), ("G", "R3", -2, -5), ("G", "R4", 0, -8)]
        game = game_of(tiles, guest_extra="B")
        game.play("(0,-8)-(-2,-6)")                 # below the R3, on the Rock's column
        assert game.harmonies() == [] and game.phase == "turn" and game.to_move == "host"
        game = game_of(tiles, guest_extra="B")
        game.play("(0,-8)-(-1,-5)")                 # beside the R3, on a free row
        assert harmony_set(game) == {("guest", frozenset({(-2, -5), (-1, -5)}))}
        assert game.phase == "bonus" and game.to_move == "guest"

    def test_rock_does_not_cancel_clashes(self):
        """reference 5.8 and rulings, The Rock cancels its whole row and column: "A Rock never
        cancels a clash"."""
        game = game_of([("H", "R", -6, 3), ("H", "W3", -3, 3), ("G", "R3", 0, 5)])
        got = destinations(game, 0, 5)
        assert (0, 3) not in got and (0, 4) in got

    def test_rock_and_knotweed_go_on_any_open_non_gate_point(self):
        """rulebook, Accent Tile Properties: Rock and Knotweed are "Played on an open point";
        "Accent Tiles cannot be placed in a Gate"."""
        tiles = [("G", "R3", 0, -8), ("G", "R4", 1, 1), ("H", "W4", -3, 2)]
        game = bonus_game(tiles, "RK")
        open_points = ALL_POINTS - GATE_POINTS - {(1, 1), (-3, 2)}
        for code in "RK":
            placed = {m for m in moves(game) if m.startswith(f"+{code}(")}
            assert placed == {f"+{code}{p(*q)}" for q in open_points}


class TestKnotweed:
    TILES = [("G", "R3", 4, -4), ("H", "W4", 6, -5), ("G", "L", 5, -6),
             ("G", "R4", 4, -3), ("H", "W5", 6, -2), ("H", "R5", 1, -6)]

    def test_caption_knotweed_drains_the_eight_surrounding_points(self):
        """rulebook, Example Accent Tile Effects, Knotweed: "Tiles of either player on any of the
        8 surrounding points do not form Harmony. Three tiles are affected in this example";
        reference 2.12 (the Lotus is drained too)."""
        without = game_of(self.TILES)
        assert harmony_set(without) == {
            ("guest", frozenset({(4, -4), (4, -3)})), ("host", frozenset({(6, -5), (6, -2)})),
            ("host", frozenset({(5, -6), (1, -6)}))}
        game = bonus_game(self.TILES, "K", to_move="host")
        game.play("+K(5,-5)")
        assert flagged(game, "drained") == {(4, -4), (6, -5), (5, -6)}
        assert game.harmonies() == []

    def test_caption_note_rock_cancels_lines_knotweed_cancels_tiles(self):
        """rulebook, Knotweed, note: "the Rock cancels Harmonies formed along certain lines (the
        grid lines it is on) and the Knotweed cancels Harmonies formed by certain tiles (the
        surrounding tiles)"."""
        pair = [("G", "W5", 1, -5), ("G", "R3", 3, -5)]   # on row -5, two points from (5,-5)
        knotweed = game_of(pair + [("H", "K", 5, -5)])
        assert harmony_set(knotweed) == {("guest", frozenset({(1, -5), (3, -5)}))}
        rock = game_of(pair + [("H", "R", 5, -5)])
        assert rock.harmonies() == []

    def test_knotweed_beside_a_gate_spares_growing_tiles_and_orchids(self):
        """reference 2.12 and 5.7: Knotweed may go next to a gate; it drains basic flowers and the
        Lotus on non-gate points, never Orchids or growing tiles."""
        game = bonus_game([("G", "R3", 0, -8), ("G", "L", 0, -6), ("G", "O", 2, -6)], "K")
        assert "+K(1,-7)" in moves(game)
        game.play("+K(1,-7)")
        assert flagged(game, "drained") == {(0, -6)}

    def test_drained_tiles_still_clash(self):
        """reference 2.8: "Rocks and Knotweed do not cancel clashes (a drained tile still
        clashes)"."""
        game = game_of([("H", "K", 5, -5), ("G", "R3", 4, -4), ("H", "W3", 0, -6)], to_move="host")
        assert (4, -4) in flagged(game, "drained")
        got = destinations(game, 0, -6)
        assert (0, -4) not in got and (0, -5) in got


class TestWheel:
    def test_reference_example_wheel_at_minus3_3(self):
        """reference 2.12, Wheel example [run]: "Wheel at (-3,3): a tile at (-3,4) goes to
        (-2,4); a tile at (-2,3) goes to (-2,2)"."""
        game = bonus_game([("G", "W4", -3, 4), ("H", "W3", -2, 3)], "W")
        game.play("+W(-3,3)")
        assert tile_at(game, -2, 4) == ("guest", "W4")
        assert tile_at(game, -2, 2) == ("host", "W3")
        assert tile_at(game, -3, 3) == ("guest", "W")
        assert tile_at(game, -3, 4) is None and tile_at(game, -2, 3) is None
        assert game.to_move == "host" and game.phase == "turn"

    def test_caption_example_wheel_movement_all_eight_points(self):
        """rulebook, Wheel: "rotate tiles on all 8 surrounding points one point clockwise around
        the Wheel" (caption "Example Wheel Movement", Before/After); reference 5.5: every kind of
        tile turns, accents and the opponent's included."""
        ring = {(-4, 4): ("guest", "W3"), (-3, 4): ("guest", "W4"), (-2, 4): ("host", "W5"),
                (-2, 3): ("host", "K"), (-2, 2): ("guest", "B"), (-3, 2): ("host", "W3"),
                (-4, 2): ("guest", "W5"), (-4, 3): ("host", "L")}
        clockwise = {(-4, 4): (-3, 4), (-3, 4): (-2, 4), (-2, 4): (-2, 3), (-2, 3): (-2, 2),
                     (-2, 2): (-3, 2), (-3, 2): (-4, 2), (-4, 2): (-4, 3), (-4, 3): (-4, 4)}
        tiles = [(o[0].upper(), code, x, y) for (x, y), (o, code) in ring.items()]
        game = bonus_game(tiles, "W")
        game.play("+W(-3,3)")
        for src, dst in clockwise.items():
            assert tile_at(game, *dst) == ring[src]

    def test_wheel_may_not_surround_a_rock(self):
        """rulebook, Wheel: "Played on an open point not surrounding a Rock"; Rock: "Cannot be
        moved by a Wheel"."""
        assert "+W(-3,3)" not in moves(bonus_game([("H", "R", -2, 3)], "W"))
        assert "+W(-3,3)" in moves(bonus_game([("H", "R", -1, 3)], "W"))

    def test_wheel_may_not_turn_a_basic_flower_into_the_other_garden(self):
        """rulebook, Example Wheel placement caption: points where it "would ... move a Basic
        Flower Tile into an opposite-colored Garden"; the S neighbour of (0,2) goes to (-1,1),
        pure white."""
        assert "+W(0,2)" not in moves(bonus_game([("G", "R3", 0, 1)], "W"))
        assert "+W(0,2)" in moves(bonus_game([("G", "W3", 0, 1)], "W"))

    def test_wheel_may_not_move_tiles_onto_or_out_of_a_gate(self):
        """rulebook, Example Wheel placement caption: "move a tile out of or onto a Gate";
        reference 2.12 (newWheelRule): an empty gate beside the Wheel is fine."""
        assert "+W(1,7)" in moves(bonus_game([], "W"))                       # empty gate beside
        assert "+W(1,7)" not in moves(bonus_game([("H", "R3", 0, 8)], "W"))  # occupied gate
        assert "+W(1,7)" not in moves(bonus_game([("G", "W3", 0, 7)], "W"))  # (0,7) -> (0,8)

    def test_wheel_may_not_move_a_tile_off_the_board(self):
        """rulebook, Example Wheel placement caption: "move a tile off of the board"; reference
        2.12: "Wheel at (4,7) with a tile at (4,8): illegal"."""
        assert "+W(4,7)" in moves(bonus_game([], "W"))
        assert "+W(4,7)" not in moves(bonus_game([("H", "W3", 4, 8)], "W"))

    def test_wheel_may_not_cause_a_clash(self):
        """rulebook, Example Wheel placement caption: "or cause tiles to Clash"; the W3 turning
        from (-2,3) to (-2,2) would face the R3 on row 2."""
        assert "+W(-3,3)" not in moves(bonus_game([("G", "W3", -2, 3), ("H", "R3", 3, 2)], "W"))
        assert "+W(-3,3)" in moves(bonus_game([("G", "W3", -2, 3), ("H", "R3", 3, 1)], "W"))

    def test_wheel_turns_a_trapped_tile(self):
        """rulebook, Orchid: trapped tiles "may be moved by an Accent Tile that moves tiles"."""
        game = bonus_game([("G", "R3", 5, -5), ("H", "O", 6, -4)], "W")
        assert (5, -5) in flagged(game, "trapped")
        game.play("+W(4,-5)")
        assert tile_at(game, 5, -6) == ("guest", "R3")

    def test_wheel_never_on_a_gate(self):
        """rulebook, Accent Tile Properties: "Accent Tiles cannot be placed in a Gate"."""
        placed = {m for m in moves(bonus_game([], "W")) if m.startswith("+W(")}
        assert not {f"+W{p(*g)}" for g in GATE_POINTS} & placed
        assert len(placed) > 200


class TestBoat:
    def test_caption_boat_moves_the_r3_into_harmony_off_the_rocks_line(self):
        """rulebook, Boat played on a Blooming Flower Tile, caption: "The Flower Tile is moved to
        any legal surrounding point ... In this example, the Guest moves their R3 into Harmony
        and off the grid line blocked by the Rock"."""
        tiles = [("H", "R", 6, 2), ("G", "W5", -3, 2), ("G", "R3", 2, 2), ("G", "R4", 5, 1)]
        game = bonus_game(tiles, "B")
        assert game.harmonies() == []
        boat = {m for m in moves(game) if m.startswith("+B(2,2)")}
        assert boat == {f"+B(2,2)-{p(2 + dx, 2 + dy)}" for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                        if dx or dy}
        game.play("+B(2,2)-(2,1)")
        assert tile_at(game, 2, 2) == ("guest", "B") and tile_at(game, 2, 1) == ("guest", "R3")
        assert harmony_set(game) == {("guest", frozenset({(2, 1), (5, 1)}))}

    def test_boat_destination_rules(self):
        """rulebook, Boat caption: "not into opposite-colored Garden, into a Clash, into a Gate,
        or off the board"; reference 2.12."""
        game = bonus_game([("G", "R3", 0, 1), ("H", "W3", -3, 2)], "B")
        dests = {m for m in moves(game) if m.startswith("+B(0,1)-")}
        # (-1,2), (-1,1) are white; (0,2), (1,2) face the W3 along row 2
        assert dests == {"+B(0,1)-(1,1)", "+B(0,1)-(-1,0)", "+B(0,1)-(0,0)", "+B(0,1)-(1,0)"}
        game = bonus_game([("G", "R3", 1, 7)], "B")
        dests = {m for m in moves(game) if m.startswith("+B(1,7)-")}
        assert dests == {f"+B(1,7)-{p(*q)}" for q in
                         [(1, 8), (2, 8), (0, 7), (2, 7), (0, 6), (1, 6), (2, 6)]}

    def test_boat_only_on_blooming_flowers(self):
        """rulebook, Boat: "Played on any Accent Tile or Blooming Flower Tile"."""
        game = bonus_game([("H", "R3", 0, 8), ("G", "W4", 1, 6)], "B")
        assert not [m for m in moves(game) if m.startswith("+B(0,8)")]
        assert [m for m in moves(game) if m.startswith("+B(1,6)-")]

    def test_boat_on_a_trapped_flower(self):
        """reference 5.4: Boat on flowers: either player's blooming flower, trapped ones
        included; rulebook, Orchid: trapped tiles may be moved by an accent."""
        game = bonus_game([("G", "R3", 5, -5), ("H", "O", 6, -4)], "B")
        assert "+B(5,-5)-(4,-5)" in moves(game)
        assert "+B(6,-4)-(7,-4)" in moves(game)    # the opponent's Orchid too

    def test_caption_boat_on_a_rock_completes_the_ring(self):
        """rulebook, Boat played on an Accent Tile, caption: "The Accent Tile and the Boat are
        removed from the game, as captured tiles would be, leaving the point empty. In this
        example, playing the Boat onto the Rock as shown completes the Guest's Harmony Ring to
        win the game"."""
        tiles = [("G", "W3", -2, 2), ("G", "R5", 2, 2), ("G", "W3", 2, -2), ("G", "R5", -2, -2),
                 ("H", "R", 5, 2)]
        game = bonus_game(tiles, "B")
        assert game.outcome is None
        game.play("+B(5,2)")
        assert tile_at(game, 5, 2) is None
        assert game.outcome is not None and game.outcome.winner == "guest"
        pos = game.position()
        assert "B" not in pos["reserves"]["guest"] and "R" not in pos["reserves"]["host"]

    def test_boat_removes_any_accent_of_either_player(self):
        """reference 5.4 and rulings, The Boat may target any accent: Rock, Wheel, Knotweed and
        Boat of either player."""
        accents = [("H", "R", -5, 5), ("G", "R", 5, 5), ("H", "W", -5, -5), ("G", "K", 5, -5),
                   ("H", "B", 0, 4)]
        game = bonus_game(accents, "B")
        for _o, _c, x, y in accents:
            assert f"+B{p(x, y)}" in moves(game)

    def test_boat_may_not_expose_a_clash(self):
        """reference 2.12 and 5.4: Boat on an accent is "refused if removal would expose a
        clash"; rulebook: accents may not "be played in a way that causes tiles to Clash"."""
        tiles = [("G", "R3", -2, -5), ("H", "W3", 2, -5), ("H", "R", 0, -5), ("H", "R", 5, 5)]
        game = bonus_game(tiles, "B")
        assert "+B(0,-5)" not in moves(game)
        assert "+B(5,5)" in moves(game)


class TestAccentChecks:
    def test_an_illegal_accent_placement_is_rejected_and_changes_nothing(self):
        """reference 5.11 and rulings, Checks the reference leaves to its interface: an accent
        placement that breaks its rules is rejected, never silently skipped."""
        game = bonus_game([("H", "W3", 4, 8)], "WB")
        before = game.position()
        for bad in ("+W(4,7)", "+W(0,8)", "+B(4,8)-(5,8)", "+B(4,8)-(4,6)", "+R(4,8)"):
            with pytest.raises(paisho.IllegalMoveError):
                game.play(bad)
            assert game.position() == before


# -- clash traps ---------------------------------------------------------------------------------

class TestClashTraps:
    def test_caption_r4_cannot_leave_the_w3_and_r3_clashing(self):
        """rulebook, Movement Examples, Clash Traps, first caption: "Guest's R4 cannot leave the
        W3 and R3 Clashing" ("the tile may not move away and leave other tiles in a Clash")."""
        game = game_of([("H", "W3", -6, -2), ("G", "R4", -4, -2), ("G", "R3", -1, -2)])
        assert destinations(game, -4, -2) == {(-5, -2), (-3, -2), (-2, -2)}

    def test_caption_r4_clash_trapped_both_ways(self):
        """rulebook, Clash Traps, second caption: "Guest's R4 cannot move, it is Clash trapped
        both ways"."""
        game = game_of([("H", "W3", -6, -2), ("G", "R4", -4, -2), ("G", "R3", -1, -2),
                        ("H", "W5", -4, 1), ("G", "R5", -4, -5)])
        assert destinations(game, -4, -2) == set()


# -- harmony bonus -------------------------------------------------------------------------------

class TestHarmonyBonus:
    def test_caption_host_moves_w5_out_of_the_gate_and_plants_r3(self):
        """rulebook, Example Turns: "Host moves W5 out of North Gate and creates a new Harmony,
        awarding a Harmony Bonus. Right: As a Harmony Bonus action, Host Plants R3 in an open
        Gate"."""
        game = game_of([("H", "W5", 0, 8), ("H", "W4", -3, 5), ("G", "R3", 0, -8)], to_move="host")
        game.play("(0,8)-(0,5)")
        assert game.phase == "bonus" and game.to_move == "host"
        plants = {m for m in moves(game) if m.startswith("+R3")}
        assert plants == {"+R3(0,8)", "+R3(8,0)", "+R3(-8,0)"}   # (0,-8) is taken
        game.play("+R3(8,0)")
        assert tile_at(game, 8, 0) == ("host", "R3")
        assert game.position()["reserves"]["host"]["R3"] == 2
        assert game.to_move == "guest" and game.phase == "turn"

    def test_caption_growing_flower_limits_the_bonus_to_accents_and_special_flowers(self):
        """rulebook, Additional Example Turns, note: "the player already has one or more Growing
        Flowers, so the available Harmony Bonus actions are placing an Accent Tile or Planting a
        Special Flower"; Harmony Bonus: a basic flower only "If you have no Growing Flower
        Tiles"."""
        tiles = [("H", "W5", 0, 8), ("H", "W4", -3, 5), ("H", "R4", 8, 0)]
        game = game_of(tiles, to_move="host", host_extra="LOR")
        game.play("(0,8)-(0,5)")
        bonus = moves(game)
        assert not [m for m in bonus if m[1:3] in BASICS]
        assert {"+L(0,8)", "+O(-8,0)", "+R(3,3)", "skip"} <= bonus
        # special flowers go only into open gates
        assert {m for m in bonus if m.startswith("+L")} == {"+L(0,8)", "+L(0,-8)", "+L(-8,0)"}

    def test_no_bonus_for_keeping_the_same_partner(self):
        """rulebook, Harmony Bonus: "A new Harmony is a Harmony between two tiles that were not in
        Harmony at the beginning of the turn"; reference 2.11."""
        game = game_of([("G", "R3", -6, -4), ("G", "R4", -6, 4)], guest_extra="R")
        game.play("(-6,4)-(-6,2)")
        assert game.phase == "turn" and game.to_move == "host"
        assert harmony_set(game) == {("guest", frozenset({(-6, -4), (-6, 2)}))}

    def test_bonus_for_opening_a_line(self):
        """reference 2.11 [run]: "unblocking your own harmony by moving a blocker away ...
        counts"."""
        game = game_of([("G", "R3", -6, -4), ("G", "R4", -6, 4), ("G", "O", -6, 0)],
                       guest_extra="R")
        game.play("(-6,0)-(-5,0)")
        assert game.phase == "bonus" and game.to_move == "guest"

    def test_re_forming_an_older_pair_earns_a_bonus(self):
        """reference 2.11 and 5.9 [run]: "a pair that was in harmony two turns ago, was broken,
        and is re-formed now does count"."""
        game = game_of([("G", "R3", -6, -4), ("G", "R4", -6, 4), ("H", "W5", 6, 5)],
                       guest_extra="R")
        game.play("(-6,4)-(-4,4)")                       # breaks the R3~R4 harmony
        assert game.harmonies() == [] and game.to_move == "host"
        game.play("(6,5)-(6,6)")
        game.play("(-4,4)-(-6,4)")                       # the same two tiles again
        assert game.phase == "bonus" and game.to_move == "guest"

    def test_no_bonus_for_a_harmony_owned_by_the_opponent(self):
        """reference 2.11: "forming a harmony owned by the opponent (e.g. your Lotus lined up with
        their basic) gives you nothing"."""
        game = game_of([("G", "L", -6, -4), ("H", "R3", -5, 4)], guest_extra="R")
        game.play("(-6,-4)-(-5,-3)")
        assert harmony_set(game) == {("host", frozenset({(-5, -3), (-5, 4)}))}
        assert game.phase == "turn" and game.to_move == "host"

    def test_the_bonus_is_optional(self):
        """rulebook, Harmony Bonus: "you may do one of the following optional Harmony Bonus
        actions"; rulings, The harmony bonus is optional: a skipped bonus leaves the arrange
        alone in the record."""
        game = game_of([("G", "R3", -6, -4), ("G", "R4", -4, 4)], guest_extra="R")
        game.play("(-4,4)-(-6,4)")
        assert "skip" in moves(game)
        game.play("skip")
        assert game.to_move == "host" and game.phase == "turn"
        assert game.record().strip().splitlines()[-1] == "5G.(-4,4)-(-6,4)"

    def test_no_bonus_decision_when_there_is_nothing_to_place(self):
        """rulebook, Harmony Bonus: the bonus is an accent, a special flower, or a basic flower
        with no growing flower; with none of these available the turn simply ends."""
        game = game_of([("G", "R3", -6, -4), ("G", "R4", -4, 4), ("G", "W5", 0, -8)])
        game.play("(-4,4)-(-6,4)")
        assert game.to_move == "host" and game.phase == "turn"

    def test_basic_flower_bonus_judged_after_the_move(self):
        """rulebook, Harmony Bonus: "If you have no Growing Flower Tiles, Plant a Basic Flower
        Tile"; reference 2.11: "only if the player has no growing flowers at that moment (after
        the move)".  Moving the last growing flower out opens the basic-flower bonus."""
        game = game_of([("G", "R3", -2, -5), ("G", "R4", 0, -8)])
        game.play("(0,-8)-(-1,-5)")
        assert game.phase == "bonus"
        assert "+R4(0,-8)" in moves(game) and "+W5(8,0)" in moves(game)

    def test_one_bonus_per_turn(self):
        """reference 2.11: "Only one bonus per turn; effects of the bonus tile never grant
        another" (a Boat moving a flower into harmony ends the turn)."""
        game = bonus_game([("H", "R", 6, 2), ("G", "W5", -3, 2), ("G", "R3", 2, 2),
                           ("G", "R4", 5, 1)], "BR")
        game.play("+B(2,2)-(2,1)")
        assert game.harmonies() and game.to_move == "host" and game.phase == "turn"

    def test_planting_in_a_gate_is_only_a_bonus_for_flowers(self):
        """rulebook, Special Flower Tiles: "played only during a Harmony Bonus, when they may be
        Planted in an open Gate"; reference 2.5: never as a turn action."""
        game = game_of([("G", "R3", -6, -4)], guest_extra="LO")
        assert not [m for m in moves(game) if m.startswith(("L(", "O(", "+"))]


# -- harmony ring --------------------------------------------------------------------------------

SQUARE = {(-2, 2): "W3", (2, 2): "R5", (2, -2): "W3", (-2, -2): "R5"}   # garden-legal 4-ring


class TestHarmonyRing:
    def test_caption_host_wins_with_a_four_tile_ring(self):
        """rulebook, Harmony Ring Example: "Host wins with a Harmony Ring. Harmony Rings of 4
        tiles are the simplest"; Objective: "The first player to form a Harmony Ring wins"."""
        tiles = [("H", c, x, y) for (x, y), c in SQUARE.items() if (x, y) != (-2, -2)]
        game = game_of(tiles + [("H", "R5", -5, -2)], to_move="host")
        assert game.outcome is None
        game.play("(-5,-2)-(-2,-2)")
        finish_turn(game)
        assert game.outcome is not None and game.outcome.winner == "host"
        assert game.legal_moves() == []
        with pytest.raises(paisho.IllegalMoveError):
            game.play("R3(0,-8)")

    def test_caption_rings_have_no_size_limit(self):
        """rulebook, Harmony Ring Example: "there is no limit to how many tiles can form a
        Harmony Ring" (a ring of 6 tiles and 6 harmonies)."""
        six = {(-5, 3): "R3", (1, 3): "R4", (5, 3): "R3", (5, -3): "R4", (-1, -3): "R3"}
        tiles = [("G", c, x, y) for (x, y), c in six.items()]
        game = game_of(tiles + [("G", "R4", -5, -5)])
        game.play("(-5,-5)-(-5,-3)")
        finish_turn(game)
        assert len(game.harmonies()) == 6
        assert game.outcome is not None and game.outcome.winner == "guest"

    @pytest.mark.parametrize("shape", ["off_centre", "through_centre", "corner_on_centre",
                                       "open_chain", "mixed_owners"])
    def test_caption_chains_that_are_not_rings(self, shape):
        """rulebook, Harmony Ring Example: "No Harmony Rings on the board. Players have connected
        chains of Harmonies, but they do not surround the center point without touching it";
        reference 2.13 [run]: corners (-2,0), (2,0), (2,3), (-2,3) -> no win (edge through the
        centre); a rectangle with a corner on (0,0) -> no win; a rectangle not around the centre
        -> no win; mixed rings count for nobody."""
        layouts = {
            "off_centre": [("H", "R3", 1, 1), ("H", "R4", 4, 1), ("H", "R3", 4, 4), ("H", "R4", 1, 4)],
            "through_centre": [("G", "W3", -2, 3), ("G", "R5", 2, 3), ("G", "R4", 2, 0),
                               ("G", "R5", -2, 0)],
            "corner_on_centre": [("H", "R3", 0, 0), ("H", "R4", 3, 0), ("H", "R3", 3, 3),
                                 ("H", "R4", 0, 3)],
            "open_chain": [("G", "W3", -2, 2), ("G", "R5", 2, 2), ("G", "W3", 2, -2),
                           ("G", "R5", -2, -2), ("G", "O", -2, 0)],
            "mixed_owners": [("H", "L", -2, 2), ("G", "R5", 2, 2), ("G", "L", 2, -2),
                             ("H", "R5", -2, -2)],
        }
        game = game_of(layouts[shape])
        assert len(game.harmonies()) >= 3
        assert game.outcome is None

    def test_reference_verified_ring(self):
        """reference 2.13, verified example [run]: "R3(-2,2), R4(2,2), R5(2,-2), R4(-2,-2) all
        Host -> Host wins" (the position is loaded as given)."""
        game = game_of([("H", "R3", -2, 2), ("H", "R4", 2, 2), ("H", "R5", 2, -2), ("H", "R4", -2, -2)])
        assert game.outcome is not None and game.outcome.winner == "host"

    def test_a_ring_using_a_harmony_across_the_empty_centre_does_not_count(self):
        """reference 5.12; rulings, Harmony through the empty centre: such a harmony "kills any
        ring containing it"."""
        game = game_of([("G", "W3", -2, 3), ("G", "R5", 2, 3), ("G", "R4", 2, 0), ("G", "R5", -5, 0)])
        game.play("(-5,0)-(-2,0)")
        finish_turn(game)
        assert ("guest", frozenset({(-2, 0), (2, 0)})) in harmony_set(game)
        assert game.outcome is None

    def test_simultaneous_rings_are_a_draw(self):
        """rulebook, Ending the Game, Harmony Ring: "Both players could have Harmony Rings,
        resulting in a tie"; reference 5.13.  The Host's R5 completes its ring and, leaving
        column 4, opens the Guest's."""
        host = [("H", "W3", -2, 2), ("H", "W3", 2, -2), ("H", "R5", -2, -2), ("H", "R5", 4, 2)]
        guest = [("G", "R3", -4, 4), ("G", "R4", 4, 4), ("G", "R3", 4, -4), ("G", "R4", -4, -4)]
        game = game_of(host + guest, to_move="host")
        assert game.outcome is None
        game.play("(4,2)-(2,2)")
        finish_turn(game)
        assert game.outcome is not None and game.outcome.winner is None

    def test_completing_the_opponents_ring_loses(self):
        """reference 2.14 and 5.13: "A ring is detected no matter who moved (a move can complete
        the opponent's ring)"."""
        tiles = [("H", c, x, y) for (x, y), c in SQUARE.items()] + [("G", "O", 0, 2)]
        game = game_of(tiles)
        assert game.outcome is None
        game.play("(0,2)-(0,5)")
        assert game.outcome is not None and game.outcome.winner == "host"


# -- ending the game -----------------------------------------------------------------------------

class TestLastBasicFlower:
    HOST_CROSSING = [("H", "W3", -3, 2), ("H", "R5", 4, 2)]      # (-3,2)~(4,2): crossing
    GUEST_PLAIN = [("G", "R4", 3, 0), ("G", "R5", 3, 4)]         # (3,0)~(3,4): not crossing

    def test_caption_last_basic_flower_more_midline_crossing_harmonies_wins(self):
        """rulebook, Ending the Game, Playing Last Basic Flower Tile: "When a player plays their
        last Basic Flower Tile onto the board, the game ends. The winner is the player with more
        midline-crossing Harmonies"; reference 2.14."""
        game = game_of(self.HOST_CROSSING + self.GUEST_PLAIN, guest={"R3": 1})
        assert game.outcome is None
        game.play("R3(0,-8)")
        assert game.outcome is not None and game.outcome.winner == "host"

    def test_equal_midline_counts_are_a_tie(self):
        """rulebook, Playing Last Basic Flower Tile: "If both players have the same number of
        midline-crossing Harmonies, the game is a tie"."""
        guest_crossing = [("G", "R3", -5, -3), ("G", "R4", 5, -3)]
        game = game_of(self.HOST_CROSSING + guest_crossing, guest={"R3": 1})
        game.play("R3(0,-8)")
        assert game.outcome is not None and game.outcome.winner is None

    def test_no_alt_win_option(self):
        """reference 2.2, NoAltWin: "the 'last basic flower' ending is disabled; only a ring ends
        the game"."""
        game = game_of(self.HOST_CROSSING + self.GUEST_PLAIN, guest={"R3": 1},
                       options={"NoAltWin": True})
        game.play("R3(0,-8)")
        assert game.outcome is None and game.to_move == "host"

    def test_a_bonus_plant_can_be_the_last_basic_flower(self):
        """reference 5.14: "a bonus plant can trigger it"."""
        game = game_of([("G", "R5", -6, 4), ("G", "R4", -4, -4)], guest={"R3": 1})
        game.play("(-4,-4)-(-6,-4)")
        assert game.phase == "bonus" and game.outcome is None
        game.play("+R3(0,-8)")
        assert game.outcome is not None and game.outcome.winner == "guest"

    def test_a_ring_takes_precedence(self):
        """reference 2.14 and 5.14: "a ring formed on that same move takes precedence"."""
        tiles = [("G", c, x, y) for (x, y), c in SQUARE.items() if (x, y) != (-2, -2)]
        tiles += [("G", "R5", -5, -2)] + [("H", "W3", -3, 6), ("H", "R5", 1, 6),
                                         ("H", "W3", -3, -6), ("H", "R5", 1, -6),
                                         ("H", "W3", 6, -3), ("H", "R5", 6, 1)]
        game = game_of(tiles, guest={"R3": 1})
        game.play("(-5,-2)-(-2,-2)")
        game.play("+R3(0,-8)")
        assert game.outcome is not None and game.outcome.winner == "guest"
        assert "ring" in game.outcome.reason


class TestNoLegalMove:
    TILES = [("G", "W5", 0, 8), ("G", "W4", 0, -8), ("G", "W3", 8, 0), ("G", "O", 4, 4),
             ("H", "R3", 3, 3)]

    def test_stranding_the_opponent_ends_the_game(self):
        """rulings, A player with no legal decision: the game ends as a draw with reason
        "no legal move" (reference 5.1: the reference has no pass move)."""
        game = game_of(self.TILES)
        game.play("R3(-8,0)")
        assert game.outcome is not None and game.outcome.winner is None
        assert game.outcome.reason == "no legal move"

    def test_must_leave_opponent_a_move_option(self):
        """rulings, Leaving the opponent without a move (comprehensive rules): with
        MustLeaveOpponentAMove the stranding plant is illegal."""
        game = game_of(self.TILES, options={"MustLeaveOpponentAMove": True})
        assert "R3(-8,0)" not in moves(game)
        assert "R4(-8,0)" not in moves(game)
        assert moves(game)

    # The Orchid's step to (4,4) traps the Host's only flower (every gate is taken) and, leaving
    # column 5, opens the Guest's R3~R4 harmony.
    TRAP = [("H", "R3", 3, 3), ("G", "O", 5, 4), ("G", "R3", 5, 1), ("G", "R4", 5, 6),
            ("G", "W3", 0, -8), ("G", "W4", 0, 8), ("G", "W5", 8, 0), ("G", "R5", -8, 0)]

    def test_must_leave_opponent_a_move_without_a_bonus(self):
        """rulings, Leaving the opponent without a move: with nothing to place as a bonus, the
        stranding arrange is illegal."""
        game = game_of(self.TRAP, options={"MustLeaveOpponentAMove": True})
        assert "(5,4)-(4,4)" not in moves(game)
        assert "(5,4)-(5,3)" in moves(game)

    def test_must_leave_opponent_a_move_judges_the_whole_turn(self):
        """rulings, Leaving the opponent without a move: "a turn that leaves the opponent with no
        legal move is illegal"; A player with no legal decision: "With MustLeaveOpponentAMove the
        situation cannot be reached by a legal turn".  Here the arrange earns a bonus, and no
        bonus (a Rock, or skipping) frees the Host."""
        game = game_of(self.TRAP, guest_extra="R", options={"MustLeaveOpponentAMove": True})
        assert "(5,4)-(4,4)" not in moves(game)


# -- per-game options that change play -----------------------------------------------------------

class TestOptions:
    def test_diagonal_movement(self):
        """reference 2.2, DiagonalMovement: "highlighted moves are diagonal steps"."""
        got = destinations(game_of([("G", "R3", -3, -3)], options={"DiagonalMovement": True}), -3, -3)
        assert (-2, -2) in got and (-6, -6) in got and (-6, 0) in got
        assert (-3, -2) not in got and (-3, -4) not in got        # one orthogonal step
        assert all((x + y) % 2 == 0 for x, y in got)             # diagonal steps keep parity

    def test_ignore_clashing(self):
        """reference 2.2, IgnoreClashing: "no clash checks anywhere"; rulebook, Clash Traps,
        note: "players may agree to play without the Clashing rule"."""
        tiles = [("G", "R3", -3, -3), ("H", "W3", -6, 0)]
        assert (-3, 0) not in destinations(game_of(tiles), -3, -3)
        loose = game_of(tiles, options={"IgnoreClashing": True})
        assert (-3, 0) in destinations(loose, -3, -3)
        clashing = game_of([("G", "R3", -3, -3), ("H", "W3", -3, 0)], options={"IgnoreClashing": True})
        assert destinations(clashing, -3, -3)


class TestAncientOasisExpansion:
    """reference 2.12, "Expansion (AncientOasisExpansion only)": Pond, Bamboo, Lion Turtle."""

    OPTS = {"AncientOasisExpansion": True}

    def test_pond_makes_its_surrounding_points_plantable(self):
        """reference 2.12: Pond "empty surrounding points become plantable like open gates ...
        provided the tile may stand there"."""
        game = game_of([("G", "P", 3, 3)], options=self.OPTS)
        plants = {m for m in moves(game) if not m.startswith("(")}
        around_pond = {(x, y) for x in (2, 3, 4) for y in (2, 3, 4)} - {(3, 3)}
        for q in around_pond:
            assert f"R4{p(*q)}" in plants                     # red garden and its border
            assert (f"W4{p(*q)}" in plants) == (abs(q[0]) + abs(q[1]) >= 7)

    def test_bamboo_sends_surrounding_tiles_home(self):
        """reference 2.12: Bamboo "if it surrounds a blooming flower of its owner and no
        surrounding gate holds a tile, every surrounding tile returns to its owner's reserve"."""
        tiles = [("G", "R3", 3, 3), ("H", "W4", 4, 4), ("G", "K", 2, 2)]
        game = bonus_game(tiles, "M", options=self.OPTS)
        game.play("+M(3,4)")
        assert tile_at(game, 3, 3) is None and tile_at(game, 4, 4) is None
        assert tile_at(game, 2, 2) == ("guest", "K")             # not a surrounding point
        reserves = game.position()["reserves"]
        assert reserves["guest"]["R3"] == 3 and reserves["host"]["W4"] == 3

    def test_bamboo_beside_an_occupied_gate_does_nothing(self):
        """reference 2.12: "... and no surrounding gate holds a tile"."""
        game = bonus_game([("G", "R3", 1, 7), ("H", "R4", 0, 8)], "M", options=self.OPTS)
        game.play("+M(1,8)")
        assert tile_at(game, 1, 7) == ("guest", "R3") and tile_at(game, 0, 8) == ("host", "R4")

    def test_tiles_surrounding_a_bamboo_cannot_be_captured(self):
        """reference 2.9 rule 2 and 2.12: "tiles surrounding a Bamboo cannot be captured"."""
        tiles = [("G", "W3", 4, 4), ("H", "R3", 3, 2)]
        assert (4, 4) in destinations(game_of(tiles, to_move="host", options=self.OPTS), 3, 2)
        guarded = game_of(tiles + [("H", "M", 5, 5)], to_move="host", options=self.OPTS)
        assert (4, 4) not in destinations(guarded, 3, 2)

    def test_lion_turtle_harmonies(self):
        """reference 2.12: Lion Turtle: "a pair of basic flowers (or basic + Lotus) where either
        tile surrounds a Lion Turtle harmonizes whatever the codes and owners; if the two tiles
        have different owners, the harmony belongs to the owner(s) of the Lion Turtle(s)"."""
        game = game_of([("H", "T", -5, 5), ("G", "R3", -4, 4), ("H", "R3", -4, -4),
                        ("G", "W4", 2, 4)], options=self.OPTS)
        assert harmony_set(game) == {("guest", frozenset({(-4, 4), (2, 4)})),
                                     ("host", frozenset({(-4, 4), (-4, -4)}))}
        no_orchid = game_of([("H", "T", -5, 5), ("G", "R3", -4, 4), ("G", "O", -4, -4)],
                            options=self.OPTS)
        assert no_orchid.harmonies() == []
