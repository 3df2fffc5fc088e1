"""What a built wheel holds: every package directory of the source tree is listed in
pyproject.toml (setuptools installs only the listed ones; an editable install hides a missing
one, a wheel does not)."""
from __future__ import annotations

from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # the standard library's from Python 3.11

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_directory_is_listed():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    missing = []
    for name, folder in config["package-dir"].items():
        for init in sorted((ROOT / folder).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT / folder)
            dotted = ".".join((name, *rel.parts))
            if "__pycache__" not in rel.parts and dotted not in listed:
                missing.append(dotted)
    assert not missing, f"pyproject.toml [tool.setuptools] packages lacks {missing}"
