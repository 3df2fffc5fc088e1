"""Undergrowth's events for reports (``paisho_game_events``): the tiles in disharmony with two or
more tiles that a placement removes (the variant's capture rule, ``rules_text.capture``) are
captures when they are the opponent's, removals when they are the mover's own; the Host moves
first."""
from paisho_core.events import split_by_mover
from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_game_events(game, move, before):
    if move is None:
        return {"first_player": "host"}
    return split_by_mover(game, before)
