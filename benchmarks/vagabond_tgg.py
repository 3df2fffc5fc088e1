"""paisho's computer players against The Garden Gate's Vagabond bot, through TGG's own engine.

TGG offers one Vagabond bot (``VagabondController.getAiList``: ``VagabondRandomAIv1``, a uniformly
random player); there is no "strategic" Vagabond bot in its source.  Each game runs in both
engines at once: the bot's turns (from ``tests/data/tgg/vagabond/tools/vagabond_bot_server.js``)
are played into paisho, paisho's turns are run through TGG's engine (which checks them against
its own list of legal turns), and after every turn the two boards (tiles and their blocked /
protected flags) and reserves are compared.  paisho is the Host in even games and the Guest in
odd ones; game k seeds both sides with ``--seed + k``.  Figures are printed, never asserted.

    export TGG_BUNDLE_DIR=...          # /work/shared/tools/tgg/build.sh's output (GAMES=vagabond)
    python benchmarks/vagabond_tgg.py --paisho medium --games 20 --seed 1
    python benchmarks/vagabond_tgg.py --paisho greedy --games 4 --options DoubleTiles
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import paisho_core as paisho
from paisho_core import board
from paisho_core.players import make_player
from paisho_core.stats import wilson

SERVER = Path(__file__).resolve().parent.parent / "tests" / "data" / "tgg" / "vagabond" / "tools" / "vagabond_bot_server.js"
CODE = {"host": "H", "guest": "G"}


class Bot:
    def __init__(self) -> None:
        self.proc = subprocess.Popen(["node", str(SERVER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, **req) -> dict:
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(10)


def snapshot(game) -> dict:
    flags = game.flags()
    tiles = []
    for i, t in game.state.tiles():
        marks = "".join(" " + n for n, m in sorted(flags.items()) if m >> i & 1)
        tiles.append(f"{board.LABEL[i]} {CODE[t.owner]}{t.kind.code}{marks}")
    piles = {CODE[p]: ",".join(sorted(c for c, n in game.state.piles.get("reserve", {}).get(p, {}).items()
                                       for _ in range(n))) for p in ("host", "guest")}
    return {"board": sorted(tiles), "piles": piles}


def play_one(bot: Bot, k: int, args) -> dict:
    seed = args.seed + k
    options = {name: True for name in args.options}
    game = paisho.new_game("vagabond", options, seed=seed)
    ours = "host" if k % 2 == 0 else "guest"
    player = make_player(args.paisho, seed=seed * 7 + 1, seconds=args.think, cpu_time=True)
    bot.ask(cmd="new", seed=seed, options=list(args.options))
    findings, times = [], []
    while game.outcome is None and game.ply < args.max_plies:
        prefix = f"{game.state.turn}{CODE[game.to_move]}."
        if game.to_move == ours:
            t0 = time.process_time()
            move = player.choose(game)
            times.append(time.process_time() - t0)
            game.play(move)
            reply = bot.ask(cmd="play", move=prefix + str(move))
            if not reply.get("ok"):
                findings.append({"kind": "paisho turn refused by TGG", "turn": prefix + str(move), "reply": reply})
                break
        else:
            reply = bot.ask(cmd="go")
            if not reply.get("ok"):
                findings.append({"kind": "bot error", "reply": reply})
                break
            if reply.get("retries"):
                findings.append({"kind": "bot proposed turns TGG's real game refuses (re-asked)", "n": reply["retries"]})
            text = reply["move"].split(".", 1)[1]
            try:
                game.play(text)
            except paisho.PaishoError as exc:
                findings.append({"kind": "bot turn illegal for paisho", "turn": reply["move"], "error": str(exc)})
                break
        mine = snapshot(game)
        if mine["board"] != reply["board"] or mine["piles"] != reply["piles"]:
            findings.append({"kind": "position differs", "ply": game.ply, "paisho": mine, "tgg": reply})
            break
        tgg_winner = (reply.get("winner") or "").lower() or None
        if (game.outcome.winner if game.outcome else None) != tgg_winner:
            findings.append({"kind": "winner differs", "paisho": str(game.outcome), "tgg": reply.get("winner")})
            break
    if game.outcome is None:
        result = "capped"
    elif game.outcome.winner is None:
        result = "draw"
    else:
        result = "win" if game.outcome.winner == ours else "loss"
    return {"game": k, "seed": seed, "paisho_side": ours, "result": result, "plies": game.ply,
            "reason": game.outcome.reason if game.outcome else "ply cap", "findings": findings,
            "seconds_per_turn": round(sum(times) / len(times), 3) if times else None,
            "record": game.record()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--paisho", default="medium", help="paisho_core.players.make_player kind")
    ap.add_argument("--think", type=float, default=None, help="CPU seconds per decision for search levels")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--options", nargs="*", default=[], help="TGG option ids")
    ap.add_argument("--max-plies", type=int, default=500)
    ap.add_argument("--out", type=Path, help="append each game as a JSON line")
    args = ap.parse_args()
    bot = Bot()
    counts = {"win": 0, "draw": 0, "loss": 0, "capped": 0}
    findings = 0
    try:
        for k in range(args.games):
            g = play_one(bot, k, args)
            counts[g["result"]] += 1
            findings += len(g["findings"])
            print(f"game {k} seed {g['seed']} paisho {g['paisho_side']}: {g['result']} in {g['plies']} plies "
                  f"({g['reason']}), {g['seconds_per_turn']} s/turn, findings {g['findings'][:2]}", flush=True)
            if args.out:
                with args.out.open("a", encoding="utf-8") as fh:
                    fh.write(json.dumps(g) + "\n")
    finally:
        bot.close()
    n = sum(counts.values())
    score = counts["win"] + 0.5 * (counts["draw"] + counts["capped"])
    lo, hi = wilson(score, n)
    print(f"{args.paisho} v TGG VagabondRandomAIv1, {n} games: score {score / n:.1%} "
          f"[95% {lo:.1%}, {hi:.1%}]; W/D/L/capped {counts['win']}/{counts['draw']}/{counts['loss']}/"
          f"{counts['capped']}; findings {findings}")


if __name__ == "__main__":
    sys.exit(main())
