"""Ancient Pai Sho: the sources' examples and rule statements, the seeded deal, and properties.

Sources: ``wiki`` = shared/rules/ancient-wiki-and-skud-comprehensive.txt (lines 1-54);
``book`` = shared/rules/official-rules-book-basic-iroh-3piece-modern-skud-ancient.txt (chapter 6,
lines 923-1143).  Test ids (E1, D3...) follow shared/digests/ancient.md section 7; rulings (R11...)
are the sections of docs/variants/ancient/rulings.md.
"""
from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

import paisho_core as paisho
from paisho_core import board
from paisho_core.errors import IllegalMoveError, NotationError, PositionError, RecordError
from paisho_variants.ancient import rules

TILE_RE = re.compile(r"([A-Z][0-9]?)@\((-?\d+),(-?\d+)\)")


def position(tiles=(), *, options=None, hand=None, host_hand=None, to_move="guest", phase="turn",
             turn=2, first="guest", pool=None, order=None, **extra):
    """A position dict: ``tiles`` written ``CODE@(x,y)`` (placed by the guest unless the entry
    is a (text, owner) pair); the guest's hand, an empty pool unless given."""
    board = []
    for t in tiles:
        owner = "guest"
        if isinstance(t, tuple):
            t, owner = t
        m = TILE_RE.fullmatch(t)
        board.append({"x": int(m.group(2)), "y": int(m.group(3)), "tile": m.group(1), "owner": owner})
    pos = {
        "variant": "ancient", "options": options or {}, "to_move": to_move, "phase": phase,
        "turn": turn, "board": board, "first": first,
        "piles": {"hand": {"guest": hand or {}, "host": host_hand or {}},
                  "pool": {"host": pool or {}, "guest": {}}},
    }
    if order is not None:
        pos["draw_order"] = {"host": order}
    pos.update(extra)
    return pos


def game_of(*args, **kw):
    return paisho.from_position(position(*args, **kw))


def placing_games(option_sets, target: int, plies: int):
    """Random Ancient games, one per ``(seed, options)`` of ``enumerate(option_sets)``, that
    place a tile whenever one is offered (so the board fills with flowers); yields each game at
    every decision, before the decision is played, with its seed and options.  ``target``: the
    target, or a function of the seed giving it.  A caller looking ahead takes its moves back."""
    for seed, options in enumerate(option_sets):
        goal = target(seed) if callable(target) else target
        g = paisho.new_game("ancient", seed=seed, options={"target": goal, **options})
        rng = random.Random(seed)
        while g.outcome is None and g.ply < plies:
            chance = g.chance_outcomes()
            if chance:
                g.play(g.sample_chance(chance))
                continue
            yield g, seed, options
            moves = g.legal_moves()
            places = [m for m in moves if m.action == "place"]
            g.play(rng.choice(places or moves))


def count(game) -> int:
    return game.position()["count"]


def texts(game):
    return [str(m) for m in game.legal_moves()]


def dests(game, src):
    return sorted(m.text.split("-(")[1].rstrip(")") for m in game.legal_moves()
                  if m.action == "move" and m.text.startswith(src + "-"))


def pt(text):
    return tuple(int(v) for v in text.strip("()").split(","))


# -- harmonies, Coin, Lotus ------------------------------------------------------------------

def test_relation_table():
    """D1, wiki:35-40 and book:1011-1037: each flower has two harmonies, one clash, three
    neutral partners; the wiki's rules of colour and move type give the book's lists."""
    move_type = {"3": "3", "4": "L", "5": "5"}
    for a in rules.FLOWERS:
        for b in rules.FLOWERS:
            ca, cb, ta, tb = a[0], b[0], move_type[a[1]], move_type[b[1]]
            if ta == tb and ca != cb:
                want = -1
            elif ta == "L" and ca == cb and tb != "L" or tb == "L" and ca == cb and ta != "L":
                want = 1
            elif {ta, tb} == {"3", "5"} and ca != cb:
                want = 1
            else:
                want = 0
            assert rules.RELATION.get((a, b), 0) == want, (a, b)
    book = {"W3": {"W4", "R5"}, "W4": {"W3", "W5"}, "W5": {"W4", "R3"},
            "R3": {"W5", "R4"}, "R4": {"R3", "R5"}, "R5": {"R4", "W3"}}
    for a, partners in book.items():
        assert {b for b in rules.FLOWERS if rules.RELATION.get((a, b)) == 1} == partners


def test_single_harmony_line_of_sight():
    """E1, wiki:41 "Single Harmony |-(Li)-(WJ)-(Ja)-|": the Jasmine is hidden from the Lily."""
    assert count(game_of(["W4@(-1,2)", "W5@(0,2)", "W3@(1,2)"])) == 1
    assert count(game_of(["W4@(-3,2)", "W5@(0,2)", "W3@(4,2)"])) == 1


def test_two_harmonies():
    """E2, wiki:41 "Two Harmonies |-(WJ)-(Li)-(Ja)-|"."""
    g = game_of(["W5@(-1,2)", "W4@(0,2)", "W3@(1,2)"])
    assert count(g) == 2
    assert len(g.harmonies()) == 2


E3 = ["W3@(-2,1)", "W4@(0,1)", "W5@(2,1)", "R3@(5,-3)", "R4@(5,-1)", "R5@(5,2)", "W3@(-6,-4)", "R3@(-3,-4)"]


def test_disharmony_subtracts():
    """E3, book:1072-1075: four harmonies and one disharmony count as three."""
    assert count(game_of(E3)) == 3
    assert count(game_of(E3, options={"count_disharmony": False})) == 4


