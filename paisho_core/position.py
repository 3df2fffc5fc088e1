"""Positions as JSON objects (spec section 5), validated with ``schemas/position.schema.json``."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from . import board, boundary
from .errors import PositionError, VariantError
from .outcome import Outcome
from .schema import json_path
from .schema import validator as schema_validator
from .tiles import PLAYERS

if TYPE_CHECKING:  # for annotations only: positions never import the game module
    from .game import Game



def to_position(game: Game) -> dict:
    """The position of ``game`` as a JSON-ready dict (``game.position()``)."""
    st = game.state
    flags = game.flags()
    entries = []
    for i in board.POINTS:
        tile = st.board[i]
        if tile is None:
            continue
        x, y = board.coords(i)
        entry = {"x": x, "y": y, "tile": tile.code, "owner": tile.owner}
        marks = [name for name, mask in flags.items() if mask >> i & 1]
        if marks:
            entry["flags"] = marks
        entries.append(entry)
    pos = {
        "variant": game.name,
        "options": dict(game.options),
        "to_move": st.to_move,
        "phase": st.phase,
        "turn": st.turn,
        "board": entries,
        "reserves": {p: dict(sorted(st.pile("reserve", p).items())) for p in PLAYERS},
    }
    others = {name: {p: dict(sorted(per.get(p, {}).items())) for p in PLAYERS}
              for name, per in sorted(st.piles.items()) if name != "reserve"}
    if others:
        pos["piles"] = others
    if game.keeps_seed:
        pos["seed"] = game.seed
    if st.scores:
        pos["scores"] = dict(st.scores)
    if st.pending:
        pos["pending"] = "".join(st.pending)
    if st.outcome is not None:
        pos["outcome"] = st.outcome.to_json()
    pos.update(game.rules.position_extra(game) or {})
    return pos


def _tile_counts(st) -> dict:
    counts: dict = {}
    for _i, tile in st.tiles():
        key = (tile.owner, tile.code)
        counts[key] = counts.get(key, 0) + 1
    for per in st.piles.values():
        for player, pile in per.items():
            for code, n in pile.items():
                counts[(player, code)] = counts.get((player, code), 0) + n
    return counts


@functools.lru_cache(maxsize=None)
def _validator():
    """The position schema's validator, built once."""
    return schema_validator("position")


def from_position(data: object, source: str | None = None, *, trusted: bool = False) -> Game:
    """Build a Game from a position dict; PositionError lists every problem with its JSON path.

    ``trusted`` skips only the JSON-schema check, for data the engine has just produced itself
    (a search's determinization of an observation); a file, record or upload is never trusted.
    The board, tile and set checks run either way."""
    from . import new_game
    from .variant import get_variant

    if not isinstance(data, dict):
        raise PositionError([("$", "a position must be a JSON object")], source)
    problems: list = []
    if not trusted:
        problems = [(json_path(k), m) for k, m in boundary.problems_of(data)]
        if problems:
            raise PositionError(problems, source)
        try:
            problems = [(json_path(e.absolute_path), e.message) for e in _validator().iter_errors(data)]
        except RecursionError:
            raise PositionError([("$", "nested too deeply to be a position")], source) from None
    if problems:
        raise PositionError(problems, source)
    try:
        boundary.check_seed(data.get("seed"), "the seed")
    except boundary.InputError as exc:
        raise PositionError([("$.seed", str(exc))], source) from None
    try:
        variant = get_variant(data["variant"])  # a registered name only: data never names a file
        game = new_game(variant, options=data.get("options") or {}, seed=data.get("seed"))
    except VariantError as exc:
        raise PositionError([("$.variant" if "variant" in str(exc) and "option" not in str(exc)
                              else "$.options", str(exc))], source) from None
    st = game.state
    ts = game.tileset
    full_set = _tile_counts(st)  # what the variant hands out with these options
    for i in list(board.bits(st.occupied)):
        st.lift(i)
    for k, entry in enumerate(data["board"]):
        x, y = entry["x"], entry["y"]
        path = f"$.board[{k}]"
        if not board.on_board(x, y):
            problems.append((path, f"({x},{y}) is not on the board"))
            continue
        if entry["tile"] not in ts:
            problems.append((path + ".tile", f"unknown tile {entry['tile']!r} for {game.name}"))
            continue
        i = board.index(x, y)
        if st.board[i] is not None:
            problems.append((path, f"({x},{y}) is listed twice"))
            continue
        st.put(i, ts.tile(entry["tile"], entry["owner"]))
    piles = {"reserve": data.get("reserves")} if "reserves" in data else {}
    piles.update(data.get("piles") or {})
    for name, per in piles.items():
        st.piles[name] = {p: {} for p in PLAYERS}
        for player, counts in (per or {}).items():
            for code, n in counts.items():
                if code not in ts:
                    problems.append((f"$.{'reserves' if name == 'reserve' else 'piles.' + name}.{player}.{code}",
                                     f"unknown tile {code!r} for {game.name}"))
                elif n:
                    st.piles[name][player][code] = n
    if not problems:
        budget = game.rules.tile_budget(game) or full_set
        counts = _tile_counts(st)
        if budget and not isinstance(next(iter(budget)), tuple):  # one set shared by both players
            shared: dict = {}
            for (_player, code), n in counts.items():
                shared[code] = shared.get(code, 0) + n
            for code, n in sorted(shared.items()):
                if n > budget.get(code, 0):
                    problems.append(("$", f"the position holds {n} {code}, but the {game.name} "
                                          f"set holds {budget.get(code, 0)}"))
        else:
            for (player, code), n in sorted(counts.items()):
                if n > budget.get((player, code), 0):
                    problems.append(("$", f"{player} has {n} {code} on the board and in piles, but "
                                          f"the {game.name} set holds {budget.get((player, code), 0)}"))
    if problems:
        raise PositionError(problems, source)
    st.to_move = data["to_move"]
    st.phase = data.get("phase", "turn")
    st.turn = data.get("turn", st.turn)
    st.scores = dict(data.get("scores") or st.scores)
    if data.get("pending"):
        st.pending = (data["pending"],)
    try:
        game.rules.load_position(game, data)
    except PositionError as exc:
        raise PositionError(exc.problems, source) from None
    out = data.get("outcome")
    if out:
        details = {k: v for k, v in out.items() if k not in ("winner", "reason", "result")}
        st.outcome = Outcome(out.get("winner"), out.get("reason", "ended"), details)
    else:
        st.outcome = game.rules.check_end(game)
    game._changed()
    game.used_chance = data.get("seed") is not None
    return game
