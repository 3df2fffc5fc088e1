"""Regenerate the real report on docs/comparing.md (every registered variant, self-play figures).

The page keeps its hand-written introduction; everything between the two REPORT markers is
replaced by ``paisho compare``'s Markdown for all registered variants.  Nothing in the report is
typed by hand.

    python scripts/gen_compare_report.py                       # 200 games per variant, 2 workers
    python scripts/gen_compare_report.py --games 1000 --json report.json
    python scripts/gen_compare_report.py --from-json report.json   # re-render a saved run
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "comparing.md"
BEGIN = "<!-- BEGIN GENERATED REPORT (scripts/gen_compare_report.py) -->"
END = "<!-- END GENERATED REPORT -->"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="self-play games per variant")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", default="random")
    ap.add_argument("--max-plies", type=int, default=None, help="decision cap (default: the command's)")
    ap.add_argument("--json", type=Path, help="also save the JSON report here")
    ap.add_argument("--html", type=Path, help="also save the HTML report here")
    ap.add_argument("--from-json", type=Path, help="render a saved JSON report instead of playing")
    ap.add_argument("--page", type=Path, default=PAGE, help="the Markdown page to update")
    args = ap.parse_args(argv)

    from paisho_core import compare, variants

    if args.from_json:
        report = json.loads(args.from_json.read_text("utf-8"))
        timing = report.pop("timing", None)
    else:
        kwargs = {"max_plies": args.max_plies} if args.max_plies else {}
        start, cpu0 = time.perf_counter(), compare.child_cpu()
        per_variant: dict = {}
        report = compare.run_compare(variants(), games=args.games, players=args.players,
                                     seed=args.seed, workers=args.workers, progress=True,
                                     timing=per_variant, **kwargs)
        elapsed, cpu = time.perf_counter() - start, compare.child_cpu() - cpu0
        timing = {"seconds": round(elapsed, 1), "cpu_seconds": round(cpu, 1), "workers": args.workers,
                  "machine": f"{platform.machine()}, Python {platform.python_version()}",
                  "cpu_seconds_per_game": {k: round(v / args.games, 4) for k, v in per_variant.items()}}
    if args.json:
        saved = dict(report, timing=timing) if timing else report
        args.json.write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n", "utf-8")
    if args.html:
        args.html.write_text(compare.render(report, "html"), "utf-8")

    s = report["settings"]
    names = ", ".join(f"`{v}`" for v in s["variants"])
    lines = [BEGIN, "",
             "This report was produced by `python scripts/gen_compare_report.py` (equivalent to "
             f"`paisho compare {' '.join(s['variants'])} --games {s['games']} --seed {s['seed']} "
             f"--max-plies {s['max_plies']} --players {s['players']} --format md`), over every "
             f"registered variant: {names}."]
    if timing:
        lines += ["", f"Wall time: {timing['seconds']:.0f} s with {timing['workers']} worker "
                      f"processes, {timing.get('cpu_seconds', 0):.0f} CPU seconds in the workers "
                      f"({timing['machine']}). CPU seconds per game: "
                      + ", ".join(f"{k} {v:.3f}" for k, v in timing.get("cpu_seconds_per_game", {}).items()) + "."]
    lines += ["", compare.render_md(report, heading=3), "", END]
    block = "\n".join(lines)

    page = args.page.read_text("utf-8") if args.page.exists() else ""
    if BEGIN in page and END in page:
        head, rest = page.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        page = head + block + tail
    else:
        page = (page.rstrip() + "\n\n" if page else "# Comparing variants\n\n") + "## A real report\n\n" + block + "\n"
    args.page.write_text(page, "utf-8")
    print(f"wrote {args.page}" + (f" ({timing['seconds']:.0f} s)" if timing else ""), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