def test_special_tiles_do_not_block():
    """wiki:41, book:1079-1080: special tiles between two flowers do not block them."""
    assert count(game_of(["W3@(-3,2)", "K@(-1,2)", "D@(0,2)", "W4@(2,2)"])) == 1


def test_coin_cancels_its_line():
    """E6b, wiki:46 and book:1056-1057: a Coin centrepiece cancels its whole column (default)
    or only pairs it stands between (coin_scope=between)."""
    assert count(game_of(["R@(0,0)", "W3@(0,3)", "R5@(0,5)"], centrepiece=[0, 0])) == 0
    assert count(game_of(["R@(0,0)", "W3@(0,3)", "R5@(0,5)"], options={"coin_scope": "between"})) == 1
    for scope in ("line", "between"):
        assert count(game_of(["R@(0,0)", "W3@(0,3)", "R5@(0,-2)"], options={"coin_scope": scope})) == 0


def test_lotus_flips_and_stacks():
    """D2, wiki:52 and book:1065-1066: a Lotus on the line turns a harmony into a disharmony and
    back; two Lotuses cancel (parity) unless lotus_stacking=once."""
    assert count(game_of(["L@(3,0)", "W3@(3,2)", "R5@(3,4)"])) == -1
    assert count(game_of(["L@(3,0)", "W3@(3,2)", "R3@(3,4)"])) == 1
    two = ["L@(3,0)", "L@(3,-3)", "W3@(3,2)", "R5@(3,4)"]
    assert count(game_of(two)) == 1
    assert count(game_of(two, options={"lotus_stacking": "once"})) == -1
    assert count(game_of(["L@(3,0)", "W3@(3,2)", "R5@(3,4)"], options={"lotus_scope": "between"})) == 1


def test_coin_applies_before_lotus():
    """Ruling R27: a pair the Coin cancels has nothing left for the Lotus to flip."""
    assert count(game_of(["R@(3,-5)", "L@(3,0)", "W3@(3,2)", "R5@(3,4)"])) == 0


# -- placement and movement --------------------------------------------------------------------

def test_flower_placement_colours():
    """E8, E8b, wiki:32 and book:1000-1003: white flowers on red points, red flowers on white
    points; mixed points take both; gates count as red unless gates_are_red is off."""
    g = game_of([], hand={"W3": 1, "R3": 1})
    legal = set(texts(g))
    for p, ok in (("(2,2)", True), ("(-2,2)", False), ("(0,3)", True), ("(0,7)", True),
                  ("(2,5)", True), ("(5,5)", False), ("(0,8)", True)):
        assert (f"W3{p}" in legal) is ok, p
    for p, ok in (("(-2,2)", True), ("(2,2)", False), ("(2,5)", False), ("(-2,5)", True), ("(0,8)", False)):
        assert (f"R3{p}" in legal) is ok, p
    assert "W3(0,8)" not in texts(game_of([], hand={"W3": 1}, options={"gates_are_red": False}))
    assert sum(m.text.startswith("W3") for m in g.legal_moves()) == 75
    assert sum(m.text.startswith("R3") for m in g.legal_moves()) == 71


def test_special_tiles_placed_anywhere_ship_on_tiles():
    """Ruling R14: specials go on any empty point, gates and neutral points included; the Ship
    goes on an occupied point."""
    g = game_of(["W3@(1,2)"], hand={"R": 1, "B": 1})
    assert sum(m.text.startswith("R(") for m in g.legal_moves()) == 248
    assert [m.text for m in g.legal_moves() if m.text.startswith("B(")] == ["B(1,2)"]


def test_place_then_move_same_tile():
    """E5, wiki:29 and book:991: the placed tile may be the moved one, onto a point where it
    could not have been placed (wiki:32)."""
    g = game_of([], hand={"W3": 1})
    g.play("W3(2,2)")
    assert g.phase == "move"
    g.play("(2,2)-(-1,2)")
    assert g.position()["board"] == [{"x": -1, "y": 2, "tile": "W3", "owner": "guest"}]
    assert g.to_move == "host"


def test_anyone_moves_any_tile():
    """wiki:29: tiles belong to no one once placed; any player may move any tile."""
    g = game_of([("R3@(-3,3)", "host")], hand={"W3": 1})
    g.play("W3(2,2)")
    g.play("(-3,3)-(-3,5)")
    assert {(e["x"], e["y"]) for e in g.position()["board"]} == {(2, 2), (-3, 5)}


def test_drained_tile_still_occupies_its_point():
    """wiki:48: drained tiles stay on the board, and nothing else may occupy their points."""
    g = game_of(["W3@(1,1)"], hand={"K": 1, "R": 1})
    g.play("K(2,2)")
    assert g.to_move == "host"
    g = paisho.from_position(dict(g.position(), to_move="guest"))
    assert "R(1,1)" not in texts(g) and "R(1,2)" in texts(g)


def test_book_preset():
    """The book preset switches every contradicted point to the book's reading
    (book:941, 974, 987, 962-963, 1042-1046, 1021, 1036, 1050, 1062-1063)."""
    o = rules.Opts(paisho.get_variant("ancient").options({"preset": "book"}))
    assert (not o.shared, o.refill, o.gates_are_red, o.drain_all, o.drain_permanent) == (True, True, False, True, False)
    assert (o.boat_immune, o.wheel_moves, o.dragon_to_hand, o.dragon_capturable) == (frozenset({"W5", "R5"}), True, False, True)
    g = paisho.new_game("ancient", {"preset": "book"}, seed=3)
    assert sum(g.position()["piles"]["pool"]["guest"].values()) == 49


