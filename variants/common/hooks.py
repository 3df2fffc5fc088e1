"""Hook implementations several variants register as they are: a plugin imports the ones it
needs into its own module (``from paisho_variants.common.hooks import paisho_position_extra``)."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl


@hookimpl
def paisho_position_extra(game):
    """No fields beyond the board, piles, phase and turn (and nothing from ``state.extra`` in the
    position key)."""
    return {}
