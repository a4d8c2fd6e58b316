"""Records from text streams (docs/python.md "Records"): read_game(handle) one record at a
time, None at the end, as chess.pgn.read_game; read() of a handle; errors naming the record
and line in the stream; writing to a handle and str(record)."""
import io

import pytest

from triad import records
from conftest import SOURCE_DIR, docs_examples, run_docs_example
from test_records import ANNOTATED

FILES = [SOURCE_DIR / "tests/data/book" / name
         for name in ("razzle-8games.pgn", "razzle-cutegames.pgn")]


def test_read_game_reads_a_stream_as_the_file_reader_reads_the_file():
    for path in FILES:
        from_file = list(records.read(path))
        with open(path) as handle:
            streamed = []
            while (record := records.read_game(handle)) is not None:
                streamed.append(record)
            assert records.read_game(handle) is None
        assert len(streamed) == len(from_file) > 1
        for a, b in zip(streamed, from_file):
            assert (a.number, a.line, a.tags, a.moves, a.comments, a.result) == \
                (b.number, b.line, b.tags, b.moves, b.comments, b.result)
            assert a.source == b.source == f"records file '{path}'"


def test_read_takes_a_handle_and_an_annotated_record_keeps_everything():
    text = "\n\n" + ANNOTATED + "\n" + ANNOTATED
    one, two = records.read(io.StringIO(text))
    parsed = records.parse(text)
    assert [(r.number, r.line) for r in (one, two)] == [(1, 3), (2, 8)]
    for streamed, whole in zip((one, two), parsed):
        assert (streamed.number, streamed.line) == (whole.number, whole.line)
        assert (streamed.nags, streamed.variations, streamed.comment) == \
            (whole.nags, whole.variations, whole.comment)
    assert one.source == "<stream>"


def test_the_handle_is_left_just_after_the_record():
    handle = io.StringIO(ANNOTATED + "\nsomething else\n")
    assert records.read_game(handle).result == "0-1"
    assert handle.readline() == "\n" and handle.readline() == "something else\n"


def test_a_record_without_a_result_ends_at_the_next_tag_line():
    text = ('[Variant "yinyang"]\n\n1. c3b3\n[Variant "yinyang"]\n\n1. c4b4 {a ( [x} *\n'
            '[Variant "yinyang"]\n\n1. c3b3 ( c4b4 [Event "x"] ) 1-0\n')
    handle = io.StringIO(text)
    games = [records.read_game(handle) for _ in range(4)]
    assert [g.moves if g else None for g in games] == [["c3b3"], ["c4b4"], ["c3b3"], None]
    assert [g.line for g in games[:3]] == [1, 4, 7] and games[2].result == "1-0"


def test_an_error_names_the_record_and_its_line_in_the_stream():
    text = ANNOTATED + '\n[Variant "yinyang"]\n\n1. c3b3 ( 1-0\n'
    with pytest.raises(records.RecordError) as from_text:
        records.parse(text, "<stream>")
    handle = io.StringIO(text)
    records.read_game(handle)
    with pytest.raises(records.RecordError) as streamed:
        records.read_game(handle)
    assert str(streamed.value) == str(from_text.value)
    assert str(streamed.value).startswith("<stream>, record 2 (line 6): ")


def test_records_write_to_a_handle_and_print_as_triad_writes_them():
    record, = records.parse(ANNOTATED)
    out = io.StringIO()
    assert records.write(record, out) == out.getvalue() == str(record)
    print(record, file=out)
    again = list(records.read(io.StringIO(out.getvalue())))
    assert len(again) == 2 and all(r.moves == record.moves and r.nags == record.nags
                                   for r in again)


def test_the_docs_example_of_read_game_prints_what_it_says(capsys):
    block, = docs_examples("read_game(")
    run_docs_example(block, capsys)
