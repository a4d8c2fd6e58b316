"""Triad's game records (docs/notation.md "Game records"): reading them lazily and writing
them (the records module of adapters/, compiled in), and replaying them on a Board with an
error that names the record and the move. Records keep NAGs, comments and variations, as a
review writes them.

    for record in triad.records.read("games.pgn"):
        board = record.board()          # the final position; RecordError if a move is bad
        print(record.tags.get("Result"), len(record.moves), board.outcome())

Streams are read one record at a time as chess.pgn.read_game reads them:

    with open("games.pgn") as handle:
        while (record := triad.records.read_game(handle)) is not None:
            print(record, file=sys.stdout)   # str(record): the record as Triad writes it
"""
from __future__ import annotations

import dataclasses
import os
from typing import IO, Any, Dict, Iterator, List, Optional, Tuple, Union

from triad._record_stream import RESULTS, state_of, take_record
from triad._triad import (Board, IllegalMoveError, InvalidPositionError, RecordError,
                          UnknownVariantError, _check_variations, _RecordReader, _write_record)

# The NAGs of the move suffixes (read as these; written as $1 to $6).
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


@dataclasses.dataclass
class Variation:
    """A variation `( ... )`: moves played instead of the move whose `variations` hold it,
    from the position before that move. Per move, like a Record's main line: its comment
    ('' = none), its NAGs (1 to 255: SUFFIX_NAGS, $10 drawish, $14 slightly better...) and its
    own variations; `comment` is the comment before its first move. The per-move lists may
    be shorter than `moves` (the rest have no annotation)."""

    moves: List[str] = dataclasses.field(default_factory=list)
    comments: List[str] = dataclasses.field(default_factory=list)
    nags: List[List[int]] = dataclasses.field(default_factory=list)
    variations: List[List[Variation]] = dataclasses.field(default_factory=list)
    comment: str = ""


# A line across the compiled module: (moves, comments, nags, [[(comment, line), ...], ...]).
_Line = Tuple[List[str], List[str], List[List[int]], List[List[Tuple[str, Any]]]]


def _line(line: Any) -> _Line:
    return (list(line.moves), list(line.comments), [list(n) for n in line.nags],
            [[(v.comment, _line(v)) for v in vs] for vs in line.variations])


def _variations(raw: List[List[Tuple[str, Any]]]) -> List[List[Variation]]:
    return [[Variation(list(moves), list(comments), [list(n) for n in nags], _variations(vs),
                       comment) for comment, (moves, comments, nags, vs) in alternatives]
            for alternatives in raw]


@dataclasses.dataclass
class Record:
    """One game: its tags (in order), move tokens (the main line), the comment after each
    move ('' = none), the closing comment and the result token ('1-0', '0-1', '1/2-1/2',
    '*'); per move its NAGs (1 to 255) and its variations (Variation). number and line say
    where it was read (1-based; 0 for a record made in Python). The per-move lists may be
    shorter than `moves` (the rest have no annotation)."""

    tags: Dict[str, str] = dataclasses.field(default_factory=dict)
    moves: List[str] = dataclasses.field(default_factory=list)
    result: str = "*"
    comments: List[str] = dataclasses.field(default_factory=list)
    comment: str = ""
    number: int = 0
    line: int = 0
    source: str = ""
    nags: List[List[int]] = dataclasses.field(default_factory=list)
    variations: List[List[Variation]] = dataclasses.field(default_factory=list)

    def __str__(self) -> str:
        """The record as Triad writes it (write(record)), as python-chess's str(game)."""
        return write(self)

    def place(self) -> str:
        if not self.number:
            return "record"
        return f"{self.source}, record {self.number} (line {self.line})"

    def variant(self, default: str = "razzledazzle") -> str:
        return self.tags.get("Variant", default)

    def _start(self, default_variant: str) -> Board:
        try:
            board = Board(self.variant(default_variant))
        except UnknownVariantError as error:
            raise RecordError(f"{self.place()}: Variant tag: {error}") from None
        fen = self.tags.get("FEN")
        try:
            if fen is not None and fen != "startpos":  # CuteGames writes [FEN "startpos"]
                board.set_position(fen)
        except InvalidPositionError as error:
            raise RecordError(f"{self.place()}: FEN tag: {error}") from None
        return board

    def _push(self, board: Board, number: int, token: str) -> None:
        try:
            board.push(board.parse_move(token))
        except IllegalMoveError as error:
            # The tools' one wording (the notation's message names the token): "ply 5: <why>".
            raise RecordError(f"{self.place()}: ply {number}: {error}") from None

    def board(self, default_variant: str = "razzledazzle", upto: Optional[int] = None) -> Board:
        """The position after the record's moves (the first `upto` of them if given), from its
        FEN tag or the variant's start. Raises RecordError naming the record and the move."""
        board = self._start(default_variant)
        for number, token in enumerate(self.moves[:upto], 1):
            self._push(board, number, token)
        return board

    def check_variations(self, default_variant: str = "razzledazzle") -> None:
        """Plays every variation (nested ones too) from the position before the move it
        replaces, and the main line. Raises RecordError naming the record and the move:
        "<record>: ply 5: variation 1: ply 6: move 'x': <why>" (plies from the start)."""
        error = _check_variations(self._start(default_variant), _line(self))
        if error:
            raise RecordError(f"{self.place()}: {error}")

    def boards(self, default_variant: str = "razzledazzle") -> Iterator[Board]:
        """The position before each move, then the final one (copies)."""
        board = self._start(default_variant)
        yield board.copy()
        for number, token in enumerate(self.moves, 1):
            self._push(board, number, token)
            yield board.copy()


