"""The ``paisho compare`` command."""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path
from typing import Optional

from ..safe_io import write_atomic
from .errors import CompareError
from .journal import Journal, journal_path, settings_key
from .plots import write_plots
from .render import FORMATS, render, render_text
from .report import run_compare
from .selfplay import DEFAULT_MAX_PLIES, DEFAULT_PLAYERS


def register(app) -> None:
    app.command("compare")(cmd_compare)


def child_cpu() -> float:
    """CPU seconds used by finished child processes (the local workers), where the OS tells."""
    try:
        import resource
    except ImportError:
        return 0.0
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _make_command():
    import typer

    from ..cli.util import InputError, guarded

    @guarded
    def cmd(
        variants: Optional[list[str]] = typer.Argument(None, help="Variants: names, name:K=V,... or house-rules YAML files (default: every registered variant)."),
        games: int = typer.Option(100, "--games", "-n", help="Self-play games per variant."),
        players: str = typer.Option(DEFAULT_PLAYERS, "--players", help="A player level for both sides: explore (default: rule-aware, see docs/comparing.md), explore:LEVEL, random, greedy, easy, medium or hard (search levels play a fixed number of iterations per decision, so reports are reproducible; mcts:N = N iterations)."),
        seed: int = typer.Option(1, "--seed", help="Master seed; game k uses a seed derived from it and k."),
        workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (or Ray CPUs for a local Ray)."),
        fmt: str = typer.Option("text", "--format", "-f", help="text, md, json or html."),
        out: Optional[Path] = typer.Option(None, "--out", help="Write the report to this file instead of stdout."),
        plots: Optional[Path] = typer.Option(None, "--plots", help="Write PNG plots into this folder (the plots extra: matplotlib); a Markdown report links them."),
        max_plies: int = typer.Option(DEFAULT_MAX_PLIES, "--max-plies", help="Decision cap per game; the share of capped games is reported."),
        backend: str = typer.Option("process", "--backend", help="process (local workers) or ray (the ray extra)."),
        ray_address: Optional[str] = typer.Option(None, "--ray-address", help="Address of a running Ray cluster (default: start a local one)."),
        records: Optional[Path] = typer.Option(None, "--records", help="Save every game's record in this directory."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
        until_decided: Optional[float] = typer.Option(None, "--until-decided", help="Play batches of --games until every figure's 95% interval is narrower than this (rates: 0.05 = 5 points; means: relative to the base) or its difference is significant."),
        cap: int = typer.Option(2000, "--cap", help="With --until-decided: at most this many games a side."),
    ):
        """Compare variants side by side: their rules, and how they play in self-play games."""
        from .. import variants as registered

        if fmt not in FORMATS:
            raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
        if workers < 1:
            raise InputError("--workers must be at least 1")
        names = list(variants or registered())
        if variants:
            # a variant the user named that does not resolve is a mistake to say, not to skip
            # (skipping is for the registered variants compared by default: one broken plugin
            # must not hide the others)
            from .specs import resolve_specs

            broken = [x for x in resolve_specs(names)[1] if not x["reason"].startswith("same variant")]
            if broken:
                raise InputError("; ".join(f"{x['variant']}: {x['reason']}" for x in broken)
                                 + " (nothing was played)")
        start, cpu0 = time.perf_counter(), child_cpu()
        per_variant: dict = {}
        where = journal_path(out)
        journal = None if where is None else Journal(where, settings_key(
            names, seed, players, max_plies, records is not None))
        if journal is not None and journal.count() and not quiet:
            typer.echo(f"resuming: {journal.count()} games already played ({where})", err=True)
        try:
            report = run_compare(names, games=games, players=players, seed=seed, workers=workers,
                                 max_plies=max_plies, backend=backend, progress=not quiet,
                                 keep_records=records is not None, ray_address=ray_address,
                                 timing=per_variant, journal=journal,
                                 until_decided=None if until_decided is None else {"width": until_decided, "cap": cap})
        except KeyboardInterrupt:
            if journal is None:
                typer.echo("paisho: stopped; nothing kept (with --out FILE the games played are "
                           "kept and the same command resumes)", err=True)
            else:
                typer.echo(f"paisho: stopped; {journal.count()} games kept in {where}: run the "
                           f"same command again to resume", err=True)
            raise typer.Exit(130)
        elapsed, cpu = time.perf_counter() - start, child_cpu() - cpu0
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
            for item in report["variants"]:
                safe = re.sub(r"[^A-Za-z0-9_.=-]+", "_", item["label"])
                for k, rec in enumerate(item["records"]):
                    write_atomic(records / f"{safe}-{k:05d}.txt", rec)
        wrote_plots = []
        if plots is not None:
            try:
                wrote_plots = write_plots(report, plots)
            except CompareError as exc:
                typer.echo(f"paisho: no plots: {exc}", err=True)
            for path in wrote_plots:
                typer.echo(f"wrote {path}", err=True)
        href = None
        if wrote_plots and plots is not None:
            where = out.resolve().parent if out is not None else Path.cwd()
            href = os.path.relpath(plots.resolve(), where).replace(os.sep, "/")
        if fmt == "text" and out is None:
            render_text(report)
        else:
            text = render(report, fmt, plots=href)
            if out is None:
                sys.stdout.write(text)
            else:
                write_atomic(out, text)
                if journal is not None:
                    journal.remove()  # the report holds every game now
        if not quiet:
            played = report["settings"]["games"]
            decisions = per_variant.get("decisions", {})
            typer.echo("CPU seconds per game (per decision): " + ", ".join(
                f"{label} {sec / played:.3f} ({1000 * sec / max(1, decisions.get(label, 0)):.2f} ms)"
                for label, sec in per_variant.items() if isinstance(sec, float)), err=True)
            typer.echo(f"{sum(v['play']['games'] for v in report['variants'])} games in {elapsed:.1f} s "
                       f"with {workers} worker(s)" + (f"; {cpu:.1f} CPU seconds in the workers" if cpu else ""),
                       err=True)

    cmd.__name__ = "cmd_compare"
    return cmd


cmd_compare = _make_command()
