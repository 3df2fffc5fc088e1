"""The PettingZoo environment (issue 18 acceptance 3): PettingZoo's own ``api_test`` passes for
every variant; actions are fixed indices with a legal mask; hidden information stays hidden;
rewards come at the end.  Skipped without the ``rl`` extra (CI installs it and runs this file)."""
from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

import paisho_core as paisho  # noqa: E402
from paisho_core.rl import env, raw_env  # noqa: E402
from tests.test_play_support import available_variants  # noqa: E402

VARIANTS = available_variants()


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test(variant):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # naming and dict-observation advice, not failures
        api_test(env(variant), num_cycles=60)


@pytest.mark.parametrize("variant", VARIANTS)
def test_mask_is_the_legal_moves_and_indices_are_fixed(variant):
    e = raw_env(variant)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            break
        assert agent == e.game.to_move
        mask = e.observe(agent)["action_mask"]
        legal = e.game.legal_moves()
        assert int(mask.sum()) == len(legal)
        for move in legal:
            index = e.encode(move)
            assert mask[index] == 1 and e.decode(index) == move
        other = "host" if agent == "guest" else "guest"
        assert e.observe(other)["action_mask"].sum() == 0
        e.step(int(rng.choice(np.flatnonzero(mask))))


def test_same_move_same_index_in_different_positions():
    """An arrangement keeps its index whatever else is legal: it is coded by its points."""
    a, b = raw_env("modern"), raw_env("modern")
    a.reset(seed=1)
    b.reset(seed=2)
    a.step(a.encode(a.game.legal_moves()[0]))  # a is now elsewhere, b at the start
    b.step(b.encode(b.game.legal_moves()[-1]))
    common = {m.text for m in a.game.legal_moves()} & {m.text for m in b.game.legal_moves()}
    assert common
    for text in common:
        assert a.encode(text) == b.encode(text)


def test_rewards_only_at_the_end():
    e = raw_env("modern", max_decisions=3000)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    while not any(e.terminations.values()) and not any(e.truncations.values()):
        assert set(e.rewards.values()) == {0.0}
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    if e.game.outcome is not None and e.game.outcome.winner:
        winner = e.game.outcome.winner
        loser = "host" if winner == "guest" else "guest"
        assert (e.rewards[winner], e.rewards[loser]) == (1.0, -1.0)


def test_hidden_hands_stay_hidden():
    """Ancient deals secret hands: a player's observation carries its own hand, never the
    opponent's tiles (only how many there are)."""
    e = raw_env("ancient")
    e.reset(seed=2)
    codec = e.observations
    full = e.game.position()
    hands = full["piles"]["hand"]
    assert hands["host"] != {}
    obs = e.observe("guest")["observation"]
    n = len(codec.codes)
    piles = obs[codec.board_size:codec.board_size + codec.pile_size].reshape(len(codec.piles), 2, n + 1)
    hand = codec.piles.index("piles.hand")
    assert piles[hand, 1, :n].sum() == 0  # the Host's hand, seen by the Guest: no codes
    assert piles[hand, 1, n] == sum(hands["host"].values())  # only its size
    assert piles[hand, 0, :n].sum() == sum(hands["guest"].values())


def test_variant_string_and_chance_inside():
    """Fire's draws are chance steps: the environment resolves them, agents never see one."""
    e = raw_env("fire:HideReserveTiles=true" if "HideReserveTiles" in
                paisho.get_variant("fire").option_specs else "fire")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        if any(e.terminations.values()):
            break
        assert not e.game.is_chance()
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))


SHARED_POINTS = """
import json
from paisho_core.drawing.diagram import build
from paisho_core.rl import ActionCodec
spec = {"variant": "basic", "turn": 6, "play": ["(-5,1)"],
        "tiles": {"guest": {"W": [[4, -2], [-5, 1]], "W3": [[5, -2], [-4, 2]], "R": [[3, -3]]},
                  "host": {"R4": [[4, 4]], "W4": [[-6, 0]]}}}
game = build(spec)
codec = ActionCodec(game.tileset.codes())
shared = {str(i): m.text for i, m in codec.encode(game.legal_moves()).items()}
start = build({"variant": "skud"})
hashed = {str(i): m.text for i, m in codec.encode(start.legal_moves()).items()}
print(json.dumps([shared, hashed]))
"""


def test_slots_are_ranked_by_notation_and_stable_across_processes():
    """Decisions sharing their points (a Wheel's seven turns) take slots in notation order, and
    every index is the same in a fresh process with another hash seed."""
    import json
    import os
    import subprocess
    import sys

    runs = []
    for seed in ("1", "987"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        out = subprocess.run([sys.executable, "-c", SHARED_POINTS], env=env, check=True,
                             capture_output=True, text=True).stdout
        runs.append(json.loads(out))
    assert runs[0] == runs[1]
    shared = {int(i): text for i, text in runs[0][0].items()}
    indices = sorted(shared)
    assert [shared[i] for i in indices] == [f"cw{k}" for k in range(1, 8)]
    assert indices == list(range(indices[0], indices[0] + 7))  # consecutive slots of one block
