"""Compatibility: the computer players moved to :mod:`paisho_core.players`; this module
re-exports its public names for code written against ``paisho_core.ai``."""
from __future__ import annotations

from .players import *  # noqa: F401,F403
from .players import __all__  # noqa: F401
