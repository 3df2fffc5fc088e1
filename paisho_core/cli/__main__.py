"""``python -m paisho_core.cli``: the ``paisho`` command."""
from .app import main

main()
