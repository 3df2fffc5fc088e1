"""``paisho compare``: variants side by side, by their rules and by how they actually play.

Two halves, both derived, never typed by hand:

* **Rules** (:mod:`.rules`) come from each variant's own data: its YAML definition (tiles, counts,
  movement, areas, harmony and clash relations, options), the starting position ``new_game``
  builds, and the plugin's hook metadata.
* **Play** (:mod:`.selfplay`, :mod:`.statistics`) comes from N self-play games per variant:
  length, branching, first-player edge with a 95% Wilson interval, draws, end reasons, ply-cap
  share, captures.

Games run on a backend (:mod:`.backends`: local worker processes or a Ray cluster).  Every game
draws its seed from the master seed and its index, every worker runs with a fixed hash seed, and
results are folded in game order, so a report is byte-identical for a seed whatever the worker
count or backend.  :mod:`.differences` is the house-rule view (a base against its
overlays or options); :mod:`.sections` turns a report into tables that :mod:`.render` writes as
text, Markdown, HTML or JSON; :mod:`.plots` draws PNG plots; :mod:`.command` is the CLI.

    from paisho_core.compare import run_compare, render
    report = run_compare([name, f"{name}:SomeOption=true"], games=50, seed=1, workers=2)
    print(render(report, "md"))
"""
from __future__ import annotations

from .backends import BACKENDS, run_tasks
from .command import child_cpu, cmd_compare, register
from .ends import end_groups, ends_summary, short_reason, undecided_at_limit, warnings_of
from .errors import CompareError
from .plots import write_plots
from .prose import prose
from .differences import differences
from .render import FORMATS, render, render_html, render_json, render_md, render_text
from .report import REPORT_VERSION, run_compare, run_games
from .rules import describe_area, rules_of
from .sections import build_sections
from .selfplay import DECILES, DEFAULT_MAX_PLIES, DEFAULT_PLAYERS, end_category, game_seed, make_chooser, play_one
from .specs import resolve_spec, resolve_specs
from .statistics import summarise_play

__all__ = [
    "BACKENDS", "DECILES", "DEFAULT_MAX_PLIES", "DEFAULT_PLAYERS", "FORMATS", "REPORT_VERSION", "CompareError",
    "build_sections", "child_cpu", "end_groups", "ends_summary", "prose", "short_reason",
    "undecided_at_limit", "warnings_of", "differences", "cmd_compare", "describe_area", "end_category", "game_seed",
    "make_chooser", "play_one", "register", "render", "render_html", "render_json", "render_md",
    "render_text", "resolve_spec", "resolve_specs", "rules_of", "run_compare", "run_games",
    "run_tasks", "summarise_play", "write_plots",
]
