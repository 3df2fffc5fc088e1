"""The rules table: everything a comparison says about one variant's rules, as plain data.

Read from data written for people: the variant's YAML definition (tiles with their one-line
``effect``, counts, movement, areas, harmony and clash relations, options with their
descriptions, and the ``rules_text`` block: capture, end and special rules in words with their
sources), plus the starting position ``new_game`` builds and which hooks the plugin implements.
Never from a function's docstring.
"""
from __future__ import annotations

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


RULES_TEXT = ("capture", "end", "special")
"""The rules a variant's YAML states in words (``rules_text``), in report order."""


def _hook_impls(variant) -> list[str]:
    from .. import hookspecs

    return sorted(n[len("paisho_"):] for n in dir(hookspecs)
                  if n.startswith("paisho_") and getattr(variant.pm.hook, n).get_hookimpls())


def _count_start(game, code: str, player: str) -> int:
    st = game.state
    n = sum(1 for _i, t in st.tiles(player) if t.code == code)
    for per in st.piles.values():
        n += per.get(player, {}).get(code, 0)
    return n


def _pairs(pairs) -> list[list[str]]:
    """A relation's pairs as sorted code lists (a tile related to itself as ``[c, c]``)."""
    return sorted(sorted(p) if len(p) == 2 else [next(iter(p))] * 2 for p in pairs)


def _hides_something(game) -> bool:
    """Does either player's view of the starting position hide anything?  The observation hook
    answers None when everything is public (Fire with ``HideReserveTiles`` off, its default)."""
    return any(game.rules.observation(game, p) is not None for p in PLAYERS)


def starting_game(variant, options: dict):
    """The game of seed 0 at its first decision: the chance steps before it (a deal, as in
    Capture, whose tiles reach the board by chance) drawn as self-play draws them."""
    from .. import new_game
    from .selfplay import chance_draw

    game = new_game(variant, options=options, seed=0, auto_chance=False)
    while game.outcome is None:
        outcomes = game.chance_outcomes()
        if not outcomes:
            break
        game.play(chance_draw(game, outcomes))
    return game


def rules_of(variant, options: dict) -> dict:
    """Everything a rules table says about one variant, as plain data (JSON-ready, sorted), from
    its starting position (:func:`starting_game`)."""
    game = starting_game(variant, options)
    st = game.state
    definition = variant.definition
    effects = {d.get("code"): d.get("effect", "") for d in definition.get("tiles", [])}

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
            "effect": " ".join(str(effects.get(kind.code) or "").split()),
        })

    harmony_def = definition.get("harmony") or {}
    circle = list(harmony_def.get("circle", []))
    circle_pairs = {frozenset((circle[i], circle[(i + 1) % len(circle)])) for i in range(len(circle))} \
        if len(circle) > 1 else set()
    harmony = {"circle": circle, "extra_pairs": _pairs(variant.harmony.pairs - circle_pairs),
               "pairs": _pairs(variant.harmony.pairs), "wild": sorted(variant.wild),
               "same_owner": harmony_def.get("same_owner", True)}

    written = definition.get("rules_text") or {}
    rules_text = {k: {"text": " ".join(str(written.get(k, {}).get("text", "")).split()),
                      "source": " ".join(str(written.get(k, {}).get("source", "")).split())}
                  for k in RULES_TEXT}
    board_start: dict[str, dict[str, int]] = {p: {} for p in PLAYERS}
    for _i, t in st.tiles():
        board_start[t.owner][t.code] = board_start[t.owner].get(t.code, 0) + 1
    piles_total = {name: {p: sum(per.get(p, {}).values()) for p in PLAYERS}
                   for name, per in sorted(st.piles.items())}
    layout = sorted(f"{t.owner[0]}{t.code}({x},{y})" for i, t in st.tiles() for x, y in [board.coords(i)])
    setup = {
        "layout": layout,
        "board_points": len(board.POINTS),
        "first_player": definition.get("first_player", "guest"),
        "to_move_at_start": st.to_move,
        "phase_at_start": st.phase,
        "tiles_on_board_at_start": {p: dict(sorted(board_start[p].items())) for p in PLAYERS},
        "piles_at_start": piles_total,
        "point_sets": {k: v.bit_count() for k, v in sorted(variant.point_sets.items())},
        "rules_keys": sorted(variant.rules_config),
        # the variant's own count of each player's tiles (a shared pool is nobody's), if it says
        "tiles_in_play": (game.rules.game_events(game, None, None) or {}).get("tiles_in_play"),
    }
    opts = []
    for spec in variant.option_specs.values():
        opts.append({"name": spec["name"], "default": spec["default"],
                     "value": options.get(spec["name"], spec["default"]),
                     "choices": spec.get("choices"), "description": spec.get("description", ""),
                     "source": spec.get("source", "")})
    hooks = _hook_impls(variant)
    return {
        "title": variant.title,
        "description": " ".join(str(definition.get("description", "")).split()),
        "goal": " ".join(str(definition.get("goal") or definition.get("description", "")).split()),
        "sources": list(definition.get("sources", [])),
        "setup": setup,
        "tiles": tiles,
        "tiles_per_player": {"yaml": sum(t["count"] for t in tiles if sum(t["in_play"].values())),
                             "at_start": {p: sum(t["in_play"][p] for t in tiles) for p in PLAYERS}},
        "harmony": harmony,
        "clash": _pairs(variant.clash.pairs),
        "rules_text": rules_text,
        "chance": {"chance_steps": "chance_outcomes" in hooks, "setup_uses_chance": game.used_chance,
                   "hidden_information": _hides_something(game)},
        "hooks": hooks,
        "options": opts,
    }
