"""Variant arguments of a comparison: ``name``, ``name:K=V,...`` or a house-rules YAML file."""
from __future__ import annotations

import json
from pathlib import Path


def resolve_spec(text: str):
    """(variant, options) for one variant argument: a name, ``name:K=V,...`` or a YAML path."""
    from ..cli.util import variant_and_options

    return variant_and_options(text)


def _spec_for_workers(text: str, variant) -> str:
    """The argument as a fresh worker process must see it: YAML paths made absolute, and a
    variant this process loaded from a YAML file (an overlay named by its registered name)
    named by that file again."""
    from ..variant import _entry_point_modules

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
            from .. import new_game

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
