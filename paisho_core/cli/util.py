"""Helpers shared by the command modules: reading input, turning errors into exit code 2."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from ..drawing import render
from ..errors import PaishoError


class InputError(PaishoError):
    pass


def fail(message: str) -> None:
    typer.echo(f"paisho: {message}", err=True)
    raise typer.Exit(2)


def _read(path: Path) -> str:
    """A file's text, held to the size limits of :mod:`paisho_core.limits`."""
    from ..limits import MAX_TEXT

    try:
        if path.is_file() and path.stat().st_size > 4 * MAX_TEXT:
            raise InputError(f"{path}: {path.stat().st_size} bytes; paisho reads at most {MAX_TEXT} characters")
        text = path.read_text("utf-8")
        if not text.strip():
            raise InputError(f"{path}: the file is empty")
        return text
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None


def _load_json(path: Path):
    from ..reader import parse_json

    return parse_json(_read(path), str(path))


def _parse_options(text: Optional[str]) -> dict:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"--options is not JSON: {exc.msg}") from None
    if not isinstance(value, dict):
        raise InputError("--options must be a JSON object such as '{\"NoWheels\": true}'")
    return value


def variant_and_options(text: str, options_json: Optional[str] = None, pairs=(), files: bool = True):
    """Resolve a variant argument (name, ``name:K=V,...`` or, with ``files``, a YAML file the
    user named) plus --options JSON and --option K=V pairs into (Variant, options)."""
    from ..variant import parse_option_pairs, resolve

    variant, opts = resolve(text, files=files)
    opts.update(_parse_options(options_json))
    opts.update(parse_option_pairs(variant, list(pairs)))
    variant.options(opts)  # unknown names and bad values are reported here, with the valid ones
    return variant, opts


def _load_game(path: Path, variant=None):
    """A game from a record or a position file (a position is a JSON object).  ``variant`` is
    what the user typed after --variant (a name or a variant file: the user names it, so it is
    loaded) or a Variant."""
    from ..reader import read_game

    options = None
    if isinstance(variant, str):
        variant, options = variant_and_options(variant)  # NAME:Option=value: the options count
    return read_game(_read(path), source=str(path), variant=variant, options=options)


def _console():
    from rich.console import Console

    return Console(highlight=False)


def _show(game, colour: Optional[bool] = None, viewer: Optional[str] = None) -> None:
    """Draw the board and the lines under it; ``viewer`` hides what that player may not see
    (default: the player to move)."""
    console = _console()
    use_colour = console.is_terminal if colour is None else colour
    lines = render.board_lines(game, colour=use_colour) + [""] + render.describe(game, viewer)
    if use_colour:
        for line in lines:
            console.print(line)
    else:
        typer.echo("\n".join(lines))


def guarded(fn):
    """Turn every PaishoError (and unreadable input) into one message and exit code 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except PaishoError as exc:
            fail(str(exc))
        except RecursionError:
            fail("input too deeply nested")
    return wrapper


