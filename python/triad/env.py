"""Learning environments over any variant (docs/python.md "Environment").

`Env` is one game with Gymnasium's API (reset(seed=..., options=...) -> (observation, info),
step(action) -> (observation, reward, terminated, truncated, info), render, close, metadata,
np_random, spec, reward_range, observation_space / action_space: gymnasium's spaces when
gymnasium is installed, else small stand-ins with sample() and contains()) plus
`action_masks()`, the legal-action mask Stable-Baselines3's MaskablePPO asks for. It is a plain
class with that API (duck-typed), so it needs only numpy; with gymnasium installed, importing
the package registers "triad/<variant>-v0" for gymnasium.make, which makes it a subclass of
gymnasium.Env. Rewards are the mover's (+1 won, -1 lost, 0 otherwise).

`TwoPlayerEnv` is the same game as PettingZoo's agent-environment cycle (AEC): agents
"player_1" and "player_2" take turns; observe(agent) gives {"observation", "action_mask"}
as PettingZoo's classic games do, and each agent's reward is its own.

Actions are the game's fixed encoding (Board.action_of / move_of); observations are float32
planes (one per piece letter, then "Player 1 to move") over the board's grid.
`triad.VecEnv` steps many games at once in C++.
"""
from __future__ import annotations

import functools
from typing import Any, ClassVar, Dict, Iterator, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

from triad._outcome import Outcome
from triad._spaces import gymnasium, spaces_module
from triad._triad import Board, variants

RENDER_MODES = ["ansi"]
AGENTS = ["player_1", "player_2"]


def _check_render_mode(render_mode: Optional[str]) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} is not one of {RENDER_MODES} or None")


class Env:
    """One game of `variant` with Gymnasium's API; a game longer than `max_plies` plies (counted
    from reset) ends truncated. `render_mode` is "ansi" (render() returns the board as text) or
    None (render() returns None); anything else raises ValueError. Call reset() before step().

    observation_space is a Box(0, 1, observation_shape, float32) and action_space a
    Discrete(action_count): gymnasium's when it can be imported, else triad's stand-ins with
    the same sample(), contains(), n and shape. `spec` is gymnasium.make's EnvSpec when made
    so, else None; `reward_range` is (-1.0, 1.0).
    """

    metadata: ClassVar[Dict[str, Any]] = {"render_modes": RENDER_MODES, "render_fps": 1}
    reward_range: ClassVar[Tuple[float, float]] = (-1.0, 1.0)
    spec: Any = None

    def __init__(self, variant: str, max_plies: int = 300,
                 render_mode: Optional[str] = None) -> None:
        """Raises triad.UnknownVariantError for an unknown variant, ValueError for a bad
        render_mode."""
        _check_render_mode(render_mode)
        self.variant = variant
        self.max_plies = max_plies
        self.render_mode = render_mode
        self.board = Board(variant)
        self.action_count: int = self.board.action_count
        self.observation_shape: Tuple[int, ...] = tuple(self.board.observation().shape)
        #: Random numbers for agents (sample_action); reset(seed=n) reseeds it as Gymnasium does.
        self.np_random: np.random.Generator = np.random.default_rng()
        spaces = spaces_module()
        self.observation_space: Any = spaces.Box(0.0, 1.0, self.observation_shape, np.float32)
        self.action_space: Any = spaces.Discrete(self.action_count)
        self._plies = 0
        self._refusal: Optional[str] = "step() before reset()"

    @property
    def unwrapped(self) -> "Env":
        """The environment itself (Gymnasium's wrappers expose the innermost one so)."""
        return self

    def _info(self, outcome: Optional[Outcome]) -> Dict[str, Any]:
        return {"action_mask": self.board.action_mask(), "to_play": self.board.turn,
                "outcome": outcome}

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        """Starts a game: at the variant's start, or at options["position"] (a position line,
        as Board.position_line gives). A seed reseeds np_random (the same seed, the same random
        numbers); None keeps the generator. Returns (observation, info) with info
        {"action_mask", "to_play" (1 or 2), "outcome" (None unless the position is over)}.
        Raises ValueError for an unknown option, triad.InvalidPositionError for a
        bad position line."""
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
        options = dict(options or {})
        position = options.pop("position", None)
        if options:
            raise ValueError(f"unknown reset options {sorted(options)}; known: ['position']")
        board = Board(self.variant, position)
        board.set_draw_rules(max_plies=0)
        self.board = board
        self._plies = 0
        outcome = board.outcome()
        self._refusal = None if outcome is None else "the game is over; call reset()"
        return board.observation(), self._info(outcome)

    def step(self, action: int) -> Tuple[npt.NDArray[np.float32], float, bool, bool,
                                         Dict[str, Any]]:
        """Plays `action` for the player to move. Returns (observation, reward to the mover
        (+1.0, -1.0 or 0.0), terminated (the rules ended the game), truncated (max_plies
        reached first), info as reset's, "outcome" set once terminated). An illegal action
        raises triad.IllegalMoveError and changes nothing; step() before reset() or after the
        game ended (terminated or truncated) raises RuntimeError."""
        if self._refusal is not None:
            raise RuntimeError(self._refusal)
        board = self.board
        mover = board.turn
        board.push_action(int(action))
        self._plies += 1
        outcome = board.outcome()
        reward = 0.0
        if outcome is not None and outcome.winner is not None:
            reward = 1.0 if outcome.winner == mover else -1.0
        terminated = outcome is not None
        truncated = not terminated and self._plies >= self.max_plies
        if terminated or truncated:
            self._refusal = "the game is over; call reset()"
        return board.observation(), reward, terminated, truncated, self._info(outcome)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as numpy bools over all action_count actions (what MaskablePPO
        calls); all False once the rules ended the game."""
        return self.board.action_mask()

    def legal_actions(self) -> npt.NDArray[np.int64]:
        """The legal actions, in the order of Board.legal_moves."""
        return self.board.legal_actions()

    def sample_action(self) -> int:
        """A legal action drawn uniformly with np_random. Raises ValueError if there is none."""
        actions = self.board.legal_actions()
        if len(actions) == 0:
            raise ValueError("no legal action: the game is over")
        return int(actions[self.np_random.integers(len(actions))])

    def render(self) -> Optional[str]:
        """The board as text (str(board): grid, score, legend) in render_mode "ansi"; None
        when render_mode is None."""
        return str(self.board) if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release; there for Gymnasium's API."""


