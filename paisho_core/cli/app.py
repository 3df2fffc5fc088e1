"""The ``paisho`` command line (spec section 6): variants, moves, replay, show, validate, play.

Every bad input ends with one message on stderr and exit code 2, never a traceback.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from .util import (InputError, _load_game, _load_json, _read, guarded,
                      variant_and_options)
from ..errors import PaishoError

app = typer.Typer(no_args_is_help=True, rich_markup_mode=None,
                  help="Play, replay and inspect Pai Sho games of every registered variant.")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"paisho {version('paisho')}")
        except PackageNotFoundError:
            typer.echo("paisho (not installed)")
        raise typer.Exit()


@app.callback()
def _root(show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                            metavar="", help="Print paisho's version and exit.")):
    """Play, replay and inspect Pai Sho games of every registered variant.

    Shell completion: paisho --install-completion (bash, zsh, fish, PowerShell)."""


def _aliases() -> dict[str, list[str]]:
    """Registered name -> the other names its entry points give it (``3-piece``: ``street``)."""
    from ..variant import _entry_point_modules, get_variant

    out: dict[str, list[str]] = {}
    for name in _entry_point_modules():
        try:
            real = get_variant(name).name
        except PaishoError:
            continue
        if real != name:
            out.setdefault(real, []).append(name)
    return out


@app.command("variants")
@guarded
def cmd_variants(json_out: bool = typer.Option(False, "--json", help="Machine-readable output.")):
    """List the registered variants."""
    from .. import get_variant, variants

    rows = []
    aliases = _aliases()
    for name in variants():
        try:
            v = get_variant(name)
            rows.append({"name": name, "title": v.title, "options": list(v.option_specs),
                         "aliases": sorted(aliases.get(name, []))})
        except PaishoError as exc:
            rows.append({"name": name, "title": f"(unavailable: {exc})", "options": [], "aliases": []})
    if json_out:
        typer.echo(json.dumps(rows, indent=2))
    else:
        for row in rows:
            also = f" (also: {', '.join(row['aliases'])})" if row["aliases"] else ""
            typer.echo(f"{row['name']:<10} {row['title']}{also}")


@app.command("moves")
@guarded
def cmd_moves(variant: str = typer.Argument(..., help="Variant name, name:OPTION=VALUE,... or a YAML file."),
              record: Optional[Path] = typer.Option(None, "--record", help="Play this record first."),
              position: Optional[Path] = typer.Option(None, "--position", help="Start from this position (JSON)."),
              options: Optional[str] = typer.Option(None, "--options", help="Options as a JSON object."),
              option: list[str] = typer.Option([], "--option", "-o", help="An option NAME=VALUE (repeatable)."),
              seed: Optional[int] = typer.Option(None, "--seed", help="Seed of the new game's chance steps (a shuffle, a draw), so the moves are reproducible."),
              json_out: bool = typer.Option(False, "--json", help="Print variant, player to move, phase, turn and the moves as JSON.")):
    """Print the legal moves of the pending decision, one per line."""
    from .. import from_position, load_record, new_game

    if record and position:
        raise InputError("give --record or --position, not both")
    v, opts = variant_and_options(variant, options, option)
    if record:
        game = load_record(_read(record), source=str(record), variant=v, options=opts)
    elif position:
        game = from_position(_load_json(position), source=str(position))
    else:
        game = new_game(v, options=opts, seed=seed)
    if game.name != v.name:
        raise InputError(f"the file is a {game.name} game, not {v.name}")
    moves = [str(m) for m in game.legal_moves()]
    if json_out:
        typer.echo(json.dumps({"variant": game.name, "to_move": game.to_move, "phase": game.phase,
                               "turn": game.state.turn, "moves": moves}, indent=2))
    else:
        for m in moves:
            typer.echo(m)


@app.command("replay")
@guarded
def cmd_replay(file: Path = typer.Argument(..., help="A game record."),
               json_out: bool = typer.Option(False, "--json", help="Print outcome, harmonies and final position as JSON."),
               variant: Optional[str] = typer.Option(None, "--variant", help="Variant name or YAML file (a house-rule overlay) to read the record with; needed for records of a YAML variant and for records with no Variant tag."),
               strict: bool = typer.Option(False, "--strict", help="Refuse turns the reader would otherwise repair as the reference engine plays them (each repair is listed).")):
    """Replay a record move by move and print the outcome (and any repaired turns)."""
    from .. import load_record
    from ..record import parse_record

    text = _read(file)
    chosen, opts = None, None
    if variant:
        chosen, opts = variant_and_options(variant)  # NAME:Option=value: the options count too
        tagged = parse_record(text, str(file))[0].get("Variant")
        if tagged and tagged != chosen.name:
            raise InputError(f"{file}: the record is a {tagged} game (Variant tag), but --variant "
                             f"gives {chosen.name}")
    game = load_record(text, source=str(file), variant=chosen, options=opts, strict=strict)
    outcome = game.outcome.to_json() if game.outcome else None
    repairs = getattr(game, "repairs", [])
    if json_out:
        typer.echo(json.dumps({
            "variant": game.name, "turns": len(game.turns()), "decisions": game.ply,
            "outcome": outcome, "repairs": [r._asdict() for r in repairs],
            "ignored_options": getattr(game, "ignored_options", []),
            "harmonies": [{"a": h.a, "b": h.b, "owner": h.owner, "owners": list(h.owners),
                           "midline_crossing": h.crosses_midline} for h in game.harmonies()],
            "position": game.position()}, indent=2))
        return
    typer.echo(f"{game.variant.title}: {len(game.turns())} turns replayed")
    for note in getattr(game, "ignored_options", []):
        typer.echo(f"Note: {note}")
    for r in repairs:
        typer.echo(f"Repaired {r}")
    if outcome:
        who = outcome["winner"] or "nobody (draw)"
        typer.echo(f"Result: {who} wins, {outcome['reason']}" if outcome["winner"]
                   else f"Result: draw, {outcome['reason']}")
    else:
        typer.echo(f"Unfinished: {game.to_move} to move")


@app.command("options")
@guarded
def cmd_options(variant: str = typer.Argument(..., help="Variant name or YAML file."),
                json_out: bool = typer.Option(False, "--json", help="Machine-readable output.")):
    """List a variant's options: name, type, default, what it does, and its source or ruling."""
    v, _ = variant_and_options(variant)
    rows = []
    for o in v.option_specs.values():
        kind = o.get("type") or ("choice" if "choices" in o else type(o["default"]).__name__)
        kind = {"bool": "boolean", "int": "integer", "float": "number", "str": "string"}.get(kind, kind)
        rows.append({"name": o["name"], "type": kind, "default": o["default"],
                     "choices": o.get("choices"), "description": o.get("description", ""),
                     "source": o.get("source") or o.get("ruling") or ""})
    if json_out:
        typer.echo(json.dumps(rows, indent=2))
        return
    for row in rows:
        default = json.dumps(row["default"])
        kind = row["type"] + (f" {'|'.join(map(str, row['choices']))}" if row["choices"] else "")
        typer.echo(f"{row['name']:<26} {kind:<16} {default:<8} {row['description']}"
                   + (f" [{row['source']}]" if row["source"] else ""))


