"""Dependency-free SVG figures for the HTML report."""
from __future__ import annotations

import html
import math

from .ends import result_shares


def esc(s) -> str:
    return html.escape(str(s), quote=True)


def relation_layout(rules: dict, seen: list | None = None) -> dict:
    """Where each tile of a harmony graph goes, on a unit square (y down), shared by the SVG and
    the PNG drawing so both read the same way in every variant.

    The circle of harmony runs clockwise from the top in its YAML order (so every variant with the
    same circle draws it the same way), then the other related tiles in tile order; wild tiles
    stand outside the circle, in the top-right corner.  Returns ``{"pos": {code: (x, y)}, "ring":
    [...], "wild": [...], "harmony": [...], "clash": [...], "seen": [...]}``.
    """
    h = rules["harmony"]
    wild = list(h["wild"])
    related = {c for pair in h["pairs"] + rules["clash"] + (seen or []) for c in pair}
    ring = [c for c in h["circle"] if c not in wild]
    ring += [t["code"] for t in rules["tiles"] if t["code"] in related and t["code"] not in ring
             and t["code"] not in wild]
    ring += sorted(c for c in related if c not in ring and c not in wild)
    pos = {}
    for i, c in enumerate(ring):
        a = -math.pi / 2 + 2 * math.pi * i / max(1, len(ring))
        pos[c] = (0.5 + 0.34 * math.cos(a), 0.52 + 0.34 * math.sin(a))
    for i, c in enumerate(wild):
        pos[c] = (0.92 - 0.14 * i, 0.08)
    in_ring = set(ring)
    return {"pos": pos, "ring": ring, "wild": wild,
            "harmony": [p for p in h["pairs"] if set(p) <= in_ring],
            "clash": [p for p in rules["clash"] if set(p) <= set(pos)],
            "seen": [p for p in (seen or []) if set(p) <= set(pos)]}


def svg_relation(rules: dict, seen: list | None = None, size: int = 240) -> str:
    """The harmony relation as a graph on a circle: harmonies green and solid, clashes red and
    dashed, pairs only seen in play blue and dotted; wild tiles outside the circle, ringed."""
    lay = relation_layout(rules, seen)
    pos = {c: (x * size, y * size) for c, (x, y) in lay["pos"].items()}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" role="img" font-family="sans-serif" font-size="12">']

    def line(a, b, style):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if a == b:
            return f'<circle cx="{x1:.1f}" cy="{y1 - 18:.1f}" r="7" fill="none" {style}/>'
        return f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'

    for a, b in lay["harmony"]:
        parts.append(line(a, b, 'stroke="#2a7" stroke-width="2.5"'))
    for a, b in lay["clash"]:
        parts.append(line(a, b, 'stroke="#c33" stroke-width="1.5" stroke-dasharray="5 3"'))
    for a, b in lay["seen"]:
        parts.append(line(a, b, 'stroke="#36c" stroke-width="1.5" stroke-dasharray="1 2"'))
    for c, (x, y) in pos.items():
        wild = c in lay["wild"]
        ring_style = 'fill="#efe" stroke="#2a7" stroke-dasharray="3 2"' if wild else 'fill="#fff" stroke="#333"'
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="14" {ring_style}/>'
                     f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle">{esc(c)}</text>')
    if lay["wild"]:
        # in the bottom-right corner, clear of the circle (the wild tiles stand top right)
        for k, words in enumerate(("wild (dashed):", "harmonizes with", "every circle tile")):
            parts.append(f'<text x="{size - 4}" y="{size - 27 + 11 * k}" text-anchor="end" '
                         f'font-size="9">{words}</text>')
    if not pos:
        parts.append(f'<text x="{size / 2}" y="{size / 2}" text-anchor="middle">no relation in the data</text>')
    parts.append("</svg>")
    return "".join(parts)


