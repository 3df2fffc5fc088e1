"""The one-turn window read from a position (variants/iroh/window.py).  Source: the book's
chapter 2 (docs/variants/iroh/rules.md, "Winning"): a set made at the end of a turn wins
unless the opponent stops it with their one turn (L475-483), by standing between two tiles
(L410-411), taking one (L467) or placing a Rock across a line (L459-460)."""
from __future__ import annotations

from paisho_variants.iroh import winning_set
from paisho_variants.iroh import strategy
from paisho_variants.iroh.window import breaking_replies, set_makers
from tests.test_iroh_strategy import position

# The Guest's set at the end of the rules page's one-sided game: N (-2,3)~(2,3), E (3,-2)~(3,2),
# S (-3,-2)~(3,-2), W (-2,-3)~(-2,3), each Water in two harmonies (L442-443).
SET = [(-2, 3, "W"), (2, 3, "F"), (3, -2, "W"), (3, 2, "A"), (-3, -2, "F"), (-2, -3, "A")]
FAR_AIR = (-6, 6, "A", "H")  # four Air steps reach no line of the set (L437)


def _set_position(host_reserve):
    return position([(x, y, c, "G") for x, y, c in SET] + [FAR_AIR], to_move="host",
                    reserves={"guest": {}, "host": host_reserve}, pending_win=["guest"])


def _replies_leaving_a_set(g, player):
    """The slow truth: play every reply and look for a set afterwards."""
    out = []
    for m in g.legal_moves():
        g.play(m)
        if winning_set(g, player):
            out.append(m.text)
        g.undo()
    return out


def test_a_rock_in_reserve_breaks_the_set():
    """L459-460: the Host may place a Rock on any empty point between two of the Guest's
    harmonizing tiles (the midline point of each line among them)."""
    g = _set_position({"R": 1})
    breaking = {m.text for m in breaking_replies(g, "guest")}
    assert {"R(0,3)", "R(3,0)", "R(0,-2)", "R(-2,0)"} <= breaking
    survivors = set(_replies_leaving_a_set(g, "guest"))
    assert survivors == {m.text for m in g.legal_moves()} - breaking


def test_a_set_no_reply_breaks():
    """Without a Rock and with the Host's only tile too far to reach a line, every reply
    leaves the set standing: the window cannot be used."""
    g = _set_position({})
    assert breaking_replies(g, "guest") == []
    assert len(_replies_leaving_a_set(g, "guest")) == len(g.legal_moves())


def test_a_take_breaks_the_set():
    """The Host's Fire on (2,6) can take the Guest's Fire on (2,3) (three steps on red, L449,
    L467): that take, and the Fire's stops between two of the Guest's tiles, break the set;
    every other reply leaves it."""
    g = position([(x, y, c, "G") for x, y, c in SET] + [FAR_AIR, (2, 6, "F", "H")], to_move="host",
                 reserves={"guest": {}, "host": {}}, pending_win=["guest"])
    breaking = {m.text for m in breaking_replies(g, "guest")}
    assert "(2,6)-(2,3)" in breaking
    assert set(_replies_leaving_a_set(g, "guest")) == {m.text for m in g.legal_moves()} - breaking


def test_a_reply_that_opens_a_new_line_is_no_break():
    """The Host's Air on (0,5) stands between the Guest's Airs on (-1,5) and (1,5) (a tile on a
    midline still stands between two others, L410-411).  Stepping down to (0,3) cuts the N
    harmony of row 3 but opens row 5 across the same arm: the set survives, and only playing
    the reply shows it."""
    g = position([(x, y, c, "G") for x, y, c in SET] + [(-1, 5, "A", "G"), (1, 5, "A", "G"),
                                                        (0, 5, "A", "H")],
                 to_move="host", reserves={"guest": {}, "host": {}}, pending_win=["guest"])
    breaking = {m.text for m in breaking_replies(g, "guest")}
    assert "(0,5)-(0,3)" not in breaking
    assert "(0,5)-(0,3)" in _replies_leaving_a_set(g, "guest")
    assert set(_replies_leaving_a_set(g, "guest")) == {m.text for m in g.legal_moves()} - breaking


def test_the_window_benchmark_runs(capsys):
    """benchmarks/iroh_window.py plays and reports (two short seeded games; figures are never
    asserted)."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "iroh_window.py"
    spec = importlib.util.spec_from_file_location("iroh_window_benchmark", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--pair", "greedy:random", "--games", "2", "--max-plies", "20"]) == 0
    out = capsys.readouterr().out
    assert "game 2:" in out and "ended: decision cap: 2" in out


def _makers(g):
    """The slow truth: the mover's moves after which they hold a set (L473)."""
    return set(_replies_leaving_a_set(g, g.to_move))


def test_the_moves_that_complete_a_set_are_found_and_weighted_up():
    """Three arms held, the fourth one move away (tests/test_iroh_strategy.py): every move after
    which the Guest holds a set is among ``set_makers`` (few of the moves), and the playout
    weights put each of them above every other move, so a search scoring only some moves of a
    position scores them (the window opens there, L475)."""
    from tests.test_iroh_strategy import THREE_ARMS
    g = position([(x, y, c, "G") for x, y, c in THREE_ARMS] + [(6, 6, "A", "H"), (-6, -6, "A", "H")])
    makers, flagged = _makers(g), set_makers(g, g.legal_moves())
    assert "(-6,5)-(-5,5)" in makers and makers <= flagged
    assert len(flagged) < len(g.legal_moves()) / 4
    weights = dict(zip((m.text for m in g.legal_moves()), strategy.paisho_playout_weights(g, g.legal_moves())))
    assert min(weights[t] for t in makers) > max(w for t, w in weights.items() if t not in flagged)


def test_an_earth_completes_a_set_through_a_rock():
    """L446-447: an Earth harmonizes through Rocks.  The Guest's Earth on (7,2) steps to (7,-1),
    facing the Guest's Air on (-2,-1) across the S arm with a Rock on (1,-1) between (seen in a
    game, hard v medium seed 3, decision 129): the move completes the set and is found."""
    # N (-2,3)~(2,3), E (4,2)~(4,-2), W (-5,-3)~(-5,5) held; S open
    three = [(-2, 3, "W"), (2, 3, "F"), (4, 2, "F"), (4, -2, "W"), (-5, -3, "A"), (-5, 5, "A")]
    g = position([(x, y, c, "G") for x, y, c in three] + [(7, 2, "E", "G"), (-2, -1, "A", "G"),
                                                           (1, -1, "R", "H"), (6, 6, "A", "H")])
    makers = _makers(g)
    assert "(7,2)-(7,-1)" in makers
    assert makers <= set_makers(g, g.legal_moves())
    # without the Earth's look through Rocks the line is blocked: an Air there makes nothing
    air = position([(x, y, c, "G") for x, y, c in three] + [(7, 2, "A", "G"), (-2, -1, "A", "G"),
                                                            (1, -1, "R", "H"), (6, 6, "A", "H")])
    assert "(7,2)-(7,-1)" not in _makers(air) | set_makers(air, air.legal_moves())
