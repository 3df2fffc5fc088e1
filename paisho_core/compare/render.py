"""Renderers: the report as JSON, Markdown, HTML or Rich text tables."""
from __future__ import annotations

import json
import os
from typing import Optional

from .ends import warnings_of
from .errors import CompareError
from .sections import build_sections
from .svg import esc as _esc
from .trust import notices, sample_size_line

FORMATS = ("text", "md", "json", "html")


def _public(report: dict) -> dict:
    return {**report, "variants": [{k: v for k, v in item.items() if k != "records"}
                                   for item in report["variants"]]}


def render_json(report: dict) -> str:
    return json.dumps(_public(report), indent=2, sort_keys=False, ensure_ascii=False) + "\n"


def _md_cell(s) -> str:
    return str(s).replace("|", "\\|").replace("\n", "<br>")


def _players(s: dict) -> str:
    return s.get("players_text") or s["players"]


def render_md(report: dict, heading: int = 2, plots: Optional[str] = None) -> str:
    """The report as Markdown that common code hosts render: tables and, when ``plots`` names the
    folder (relative to the Markdown file) where :func:`write_plots` wrote the PNG plots, links
    to them; never inline SVG.  ``heading`` is the level of the section headings."""
    h = "#" * heading
    s = report["settings"]
    out = [f"{h} Settings", "",
           f"Variants: {', '.join('`' + x + '`' for x in s['variants'])}. Games per variant: "
           f"{s['games']}. Players: {_players(s)}. Master seed: {s['seed']}. Ply cap: "
           f"{s['max_plies']} decisions.", ""]
    for w in warnings_of(report["variants"]):
        out += [f"> **Warning:** {_md_cell(w)}", ""]
    for w in notices(report):
        out += [f"> **Note:** {_md_cell(w)}", ""]
    if sample_size_line(report):
        out += [_md_cell(sample_size_line(report)), ""]
    if report["skipped"]:
        out += [f"{h} Skipped", ""]
        out += [f"- `{x['variant']}`: {_md_cell(x['reason'])}" for x in report["skipped"]]
        out.append("")
    for sec in build_sections(report):
        out += [f"{h} {sec['title']}", "", sec["intro"], ""]
        for t in sec["tables"]:
            out += [f"{h}# {t['title']}", ""]
            out.append("| " + " | ".join(_md_cell(x) for x in t["headers"]) + " |")
            out.append("|" + "---|" * len(t["headers"]))
            for r in t["rows"]:
                out.append("| " + " | ".join(_md_cell(x) for x in r) + " |")
            out.append("")
        for caption, lines in sec.get("texts", []):
            out += [f"*{_md_cell(caption)}*", "", "```text", *lines, "```", ""]
        if plots is not None and sec.get("plots"):
            out += [f"{h}# Plots", ""]
            base = plots.rstrip("/") + "/" if plots else ""
            for caption, name in sec["plots"]:
                out += [f"![{_md_cell(caption)}]({base}{name})", ""]
    return "\n".join(out)


_CSS = """body{font-family:system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;margin:1em 0;font-size:13px}
td,th{border:1px solid #ccc;padding:3px 6px;vertical-align:top;text-align:left}
th{background:#f2f2f2}figure{display:inline-block;margin:6px;vertical-align:top}
figcaption{font-size:12px;color:#555;max-width:460px}"""


def render_html(report: dict) -> str:
    s = report["settings"]
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>paisho compare</title>", f"<style>{_CSS}</style></head><body>",
           "<h1>Pai Sho variants compared</h1>",
           f"<p>Variants: {_esc(', '.join(s['variants']))}. Games per variant: {s['games']}. "
           f"Players: {_esc(_players(s))}. Master seed: {s['seed']}. Ply cap: {s['max_plies']} decisions.</p>"]
    out += [f"<p><strong>Warning:</strong> {_esc(w)}</p>" for w in warnings_of(report["variants"])]
    out += [f"<p><strong>Note:</strong> {_esc(w)}</p>" for w in notices(report)]
    if sample_size_line(report):
        out.append(f"<p>{_esc(sample_size_line(report))}</p>")
    if report["skipped"]:
        out.append("<h2>Skipped</h2><ul>" + "".join(f"<li><code>{_esc(x['variant'])}</code>: {_esc(x['reason'])}</li>"
                                                   for x in report["skipped"]) + "</ul>")
    for sec in build_sections(report):
        out.append(f"<h2>{_esc(sec['title'])}</h2><p>{_esc(sec['intro'])}</p>")
        for t in sec["tables"]:
            out.append(f"<h3>{_esc(t['title'])}</h3><table><tr>"
                       + "".join(f"<th>{_esc(x)}</th>" for x in t["headers"]) + "</tr>")
            for r in t["rows"]:
                out.append("<tr>" + "".join(f"<td>{_esc(x)}</td>" for x in r) + "</tr>")
            out.append("</table>")
        for caption, svg in sec["figures"]:
            out.append(f"<figure>{svg}<figcaption>{_esc(caption)}</figcaption></figure>")
        if not sec["figures"]:
            for caption, lines in sec.get("texts", []):
                out.append(f"<figure><pre>{_esc(chr(10).join(lines))}</pre><figcaption>{_esc(caption)}"
                           "</figcaption></figure>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def render_text(report: dict, console=None) -> None:
    """Rich tables on the terminal."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    s = report["settings"]
    console.print(f"[bold]paisho compare[/bold]: {s['games']} games per variant, players {_players(s)}, "
                  f"seed {s['seed']}, ply cap {s['max_plies']}", markup=True, highlight=False)
    for w in warnings_of(report["variants"]):
        console.print(f"[yellow]warning[/yellow] {w}", highlight=False)
    for w in notices(report):
        console.print(f"[cyan]note[/cyan] {w}", highlight=False)
    if sample_size_line(report):
        console.print(sample_size_line(report), highlight=False)
    for x in report["skipped"]:
        console.print(f"[yellow]skipped[/yellow] {x['variant']}: {x['reason']}")
    for sec in build_sections(report):
        console.rule(f"[bold]{sec['title']}")
        console.print(sec["intro"])
        for t in sec["tables"]:
            table = Table(title=t["title"], show_lines=True, title_justify="left")
            for n, hdr in enumerate(t["headers"]):
                table.add_column(str(hdr), overflow="fold", style="bold" if n == 0 else None)
            for r in t["rows"]:
                table.add_row(*[str(x) for x in r])
            console.print(table)
        for caption, lines in sec.get("texts", []):
            console.print(caption, highlight=False)
            console.print("\n".join(lines), highlight=False, markup=False)


def render(report: dict, fmt: str, plots: Optional[str] = None) -> str:
    """The report in ``md``, ``json``, ``html`` or ``text``; ``plots`` (Markdown only) is where
    the PNG plots are, relative to the Markdown file."""
    if fmt == "json":
        return render_json(report)
    if fmt == "md":
        return "# Pai Sho variants compared\n\n" + render_md(report, plots=plots) + "\n"
    if fmt == "html":
        return render_html(report)
    if fmt == "text":
        from rich.console import Console

        console = Console(record=True, width=160, file=open(os.devnull, "w"))
        render_text(report, console)
        return console.export_text()
    raise CompareError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