def test_straight_movers():
    """book:1011, 1020, 1026, 1035 and wiki:32: 3- and 5-movers go up to 3 / 5 in a straight
    line, stopping short if they like, never through a tile."""
    g = game_of(["W3@(0,-3)", "K@(2,-3)"], phase="move")
    d = dests(g, "(0,-3)")
    assert d == sorted(["1,-3", "-1,-3", "-2,-3", "-3,-3", "0,-2", "0,-1", "0,0",
                        "0,-4", "0,-5", "0,-6"])
    g = game_of(["R5@(0,0)"], phase="move")
    assert len(dests(g, "(0,0)")) == 20


def test_l_move():
    """E7, wiki:32 and book:1005-1007, 1015-1016: the L has legs of 1 or 2 with one turn,
    never 3 in a line; blockers on both first steps cut off four destinations."""
    g = game_of(["W4@(2,-2)"], phase="move")
    want = ["0,-4", "0,-3", "0,-1", "0,0", "1,-4", "1,-3", "1,-1", "1,0",
            "3,-4", "3,-3", "3,-1", "3,0", "4,-4", "4,-3", "4,-1", "4,0"]
    assert dests(g, "(2,-2)") == sorted(want)
    g = game_of(["W4@(2,-2)", "R@(3,-2)", "R@(2,-1)"], phase="move")
    assert dests(g, "(2,-2)") == sorted(set(want) - {"3,-1", "4,-1", "3,0", "4,0"})
    g = game_of(["W4@(2,-2)"], phase="move", options={"l_move": "full"})
    assert dests(g, "(2,-2)") == ["0,-4", "0,0", "4,-4", "4,0"]


def test_lotus_moves_two():
    """wiki:52 and book:1067: the Lotus moves up to two spaces."""
    g = game_of(["L@(0,0)"], phase="move")
    assert len(dests(g, "(0,0)")) == 8
    g = game_of(["L@(0,0)"], phase="move", options={"lotus_path": "bend"})
    assert len(dests(g, "(0,0)")) == 12


def test_immobile_specials():
    """Ruling R18: Coin, Ship, Knotweed and Wheel do not move by themselves; under wheel_moves
    (book:1050) the Wheel moves any distance in a straight line."""
    g = game_of(["R@(1,1)", "B@(3,3)", "K@(-2,-2)", "W@(0,0)"])
    assert rules.all_moves(g.state, rules.opts(g), 0) == []
    with pytest.raises(PositionError, match="no tile can move"):
        paisho.from_position(position(["R@(1,1)", "W@(0,0)"], phase="move"))
    g = game_of(["W@(0,0)"], phase="move", options={"wheel_moves": True})
    assert len(dests(g, "(0,0)")) == 32


def test_dragon_moves_and_takes_into_hand():
    """D6, wiki:54: the Dragon moves 1 or exactly 6, flying over tiles; a tile it lands on goes
    into the mover's hand."""
    g = game_of(["D@(-3,-1)", "W5@(0,-1)", "R3@(3,-1)"], phase="move")
    assert dests(g, "(-3,-1)") == sorted(["-2,-1", "-4,-1", "-3,0", "-3,-2", "3,-1", "-3,5", "-3,-7"])
    g.play("(-3,-1)-(3,-1)")
    pos = g.position()
    assert {(e["x"], e["y"], e["tile"]) for e in pos["board"]} == {(0, -1, "W5"), (3, -1, "D")}
    assert pos["piles"]["hand"]["guest"] == {"R3": 1}


def test_dragon_remove_and_no_jump():
    """D6, book:1061-1062: under dragon_capture=remove the tile leaves the game; with
    dragon_jumps off the 6-step cannot pass the White Jade."""
    g = game_of(["D@(-3,-1)", "W5@(0,-1)", "R3@(3,-1)"], phase="move", options={"dragon_capture": "remove"})
    g.play("(-3,-1)-(3,-1)")
    assert g.position()["piles"]["captured"]["guest"] == {"R3": 1}
    assert g.position()["piles"]["hand"]["guest"] == {}
    g = game_of(["D@(-3,-1)", "W5@(0,-1)", "R3@(3,-1)"], phase="move", options={"dragon_jumps": False})
    assert "3,-1" not in dests(g, "(-3,-1)")


def test_dragon_capturable():
    """D15, book:1063: with dragon_capturable any tile moving onto a Dragon removes it."""
    g = game_of(["R3@(0,0)", "D@(0,2)"], phase="move")
    assert "0,2" not in dests(g, "(0,0)")
    g = game_of(["R3@(0,0)", "D@(0,2)"], phase="move", options={"dragon_capturable": True})
    g.play("(0,0)-(0,2)")
    pos = g.position()
    assert [(e["x"], e["y"], e["tile"]) for e in pos["board"]] == [(0, 2, "R3")]
    assert pos["piles"]["captured"]["guest"] == {"D": 1}


# -- special tiles -----------------------------------------------------------------------------

def test_wheel_rotates_and_moved_tile_may_move():
    """E4, wiki:29 and book:991-993: place a Wheel, turn 180 degrees, then move a tile that was
    turned; placing the Wheel was not the turn's move."""
    g = game_of(["W3@(2,3)", "R3@(3,2)"], hand={"W": 1})
    g.play("W(2,2)")
    assert g.phase == "wheel"
    g.play("@4")
    tiles = {(e["x"], e["y"]): e["tile"] for e in g.position()["board"]}
    assert tiles == {(2, 2): "W", (2, 1): "W3", (1, 2): "R3"}
    assert g.phase == "move"
    g.play("(1,2)-(1,5)")
    assert g.to_move == "host"


