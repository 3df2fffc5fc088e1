"""Mechanics shared by the garden games (Skud and Fire): tile roles, clashes, derived flags,
harmonies, rings, midline counts, accent effects and notation.

Each variant's YAML tags its tiles with roles (``lotus``, ``orchid``, ``rock``, ``wheel``,
``knotweed``, ``boat``, ``pond``, ``bamboo``, ``lion_turtle``); the code here acts on roles and
groups, so a house rule that renames or recounts tiles keeps working.

One concern per module: :mod:`.roles` (what a variant's tiles are), :mod:`.movetable` (moves as
values, picks), :mod:`.sightlines` (nearest blockers, sight), :mod:`.clash` (the clash rule),
:mod:`.memo` (data derived from a board, carried forward), :mod:`.harmony` (pairs, rings,
midline counts), :mod:`.arrange` (tile moves), :mod:`.accents` (accent tiles) and :mod:`.turns`
(turn ends, the phase of a loaded position, notation).  Every name is also importable from the
package itself.
"""
from __future__ import annotations

from paisho_core.board import LABEL
from paisho_core.notation import check_points as check_point_text
from paisho_core.sight import transpose_mask

from .accents import (Overlay, accent_moves, apply_accent, boat_flower_destinations, placement_mask,
                      rotate, wheel_rotation)
from .arrange import Arranging, MoverMemo, arrangements, can_arrange, mover_memo, reach4
from .clash import ClashMap, any_clash, clash_across, clash_at, clash_between
from .harmony import (harmony_idents, harmony_list, harmony_pairs, line_cancelled, midline_counts,
                      new_harmony, ring_or_count_outcome, ring_winners)
from .memo import (MAX_CHANGES, board_masks, changes, clash_map, code_masks, derived, group_masks, lines,
                   mask_of_codes, memoised)
from .movetable import PATCH_RATIO, MoveTable, pick, repicked
from .roles import ROLES, Roles, roles
from .sightlines import COLUMN, EAST, GATES_T, NORTH, SOUTH, WEST, line_neighbours, relinked, sight
from .turns import end_of_turn_outcome, end_turn, loaded_phase, split_bonus

__all__ = ["check_point_text", "Roles", "roles", "clash_at", "any_clash", "harmony_list", "ring_winners",
           "midline_counts", "wheel_rotation", "rotate", "boat_flower_destinations", "LABEL",
           "ROLES", "MoveTable", "pick", "repicked", "PATCH_RATIO", "code_masks", "mask_of_codes",
           "clash_between", "clash_across", "ClashMap", "GATES_T", "COLUMN", "EAST", "WEST", "NORTH",
           "SOUTH", "line_neighbours", "relinked", "sight", "transpose_mask", "derived", "changes",
           "MAX_CHANGES", "memoised", "board_masks", "group_masks", "lines", "clash_map",
           "line_cancelled", "harmony_pairs", "ring_or_count_outcome", "new_harmony", "harmony_idents",
           "reach4", "MoverMemo", "mover_memo", "Arranging", "arrangements", "can_arrange",
           "placement_mask", "accent_moves", "Overlay", "apply_accent", "end_of_turn_outcome",
           "end_turn", "loaded_phase", "split_bonus"]
