"""Records: Triad's files read, random games written and read back, annotated records (NAGs,
suffixes, comments, nested variations) read, written and read back equal, variations checked
when asked, bad records named."""
import contextlib
import dataclasses
import io
import random
import re

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


# A review-style record: NAGs as suffixes and as $n, comments after NAGs, several comments
# per move, nested variations with their own comments and NAGs, a closing comment.
ANNOTATED = """[Variant "yinyang"]

1. c4b4! {book} $14 {+0.20} 1... c3a3?! {-0.40} {best was c3c1} (1... c3c1 $1 {+0.10}
(1... c4c6 ?? {loses}) 2. d4e4) ({another} 1... c4c6 $2) 2. c3c1 $146 {} {why it ended} 0-1
"""


def same(a: records.Record, b: records.Record) -> bool:
    """Equal but for where they were read."""
    return dataclasses.replace(a, number=0, line=0, source="") == \
        dataclasses.replace(b, number=0, line=0, source="")


def test_annotated_records_read_with_nags_comments_and_variations():
    record, = records.parse(ANNOTATED, "a.pgn")
    assert record.moves == ["c4b4", "c3a3", "c3c1"]
    assert record.nags == [[1, 14], [6], [146]]
    assert record.comments == ["book +0.20", "-0.40 best was c3c1", ""]
    assert record.comment == "why it ended" and record.result == "0-1"
    assert record.variations[0] == [] and record.variations[2] == []
    best, another = record.variations[1]
    assert best == records.Variation(
        ["c3c1", "d4e4"], ["+0.10", ""], [[1], []],
        [[records.Variation(["c4c6"], ["loses"], [[4]], [[]])], []])
    assert another == records.Variation(["c4c6"], [""], [[2]], [[]], "another")
    record.check_variations()
    assert record.board().position_line() == record.board(upto=3).position_line()

    text = records.write(record)
    assert "c3a3 $6 {-0.40 best was c3c1} ( 1... c3c1 $1 {+0.10}" in text
    back, = records.parse(text)
    assert same(back, record) and records.write(back) == text


def test_records_made_in_python_round_trip():
    inner = records.Variation(["c4c6"], nags=[[4]])
    record = records.Record(
        {"Variant": "yinyang", "Event": "review"}, ["c4b4", "c3a3", "c3c1"], "1-0",
        comments=["", "a {braced} note"], comment="Player 1 wins",
        nags=[[], [2, 146]],
        variations=[[], [records.Variation(["c3c1", "d4e4"], ["best"], [[1]], [[inner]],
                                           "instead")]])
    back, = records.parse(records.write(record))
    assert back.comments == ["", "a |braced| note", ""]  # braces cannot be written in comments
    assert back.nags == [[], [2, 146], []]
    assert back.variations[1][0].variations == [[records.Variation(["c4c6"], [""], [[4]],
                                                                   [[]])], []]
    assert back.comment == "Player 1 wins" and back.result == "1-0"
    again, = records.parse(records.write(back))
    assert same(again, back)
    with pytest.raises(triad.RecordError, match="NAG 256 of move 'c4b4' is not 1 to 255"):
        records.write(records.Record(moves=["c4b4"], nags=[[256]]))


def test_variations_are_checked_when_asked():
    record, = records.parse('[Variant "yinyang"]\n1. c4b4 c3a3 (c3c1 (c4c6 d4e4 zz9)) *\n',
                            "v.pgn")
    assert record.board().ply == 2  # the main line replays alone
    message = (r"^v.pgn, record 1 \(line 1\): ply 2: variation 1: ply 2: variation 1: "
               r"ply 4: move 'zz9': ")
    with pytest.raises(triad.RecordError, match=message):
        record.check_variations()


def test_bad_annotations_raise_one_clear_error():
    cases = {
        "1. a (b c\n": r"record 1 \(line 1\): unterminated variation \(opened on line 1\)",
        "(a) 1. b\n": "a variation before any move on line 1",
        "1. a b) c\n": "'\\)' on line 1 closes no variation",
        "1. a $256\n": r"bad NAG '\$256' on line 1 \(expected \$1 to \$255\)",
        "1. a!!!\n": "bad move suffix '!!!' of 'a!!!'",
        "1. a" + " (b" * 65 + ")" * 65 + "\n": "variations nested deeper than 64 on line 1",
    }
    for text, message in cases.items():
        with pytest.raises(triad.RecordError, match=message):
            records.parse(text, "bad.pgn")


def test_the_review_example_of_the_docs_runs():
    text = (SOURCE_DIR / "docs/python.md").read_text()
    section = text[text.index("### Annotated records"):text.index("### Game review")]
    block, = re.findall(r"```python\n(.*?)```", section, re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "docs/python.md", "exec"), {})
    expected = re.findall(r"# prints (.*)", block)
    assert expected and out.getvalue().splitlines() == expected
