"""Helpers shared by the command modules: reading input, turning errors into exit code 2."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from . import render
from .errors import PaishoError


class InputError(PaishoError):
    pass


def fail(message: str) -> None:
    typer.echo(f"paisho: {message}", err=True)
    raise typer.Exit(2)


def _read(path: Path) -> str:
    try:
        return path.read_text("utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror}") from None


def _load_json(path: Path):
    text = _read(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: line {exc.lineno}, column {exc.colno}: not valid JSON: {exc.msg}") from None


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


def variant_and_options(text: str, options_json: Optional[str] = None, pairs=()):
    """Resolve a variant argument (name, ``name:K=V,...`` or a YAML file) plus --options JSON and
    --option K=V pairs into (Variant, options)."""
    from .variant import parse_option_pairs, resolve

    variant, opts = resolve(text)
    opts.update(_parse_options(options_json))
    opts.update(parse_option_pairs(variant, list(pairs)))
    variant.options(opts)  # unknown names and bad values are reported here, with the valid ones
    return variant, opts


def _load_game(path: Path, variant: Optional[str] = None):
    """A game from a record or a position file (a position is a JSON object)."""
    from . import from_position, load_record

    text = _read(path)
    if text.lstrip().startswith("{"):
        return from_position(_load_json(path), source=str(path))
    return load_record(text, source=str(path), variant=variant)


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


