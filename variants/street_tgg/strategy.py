"""What computer players know of The Garden Gate's Street Pai Sho (rules: docs/variants/street-tgg/rules.md):
the game is won by a harmony across each of the four half-midlines, so a player counts the
half-midlines their harmonies cross, how close their tiles stand to crossing the others, and the
material (tiles on the board, captives held).  Registered through the YAML's ``plugins``; it
answers before the rules module's own simpler evaluation."""
from __future__ import annotations

from paisho_core.board import coords
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.common.strategy import action_weights, outcome_score
from paisho_variants.street_tgg import rules


def _side(game, player: str) -> float:
    st = game.state
    arms = rules.arms_crossed(game)[player]
    quads = set()
    for i, _t in st.tiles(player):
        x, y = coords(i)
        if x and y:
            quads.add((x > 0, y > 0))
    held = sum(s.count(other(player)[0]) for q, s in rules.stacks(st).items() if st.board[q].owner == player)
    return 4.0 * len(arms) + 1.0 * len(quads) + 1.0 * st.owned[player].bit_count() + 0.5 * held


@hookimpl
def paisho_evaluate(game, player):
    done = outcome_score(game, player)
    if done is not None:
        return done
    return _side(game, player) - _side(game, other(player))


@hookimpl
def paisho_playout_weights(game, moves):
    """A capture four times as likely as a quiet move, a plant one and a half times."""
    return action_weights(game, moves, {"plant": 1.5}, capture=4.0)
