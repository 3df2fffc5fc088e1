"""Overlays: the definition a house rule describes (its parent's, with its changes), and the
problems only the merged definition shows, reported at the overlay's own lines.  Data only: a
parent is given as its definition, so an overlay chain is checked whole before any hook runs."""
from __future__ import annotations

from pathlib import Path

from .. import board
from ..errors import VariantError
from ..schema import DocumentError, json_path
from .document import problem, schema_problems
from .model import TYPE_WORDS, fits, type_name

def merge_overlay(parent: dict, overlay: dict) -> dict:
    """The definition an overlay describes: the parent's, with the overlay's changes.

    ``change_tiles`` entries change every parent tile their ``where`` matches; then tiles merge
    by code (fields given replace the parent's; a new code adds a tile kind; count 0 takes a
    tile out of play), ``harmony``/``clash`` given replace the parent's, options merge by
    name (a new default, or a new option), ``rules``, ``point_sets`` and ``rules_text`` merge key
    by key.
    """
    merged = {k: v for k, v in parent.items()
              if k not in ("plugins", "hooks", "extends", "untagged_records")}
    merged["name"] = overlay["name"]
    merged["title"] = overlay.get("title") or f"{parent.get('title', parent['name'])} ({overlay['name']})"
    # the goal is the parent's (its own words, or its description) unless the overlay gives one
    merged["goal"] = overlay.get("goal") or parent.get("goal") or parent.get("description", "")
    for key in ("description", "first_player", "sources", "untagged_records"):
        if key in overlay:
            merged[key] = overlay[key]
    tiles = [dict(t) for t in parent.get("tiles", [])]
    index = {t["code"]: t for t in tiles}
    for change in overlay.get("change_tiles", []):
        for t in tiles:
            if tile_matches(t, change["where"]):
                t.update(change["set"])
    for t in overlay.get("tiles", []):
        if t["code"] in index:
            index[t["code"]].update(t)
        else:
            tiles.append(dict(t))
            index[t["code"]] = tiles[-1]
    merged["tiles"] = tiles
    for key in ("harmony", "clash"):
        if key in overlay:
            merged[key] = overlay[key]
    options = [dict(o) for o in parent.get("options", [])]
    by_name = {o["name"]: o for o in options}
    for o in overlay.get("options", []):
        if o["name"] in by_name:
            by_name[o["name"]].update(o)
        else:
            options.append(dict(o))
    merged["options"] = options
    for key in ("rules", "point_sets", "rules_text"):
        if key in overlay:
            merged[key] = {**parent.get(key, {}), **overlay[key]}
    return merged


def tile_matches(tile: dict, where: dict) -> bool:
    """Does a tile definition meet every condition of a ``change_tiles`` ``where`` (a list
    value means any of its values)?"""
    for key, want in where.items():
        wanted = want if isinstance(want, list) else [want]
        if key == "tag":
            if not set(wanted) & set(tile.get("tags", [])):
                return False
        elif tile.get(key) not in wanted:
            return False
    return True


def check_overlay(merged: dict, overlay: dict, parent: dict, parent_name: str, path: Path,
                  lines: dict) -> None:
    """Problems only the merged definition shows, reported at the overlay's own lines: a typo'd
    tile code that would add an incomplete tile kind, unknown codes in harmony or clash,
    unknown areas, option defaults of the wrong type, and schema errors of the result."""
    parent_codes = [t["code"] for t in parent.get("tiles", [])]
    codes = {t["code"] for t in merged["tiles"]}
    point_sets = set(merged.get("point_sets") or {})
    areas = ["any", *board.AREA_TYPES, *sorted(point_sets)]
    for j, tile in enumerate(overlay.get("tiles", [])):
        if tile["code"] not in parent_codes:
            missing = [f for f in ("name", "group", "count") if f not in tile]
            if missing:
                raise problem(path, lines, ("tiles", j, "code"),
                               f"{tile['code']!r} is not a tile of {parent_name} "
                               f"({', '.join(parent_codes)}); a new tile kind also needs "
                               f"{', '.join(missing)}")
        for k, stop in enumerate(tile.get("stops", [])):
            if stop not in areas:
                raise problem(path, lines, ("tiles", j, "stops", k),
                               f"unknown area or point set {stop!r} (known: {', '.join(areas)})")
    for j, change in enumerate(overlay.get("change_tiles", [])):
        if not any(tile_matches(t, change["where"]) for t in parent.get("tiles", [])):
            raise problem(path, lines, ("change_tiles", j, "where"),
                           f"no tile of {parent_name} matches {change['where']}")
        for k, stop in enumerate(change["set"].get("stops", [])):
            if stop not in areas:
                raise problem(path, lines, ("change_tiles", j, "set", "stops", k),
                               f"unknown area or point set {stop!r} (known: {', '.join(areas)})")
    for rel in ("harmony", "clash"):
        section = overlay.get(rel)
        if not isinstance(section, dict):
            continue
        for field in ("circle", "wild", "pairs"):
            for i, item in enumerate(section.get(field, [])):
                for k, code in enumerate(item if isinstance(item, list) else [item]):
                    if code not in codes:
                        key = (rel, field, i, k) if isinstance(item, list) else (rel, field, i)
                        raise problem(path, lines, key, f"unknown tile code {code!r} "
                                       f"(tiles: {', '.join(t['code'] for t in merged['tiles'])})")
    for j, opt in enumerate(overlay.get("options", [])):
        spec = {o["name"]: o for o in parent.get("options", [])}.get(opt["name"])
        if spec is None:
            continue
        kind = spec.get("type") or type_name(spec["default"])
        if "default" in opt and not fits(opt["default"], kind):
            raise problem(path, lines, ("options", j, "default"),
                           f"option {opt['name']} of {parent_name} takes {TYPE_WORDS[kind]}, "
                           f"got {opt['default']!r}")
        choices = opt.get("choices", spec.get("choices"))
        if choices is not None and opt.get("default", spec["default"]) not in choices:
            raise problem(path, lines, ("options", j, "default"),
                           f"option {opt['name']} must be one of {choices}, got {opt.get('default')!r}")
    problems = []
    for found, message in schema_problems(merged):
        where = overlay_key(found, merged, overlay)
        probe: tuple = where
        while probe and probe not in lines:
            probe = probe[:-1]
        problems.append((json_path(where), lines.get(probe), message))
    if problems:
        raise VariantError(str(DocumentError(str(path), problems)))


def overlay_key(key: tuple, merged: dict, overlay: dict) -> tuple:
    """Where in the overlay a problem of the merged definition comes from (``extends`` when the
    overlay did not touch that part)."""
    if len(key) >= 2 and key[0] in ("tiles", "options") and isinstance(key[1], int):
        field = "code" if key[0] == "tiles" else "name"
        ident = merged[key[0]][key[1]][field]
        for j, item in enumerate(overlay.get(key[0], [])):
            if item.get(field) == ident:
                return (key[0], j) + key[2:]
        return ("extends",)
    if key and key[0] in overlay:
        return key
    return ("extends",)

