"""Which of Adevar's Hidden Tiles wins against which, when both players are the same level.

Every pair of Hidden Tiles plays ``--games`` games, sides alternating (the first Hidden Tile
is the Host's in even games), both sides the same level at the same budget; the two choices are
played for the players, who play on from there.  Printed: per Hidden Tile against each other,
the share of games it won (a capped game counts half), its overall share, and how many
decisions its won games took (median), as a Markdown table; ``--save`` keeps the games as JSON
lines, ``--merge`` tabulates saved games.  A rules lab's question ("is one objective much the
fastest?") answered by play; the answer depends on how well the players defend.  Under the
table, the games by side: how many the Host won, and how many the side that moved first.
``--first-mover guest`` lets the Guest move first once the choices are made (the rules have the
Host open): with a pair of the same tile (``--tiles WhiteRose,WhiteRose``) the two runs tell
whether a side or the move order decides a race.

    python benchmarks/adevar_objectives.py --games 6 --level medium --seconds 0.05 --cpu-time
    python benchmarks/adevar_objectives.py --tiles WhiteRose,WhiteRose --games 40 --level medium \
        --seconds 0.2 --cpu-time --first-mover guest
    python benchmarks/adevar_objectives.py --smoke
"""
from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import paisho_core as paisho
from paisho_core import PaishoError
from paisho_core.players import make_player, play_game
from paisho_core.players.levels import check_budget, check_kind
from paisho_core.position import from_position
from paisho_core.tiles import other

from paisho_variants.adevar.rules import HIDDEN


SAVED = frozenset({"first", "second", "score", "decisions"})
"""The fields a saved game must have for ``--merge``."""


def one_game(first: str, second: str, index: int, level: str, seconds: float | None, seed: int,
             cpu_time: bool, max_plies: int, mover: str = "host") -> dict:
    """One game: ``first`` the Host's Hidden Tile in even games, the Guest's in odd ones;
    ``mover`` moves first once both have chosen."""
    game = paisho.new_game("adevar", seed=seed + index)
    first_side = "host" if index % 2 == 0 else "guest"
    chosen = {first_side: first, other(first_side): second}
    game.play("cHT:" + chosen["host"])
    game.play("cHT:" + chosen["guest"])
    if mover != game.to_move:
        position = game.position()
        position["to_move"] = mover
        game = from_position(position, trusted=True)
    players = {side: make_player(level, seed=(seed + index) * 7 + k, seconds=seconds, cpu_time=cpu_time)
               for k, side in enumerate(("host", "guest"), 1)}
    clock = time.process_time if cpu_time else time.perf_counter
    play_game(game, players, max_plies=max_plies, clock=clock)
    winner = game.outcome.winner if game.outcome is not None else None
    score = 0.5 if winner is None else float(winner == first_side)
    return {"first": first, "second": second, "index": index, "first_side": first_side,
            "score": score, "decisions": game.ply, "mover": mover, "winner": winner,
            "reason": game.outcome.reason if game.outcome is not None else "decision cap"}


def table(games: list[dict]) -> str:
    """The Markdown table of ``games`` (see the module's docstring)."""
    won: dict = {}
    lengths: dict = {h: [] for h in HIDDEN}
    for g in games:
        for me, them, s in ((g["first"], g["second"], g["score"]), (g["second"], g["first"], 1 - g["score"])):
            cell = won.setdefault((me, them), [0.0, 0])
            cell[0] += s
            cell[1] += 1
            if s == 1:
                lengths[me].append(g["decisions"])
    tiles = [h for h in HIDDEN if any(k[0] == h for k in won)]
    head = "| Hidden Tile | " + " | ".join(f"v {h}" for h in tiles) + " | overall | decisions a win (median) |"
    rows = [head, "| " + " | ".join(["---"] * (len(tiles) + 3)) + " |"]
    for me in tiles:
        cells, total = [], [0.0, 0]
        for them in tiles:
            if me == them:
                cells.append("–")
                continue
            s, n = won.get((me, them), (0.0, 0))
            total[0] += s
            total[1] += n
            cells.append(f"{s:g} / {n}" if n else "")
        overall = f"{100 * total[0] / total[1]:.0f}%" if total[1] else ""
        median = f"{statistics.median(lengths[me]):g}" if lengths[me] else "–"
        rows.append(f"| {me} | " + " | ".join(cells) + f" | {overall} | {median} |")
    return "\n".join(rows)


