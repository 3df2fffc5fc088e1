"""Regenerate the real report on docs/comparing.md (every registered variant, self-play figures).

The page keeps its hand-written introduction; everything between the two REPORT markers is
replaced by ``paisho compare``'s Markdown for all registered variants.  Nothing in the report is
typed by hand.

    python scripts/gen_compare_report.py --games 1000          # default players, 2 workers
    python scripts/gen_compare_report.py --games 1000 --json all.json --house-json house.json
    python scripts/gen_compare_report.py --from-json all.json --house-from-json house.json

Besides every registered variant it runs a house-rule example (``--house``, by default a base
variant against itself with one option) and writes, for each variant, a few sentences read off
the figures: the first player's edge, how games end, how long they last.  PNG plots go to
docs/img/compare/ and the Markdown links them.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

from paisho_core.safe_io import write_atomic

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import compare_drift as drift  # noqa: E402  (beside this script)

PLOTS = "img/compare"
"""Where the plots go, relative to the page."""
HOUSE = ["skud", "tests/data/house-rules/safe-orchid/safe-orchid.yaml"]
PAGE = ROOT / "docs" / "comparing.md"
BEGIN = "<!-- BEGIN GENERATED REPORT (scripts/gen_compare_report.py) -->"
END = "<!-- END GENERATED REPORT -->"


def _report(args, names, saved: Optional[Path], save: Optional[Path]):
    """A report and its timing: read from ``saved``, or played now (and written to ``save``)."""
    from paisho_core import compare

    if saved:
        try:
            report = json.loads(saved.read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise Refused(f"{saved}: not a saved JSON report ({exc})") from None
        if not isinstance(report, dict) or not {"settings", "variants"} <= set(report):
            raise Refused(f"{saved}: not a paisho compare report (it needs 'settings' and 'variants')")
        return report, report.pop("timing", None)
    kwargs = {"max_plies": args.max_plies} if args.max_plies else {}
    if args.players:
        kwargs["players"] = args.players
    start, cpu0 = time.perf_counter(), compare.child_cpu()
    per_variant: dict = {}
    report = compare.run_compare(list(names), games=args.games, seed=args.seed, workers=args.workers,
                                 progress=True, timing=per_variant, **kwargs)
    elapsed, cpu = time.perf_counter() - start, compare.child_cpu() - cpu0
    decisions = per_variant.pop("decisions", {})
    fingerprints = per_variant.pop("fingerprints", {})
    timing = {"seconds": round(elapsed, 1), "cpu_seconds": round(cpu, 1), "workers": args.workers,
              "machine": f"{platform.machine()}, Python {platform.python_version()}",
              "cpu_seconds_per_game": {k: round(v / args.games, 4) for k, v in per_variant.items()},
              "cpu_ms_per_decision": {k: round(1000 * v / max(1, decisions.get(k, 0)), 3)
                                      for k, v in per_variant.items()}}
    report = dict(report, fingerprints=fingerprints, provenance=drift.provenance(report))
    if save:
        write_atomic(save, json.dumps(dict(report, timing=timing), indent=2, ensure_ascii=False) + "\n")
    return report, timing


class Refused(Exception):
    """Input this script will not render; nothing on disk has been changed."""


def _timing_lines(timing) -> list[str]:
    if not timing:
        return []
    return ["", f"Wall time: {timing['seconds']:.0f} s with {timing['workers']} worker processes on a "
                f"shared two-core machine, {timing.get('cpu_seconds', 0):.0f} CPU seconds in the workers "
                f"({timing['machine']}). CPU seconds per game (milliseconds per decision): "
                + ", ".join(f"{k} {v:.2f} ({timing.get('cpu_ms_per_decision', {}).get(k, 0):.1f})"
                            for k, v in timing.get("cpu_seconds_per_game", {}).items()) + "."]


def main(argv=None) -> int:
    """Render the page; a saved report that cannot be rendered changes nothing on disk (the
    plots and the page are written only once everything rendered)."""
    try:
        return _main(argv)
    except Refused as exc:
        print(f"gen_compare_report: {exc}; nothing was changed", file=sys.stderr)
        return 2


def _main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="self-play games per variant")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default=None, help="player level (default: the command's)")
    ap.add_argument("--house", nargs="*", default=HOUSE, help="the house-rule example: a base, then overlays or options (nothing: none)")
    ap.add_argument("--house-json", type=Path, default=drift.SAVED["house"],
                    help="also save the house-rule example's JSON here (the drift check reads it)")
    ap.add_argument("--house-from-json", type=Path, help="render a saved house-rule example")
    ap.add_argument("--note", default="", help="a sentence put above the report (e.g. why n is small)")
    ap.add_argument("--max-plies", type=int, default=None, help="decision cap (default: the command's)")
    ap.add_argument("--json", type=Path, default=drift.SAVED["all"],
                    help="also save the JSON report here (the drift check reads it)")
    ap.add_argument("--html", type=Path, help="also save the HTML report here")
    ap.add_argument("--from-json", type=Path, help="render a saved JSON report instead of playing")
    ap.add_argument("--page", type=Path, default=PAGE, help="the Markdown page to update")
    args = ap.parse_args(argv)
    os.chdir(ROOT)  # house-rule files are named relative to the repository
    for path in (args.json, args.house_json):
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)

    from paisho_core import compare, variants

    report, timing = _report(args, variants(), args.from_json, args.json)
    house, house_timing = _report(args, args.house, args.house_from_json, args.house_json) \
        if args.house else (None, None)
    plots_dir = args.page.parent / PLOTS
    fresh = Path(tempfile.mkdtemp(prefix=".compare-plots-", dir=args.page.parent))
    try:
        page = _render_page(args, report, timing, house, house_timing, fresh)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        shutil.rmtree(fresh, ignore_errors=True)
        raise Refused(f"the report cannot be rendered ({type(exc).__name__}: {exc})") from None
    # everything rendered: now replace the plots and the page
    for old in plots_dir.glob("**/*.png") if plots_dir.is_dir() else []:
        old.unlink()
    for new in fresh.glob("**/*.png"):
        target = plots_dir / new.relative_to(fresh)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(new), target)
    shutil.rmtree(fresh, ignore_errors=True)
    if args.html:
        write_atomic(args.html, compare.render(report, "html"))
    write_atomic(args.page, page)
    print(f"wrote {args.page}" + (f" ({timing['seconds']:.0f} s)" if timing else ""), file=sys.stderr)
    return 0


def _render_page(args, report: dict, timing, house, house_timing, plots_dir: Path) -> str:
    """The page's text, with the plots written into ``plots_dir`` (a fresh folder)."""
    from paisho_core import compare

    plotted = True
    try:
        compare.write_plots(report, plots_dir)
        if house:
            compare.write_plots(house, plots_dir / "house")
    except compare.CompareError as exc:
        print(f"no plots: {exc}", file=sys.stderr)
        plotted = False

    s = report["settings"]
    names = ", ".join(f"`{v}`" for v in s["variants"])
    lines = [BEGIN, ""]
    if args.note:
        lines += [f"!!! note\n    {args.note}", ""]
    lines += [drift.provenance_line(report.get("provenance")), ""]
    lines += ["This report was produced by `python scripts/gen_compare_report.py` (equivalent to "
              f"`paisho compare {' '.join(s['variants'])} --games {s['games']} --seed {s['seed']} "
              f"--max-plies {s['max_plies']} --players {s['players']} --format md --plots {PLOTS}`), over "
              f"every registered variant: {names}. Players: {s.get('players_text', s['players'])}."]
    lines += _timing_lines(timing)
    lines += ["", "### What the figures say", ""]
    lines += [f"- **{v['label']}**: {compare.prose(v)}" for v in report["variants"]]
    lines += ["", compare.render_md(report, heading=3, plots=PLOTS if plotted else None)]
    hs = house["settings"] if house else None
    lines += [] if not hs else ["", "### A house rule: " + " against ".join(f"`{x}`" for x in reversed(hs["variants"])), "",
              f"`paisho compare {' '.join(hs['variants'])} --games {hs['games']} --seed {hs['seed']} "
              f"--players {hs['players']}`, the same players and cap."]
    if house:
        lines += _timing_lines(house_timing)
        lines += ["", compare.render_md(house, heading=4, plots=PLOTS + "/house" if plotted else None)]
    lines += ["", drift.statements_comment(report)]
    lines += [drift.statements_comment(house)] if house else []
    lines += ["", END]
    block = "\n".join(lines)

    page = args.page.read_text("utf-8") if args.page.exists() else ""
    if BEGIN in page and END in page:
        head, rest = page.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        page = head + block + tail
    else:
        page = (page.rstrip() + "\n\n" if page else "# Comparing variants\n\n") + "## A real report\n\n" + block + "\n"
    return page


if __name__ == "__main__":
    sys.exit(main())
