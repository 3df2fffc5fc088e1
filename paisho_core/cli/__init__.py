"""The ``paisho`` command line and the terminal front end: the Typer app (:mod:`.app`), terminal
play (:mod:`.play`), input helpers (:mod:`.util`) and the variant scaffold (:mod:`.scaffold`).

Kept light: importing a helper such as :mod:`paisho_core.cli.util` does not build the app.
"""
from __future__ import annotations

from typing import Any


def main() -> None:
    """Run the ``paisho`` command."""
    from .app import main as run

    run()


def __getattr__(name: str) -> Any:
    if name == "app":
        from .app import app

        return app
    raise AttributeError(name)
