"""A whole comparison: resolve the variants, play their games on a backend, fold the figures."""
from __future__ import annotations

from typing import Optional

from .. import stats
from .backends import BACKENDS, run_tasks
from .ends import warnings_of
from .errors import CompareError
from .rules import rules_of
from .differences import differences, is_house_view
from .journal import Journal
from .selfplay import DEFAULT_MAX_PLIES, DEFAULT_PLAYERS, chunks_of, make_chooser, players_text, run_chunk
from .specs import resolve_specs
from .statistics import summarise_play
from .touch import same_rules

REPORT_VERSION = 3
"""The shape of the JSON report (docs/comparing.md); raised whenever a key changes meaning."""


def run_games(entries: list[dict], games: int, seed: int, players: str, max_plies: int,
              workers: int = 1, backend: str = "process", progress: bool = False,
              keep_records: bool = False, ray_address: Optional[str] = None,
              start: int = 0, journal: Optional[Journal] = None) -> list[list[dict]]:
    """Play games ``start`` to ``start + games - 1`` of every entry; returns the per-game results of
    each, in game order.  An entry's ``watched_by`` (other entries) watch its games for the
    decisions where their rules disagree (:mod:`.touch`).  A ``journal`` supplies the games a
    stopped run already played and records each game as it finishes."""
    if backend not in BACKENDS:
        raise CompareError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    tasks, owner, indices_of = [], [], []
    found: list[dict[int, dict]] = [{} for _ in entries]  # results kept by a journal
    for e_index, entry in enumerate(entries):
        others = tuple((o["spec"], o["options"]) for o in entry.get("watched_by", ()))
        todo = []
        for k in range(start, start + games):
            kept = journal.get(entry["label"], k) if journal is not None else None
            if kept is not None:
                found[e_index][k] = kept
            else:
                todo.append(k)
        for chunk in chunks_of(todo, games, workers):
            tasks.append((entry["spec"], entry["options"], chunk, seed, players, max_plies, keep_records,
                          others))
            owner.append(e_index)
            indices_of.append(chunk)
    bar = _Progress(entries, games) if progress else None
    if bar:
        for e_index, kept in enumerate(found):
            bar.advance(e_index, len(kept))
    try:
        def on_done(n, result):
            if journal is not None:
                for k, r in zip(indices_of[n], result):
                    journal.add(entries[owner[n]]["label"], k, r)
            if bar:
                bar.advance(owner[n], len(result))

        chunk_results = run_tasks(run_chunk, tasks, max(1, workers), backend, on_done, ray_address)
    finally:
        if bar:
            bar.stop()
    for n, res in enumerate(chunk_results):
        found[owner[n]].update(zip(indices_of[n], res))
    return [[kept[k] for k in sorted(kept)] for kept in found]


class _Progress:
    """A Rich progress bar on stderr: one line per variant."""

    def __init__(self, entries, games: int) -> None:
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)

        self.progress = Progress(TextColumn("{task.description:<18}"), BarColumn(),
                                 MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                                 console=Console(stderr=True), transient=False)
        self.ids = [self.progress.add_task(e["label"][:18], total=games) for e in entries]
        self.progress.start()

    def advance(self, n: int, count: int) -> None:
        self.progress.advance(self.ids[n], count)

    def stop(self) -> None:
        self.progress.stop()


