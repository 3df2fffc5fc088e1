"""PNG plots of a report with matplotlib (the ``plots`` extra)."""
from __future__ import annotations

import math
from pathlib import Path

from .errors import CompareError
from .svg import PALETTE as _PALETTE


def write_plots(report: dict, directory: Path) -> list[Path]:
    """PNG plots of the length and branching distributions and the win rates.  Raises
    CompareError when matplotlib (the ``plots`` extra) is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
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
            if hst["counts"]:
                widths = [hst["edges"][i + 1] - hst["edges"][i] for i in range(len(hst["counts"]))]
                ax.bar(hst["edges"][:-1], hst["counts"], width=widths, align="edge", color="#4a7bb7")
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
        ys = v["play"]["branching"]["by_progress"]
        ax.plot([10 * i + 5 for i in range(len(ys))], ys, marker="o", label=v["label"],
                color=_PALETTE[n % len(_PALETTE)])
    ax.set_xlabel("progress through the game (%)")
    ax.set_ylabel("mean legal moves")
    ax.legend(fontsize=8)
    fig.tight_layout()
    path = directory / "branching_over_game.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    written.append(path)

    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.45 * len(vs)))
    labels = [v["label"] for v in vs]
    left = [0.0] * len(vs)
    for key, colour, name in (("first_player_wins", "#4a7bb7", "first player wins"), ("draws", "#bbbbbb", "draw"),
                              ("second_player_wins", "#d1733b", "second player wins"),
                              ("capped", "#eeeeee", "ply cap")):
        vals = [(v["play"][key]["rate"] or 0) for v in vs]
        ax.barh(labels, vals, left=left, color=colour, label=name)
        left = [a + b for a, b in zip(left, vals)]
    for n, v in enumerate(vs):
        ci = v["play"]["first_player_wins"]["ci95"]
        if ci:
            ax.plot(ci, [n, n], color="black")
    ax.axvline(0.5, color="black", linestyle=":")
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.legend(fontsize=7, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=4, frameon=False)
    fig.tight_layout()
    path = directory / "win_rates.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    written.append(path)
    return written
