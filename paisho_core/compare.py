"""``paisho compare``: variants side by side, by their rules and by how they actually play.

Two halves, both derived, never typed by hand:

* **Rules** come from each variant's own data: its YAML definition (tiles, counts, movement,
  areas, harmony and clash relations, options), the starting position ``new_game`` builds, and the
  plugin's hook metadata (which hooks it implements, whether it has chance steps or hidden
  information, the docstrings of its functions for one-line effects).
* **Play** comes from N self-play games per variant: length, branching, first-player edge with a
  95% Wilson interval, draws, end reasons, ply-cap share, captures.

Games run in worker processes (``--workers``) or on a Ray cluster (``--backend ray``).  Every game
draws its seed from the master seed and its index, every worker runs with a fixed hash seed, and
results are folded in game order, so a report is byte-identical for a seed whatever the worker
count or backend.

    from paisho_core.compare import run_compare, render
    report = run_compare([name, f"{name}:SomeOption=true"], games=50, seed=1, workers=2)
    print(render(report, "md"))
"""
from __future__ import annotations

import hashlib
import html
import inspect
import json
import math
import os
import random
import re
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Callable, Optional

from . import board, stats
from .errors import PaishoError
from .tiles import PLAYERS, other

FORMATS = ("text", "md", "json", "html")
BACKENDS = ("process", "ray")
DEFAULT_MAX_PLIES = 1500
DECILES = 10
HARMONY_SAMPLE = 4
"""Harmonies are read every this many decisions (and at the end) to learn which pairs occur."""
REPORT_VERSION = 1


class CompareError(PaishoError):
    pass


# =============================================================================================
# Variant arguments
# =============================================================================================

def resolve_spec(text: str):
    """(variant, options) for one variant argument: a name, ``name:K=V,...`` or a YAML path."""
    from .cliutil import variant_and_options

    return variant_and_options(text)


def _spec_for_workers(text: str, variant) -> str:
    """The argument as a fresh worker process must see it: YAML paths made absolute, and a
    variant this process loaded from a YAML file (an overlay named by its registered name)
    named by that file again."""
    from .variant import _entry_point_modules

    name, sep, opts = text.partition(":") if not text.endswith((".yaml", ".yml")) else (text, "", "")
    if name.endswith((".yaml", ".yml")) and Path(name).is_file():
        return str(Path(name).resolve()) + sep + opts
    if name not in _entry_point_modules() and str(variant.source).endswith((".yaml", ".yml")) \
            and Path(variant.source).is_file():
        return str(Path(variant.source).resolve()) + sep + opts
    return text


def resolve_specs(texts: list[str]):
    """Resolve every argument; returns ``(entries, skipped)``.

    An entry is a dict with the argument, a unique label, the variant and its options.  A variant
    that does not resolve or whose ``new_game`` fails is skipped with the reason, so one broken
    plugin never hides the others.
    """
    entries, skipped = [], []
    labels: dict[str, int] = {}
    seen: dict[tuple, str] = {}
    for text in texts:
        try:
            variant, options = resolve_spec(text)
            from . import new_game

            game = new_game(variant, options=options, seed=0, auto_chance=False)
            game.legal_moves()
        except Exception as exc:  # a plugin under construction must not stop the comparison
            skipped.append({"variant": text, "reason": f"{type(exc).__name__}: {exc}"})
            continue
        key = (variant.name, json.dumps(variant.options(options), sort_keys=True, default=str))
        if key in seen:
            skipped.append({"variant": text, "reason": f"same variant and options as {seen[key]} (an alias)"})
            continue
        seen[key] = text
        label = text if not text.endswith((".yaml", ".yml")) else variant.name
        n = labels.get(label, 0)
        labels[label] = n + 1
        if n:
            label = f"{label} #{n + 1}"
        entries.append({"spec": _spec_for_workers(text, variant), "label": label, "variant": variant,
                        "options": options})
    return entries, skipped


# =============================================================================================
# Rules, from the variant's data and hook metadata
# =============================================================================================

_AREA_ORDER = ("red", "white", "neutral")


def describe_area(mask: int) -> str:
    """A point set in words: ``any``, whole area types (``neutral+red``), gates, loose points."""
    if not mask:
        return "-"
    inner = board.PLAYABLE & ~board.GATES
    parts = []
    rest = mask & inner
    if rest == inner:
        parts.append("any")
        rest = 0
    else:
        for t in _AREA_ORDER:
            area = board.AREA[t] & inner
            if area and rest & area == area:
                parts.append(t)
        covered = 0
        for t in parts:
            covered |= board.AREA[t]
        rest &= ~covered
    if rest:
        parts.append(f"{rest.bit_count()} point" + ("s" if rest.bit_count() > 1 else ""))
    gates = mask & board.GATES
    if gates == board.GATES:
        parts.append("gates")
    elif gates:
        parts.append(f"{gates.bit_count()} gate" + ("s" if gates.bit_count() > 1 else ""))
    return "+".join(parts)


def _first_line(doc: str | None) -> str:
    if not doc:
        return ""
    text = " ".join(doc.strip().split("\n\n")[0].split())
    m = re.match(r"(.+?\.)(\s|$)", text)
    return m.group(1) if m else text


def _plugin_modules(variant) -> list:
    """The plugin modules of a variant plus the modules of the same packages they use."""
    seen, out = set(), []

    def add(mod):
        if mod is None or mod.__name__ in seen:
            return
        seen.add(mod.__name__)
        out.append(mod)

    for plugin in variant.plugins:
        add(plugin)
    roots = {p.__name__.split(".")[0] for p in variant.plugins}
    for plugin in list(out):
        pkg = plugin.__name__ if hasattr(plugin, "__path__") else plugin.__name__.rpartition(".")[0]
        for name, mod in sorted(sys.modules.items()):
            if mod is not None and pkg and name.startswith(pkg + "."):
                add(mod)
        for value in vars(plugin).values():
            mod = inspect.getmodule(value) if not inspect.ismodule(value) else value
            if mod is not None and mod.__name__.split(".")[0] in roots:
                add(mod)
    return out


def _docstrings(variant) -> list[tuple[str, str, str]]:
    """(module.function, function name, first sentence) for every documented function."""
    out = []
    for mod in _plugin_modules(variant):
        for name, fn in sorted(vars(mod).items()):
            if not inspect.isfunction(fn) or fn.__module__ != mod.__name__:
                continue
            line = _first_line(fn.__doc__)
            if line:
                out.append((f"{mod.__name__.rpartition('.')[2]}.{name}", name.lower(), line))
    return out


def _tile_keys(kind) -> set:
    keys = {kind.name.lower()} | {t.lower() for t in kind.tags}
    keys |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", kind.name)}
    return {k for k in keys if len(k) >= 3}


