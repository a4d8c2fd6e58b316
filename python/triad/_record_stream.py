"""Reading game records from a text stream one at a time (triad.records.read_game, as
chess.pgn.read_game): the lines of one record are taken from the handle — up to its result
token, or up to the tag line that starts the next record (kept for the next call on that
handle) — and read by the compiled records reader, told where in the stream the text starts
so that its errors name the right record and line."""
from __future__ import annotations

import dataclasses
import weakref
from typing import IO, List, MutableMapping, Optional, Tuple

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
_SPECIAL = frozenset("{};()")  # what the character by character reading is for


@dataclasses.dataclass
class StreamState:
    """Where a handle's reading stands: the next line's number, the records read, and the
    tag line read too far (the next record's first, after a record without a result)."""

    line: int = 1
    records: int = 0
    pending: Optional[str] = None


# Per handle (weakly: the state goes with the handle); a handle that takes no weak reference
# starts at line 1 and record 1 at each call.
_states: MutableMapping[object, StreamState] = weakref.WeakKeyDictionary()


def state_of(handle: IO[str]) -> StreamState:
    """The reading state of `handle`, made on first use."""
    try:
        return _states.setdefault(handle, StreamState())
    except TypeError:
        return StreamState()


class _Scanner:
    """Follows the movetext's structure across lines: `{...}` comments (which may span
    lines), `;` and `%` comments to the end of the line, and the depth of variations."""

    def __init__(self) -> None:
        self.in_comment = False
        self.depth = 0
        self.moves = False  # a movetext token was seen

    def ends_record(self, line: str) -> bool:
        """Reads a movetext line: whether a result token outside comments and variations
        ends the record on it."""
        if not self.in_comment and line.lstrip().startswith("%"):
            return False
        if not self.in_comment and not _SPECIAL.intersection(line):  # the common line
            words = line.split()
            if self.depth > 0 or not words:
                return False
            self.moves = self.moves or any(word not in RESULTS for word in words)
            return words[-1] in RESULTS
        ended = False
        word = ""
        for char in line + "\n":
            if self.in_comment:
                self.in_comment = char != "}"
                continue
            if char in "{;()" or char.isspace():
                if word and self.depth == 0:
                    ended = word in RESULTS
                    self.moves = self.moves or not ended
                word = ""
                if char == ";":
                    break
                self.in_comment = char == "{"
                self.depth += {"(": 1, ")": -1}.get(char, 0)
            else:
                word += char
        return ended

    def is_tag(self, line: str) -> bool:
        """Whether the line is a tag line (not inside a comment or a variation)."""
        return not self.in_comment and self.depth == 0 and line.lstrip().startswith("[")


def take_record(handle: IO[str], state: StreamState) -> Tuple[List[str], int]:
    """The lines of the next record on `handle` (none at the end of the stream) and the
    stream's line number of the first of them; `state` moves past them."""
    first = state.line
    lines: List[str] = []
    scanner = _Scanner()
    while True:
        if state.pending is not None:
            line, state.pending = state.pending, None
        else:
            line = handle.readline()
        if not line:
            break
        if scanner.is_tag(line):
            if scanner.moves:  # the next record's first tag line: kept for the next call
                state.pending = line
                break
        elif not lines and not line.strip():
            first += 1  # blank lines before a record are not part of it
            state.line += 1
            continue
        elif scanner.ends_record(line):
            lines.append(line)
            state.line += 1
            break
        lines.append(line)
        state.line += 1
    return lines, first
