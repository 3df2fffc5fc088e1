"""The search scores every position by the searching player's own evaluation, squashed around its
value at the root (paisho_core/players/search.py).  A variant's evaluation may be far from zero
(a Basic score runs to hundreds) or not zero-sum (Iroh weighs the opponent's progress at 0.6 of
one's own); scored each ply for its mover and squashed around zero, the differences between
moves vanished in the squash and alternate plies disagreed, and the search chose at random.
Positions and rules as in tests/test_basic_strategy.py and tests/test_iroh_strategy.py."""
from __future__ import annotations

from paisho_core.players.search import MCTSPlayer

from paisho_variants.iroh import winning_set
from tests.test_basic import RING, game_at
from tests.test_iroh_strategy import THREE_ARMS, position


def test_far_behind_the_search_does_not_close_a_losing_chain():
    """Basic, L290-291 and L321-328 (rulings B26, B29): the chain ends the game and the higher
    count wins it.  Behind by 600 the Guest's evaluation is about -600 for every move, yet
    closing the chain loses at once: the search keeps the game going."""
    for seed in (1, 2, 3):
        g = game_at(RING, scores={"guest": 0, "host": 600})
        g.play(MCTSPlayer(seed=seed, iterations=12).choose(g))
        assert g.outcome is None, seed


def test_far_ahead_the_search_closes_the_chain():
    """The same position ahead by 600: closing the chain wins, and the search finds it."""
    for seed in (1, 2, 3):
        g = game_at(RING, scores={"guest": 600, "host": 0})
        g.play(MCTSPlayer(seed=seed, iterations=12).choose(g))
        assert g.outcome is not None and g.outcome.winner == "guest", seed


def test_the_search_makes_the_iroh_set():
    """Iroh, L473: three arms held and the fourth one move away; the Host's two Airs far off
    cannot break the set in one turn (L475-483), so making it wins, and the search makes it."""
    for seed in (1, 2, 3):
        g = position([(x, y, c, "G") for x, y, c in THREE_ARMS] + [(6, 6, "A", "H"), (-6, -6, "A", "H")])
        g.play(MCTSPlayer(seed=seed, iterations=30).choose(g))
        assert winning_set(g, "guest"), seed
