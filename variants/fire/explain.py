"""Why Fire refuses a well-formed move (the ``paisho_explain_illegal`` hook): an arrangement
checked against the garden rules (variants/common/explain.py)."""
from __future__ import annotations

from paisho_core.hookspecs import hookimpl

from ..common import explain


@hookimpl
def paisho_explain_illegal(game, text):
    return explain.arrangement_reason(game, text)
