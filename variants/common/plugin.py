"""What every variant's plugin module (its ``__init__.py``) writes to register itself."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from paisho_core.hookspecs import hookimpl


def variant_info(name: str, yaml: Path, title: str) -> Callable[[], dict]:
    """The ``paisho_variant_info`` hook of a variant's plugin module, which assigns it to that
    name: ``paisho_variant_info = variant_info(NAME, YAML, "Title")``.  ``yaml`` is the
    variant's definition beside the module."""
    @hookimpl
    def paisho_variant_info():
        return {"name": name, "yaml": str(yaml), "title": title}
    return paisho_variant_info
