"""triad.Tables: Íves dáma's endgame tables (built here by triad-tables, up to 4 stones)
probed from Python: values consistent with the moves, positions outside them, bad folders;
triad.review judging moves by them."""
import pathlib
import subprocess

import pytest

import triad
from triad import records
from triad.engine import Limit

DRAW_2_2 = "1/p1p/5/3/1/3/5/P1P/1 1 0"  # two stones each: a draw
THREE = "1/1p1/5/3/1/3/5/P1P/1 1 0"  # two stones of Player 1 against one


@pytest.fixture(scope="module")
def tables_dir(tables_program: str, tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("tables")
    subprocess.run([tables_program, "-variant", "ivesdama", "-stones", "4", "-dir",
                    str(folder), "-quiet"], check=True, timeout=120, stdout=subprocess.DEVNULL)
    return folder


def test_probe_agrees_with_the_children(tables_dir: pathlib.Path) -> None:
    tables = triad.Tables(str(tables_dir))
    assert tables.variant == "ivesdama"
    assert tables.max_stones == 4
    assert tables.probe(triad.Board("ivesdama", DRAW_2_2)) == ("draw", 0)
    board = triad.Board("ivesdama", THREE)
    value = tables.probe(board)
    assert value is not None and value[0] == "win" and value[1] > 0
    # Some move keeps the win one ply closer (or ends the game), none does better.
    children = []
    for move in board.legal_moves:
        board.push(move)
        children.append(None if board.is_game_over() else tables.probe(board))
        board.pop()
    assert ("loss", value[1] - 1) in children or (value[1] == 1 and None in children)
    assert all(c is None or c[0] != "loss" or c[1] >= value[1] - 1 for c in children)
    # Outside the tables: the start position's 25 stones.
    assert tables.probe(triad.Board("ivesdama")) is None


def test_bad_folders_and_boards_raise(tables_dir: pathlib.Path) -> None:
    with pytest.raises(triad.TriadError, match="not a folder of table files"):
        triad.Tables(str(tables_dir / "missing"))
    with pytest.raises(triad.TriadError, match="built for other rules"):
        triad.Tables(str(tables_dir), "ivesdama-arc")
    with pytest.raises(triad.TriadError, match="for Íves dáma only"):
        triad.Tables(str(tables_dir), "yinyang")
    tables = triad.Tables(str(tables_dir))
    with pytest.raises(triad.TriadError, match="variant ivesdama-forward"):
        tables.probe(triad.Board("ivesdama-forward", THREE))


def test_review_judges_moves_inside_the_tables(tables_dir: pathlib.Path, engine_path: str) -> None:
    """d2c3 turns Player 1's win into a draw: a blunder by the tables, whatever the score."""
    board = triad.Board("ivesdama", THREE)
    for move in ("b2b8", "c8c9", "d2c3"):
        board.push(board.parse_move(move))
    game, = triad.review(records.from_board(board), Limit(nodes=2000),
                         engine=engine_path, options={"Threads": 1}, tables=tables_dir)
    assert [m.exact for m in game.moves] == [{"before": "1-0", "played": "1-0"}] * 2 + [
        {"before": "1-0", "played": "1/2-1/2"}]
    assert game.moves[2].classification == "blunder" and game.moves[2].loss == 0.5
    with pytest.raises(triad.ReviewError, match="not a folder of table files"):
        triad.review(records.from_board(board), Limit(nodes=100),
                     engine=engine_path, tables=tables_dir / "missing")
