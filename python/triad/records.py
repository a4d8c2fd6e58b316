"""Triad's game records (docs/notation.md "Game records"): reading them (the records reader
of adapters/, compiled in), replaying them on a Board with an error that names the record
and the move, and writing them.

    for record in triad.records.read("games.pgn"):
        board = record.board()          # the final position; RecordError if a move is bad
        print(record.tags.get("Result"), len(record.moves), board.outcome())
"""
from __future__ import annotations

import dataclasses
from typing import Dict, Iterator, List, Optional

from triad._triad import Board, IllegalMoveError, InvalidPositionError, RecordError, UnknownVariantError
from triad._triad import _read_records_file, _split_records

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclasses.dataclass
class Record:
    """One game: its tags (in order), move tokens and result token ('1-0', '0-1', '1/2-1/2',
    '*'). number and line say where it was read (1-based; 0 for a record made in Python)."""

    tags: Dict[str, str] = dataclasses.field(default_factory=dict)
    moves: List[str] = dataclasses.field(default_factory=list)
    result: str = "*"
    number: int = 0
    line: int = 0
    source: str = ""

    def place(self) -> str:
        return f"{self.source}, record {self.number} (line {self.line})" if self.number else "record"

    def variant(self, default: str = "razzledazzle") -> str:
        return self.tags.get("Variant", default)

    def board(self, default_variant: str = "razzledazzle", upto: Optional[int] = None) -> Board:
        """The position after the record's moves (the first `upto` of them if given), from its
        FEN tag or the variant's start. Raises RecordError naming the record and the move."""
        try:
            board = Board(self.variant(default_variant))
        except UnknownVariantError as error:
            raise RecordError(f"{self.place()}: Variant tag: {error}") from None
        fen = self.tags.get("FEN")
        try:
            if fen not in (None, "startpos"):
                board.set_position(fen)
        except InvalidPositionError as error:
            raise RecordError(f"{self.place()}: FEN tag: {error}") from None
        for number, token in enumerate(self.moves[:upto], 1):
            try:
                board.push(board.parse_move(token))
            except IllegalMoveError as error:
                raise RecordError(f"{self.place()}: move {number} {token!r}: {error}") from None
        return board

    def boards(self, default_variant: str = "razzledazzle") -> Iterator[Board]:
        """The position before each move, then the final one (copies)."""
        board = self.board(default_variant, upto=0)
        yield board.copy()
        for number, token in enumerate(self.moves, 1):
            try:
                board.push(board.parse_move(token))
            except IllegalMoveError as error:
                raise RecordError(f"{self.place()}: move {number} {token!r}: {error}") from None
            yield board.copy()


def _records(rows: list, source: str) -> Iterator[Record]:
    for number, line, tags, moves, result in rows:
        yield Record(dict(tags), list(moves), result, number, line, f"records file '{source}'")


def read(path: str) -> Iterator[Record]:
    """The records of a file, one at a time. Raises RecordError for a malformed file."""
    return _records(_read_records_file(str(path)), str(path))


def parse(text: str, source: str = "<text>") -> List[Record]:
    """Every record of `text`."""
    return list(_records(_split_records(text, source), source))


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write(record: Record) -> str:
    """The record as Triad writes it: the tags, an empty line, the numbered moves, the result
    and an empty line (records are appended one after another)."""
    if record.result not in RESULTS:
        raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {record.result!r}")
    lines = [f'[{name} "{_escape(str(value))}"]' for name, value in record.tags.items()]
    moves = []
    for i, token in enumerate(record.moves):
        moves.append((f"{i // 2 + 1}. " if i % 2 == 0 else "") + token)
    body = " ".join(moves + [record.result])
    return "\n".join(lines) + "\n\n" + body + "\n\n"


def from_board(board: Board, tags: Optional[Dict[str, str]] = None) -> Record:
    """A record of the moves played on `board` (with Variant, FEN and Result tags)."""
    outcome = board.outcome()
    result = outcome.result_token() if outcome is not None else "*"
    all_tags = {"Variant": board.variant, "FEN": board.root_position_line()}
    all_tags.update(tags or {})
    all_tags["Result"] = result
    return Record(all_tags, [str(m) for m in board.move_stack], result)
