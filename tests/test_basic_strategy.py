"""What greedy play knows of Basic Pai Sho's ending (variants/basic/strategy.py), on built
positions.  Source: the book's chapter 1 (docs/variants/basic/rules.md, "The end"): a chain of
harmonies around the Mid Port ends the game (L290-291, ruling B26), and the higher final count
wins it whoever closed the chain (L321-328, B29).  The running score grows every turn while
harmonies stand, so the player ahead must be drawn to the chain, and the player behind away
from it."""
from __future__ import annotations

from paisho_core.players import make_player

from paisho_variants.basic.strategy import paisho_evaluate
from tests.test_basic import RING, game_at


def test_the_leader_closes_the_chain():
    """Ahead by 50, the Guest ends the game with the chain (and wins by the count)."""
    g = game_at(RING, scores={"guest": 50, "host": 0})
    g.play(make_player("greedy", seed=1).choose(g))
    assert g.outcome is not None and g.outcome.details["ending"] == "chain"
    assert g.outcome.winner == "guest"


def test_the_player_behind_keeps_the_game_going():
    """Behind by 50, closing the chain would end a lost game: greedy does something else."""
    g = game_at(RING, scores={"guest": 0, "host": 50})
    g.play(make_player("greedy", seed=1).choose(g))
    assert g.outcome is None


def test_chain_progress_weighs_more_the_further_ahead():
    """The same step towards the chain (a third arm crossed: the Rose on (4,-7) harmonizes with
    the Chrysanthemum on (4,4) across the east arm) is worth more to a player far ahead than to
    one level with the opponent."""
    def gain(scores):
        before = game_at(RING[:3] + ["GR3(-7,-2)"], scores=scores)
        after = game_at(RING[:3] + ["GR3(4,-7)"], scores=scores)
        return paisho_evaluate(after, "guest") - paisho_evaluate(before, "guest")

    level, ahead = gain({"guest": 0, "host": 0}), gain({"guest": 60, "host": 0})
    assert ahead > level > 0
