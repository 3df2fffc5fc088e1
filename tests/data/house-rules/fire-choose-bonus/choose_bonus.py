"""The harmony-bonus tile is chosen, not drawn (see fire-choose-bonus.yaml): Fire's draw is no
longer a chance step, so the mover picks among the same tiles as a decision."""
from paisho_core import hookimpl


@hookimpl(wrapper=True)
def paisho_chance_outcomes(game):
    yield  # Fire's own outcomes, dropped: no chance step is left
    return None
