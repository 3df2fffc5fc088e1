"""What the page shows of a table, as JSON: the board picture, the status, the piles a viewer may
see, a tile legend, and the legal decisions grouped by where a click starts them.

The page has no rules of its own: every decision it can make is listed here, grouped by
*source* (a point of the board or a tile code in a pile), then by *target* point, then by a
possible third point (where a pushed tile goes, say); decisions with no point to click become buttons.
"""
from __future__ import annotations

import re
from typing import Optional

from .. import PaishoError, board
from ..drawing.svg import CELL, board as board_svg, tile_glyph
from .teach import mark_piles, phase_help

POINT_RE = re.compile(r"\((-?[0-9]{1,6}),\s*(-?[0-9]{1,6})\)")


def decision_groups(game) -> list[dict]:
    """The legal decisions grouped for clicking: a list of groups ``{"key", "point", "tile",
    "targets": [{"point", "moves": [{"text", "then"}]}], "buttons": [{"text", "action"}]}``.

    ``key`` is ``"x,y"`` for a tile on the board, ``"tile:CODE"`` for a tile from a pile, and
    ``None`` for decisions that start nowhere (a choice among words, or a point alone)."""
    groups: dict = {}
    for m in game.legal_moves():
        src, dst = m.from_point, m.to_point
        src, dst = (list(src) if src else None), (list(dst) if dst else None)
        if src is not None:
            key = f"{src[0]},{src[1]}"
        elif m.tile:
            key = f"tile:{m.tile}"
        else:
            key = None
        group = groups.get(key)
        if group is None:
            group = groups[key] = {"key": key, "point": src, "tile": None if src else m.tile,
                                   "targets": {}, "buttons": []}
        if dst is None or dst == src:
            group["buttons"].append({"text": m.text, "action": m.action})
            continue
        seen = {tuple(p) for p in (src, dst) if p}
        extra = [[int(a), int(b)] for a, b in POINT_RE.findall(m.text)
                 if (int(a), int(b)) not in seen]
        target = group["targets"].setdefault(f"{dst[0]},{dst[1]}", {"point": dst, "moves": []})
        target["moves"].append({"text": m.text, "action": m.action,
                                "then": extra[-1] if extra else None})
    out = []
    for group in groups.values():
        for target in group["targets"].values():
            thens = [tuple(mv["then"]) for mv in target["moves"] if mv["then"]]
            if len(target["moves"]) > 1 and (len(thens) != len(target["moves"]) or len(set(thens)) != len(thens)):
                for mv in target["moves"]:  # no distinct third point: the page asks by buttons
                    mv["then"] = None
                    mv["effects"] = effects(game, mv["text"])  # shown when a button is pointed at
        group["targets"] = list(group["targets"].values())
        out.append(group)
    return out


def effects(game, text: str) -> list[dict]:
    """What a decision does to the tiles on the board: ``[{"from": [x, y], "to": [x, y] or
    None}]`` for every tile it moves or removes (by the tiles' identities), for a preview."""
    after = game.copy()
    try:
        after.play(text)
    except PaishoError:
        return []
    where = {}
    for i, _tile in after.state.tiles():
        where[after.state.ident[i]] = list(board.coords(i))
    out = []
    for i, _tile in game.state.tiles():
        now = where.get(game.state.ident[i])
        if now != list(board.coords(i)):
            out.append({"from": list(board.coords(i)), "to": now})
    return out


def piles_view(game, viewer: Optional[str]) -> dict:
    """Each player's piles as ``viewer`` may see them: ``{player: [{"pile", "tiles": {code: n},
    "hidden": n}]}`` (``hidden`` counts tiles the viewer may not see)."""
    view = game.observation(viewer) if viewer else _public_view(game)
    hidden = view.get("hidden") or {}
    out: dict = {"guest": [], "host": []}
    for p in out:
        rows = [("reserve", (view.get("reserves") or {}).get(p) or {}, f"reserves.{p}")]
        for name, per in sorted((view.get("piles") or {}).items()):
            if isinstance(per, dict) and p in per:
                rows.append((name, per.get(p) or {}, f"piles.{name}.{p}"))
        for name, tiles, path in rows:
            shown = {} if path in hidden else {c: n for c, n in tiles.items() if n}
            out[p].append({"pile": name, "tiles": shown, "hidden": hidden.get(path, 0)})
    return out


def _public_view(game) -> dict:
    """What a spectator sees: the parts both players' views agree to show."""
    guest, host = game.observation("guest"), game.observation("host")
    hidden = dict(guest.get("hidden") or {})
    hidden.update(host.get("hidden") or {})
    view = dict(guest)
    view["hidden"] = hidden
    return view