def _effect_of(kind, docs, shared: set) -> tuple[str, str]:
    """A one-line effect for a tile kind from the plugin's docstrings, and where it came from.

    Only words that name this kind alone count (its name, its name's words, its tags, less
    ``shared``: words other kinds of the variant also carry).  A function named after one wins
    (``_place_bamboo``); then a docstring whose first sentence names it.  Returns ("", "") when
    nothing mentions the tile.
    """
    keys = _tile_keys(kind) - shared
    best = None
    for qual, fname, line in docs:
        where = [m.start() for k in keys for m in [re.search(rf"\b{re.escape(k)}(e?s)?\b", line, re.I)] if m]
        score = 0
        if where and min(where) <= 2:
            score = 3  # the sentence is about the tile: "A <tile name> placed on p ..."
        elif any(k.replace(" ", "_") in fname for k in keys):
            score = 2
        elif where:
            score = 1
        rank = (score, -(min(where) if where else 999))
        if score and (best is None or rank > best[0]):
            best = (rank, qual, line)
    if best is None:
        return "", ""
    return best[2], f"docstring of {best[1]}"


def _hook_impls(variant) -> dict[str, list]:
    from . import hookspecs

    out = {}
    for name in sorted(n for n in dir(hookspecs) if n.startswith("paisho_")):
        impls = getattr(variant.pm.hook, name).get_hookimpls()
        if impls:
            out[name[len("paisho_"):]] = impls
    return out


def _count_start(game, code: str, player: str) -> int:
    st = game.state
    n = sum(1 for _i, t in st.tiles(player) if t.code == code)
    for per in st.piles.values():
        n += per.get(player, {}).get(code, 0)
    return n


def rules_of(variant, options: dict) -> dict:
    """Everything a rules table says about one variant, as plain data (JSON-ready, sorted)."""
    from . import new_game

    game = new_game(variant, options=options, seed=0, auto_chance=False)
    st = game.state
    definition = variant.definition
    impls = _hook_impls(variant)
    docs = _docstrings(variant)
    info = {}
    for answer in variant.pm.hook.paisho_variant_info():
        if answer:
            info = answer
    declared_effects = dict(info.get("effects") or {})

    tiles = []
    for kind in variant.tileset.kinds:
        per = {p: _count_start(game, kind.code, p) for p in PLAYERS}
        on_board = {p: sum(1 for _i, t in st.tiles(p) if t.code == kind.code) for p in PLAYERS}
        piles = {}
        for name, per_pile in sorted(st.piles.items()):
            got = {p: per_pile.get(p, {}).get(kind.code, 0) for p in PLAYERS}
            if any(got.values()):
                piles[name] = got
        tiles.append({
            "code": kind.code, "name": kind.name, "group": kind.group, "count": kind.count,
            "in_play": per, "on_board_at_start": on_board, "piles_at_start": piles,
            "move": kind.move, "stops": describe_area(kind.stops), "colour": kind.colour,
            "number": kind.number, "tags": sorted(kind.tags),
        })

    harmony_def = definition.get("harmony") or {}
    circle = list(harmony_def.get("circle", []))
    circle_pairs = {frozenset((circle[i], circle[(i + 1) % len(circle)])) for i in range(len(circle))} if len(circle) > 1 else set()
    all_pairs = sorted(sorted(p) if len(p) == 2 else [next(iter(p))] * 2 for p in variant.harmony.pairs)
    extra = sorted(sorted(p) if len(p) == 2 else [next(iter(p))] * 2 for p in variant.harmony.pairs - circle_pairs)
    harmony = {"circle": circle, "extra_pairs": extra, "pairs": all_pairs,
               "wild": sorted(variant.wild), "same_owner": harmony_def.get("same_owner", True)}
    clash = sorted(sorted(p) if len(p) == 2 else [next(iter(p))] * 2 for p in variant.clash.pairs)

    key_count: dict[str, int] = {}
    for kind in variant.tileset.kinds:
        for k in _tile_keys(kind):
            key_count[k] = key_count.get(k, 0) + 1
    shared = {k for k, n in key_count.items() if n > 1}
    in_relation = {c for p in variant.harmony.pairs | variant.clash.pairs for c in p}
    special = []
    relation_groups = {k.group for k in variant.tileset.kinds
                       if k.code in in_relation and k.code not in variant.wild}
    for t, kind in zip(tiles, variant.tileset.kinds):
        if kind.group in relation_groups and kind.code not in variant.wild:
            continue
        raw_effect = next((d.get("effect") for d in definition.get("tiles", []) if d.get("code") == kind.code), None)
        if kind.code in declared_effects:
            effect, source = declared_effects[kind.code], "paisho_variant_info effects"
        elif raw_effect:
            effect, source = raw_effect, "YAML effect field"
        else:
            effect, source = _effect_of(kind, docs, shared)
        special.append({"code": kind.code, "name": kind.name, "group": kind.group,
                        "tags": sorted(kind.tags), "in_play": sum(t["in_play"].values()) > 0,
                        "effect": effect, "effect_source": source})

    def hook_doc(name):
        for impl in impls.get(name, []):
            line = _first_line(impl.function.__doc__)
            if line:
                return line
        return ""

    end_docs = [f"{line} ({qual})" for qual, fname, line in docs
                if re.search(r"\b(wins?|draw|drawn|limit|repetition|exhaust\w*|end check|end of the game|end-of-game|game ends)\b", line, re.I)][:3]
    capture_docs = [f"{line} ({qual})" for qual, fname, line in docs
                    if "captur" in fname or re.search(r"\bcaptur", line, re.I)][:3]
    board_start = {p: {} for p in PLAYERS}
    for _i, t in st.tiles():
        board_start[t.owner][t.code] = board_start[t.owner].get(t.code, 0) + 1
    piles_total = {name: {p: sum(per.get(p, {}).values()) for p in PLAYERS}
                   for name, per in sorted(st.piles.items())}
    setup = {
        "board_points": len(board.POINTS),
        "first_player": definition.get("first_player", "guest"),
        "to_move_at_start": st.to_move,
        "phase_at_start": st.phase,
        "tiles_on_board_at_start": {p: dict(sorted(board_start[p].items())) for p in PLAYERS},
        "piles_at_start": piles_total,
        "point_sets": {k: v.bit_count() for k, v in sorted(variant.point_sets.items())},
        "rules_keys": sorted(variant.rules_config),
        "setup": hook_doc("setup"),
    }
    opts = []
    for spec in variant.option_specs.values():
        opts.append({"name": spec["name"], "default": spec["default"],
                     "value": options.get(spec["name"], spec["default"]),
                     "choices": spec.get("choices"), "description": spec.get("description", ""),
                     "source": spec.get("source", "")})
    return {
        "title": variant.title,
        "description": " ".join(str(definition.get("description", "")).split()),
        "sources": list(definition.get("sources", [])),
        "setup": setup,
        "tiles": tiles,
        "tiles_per_player": {"yaml": sum(t["count"] for t in tiles if sum(t["in_play"].values())),
                             "at_start": {p: sum(t["in_play"][p] for t in tiles) for p in PLAYERS}},
        "harmony": harmony,
        "clash": clash,
        "special_tiles": special,
        "captures": capture_docs,
        "chance": {"chance_steps": "chance_outcomes" in impls, "setup_uses_chance": game.used_chance,
                   "hidden_information": "observation" in impls},
        "end": hook_doc("check_end"),
        "end_docs": end_docs,
        "hooks": sorted(impls),
        "options": opts,
    }