def sides(games: list[dict]) -> str:
    """The games by side: the Host's wins and the first mover's (games saved before the
    sides were kept are left out)."""
    kept = [g for g in games if "winner" in g]
    if not kept:
        return ""
    host = sum(g["winner"] == "host" for g in kept)
    first = sum(g["winner"] == g.get("mover", "host") for g in kept)
    movers = sorted({g.get("mover", "host") for g in kept})
    return (f"By side: the Host won {host} of {len(kept)} games, the side that moved first "
            f"{first} ({' and '.join(movers)} moving first).")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6, help="games per pair of Hidden Tiles")
    ap.add_argument("--level", default="medium", help="the level both sides play")
    ap.add_argument("--seconds", type=float, default=None,
                    help="a search level's time per decision (default: the level's own)")
    ap.add_argument("--cpu-time", action="store_true", help="count --seconds in CPU time")
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--tiles", default=",".join(HIDDEN), help="the Hidden Tiles, comma-separated")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=1000)
    ap.add_argument("--save", type=Path, help="write the games as JSON lines")
    ap.add_argument("--merge", type=Path, nargs="+", help="tabulate saved games instead of playing")
    ap.add_argument("--first-mover", choices=("host", "guest"), default="host",
                    help="the side that moves first once the choices are made (the rules: host)")
    ap.add_argument("--smoke", action="store_true", help="two tiles, two games, greedy (CI)")
    args = ap.parse_args(argv)
    try:
        if args.merge:
            games = []
            for path in args.merge:
                for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    try:
                        game = json.loads(line)
                    except json.JSONDecodeError as exc:
                        raise PaishoError(f"{path}, line {n}: not a saved game ({exc.msg})") from None
                    missing = SAVED - set(game) if isinstance(game, dict) else SAVED
                    if missing or game["first"] not in HIDDEN or game["second"] not in HIDDEN:
                        raise PaishoError(f"{path}, line {n}: not a saved game (fields "
                                          f"{', '.join(sorted(missing)) or 'first, second'})")
                    games.append(game)
            print(table(games))
            print("\n" + sides(games))
            return 0
        if args.smoke:
            args.games, args.level, args.tiles, args.workers = 2, "greedy", "WhiteRose,Iris", 1
        check_kind(args.level)
        check_budget(args.seconds)
        tiles = args.tiles.split(",")
        unknown = [t for t in tiles if t not in HIDDEN]
        if unknown or len(tiles) < 2:
            raise PaishoError(f"--tiles: {', '.join(unknown) or 'two or more needed'} "
                              f"(Hidden Tiles: {', '.join(HIDDEN)})")
        if args.games < 1 or args.workers < 1:
            raise PaishoError("--games and --workers must be at least 1")
    except (PaishoError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    tasks = [(a, b, k, args.level, args.seconds, args.seed, args.cpu_time, args.max_plies, args.first_mover)
             for k in range(args.games) for a, b in itertools.combinations(tiles, 2)]
    games = []
    out = args.save.open("w", encoding="utf-8") if args.save else None
    try:
        with ProcessPoolExecutor(args.workers) if args.workers > 1 else contextlib.nullcontext() as pool:
            for g in (pool.map if pool else map)(one_game, *zip(*tasks)):  # one worker: in this process
                games.append(g)
                if out:
                    out.write(json.dumps(g) + "\n")
                    out.flush()
    finally:
        if out:
            out.close()
    print(f"{len(games)} games, {args.level}" + (f" at {args.seconds} s a decision" if args.seconds else "")
          + (" (CPU)" if args.cpu_time else "") + f", seed {args.seed}, sides alternating, "
          f"the {args.first_mover} moving first\n")
    print(table(games))
    print("\n" + sides(games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
