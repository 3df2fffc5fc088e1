"""What computer players know of Basic Pai Sho's goal (rules: docs/variants/basic/rules.md):
points from standing harmonies every turn, the final count (the Pot included), and the two
endings that decide the Pot: a chain of harmonies around the Mid Port, or an opponent left with
three flowers or fewer.  The rules module's evaluation scores the running score, next turn's
points and the Pot; this module adds the chain (half-midlines crossed by one's harmonies, and
how near one's flowers are to crossing the others) and the opponent's dwindling flowers, and
the playout weights."""
from __future__ import annotations

from paisho_core.board import coords
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants import basic as rules_module
from paisho_variants.common.strategy import ARMS, action_weights, arm_potential, arms_of, outcome_score


def _chain(game, player: str) -> float:
    arms = arms_of(game, player)
    flowers = [coords(i) for i, t in game.state.tiles(player) if t.kind.group == "flower"]
    return 5.0 * len(arms) + 2.0 * arm_potential(flowers, [a for a in ARMS if a not in arms])


def _flowers_left(game, player: str) -> int:
    st = game.state
    on_board = sum(1 for _i, t in st.tiles(player) if t.kind.group == "flower")
    in_reserve = sum(n for code, n in st.pile("reserve", player).items()
                     if game.tileset.by_code[code].group == "flower")
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
    value += mine * _chain(game, player) - theirs * _chain(game, opp)
    value += 0.5 * (_flowers_left(game, player) - _flowers_left(game, opp))
    return value


@hookimpl
def paisho_playout_weights(game, moves):
    """Placing and spring planting twice as often as moving; a take three times."""
    return action_weights(game, moves, {"place": 2.0, "spring": 2.0}, capture=3.0)
