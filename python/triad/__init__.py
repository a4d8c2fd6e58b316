"""Triad for Python: the rules of Razzle Dazzle, Yin Yang and Íves dáma in-process (Board),
game records (triad.records), any UCI/UGI engine (triad.engine), game review (triad.review)
and learning environments (triad.env: Gymnasium's and PettingZoo's APIs). See docs/python.md."""
from __future__ import annotations

import triad.env  # noqa: F401 (registers the environments with gymnasium when it is installed)
from triad._outcome import Outcome
from triad._review import GameReview, MoveReview, ReviewError, review
from triad._triad import (
    Board,
    IllegalMoveError,
    InvalidPositionError,
    LegalMoves,
    Move,
    RecordError,
    Tables,
    TriadError,
    UnknownVariantError,
    VecEnv,
    load_variants,
    variants,
)

__all__ = [
    "Board",
    "GameReview",
    "IllegalMoveError",
    "InvalidPositionError",
    "LegalMoves",
    "Move",
    "MoveReview",
    "Outcome",
    "RecordError",
    "ReviewError",
    "Tables",
    "TriadError",
    "UnknownVariantError",
    "VecEnv",
    "load_variants",
    "review",
    "variants",
]