def test_wheel_cannot_turn_tiles_off_the_board():
    """D5, wiki:50 and ruling R34: a turn that would put a tile off the board is illegal."""
    g = game_of(["W3@(4,8)"], hand={"W": 1})
    g.play("W(4,7)")
    assert texts(g) == ["@0", "@2", "@3", "@4", "@5", "@6", "@7"]


def test_wheel_whole_record_turn():
    """Notation: a Wheel placement with its turn and the move, as one record token."""
    g = game_of(["W3@(2,3)", "R3@(3,2)"], hand={"W": 1})
    g.play("2G.W(2,2)@4&(1,2)-(1,5)")
    assert g.to_move == "host"
    assert g.record().strip().endswith("2G.W(2,2)@4&(1,2)-(1,5)")


def test_ship_relocates_any_tile():
    """D7, wiki:44 and book:1052-1054: the Ship lands on a tile, which goes to any empty point
    (no colour limit); the Ship stays.  boat_immune protects White Jade and Rhododendron."""
    g = game_of(["W3@(1,2)"], hand={"B": 1})
    g.play("B(1,2)")
    assert g.phase == "boat"
    g.play(">(-6,4)")
    tiles = {(e["x"], e["y"]): e["tile"] for e in g.position()["board"]}
    assert tiles == {(1, 2): "B", (-6, 4): "W3"}
    g = game_of(["W5@(1,2)", "R5@(2,1)", "W3@(3,3)"], hand={"B": 1}, options={"boat_immune": True})
    assert [t for t in texts(g) if t.startswith("B")] == ["B(3,3)"]


def test_knotweed_drains_diagonal_neighbours():
    """D3, wiki:48 and book:1042-1043: a Knotweed drains the flowers around it (the 8 points);
    with neighbourhood=4 the diagonal ones are spared."""
    g = game_of(["W3@(1,1)", "W4@(1,3)"], hand={"K": 1})
    assert count(g) == 1
    g.play("K(2,2)")
    assert count(g) == 0
    assert g.flags()["drained"] == (1 << board.index(1, 1)) | (1 << board.index(1, 3))
    g = game_of(["W3@(1,1)", "W4@(1,3)"], hand={"K": 1}, options={"neighbourhood": 4})
    g.play("K(2,2)")
    assert count(g) == 1


def test_drained_flowers_do_not_block():
    """D4, wiki:48 and ruling R31: a drained flower stops blocking the line, so a new harmony
    forms across it (drained_block_lines=true keeps it blocking)."""
    tiles = ["W3@(4,-2)", "W4@(4,0)", "R5@(4,2)"]
    g = game_of(tiles, hand={"K": 1})
    assert count(g) == 1
    g.play("K(3,0)")
    assert count(g) == 1
    assert [(p["x"], p["y"]) for p in g.position()["drained"]] == [(4, 0)]
    g = game_of(tiles, hand={"K": 1}, options={"drained_block_lines": True})
    g.play("K(3,0)")
    assert count(g) == 0


def test_drained_tile_cannot_move_itself():
    """book:1043, 1137: a drained tile cannot move."""
    g = game_of(["W3@(1,1)"], hand={"K": 1})
    g.play("K(2,2)")
    assert g.phase == "turn"  # nothing can move: the turn ended with the placement
    assert g.to_move == "host"


def test_knotweed_is_one_time():
    """D8, wiki:24 and ruling R33: tiles arriving next to a Knotweed later are not drained."""
    g = game_of(["K@(2,2)", "W3@(3,5)", "W4@(3,6)"], phase="move")
    g.play("(3,5)-(3,3)")
    assert g.position()["drained"] == []


def test_drain_lasts():
    """D9, book:1044-1045: after a Dragon takes the Knotweed the flowers stay drained
    (permanent, wiki:48) or recover (drain_lasts=while_knotweed)."""
    for lasts, want in (("permanent", 0), ("while_knotweed", 1)):
        g = game_of(["W3@(1,1)", "W4@(1,3)", ("D@(2,1)", "host")], hand={"K": 1},
                    options={"drain_lasts": lasts})
        g.play("K(2,2)")
        assert count(g) == 0
        g.play("(2,1)-(2,2)")
        assert count(g) == want, lasts


def test_knotweed_drains_all_under_book():
    """book:1042-1046: under knotweed_drains=all every tile but a Knotweed is drained; a drained
    Lotus still flips but cannot move."""
    g = game_of(["L@(1,1)", "K@(3,3)", "W3@(1,3)", "R5@(1,5)"], hand={"K": 1},
                options={"knotweed_drains": "all"})
    g.play("K(2,2)")
    drained = {(p["x"], p["y"]) for p in g.position()["drained"]}
    assert drained == {(1, 1), (1, 3)}
    assert "(1,1)-(1,0)" not in texts(g)


def test_centrepiece_effect_lost():
    """E6, wiki:24 and book:980-982: a Knotweed, Wheel or Ship centrepiece has no effect; it
    sits on (0,0) and belongs to no one."""
    found = set()
    for seed in range(200):
        g = paisho.new_game("ancient", seed=seed)
        code = g.position()["board"][0]["tile"]
        if code in ("K", "W", "B") and code not in found:
            found.add(code)
            pos = g.position()
            assert pos["board"] == [{"x": 0, "y": 0, "tile": code, "owner": "host", "flags": ["centrepiece"]}]
            assert pos["drained"] == [] and pos["phase"] == "guess"
    assert found == {"K", "W", "B"}


# -- the target check --------------------------------------------------------------------------

E9 = ["W3@(-2,1)", "W4@(0,1)", "W5@(2,1)", "W@(0,0)"]


