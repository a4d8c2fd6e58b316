"""triad.review on Yin Yang games from a position Player 1 wins (12 empty squares): the
move that throws the win away is a blunder, its annotated record reads back with `??` and
the winning line, and an illegal move is one ReviewError naming the game and the ply."""
import contextlib
import io
import os
import re

import pytest

import triad
from conftest import SOURCE_DIR
from triad import records
from triad.engine import Limit

START = "1L4/1DD3/2LLLL/LLLLDD/DDLLLD/D1LDDD 1 20"  # b5a5 wins, b5b4 loses


def game(first: str, plies: int) -> records.Record:
    """`first`, then the first legal move, for `plies` moves in all."""
    board = triad.Board("yinyang")
    board.set_position(START)
    board.push(board.parse_move(first))
    while len(board.move_stack) < plies and board.legal_moves:
        board.push(board.legal_moves[0])
    return records.from_board(board)


def test_review_finds_the_blunder_and_annotates_it(engine_path, tmp_path):
    annotated = tmp_path / "annotated.pgn"
    games = triad.review([game("b5b4", 4), game("b5a5", 2)], Limit(nodes=3000),
                         engine=engine_path, options={"Threads": 1}, annotate=annotated)
    assert [len(g.moves) for g in games] == [4, 2]
    blunder = games[0].moves[0]
    assert (blunder.move, blunder.player, blunder.ply) == ("b5b4", 1, 0)
    assert blunder.classification == "blunder"
    assert blunder.loss == 1.0
    assert (blunder.p1_expected_before, blunder.p1_expected) == (1.0, 0.0)  # proven values
    assert blunder.best == "b5a5" and blunder.pv[0] == "b5a5"
    assert blunder.exact == {"before": "1-0", "played": "0-1"}
    assert "mate" in blunder.before or blunder.before["cp"] > 0  # Player 1's point of view
    assert games[0].accuracy["p1"] < 10.0  # the blunder is Player 1's only move that counts
    assert games[1].accuracy["p1"] is None  # a proven win kept: no move says anything
    assert games[0].counts["blunder"][0] == 1
    assert set(games[0].counts) == {"inaccuracy", "mistake", "blunder"}
    assert [g.result for g in games] == [None, None]  # neither game reached its end
    classes = ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")
    assert all(m.classification in classes for g in games for m in g.moves)
    back = list(records.read(str(annotated)))
    assert [r.moves for r in back] == [g.moves for g in (game("b5b4", 4), game("b5a5", 2))]
    assert back[0].nags[0] == [4]
    assert back[0].variations[0][0].moves[0] == "b5a5"
    assert "accuracy Player 1" in back[0].comment
    back[0].check_variations()


def test_an_illegal_move_is_one_error_naming_game_and_ply(engine_path, tmp_path):
    bad = game("b5a5", 2)
    bad.moves.append("a1a1")
    with pytest.raises(triad.ReviewError, match=r"game 2 \(line \d+\): ply 3: "):
        triad.review([game("b5a5", 2), bad], Limit(depth=2), engine=engine_path)


def test_the_review_example_of_the_docs_runs(engine_path, tmp_path, monkeypatch):
    text = (SOURCE_DIR / "docs/python.md").read_text()
    section = text[text.index("### Game review"):text.index("## Engines")]
    block, = re.findall(r"```python\n(.*?)```", section, re.S)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", os.path.dirname(engine_path) + os.pathsep + os.environ["PATH"])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "docs/python.md", "exec"), {})
    expected = re.findall(r"# prints (.*)", block)
    assert expected and out.getvalue().splitlines() == expected


@pytest.mark.parametrize("seconds", [0, -1])
def test_a_time_limit_that_is_not_positive_is_refused(engine_path, seconds):
    with pytest.raises(ValueError, match="time limit must be positive"):
        triad.review([game("b5a5", 2)], Limit(time=seconds), engine=engine_path)


def test_a_finished_game_has_its_result_beside_the_counts(engine_path):
    board = triad.Board("yinyang")
    board.set_position(START)
    while not board.is_game_over():
        board.push(board.legal_moves[0])
    games = triad.review([records.from_board(board)], Limit(nodes=500), engine=engine_path,
                         options={"Threads": 1})
    assert games[0].result in ("1-0", "0-1", "1/2-1/2")
    assert "result" not in games[0].counts


def test_a_mate_counts_moves_as_engine_analyse_does(engine_path):
    """The review's best-line mate is `engine.analyse`'s for the same position, limit and
    options (the review's MultiPV 2, UCI_ShowWDL, OwnBook off): moves, Player 1's point of
    view, with the plies beside it."""
    board = triad.Board("yinyang")
    board.set_position(START)
    with triad.engine.SimpleEngine.popen(engine_path) as engine:
        engine.configure({"Threads": 1, "OwnBook": False, "UCI_ShowWDL": True})
        info = engine.analyse(board, Limit(nodes=3000), multipv=2)[0]
    expected = info["score"].p1().mate()
    assert expected is not None and expected > 0
    before = triad.review([game("b5a5", 1)], Limit(nodes=3000), engine=engine_path,
                          options={"Threads": 1})[0].moves[0].before
    assert before["mate"] == expected
    assert before["mate"] == (before["mate_plies"] + 1) // 2
