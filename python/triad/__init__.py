"""Triad for Python: the rules of Razzle Dazzle, Yin Yang and Íves dáma in-process (Board),
game records (triad.records), any UCI/UGI engine (triad.engine) and a learning environment
(triad.env). See docs/python.md."""
from __future__ import annotations

import json as _json

from triad._outcome import Outcome
from triad._triad import (
    Board,
    IllegalMoveError,
    InvalidPositionError,
    LegalMoves,
    Move,
    RecordError,
    TriadError,
    UnknownVariantError,
    VecEnv,
    load_variants,
    variants,
)


def _board_dict(self: Board) -> dict:
    """The board as the dictionary of `query board`'s JSON."""
    return _json.loads(self.board_json())


Board.board_dict = _board_dict  # type: ignore[attr-defined]

__all__ = [
    "Board",
    "IllegalMoveError",
    "InvalidPositionError",
    "LegalMoves",
    "Move",
    "Outcome",
    "RecordError",
    "TriadError",
    "UnknownVariantError",
    "VecEnv",
    "load_variants",
    "variants",
]