def test_target_reached_by_placement():
    """E9, wiki:21, 29 and book:965-966, 995-997: the count reaches the target with the
    placement: the mover wins at once, no move is made."""
    g = game_of(E9, hand={"R5": 1})
    assert count(g) == 2
    g.play("R5(-2,4)")
    assert g.outcome.winner == "guest" and g.outcome.reason == "target"
    assert g.record().strip().endswith("2G.R5(-2,4)")


def test_target_reached_from_above():
    """E9b, wiki:29 "it is possible to overshoot": 4 after the placement (no win under the exact
    rule), 3 after the move: win.  With win_exact off the placement wins."""
    tiles = E9 + ["R4@(-6,4)"]
    g = game_of(tiles, hand={"R5": 1})
    g.play("R5(-2,4)")
    assert g.outcome is None and count(g) == 4
    g.play("(-6,4)-(-5,2)")
    assert g.outcome.winner == "guest" and count(g) == 3
    g = game_of(tiles, hand={"R5": 1}, options={"win_exact": False})
    g.play("R5(-2,4)")
    assert g.outcome.winner == "guest"


def test_only_the_mover_wins():
    """Ruling R25: a count equal to the target at the start of a turn is no win."""
    g = game_of(E9 + ["R5@(-2,4)"], hand={"W3": 1})
    assert count(g) == 3 and g.outcome is None


def test_target_hand_pairing():
    """E10, wiki:24: targets 3, 5, 7, 11 pair with hands of 5, 7, 11, 17."""
    assert [rules.hand_size_for(t) for t in (3, 5, 7, 11)] == [5, 7, 11, 17]
    g = paisho.new_game("ancient", {"target": 5}, seed=1)
    assert sum(g.position()["piles"]["hand"]["host"].values()) == 7


# -- turns: exchange, pass, endings -------------------------------------------------------------

def test_exchange_keeps_hand_size():
    """D10, wiki:27: draw then discard one; the hand size stays; the discard may be the drawn
    tile.  Under refill (book:987) a short hand draws without discarding."""
    g = game_of([], hand={"W3": 2, "R3": 2, "K": 1}, pool={"D": 1, "L": 1}, order=["D", "L"])
    g.play("x")
    assert g.phase == "discard"
    assert g.position()["piles"]["hand"]["guest"]["D"] == 1
    g.play("D")
    pos = g.position()
    assert sum(pos["piles"]["hand"]["guest"].values()) == 5
    assert pos["piles"]["discard"]["guest"] == {"D": 1}
    assert g.record().strip().endswith("2G.x:D/D")
    g = game_of([], hand={"W3": 2, "R3": 2}, pool={"D": 1, "L": 1}, order=["D", "L"],
                options={"draw_rule": "refill"})
    g.play("x")
    assert g.to_move == "host" and sum(g.position()["piles"]["hand"]["guest"].values()) == 5


def test_no_move_possible_ends_turn():
    """D11, ruling R11: with only a Coin centrepiece on the board, placing a Coin leaves no tile
    able to move, so the turn ends after the placement."""
    g = game_of(["R@(0,0)"], hand={"R": 1}, centrepiece=[0, 0])
    g.play("R(3,3)")
    assert g.to_move == "host" and g.phase == "turn"


def test_move_optional():
    """Ruling R11: with move_required off the player may stop after the placement."""
    g = game_of(["W3@(1,2)"], hand={"R": 1}, options={"move_required": False})
    g.play("2G.R(3,3)")
    assert g.to_move == "host"


def test_exhaustion_when_hands_empty():
    """D12, book:1088-1102: under the exchange rule, both hands empty ends the game; the most
    harmonies of one's own tiles wins, equal is a draw."""
    g = game_of(["W3@(-3,2)", ("R3@(5,-1)", "host"), ("R4@(5,1)", "host")], phase="move")
    g.play("(-3,2)-(-3,1)")
    assert g.outcome is not None and g.outcome.reason == "exhaustion"
    assert g.outcome.winner == "host"


def test_forced_passes_end_the_game():
    """D14, ruling R10: with an empty pool and no legal placement (only a Ship in hand and no
    tile on the board for it) a player must pass; two passes in a row end the game by
    exhaustion.  (The digest's "every red point full" cannot happen: 75 red points, 54 tiles.)"""
    g = game_of([], hand={"B": 1}, host_hand={"B": 1})
    assert texts(g) == ["pass"]
    g.play("pass")
    assert g.outcome is None
    g.play("pass")
    assert g.outcome.reason == "exhaustion" and g.outcome.winner is None


def test_resign():
    """book:1092, 1102-1104: a player who forfeits loses.  Issue 20 item 9: resigning goes through
    ``game.resign()`` as in every variant; it is never among the legal moves."""
    g = game_of([], hand={"W3": 1})
    assert "resign" not in texts(g)
    g.play("resign")
    assert g.outcome.winner == "host" and g.outcome.details["resigned"] == "guest"
    g.undo()
    assert g.outcome is None


def test_random_games_never_resign():
    """Issue 20 item 9: 12 random Ancient games end without a resignation."""
    import random

    import paisho_core as paisho

    for seed in range(12):
        rng = random.Random(seed)
        g = paisho.new_game("ancient", seed=seed)
        while g.outcome is None and g.ply < 600:
            g.play(rng.choice(g.legal_moves()))
        assert g.outcome is None or "resigned" not in g.outcome.details


def test_old_record_with_resign_turn():
    """A record written before issue 20 spelled a resignation as the turn ``resign``; it still
    reads, as a resignation through ``game.resign()``."""
    g = game_of([], hand={"W3": 1})
    g.play_turn(None, None, "resign")
    assert g.outcome.winner == "host" and g.outcome.details["resigned"] == "guest"


