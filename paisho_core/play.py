"""Terminal play: ``paisho play`` (two people at one terminal) and ``paisho show``."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from .cliutil import _load_game, _read, _show, guarded, variant_and_options
from .errors import PaishoError


def register(app: typer.Typer) -> None:
    app.command("play")(cmd_play)
    app.command("show")(cmd_show)


@guarded
def cmd_show(file: Path = typer.Argument(..., help="A record or a position (JSON)."),
             plain: bool = typer.Option(False, "--plain", help="No colour even on a terminal."),
             variant: Optional[str] = typer.Option(None, "--variant", help="Variant (name or YAML) for records with no Variant tag.")):
    """Draw the board of a record's final position or of a position file."""
    if variant:
        variant_and_options(variant)
    game = _load_game(file, variant)
    _show(game, colour=False if plain else None)


@guarded
def cmd_play(variant: str = typer.Argument("skud", help="Variant to play."),
             options: Optional[str] = typer.Option(None, "--options", help="Options as a JSON object."),
             option: list[str] = typer.Option([], "--option", "-o", help="An option NAME=VALUE (repeatable)."),
             seed: Optional[int] = typer.Option(None, "--seed", help="Seed for chance steps."),
             record: Optional[Path] = typer.Option(None, "--record", help="Continue this record."),
             save: Optional[Path] = typer.Option(None, "--save", help="Write the record here after every turn.")):
    """Two players at one terminal: type a move in notation, or moves / undo / show / record / quit."""
    from . import load_record, new_game

    v, opts = variant_and_options(variant, options, option)
    if record:
        game = load_record(_read(record), source=str(record), variant=v.name)
    else:
        game = new_game(v, options=opts, seed=seed)
    _show(game)
    interactive = sys.stdin.isatty()
    while True:
        if game.outcome is not None:
            typer.echo(f"Game over: {game.outcome.result} ({game.outcome.reason})")
            break
        prompt = f"{game.to_move} [{game.phase}]> "
        if interactive:
            try:
                line = input(prompt)
            except EOFError:
                break
        else:
            line = sys.stdin.readline()
            if not line:
                break
            typer.echo(prompt + line.rstrip())
        line = line.strip()
        if not line:
            continue
        cmd = line.lower()
        if cmd in ("quit", "exit", "q"):
            break
        if cmd in ("moves", "m", "?"):
            typer.echo(" ".join(str(m) for m in game.legal_moves()))
            continue
        if cmd == "undo":
            try:
                typer.echo(f"undone: {game.undo()}")
            except PaishoError as exc:
                typer.echo(f"cannot undo: {exc}")
            _show(game)
            continue
        if cmd == "show":
            _show(game)
            continue
        if cmd == "record":
            typer.echo(game.record())
            continue
        if cmd == "help":
            typer.echo("Type a move (e.g. R3(0,-8) or (0,-8)-(0,-5)), or: moves, undo, show, record, quit")
            continue
        try:
            game.play(line)
        except PaishoError as exc:
            typer.echo(f"not played: {exc}")
            continue
        if save:
            save.write_text(game.record(), "utf-8")
        _show(game)
    if save:
        save.write_text(game.record(), "utf-8")
