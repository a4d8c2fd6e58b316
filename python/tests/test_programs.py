"""The locator of Triad's programs (triad._programs: PATH, then the build the package came
from, then TRIAD_BIN_DIR), and triad.review without engine= or PATH finding them."""
import os
import pathlib

from triad import _programs
import triad
from triad.engine import Limit


def executable(path: pathlib.Path) -> pathlib.Path:
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_the_program_locator_looks_in_path_then_the_build_then_the_variable(
        monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    monkeypatch.delenv("TRIAD_BIN_DIR", raising=False)
    build = pathlib.Path(_programs.__file__).resolve().parents[2]
    in_build = build / "triad-analyse"
    if (build / "CMakeCache.txt").is_file() and in_build.is_file():  # run from a build
        assert _programs.find_program("triad-analyse") == str(in_build)
    assert _programs.find_program("triad-no-such-program") is None
    monkeypatch.setenv("TRIAD_BIN_DIR", str(tmp_path))
    mine = executable(tmp_path / "triad-no-such-program")
    assert _programs.find_program("triad-no-such-program") == str(mine)
    on_path = executable(tmp_path / "elsewhere")
    monkeypatch.setenv("PATH", str(tmp_path) + os.pathsep + str(tmp_path / "nowhere"))
    assert _programs.find_program("elsewhere") == str(on_path)


def test_review_without_engine_finds_the_programs_of_this_build(monkeypatch, tmp_path):
    build = pathlib.Path(_programs.__file__).resolve().parents[2]
    if not (build / "triad-analyse").is_file():
        return  # an installed package: nothing to find beside it
    monkeypatch.setenv("PATH", str(tmp_path))  # neither triad nor triad-analyse in PATH
    monkeypatch.delenv("TRIAD_BIN_DIR", raising=False)
    board = triad.Board("yinyang")
    board.push(board.legal_moves[0])
    board.push(board.legal_moves[0])
    reviewed, = triad.review([triad.records.from_board(board)], Limit(depth=1))
    assert [m.move for m in reviewed.moves] == [str(m) for m in board.move_stack]
