"""What computer players know of Modern Pai Sho's goal (rules: docs/variants/modern/rules.md):
bring one's White Lotus to the Spirit Portal at the centre and keep it there for a turn, keep it
out of reach of enemy tiles (a captured Lotus must run, and dies when it cannot), and attack the
enemy Lotus on its way.  Registered through the YAML's ``plugins``; it answers before the rules
module's own simpler evaluation."""
from __future__ import annotations

from paisho_core.board import bits, coords
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.common.strategy import outcome_score


def _lotus(game, player: str):
    for i, tile in game.state.tiles(player):
        if "lotus" in tile.kind.tags:
            return coords(i)
    return None


def _from_portal(point) -> int:
    return abs(point[0]) + abs(point[1])


def _near(a, b, adjacency: int) -> bool:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (dx + dy == 1) if adjacency == 4 else (max(dx, dy) == 1)


def _standing(game, player: str, adjacency: int) -> float:
    """Material (a waiting Avatar half), up to three guards of the Portal (tiles one or two steps
    from it, ready to capture a Lotus that arrives), then the Lotus: closeness to the Portal, on
    it and free (a win when the turn comes round), captured, and enemy tiles within two steps."""
    st = game.state
    value = float(st.owned[player].bit_count()) + 0.5 * sum(st.pile("reserve", player).values())
    # guards: tiles that can step next to the Portal in one move, ready to capture a Lotus there
    value += 0.5 * min(3, sum(1 for i, t in st.tiles(player)
                              if "lotus" not in t.kind.tags and 1 <= _from_portal(coords(i)) <= 2))
    lotus = _lotus(game, player)
    if lotus is None:
        return value
    d = abs(lotus[0]) + abs(lotus[1])
    value += 6.0 / (d + 1)
    enemies = [coords(i) for i, t in st.tiles(other(player)) if "lotus" not in t.kind.tags]
    captured = any(_near(lotus, e, adjacency) for e in enemies)
    if captured:
        value -= 6.0
    elif d == 0:
        value += 10.0
    value -= 0.7 * sum(1 for e in enemies if abs(e[0] - lotus[0]) + abs(e[1] - lotus[1]) == 2)
    return value


@hookimpl
def paisho_evaluate(game, player):
    """Material, Lotus progress to the Portal and Lotus safety, own minus the opponent's."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    adjacency = int(game.options.get("adjacency", 4))
    return _standing(game, player, adjacency) - _standing(game, other(player), adjacency)


@hookimpl
def paisho_playout_weights(game, moves):
    """A Lotus step toward the Portal three times, a move next to the enemy Lotus six times, a
    move next to any enemy tile one and a half."""
    me = game.state.to_move
    adjacency = int(game.options.get("adjacency", 4))
    enemy_lotus = _lotus(game, other(me))
    enemy = {coords(i) for i in bits(game.state.owned[other(me)])}
    out = []
    for m in moves:
        w = 1.0
        if m.src is not None and m.src >= 0 and m.dst is not None and m.dst >= 0:
            a, b = coords(m.src), coords(m.dst)
            tile = game.tile_at(a)
            if tile is not None and "lotus" in tile.kind.tags:
                if abs(b[0]) + abs(b[1]) < abs(a[0]) + abs(a[1]):
                    w *= 3.0
            else:
                if enemy_lotus is not None and _near(b, enemy_lotus, adjacency):
                    w *= 6.0
                elif any(_near(b, e, adjacency) for e in enemy):
                    w *= 1.5
        out.append(w)
    return out

