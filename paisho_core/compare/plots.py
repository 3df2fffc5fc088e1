"""PNG plots of a report with matplotlib (the ``plots`` extra)."""
from __future__ import annotations

import math
from pathlib import Path

from .ends import RESULT_NAMES, result_shares
from .errors import CompareError
from .sections import plot_name, undeclared
from .svg import PALETTE as _PALETTE
from .svg import relation_layout


RESULT_STYLES = (("#4a7bb7", None), ("#bbbbbb", None), ("#bbbbbb", "///"), ("#d1733b", None), ("#e4e4e4", None))


def write_plots(report: dict, directory: Path) -> list[Path]:
    """PNG plots of the length and branching distributions and the win rates.  Raises
    CompareError when matplotlib (the ``plots`` extra) is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise CompareError("plots need matplotlib: pip install 'paisho[plots]'") from None
    directory.mkdir(parents=True, exist_ok=True)
    vs = report["variants"]
    written = []

    def hist_grid(key, xlabel, fname):
        n = len(vs)
        cols = min(3, n)
        rows = math.ceil(n / cols)
        fig, axes = plt.subplots(rows, cols, figsize=(4 * cols, 2.6 * rows), squeeze=False)
        for ax, v in zip(axes.flat, vs):
            hst = v["play"][key]["histogram"]
            summ = v["play"][key]
            lo, hi = (summ.get("min"), summ.get("max")) if key == "decisions" else (
                (hst["edges"][0], hst["edges"][-1] - 1) if hst["edges"] else (None, None))
            if lo is not None and lo == hi:
                # every value the same (e.g. every game stopped at the cap): say so, no lone bar
                ax.text(0.5, 0.5, f"all {sum(hst['counts'])} values: {lo:g}", ha="center",
                        va="center", transform=ax.transAxes, fontsize=10)
                ax.set_xticks([])
                ax.set_yticks([])
            elif not hst["counts"] or not sum(hst["counts"]):
                ax.text(0.5, 0.5, "no data: no decision was played", ha="center", va="center",
                        transform=ax.transAxes, fontsize=10)
                ax.set_xticks([])
                ax.set_yticks([])
            else:
                widths = [hst["edges"][i + 1] - hst["edges"][i] for i in range(len(hst["counts"]))]
                ax.bar(hst["edges"][:-1], hst["counts"], width=widths, align="edge", color="#4a7bb7")
                ax.xaxis.set_major_locator(MaxNLocator(integer=True))
                ax.yaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_title(v["label"], fontsize=10)
            ax.set_xlabel(xlabel, fontsize=8)
        for ax in list(axes.flat)[n:]:
            ax.axis("off")
        fig.tight_layout()
        path = directory / fname
        fig.savefig(path, dpi=110, metadata={"Software": None})
        plt.close(fig)
        written.append(path)

    hist_grid("decisions", "decisions per game", "lengths.png")
    hist_grid("branching", "legal moves per decision", "branching.png")

    fig, ax = plt.subplots(figsize=(7, 3.5))
    for n, v in enumerate(vs):
        points = [(10 * i + 5, y) for i, y in enumerate(v["play"]["branching"]["by_progress"]) if y is not None]
        if points:
            ax.plot(*zip(*points), marker="o", label=v["label"], color=_PALETTE[n % len(_PALETTE)])
    if not ax.lines:
        ax.text(0.5, 0.5, "no data: no decision was played", ha="center", va="center", transform=ax.transAxes)
    ax.set_xlim(0, 100)
    ax.set_xlabel("progress through the game (%)")
    ax.set_ylabel("mean legal moves")
    if ax.lines:
        ax.legend(fontsize=8)
    fig.tight_layout()
    path = directory / "branching_over_game.png"
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)
    written.append(path)

    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.45 * len(vs)))
    labels = [v["label"] for v in vs]
    left = [0.0] * len(vs)
    for name, colour, hatch, vals in _result_bars(vs):
        ax.barh(labels, vals, left=left, color=colour, hatch=hatch, edgecolor="white" if hatch else None,
                label=name)
        left = [a + b for a, b in zip(left, vals)]
    for n, v in enumerate(vs):
        ci = v["play"]["first_player_wins"]["ci95"]
        finished = sum(v["play"][k]["count"] for k in ("first_player_wins", "second_player_wins", "draws"))
        if ci and finished:  # no game with a result: the interval would only say "anything"
            ax.plot(ci, [n, n], color="black")
    ax.axvline(0.5, color="black", linestyle=":")
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.legend(fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, frameon=False)
    fig.tight_layout()
    path = directory / "win_rates.png"
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)
    written.append(path)
    for v in vs:
        written.append(_harmony_plot(plt, v, directory / plot_name("harmony", v["label"])))
    return written


def _result_bars(vs: list[dict]) -> list[tuple]:
    """The stacked segments of the results plot: (name, colour, hatch, share per variant)."""
    shares = [result_shares(v["play"]) for v in vs]
    return [(name, colour, hatch, [sh[k][1] for sh in shares])
            for k, (name, (colour, hatch)) in enumerate(zip(RESULT_NAMES, RESULT_STYLES))]


def _harmony_plot(plt, v: dict, path: Path) -> Path:
    """One variant's harmony graph (the layout of the HTML report's SVG)."""
    lay = relation_layout(v["rules"], undeclared(v["rules"], v["play"]))
    pos = {c: (x, 1 - y) for c, (x, y) in lay["pos"].items()}
    fig, ax = plt.subplots(figsize=(3.2, 3.2))
    styles = (("harmony", dict(color="#22aa77", lw=2.5)),
              ("clash", dict(color="#cc3333", lw=1.5, ls=(0, (5, 3)))),
              ("seen", dict(color="#3366cc", lw=1.5, ls=":")))
    for key, style in styles:
        for a, b in lay[key]:
            (x1, y1), (x2, y2) = pos[a], pos[b]
            ax.plot([x1, x2], [y1, y2], **style)
    for c, (x, y) in pos.items():
        wild = c in lay["wild"]
        ax.scatter([x], [y], s=520, facecolor="#eeffee" if wild else "white",
                   edgecolor="#22aa77" if wild else "#333333", linestyle="--" if wild else "-", zorder=3)
        ax.text(x, y, c, ha="center", va="center", fontsize=9, zorder=4)
    if lay["wild"]:
        # in the bottom-right corner, clear of the circle (the wild tiles stand top right)
        ax.text(0.99, 0.0, "wild (dashed):\nharmonizes with\nevery circle tile", ha="right", va="bottom",
                fontsize=7)
    if not pos:
        ax.text(0.5, 0.5, "no relation in the data", ha="center", va="center")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(v["label"], fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)
    return path
