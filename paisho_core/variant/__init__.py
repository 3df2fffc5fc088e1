"""Variants: definitions, the registry of names, and (apart from it) the loading of files.

The package keeps the two apart on purpose:

- :mod:`~paisho_core.variant.registry` resolves *names* (``NAME``, ``NAME:Option=true``)
  to installed or already-loaded variants, and never opens a file. Everything that reads data
  (records, positions, the engine, the web) resolves variants here.
- :mod:`~paisho_core.variant.files` loads a variant *file* and runs its hooks, only when a caller
  names the file through its API (``load_variant_file``, or a path a user typed on the command
  line). It checks the whole ``extends:`` chain as data before any hook runs.

The other modules hold one concern each: :mod:`~paisho_core.variant.model` (the
:class:`Variant` and its options), :mod:`~paisho_core.variant.document` (YAML text to a
validated definition), :mod:`~paisho_core.variant.overlay` (house-rule overlays) and
:mod:`~paisho_core.variant.hooks` (binding hooks and the hook-module contract).
"""
from __future__ import annotations

from .document import parse_document
from .files import (load_variant_file, read_definition, resolve_argument, variant_from_plugin,
                    variant_from_spec)
from .hooks import HOOKS, Rules
from .model import MAX_OPTION_NUMBER, MAX_OPTION_TEXT, Variant
from .overlay import merge_overlay, tile_matches
from .registry import (ENTRY_POINT_GROUP, FILE_HINT, _entry_point_modules, _registry,
                       get_variant, installed_names, is_registered, looks_like_file,
                       parse_option_pairs, register, resolve, variant_string, variants)

__all__ = [
    "ENTRY_POINT_GROUP", "FILE_HINT", "HOOKS", "MAX_OPTION_NUMBER", "MAX_OPTION_TEXT", "Rules",
    "Variant", "get_variant", "installed_names", "is_registered", "load_variant_file",
    "looks_like_file", "merge_overlay", "parse_document", "parse_option_pairs",
    "read_definition", "register", "resolve", "resolve_argument", "tile_matches",
    "variant_from_plugin", "variant_from_spec", "variant_string", "variants",
]
