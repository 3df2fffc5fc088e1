"""Options a record may carry that change only how another program draws the game: they are
dropped when the record is opened, with a note saying so.

A variant lists them in its YAML, ``rules: {display: {display_only_options: {NAME: why}}}``
(The Garden Gate writes ``NoHarmonyAids``, a choice of its board's helpers, into the games of
two of its variants, and into one of them an option that there picks tile art).  An option the
variant really has is never dropped.
"""
from __future__ import annotations

import json
import re

from .. import PaishoError, get_variant

OPTIONS_LINE = re.compile(r'^\s*\[Options\s+"(?:[^"\\]|\\.)*"\s*\]\s*$', re.MULTILINE)


def display_only(variant) -> dict:
    """``{option name: why it is only a display choice}`` for a variant."""
    display = (variant.rules_config or {}).get("display") or {}
    names = display.get("display_only_options") if isinstance(display, dict) else None
    return {str(k): str(v) for k, v in (names or {}).items()} if isinstance(names, dict) else {}


def drop_display_options(text: str, tags: dict, name: str | None) -> tuple[str, dict | None, list[str]]:
    """The record's text without its Options tag, the options left, and a note for each
    option dropped; ``(text, None, [])`` when nothing is dropped."""
    raw = tags.get("Options")
    variant_name = tags.get("Variant") or name
    if raw is None or not variant_name:
        return text, None, []
    try:
        options = json.loads(raw)
        variant = get_variant(variant_name.split(":")[0])
    except (ValueError, PaishoError):
        return text, None, []  # the loader reports what is wrong with it
    if not isinstance(options, dict):
        return text, None, []
    ignored = display_only(variant)
    dropped = [k for k in options if k in ignored and k not in variant.option_specs]
    if not dropped:
        return text, None, []
    notes = [f"option {k} ignored: {ignored[k]}" for k in dropped]
    kept = {k: v for k, v in options.items() if k not in dropped}
    return OPTIONS_LINE.sub("", text, count=1), kept, notes