def run_compare(texts: list[str], games: int = 100, players: str = DEFAULT_PLAYERS, seed: int = 1,
                workers: int = 1, max_plies: int = DEFAULT_MAX_PLIES, backend: str = "process",
                progress: bool = False, keep_records: bool = False,
                ray_address: Optional[str] = None, timing: Optional[dict] = None,
                until_decided: Optional[dict] = None, journal: Optional[Journal] = None) -> dict:
    """The whole comparison as a JSON-ready dict (see :func:`render` for the formats).

    With ``keep_records`` each variant entry also carries ``records`` (one per game, in game
    order); :func:`render` leaves them out of every format.  A ``timing`` dict, when given, is
    filled with each variant's CPU seconds in the workers (kept out of the report, which must not
    depend on the machine), and under ``decisions`` and ``fingerprints`` each variant's decisions
    and the fingerprint of every game (what a later run must replay to match this one).  ``until_decided`` (``{"width": w, "cap": n}``) plays further
    batches of ``games`` until every figure is decided (:mod:`.until`) or ``cap`` games a side.
    """
    if games < 1:
        raise CompareError("--games must be at least 1")
    if max_plies < 1:
        raise CompareError("--max-plies must be at least 1")
    make_chooser(players, "check")  # fail early, in this process, with a clear message
    entries, skipped = resolve_specs(texts)
    house = is_house_view([e["variant"] for e in entries])
    if house:  # each rule set's games are watched by the others' rules (the parent by all)
        entries[0]["watched_by"] = entries[1:]
        for e in entries[1:]:
            e["watched_by"] = [entries[0]]

    def play(count: int, start: int) -> list[list[dict]]:
        return run_games(entries, count, seed, players, max_plies, workers, backend, progress,
                         keep_records, ray_address, start, journal) if entries else []

    all_results = play(games, 0)
    decided = None
    if until_decided and entries:
        from .until import keep_playing

        all_results, decided = keep_playing(all_results, play, games, house, **until_decided)
    out = []
    for entry, results in zip(entries, all_results):
        if timing is not None:
            timing[entry["label"]] = sum(r.get("cpu", 0.0) for r in results)
            timing.setdefault("decisions", {})[entry["label"]] = sum(r["decisions"] for r in results)
            timing.setdefault("fingerprints", {})[entry["label"]] = [r["fingerprint"] for r in results]
        v = entry["variant"]
        item = {"label": entry["label"], "name": v.name, "title": v.title,
                "options": {k: entry["options"][k] for k in sorted(entry["options"])},
                "rules": rules_of(v, entry["options"]),
                "play": summarise_play(results, max_plies),
                "pictures": pictures(entry, results, players, max_plies)}
        if keep_records:
            item["records"] = [r.get("record") for r in results]
        out.append(item)
    played = len(all_results[0]) if all_results else games
    report = {"report": "paisho compare", "version": REPORT_VERSION,
              "settings": {"games": played, "players": players, "players_text": players_text(players),
                           "seed": seed, "max_plies": max_plies, "variants": list(texts)},
              "variants": out, "skipped": skipped,
              "warnings": warnings_of(out)}
    if decided is not None:
        report["settings"]["until_decided"] = {**(until_decided or {}), "first_batch": games}
        report["decided"] = decided
    report = stats.rounded(report)
    report["differences"] = stats.rounded(differences(report, all_results)) if house else []
    for d, e in zip(report["differences"], entries[1:]):
        d["same_rules"] = same_rules(e["variant"], e["options"], entries[0]["variant"], entries[0]["options"])
    report["sample_size"] = stats.rounded(sample_size(report, all_results))
    return report


def sample_size(report: dict, all_results: list[list[dict]]) -> Optional[dict]:
    """The sample-size hint of a report: for the first variant's first-player wins, or for the
    first house rule's paired difference."""
    from .paired import games_for_shift

    if report.get("differences"):
        return report["differences"][0].get("sample_size")
    if not report["variants"]:
        return None
    rate = report["variants"][0]["play"]["first_player_wins"]["rate"]
    return None if rate is None else games_for_shift(rate)


def pictures(entry: dict, results: list[dict], players: str, max_plies: int) -> dict:
    """The starting position and a typical final position (of the game of median length, the
    first such in game order), played again here from its seed."""
    from .rules import starting_game
    from .selfplay import play_one
    from .touch import picture

    v, options = entry["variant"], entry["options"]
    out: dict = {"start": picture(starting_game(v, options))}
    lengths = sorted(r["decisions"] for r in results)
    if lengths:
        median = lengths[(len(lengths) - 1) // 2]
        k = next(k for k, r in enumerate(results) if r["decisions"] == median)
        watchers = tuple((o["variant"], o["options"]) for o in entry.get("watched_by", ()))
        again = play_one(v, options, results[k]["seed"], players, max_plies, others=watchers, final=True)
        out["final"] = {"game": k, "seed": results[k]["seed"], "reason": again["reason"],
                        "winner": again["winner"], **again["final"]}
    return out