def test_turn_limit():
    """Ruling R37: the game ends after turn_limit rounds, decided like exhaustion."""
    g = game_of(["W3@(1,2)"], hand={"R": 2}, host_hand={"R": 1}, turn=3,
                options={"turn_limit": 3, "move_required": False})
    g.play("3G.R(5,5)")
    assert g.outcome is None
    g.play("3H.R(-5,5)")
    assert g.outcome.reason == "turn limit"


def _take_back(g, dragon, near):
    """One turn that puts nothing out of play: a Coin placed on ``near``, a point the Dragon on
    ``dragon`` can land on, then the Dragon onto it (wiki:54: the Coin goes back to the hand)."""
    g.play(f"R{near}")
    g.play(f"{dragon}-{near}")


def test_no_progress_ends_an_endless_dragon_exchange():
    """Ruling R37 (no progress): the sources set no end to play, and a Dragon that lands on the
    tile just placed sends it back to the hand (wiki:54), so a turn can leave the pool and both
    hands as they were, for ever.  After ``no_progress`` such turns in a row the game is decided
    as for exhaustion (book:1098-1101: more harmonies of one's own placing wins)."""
    g = game_of(["D@(0,0)", "W3@(1,3)", "W4@(3,3)"], hand={"R": 1}, host_hand={"R": 1},
                pool={"R5": 4}, options={"no_progress": 4})
    for n in range(4):
        assert g.outcome is None and g.position()["idle_turns"] == n
        _take_back(g, *(("(0,0)", "(0,1)") if n % 2 == 0 else ("(0,1)", "(0,0)")))
        assert g.state.count("pool", "host") == 4
    assert g.outcome.reason == "no progress"
    assert g.outcome.winner == "guest"  # the Jasmine-Lily harmony, both placed by the Guest


def test_an_exchange_or_a_kept_placement_is_progress():
    """A draw from the pool, or a tile placed and left on the board, puts a tile out of play and
    starts the count again; a Dragon taking some other tile back (hand as before) does not;
    ``no_progress=0`` never ends the game; the count is part of the position."""
    g = game_of(["D@(0,0)"], hand={"R": 2}, host_hand={"R": 1}, pool={"R5": 4},
                options={"no_progress": 3})
    _take_back(g, "(0,0)", "(0,1)")
    g.play("x")
    g.play("R")  # the Host draws a Rhododendron and discards the Coin
    assert g.position()["idle_turns"] == 0
    _take_back(g, "(0,1)", "(1,1)")
    assert g.position()["idle_turns"] == 1
    g.play("R5(0,-5)")
    g.play("(0,-5)-(0,-4)")  # the Host's drawn Rhododendron stays on the board: progress
    assert g.position()["idle_turns"] == 0
    again = game_of(["D@(0,0)"], hand={"R": 1}, host_hand={"R": 1}, pool={"R5": 4},
                    options={"no_progress": 0}, idle_turns=50)
    _take_back(again, "(0,0)", "(0,1)")
    assert again.outcome is None
    loaded = game_of(["D@(0,0)"], hand={"R": 1}, host_hand={"R": 1}, pool={"R5": 4}, idle_turns=99)
    assert loaded.position()["idle_turns"] == 99
    _take_back(loaded, "(0,0)", "(0,1)")
    assert loaded.outcome.reason == "no progress"
    with pytest.raises(PositionError, match="idle_turns"):
        game_of([], hand={"R": 1}, idle_turns=-1)


# -- deal, chance, records ----------------------------------------------------------------------

def test_shuffle_golden():
    """D13: the documented Fisher-Yates shuffle on Random.random() is pinned."""
    assert rules.shuffle(list(range(10)), random.Random(7)) == [2, 7, 4, 6, 8, 9, 0, 5, 1, 3]


def test_deal_golden():
    """D13: seed 7 with default options deals these hands, centrepiece and draw pile."""
    g = paisho.new_game("ancient", seed=7)
    pos = g.position()
    assert pos["piles"]["hand"] == {"host": {"D": 2, "R5": 1, "W3": 2}, "guest": {"B": 2, "R4": 2, "R5": 1}}
    assert pos["board"][0]["tile"] == "R3"
    assert pos["draw_order"]["host"][:5] == ["R4", "R3", "W4", "W", "D"]
    assert pos["hidden_hand"] == "left" and pos["to_move"] == "guest" and pos["phase"] == "guess"
    counts = {k.code: k.count for k in g.tileset.kinds}
    hands, centre, _orders, right = rules.deal(random.Random("7:setup"), counts, 5, True)
    assert hands == {"host": ["D", "D", "W3", "R5", "W3"], "guest": ["R5", "R4", "B", "R4", "B"]}
    book = paisho.new_game("ancient", {"preset": "book"}, seed=7).position()
    assert book["piles"]["hand"]["guest"] == {"K": 1, "R4": 1, "W": 1, "W5": 2}
    assert book["board"][0]["tile"] == "R5" and book["draw_order"]["guest"][:3] == ["R", "B", "R5"]


def test_record_carries_draws_and_checks_the_seed():
    """Issue 8: records carry drawn tiles; a drawn tile that contradicts the seed is an error
    naming the move."""
    g = paisho.new_game("ancient", {"first_player": "host"}, seed=7)
    g.play("x")
    g.play(str(g.legal_moves()[0]))
    rec = g.record()
    assert "1H.x:R4/" in rec
    assert paisho.load_record(rec).position() == g.position()
    with pytest.raises(RecordError, match=r"1H.*drawn tile W5 does not match"):
        paisho.load_record(rec.replace("x:R4", "x:W5"))