# =============================================================================================
# Self-play
# =============================================================================================

def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` under master seed ``master``: a hash, so neighbouring indices
    give unrelated games and any worker can compute it alone."""
    digest = hashlib.sha256(f"paisho-compare:{master}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


class _RandomChooser:
    """Uniform over the legal moves, taken in notation order so the choice never depends on the
    order a plugin generates them in (or on Python's hash seed)."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def choose(self, game):
        moves = sorted(game.legal_moves(), key=lambda m: (m.text, m.action))
        return self.rng.choice(moves)


def make_chooser(kind: str, seed: str):
    """A player for self-play: ``random`` here; every other level from paisho_core.players."""
    base = kind.partition(":")[0]
    if base == "random":
        return _RandomChooser(seed)
    from .players import make_player

    try:
        return make_player(kind, seed=seed)
    except PaishoError as exc:
        raise CompareError(f"--players {kind}: {exc}") from None


_VARIANTS: dict[str, tuple] = {}


def _variant_in_worker(spec: str):
    if spec not in _VARIANTS:
        _VARIANTS[spec] = resolve_spec(spec)
    return _VARIANTS[spec]


def play_one(variant, options: dict, seed: int, players: str = "random",
             max_plies: int = DEFAULT_MAX_PLIES, keep_record: bool = False) -> dict:
    """Play one self-play game and return its figures (plus its record when asked).

    Chance steps are drawn here from the game's own seeded generator, with the outcomes in
    notation order.  A *decision* is a non-chance move; ``branching`` counts the legal moves of
    each decision; a *capture* is a tile of the opponent of the mover that leaves the board during
    the mover's decision.  The game stops at ``max_plies`` decisions (reason ``ply cap``).
    """
    from . import new_game

    game = new_game(variant, options=options, seed=seed, auto_chance=False)
    choosers = {p: make_chooser(players, f"{seed}:{p}") for p in PLAYERS}
    branching: list[int] = []
    decisions = chance = captures = 0
    first = None
    capped = stuck = False
    error = None
    seen: set = set()
    moved: dict[str, int] = {}
    try:
        while game.outcome is None:
            outcomes = game.chance_outcomes()
            if outcomes:
                outcomes = sorted(outcomes, key=lambda mw: (mw[0].text, mw[0].action))
                game.play(game.sample_chance(outcomes))
                chance += 1
                continue
            if decisions >= max_plies:
                capped = True
                break
            moves = game.legal_moves()
            if not moves:
                stuck = True
                break
            mover = game.to_move
            if first is None and game.state.turn >= 1:
                first = mover
            if decisions % HARMONY_SAMPLE == 0:
                _seen_harmonies(game, seen)
            opp = other(mover)
            before = game.state.owned[opp].bit_count()
            branching.append(len(moves))
            move = choosers[mover].choose(game)
            src, dst = getattr(move, "src", -1), getattr(move, "dst", -1)
            ident = game.state.ident[src] if 0 <= src != dst >= 0 and game.state.board[src] is not None else 0
            game.play(move)
            if ident and game.state.ident[dst] == ident and game.state.board[dst] is not None:
                # the tile that stood on src now stands on dst: a move of that tile
                (x1, y1), (x2, y2) = board.coords(src), board.coords(dst)
                code = game.state.board[dst].code
                dist = abs(x1 - x2) + abs(y1 - y2)
                if dist > moved.get(code, 0):
                    moved[code] = dist
            decisions += 1
            captures += max(0, before - game.state.owned[opp].bit_count())
        _seen_harmonies(game, seen)
    except Exception as exc:  # a plugin bug: reported as this game's end, never a crash
        error = f"{type(exc).__name__}: {exc}"
    if first is None and game.moves:
        first = game.turns()[0][1]
    outcome = game.outcome
    if error:
        reason = "error"
    elif outcome is not None:
        reason = end_category(outcome.reason)
    elif capped:
        reason = "ply cap"
    else:
        reason = "stuck (no legal move, no outcome)" if stuck else "unfinished"
    counts: dict[int, int] = {}
    for b in branching:
        counts[b] = counts.get(b, 0) + 1
    dsum, dcnt = [0] * DECILES, [0] * DECILES
    n = len(branching)
    for j, b in enumerate(branching):
        d = min(DECILES - 1, j * DECILES // n)
        dsum[d] += b
        dcnt[d] += 1
    result = {
        "seed": seed, "decisions": decisions, "turns": len(game.turns()), "chance": chance,
        "first": first, "winner": outcome.winner if outcome is not None and not error else None,
        "finished": outcome is not None and not error, "reason": reason, "capped": capped,
        "error": error, "captures": captures, "branching": sorted(counts.items()),
        "decile_sum": dsum, "decile_count": dcnt, "harmony_pairs": sorted(seen),
        "moved": sorted(moved.items()),
    }
    if keep_record:
        result["record"] = game.record()
    return result


def end_category(reason: str) -> str:
    """An outcome reason with its numbers taken out, so games that ended the same way count
    together: ``more midline-crossing harmonies (4-0)`` -> ``more midline-crossing harmonies``."""
    text = re.sub(r"\s*\([^()]*\d[^()]*\)", "", reason)
    text = re.sub(r"\d+(?:[-:/]\d+)*", "n", text)
    return " ".join(text.split()) or reason


def _seen_harmonies(game, seen: set) -> None:
    """Add the (code, code) pairs of the current harmonies to ``seen``."""
    b = game.state.board
    for h in game.rules.harmonies(game) or ():  # a variant without harmonies answers None
        ta, tb = b[board.index(*h.a)], b[board.index(*h.b)]
        if ta is not None and tb is not None:
            seen.add(tuple(sorted((ta.code, tb.code))))


def _run_chunk(spec: str, options: dict, indices: list[int], master: int, players: str,
               max_plies: int, keep_records: bool) -> list[dict]:
    """Worker entry point: play the games with these indices of one variant."""
    out = []
    for k in indices:
        seed = game_seed(master, k)
        try:
            variant, _ = _variant_in_worker(spec)
            t0 = time.process_time()
            out.append(play_one(variant, options, seed, players, max_plies, keep_records))
            out[-1]["cpu"] = time.process_time() - t0  # timing only: never in a report
        except Exception as exc:  # the game could not even start: reported, never a crash
            out.append(_failed(seed, f"{type(exc).__name__}: {exc}", keep_records))
    return out


def _failed(seed: int, error: str, keep_record: bool) -> dict:
    result = {"seed": seed, "decisions": 0, "turns": 0, "chance": 0, "first": None, "winner": None,
              "finished": False, "reason": "error", "capped": False, "error": error, "captures": 0,
              "branching": [], "decile_sum": [0] * DECILES, "decile_count": [0] * DECILES,
              "harmony_pairs": [], "moved": []}
    if keep_record:
        result["record"] = ""
    return result


def _chunks(games: int, workers: int) -> list[list[int]]:
    size = max(1, min(20, math.ceil(games / max(1, workers * 6))))
    return [list(range(i, min(games, i + size))) for i in range(0, games, size)]


class _HashSeed:
    """Worker processes start with a fixed PYTHONHASHSEED, so no set or dict order of strings can
    differ between workers (spawned children read it at start-up)."""

    def __enter__(self):
        self.old = os.environ.get("PYTHONHASHSEED")
        os.environ["PYTHONHASHSEED"] = "0"

    def __exit__(self, *exc):
        if self.old is None:
            os.environ.pop("PYTHONHASHSEED", None)
        else:
            os.environ["PYTHONHASHSEED"] = self.old


def _run_process(tasks, workers: int, on_done: Callable) -> list:
    import multiprocessing

    results = [None] * len(tasks)
    ctx = multiprocessing.get_context("spawn")
    with _HashSeed(), ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
        futures = {pool.submit(_run_chunk, *task): n for n, task in enumerate(tasks)}
        for fut in as_completed(futures):
            n = futures[fut]
            results[n] = fut.result()
            on_done(n, len(results[n]))
    return results


def _run_ray(tasks, workers: int, on_done: Callable, address: Optional[str]) -> list:
    try:
        import ray
    except ImportError:
        raise CompareError("--backend ray needs Ray: pip install 'paisho[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs = {"runtime_env": {"env_vars": {"PYTHONHASHSEED": "0"}}, "log_to_driver": False,
                  "include_dashboard": False}
        if address:
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=max(1, workers), **kwargs)
        started = True
    try:
        remote = ray.remote(_run_chunk)
        refs = [remote.remote(*task) for task in tasks]
        index = {ref: n for n, ref in enumerate(refs)}
        results = [None] * len(tasks)
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                n = index[ref]
                results[n] = ray.get(ref)
                on_done(n, len(results[n]))
        return results
    finally:
        if started:
            ray.shutdown()


def run_games(entries: list[dict], games: int, seed: int, players: str, max_plies: int,
              workers: int = 1, backend: str = "process", progress: bool = False,
              keep_records: bool = False, ray_address: Optional[str] = None) -> list[list[dict]]:
    """Play ``games`` games of every entry; returns the per-game results of each, in game order."""
    if backend not in BACKENDS:
        raise CompareError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    tasks, owner = [], []
    for e_index, entry in enumerate(entries):
        for chunk in _chunks(games, workers):
            tasks.append((entry["spec"], entry["options"], chunk, seed, players, max_plies, keep_records))
            owner.append(e_index)
    bar = _Progress(entries, games) if progress else None
    try:
        def on_done(n, count):
            if bar:
                bar.advance(owner[n], count)

        if backend == "ray":
            chunk_results = _run_ray(tasks, workers, on_done, ray_address)
        else:
            chunk_results = _run_process(tasks, max(1, workers), on_done)
    finally:
        if bar:
            bar.stop()
    out: list[list[dict]] = [[] for _ in entries]
    for n, res in enumerate(chunk_results):
        out[owner[n]].extend(res)
    return out


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


# =============================================================================================
# Figures
# =============================================================================================

def _rate(k: int, n: int) -> dict:
    ci = stats.wilson(k, n)
    return {"count": k, "of": n, "rate": k / n if n else None,
            "ci95": list(ci) if ci else None}


def summarise_play(results: list[dict], max_plies: int) -> dict:
    """The play figures of one variant from its per-game results (in game order)."""
    n = len(results)
    decisions = [r["decisions"] for r in results]
    turns = [r["turns"] for r in results]
    chance = [r["chance"] for r in results]
    caps = [r["captures"] for r in results]
    bcounts = stats.merge_counts(dict(r["branching"]) for r in results)
    total_dec = sum(bcounts.values())
    per_game_branching = [sum(v * c for v, c in r["branching"]) / r["decisions"]
                          for r in results if r["decisions"]]
    dsum = [sum(r["decile_sum"][d] for r in results) for d in range(DECILES)]
    dcnt = [sum(r["decile_count"][d] for r in results) for d in range(DECILES)]
    firsts: dict[str, int] = {}
    for r in results:
        if r["first"]:
            firsts[r["first"]] = firsts.get(r["first"], 0) + 1
    first_wins = sum(1 for r in results if r["winner"] and r["winner"] == r["first"])
    second_wins = sum(1 for r in results if r["winner"] and r["winner"] != r["first"])
    draws = sum(1 for r in results if r["finished"] and r["winner"] is None)
    capped = sum(1 for r in results if r["capped"])
    errors = [r["error"] for r in results if r["error"]]
    reasons: dict[str, int] = {}
    for r in results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    ends = [{"reason": k, "count": v, "share": v / n}
            for k, v in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))]
    decisive = first_wins + second_wins
    longest: dict[str, int] = {}
    for r in results:
        for code, dist in r.get("moved", []):
            longest[code] = max(dist, longest.get(code, 0))
    pair_games: dict[str, int] = {}
    for r in results:
        for a, b in r["harmony_pairs"]:
            key = f"{a}~{b}"
            pair_games[key] = pair_games.get(key, 0) + 1
    return {
        "games": n,
        "max_plies": max_plies,
        "decisions": {**stats.summary(decisions), "histogram": stats.histogram(decisions)},
        "turns": {**stats.summary(turns), "histogram": stats.histogram(turns)},
        "chance_steps_per_game": stats.mean(chance),
        "branching": {
            "decisions": total_dec,
            "mean": sum(v * c for v, c in bcounts.items()) / total_dec if total_dec else None,
            "median": stats.counter_quantile(bcounts, 0.5),
            "p90": stats.counter_quantile(bcounts, 0.9),
            "max": max(bcounts) if bcounts else None,
            "per_game_mean": stats.summary(per_game_branching),
            "by_progress": [dsum[d] / dcnt[d] if dcnt[d] else None for d in range(DECILES)],
            "histogram": _counts_histogram(bcounts),
        },
        "first_player": sorted(firsts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0] if firsts else None,
        "first_player_counts": dict(sorted(firsts.items())),
        "first_player_wins": _rate(first_wins, n),
        "second_player_wins": _rate(second_wins, n),
        "first_player_share_of_decisive": _rate(first_wins, decisive),
        "first_player_score": (first_wins + 0.5 * draws) / n if n else None,
        "host_wins": _rate(sum(1 for r in results if r["winner"] == "host"), n),
        "guest_wins": _rate(sum(1 for r in results if r["winner"] == "guest"), n),
        "draws": _rate(draws, n),
        "capped": _rate(capped, n),
        "errors": {"count": len(errors), "first": errors[0] if errors else None},
        "ends": ends,
        "harmony_pairs_seen": dict(sorted(pair_games.items())),
        "longest_move_seen": dict(sorted(longest.items())),
        "captures": {**stats.summary(caps), "games_with_capture": _rate(sum(1 for c in caps if c), n)},
    }


def _counts_histogram(counts: dict[int, int], bins: int = 20) -> dict:
    if not counts:
        return {"edges": [], "counts": []}
    lo, hi = min(counts), max(counts)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    nbins = max(1, math.ceil((hi - lo + 1) / width))
    out = [0] * nbins
    for v, c in counts.items():
        out[min(nbins - 1, (v - lo) // width)] += c
    return {"edges": [lo + i * width for i in range(nbins + 1)], "counts": out}


def run_compare(texts: list[str], games: int = 100, players: str = "random", seed: int = 1,
                workers: int = 1, max_plies: int = DEFAULT_MAX_PLIES, backend: str = "process",
                progress: bool = False, keep_records: bool = False,
                ray_address: Optional[str] = None, timing: Optional[dict] = None) -> dict:
    """The whole comparison as a JSON-ready dict (see :func:`render` for the formats).

    With ``keep_records`` each variant entry also carries ``records`` (one per game, in game
    order); :func:`render` leaves them out of every format.  A ``timing`` dict, when given, is
    filled with each variant's CPU seconds in the workers (kept out of the report, which must not
    depend on the machine).
    """
    if games < 1:
        raise CompareError("--games must be at least 1")
    if max_plies < 1:
        raise CompareError("--max-plies must be at least 1")
    if players != "random":
        make_chooser(players, "check")  # fail early, in this process, with a clear message
    entries, skipped = resolve_specs(texts)
    all_results = run_games(entries, games, seed, players, max_plies, workers, backend,
                            progress, keep_records, ray_address) if entries else []
    out = []
    for entry, results in zip(entries, all_results):
        if timing is not None:
            timing[entry["label"]] = sum(r.get("cpu", 0.0) for r in results)
        v = entry["variant"]
        item = {"label": entry["label"], "name": v.name, "title": v.title,
                "options": {k: entry["options"][k] for k in sorted(entry["options"])},
                "rules": rules_of(v, entry["options"]),
                "play": summarise_play(results, max_plies)}
        if keep_records:
            item["records"] = [r.get("record") for r in results]
        out.append(item)
    report = {"report": "paisho compare", "version": REPORT_VERSION,
              "settings": {"games": games, "players": players, "seed": seed,
                           "max_plies": max_plies, "variants": list(texts)},
              "variants": out, "skipped": skipped}
    return stats.rounded(report)


# =============================================================================================
# Presentation: one table model, four renderers
# =============================================================================================

def _pct(rate: dict | None, ci: bool = True) -> str:
    if not rate or rate.get("rate") is None:
        return "-"
    s = f"{100 * rate['rate']:.1f}%"
    if ci and rate.get("ci95"):
        lo, hi = rate["ci95"]
        s += f" [{100 * lo:.1f}, {100 * hi:.1f}]"
    return s


def _num(x, digits: int = 1) -> str:
    if x is None:
        return "-"
    if isinstance(x, int) or float(x).is_integer():
        return str(int(x))
    return f"{x:.{digits}f}"


def _harmony_text(h: dict) -> str:
    parts = []
    if h["circle"]:
        parts.append("circle " + "-".join(h["circle"]) + f"-({h['circle'][0]})")
    if h["extra_pairs"]:
        parts.append("pairs " + ", ".join("~".join(p) for p in h["extra_pairs"]))
    if not parts:
        parts.append("none in the data (hooks decide)")
    if h["wild"]:
        parts.append("wild " + ", ".join(h["wild"]))
    if not h["same_owner"]:
        parts.append("across owners")
    return "; ".join(parts)


def _undeclared(rules: dict, play: dict) -> list[list[str]]:
    """Harmony pairs seen in play that the data does not declare (a rule the hooks add)."""
    declared = {tuple(p) for p in rules["harmony"]["pairs"]}
    wild = set(rules["harmony"]["wild"])
    out = []
    for key in play.get("harmony_pairs_seen", {}):
        a, b = key.split("~")
        if (a, b) not in declared and not ({a, b} & wild):
            out.append([a, b])
    return out


def _seen_text(rules: dict, play: dict) -> str:
    seen = play.get("harmony_pairs_seen", {})
    if not seen:
        return "none"
    extra = _undeclared(rules, play)
    s = f"{len(seen)} code pairs"
    if extra:
        s += "; beyond the data: " + ", ".join("~".join(p) for p in extra)
    return s


def _tile_cell(t: dict, longest: int | None = None) -> str:
    s = f"{t['code']} x{t['count']}"
    if not sum(t["in_play"].values()):
        s += " (out of play)"
    if t["move"]:
        s += f", moves {t['move']}"
    if t["stops"] != "-":
        s += f", stops {t['stops']}"
    if longest:
        s += f", seen moving {longest}"
    return s


def _start_text(setup: dict) -> str:
    on = setup["tiles_on_board_at_start"]
    n = {p: sum(on[p].values()) for p in PLAYERS}
    piles = ", ".join(f"{name} {v['guest']}/{v['host']}" for name, v in setup["piles_at_start"].items()
                      if v["guest"] or v["host"])
    s = f"{n['guest']}/{n['host']} tiles on the board"
    if piles:
        s += f"; {piles}"
    return s + " (guest/host)"


def build_sections(report: dict) -> list[dict]:
    """The report as sections of tables: ``{"title", "intro", "tables": [{"title", "headers",
    "rows"}], "figures": [(caption, svg)]}``, shared by every format."""
    vs = report["variants"]
    labels = [v["label"] for v in vs]
    sections = []
    settings = report["settings"]

    # -- rules: overview -----------------------------------------------------------------------
    rows = []

    def row(name, fn):
        rows.append([name] + [fn(v["rules"], v) for v in vs])

    row("Title", lambda r, v: r["title"])
    row("Options set", lambda r, v: ", ".join(f"{k}={json.dumps(val)}" for k, val in v["options"].items()
                                                if val != next(o["default"] for o in r["options"] if o["name"] == k)) or "defaults")
    row("Goal", lambda r, v: r["description"] or "-")
    row("First player", lambda r, v: r["setup"]["first_player"])
    row("Setup", lambda r, v: _start_text(r["setup"]))
    row("Tile kinds", lambda r, v: str(sum(1 for t in r["tiles"] if t["in_play"]["host"] + t["in_play"]["guest"])))
    row("Tiles per player: YAML counts (at start, guest/host)", lambda r, v: f"{r['tiles_per_player']['yaml']} "
        f"({r['tiles_per_player']['at_start']['guest']}/{r['tiles_per_player']['at_start']['host']})")
    row("Harmony", lambda r, v: _harmony_text(r["harmony"]))
    row("Harmony pairs", lambda r, v: str(len(r["harmony"]["pairs"])))
    row("Harmony pairs seen in play", lambda r, v: _seen_text(r, v["play"]))
    row("Clash", lambda r, v: ", ".join("~".join(p) for p in r["clash"]) or "none in the data")
    row("Chance", lambda r, v: ", ".join(x for x, on in (("chance steps", r["chance"]["chance_steps"]),
                                                          ("seeded setup", r["chance"]["setup_uses_chance"])) if on) or "none")
    row("Hidden information", lambda r, v: "yes" if r["chance"]["hidden_information"] else "no")
    row("Captures (observed)", lambda r, v: _num(v["play"]["captures"]["mean"], 2) + " per game, in "
        + _pct(v["play"]["captures"]["games_with_capture"], ci=False) + " of games")
    row("Capture rules (plugin docstrings)", lambda r, v: " / ".join(r.get("captures", [])) or "-")
    row("End and win rules (plugin docstrings)", lambda r, v: " / ".join(([r["end"]] if r["end"] else []) + r["end_docs"]) or "-")
    row("Ends seen in play", lambda r, v: ", ".join(e["reason"] for e in v["play"]["ends"]))
    row("Options", lambda r, v: str(len(r["options"])))
    row("Hooks implemented", lambda r, v: ", ".join(r["hooks"]))
    sections.append({"title": "Rules side by side",
                     "intro": "Derived from each variant's YAML definition, the position new_game "
                              "builds and the plugin's hook metadata. Counts are guest/host where they differ.",
                     "tables": [{"title": "Overview", "headers": ["", *labels], "rows": rows}],
                     "figures": []})

    # -- rules: tile matrix ----------------------------------------------------------------------
    names: list[str] = []
    for v in vs:
        for t in v["rules"]["tiles"]:
            if t["name"] not in names:
                names.append(t["name"])
    trows = []
    for name in names:
        cells = []
        for v in vs:
            ts = [t for t in v["rules"]["tiles"] if t["name"] == name]
            seen = v["play"].get("longest_move_seen", {})
            cells.append("; ".join(_tile_cell(t, seen.get(t["code"])) for t in ts) if ts else "")
        trows.append([name, *cells])
    sections[-1]["tables"].append({"title": "Tile kinds: code x tiles per player, movement distance and "
                                            "where a move may end (YAML), longest move seen in play "
                                            "(points, along the grid)", "headers": ["Tile", *labels],
                                   "rows": trows})

    # -- rules: special tiles ------------------------------------------------------------------
    srows = []
    for v in vs:
        for s in v["rules"]["special_tiles"]:
            srows.append([v["label"], f"{s['name']} ({s['code']})", s["group"],
                          ", ".join(s["tags"]), ("" if s["in_play"] else "(not in play) ")
                          + (s["effect"] or "no effect text in the plugin"), s["effect_source"]])
    sections[-1]["tables"].append({"title": "Accents and special tiles (effect: the variant's own text, "
                                            "else the first sentence of the plugin function that names the tile)",
                                   "headers": ["Variant", "Tile", "Group", "Tags", "Effect", "From"],
                                   "rows": srows})

    # -- rules: options -------------------------------------------------------------------------
    orows = []
    for v in vs:
        for o in v["rules"]["options"]:
            val = json.dumps(o["value"]) + ("" if o["value"] == o["default"] else f" (default {json.dumps(o['default'])})")
            choices = f" Choices: {', '.join(map(str, o['choices']))}." if o.get("choices") else ""
            orows.append([v["label"], o["name"], val, (o["description"] + choices).strip()])
    sections[-1]["tables"].append({"title": "Options", "headers": ["Variant", "Option", "Value", "What it does"],
                                   "rows": orows})
    sections[-1]["figures"] = [(f"{v['label']}: harmony in the data (green), clash (red, dashed), "
                                "harmony only seen in play (blue, dotted)",
                                svg_relation(v["rules"], _undeclared(v["rules"], v["play"]))) for v in vs]

    # -- play -------------------------------------------------------------------------------------
    prow = []

    def prow_add(name, fn):
        prow.append([name] + [fn(v["play"]) for v in vs])

    def spread(s):
        return (f"{_num(s['mean'])} / {_num(s['median'])} / sd {_num(s['sd'])} / "
                f"{_num(s['min'])}-{_num(s['max'])}")

    prow_add("Games", lambda p: str(p["games"]))
    prow_add("Decisions: mean / median / sd / range", lambda p: spread(p["decisions"]))
    prow_add("Decisions: 10th-90th percentile", lambda p: f"{_num(p['decisions']['p10'])}-{_num(p['decisions']['p90'])}")
    prow_add("Decisions histogram", lambda p: stats.sparkline(p["decisions"]["histogram"]["counts"]))
    prow_add("Turns: mean / median / sd / range", lambda p: spread(p["turns"]))
    prow_add("Chance steps per game", lambda p: _num(p["chance_steps_per_game"]))
    prow_add("Branching: mean / median / max", lambda p: f"{_num(p['branching']['mean'])} / "
             f"{_num(p['branching']['median'])} / {_num(p['branching']['max'])}")
    prow_add("Branching over the game (deciles)", lambda p: " ".join(_num(x, 0) for x in p["branching"]["by_progress"]))
    prow_add("Branching histogram", lambda p: stats.sparkline(p["branching"]["histogram"]["counts"]))
    prow_add("First player", lambda p: str(p["first_player"]))
    prow_add("First player wins [95% CI]", lambda p: _pct(p["first_player_wins"]))
    prow_add("Second player wins [95% CI]", lambda p: _pct(p["second_player_wins"]))
    prow_add("First player's share of decisive games", lambda p: _pct(p["first_player_share_of_decisive"]))
    prow_add("First player score (win 1, draw 1/2)", lambda p: _num(p["first_player_score"], 3))
    prow_add("Guest wins / host wins", lambda p: f"{_pct(p['guest_wins'], ci=False)} / {_pct(p['host_wins'], ci=False)}")
    prow_add("Draws / ties [95% CI]", lambda p: _pct(p["draws"]))
    prow_add(f"Hit the ply cap ({settings['max_plies']} decisions)", lambda p: _pct(p["capped"]))
    prow_add("Captures per game: mean / median / max", lambda p: f"{_num(p['captures']['mean'], 2)} / "
             f"{_num(p['captures']['median'])} / {_num(p['captures']['max'])}")
    prow_add("Games with a capture", lambda p: _pct(p["captures"]["games_with_capture"], ci=False))
    prow_add("Errors", lambda p: str(p["errors"]["count"]) + (f" ({p['errors']['first']})" if p["errors"]["first"] else ""))
    reasons: list[str] = []
    for v in vs:
        for e in v["play"]["ends"]:
            if e["reason"] not in reasons:
                reasons.append(e["reason"])
    erows = []
    for reason in reasons:
        cells = []
        for v in vs:
            e = next((e for e in v["play"]["ends"] if e["reason"] == reason), None)
            cells.append(f"{100 * e['share']:.1f}%" if e else "")
        erows.append([reason, *cells])
    figures = []
    for v in vs:
        p = v["play"]
        figures.append((f"{v['label']}: decisions per game", svg_histogram(p["decisions"]["histogram"], "decisions")))
        figures.append((f"{v['label']}: legal moves per decision", svg_histogram(p["branching"]["histogram"], "legal moves")))
    figures.append(("Branching over the course of a game (mean legal moves per tenth of the game)",
                    svg_lines({v["label"]: v["play"]["branching"]["by_progress"] for v in vs})))
    figures.append(("First player's wins, draws and second player's wins (bars: 95% interval of the first player's rate)",
                    svg_results(vs)))
    sections.append({"title": "How they play",
                     "intro": f"{settings['games']} self-play games per variant, {settings['players']} "
                              f"players on both sides, master seed {settings['seed']}. A decision is one "
                              "non-chance move; branching is the number of legal moves at a decision; "
                              "a capture is an opponent tile leaving the board during the mover's decision.",
                     "tables": [{"title": "Figures", "headers": ["", *labels], "rows": prow},
                                {"title": "How games end (share of games)", "headers": ["End reason", *labels],
                                 "rows": erows}],
                     "figures": figures})
    return sections


# -- SVG (dependency-free figures for Markdown and HTML) ------------------------------------------

def _esc(s) -> str:
    return html.escape(str(s), quote=True)


def svg_relation(rules: dict, seen: list | None = None, size: int = 220) -> str:
    """The harmony relation as a graph on a circle (circle order first), clashes dashed, pairs
    only seen in play dotted."""
    h = rules["harmony"]
    seen = seen or []
    codes = list(h["circle"])
    for pair in h["pairs"] + rules["clash"] + seen:
        for c in pair:
            if c not in codes:
                codes.append(c)
    for c in h["wild"]:
        if c not in codes:
            codes.append(c)
    cx = cy = size / 2
    rad = size / 2 - 28
    pos = {}
    ring = [c for c in codes if c not in h["wild"]]
    for i, c in enumerate(ring):
        a = -math.pi / 2 + 2 * math.pi * i / max(1, len(ring))
        pos[c] = (cx + rad * math.cos(a), cy + rad * math.sin(a))
    for i, c in enumerate(h["wild"]):
        pos[c] = (cx + (i - (len(h["wild"]) - 1) / 2) * 30, cy)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
             f'viewBox="0 0 {size} {size}" role="img" font-family="sans-serif" font-size="12">']
    for a, b in h["pairs"]:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#2a7" stroke-width="2"/>')
    for a, b in rules["clash"]:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#c33" '
                     f'stroke-width="1.5" stroke-dasharray="4 3"/>')
    for a, b in seen:
        (x1, y1), (x2, y2) = pos[a], pos[b]
        if a == b:
            parts.append(f'<circle cx="{x1:.1f}" cy="{y1 - 18:.1f}" r="7" fill="none" stroke="#36c" '
                         f'stroke-dasharray="1 2"/>')
            continue
        parts.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#36c" '
                     f'stroke-width="1.5" stroke-dasharray="1 2"/>')
    for c in h["wild"]:
        x, y = pos[c]
        for d in ring:
            x2, y2 = pos[d]
            parts.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#2a7" '
                         f'stroke-width="0.7" stroke-opacity="0.5"/>')
    for c, (x, y) in pos.items():
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="14" fill="#fff" stroke="#333"/>'
                     f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle">{_esc(c)}</text>')
    if not pos:
        parts.append(f'<text x="{cx}" y="{cy}" text-anchor="middle">no relation in the data</text>')
    parts.append("</svg>")
    return "".join(parts)


def svg_histogram(hist: dict, xlabel: str, width: int = 300, height: int = 120) -> str:
    counts, edges = hist["counts"], hist["edges"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" role="img" font-family="sans-serif" font-size="10">']
    if counts:
        top = max(counts) or 1
        w = (width - 20) / len(counts)
        for i, c in enumerate(counts):
            h = (height - 30) * c / top
            parts.append(f'<rect x="{10 + i * w:.1f}" y="{height - 20 - h:.1f}" width="{max(1, w - 1):.1f}" '
                         f'height="{h:.1f}" fill="#4a7bb7"><title>{edges[i]}-{edges[i + 1] - 1}: {c}</title></rect>')
        parts.append(f'<text x="10" y="{height - 6}">{edges[0]}</text>'
                     f'<text x="{width - 10}" y="{height - 6}" text-anchor="end">{edges[-1] - 1}</text>'
                     f'<text x="{width / 2}" y="{height - 6}" text-anchor="middle">{_esc(xlabel)}</text>')
    parts.append("</svg>")
    return "".join(parts)


_PALETTE = ["#4a7bb7", "#d1733b", "#3f9e58", "#b8474d", "#7d5ba6", "#8c6d31", "#d36fb0", "#5f6b6d",
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
        colour = _PALETTE[n % len(_PALETTE)]
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
                     f'<text x="{left + 14}" y="{y}">{_esc(label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


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
        x = left
        for key, colour in (("first_player_wins", "#4a7bb7"), ("draws", "#bbb"),
                            ("second_player_wins", "#d1733b"), ("capped", "#eee")):
            share = p[key]["rate"] or 0
            parts.append(f'<rect x="{x:.1f}" y="{y}" width="{span * share:.1f}" height="{row_h - 6}" '
                         f'fill="{colour}"><title>{key}: {100 * share:.1f}%</title></rect>')
            x += span * share
        ci = p["first_player_wins"]["ci95"]
        if ci:
            parts.append(f'<line x1="{left + span * ci[0]:.1f}" y1="{y + (row_h - 6) / 2}" '
                         f'x2="{left + span * ci[1]:.1f}" y2="{y + (row_h - 6) / 2}" stroke="#000" stroke-width="1.5"/>')
        parts.append(f'<text x="{left - 6}" y="{y + 12}" text-anchor="end">{_esc(v["label"])}</text>')
    parts.append(f'<line x1="{left + span / 2}" y1="4" x2="{left + span / 2}" y2="{height - 4}" '
                 f'stroke="#000" stroke-dasharray="2 2"/></svg>')
    return "".join(parts)


# -- renderers -------------------------------------------------------------------------------------

def _public(report: dict) -> dict:
    return {**report, "variants": [{k: v for k, v in item.items() if k != "records"}
                                   for item in report["variants"]]}


def render_json(report: dict) -> str:
    return json.dumps(_public(report), indent=2, sort_keys=False, ensure_ascii=False) + "\n"


def _md_cell(s) -> str:
    return str(s).replace("|", "\\|").replace("\n", "<br>")


def render_md(report: dict, heading: int = 2, figures: bool = True) -> str:
    """The report as Markdown; ``heading`` is the level of the section headings."""
    h = "#" * heading
    s = report["settings"]
    out = [f"{h} Settings", "",
           f"Variants: {', '.join('`' + x + '`' for x in s['variants'])}. Games per variant: "
           f"{s['games']}. Players: {s['players']}. Master seed: {s['seed']}. Ply cap: "
           f"{s['max_plies']} decisions.", ""]
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
        if figures and sec["figures"]:
            out += [f"{h}# Figures", ""]
            for caption, svg in sec["figures"]:
                out += [f'<figure>{svg}<figcaption>{_esc(caption)}</figcaption></figure>', ""]
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
           f"Players: {_esc(s['players'])}. Master seed: {s['seed']}. Ply cap: {s['max_plies']} decisions.</p>"]
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
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def render_text(report: dict, console=None) -> None:
    """Rich tables on the terminal."""
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    s = report["settings"]
    console.print(f"[bold]paisho compare[/bold]: {s['games']} games per variant, {s['players']} players, "
                  f"seed {s['seed']}, ply cap {s['max_plies']}")
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


def render(report: dict, fmt: str) -> str:
    """The report in ``md``, ``json`` or ``html`` (``text`` is printed by :func:`render_text`)."""
    if fmt == "json":
        return render_json(report)
    if fmt == "md":
        return "# Pai Sho variants compared\n\n" + render_md(report) + "\n"
    if fmt == "html":
        return render_html(report)
    if fmt == "text":
        from rich.console import Console

        console = Console(record=True, width=160, file=open(os.devnull, "w"))
        render_text(report, console)
        return console.export_text()
    raise CompareError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")


# -- matplotlib plots (optional extra) ----------------------------------------------------------------

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


# =============================================================================================
# Command line
# =============================================================================================

def register(app) -> None:
    app.command("compare")(cmd_compare)


def _child_cpu() -> float:
    """CPU seconds used by finished child processes (the local workers), where the OS tells."""
    try:
        import resource
    except ImportError:
        return 0.0
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _make_command():
    import typer

    from .cliutil import InputError, guarded

    @guarded
    def cmd(
        variants: Optional[list[str]] = typer.Argument(None, help="Variants: names, name:K=V,... or house-rules YAML files (default: every registered variant)."),
        games: int = typer.Option(100, "--games", "-n", help="Self-play games per variant."),
        players: str = typer.Option("random", "--players", help="A player level for both sides: random, greedy, easy, medium or hard (mcts:N = N search iterations)."),
        seed: int = typer.Option(1, "--seed", help="Master seed; game k uses a seed derived from it and k."),
        workers: int = typer.Option(1, "--workers", "-w", help="Worker processes (or Ray CPUs for a local Ray)."),
        fmt: str = typer.Option("text", "--format", "-f", help="text, md, json or html."),
        out: Optional[Path] = typer.Option(None, "--out", help="Write the report to this file instead of stdout."),
        plots: Optional[Path] = typer.Option(None, "--plots", help="Write PNG plots here (needs the plots extra: matplotlib)."),
        max_plies: int = typer.Option(DEFAULT_MAX_PLIES, "--max-plies", help="Decision cap per game; the share of capped games is reported."),
        backend: str = typer.Option("process", "--backend", help="process (local workers) or ray (the ray extra)."),
        ray_address: Optional[str] = typer.Option(None, "--ray-address", help="Address of a running Ray cluster (default: start a local one)."),
        records: Optional[Path] = typer.Option(None, "--records", help="Save every game's record in this directory."),
        quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    ):
        """Compare variants side by side: their rules, and how they play in self-play games."""
        from . import variants as registered

        if fmt not in FORMATS:
            raise InputError(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
        if workers < 1:
            raise InputError("--workers must be at least 1")
        names = list(variants or registered())
        start, cpu0 = time.perf_counter(), _child_cpu()
        per_variant: dict = {}
        report = run_compare(names, games=games, players=players, seed=seed, workers=workers,
                             max_plies=max_plies, backend=backend, progress=not quiet,
                             keep_records=records is not None, ray_address=ray_address,
                             timing=per_variant)
        elapsed, cpu = time.perf_counter() - start, _child_cpu() - cpu0
        if records is not None:
            records.mkdir(parents=True, exist_ok=True)
            for item in report["variants"]:
                safe = re.sub(r"[^A-Za-z0-9_.=-]+", "_", item["label"])
                for k, rec in enumerate(item["records"]):
                    (records / f"{safe}-{k:05d}.txt").write_text(rec, "utf-8")
        if fmt == "text" and out is None:
            render_text(report)
        else:
            text = render(report, fmt)
            if out is None:
                sys.stdout.write(text)
            else:
                out.write_text(text, "utf-8")
        if plots is not None:
            try:
                for path in write_plots(report, plots):
                    typer.echo(f"wrote {path}", err=True)
            except CompareError as exc:
                typer.echo(f"paisho: no plots: {exc}", err=True)
        if not quiet:
            typer.echo("CPU seconds per game: " + ", ".join(
                f"{label} {sec / games:.3f}" for label, sec in per_variant.items()), err=True)
            typer.echo(f"{sum(v['play']['games'] for v in report['variants'])} games in {elapsed:.1f} s "
                       f"with {workers} worker(s)" + (f"; {cpu:.1f} CPU seconds in the workers" if cpu else ""),
                       err=True)

    cmd.__name__ = "cmd_compare"
    return cmd


cmd_compare = _make_command()
