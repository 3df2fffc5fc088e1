"""A comparison's journal: every finished game's result, appended as it arrives, so that a run
stopped part-way (Ctrl-C, a lost machine) keeps the games played and the same command resumes
from them.  The first line names the settings the games were played under; a journal written
under other settings is never mixed in.  One JSON object a line; a torn last line (the process
ended while writing it) is ignored."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Optional

from .errors import CompareError


class Journal:
    """Results of finished games by (entry label, game index), kept in ``path``."""

    def __init__(self, path: Path, settings: dict) -> None:
        self.path = Path(path)
        self.settings = settings
        self.done: dict[tuple[str, int], dict] = {}
        if self.path.exists():
            self._read()
        else:
            self._write_line({"journal": "paisho compare", "settings": settings})

    def _read(self) -> None:
        try:
            lines = self.path.read_text("utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise CompareError(f"{self.path}: cannot read this journal of a stopped run ({exc})") from None
        rows = []
        for n, line in enumerate(lines, start=1):
            try:
                rows.append(json.loads(line))
            except ValueError:
                if n == len(lines):
                    break  # the last line was being written when the run stopped
                raise CompareError(f"{self.path}: line {n} is not JSON; delete the file to start "
                                   f"afresh") from None
        if not rows or rows[0].get("settings") != self.settings:
            raise CompareError(f"{self.path} holds games of a run with other settings (variants, "
                               f"seed, players or cap); delete it to start afresh, or run the "
                               f"command it was made with")
        for row in rows[1:]:
            if isinstance(row, dict) and "label" in row and "index" in row:
                self.done[(row["label"], int(row["index"]))] = row["result"]

    def _write_line(self, row: dict) -> None:
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            out.flush()
            os.fsync(out.fileno())

    def get(self, label: str, index: int) -> Optional[dict]:
        return self.done.get((label, index))

    def add(self, label: str, index: int, result: dict) -> None:
        self.done[(label, index)] = result
        self._write_line({"label": label, "index": index, "result": result})

    def count(self) -> int:
        return len(self.done)

    def remove(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass


def journal_path(out: Optional[Path]) -> Optional[Path]:
    """Where the journal of a run writing ``out`` lives (beside it); None without ``--out``."""
    return None if out is None else out.with_name(out.name + ".partial.jsonl")


def settings_key(texts: list[str], seed: int, players: str, max_plies: int, keep_records: bool) -> dict[str, Any]:
    return {"variants": list(texts), "seed": seed, "players": players, "max_plies": max_plies,
            "records": keep_records}
