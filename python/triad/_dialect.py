"""The two protocols an engine may speak, UCI and UGI, as dialect objects (triad.engine), and
the reading of their `option` and `info` lines. The dialects differ in the handshake and in
how `info score mate` counts (UCI: moves, UGI: plies); everything else is shared."""
from __future__ import annotations

import dataclasses
from typing import Any, Dict, List, Optional, Sequence

from triad._errors import EngineError
from triad._score import PovScore, PovWdl, Score, Wdl
from triad._triad import Board, IllegalMoveError, Move, _parse_info_line

Info = Dict[str, Any]  # one info line's fields (parse_info)


@dataclasses.dataclass(frozen=True)
class Dialect:
    """A protocol: `name` is its handshake command (answered by `name` + "ok"), and
    `mate_in_plies` whether its mate scores count plies rather than moves."""

    name: str
    mate_in_plies: bool

    @property
    def handshake_ok(self) -> str:
        """The line that ends the engine's answer to the handshake."""
        return self.name + "ok"

    def position_command(self, board: Board) -> str:
        """The `position` command of `board`: its root position and the moves played since."""
        moves = " ".join(str(m) for m in board.move_stack)
        command = "position fen " + board.root_position_line()
        return command + (" moves " + moves if moves else "")


UCI = Dialect("uci", mate_in_plies=False)
UGI = Dialect("ugi", mate_in_plies=True)


def dialect(protocol: str) -> Dialect:
    """The dialect named `protocol` ('uci' or 'ugi'); ValueError for any other name."""
    for known in (UCI, UGI):
        if protocol == known.name:
            return known
    raise ValueError("protocol must be 'uci' or 'ugi'")


@dataclasses.dataclass(frozen=True)
class Option:
    """An engine option as its `option` line declares it."""

    name: str
    type: str
    default: Optional[str]
    min: Optional[int]
    max: Optional[int]
    var: List[str]


def parse_option(line: str) -> Option:
    """An `option name … type …` line as an Option; EngineError if it has no name or type."""
    words = line.split()
    fields: Dict[str, List[str]] = {}
    key = None
    var: List[str] = []
    for word in words[1:]:
        if word in ("name", "type", "default", "min", "max", "var"):
            key = word
            if key == "var":
                var.append("")
            else:
                fields[key] = []
        elif key == "var":
            var[-1] = (var[-1] + " " + word).strip()
        elif key is not None:
            fields[key].append(word)

    def text(k: str) -> Optional[str]:
        return " ".join(fields[k]) if k in fields else None

    def number(k: str) -> Optional[int]:
        value = text(k)
        try:
            return int(value) if value is not None else None
        except ValueError:
            return None
    if not text("name") or not text("type"):
        raise EngineError(f"malformed option line: {line[:200]!r}")
    return Option(text("name") or "", text("type") or "", text("default"), number("min"),
                  number("max"), var)


def moves_on(board: Board, tokens: Sequence[str]) -> List[Move]:
    """The legal prefix of a line of move tokens from `board` (as canonical moves)."""
    probe = board.copy()
    moves = []
    for token in tokens:
        try:
            move = probe.parse_move(token)
        except IllegalMoveError:
            break
        probe.push(move)
        moves.append(move)
    return moves


def parse_info(line: str, board: Optional[Board] = None, protocol: str = "uci") -> Info:
    """An `info` line as a dictionary: depth, seldepth, multipv, score (PovScore), wdl
    (PovWdl), nodes, nps, hashfull, time (seconds), pv (moves; checked on `board` when given),
    string (the text of `info string`), problem (the first field that could not be read: a
    number that is not one or does not fit). The line is read by the engine's own reader of
    info lines (the compiled module's), the one every Triad program uses. `protocol` is the
    engine's ('ugi': its mate scores count plies); without a board the scores' side to move
    is unknown."""
    fields = _parse_info_line(line, dialect(protocol).mate_in_plies)
    turn = board.turn if board is not None else None
    info: Info = {}
    for key, value in fields.items():
        if key == "time_ms":
            info["time"] = value / 1000.0
        elif key == "score":
            is_mate, number = value
            bound = fields.get("bound")
            if is_mate:  # plies to moves, as UCI counts them
                moves = (number + 1) // 2 if number > 0 else -((1 - number) // 2)
                info["score"] = PovScore(Score(mate=moves, bound=bound), turn)
            else:
                info["score"] = PovScore(Score(cp=number, bound=bound), turn)
        elif key == "wdl":
            info["wdl"] = PovWdl(Wdl(*value), turn)
        elif key == "pv":
            info["pv"] = moves_on(board, value) if board is not None else [Move(t) for t in value]
        elif key != "bound":
            info[key] = value
    return info