@app.command("validate")
@guarded
def cmd_validate(file: Path = typer.Argument(..., help="A variant YAML, a position JSON or a record."),
                 variant: Optional[str] = typer.Option(None, "--variant", help="Variant name or YAML file for a record or position of a YAML variant.")):
    """Check a variant definition, a position or a record and report every problem.

    A variant YAML (full or overlay) is loaded with its parent and hooks and a game of it is
    started, so a broken hook shows here rather than during play."""
    from .. import new_game
    from ..variant import load_variant_file

    suffix = file.suffix.lower()
    if suffix in (".yaml", ".yml"):
        v = load_variant_file(file)
        game = new_game(v, seed=0)
        first = len(game.legal_moves())
        typer.echo(f"{file}: valid variant {v.name!r} ({len(v.tileset.kinds)} tile kinds, "
                   f"{len(v.option_specs)} options, {first} legal first moves)")
        return
    game = _load_game(file, variant)
    kind = "position" if _read(file).lstrip().startswith("{") else "record"
    state = f"over: {game.outcome.result} ({game.outcome.reason})" if game.outcome else f"{game.to_move} to move"
    typer.echo(f"{file}: valid {game.name} {kind}, {state}")


# Commands that live in their own modules register themselves here, so each can grow without
# touching this file: play/show/match (cli/play.py), engine (engine/), compare (compare/),
# new-variant (cli/scaffold.py), serve (web/).
for _module in ("paisho_core.cli.play", "paisho_core.engine", "paisho_core.compare",
                "paisho_core.cli.scaffold", "paisho_core.web"):
    try:
        _mod = __import__(_module, fromlist=["register"])
    except ModuleNotFoundError as _exc:
        if _exc.name != _module:
            raise
        continue
    _mod.register(app)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)


if __name__ == "__main__":
    main()