def svg_histogram(hist: dict, xlabel: str, width: int = 300, height: int = 120) -> str:
    counts, edges = hist["counts"], hist["edges"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif" font-size="10">']
    if not counts or not sum(counts):
        parts.append(f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle">no data: no decision was played</text>')
    elif len(counts) == 1 and edges[-1] - edges[0] == 1:
        # every value the same (e.g. every game stopped at the cap): say so, no lone bar
        parts.append(f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle">all {counts[0]} values: '
                     f'{edges[0]}</text><text x="{width / 2}" y="{height - 6}" text-anchor="middle">{esc(xlabel)}</text>')
    else:
        top = max(counts) or 1
        w = (width - 20) / len(counts)
        for i, c in enumerate(counts):
            h = (height - 30) * c / top
            parts.append(f'<rect x="{10 + i * w:.1f}" y="{height - 20 - h:.1f}" width="{max(1, w - 1):.1f}" '
                         f'height="{h:.1f}" fill="#4a7bb7"><title>{edges[i]}-{edges[i + 1] - 1}: {c}</title></rect>')
        parts.append(f'<text x="10" y="{height - 6}">{edges[0]}</text>'
                     f'<text x="{width - 10}" y="{height - 6}" text-anchor="end">{edges[-1] - 1}</text>'
                     f'<text x="{width / 2}" y="{height - 6}" text-anchor="middle">{esc(xlabel)}</text>')
    parts.append("</svg>")
    return "".join(parts)


PALETTE = ["#4a7bb7", "#d1733b", "#3f9e58", "#b8474d", "#7d5ba6", "#8c6d31", "#d36fb0", "#5f6b6d",
            "#2fa5a5", "#a3a336"]


def svg_lines(series: dict, width: int = 460, height: int = 200) -> str:
    vals = [x for s in series.values() for x in s if x is not None]
    top = max(vals) if vals else 1
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 16 * len(series)}" '
             f'role="img" font-family="sans-serif" font-size="10">']
    left, bottom = 34, height - 20
    parts.append(f'<line x1="{left}" y1="10" x2="{left}" y2="{bottom}" stroke="#999"/>'
                 f'<line x1="{left}" y1="{bottom}" x2="{width - 10}" y2="{bottom}" stroke="#999"/>'
                 f'<text x="{left - 4}" y="14" text-anchor="end">{top:.0f}</text>'
                 f'<text x="{left - 4}" y="{bottom}" text-anchor="end">0</text>'
                 f'<text x="{(left + width) / 2:.0f}" y="{height - 4}" text-anchor="middle">tenth of the game</text>')
    for n, (label, s) in enumerate(series.items()):
        colour = PALETTE[n % len(PALETTE)]
        pts = []
        for i, x in enumerate(s):
            if x is None:
                continue
            px = left + (width - left - 20) * (i + 0.5) / len(s)
            py = bottom - (bottom - 14) * x / (top or 1)
            pts.append(f"{px:.1f},{py:.1f}")
        parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{" ".join(pts)}"/>')
        y = height + 12 + 16 * n - 4
        parts.append(f'<rect x="{left}" y="{y - 8}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{left + 14}" y="{y}">{esc(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


RESULT_COLOURS = ("#4a7bb7", "#bbb", "#ddd", "#d1733b", "#eee")
"""The results bar of the HTML report, in the order of :data:`.ends.RESULT_NAMES` (a draw at a
length limit is the lighter grey)."""


def svg_results(vs: list, width: int = 460) -> str:
    row_h = 22
    height = 20 + row_h * len(vs)
    left = 120
    span = width - left - 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'font-family="sans-serif" font-size="10">']
    for n, v in enumerate(vs):
        p = v["play"]
        y = 10 + n * row_h
        x: float = left
        for (key, share), colour in zip(result_shares(p), RESULT_COLOURS):
            parts.append(f'<rect x="{x:.1f}" y="{y}" width="{span * share:.1f}" height="{row_h - 6}" '
                         f'fill="{colour}"><title>{esc(key)}: {100 * share:.1f}%</title></rect>')
            x += span * share
        ci = p["first_player_wins"]["ci95"]
        finished = sum(p[k]["count"] for k in ("first_player_wins", "second_player_wins", "draws"))
        if ci and finished:
            parts.append(f'<line x1="{left + span * ci[0]:.1f}" y1="{y + (row_h - 6) / 2}" '
                         f'x2="{left + span * ci[1]:.1f}" y2="{y + (row_h - 6) / 2}" stroke="#000" stroke-width="1.5"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 12}" text-anchor="end">{esc(v["label"])}</text>')
    parts.append(f'<line x1="{left + span / 2}" y1="4" x2="{left + span / 2}" y2="{height - 4}" '
                 f'stroke="#000" stroke-dasharray="2 2"/></svg>')
    return "".join(parts)