def legend(game) -> list[dict]:
    """One entry per tile kind: code, label drawn on the tile, name, group, colour, effect."""
    effects = {t.get("code"): t.get("effect") for t in game.variant.definition.get("tiles", [])
               if isinstance(t, dict)}
    kinds = list(game.tileset.kinds)
    present = _codes_in_play(game)
    out = []
    for k in kinds:
        if k.code not in present:  # a kind the options leave out (an expansion turned off)
            continue
        what = effects.get(k.code) or ""
        if not what and k.move:
            what = f"Moves up to {k.move} points."
        glyphs = {p: f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CELL} {CELL}">'
                     f'{tile_glyph(k, p, kinds, CELL / 2, CELL / 2)}</svg>' for p in ("guest", "host")}
        out.append({"code": k.code, "label": k.symbol or k.code, "name": k.name, "group": k.group,
                    "colour": k.colour, "number": k.number, "effect": what, "glyph": glyphs})
    return out


def _codes_in_play(game) -> set:
    """Tile codes in this game: on the board, in any pile, or played so far."""
    pos = game.position()
    codes = {t["tile"] for t in pos.get("board") or ()}
    for per in [pos.get("reserves") or {}] + list((pos.get("piles") or {}).values()):
        for pile in (per or {}).values():
            if isinstance(pile, dict):
                codes.update(c for c, n in pile.items() if n)
    codes.update(m.tile for m in game.moves if m.tile)
    return codes


def status_view(game, viewer: Optional[str] = None) -> dict:
    """The turn, the phase, the last turn (tiles drawn for another than ``viewer`` written ``?``
    in a game that hides anything), the variant's status lines and the outcome.  The decisions
    of the turn so far are shown to the mover only when the game hides anything."""
    from ..drawing.render import hides_anything, last_turn_text

    st = game.state
    outcome = st.outcome.to_json() if st.outcome is not None else None
    secret = hides_anything(game) and viewer != st.to_move
    return {"turn": st.turn, "to_move": st.to_move, "phase": st.phase,
            "pending": "" if secret else ", then ".join(st.pending),
            "last": last_turn_text(game, viewer),
            "lines": [[a, b] for a, b in game.status()], "outcome": outcome}


def harmony_view(game) -> list[dict]:
    try:
        found = game.harmonies()
    except TypeError:  # a variant whose hook answers nothing
        return []
    return [{"a": list(h.a), "b": list(h.b), "owner": h.owner,
             "owners": list(h.owners) or [h.owner], "crosses": h.crosses_midline} for h in found]


def last_move_points(game) -> list[list[int]]:
    from ..drawing.render import last_points

    return [list(board.coords(i)) for i in board.bits(last_points(game))]


RECORD_HIDDEN = ("the record shows every tile drawn, the hidden hands too: it can be downloaded "
                 "once the game is over")


def record_hidden(table) -> bool:
    """Would the record show a person something hidden from them now (a game in progress whose
    variant hides tiles, with a person playing)?"""
    from ..drawing.render import hides_anything

    game = table.game
    return game.outcome is None and bool(table.humans) and hides_anything(game)


def table_view(table_id: str, table) -> dict:
    """Everything the page draws for the table now."""
    game = table.game
    viewer = table.viewer()
    handover = table.needs_handover()
    human = table.human_to_move()
    if game.outcome is not None:
        mode = "over"
    elif handover and table.ahead:  # stepping through at a hot seat: both hands stay hidden
        mode = "review"
    elif handover:
        mode = "handover"
    elif human:
        mode = "play"
    elif table.computer_to_move():  # stepping through a game: the computer waits at the end
        mode = "review" if table.ahead else "computer"
    else:
        mode = "stuck"
    choices = decision_groups(game) if human else []
    mark_piles(game, choices)
    return {
        "id": table_id,
        "variant": {"name": game.name, "title": game.variant.title,
                    "options": {k: v for k, v in game.options.items()
                                if v != game.variant.option_specs[k]["default"]}},
        "sides": table.sides,
        "ply": game.ply,
        "ahead": len(table.ahead),
        "mode": mode,
        "viewer": viewer,
        "hotseat": table.hotseat,
        "svg": board_svg(game, harmonies=True, orientation=viewer or "guest", caption=False),
        "status": status_view(game, viewer),
        "help": phase_help(game, viewer) if mode == "play" else {"text": "", "harmonies": []},
        "harmonies": harmony_view(game),
        "last_points": last_move_points(game),
        "piles": {} if mode == "handover" else piles_view(game, viewer),
        "seat": game.to_move if handover else None,
        "choices": choices,
        "legend": legend(game),
       
        "repairs": list(table.repairs),
        "from_position": table.from_position,
        "record_hidden": record_hidden(table),
    }
