"""A two-player, turn-based learning environment over any variant (docs/python.md).

`Env` follows the Gymnasium calling convention (reset() -> (observation, info), step(action)
-> (observation, reward, terminated, truncated, info)) with the legal-action mask in
`info["action_mask"]`, as PettingZoo's classic games pass it; rewards are the mover's (+1 won,
-1 lost, 0 otherwise). Actions are the game's fixed encoding (Board.action_of / move_of);
observations are planes (one per piece letter, then "Player 1 to move") over the board's grid.
`triad.VecEnv` steps many games at once in C++.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

import numpy as np

from triad._triad import Board


class Env:
    """One game of `variant`; a game longer than `max_plies` plies ends truncated (a draw)."""

    def __init__(self, variant: str, max_plies: int = 300) -> None:
        self.variant = variant
        self.max_plies = max_plies
        self.board = Board(variant)
        self.action_count = self.board.action_count
        self.observation_shape = self.board.observation().shape

    def _info(self) -> Dict[str, Any]:
        return {"action_mask": self.board.action_mask(), "to_play": self.board.turn}

    def reset(self, position_line: Optional[str] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        self.board = Board(self.variant, position_line)
        self.board.set_draw_rules(max_plies=0)
        self._plies = 0
        return self.board.observation(), self._info()

    def step(self, action: int) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        mover = self.board.turn
        self.board.push_action(int(action))
        self._plies += 1
        outcome = self.board.outcome()
        reward = 0.0
        if outcome is not None and outcome.winner is not None:
            reward = 1.0 if outcome.winner == mover else -1.0
        terminated = outcome is not None
        truncated = not terminated and self._plies >= self.max_plies
        info = self._info()
        info["outcome"] = outcome
        return self.board.observation(), reward, terminated, truncated, info

    def legal_actions(self) -> np.ndarray:
        return self.board.legal_actions()
