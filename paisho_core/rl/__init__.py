"""A PettingZoo AEC environment for every variant (optional extra ``rl``: pettingzoo,
gymnasium, numpy)::

    from paisho_core.rl import env
    e = env(NAME)                      # any variant string, options included
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        mask = obs["action_mask"]
        action = None if terminated or truncated else e.action_space(agent).sample(mask)
        e.step(action)

The agents are ``"guest"`` and ``"host"``; the one to act is always the player the pending
decision belongs to, so a player with a bonus decision acts twice in a row.  Chance steps
(draws from a hidden reserve) are resolved inside the environment by the game's seeded
generator.  Rewards come only at the end: +1 the winner, -1 the loser, 0 both for a draw.

Actions (:class:`ActionCodec`) are fixed indices per variant: a decision is coded by where it
takes a tile from (a point, or a tile code for a tile from a pile) and where it puts one (a
point), with a few slots for decisions that share both (a ring of tiles turned by 1 to 7 places), and a
hashed block for decisions with no point at all (choosing accents).  ``action_mask`` marks the
legal ones.  Observations (:class:`ObservationCodec`) come from ``game.observation(agent)``,
so hidden hands and piles stay hidden: tile planes (the agent's tiles, then the opponent's, one
17x17 plane per tile code), pile counts, the pending phase and whose decision it is.
"""
from __future__ import annotations

import zlib
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import board as grid
from .. import new_game
from ..game import Game, Move
from ..tiles import PLAYERS, other

__all__ = ["env", "raw_env", "ActionCodec", "ObservationCodec"]

NPOINTS = len(grid.POINTS)
_ORDINAL = {i: k for k, i in enumerate(grid.POINTS)}
PHASE_BUCKETS = 16


class ActionCodec:
    """Fixed action indices for one variant.

    Index layout: ``((origin * (NPOINTS + 1) + dest) * slots + slot)`` for decisions that name a
    point, where ``origin`` is the point a tile leaves (0..248, in ``board.POINTS`` order), or
    ``NPOINTS + k`` for the k-th tile code taken from a pile, or the last value for none;
    ``dest`` the point a tile reaches (``NPOINTS`` for none); ``slot`` the rank, by notation,
    among the legal decisions sharing origin and dest.  Decisions naming no point, and any
    beyond ``slots``, go to a block of ``hashed`` indices after that, placed by a CRC of their
    notation (the next free index on a collision).
    """

    def __init__(self, codes: list[str], slots: int = 8, hashed: int = 4096) -> None:
        self.codes = {c: k for k, c in enumerate(codes)}
        self.origins = NPOINTS + len(codes) + 1
        self.slots = slots
        self.hashed = hashed
        self.structured = self.origins * (NPOINTS + 1) * slots
        self.size = self.structured + hashed

    def _group(self, move: Move) -> tuple[int, int] | None:
        src, dst = move.from_point, move.to_point
        if src is not None:
            origin = _ORDINAL[grid.index(*src)]
        elif move.tile is not None and move.tile in self.codes:
            origin = NPOINTS + self.codes[move.tile]
        else:
            origin = self.origins - 1
        dest = _ORDINAL[grid.index(*dst)] if dst is not None else NPOINTS
        if origin == self.origins - 1 and dest == NPOINTS:
            return None
        return origin, dest

    def encode(self, moves: list[Move]) -> dict[int, Move]:
        """Index -> move for the legal decisions of one position (indices are distinct)."""
        groups: dict[tuple[int, int] | None, list[Move]] = {}
        for m in moves:
            groups.setdefault(self._group(m), []).append(m)
        out: dict[int, Move] = {}
        overflow: list[Move] = list(groups.pop(None, []))
        for group, members in groups.items():
            assert group is not None  # popped above
            origin, dest = group
            members.sort(key=lambda m: (m.action, m.text))
            base = (origin * (NPOINTS + 1) + dest) * self.slots
            for slot, m in enumerate(members[:self.slots]):
                out[base + slot] = m
            overflow += members[self.slots:]
        for m in sorted(overflow, key=lambda m: (m.action, m.text)):
            h = zlib.crc32(f"{m.action}:{m.text}".encode()) % self.hashed
            while self.structured + h in out:
                h = (h + 1) % self.hashed
            out[self.structured + h] = m
        return out


