"""Two people at one terminal, each seeing only what they may see (a hot-seat loop).

Variant-neutral: everything shown comes from ``game.observation(player)`` and the public board,
so any variant with a ``paisho_observation`` hook can use it.  Between turns the screen is
cleared and the next player presses Enter before their hand appears.  The previous turn is shown
with the tiles the game drew for the other player replaced by ``?``.  It is kept here until the
core's ``paisho play`` grows the same behaviour::

    python -m paisho_variants.ancient.hotseat --seed 7 [--options '{"target": 5}'] [--save FILE]
"""
from __future__ import annotations

import argparse
import json
import sys

import paisho_core as paisho
from paisho_core.drawing import render
from paisho_core.errors import PaishoError
from paisho_core.game import Move
from paisho_core.tiles import PLAYER_CODE, PLAYERS, other

CLEAR = "\033[2J\033[H"


def public_turn(game, viewer: str) -> str:
    """The last whole turn as ``viewer`` may see it: chance outcomes the game drew for the other
    player (a drawn tile) are written ``?``."""
    turns = []
    for _snap, move, key, auto in game._history:
        if turns and turns[-1][0] == key:
            turns[-1][1].append((move, auto))
        else:
            turns.append((key, [(move, auto)]))
    if not turns:
        return ""
    (number, player), moves = turns[-1]
    shown = [Move(m.action, "?", m.tile, m.src, m.dst, m.aux, m.implicit) if auto and player != viewer else m
             for m, auto in moves]
    return f"{number}{PLAYER_CODE[player]}." + (game.rules.format_turn(game, shown) or "")


def view_lines(game, viewer: str) -> list[str]:
    """The board and what ``viewer`` may know, from the observation only."""
    view = game.observation(viewer)
    st = game.state
    out = render.board_lines(game) + [""]
    if st.outcome is not None:
        out.append(f"Game over: {st.outcome.result} ({st.outcome.reason})")
    else:
        out.append(f"Turn {st.turn}, {st.to_move} to move ({st.phase})")
    last = public_turn(game, viewer)
    if last:
        out.append(f"Last: {last}")
    for label, text in game.status():
        out.append(f"{label}: {text}")
    hidden = view.get("hidden") or {}
    for name, per in sorted((view.get("piles") or {}).items()):
        for p in PLAYERS:
            path = f"piles.{name}.{p}"
            pile = (per or {}).get(p) or {}
            if path in hidden:
                out.append(f"{p} {name}: {hidden[path]} tiles (hidden)")
            elif pile:
                out.append(f"{p} {name}: " + " ".join(f"{c}x{n}" if n > 1 else c for c, n in pile.items()))
    return out


def run(game, read=input, write=print, save: str | None = None, clear: bool = True) -> None:
    """Play until the game ends or a player types ``quit``.  ``moves`` lists the legal
    decisions, ``undo`` takes back the mover's last decision within the turn."""
    shown_to = None
    while game.outcome is None:
        mover = game.to_move
        if shown_to != mover:
            if shown_to is not None:
                write((CLEAR if clear else "") + f"Pass the terminal to {mover}, then press Enter.")
                if read("") is None:
                    return
            shown_to = mover
            write("\n".join(view_lines(game, mover)))
        try:
            line = read(f"{mover} [{game.phase}]> ")
        except EOFError:
            return
        if line is None:
            return
        line = line.strip()
        if not line:
            continue
        if line in ("quit", "q"):
            return
        if line in ("moves", "?"):
            write(" ".join(str(m) for m in game.legal_moves()))
            continue
        if line == "undo":
            if game.ply and game._history[-1][2][1] == mover and not game._history[-1][3]:
                write(f"undone: {game.undo()}")
                write("\n".join(view_lines(game, mover)))
            else:
                write("nothing of this turn to undo")
            continue
        try:
            game.play(line)
        except PaishoError as exc:
            write(f"not played: {exc}")
            continue
        if save:
            with open(save, "w", encoding="utf-8") as fh:
                fh.write(game.record())
        if game.outcome is None and game.to_move == mover:
            write("\n".join(view_lines(game, mover)))
    write("\n".join(view_lines(game, other(game.to_move))))
    write(f"Game over: {game.outcome.result} ({game.outcome.reason})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="ancient")
    ap.add_argument("--seed", type=int)
    ap.add_argument("--options", default="{}")
    ap.add_argument("--save")
    ap.add_argument("--no-clear", action="store_true", help="do not clear the screen between turns")
    args = ap.parse_args(argv)
    try:
        game = paisho.new_game(args.variant, json.loads(args.options), seed=args.seed)
    except (PaishoError, json.JSONDecodeError) as exc:
        print(f"hotseat: {exc}", file=sys.stderr)
        return 2

    def read(prompt):
        try:
            return input(prompt)
        except EOFError:
            return None

    run(game, read=read, save=args.save, clear=not args.no_clear)
    return 0


if __name__ == "__main__":
    sys.exit(main())