class TwoPlayerEnv:
    """One game of `variant` as PettingZoo's agent-environment cycle (AEC): agents
    "player_1" and "player_2" (Players 1 and 2 of the rules). Loop as PettingZoo does:

        env.reset(seed=0)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            action = None if terminated or truncated else policy(observation)
            env.step(action)

    observe(agent) is {"observation": Env's planes (the same for both agents),
    "action_mask": int8 over all actions, 1 for legal ones, all 0 unless `agent` is to move}.
    Rewards are each agent's: +1 and -1 at a decisive end, 0 and 0 at a draw or truncation
    (after max_plies plies), 0 otherwise. At the end infos[agent]["outcome"] holds the
    Outcome (None after a truncation). observation_space(agent) / action_space(agent) are
    Dict / Discrete spaces (gymnasium's when it is installed, else triad's stand-ins).
    """

    metadata: ClassVar[Dict[str, Any]] = {"render_modes": RENDER_MODES, "name": "triad_v0",
                                          "is_parallelizable": False, "render_fps": 1}

    def __init__(self, variant: str, max_plies: int = 300,
                 render_mode: Optional[str] = None) -> None:
        """Raises as Env does."""
        self.env = Env(variant, max_plies, render_mode)
        self.render_mode = render_mode
        self.possible_agents: List[str] = list(AGENTS)
        self.agents: List[str] = []
        self.agent_selection = AGENTS[0]
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        spaces = spaces_module()
        mask = spaces.Box(0, 1, (self.env.action_count,), np.int8)
        self._observation_space: Any = spaces.Dict(
            {"observation": self.env.observation_space, "action_mask": mask})

    @property
    def np_random(self) -> np.random.Generator:
        """The generator reset(seed=n) seeds (Env.np_random)."""
        return self.env.np_random

    @property
    def num_agents(self) -> int:
        """How many agents are still in the cycle."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """2."""
        return len(self.possible_agents)

    def observation_space(self, agent: str) -> Any:
        """Dict(observation: Box, action_mask: Box of int8)."""
        return self._observation_space

    def action_space(self, agent: str) -> Any:
        """Discrete(action_count)."""
        return self.env.action_space

    def _agent_of(self, player: int) -> str:
        return self.possible_agents[player - 1]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> None:
        """Starts a game (seed and options as Env.reset: options={"position": line}); all
        agents live, rewards 0, the player to move selected. Raises as Env.reset does."""
        _, info = self.env.reset(seed=seed, options=options)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_of(self.env.board.turn)
        if info["outcome"] is not None:  # a position line of a finished game
            self._finish(self.agent_selection, 0.0, info["outcome"], True, False)

    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]:
        """{"observation": planes, "action_mask": int8 mask} as `agent` sees the game."""
        mask = np.zeros(self.env.action_count, np.int8)
        if agent == self.agent_selection and agent in self.agents \
                and not (self.terminations[agent] or self.truncations[agent]):
            mask = self.env.action_masks().astype(np.int8)
        return {"observation": self.env.board.observation(), "action_mask": mask}

    def last(self, observe: bool = True) -> Tuple[Optional[Dict[str, npt.NDArray[Any]]], float,
                                                  bool, bool, Dict[str, Any]]:
        """(observation or None, reward since its last action, terminated, truncated, info)
        of the agent to act (agent_selection)."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """Yields agent_selection until every agent has left (or max_iter times)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _finish(self, mover: str, reward: float, outcome: Optional[Outcome],
                terminated: bool, truncated: bool) -> None:
        other = self.possible_agents[1 - self.possible_agents.index(mover)]
        self.rewards = {mover: reward, other: -reward if reward else 0.0}
        for agent in self.agents:
            self.terminations[agent] = terminated
            self.truncations[agent] = truncated
            self.infos[agent] = {"outcome": outcome}
        self.agent_selection = other  # the loser (if any) hears of it first

    def step(self, action: Optional[int]) -> None:
        """The selected agent plays `action`; once the game is over each agent steps once
        with None to leave the cycle (agents empties). Raises triad.IllegalMoveError for an
        illegal action (nothing changes), ValueError for None while the game goes on or an
        action after it ended, RuntimeError with no agents left (call reset())."""
        if not self.agents:
            raise RuntimeError("no agents: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"{agent} is done: its step takes None, not {action!r}")
            self.agents.remove(agent)
            del self.rewards[agent], self._cumulative_rewards[agent], self.infos[agent]
            del self.terminations[agent], self.truncations[agent]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is no action")
        _, reward, terminated, truncated, info = self.env.step(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        if terminated or truncated:
            self._finish(agent, reward, info["outcome"], terminated, truncated)
        else:
            self.agent_selection = self._agent_of(self.env.board.turn)
        for name, value in self.rewards.items():
            self._cumulative_rewards[name] += value

    def render(self) -> Optional[str]:
        """As Env.render."""
        return self.env.render()

    def close(self) -> None:
        """As Env.close."""
        self.env.close()


def make_gymnasium_env(variant: str, max_plies: int = 300,
                       render_mode: Optional[str] = None) -> Env:
    """An Env that is also a gymnasium.Env (gymnasium.make's entry point: its wrappers take
    only those). Raises ImportError without gymnasium."""
    module = gymnasium()
    if module is None:
        raise ImportError("gymnasium is not installed")
    return _gymnasium_class(module.Env)(variant, max_plies, render_mode)


@functools.lru_cache(maxsize=None)
def _gymnasium_class(base: type) -> type:
    """Env with gymnasium.Env (`base`) as a second base class, made once."""
    return type("Env", (Env, base), {"__doc__": "triad.env.Env as a gymnasium.Env.",
                                     "__module__": __name__})


def gymnasium_ids() -> List[str]:
    """The ids registered with gymnasium: "triad/<variant>-v0" for each variant known when
    the package was imported."""
    return [f"triad/{variant}-v0" for variant in variants()]


def _register() -> None:
    """Registers every variant with gymnasium, when it can be imported (on import)."""
    module = gymnasium()
    if module is None:
        return
    for variant, env_id in zip(variants(), gymnasium_ids()):
        if env_id not in module.registry:
            module.register(id=env_id, entry_point="triad.env:make_gymnasium_env",
                            kwargs={"variant": variant})


_register()
