"""Shared fixtures of the triad package's pytest suites: the engine binary ctest passes
(TRIAD_ENGINE), the table builder (TRIAD_TABLES), the source tree (TRIAD_SOURCE_DIR) and seeded
random games."""
import os
import pathlib
import random
import sys

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("TRIAD_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
MISBEHAVE = pathlib.Path(__file__).resolve().parent / "misbehaving_engine.py"


@pytest.fixture(scope="session")
def engine_path() -> str:
    path = os.environ.get("TRIAD_ENGINE")
    if not path:
        pytest.fail("TRIAD_ENGINE must name the triad binary (ctest sets it)")
    return path


@pytest.fixture(scope="session")
def tables_program() -> str:
    path = os.environ.get("TRIAD_TABLES")
    if not path:
        pytest.fail("TRIAD_TABLES must name the triad-tables binary (ctest sets it)")
    return path


def misbehaving(name: str) -> list:
    """The command line of misbehaving_engine.py in one of its modes."""
    return [sys.executable, str(MISBEHAVE), name]


def random_game(board, rng: random.Random, plies: int):
    """Plays up to `plies` random legal moves on `board`, yielding the board before each."""
    for _ in range(plies):
        moves = board.legal_moves
        if not moves:
            return
        yield board
        board.push(moves[rng.randrange(len(moves))])
