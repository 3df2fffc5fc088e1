"""What the garden memo carries from board to board since session 10 (issue 14), against a
rebuild on a fresh copy of the game: the group and code masks (updated once per code from the
changed points), the clash map's sights kept per code and its ``bad`` values carried from map to
map (dropped where a clashing code's sight changed), and the State's board bookkeeping after
``relocate`` (one step instead of a lift and a put).  Differential: random Skud and Fire games
with options, after every play and every undo.
"""
from __future__ import annotations

import random

from paisho_core.board import BIT, BIT_T
from paisho_core.zobrist import tile_value
from paisho_variants.common import garden

from tests.test_garden_incremental import play_and_undo
from tests.test_garden_speed_oracle import FIRE_OPTIONS, SKUD_OPTIONS


def carried(game) -> dict:
    clash = garden.clash_map(game)
    st = game.state
    return {
        "groups": dict(garden.group_masks(game)),
        "masks": dict(garden.board_masks(game)),
        "sights_of": {code: dict(m) for code, m in clash.sights_of.items() if m},
        # every value the map keeps, whether carried or worked out on this board
        "bad_of": {code: clash.bad(code) for code in list(clash.bad_of)},
        "state": (st.occupied, st.occupied_t, dict(st.owned), st.placed_masks(), st.zobrist),
    }


def rebuilt(game, got: dict) -> dict:
    fresh = game.copy()
    clash = garden.clash_map(fresh)
    st = game.state.copy()
    want = {
        "groups": dict(garden.group_masks(fresh)),
        "masks": dict(garden.board_masks(fresh)),
        "sights_of": {code: dict(m) for code, m in clash.sights_of.items() if m},
        "bad_of": {code: clash.bad(code) for code in got["bad_of"]},
    }
    # the bookkeeping State.put keeps, recomputed from the board alone
    occupied = occupied_t = 0
    owned = {"host": 0, "guest": 0}
    masks: dict = {}
    zobrist = 0
    for p, tile in enumerate(st.board):
        if tile is not None:
            occupied |= BIT[p]
            occupied_t |= BIT_T[p]
            owned[tile.owner] |= BIT[p]
            masks[tile] = masks.get(tile, 0) | BIT[p]
            zobrist ^= tile_value(p, tile)
    want["state"] = (occupied, occupied_t, owned, masks, zobrist)
    return want


def check(game) -> None:
    got = carried(game)
    want = rebuilt(game, got)
    for key in want:
        assert got[key] == want[key], (key, game.position())


def test_skud_carried_masks_sights_and_bad_equal_a_rebuild():
    assert play_and_undo("skud", SKUD_OPTIONS, games=8, plies=200, seed0=7100, check=check) > 800


def test_fire_carried_masks_sights_and_bad_equal_a_rebuild():
    assert play_and_undo("fire", FIRE_OPTIONS, games=10, plies=140, seed0=8100, check=check) > 600


def test_reach4_is_the_reach_of_sight():
    """The arrangements' bitset reach (empty points met again step on again) against
    :func:`paisho_core.sight.reach` on random boards, every distance 0 to 7."""
    from paisho_core.board import PLAYABLE, bits
    from paisho_core.sight import reach, step4

    rng = random.Random(11)
    points = list(bits(PLAYABLE))
    for _ in range(3000):
        occupied = 0
        for p in rng.sample(points, rng.randint(0, 90)):
            occupied |= BIT[p]
        s, dist = rng.choice(points), rng.randint(0, 7)
        empty = PLAYABLE & ~occupied
        landing, touched = reach(s, dist, empty, step4) if dist > 0 else (0, 0)
        assert garden.reach4(s, dist, empty) == landing | touched, (s, dist)
