"""``paisho new-variant NAME``: scaffold a pip-installable house-rule plugin package.

The package holds a YAML overlay that ``extends`` a registered variant, a hooks module (the
package itself, which also answers ``paisho_variant_info``), a test that plays random games to
the end, and a ``pyproject.toml`` registering the package in the ``paisho.variants`` entry-point
group, so ``pip install ./paisho-NAME`` makes ``NAME`` appear in ``paisho variants``.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import typer

from .util import InputError, guarded

NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def module_name(name: str) -> str:
    """The import name of the package scaffolded for variant ``name``."""
    base = name[len("paisho-"):] if name.startswith(("paisho-", "paisho_")) else name
    return "paisho_" + re.sub(r"[^0-9a-z_]", "_", base)


def default_parent() -> str:
    """The variant a new house rule extends when none is named: the one that reads untagged
    records (the project's reference game), else the first registered one."""
    from ..record import default_variant
    from ..variant import variants

    found = default_variant()
    if found:
        return found
    names = variants()
    if not names:
        raise InputError("no variant is registered to extend")
    return names[0]


def files_for(name: str, parent: str, title: str, parent_title: str, code: str = "X") -> dict[str, str]:
    """Relative path -> text of every file of the scaffolded package."""
    mod = module_name(name)
    dist = name if name.startswith("paisho-") else f"paisho-{name}"
    return {
        "pyproject.toml": f'''[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "{dist}"
version = "0.1.0"
description = "{title}: a house rule for {parent_title}, as a paisho plugin."
requires-python = ">=3.10"
dependencies = ["paisho"]

[project.optional-dependencies]
test = ["pytest>=7"]

# This line is what makes paisho find the variant once the package is installed.
[project.entry-points."paisho.variants"]
"{name}" = "{mod}"

[tool.setuptools]
packages = ["{mod}"]

[tool.setuptools.package-data]
{mod} = ["*.yaml"]
''',
        f"{mod}/{mod}.yaml": f'''# {title}: what changes from {parent_title}.
# Every field is described in the variant schema reference (docs/reference/variant-schema.md);
# `paisho validate {mod}/{mod}.yaml` checks this file, and errors name the line.
name: {name}
extends: {parent}
title: {title}
description: {parent_title} with a house rule (describe it here).
sources:
  - where the rule comes from (a forum thread, a rulebook page, your table)

# Change tile counts, movement or areas by tile code; count 0 takes a tile out of play.
# tiles:
#   - {{code: {code}, count: 0}}

# Parameters your hooks read with game.variant.rules_config["..."].
rules:
  example_parameter: 1

# Options players switch per game with --option NAME=VALUE.
# options:
#   - {{name: MyOption, default: false, description: "One line on what it changes."}}
''',
        f"{mod}/__init__.py": f'''"""{title}: the rule hooks of this house rule.

paisho stacks these hook implementations on those of `{parent}` (the variant the YAML extends),
so a hook defined here runs before the parent's.  Hooks and their arguments are listed in
paisho_core/hookspecs.py.  Return None to let the parent decide.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core import Outcome, hookimpl

YAML = Path(__file__).with_name("{mod}.yaml")


@hookimpl
def paisho_variant_info():
    return {{"name": "{name}", "yaml": str(YAML)}}


# An example to start from: end the game as a draw once this many turns were played
# (set `turn_cap` under `rules:` in the YAML to switch it on).
@hookimpl(tryfirst=True)
def paisho_check_end(game):
    cap = game.variant.rules_config.get("turn_cap")
    if cap and game.state.turn > cap:
        return Outcome(None, f"turn cap of {{cap}} reached")
    return None
''',
        f"tests/test_{mod}.py": f'''"""Random games of {name} end, and their records replay (run: pytest)."""
import random

import paisho_core as paisho


def test_registered():
    assert "{name}" in paisho.variants()


def test_random_games_end_and_replay():
    for seed in range(3):
        rng = random.Random(seed)
        game = paisho.new_game("{name}", seed=seed)
        for _ in range(5000):
            moves = game.legal_moves()
            if game.outcome is not None or not moves:
                break
            game.play(rng.choice(moves))
        assert game.outcome is not None
        again = paisho.load_record(game.record())
        assert _board(again) == _board(game)


def _board(game):
    """The position without its seed (a record without chance steps carries none)."""
    return {{k: v for k, v in game.position().items() if k != "seed"}}
''',
        "README.md": f'''# {title}

A house rule for {parent_title}, packaged as a paisho plugin.

    pip install -e .          # or: pip install .
    paisho variants           # lists {name}
    paisho options {name}
    paisho play {name}
    pytest tests

Edit `{mod}/{mod}.yaml` for data changes (tiles, harmony, clash, options, rules) and
`{mod}/__init__.py` for rule hooks.
''',
    }


def scaffold(name: str, directory: Path, parent: Optional[str] = None, force: bool = False) -> Path:
    """Write the package for variant ``name`` under ``directory``; returns its folder."""
    from ..variant import _entry_point_modules, get_variant

    if not NAME_RE.match(name):
        raise InputError(f"{name!r} is not a variant name: use lower-case letters, digits, '-' "
                         f"and '_', starting with a letter or digit")
    if name in _entry_point_modules():
        raise InputError(f"{name!r} is already an installed variant; choose another name")
    parent = parent or default_parent()
    if parent.endswith((".yaml", ".yml")) or Path(parent).is_file():
        raise InputError(f"--extends {parent}: a package must extend an installed variant (a "
                         f"name from `paisho variants`); copy the file's changes into the "
                         f"package's YAML instead")
    base = get_variant(parent)
    title = " ".join(w.capitalize() for w in re.split(r"[-_]", name) if w)
    folder = directory / (name if name.startswith("paisho-") else f"paisho-{name}")
    if folder.exists() and any(folder.iterdir()) and not force:
        raise InputError(f"{folder} already exists and is not empty (use --force to overwrite)")
    code = base.tileset.kinds[-1].code if base.tileset.kinds else "X"
    for rel, text in files_for(name, base.name, title, base.title, code).items():
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, "utf-8")
    return folder


@guarded
def cmd_new_variant(name: str = typer.Argument(..., help="Name of the new variant (lower case, digits, - and _), e.g. my-house-rule."),
                    directory: Path = typer.Option(Path("."), "--dir", help="Folder to create the package in."),
                    extends: Optional[str] = typer.Option(None, "--extends", help="Registered variant the house rule changes (default: the reference variant)."),
                    force: bool = typer.Option(False, "--force", help="Overwrite files of an existing folder.")):
    """Scaffold a pip-installable plugin package for a house rule (YAML overlay, hooks, test)."""
    folder = scaffold(name, directory, extends, force)
    mod = module_name(name)
    typer.echo(f"created {folder}")
    typer.echo(f"  {mod}/{mod}.yaml   what changes (tiles, harmony, clash, options, rules)")
    typer.echo(f"  {mod}/__init__.py  rule hooks")
    typer.echo(f"  tests/test_{mod}.py")
    typer.echo("next:")
    typer.echo(f"  pip install -e {folder}")
    typer.echo(f"  paisho play {name}")


def register(app: typer.Typer) -> None:
    app.command("new-variant")(cmd_new_variant)
