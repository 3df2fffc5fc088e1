"""The one exception of ``paisho compare``."""
from __future__ import annotations

from ..errors import PaishoError


class CompareError(PaishoError):
    """Bad settings for a comparison (games, players, backend, format, a missing extra)."""
