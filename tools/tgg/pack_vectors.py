"""Pack self-play games of TGG's engines (nick_selfplay.js / street_selfplay.js JSON, one file a game)
into the test vectors tests/data/tgg/<game>/games.jsonl.gz: one game a line, TGG's legal turns kept at
every STEP-th ply only (the dumps are large; STEP must be a multiple of the LEGAL_STEP they were made with).
usage: python tools/tgg/pack_vectors.py OUT.jsonl.gz STEP GAME.json ..."""
from __future__ import annotations

import gzip
import json
import sys


def main(out: str, step: int, paths: list[str]) -> None:
    games = positions = 0
    with gzip.open(out, "wt", encoding="utf-8") as fh:
        for p in paths:
            with open(p) as f:
                text = f.read()
            if not text.strip():
                continue
            d = json.loads(text)
            d["legal"] = [e for e in d["legal"] if e["ply"] % step == 0]
            positions += len(d["legal"])
            games += 1
            fh.write(json.dumps(d, separators=(",", ":")) + "\n")
    print(json.dumps({"games": games, "legal_positions": positions, "out": out}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3:])
