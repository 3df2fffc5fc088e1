"""What computer players know of Basic Pai Sho's goal (rules: docs/variants/basic/rules.md):
points from standing harmonies every turn, the final count (the Pot included), and the two
endings that decide the Pot: a chain of harmonies around the Mid Port, or an opponent left with
three flowers or fewer.  The rules module's evaluation scores the running score, next turn's
points and the Pot; this module adds the chain (half-midlines crossed by one's harmonies, and
how near one's flowers are to crossing the others) and the opponent's dwindling flowers, and
the playout weights."""
from __future__ import annotations

from paisho_core.board import bits
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants import basic as rules_module
from paisho_variants.common.strategy import (ARMS, POINT_XY, action_weights, arm_of, arm_potential,
                                            outcome_score)


def _reading(game) -> tuple[int, dict]:
    """What both players' terms read, once per position: the points holding a flower (group
    ``flower``), and each player's half-midlines crossed by their harmonies (the rules module's
    harmony pairs, which are the game's harmonies)."""
    flowers = 0
    for tile, m in game.state.tile_masks.items():
        if m and _FLOWER[tile]:
            flowers |= m
    arms: dict = {"host": set(), "guest": set()}
    for a, q, owner, _points in rules_module.harmony_pairs(game):
        arm = _ARM[a, q]
        if arm is not None:
            arms[owner].add(arm)
    return flowers, arms


class _Arms(dict):
    """``(a, q)`` -> the half-midline the segment between the two points crosses (or None)."""

    def __missing__(self, pair) -> str | None:
        found = self[pair] = arm_of(POINT_XY[pair[0]], POINT_XY[pair[1]])
        return found


_ARM = _Arms()


class _Flowers(dict):
    """Tile -> whether its kind is of the group ``flower``."""

    def __missing__(self, tile) -> bool:
        found = self[tile] = tile.kind.group == "flower"
        return found


_FLOWER = _Flowers()


_CHAINS: dict = {}
"""The chain term by (the player's flowers, the arms their harmonies cross): the opponent's
stay the same over all of a player's candidate moves."""


def _chain(game, player: str, reading) -> float:
    flowers, arms = reading
    mine = arms[player]
    mask = flowers & game.state.owned[player]
    key = (mask, frozenset(mine))
    found = _CHAINS.get(key)
    if found is None:
        if len(_CHAINS) >= 50_000:
            _CHAINS.clear()
        points = [POINT_XY[i] for i in bits(mask)]
        found = _CHAINS[key] = 5.0 * len(mine) + 2.0 * arm_potential(points, [a for a in ARMS if a not in mine])
    return found


def _flowers_left(game, player: str, reading) -> int:
    st = game.state
    on_board = (reading[0] & st.owned[player]).bit_count()
    flower_codes = rules_module.info(game.variant).flowers
    in_reserve = st.count("reserve", player, flower_codes)  # read only: never copies the pile
    return on_board + in_reserve


CLOSING = 0.1
"""How much each point of lead adds to the weight of one's own chain: whoever is ahead when the
game ends wins it (L321-328, B29), and a chain ends it (L290, B26), so the further ahead, the more
closing the chain is worth against scoring more next turn."""
MAX_WEIGHT = 8.0


@hookimpl
def paisho_evaluate(game, player):
    """Score difference (the rules module's), plus chain progress (weighed up for the player
    ahead, who wants the game to end), plus pressure on the opponent's last flowers (at three
    or fewer the Pot is lost)."""
    done = outcome_score(game, player)
    if done is not None:
        return done
    opp = other(player)
    st = game.state
    value = float(rules_module.paisho_evaluate(game, player))
    lead = st.scores.get(player, 0) - st.scores.get(opp, 0) + st.count("pot", opp) - st.count("pot", player)
    mine = min(MAX_WEIGHT, 1.0 + CLOSING * max(0, lead))
    theirs = min(MAX_WEIGHT, 1.0 + CLOSING * max(0, -lead))
    reading = _reading(game)
    value += mine * _chain(game, player, reading) - theirs * _chain(game, opp, reading)
    value += 0.5 * (_flowers_left(game, player, reading) - _flowers_left(game, opp, reading))
    return value


@hookimpl
def paisho_playout_weights(game, moves):
    """Placing and spring planting twice as often as moving; a take three times."""
    return action_weights(game, moves, {"place": 2.0, "spring": 2.0}, capture=3.0)
