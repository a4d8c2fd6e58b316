"""Records: Triad's files read, random games written and read back, bad records named."""
import random

import pytest

import triad
from triad import records
from conftest import SOURCE_DIR, random_game


def test_triad_match_records_replay():
    path = SOURCE_DIR / "tests/data/book/razzle-8games.pgn"
    games = list(records.read(str(path)))
    assert len(games) == 8
    for record in games:
        assert record.tags["Variant"] == "razzledazzle" and record.moves
        board = record.board()
        assert board.ply == len(record.moves)
        if record.result != "*" and board.is_game_over():
            assert board.outcome().result_token() == record.result


def test_random_games_round_trip(tmp_path):
    rng = random.Random(11)
    written = []
    for variant in triad.variants():
        board = triad.Board(variant)
        for _ in random_game(board, rng, 60):
            pass
        written.append((board, records.from_board(board, {"Event": 'a "quoted" name'})))
    path = tmp_path / "games.pgn"
    path.write_text("".join(records.write(r) for _, r in written))
    read = list(records.read(str(path)))
    assert len(read) == len(written)
    for (board, original), back in zip(written, read):
        assert back.tags == original.tags and back.moves == original.moves
        assert back.result == original.result and back.number > 0
        assert back.board().position_line() == board.position_line()
        assert [b.position_line() for b in back.boards()][-1] == board.position_line()


def test_a_bad_move_names_the_record_and_the_move(tmp_path):
    path = tmp_path / "bad.pgn"
    good = records.write(records.Record({"Variant": "yinyang"}, ["c4b4"], "*"))
    path.write_text(good + good.replace("c4b4", "c4b4 a1a1"))
    first, second = records.read(str(path))
    first.board()
    message = r"bad.pgn', record 2 \(line \d+\): ply 2: move 'a1a1': "
    with pytest.raises(triad.RecordError, match=message):
        second.board()


def test_malformed_files_raise():
    with pytest.raises(triad.RecordError, match="comment"):
        records.parse("[Event \"x\"]\n1. e1f3 {never closed\n", "c.pgn")
    with pytest.raises(triad.RecordError, match="records file"):
        list(records.read(str(SOURCE_DIR)))  # a folder is not a records file
    with pytest.raises(triad.RecordError, match="FEN|position"):
        records.parse('[Variant "yinyang"]\n[FEN "nonsense"]\n1. c4b4 *\n')[0].board()
