"""Computer players, generic over the public game API (issue 15).

A player is an object with ``choose(game) -> Move`` for the decision pending in ``game``, made
for ``game.to_move``.  Levels, weakest first: ``random``, ``greedy``, ``quick``, ``easy``,
``medium``, ``hard`` (see :mod:`.levels`), all made by :func:`make_player`::

    from paisho_core import new_game
    from paisho_core.players import make_player, play_game
    game = new_game(name, seed=1)                # any registered variant
    bot = make_player("medium", seed=3)          # or seconds=0.2 for a quicker search
    game.play(bot.choose(game))

Nothing here knows a variant: a variant teaches the players its goal through two hooks,
``paisho_evaluate`` (a score of a position, :mod:`.evaluation`) and ``paisho_playout_weights``
(how promising each legal move looks, :mod:`.policy`).  Modules: :mod:`.levels` (names and the
factory), :mod:`.simple` (random, greedy), :mod:`.quick` (a three-ply look on a shortlist),
:mod:`.search` (MCTS), :mod:`.hidden` (determinization), :mod:`.match` (playing and scoring games).
"""
from __future__ import annotations

from .evaluation import WIN, evaluate, generic_evaluation, squash
from .hidden import determinize, has_hidden_information
from .levels import ALIASES, LEVELS, PLAYER_KINDS, SEARCH, check_kind, make_player
from .match import play_game, result_for
from .policy import move_weights, playout_move, ranked
from .quick import QuickPlayer
from .search import MCTSPlayer, Node
from .simple import GreedyPlayer, Player, RandomPlayer

__all__ = [
    "ALIASES", "GreedyPlayer", "LEVELS", "MCTSPlayer", "Node", "PLAYER_KINDS", "Player",
    "RandomPlayer", "SEARCH", "WIN", "check_kind", "determinize", "evaluate", "generic_evaluation",
    "has_hidden_information", "make_player", "move_weights", "play_game", "playout_move",
    "QuickPlayer", "ranked", "result_for", "squash",
]
