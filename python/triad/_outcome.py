"""The result of a finished game (Board.outcome())."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

_RESULT_TOKENS = {"p1win": "1-0", "p2win": "0-1", "draw": "1/2-1/2"}


@dataclass(frozen=True)
class Outcome:
    """winner: 1, 2 or None (a draw); result: 'p1win', 'p2win' or 'draw' (as `query result`);
    reason: 'goal', 'no-moves', 'score', 'repetition' or 'ply-limit' (as `query reason`)."""

    winner: Optional[int]
    result: str
    reason: str

    def result_token(self) -> str:
        """The record's result token: '1-0', '0-1' or '1/2-1/2'."""
        return _RESULT_TOKENS[self.result]
