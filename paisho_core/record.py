"""Game records: header tags plus whole turns (spec section 4)."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from . import boundary
from .limits import MAX_TURNS, LimitError, check_text
from .errors import IllegalMoveError, NotationError, PaishoError, RecordError, VariantError
from .notation import split_turn_token
from .tiles import PLAYER_CODE
from .variant import FILE_HINT, Variant, get_variant, looks_like_file

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .game import Game, Move

TAG_RE = re.compile(r'^\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
TAG_ORDER = ["Variant", "Options", "Seed", "Withheld", "Guest", "Host", "Date", "Result", "Termination", "Partial"]


def escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def parse_record(text: str, source: str | None = None) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """Split record text into (tags, turns) where turns are (line, token) pairs."""
    if not isinstance(text, str):
        raise RecordError(f"a record is text, got {type(text).__name__}", source=source)
    try:
        check_text(text, source)
    except LimitError as exc:
        raise RecordError(exc.detail, line=exc.line, source=source) from None
    tags: dict[str, str] = {}
    turns: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            m = TAG_RE.match(line)
            if not m:
                raise RecordError(f"malformed tag {line!r} (expected [Name \"value\"])", line=lineno, source=source)
            if turns:
                raise RecordError("tags must come before the moves", line=lineno, source=source)
            tags[m.group(1)] = unescape(m.group(2))
            continue
        for token in line.split(";"):
            token = token.strip()
            if token:
                turns.append((lineno, token))
        if len(turns) > MAX_TURNS:
            raise RecordError(f"more than {MAX_TURNS} turns", line=lineno, source=source)
    return tags, turns


def _options(tags, source):
    raw = tags.get("Options")
    if not raw:
        return {}
    try:
        options = boundary.loads_json(raw, "the Options tag", RecordError)
    except RecordError as exc:
        raise RecordError(str(exc), source=source) from None
    if not isinstance(options, dict):
        raise RecordError("Options tag must be a JSON object", source=source)
    return options


def default_variant() -> str | None:
    """The variant that reads records with no Variant tag (declared in its YAML)."""
    from .variant import variants

    for name in variants():
        try:
            if get_variant(name).definition.get("untagged_records"):
                return name
        except Exception:  # an unloadable plugin cannot be the default
            continue
    return None


def _tag_line(text: str, tag: str) -> int | None:
    for lineno, raw in enumerate(text.splitlines(), start=1):
        if raw.strip().startswith(f"[{tag} ") or raw.strip().startswith(f"[{tag}\t"):
            return lineno
    return None


def _canonical(name: str) -> str | None:
    """The registered name behind a name or alias (None if unknown)."""
    try:
        return get_variant(name).name
    except VariantError:
        return None


def _drop_display_options(variant: Variant, options: dict) -> tuple[dict, list[str]]:
    """A record's options less those that only choose how another program draws the game
    (``rules.display.display_only_options`` of the variant's YAML, e.g. The Garden Gate's
    ``NoHarmonyAids``), and a note for each one dropped.  An option the variant has is kept."""
    display = (variant.rules_config or {}).get("display") or {}
    listed = display.get("display_only_options") if isinstance(display, dict) else None
    if not isinstance(listed, dict) or not isinstance(options, dict):
        return options, []
    dropped = [k for k in options if k in listed and k not in variant.option_specs]
    notes = [f"option {k} ignored: {listed[k]}" for k in dropped]
    return {k: v for k, v in options.items() if k not in dropped}, notes


class Repair(NamedTuple):
    """One turn the tolerant reader played differently from how the record writes it."""

    move: str       # move number, e.g. "12G"
    line: int       # line of the record
    written: str    # the turn as written
    played: str     # the turn as played
    note: str       # why, in one sentence

    def __str__(self) -> str:
        return f"line {self.line}, move {self.move}: {self.note}"


def load_record(text: str, source: str | None = None, variant: Variant | str | None = None,
                options: dict | None = None, stop_on_error: bool = True,
                strict: bool = False) -> Game:
    """Replay a record and return the Game.

    A record without a ``Variant`` tag is read as ``variant``, else as the registered variant
    whose YAML says ``untagged_records: true`` (spec section 4: records copied from the reference
    engine carry no tags).  A tag names a registered variant, never a file (a variant file runs
    code); so does ``variant``, which may also be a :class:`~paisho_core.variant.Variant` the
    caller loaded (``load_variant_file(path)`` for a house rule it chooses to trust).  A tag and
    ``variant`` that disagree are an error.

    Like python-chess reading PGN, the reader is tolerant by default: a turn the variant's
    reference engine is known to play differently from how it is written (the
    ``paisho_repair_turn`` hook, e.g. a bonus written on a move that earned none)
    is played that way, and every such repair is listed on ``game.repairs`` (:class:`Repair`,
    with its move number).  ``strict=True`` refuses those turns instead.  Nothing else is
    guessed: any other problem raises RecordError naming the line and move number.
    """
    from . import new_game

    tags, turns = parse_record(text, source)
    if "Withheld" in tags:
        raise RecordError(f"this record withholds {boundary.shorten(tags['Withheld'])}: it is a "
                          f"game under way as shared with a player, which cannot be replayed "
                          f"until the game ends and the full record is shared",
                          line=_tag_line(text, "Withheld"), source=source)
    tagged = tags.get("Variant")
    if tagged is not None and looks_like_file(tagged):
        raise RecordError(f"Variant tag {tagged!r} names a file; a record names a registered "
                          f"variant only ({FILE_HINT})", line=_tag_line(text, "Variant"), source=source)
    if variant is not None and not isinstance(variant, (str, Variant)):
        raise RecordError(f"variant must be a registered name or a Variant, got "
                          f"{boundary.shorten(variant)}", source=source)
    wanted = variant.name if isinstance(variant, Variant) else variant
    if tagged and wanted and tagged != wanted and _canonical(tagged) != _canonical(wanted):
        raise RecordError(f"the record is a {tagged} game (Variant tag), not {wanted}",
                          line=_tag_line(text, "Variant"), source=source)
    name = variant if tagged and isinstance(variant, Variant) else (tagged or variant or default_variant())
    if name is None:
        raise RecordError("the record has no Variant tag and no variant reads untagged records",
                          source=source)
    opts = _options(tags, source) if "Options" in tags else (options or {})
    seed_tag = tags.get("Seed")
    seed: int | str | None = None
    try:
        if seed_tag is not None:
            seed = boundary.parse_seed(seed_tag, "the Seed tag", RecordError)
    except RecordError as exc:
        raise RecordError(str(exc), line=_tag_line(text, "Seed"), source=source) from None
    ignored: list[str] = []
    try:
        if isinstance(name, str):
            name = get_variant(name)  # a registered name only: never a file, never NAME:OPTIONS
        opts, ignored = _drop_display_options(name, opts)
        game = new_game(name, options=opts, seed=seed, auto_chance=False)
    except VariantError as exc:
        raise RecordError(str(exc), source=source) from None
    game.tags = tags
    game.ignored_options = ignored
    repairs: list[Repair] = []
    game.repairs = repairs
    if seed is not None:
        game.used_chance = True
    partial = tags.get("Partial", "").lower() == "true"
    for k, (lineno, token) in enumerate(turns):
        parsed = split_turn_token(token)
        if parsed is None:
            raise RecordError(f"{token!r} is not a turn (expected <n><G|H>.<body>)", line=lineno, source=source)
        number, player, body = parsed
        label = f"{number}{PLAYER_CODE[player]}"
        if game.outcome is not None:
            raise RecordError(f"the game already ended ({game.outcome.reason})", label, lineno, source)
        finish = not (partial and k == len(turns) - 1)
        try:
            game.play_turn(number, player, body, finish=finish)
        except PaishoError as exc:
            fix = game.rules.repair_turn(game, body)
            if fix is None:
                raise RecordError(str(exc), label, lineno, source) from None
            if strict:
                raise RecordError(f"strict reading refuses {token!r}: {fix[1]}", label, lineno,
                                  source) from None
            played, note = fix
            try:
                game.play_turn(number, player, played, finish=finish)
            except PaishoError:
                raise RecordError(str(exc), label, lineno, source) from None
            repairs.append(Repair(label, lineno, token, f"{label}.{played}", note))
    termination = tags.get("Termination", "")
    if game.outcome is None and termination.endswith(" resigned"):
        who = termination[: -len(" resigned")].strip()
        if who in ("host", "guest"):
            game.resign(who)
    game.auto_chance = True
    return game


def format_turn(game: Game, moves: Sequence[Move]) -> str:
    """A whole turn's body: the variant's ``paisho_format_turn``, else every decision's text in
    order, leaving out implicit ones (a declined bonus)."""
    body = game.rules.format_turn(game, moves)
    if body is None:
        body = "".join(m.text for m in moves if not m.implicit)
    return body


def write_record(game: Game, tags: dict | None = None, shared: bool = False) -> str:
    """The game's record: tags, then one whole turn per line.  ``shared``: the record of a game
    under way as a player or a spectator may see it: no seed while chance is to come, each turn
    as the variant shows it to everyone, and a ``Withheld`` tag saying what was left out."""
    all_tags = dict(getattr(game, "tags", {}) or {})
    all_tags.update(tags or {})
    all_tags["Variant"] = game.name
    non_default = {k: v for k, v in game.options.items()
                   if v != game.variant.option_specs[k]["default"]}
    if non_default:
        all_tags["Options"] = boundary.dumps_json(non_default, sort_keys=True)
    else:
        all_tags.pop("Options", None)
    all_tags.pop("Withheld", None)
    withheld = []
    bodies = []
    for number, player, moves in game.turns():
        body = format_turn(game, moves)
        if shared:
            public = game.rules.public_turn(game, moves)
            if public is not None and public != body:
                body = public
                if "secret choices" not in withheld:
                    withheld.append("secret choices")
        bodies.append(f"{number}{PLAYER_CODE[player]}.{body}")
    withhold_seed = shared and game.withholds_seed
    if withhold_seed:
        withheld.insert(0, "Seed")
    if withheld:
        all_tags["Withheld"] = f"{', '.join(withheld)} (until the game ends)"
    if withhold_seed:
        all_tags.pop("Seed", None)
    elif game.keeps_seed or (game.seed is not None and "Seed" in all_tags):
        all_tags["Seed"] = str(game.seed)
    if game.state.pending and game.outcome is None:
        all_tags["Partial"] = "true"  # the last turn stops at a pending decision
    else:
        all_tags.pop("Partial", None)
    if game.outcome is not None:
        all_tags["Result"] = game.outcome.result
        all_tags["Termination"] = game.outcome.reason
    else:
        all_tags["Result"] = "*"
        all_tags.pop("Termination", None)
    ordered = [k for k in TAG_ORDER if k in all_tags] + sorted(k for k in all_tags if k not in TAG_ORDER)
    lines = [f'[{k} "{escape(str(all_tags[k]))}"]' for k in ordered] + bodies
    return "\n".join(lines) + "\n"