def test_first_player_ritual():
    """wiki:24 and book:976-978: the guest guesses which of the host's hands holds the tile; a
    right guess lets the guest choose the play order, a wrong one the host."""
    g = paisho.new_game("ancient", seed=7)
    assert g.to_move == "guest" and texts(g) == ["left", "right"]
    g.play("left")
    assert g.to_move == "guest" and texts(g) == ["first", "second"]
    g.play("second")
    assert g.to_move == "host" and g.state.turn == 1 and g.phase == "turn"
    assert g.record().splitlines()[-1] == "0G.left,second"
    g = paisho.new_game("ancient", seed=7)
    g.play("right")
    assert g.to_move == "host" and g.phase == "order"
    g.play("first")
    assert g.record().splitlines()[-2:] == ["0G.right", "0H.first"]
    assert g.to_move == "host" and g.state.turn == 1


def test_deal_tag_replays_a_hand_dealt_game():
    """Issue 8: a game dealt at a physical table replays from a Deal tag and the drawn tiles in
    its exchanges, with no seed."""
    from paisho_variants.ancient import deal_text

    g = paisho.new_game("ancient", seed=11)
    deal = deal_text(g)
    assert deal == "host:W3,R4,R4,R5,W;guest:W4,W5,R4,W,L;centre:W5;hidden:left"
    rng = random.Random(3)
    while g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    rec = g.record()
    physical = re.sub(r'\[Seed "[^"]*"\]\n', f'[Deal "{deal}"]\n', rec)
    assert "Seed" not in physical
    again = paisho.load_record(physical)
    a, b = g.position(), again.position()
    for key in ("board", "piles", "outcome", "turn", "drained", "count"):
        assert a[key] == b[key], key
    assert b["draw_order"] == {"host": None}
    with pytest.raises(RecordError, match="Deal tag"):
        paisho.load_record(physical.replace("centre:W5", "centre:Q"))


def test_docs_record_example():
    """The hand-dealt record shown on docs/variants/ancient/rules.md replays."""
    rec = ('[Variant "ancient"]\n'
           '[Deal "host:W3,R4,R4,R5,W;guest:W4,W5,R4,W,L;centre:W5;hidden:left"]\n'
           "0G.left,first\n1G.R4(-2,3)&(-2,3)-(-1,5)\n1H.x:R3/W\n")
    g = paisho.load_record(rec)
    assert g.to_move == "guest" and g.state.turn == 2
    assert g.position()["piles"]["hand"]["host"] == {"R3": 1, "R4": 2, "R5": 1, "W3": 1}
    assert g.position()["piles"]["discard"]["host"] == {"W": 1}
    # continuing the hand-dealt game: the guest enters the tile drawn at the table
    g.play("x")
    assert g.phase == "draw" and not g.is_chance() and "W3" in texts(g)
    g.play("W3")
    g.play("W3")
    assert g.record().splitlines()[-1] == "2G.x:W3/W3"
    assert g.position()["draws_entered"] is True
    again = paisho.from_position(g.position())
    again.play("2H.x:R5/R5")
    assert again.position()["piles"]["discard"]["host"] == {"W": 1, "R5": 1}


def test_refill_exhaustion_needs_empty_pools():
    """Ruling R36: under draw_rule=refill empty hands end the game only once the pool is empty
    too (a refill draw could still give a tile to place)."""
    g = game_of(["W3@(-3,2)"], phase="move", pool={"R": 1}, order=["R"], options={"draw_rule": "refill"})
    g.play("(-3,2)-(-3,1)")
    assert g.outcome is None
    g = game_of(["W3@(-3,2)"], phase="move", options={"draw_rule": "refill"})
    g.play("(-3,2)-(-3,1)")
    assert g.outcome.reason == "exhaustion"


def test_observation_hides_hands_and_pile():
    """Hidden information: a player sees their own hand, not the opponent's, nor the pool or
    its order."""
    g = paisho.new_game("ancient", seed=7)
    view = g.observation("guest")
    assert view["piles"]["hand"]["guest"] == {"B": 2, "R4": 2, "R5": 1}
    assert view["piles"]["hand"]["host"] == {}
    assert view["draw_order"] == {"host": None} and view["piles"]["pool"]["host"] == {}
    assert sum(view["unseen"].values()) == 43 + 5
    assert view["hidden"] == {"piles.hand.host": 5, "piles.pool.host": 43}
    assert view["hidden_hand"] is None and g.observation("host")["hidden_hand"] == "left"
    assert "seed" not in view
    book = paisho.new_game("ancient", {"preset": "book"}, seed=7)
    view = book.observation("host")
    assert view["hidden"] == {"piles.hand.guest": 5, "piles.pool.guest": 49}
    assert sum(view["piles"]["pool"]["host"].values()) == 48 and view["piles"]["pool"]["guest"] == {}


def test_typed_turns_in_a_seeded_game():
    """Whole turns typed during play: the game draws itself; a drawn tile written in the turn
    must be the seed's next tile."""
    g = paisho.new_game("ancient", {"first_player": "guest"}, seed=7)
    g.play("1G.x:R4/R5")
    assert g.record().splitlines()[-1] == "1G.x:R4/R5"
    before = g.position()
    with pytest.raises(IllegalMoveError, match="does not match"):
        g.play("1H.x:W5/W3")
    assert g.position() == before
    g.play("1H.x/R3")
    assert g.record().splitlines()[-1] == "1H.x:R3/R3"


