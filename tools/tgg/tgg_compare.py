"""Replay self-play games of TGG's engines (the JSON of nick_selfplay.js / street_selfplay.js) in
paisho and compare, game by game: TGG's legal turns at the dumped plies, every turn accepted, the
final position and the winner.  Used by compare_nick.py, compare_street.py and the tests
(tests/test_tgg_street_nick.py).  Project code: no TGG code here."""
from __future__ import annotations

import json
import sys
from typing import Callable

import paisho_core as P


def replay(d: dict, variant: str, options: dict, turn_text: Callable, key: str):
    """Play the game ``d`` in paisho; returns (game, problems, number of legal-move positions
    compared).  ``turn_text`` writes one of ``d["turns"]`` as a paisho turn, ``key`` names the
    field of ``d["legal"]`` entries that lists TGG's legal turns."""
    g = P.new_game(variant, options=options)
    legal = {e["ply"]: e[key] for e in d["legal"]}
    problems, n_legal = [], 0
    for ply, t in enumerate(d["turns"] + [None]):
        if ply in legal:
            ours = sorted(str(m) for m in g.legal_moves()) if g.outcome is None else []
            n_legal += 1
            if ours != legal[ply]:
                problems.append(f"ply {ply}: LEGAL only-tgg={sorted(set(legal[ply]) - set(ours))[:6]} "
                                f"only-paisho={sorted(set(ours) - set(legal[ply]))[:6]}")
        if t is None:
            break
        try:
            g.play(turn_text(t))
        except Exception as e:  # noqa: BLE001 - report and stop this game
            problems.append(f"ply {ply}: REFUSED {turn_text(t)}: {e}")
            break
    return g, problems, n_legal


def same(what: str, ours, theirs) -> list[str]:
    """A one-line difference, or none."""
    if ours == theirs:
        return []
    if isinstance(ours, list):
        return [f"{what} only-paisho={sorted(set(ours) - set(theirs))} only-tgg={sorted(set(theirs) - set(ours))}"]
    return [f"{what} paisho={ours} tgg={theirs}"]


def main(compare: Callable[[dict], tuple[list[str], int]], paths: list[str]) -> None:
    """Compare every game file; one line per difference, then the totals as JSON."""
    total = bad = positions = 0
    for f in paths:
        with open(f) as fh:
            text = fh.read()
        if not text.strip():
            continue  # a game still being written
        probs, n = compare(json.loads(text))
        total += 1
        positions += n
        bad += bool(probs)
        for p in probs:
            print(f"{f}: {p}")
    print(json.dumps({"games": total, "games_with_differences": bad, "legal_positions": positions}))
    sys.exit(1 if bad else 0)
