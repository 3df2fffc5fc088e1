"""External anchors: paisho's levels against The Garden Gate's own Skud bots, through TGG's engine.

The games are played by the TGG harness's driver (``play_vs_tgg.py`` in the shared
``tools/tgg`` folder, read its README's part (d)): TGG's Skud engine runs under Node with its
bots SkudAIv1 (``v1``, the bot TGG's site offers) and SkudStrategicAI (``v2``); paisho plays the
other side, sides alternating (paisho is the Host in even games), and after every turn both
engines' boards and reserves are compared, as are the end of the game and the winner.  The
driver appends one JSON line per game to a file; this benchmark runs it for each pair asked and
tables the files: paisho's score (a win 1, a draw or a game capped at ``--max-plies`` 1/2) with
a 95% Wilson interval, W / D / L / capped, the end reasons, paisho's and the bot's seconds per
turn (wall-clock, as the driver measures them), and every finding.  A disagreement between
the engines (``position differs``, ``end-of-game differs``, ``winner differs``, a paisho turn
TGG refuses, a bot turn paisho refuses that TGG's engine ran as written) is listed as a
finding, never skipped; a bot turn whose harmony bonus TGG's own engine ignored is counted
apart (both engines agree on the turn as it ran).  Figures are printed, never asserted.

Needs a TGG build (``TGG_BUNDLE_DIR``, made by the harness's ``build.sh``) and the harness
(``--harness``, default ``$TGG_HARNESS`` or ``../shared/tools/tgg``); without them it says so
and stops.  TGG's code is GPL-3.0 and is never part of this project: only its output is read.

    export TGG_BUNDLE_DIR=$WORK/build
    python benchmarks/tgg_strength.py --pairs greedy:v1 --games 40 --seed 2001 --out runs/tgg
    python benchmarks/tgg_strength.py --pairs medium:v1 medium:v2 hard:v2 --games 40 --out runs/tgg
    python benchmarks/tgg_strength.py --merge runs/tgg/*.jsonl --write-docs docs/playing.md

``--pairs LEVEL:BOT`` (a ``make_player`` kind, ``v1`` or ``v2``; ``LEVEL@S:BOT`` gives a search
level S seconds of CPU time a decision instead of its own), ``--shards N`` runs each pair as N
drivers at once (seeds split between them), ``--merge FILE ...`` tables finished game files
without playing.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
from pathlib import Path

from paisho_core.stats import wilson

BOTS = {"v1": "SkudAIv1", "v2": "SkudStrategicAI"}
DISAGREEMENTS = ("position differs", "end-of-game differs", "winner differs",
                 "paisho turn refused/flagged by TGG")
"""Finding kinds that are the two engines disagreeing (the rest are notes on the bot's turns)."""


def harness_dir(given) -> Path:
    return Path(given or os.environ.get("TGG_HARNESS") or Path(__file__).resolve().parents[2] / "shared/tools/tgg")


def parse_pair(text: str) -> tuple[str, float | None, str]:
    """``LEVEL:BOT`` or ``LEVEL@SECONDS:BOT`` as (level, seconds or None, bot)."""
    level, sep, bot = text.rpartition(":")
    if not sep or bot not in BOTS or not level:
        raise ValueError(f"--pairs {text!r}: write LEVEL:BOT with BOT v1 or v2, e.g. greedy:v1")
    level, at, seconds = level.partition("@")
    return level, (float(seconds) if at else None), bot


def play(args) -> list[Path]:
    """Run the driver for every pair (``--shards`` at once each), appending to files in ``--out``."""
    harness = harness_dir(args.harness)
    driver = harness / "play_vs_tgg.py"
    if not driver.exists():
        raise SystemExit(f"no TGG harness at {harness} (give --harness or TGG_HARNESS)")
    bundle = os.environ.get("TGG_BUNDLE_DIR")
    if not bundle or not (Path(bundle) / "skud_all.js").exists():
        raise SystemExit("no TGG build: set TGG_BUNDLE_DIR to the folder the harness's build.sh wrote")
    args.out.mkdir(parents=True, exist_ok=True)
    procs, files = [], []
    for pair in args.pairs:
        level, seconds, bot = parse_pair(pair)
        per = -(-args.games // args.shards)
        for shard in range(args.shards):
            first = shard * per
            count = min(per, args.games - first)
            if count <= 0:
                break
            seed = args.seed + first
            name = f"{level}{'' if seconds is None else f'@{seconds:g}'}_{bot}_{seed}.jsonl"
            out = args.out / name
            cmd = [sys.executable, str(driver), "--paisho", level, "--tgg-ai", bot, "--games", str(count),
                   "--seed", str(seed), "--max-plies", str(args.max_plies), "--out", str(out)]
            if seconds is not None:
                cmd += ["--think", str(seconds)]
            procs.append(subprocess.Popen(cmd, stdout=sys.stderr))
            files.append(out)
    for p in procs:
        p.wait()
    return files


def load(paths: list[Path]) -> dict:
    """The games of driver files, grouped by (paisho player, bot)."""
    groups: dict = collections.defaultdict(list)
    for path in paths:
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
                key = (game["paisho"], game["tgg_ai"])
            except (ValueError, KeyError, TypeError) as exc:
                raise SystemExit(f"{path}:{n}: not a game line of play_vs_tgg.py ({exc})") from None
            groups[key].append(game)
    return groups


def summarise(games: list[dict]) -> dict:
    results = collections.Counter(g["result"] for g in games)
    n = len(games)
    wins, draws, losses, capped = (results.get(k, 0) for k in ("win", "draw", "loss", "capped"))
    errors = n - wins - draws - losses - capped
    points = wins + 0.5 * (draws + capped)
    low, high = wilson(points, n) or (0.0, 0.0)
    kinds = collections.Counter(f["kind"] for g in games for f in g["findings"])
    disagree = sum(v for k, v in kinds.items() if k in DISAGREEMENTS)
    # a bot turn paisho refused counts as a disagreement unless TGG's own engine ignored its bonus
    for g in games:
        for f in g["findings"]:
            if "turn illegal for paisho" in f["kind"] and not f.get("continued_with"):
                disagree += 1
    ignored = sum(1 for g in games for f in g["findings"]
                  if "turn illegal for paisho" in f["kind"] and f.get("continued_with"))
    turns = lambda key: sum(g[key] for g in games)  # noqa: E731
    paisho_s = sum(g["paisho_s_per_turn"] * g["n_paisho_turns"] for g in games) / max(turns("n_paisho_turns"), 1)
    bot_s = sum(g["bot_s_per_turn"] * g["n_bot_turns"] for g in games) / max(turns("n_bot_turns"), 1)
    reasons = collections.Counter(_reason(g) for g in games)
    return {"games": n, "wins": wins, "draws": draws, "losses": losses, "capped": capped, "errors": errors,
            "score": points / n, "low": low, "high": high, "disagreements": disagree, "bonus_ignored": ignored,
            "retries": kinds.get("bot proposed move TGG's engine refuses (re-asked)", 0),
            "kinds": dict(kinds), "paisho_s": paisho_s, "bot_s": bot_s, "reasons": dict(reasons),
            "turns_checked": turns("plies"), "seeds": sorted(g["seed"] for g in games)}


def _reason(game: dict) -> str:
    reason = game.get("reason") or game["result"]
    return "ring" if "ring" in reason else "count" if "midline" in reason else reason


def table(groups: dict) -> str:
    lines = ["| paisho level | TGG bot | games | paisho's score (95% CI) | W / D / L / capped | ended by | "
             "paisho s/turn | bot s/turn | turns checked | disagreements | bot bonuses TGG ignored |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for (player, bot), games in sorted(groups.items()):
        s = summarise(games)
        ended = ", ".join(f"{k} {v}" for k, v in sorted(s["reasons"].items()))
        lines.append(f"| {player} | {BOTS.get(bot, bot)} | {s['games']} | {100 * s['score']:.0f}% "
                     f"({100 * s['low']:.0f}–{100 * s['high']:.0f}%) | {s['wins']} / {s['draws']} / {s['losses']} / "
                     f"{s['capped']} | {ended} | {s['paisho_s']:.3f} | {s['bot_s']:.2f} | {s['turns_checked']} | "
                     f"{s['disagreements']} | {s['bonus_ignored']} |")
    return "\n".join(lines) + "\n"


def findings(groups: dict) -> str:
    out = []
    for (player, bot), games in sorted(groups.items()):
        for g in games:
            for f in g["findings"]:
                brief = {k: v for k, v in f.items() if k in ("kind", "turn", "tgg_problems", "continued_with", "after", "tgg")}
                out.append(f"{player} v {bot} seed {g['seed']}: {json.dumps(brief)}")
    return "\n".join(out)


def replay_check(groups: dict) -> str:
    """Whether the code at hand still plays the saved games: for each game of a level that
    chooses without a clock (``greedy``, ``quick``: deterministic for a seed), the game is played
    again from its seed with the player the driver made (``seed * 7 + 1``), the bot's turns taken
    from the record and paisho's turns chosen afresh; a turn that differs from the record is named.
    Games of a level whose budget is a clock cannot be replayed so and are counted apart."""
    import paisho_core as paisho
    from paisho_core.players import make_player

    lines, same, differ, clocked = [], 0, 0, 0
    for (player, _bot), games in sorted(groups.items()):
        if player not in ("greedy", "quick"):
            clocked += len(games)
            continue
        for game in games:
            g = paisho.new_game("skud", seed=game["seed"])
            me = make_player(player, seed=game["seed"] * 7 + 1)
            side = "H" if game["paisho_side"] == "host" else "G"
            bad = None
            for n, turn in enumerate(game["record"]):
                mover = turn.split(".", 1)[0][-1:]
                if mover == side and g.outcome is None:
                    key = (g.state.turn, g.to_move)
                    while g.outcome is None and (g.state.turn, g.to_move) == key:
                        g.play(me.choose(g))
                    mine = [t for t in g.record().splitlines() if t and t[0].isdigit()][-1]
                    if mine != turn:
                        bad = f"turn {n}: recorded {turn}, now {mine}"
                        break
                else:
                    g.play(turn)
            if bad is None:
                same += 1
            else:
                differ += 1
                lines.append(f"{player} seed {game['seed']}: {bad}")
    lines.append(f"replayed {same + differ} games of clock-free levels: {same} played alike, {differ} "
                 f"differ; {clocked} games of clocked levels not replayable")
    return "\n".join(lines)


def write_docs(path: Path, text: str, marker: str) -> None:
    from strength import write_docs as write  # the strength benchmark's page writer

    write(path, text, marker)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", nargs="*", default=["greedy:v1", "medium:v1", "medium:v2", "hard:v2"],
                    help="LEVEL:BOT or LEVEL@SECONDS:BOT pairs (BOT v1 or v2)")
    ap.add_argument("--games", "-n", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2001)
    ap.add_argument("--shards", type=int, default=1, help="drivers run at once per pair")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--out", type=Path, default=Path("runs/tgg"), help="folder for the drivers' game files")
    ap.add_argument("--harness", default=None, help="the TGG harness folder (default $TGG_HARNESS or ../shared/tools/tgg)")
    ap.add_argument("--merge", type=Path, nargs="+", default=None, help="table these game files instead of playing")
    ap.add_argument("--findings", action="store_true", help="list every finding too")
    ap.add_argument("--replay-check", action="store_true",
                    help="replay the clock-free levels' games with the code at hand and name any turn it now plays otherwise")
    ap.add_argument("--write-docs", type=Path, default=None, help="put the table into this page")
    ap.add_argument("--marker", default="tgg", help="the page's markers: <!-- MARKER:start --> ... <!-- MARKER:end -->")
    args = ap.parse_args(argv)
    try:
        for pair in args.pairs:
            parse_pair(pair)
    except ValueError as exc:
        ap.error(str(exc))
    files = args.merge if args.merge else play(args)
    missing = [str(p) for p in files if not p.exists()]
    if missing:
        raise SystemExit(f"no such game file: {', '.join(missing)}")
    groups = load(files)
    text = table(groups)
    print(text)
    if args.findings:
        print(findings(groups))
    if args.replay_check:
        print(replay_check(groups))
    if args.write_docs:
        write_docs(args.write_docs, text, args.marker)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    raise SystemExit(main())
