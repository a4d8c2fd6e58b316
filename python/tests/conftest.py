"""Shared fixtures of the triad package's pytest suites: the engine binary ctest passes
(TRIAD_ENGINE), the table builder (TRIAD_TABLES), the source tree (TRIAD_SOURCE_DIR) and seeded
random games."""
import os
import pathlib
import random
import re
import sys
import textwrap

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("TRIAD_SOURCE_DIR",
                                         pathlib.Path(__file__).resolve().parents[2]))
MISBEHAVE = pathlib.Path(__file__).resolve().parent / "misbehaving_engine.py"


def program(variable: str, name: str) -> str:
    """The program the environment variable `variable` names (ctest sets it)."""
    path = os.environ.get(variable)
    if not path:
        pytest.fail(f"{variable} must name the {name} binary (ctest sets it)")
    return path


@pytest.fixture(scope="session")
def engine_path() -> str:
    return program("TRIAD_ENGINE", "triad")


@pytest.fixture(scope="session")
def tables_program() -> str:
    return program("TRIAD_TABLES", "triad-tables")


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


def docs_examples(marker: str) -> list:
    """The ```python blocks of docs/python.md that contain `marker`."""
    text = (SOURCE_DIR / "docs/python.md").read_text()
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if marker in b]


def run_docs_example(block: str, capsys) -> None:
    """Runs a docs example and checks that it prints what its `# ` comment lines say."""
    exec(compile(textwrap.dedent(block), "docs/python.md", "exec"), {})
    said = [line.strip()[2:] for line in block.splitlines() if line.strip().startswith("# ")]
    assert capsys.readouterr().out.splitlines() == said