def _records(reader: _RecordReader, source: str) -> Iterator[Record]:
    for number, line, tags, (moves, comments, nags, variations), comment, result in reader:
        yield Record(dict(tags), list(moves), result, list(comments), comment, number, line,
                     source, [list(n) for n in nags], _variations(variations))


def read(source: Union[str, "os.PathLike[str]", IO[str]]) -> Iterator[Record]:
    """The records of a file (a path) or of a text stream (an open handle: read_game until
    None), read lazily one at a time (a file of any size). Raises RecordError for a malformed
    record, naming the file, the record and the line."""
    if isinstance(source, (str, os.PathLike)):
        return _records(_RecordReader.open(os.fspath(source)), f"records file '{source}'")
    handle = source
    return iter(lambda: read_game(handle), None)


def read_game(handle: IO[str]) -> Optional[Record]:
    """The next record of a text stream (an open file, io.StringIO, sys.stdin), or None at
    its end, as chess.pgn.read_game: it reads the handle's lines up to the record's result
    token (a record without one ends at the next record's tag line, which the next call on
    the same handle reads). RecordError for a malformed record names the stream (its `name`,
    else <stream>), the record's number and line in the stream, and the fault's line."""
    state = state_of(handle)
    lines, first = take_record(handle, state)
    if not lines:
        return None
    name = getattr(handle, "name", None)
    source = f"records file '{name}'" if isinstance(name, str) else "<stream>"
    reader = _RecordReader.over("".join(lines), source, first, state.records)
    state.records += 1  # counted even if it is malformed: the next one keeps its number
    return next(_records(reader, source), None)


def parse(text: str, source: str = "<text>") -> List[Record]:
    """Every record of `text`."""
    return list(_records(_RecordReader.over(text, source), source))


def write(record: Record, handle: Optional[IO[str]] = None) -> str:
    """The record as Triad writes it (adapters/records/writer.h): the tags, an empty line,
    the numbered moves with their NAGs (as $n), comments and variations, the closing comment,
    the result and an empty line; also written to `handle` when given. Raises ValueError for
    a bad result, RecordError for a NAG outside 1 to 255 (and then writes nothing)."""
    if record.result not in RESULTS:
        raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {record.result!r}")
    text = _write_record(list(record.tags.items()), _line(record), record.comment,
                         record.result)
    if handle is not None:
        handle.write(text)
    return text


def from_board(board: Board, tags: Optional[Dict[str, str]] = None) -> Record:
    """A record of the moves played on `board` (with Variant, FEN and Result tags)."""
    outcome = board.outcome()
    result = outcome.result_token() if outcome is not None else "*"
    all_tags = {"Variant": board.variant, "FEN": board.root_position_line()}
    all_tags.update(tags or {})
    all_tags["Result"] = result
    return Record(all_tags, [str(m) for m in board.move_stack], result)
