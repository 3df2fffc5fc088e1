"""Does docs/comparing.md still follow from the code?  (CI; issue 33)

The generated report on the page comes from a saved run (docs/data/compare-*.json) and names the
commit it was made at, with the git tree of every path whose code decides the figures (the
players, the comparison, each variant).  This check fails, saying why, when:

1. the page's statements (each variant's end reasons in order, the first-player verdict, the
   warnings; kept in a comment on the page) are not the ones the saved run gives (the page was
   edited by hand, or the saved run replaced without regenerating it);
2. the players', the comparison's or a variant's code changed since the page's commit (say which);
3. a fresh run of the first ``--games`` games of the same command does not replay the saved
   games move for move (each game's fingerprint), or its statements contradict the page's.

    python scripts/compare_drift.py --games 10
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "comparing.md"
SAVED = {"all": ROOT / "docs" / "data" / "compare-all.json", "house": ROOT / "docs" / "data" / "compare-house.json"}
WATCHED = ("paisho_core/players", "paisho_core/compare", "paisho_core/events.py", "paisho_core/game.py")
"""Besides every folder under variants/: the code whose change may change a report."""
MARK = re.compile(r"<!-- STATEMENTS (.*?) -->", re.S)


def _git(*args: str) -> Optional[str]:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def watched_paths() -> list[str]:
    variants = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "variants").iterdir()
                      if p.is_dir() and not p.name.startswith(("_", ".")))
    return list(WATCHED) + variants


def trees() -> dict[str, Optional[str]]:
    """The git object of every watched path at HEAD (None where git cannot tell)."""
    return {path: _git("rev-parse", f"HEAD:{path}") for path in watched_paths()}


def provenance(report: dict) -> dict:
    """Where a run comes from: the commit, the watched trees, and any watched path with changes
    not yet committed (then the run cannot be traced to the commit)."""
    dirty = _git("status", "--porcelain", "--", *watched_paths()) or ""
    return {"commit": _git("rev-parse", "HEAD"), "trees": trees(),
            "uncommitted": sorted({line[3:] for line in dirty.splitlines() if line.strip()})}


def provenance_line(p: Optional[dict]) -> str:
    if not p or not p.get("commit"):
        return "This report's commit is unknown."
    s = (f"Generated from a saved run (`docs/data/compare-*.json`) at commit `{p['commit'][:12]}`; "
         "`scripts/compare_drift.py` (in CI) fails when the players', the comparison's or a variant's "
         "code has changed since, or a fresh run no longer replays these games.")
    if p.get("uncommitted"):
        s += " Warning: made with uncommitted changes in " + ", ".join(p["uncommitted"]) + "."
    return s


def _verdict(play: dict) -> str:
    share = play["first_player_share_of_decisive"]
    if not share["of"] or not share.get("ci95"):
        return "no decisive game"
    lo, hi = share["ci95"]
    return "first" if lo > 0.5 else "second" if hi < 0.5 else "none shown"


def statements(report: dict) -> dict:
    """What the page says of each variant, as data."""
    from paisho_core.compare import end_groups, warnings_of

    out = {}
    for v in report["variants"]:
        groups, _how = end_groups(v["play"])
        out[v["label"]] = {"ends": [g["reason"] for g in groups[:3]],
                           "top_share": round(groups[0]["share"], 3) if groups else 0,
                           "first_player_edge": _verdict(v["play"])}
    out["warnings"] = [w.split(":", 1)[0] for w in warnings_of(report["variants"])]
    return out


def statements_comment(report: dict) -> str:
    return "<!-- STATEMENTS " + json.dumps(statements(report), sort_keys=True) + " -->"


def _contradicts(page: dict, fresh: dict) -> list[str]:
    """Statements of a small fresh run that contradict the page's (a clear first-player edge the
    other way, a top end reason the fresh games never met)."""
    out = []
    for label, said in page.items():
        if label == "warnings" or label not in fresh:
            continue
        now = fresh[label]
        if {said["first_player_edge"], now["first_player_edge"]} == {"first", "second"}:
            out.append(f"{label}: the page finds an edge for the {said['first_player_edge']} player, a fresh "
                       f"run one for the {now['first_player_edge']}")
        # a top end that ends at least half the games is missing from a handful of fresh games
        # by chance less than once in fifty; a top end among many (Adevar's one per Hidden
        # Tile) says nothing when it is missing
        if (said["ends"] and now["ends"] and said.get("top_share", 1) >= 0.5
                and said["ends"][0] not in now["ends"]):
            out.append(f"{label}: the page's most frequent end ({said['ends'][0]}) never occurs in a fresh run "
                       f"(which ends by {', '.join(now['ends'])})")
    return out


def check(games: int, page_path: Path = PAGE, saved_paths: Optional[dict] = None) -> list[str]:
    """Every reason the page no longer follows from the code (empty: it does)."""
    from paisho_core import compare

    problems: list[str] = []
    page = page_path.read_text("utf-8")
    found = MARK.findall(page)
    for kind, path in (saved_paths or SAVED).items():
        if not path.exists():
            problems.append(f"no saved run {path} (run scripts/gen_compare_report.py)")
            continue
        saved = json.loads(path.read_text("utf-8"))
        said = json.loads(found.pop(0)) if found else None
        if said != statements(saved):
            problems.append(f"the page's statements for the {kind} run are not the saved run's "
                            "(regenerate the page with scripts/gen_compare_report.py --from-json)")
            said = statements(saved)
        prov = saved.get("provenance") or {}
        now = trees()
        then = prov.get("trees", {})
        changed = [p for p, tree in now.items() if tree and then.get(p) and then[p] != tree]
        added = [p for p, tree in now.items() if tree and p not in then]
        if added and kind == "all":  # a warning: the page's statements about the others still hold
            print("compare_drift: warning: added since the page's commit, not on the page: "
                  + ", ".join(added), file=sys.stderr)
        if changed:
            problems.append(f"code changed since the page's commit {str(prov.get('commit'))[:12]}: "
                            + ", ".join(changed) + " (regenerate the report)")
        s = saved["settings"]
        n = min(games, s["games"])
        timing: dict = {}
        fresh = compare.run_compare(s["variants"], games=n, players=s["players"], seed=s["seed"],
                                    max_plies=s["max_plies"], workers=2, timing=timing)
        for label, prints in timing.get("fingerprints", {}).items():
            old = saved.get("fingerprints", {}).get(label, [])[:n]
            if prints != old:
                k = next((i for i, (a, b) in enumerate(zip(prints, old)) if a != b), len(old))
                problems.append(f"{label}: game {k} of a fresh run no longer replays the saved game "
                                "(the variant or the players play differently now)")
        problems += _contradicts(said, statements(fresh))
    return problems


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10, help="games per variant of the fresh run")
    ap.add_argument("--page", type=Path, default=PAGE)
    ap.add_argument("--all-json", type=Path, default=SAVED["all"])
    ap.add_argument("--house-json", type=Path, default=SAVED["house"])
    args = ap.parse_args(argv)
    import os

    args.page, args.all_json, args.house_json = (p.resolve() for p in (args.page, args.all_json, args.house_json))
    os.chdir(ROOT)  # the saved runs name house-rule files relative to the repository
    problems = check(args.games, args.page, {"all": args.all_json, "house": args.house_json})
    for p in problems:
        print(f"compare_drift: {p}", file=sys.stderr)
    if problems:
        return 1
    print(f"compare_drift: docs/comparing.md follows from the code ({args.games} games a variant replayed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
