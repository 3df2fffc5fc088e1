"""The rules table: everything a comparison says about one variant's rules, as plain data.

Read from the variant's YAML definition (tiles, counts, movement, areas, harmony and clash
relations, options), the starting position ``new_game`` builds, and the plugin's hook metadata.
"""
from __future__ import annotations

import inspect
import re
import sys

from .. import board
from ..tiles import PLAYERS

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
    from .. import hookspecs

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
    from .. import new_game

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
