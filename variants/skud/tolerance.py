"""What the tolerant record reader repairs in Skud records (issue 19, item 10).

The Garden Gate's Skud bot writes a harmony bonus on an arrangement that formed no new harmony
(it adds a plant whenever the player has no growing flower), e.g. ``12G.(6,-1)-(4,2)+R4(-8,0)``.
The reference engine plays the arrangement and ignores the bonus, since no bonus was earned
(reference 2.11).  This is the only repair: any other refused turn stays an error.
"""
from __future__ import annotations

from paisho_core.errors import PaishoError
from paisho_core.hookspecs import hookimpl

from ..common import garden


@hookimpl
def paisho_repair_turn(game, body):
    head, bonus = garden.split_bonus(body)
    if bonus is None or not head.startswith("(") or game.state.phase != "turn":
        return None
    trial = game.copy()
    trial.auto_chance = False
    try:
        trial.play_turn(None, None, head, finish=False)
    except PaishoError:
        return None  # the arrangement itself is refused: nothing to repair
    if trial.state.phase == "bonus":
        return None  # a bonus was earned, so the written one is refused on its own merits
    return head, f"harmony bonus {bonus} dropped: {head} formed no new harmony (the reference engine ignores it)"