def test_determinized_view_rebuilds_a_game():
    """The core's determinizer rebuilds a game from the observation alone, with drained tiles
    and the centrepiece read from the board flags."""
    from paisho_core import players as ai

    g = paisho.new_game("ancient", {"first_player": "guest"}, seed=5)
    rng = random.Random(2)
    for _ in range(12):
        if g.outcome is None:
            g.play(rng.choice(g.legal_moves()))
    for player in ("host", "guest"):
        d = ai.determinize(g, player, random.Random(1))
        assert d is not None
        assert d.position()["board"] == g.position()["board"]
        assert d.position()["piles"]["hand"][player] == g.position()["piles"]["hand"][player]


def test_bad_input():
    """Malformed turns raise NotationError, illegal ones IllegalMoveError, bad positions
    PositionError; the game is unchanged."""
    g = game_of([], hand={"W3": 1})
    before = g.position()
    for text in ("2G.Z9(0,0)", "2G.W3(0,0)&(1,1)", "2G.W3(9,9)", "2G.x:??", "2G.", "2G.W3(2,2)@x"):
        with pytest.raises((NotationError, IllegalMoveError)):
            g.play(text)
        assert g.position() == before
    with pytest.raises(IllegalMoveError):
        g.play("W3(-2,2)")
    assert g.position() == before
    bad = position([], phase="boat")
    with pytest.raises(PositionError):
        paisho.from_position(bad)
    with pytest.raises(PositionError):
        paisho.from_position(position([], pool={"W3": 2}, order=["W3", "R3"]))
    with pytest.raises(paisho.VariantError):
        paisho.new_game("ancient", {"target": 30})


# -- properties ----------------------------------------------------------------------------------

OPTION_SETS = [
    {},
    {"preset": "book"},
    {"first_player": "host", "move_required": False, "lotus_path": "bend", "neighbourhood": 4,
     "drained_block_lines": True, "coin_scope": "between", "lotus_scope": "between"},
    {"target": 5, "draw_rule": "refill", "win_exact": False, "count_disharmony": False,
     "dragon_jumps": False, "l_move": "full", "turn_limit": 20},
]


def total_tiles(game) -> int:
    pos = game.position()
    n = len(pos["board"])
    for per in pos.get("piles", {}).values():
        for counts in per.values():
            n += sum(counts.values())
    if pos["placing"] and pos["placing"]["tile"] == "B":
        n += 1  # the Ship being placed
    return n


@settings(max_examples=12, deadline=None)
@given(seed=hst.integers(0, 10**6), which=hst.integers(0, len(OPTION_SETS) - 1))
def test_random_games(seed, which):
    """Random seeded games: tiles accounted for, exact undo (chance included), position and
    record round-trips, replay determinism, illegal moves change nothing, games end."""
    options = OPTION_SETS[which]
    g = paisho.new_game("ancient", options, seed=seed)
    total = total_tiles(g)
    assert total == (108 if g.position()["options"]["tile_pool"] == "per_player"
                     or options.get("preset") == "book" else 54)
    rng = random.Random(seed)
    steps = 0
    while g.outcome is None:
        steps += 1
        assert steps < 3000
        before = g.position()
        assert paisho.from_position(json.loads(json.dumps(before))).position() == before
        moves = g.legal_moves()
        assert moves
        with pytest.raises(IllegalMoveError):
            g.play("(8,8)-(9,9)")
        assert g.position() == before
        move = rng.choice(moves)
        g.play(move)
        assert total_tiles(g) == total
        after = g.position()
        g.undo()
        assert g.position() == before
        g.play(move)
        assert g.position() == after
    final = g.position()
    assert paisho.from_position(json.loads(json.dumps(final))).position() == final
    rec = g.record()
    again = paisho.load_record(rec)
    assert again.position() == g.position()
    assert again.record() == rec
    replay = paisho.new_game("ancient", options, seed=seed)
    for _snap, m, _key, auto in g._history:
        if not auto:
            replay.play(m.text)
    assert replay.position() == g.position()


def test_hotseat_hides_the_other_hand():
    """Two people at one terminal (issue 8): the screen asks for a hand-over between turns,
    shows only the mover's hand, and hides the tile the other player drew."""
    from paisho_variants.ancient import hotseat

    g = paisho.new_game("ancient", seed=7)
    script = iter(["left", "first", "x", "R5", "", "quit"])
    out = []
    hotseat.run(g, read=lambda prompt="": next(script, None), write=out.append, clear=False)
    text = "\n".join(out)
    host_view = text[text.index("Pass the terminal to host"):]
    assert "Last: 1G.x:?/R5" in host_view
    assert "guest hand: 5 tiles (hidden)" in host_view
    assert "host hand: Dx2 R5 W3x2" in host_view
    assert "host hand: Dx2" not in text[:text.index("Pass the terminal to host")]


@pytest.mark.parametrize("options", [{}, {"preset": "book"}])
def test_the_packed_draw_orders_are_the_deal(options):
    """The draw orders a game keeps packed (one character a tile) are the deal's orders: the
    position writes them as the canonical deal makes them, and each draw takes the top tile."""
    g = paisho.new_game("ancient", options, seed=8)
    o = rules.opts(g)
    counts = {k.code: k.count for k in g.tileset.kinds}
    _hands, _centre, orders, _hidden = rules.deal(random.Random("8:setup"), counts, o.hand_size,
                                                 o.shared)
    assert g.position()["draw_order"] == {k: list(orders[k]) for k in o.pool_keys}
    for k in o.pool_keys:
        assert rules.order_codes(g.tileset, rules.pack_order(g.tileset, orders[k])) == list(orders[k])
