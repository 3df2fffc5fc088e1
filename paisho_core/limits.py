"""Limits on input from outside (records, positions, variant YAML, engine requests, uploads).

Every reader checks its text against these before doing any work, so a hostile or broken file
ends in one clear error instead of exhausting memory or time.  The figures are far above
anything a real game or variant needs: the longest real records are a few hundred lines of a
few dozen characters, and the largest shipped variant YAML expands to about two thousand nodes.
"""
from __future__ import annotations

from .errors import PaishoError

#: Largest record, position or variant file read (bytes of text).
MAX_TEXT = 2_000_000
#: Longest line of a record or variant file.
MAX_LINE = 20_000
#: Deepest nesting of mappings and lists in a YAML or JSON document.
MAX_DEPTH = 40
#: Most YAML nodes once aliases are expanded (what a reader of the data would walk).
MAX_NODES = 50_000
#: Most turns a record may hold.
MAX_TURNS = 20_000
#: Longest engine request line (bytes).
MAX_REQUEST = 4_000_000


class LimitError(PaishoError):
    """Input larger or deeper than paisho reads (see :mod:`paisho_core.limits`); ``detail`` is
    the message without the source and line, ``line`` the line it names (or None)."""

    def __init__(self, detail: str, source: str | None = None, line: int | None = None) -> None:
        where = ", ".join(w for w in (source and str(source), line and f"line {line}") if w)
        super().__init__(f"{where}: {detail}" if where else detail)
        self.detail, self.source, self.line = detail, source, line


def check_text(text: str, source: str | None = None, lines: bool = True) -> None:
    """LimitError, naming the source and the line, if ``text`` is too large or a line too long."""
    if len(text) > MAX_TEXT:
        raise LimitError(f"{len(text)} characters; paisho reads at most {MAX_TEXT}", source)
    if lines and len(text) > MAX_LINE:
        for n, line in enumerate(text.splitlines(), start=1):
            if len(line) > MAX_LINE:
                raise LimitError(f"{len(line)} characters; a line may hold at most {MAX_LINE}",
                                 source, n)

