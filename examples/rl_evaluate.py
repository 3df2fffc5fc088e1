"""Evaluate a learning agent against a built-in computer player, through the PettingZoo
environment (needs the ``rl`` extra: ``pip install -e '.[rl]'``).

The agent here is a stand-in that picks a random legal action from the mask; put your trained
policy in ``agent_action``.  The opponent is a built-in level from
:func:`paisho_core.players.make_player`, playing through the same environment: its move is
turned into an action index with ``raw_env.encode``.

    python examples/rl_evaluate.py skud --level greedy --games 4
"""
from __future__ import annotations

import argparse

import numpy as np

from paisho_core.players import make_player
from paisho_core.rl import env


def agent_action(observation: dict, rng: np.random.Generator) -> int:
    """The policy under test: here, a uniformly random legal action."""
    legal = np.flatnonzero(observation["action_mask"])
    return int(rng.choice(legal))


def play(variant: str, level: str, games: int, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    e = env(variant, max_decisions=600)
    raw = e.unwrapped
    score = {"agent": 0.0, "opponent": 0.0, "draws": 0.0}
    for k in range(games):
        e.reset(seed=seed + k)
        agent_side = ("guest", "host")[k % 2]  # alternate sides
        bot = make_player(level, seed=seed + k)
        final: dict[str, float] = {}
        for name in e.agent_iter():
            obs, reward, terminated, truncated, _info = e.last()
            final[name] = reward
            if terminated or truncated:
                e.step(None)
                continue
            if name == agent_side:
                e.step(agent_action(obs, rng))
            else:
                e.step(raw.encode(bot.choose(raw.game)))
        mine = final.get(agent_side, 0.0)
        score["agent" if mine > 0 else "opponent" if mine < 0 else "draws"] += 1
        print(f"game {k + 1}: agent as {agent_side}: "
              f"{'won' if mine > 0 else 'lost' if mine < 0 else 'draw'} "
              f"({raw.game.outcome.reason if raw.game.outcome else 'stopped'}, {raw.game.ply} decisions)")
    return score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="skud")
    parser.add_argument("--level", default="random", help="random, greedy, easy, medium, hard")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    score = play(args.variant, args.level, args.games, args.seed)
    print(f"agent {score['agent']:g}, {args.level} {score['opponent']:g}, draws {score['draws']:g}")


if __name__ == "__main__":
    main()
