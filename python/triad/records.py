"""Triad's game records (docs/notation.md "Game records"): reading them lazily and writing
them (the records module of adapters/, compiled in), and replaying them on a Board with an
error that names the record and the move.

    for record in triad.records.read("games.pgn"):
        board = record.board()          # the final position; RecordError if a move is bad
        print(record.tags.get("Result"), len(record.moves), board.outcome())
"""
from __future__ import annotations

import dataclasses
from typing import Dict, Iterator, List, Optional

from triad._triad import (Board, IllegalMoveError, InvalidPositionError, RecordError,
                          UnknownVariantError, _RecordReader, _write_record)

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclasses.dataclass
class Record:
    """One game: its tags (in order), move tokens, the comment after each move ('' = none),
    the closing comment and the result token ('1-0', '0-1', '1/2-1/2', '*'). number and line
    say where it was read (1-based; 0 for a record made in Python)."""

    tags: Dict[str, str] = dataclasses.field(default_factory=dict)
    moves: List[str] = dataclasses.field(default_factory=list)
    result: str = "*"
    comments: List[str] = dataclasses.field(default_factory=list)
    comment: str = ""
    number: int = 0
    line: int = 0
    source: str = ""

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

    def boards(self, default_variant: str = "razzledazzle") -> Iterator[Board]:
        """The position before each move, then the final one (copies)."""
        board = self._start(default_variant)
        yield board.copy()
        for number, token in enumerate(self.moves, 1):
            self._push(board, number, token)
            yield board.copy()


def _records(reader: _RecordReader, source: str) -> Iterator[Record]:
    for number, line, tags, moves, comments, comment, result in reader:
        yield Record(dict(tags), list(moves), result, list(comments), comment, number, line, source)


def read(path: str) -> Iterator[Record]:
    """The records of a file, read lazily one at a time (a file of any size). Raises
    RecordError for a malformed record, naming the file, the record and the line."""
    return _records(_RecordReader.open(str(path)), f"records file '{path}'")


def parse(text: str, source: str = "<text>") -> List[Record]:
    """Every record of `text`."""
    return list(_records(_RecordReader.over(text, source), source))


def write(record: Record) -> str:
    """The record as Triad writes it (adapters/records/writer.h): the tags, an empty line,
    the numbered moves with their comments, the closing comment, the result and an empty line."""
    if record.result not in RESULTS:
        raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {record.result!r}")
    return _write_record(list(record.tags.items()), record.moves, record.comments, record.comment,
                         record.result)


def from_board(board: Board, tags: Optional[Dict[str, str]] = None) -> Record:
    """A record of the moves played on `board` (with Variant, FEN and Result tags)."""
    outcome = board.outcome()
    result = outcome.result_token() if outcome is not None else "*"
    all_tags = {"Variant": board.variant, "FEN": board.root_position_line()}
    all_tags.update(tags or {})
    all_tags["Result"] = result
    return Record(all_tags, [str(m) for m in board.move_stack], result)