class ObservationCodec:
    """Arrays from a position as one player sees it (``game.observation(player)``)."""

    def __init__(self, game: Game) -> None:
        self.codes = {c: k for k, c in enumerate(game.tileset.codes())}
        start = game.position()
        self.piles = ["reserves"] + [f"piles.{name}" for name in sorted(start.get("piles") or {})]
        n = len(self.codes)
        self.board_size = 2 * n * grid.SIZE * grid.SIZE
        self.pile_size = len(self.piles) * 2 * (n + 1)
        self.size = self.board_size + self.pile_size + PHASE_BUCKETS + 1

    def encode(self, view: dict[str, Any], player: str, to_move: str) -> np.ndarray:
        n = len(self.codes)
        out = np.zeros(self.size, dtype=np.float32)
        planes = out[:self.board_size].reshape(2, n, grid.SIZE, grid.SIZE)
        for entry in view.get("board") or ():
            k = self.codes.get(entry["tile"])
            if k is not None:
                side = 0 if entry["owner"] == player else 1
                planes[side, k, entry["y"] + grid.HALF, entry["x"] + grid.HALF] = 1.0
        hidden = view.get("hidden") or {}
        piles = out[self.board_size:self.board_size + self.pile_size].reshape(len(self.piles), 2, n + 1)
        for p, path in enumerate(self.piles):
            if path == "reserves":
                per = view.get("reserves") or {}
            else:
                per = (view.get("piles") or {}).get(path.split(".", 1)[1]) or {}
            for s, owner in enumerate((player, other(player))):
                hidden_key = f"{path}.{owner}"
                if hidden_key in hidden:  # an emptied pile: only its size is known
                    piles[p, s, n] = float(hidden[hidden_key])
                    continue
                for code, count in (per.get(owner) or {}).items():
                    k = self.codes.get(code)
                    if k is not None:
                        piles[p, s, k] = float(count)
        phase = str(view.get("phase", ""))
        out[self.board_size + self.pile_size + zlib.crc32(phase.encode()) % PHASE_BUCKETS] = 1.0
        out[-1] = 1.0 if to_move == player else 0.0
        return out


class raw_env(AECEnv):
    """The environment without PettingZoo's checking wrappers (:func:`env` adds them)."""

    metadata = {"render_modes": ["ansi"], "name": "paisho_v0", "is_parallelizable": False}

    def __init__(self, variant: str, max_decisions: int = 2000, slots: int = 8,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.variant = variant
        self.max_decisions = max_decisions
        self.render_mode = render_mode
        self.game = new_game(variant, seed=0)
        self.actions = ActionCodec(self.game.tileset.codes(), slots=slots)
        self.observations = ObservationCodec(self.game)
        self.possible_agents = list(PLAYERS)
        self.agents = list(PLAYERS)
        obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, np.inf, shape=(self.observations.size,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(self.actions.size,), dtype=np.int8),
        })
        self._observation_spaces = {a: obs_space for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.actions.size) for a in self.possible_agents}
        self._legal: dict[int, Move] = {}
        self._seed = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        view = self.game.observation(agent)
        mask = np.zeros(self.actions.size, dtype=np.int8)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask[list(self._legal)] = 1
        return {"observation": self.observations.encode(view, agent, self.game.to_move),
                "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.game = new_game(self.variant, seed=self._seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._after_change()

    def _after_change(self) -> None:
        """Legal actions of the new position, the agent to act, and the end."""
        game = self.game
        self._legal = self.actions.encode(game.legal_moves()) if game.outcome is None else {}
        self.agent_selection = game.to_move
        if game.outcome is not None or not self._legal:
            winner = game.outcome.winner if game.outcome is not None else None
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if a == winner else -1.0)
                self.terminations[a] = True
                self.infos[a] = {"outcome": game.outcome.reason if game.outcome else "no legal move"}
        elif game.ply >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
        for a in self.agents:
            self.infos[a]["legal_moves"] = len(self._legal) if a == self.agent_selection else 0

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._legal.get(int(action)) if action is not None else None
        if move is None:
            raise ValueError(f"action {action} is not legal for {agent} "
                             f"({len(self._legal)} legal; see the action_mask)")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.game.play(move)
        self._after_change()
        self._accumulate_rewards()

    def decode(self, action: int) -> Move:
        """The move an action index stands for now (KeyError if it is not legal)."""
        return self._legal[int(action)]

    def encode(self, move: Move | str) -> int:
        """The action index of a legal move (or its notation) now."""
        found = self.game.parse_move(move) if isinstance(move, str) else move
        for index, m in self._legal.items():
            if m == found:
                return index
        raise KeyError(str(move))

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        from ..drawing.render import board_lines, describe

        return "\n".join(board_lines(self.game) + [""] + describe(self.game))

    def close(self) -> None:
        pass


def env(variant: str, **kwargs: Any) -> AECEnv:
    """The environment of a variant (a variant string as everywhere: ``"NAME:Option=true"``)
    wrapped in PettingZoo's checks: an illegal action ends the game with -1 for its player."""
    e: AECEnv = raw_env(variant, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
