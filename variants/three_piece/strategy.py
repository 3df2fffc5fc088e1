"""What computer players know of 3-Piece (Street) Pai Sho's goal (rules:
docs/variants/three-piece/rules.md): an Iris in a red area with two enemy Bisons next to it is
dead and loses the game, one Bison captures it.  So: keep one's Irises out of red areas and away
from enemy Bisons (Iris safety), and bring one's Bisons toward enemy Irises (Bison pressure).
Registered through the YAML's ``plugins``; it adds to the rules module's own danger score."""
from __future__ import annotations

from paisho_core import board
from paisho_core.board import coords
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants import three_piece as rules_module
from paisho_variants.common.strategy import manhattan, outcome_score

RED = board.AREA["red"]


def _points(game, player: str, tag: str) -> list:
    return [(i, coords(i)) for i, t in game.state.tiles(player) if tag in t.kind.tags]


def _pressure(game, player: str) -> float:
    """How close ``player``'s Bisons stand to the enemy Irises, those in a red area counting
    double; and how exposed ``player``'s own Irises are to enemy Bisons."""
    irises = _points(game, other(player), "iris")
    if not irises:
        return 0.0
    value = 0.0
    for _i, b in _points(game, player, "bison"):
        best = 0.0
        for j, p in irises:
            d = manhattan(b, p)
            best = max(best, (2.0 if (RED >> j) & 1 else 1.0) / (1 + d))
        value += best
    return value


def _exposure(game, player: str) -> float:
    """Own Irises in a red area, and enemy Bisons within two steps of them."""
    bisons = [p for _i, p in _points(game, other(player), "bison")]
    value = 0.0
    for i, p in _points(game, player, "iris"):
        if (RED >> i) & 1:
            value += 0.5 + 0.5 * sum(1 for b in bisons if manhattan(b, p) <= 2)
    return value


@hookimpl
def paisho_evaluate(game, player):
    """The rules module's Iris danger difference, plus Bison pressure and Iris exposure, own
    minus the opponent's."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    opp = other(player)
    value = float(rules_module.paisho_evaluate(game, player))
    value += 1.5 * (_pressure(game, player) - _pressure(game, opp))
    value += _exposure(game, opp) - _exposure(game, player)
    return value


@hookimpl
def paisho_playout_weights(game, moves):
    """A Bison moving closer to an enemy Iris three times, an Iris leaving a red area twice,
    Wheel turns (many of them, mostly aimless) a third."""
    me = game.state.to_move
    irises = [p for _i, p in _points(game, other(me), "iris")]
    out = []
    for m in moves:
        w = 1.0 / 3.0 if m.action == "wheel" else 1.0
        if m.action == "move" and m.src is not None and m.src >= 0:
            tile = game.tile_at(coords(m.src))
            a, b = coords(m.src), coords(m.dst)
            if tile is not None and "bison" in tile.kind.tags and irises:
                if min(manhattan(b, p) for p in irises) < min(manhattan(a, p) for p in irises):
                    w *= 3.0
            elif tile is not None and "iris" in tile.kind.tags:
                if (RED >> m.src) & 1 and not (RED >> m.dst) & 1:
                    w *= 2.0
        out.append(w)
    return out
