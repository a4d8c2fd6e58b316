"""A search as a command with explicit states (triad.engine): what a `go` is told (Limit),
its live reading (AnalysisResult) and its results (PlayResult, SolveResult).

A search is sent at once as: the set-up lines, `isready`, `go`, `isready`. Each `readyok`
acknowledges the next of those two parts (an `info string error` before it is that part's
refusal), and the search itself goes ACTIVE → STOPPING (after `stop`) → ENDED (`bestmove`
read); it is DONE when both acknowledgements and its bestmove are read, or when it failed."""
from __future__ import annotations

import asyncio
import dataclasses
import enum
from typing import TYPE_CHECKING, Dict, List, Optional, Union

from triad._dialect import Info, moves_on, parse_info
from triad._errors import EngineError
from triad._triad import Board, IllegalMoveError, Move

if TYPE_CHECKING:
    from triad._engine import Engine


@dataclasses.dataclass(frozen=True)
class Limit:
    """How long to search: any of depth, nodes, time (seconds per move), mate (moves), the
    clocks and increments in seconds (p1time/p2time/p1inc/p2inc) and movestogo. Times are
    sent in whole milliseconds, a positive time as at least 1 ms."""

    depth: Optional[int] = None
    nodes: Optional[int] = None
    time: Optional[float] = None
    mate: Optional[int] = None
    p1time: Optional[float] = None
    p2time: Optional[float] = None
    p1inc: Optional[float] = None
    p2inc: Optional[float] = None
    movestogo: Optional[int] = None

    def go_arguments(self) -> str:
        """The `go` command's arguments for this limit ("infinite" when it has none)."""
        parts = []
        for name, key in (("depth", "depth"), ("nodes", "nodes"), ("mate", "mate"),
                          ("movestogo", "movestogo")):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{key} {int(value)}")
        for name, key in (("time", "movetime"), ("p1time", "wtime"), ("p2time", "btime"),
                          ("p1inc", "winc"), ("p2inc", "binc")):
            value = getattr(self, name)
            if value is not None:
                milliseconds = max(0, round(value * 1000))
                # A positive time never becomes 0 ms (which would mean "no time at all").
                parts.append(f"{key} {max(1, milliseconds) if value > 0 else milliseconds}")
        return " ".join(parts) if parts else "infinite"

    def time_bound(self, turn: int) -> Optional[float]:
        """The longest this search may take by its own limits, or None if unbounded in time."""
        if self.time is not None:
            return self.time
        clock = self.p1time if turn == 1 else self.p2time
        return clock


@dataclasses.dataclass(frozen=True)
class PlayResult:
    """A search's result: the best move (checked against the rules; None when the game is
    over), the ponder move if the engine gave a legal one, and the search's last info of its
    best line."""

    move: Optional[Move]  # None when the engine has no move (the game is over)
    ponder: Optional[Move]
    info: Info


@dataclasses.dataclass(frozen=True)
class SolveResult:
    """A proved Yin Yang result: winner 1 or 2, margin (Player 1's final score minus Player
    2's; an int, or (low, high) bounds for a win/loss proof), the best move and, for exact
    solves, a perfect line."""

    winner: int
    margin: Union[int, tuple]
    best: Optional[Move]
    pv: List[Move]


class SearchState(enum.Enum):
    """Where a search is: its best move still to come (ACTIVE, or STOPPING once `stop` is
    sent), read (ENDED), or all its output read or the search failed (DONE)."""

    ACTIVE = "active"
    STOPPING = "stopping"
    ENDED = "ended"
    DONE = "done"


class AnalysisResult:
    """The live info lines of one search (async iterator), then its best move (result()).

    It ends at the engine's `bestmove` (and the `readyok` sent after `go`); a `go` the engine
    refuses (an error line, then `readyok` and no `bestmove`) ends it with EngineError."""

    def __init__(self, engine: Engine, board: Board, timeout: Optional[float]) -> None:
        self._engine = engine
        self._board = board.copy()
        self._timeout = timeout
        self.state = SearchState.ACTIVE
        loop = asyncio.get_running_loop()
        self._deadline = None if timeout is None else loop.time() + timeout
        self._set_up_deadline = loop.time() + engine.timeout
        # The parts still to be acknowledged by a readyok, and each part's error lines.
        self._unacknowledged = ["set-up", "go"]
        self._errors: Dict[str, List[str]] = {"set-up": [], "go": []}
        self._lines: Dict[int, Info] = {}
        self._best: List[str] = []  # the bestmove line's words after "bestmove" (ENDED)
        self._failure: Optional[BaseException] = None
        self._last: Info = {}
        self._searched = False  # an info line of the search (not an error) was read

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> Info:
        engine = self._engine
        try:
            while True:
                async with engine._lock:
                    if self.state is SearchState.DONE:  # read to its end here, or by the next
                        raise StopAsyncIteration        # command
                    info = await self._read()
                if self._failure is not None:  # a refused go
                    raise self._failure
                if info is not None:
                    return info
        except (StopAsyncIteration, EngineError):
            raise
        except BaseException:  # cancelled, interrupted: the search must not run on unread
            self.stop()
            raise

    async def _read_set_up(self) -> None:
        """Reads to the set-up's readyok (the engine's lock held); if the engine refused a
        set-up line, the search that may have started on its previous position is stopped
        and read to its end, and the engine's error raised."""
        while "set-up" in self._unacknowledged:
            await self._read()
        if self._errors["set-up"]:
            self.stop()
            await self._drain()
            self._engine._refused_set_up(self._errors["set-up"])

    async def _drain(self) -> None:
        """Reads the rest of the search's output (the engine's lock held)."""
        while self.state is not SearchState.DONE:
            await self._read()

    def _awaited(self) -> str:
        """What the next line is awaited as, for the message if it does not come."""
        if self.state is SearchState.ENDED or "set-up" in self._unacknowledged:
            return "'readyok'"
        return "'bestmove' after 'stop'" if self.state is SearchState.STOPPING else "'bestmove'"

    async def _read(self) -> Optional[Info]:
        """Reads one line of the search (the engine's lock held): an info to report, or None."""
        engine = self._engine
        deadline = self._deadline
        setting_up = "set-up" in self._unacknowledged
        if setting_up:
            deadline = min(deadline or self._set_up_deadline, self._set_up_deadline)
        bounded = setting_up or self.state is not SearchState.ACTIVE
        try:
            line = await engine._transport.readline(
                deadline, self._awaited(), engine.timeout if bounded else self._timeout)
        except EngineError as error:
            self._finish(error)
            raise
        words = line.split()
        info = None
        if not words:
            pass
        elif words[0] == "bestmove":  # a token: 'bestmovex' is not the protocol (skipped)
            self._best = words[1:]
            self.state = SearchState.ENDED
            self._wait_at_most(engine.timeout)  # for the readyok, if it is still to come
        elif words[0] == "readyok" and self._unacknowledged:
            part = self._unacknowledged.pop(0)
            refused = self._errors[part] and not self._searched
            if part == "go" and self.state is not SearchState.ENDED and refused:
                self._finish(EngineError(self._errors[part][-1]))
        elif words[:3] == ["info", "string", "error"]:
            part = self._unacknowledged[0] if self._unacknowledged else "go"
            self._errors[part].append(line[len("info string error"):].strip())
        elif words[0] == "info" and not setting_up:  # (a set-up's info lines are not reported)
            self._searched = True
            info = parse_info(line, self._board, engine.dialect.name)
            self._last = info
            if "pv" in info:
                self._lines[info.get("multipv", 1)] = info
        if self.state is SearchState.ENDED and not self._unacknowledged:
            self._finish(None)
        return info

    def _finish(self, failure: Optional[BaseException]) -> None:
        self.state = SearchState.DONE
        self._failure = failure
        if self._engine._search is self:
            self._engine._search = None

    def stop(self) -> None:
        """Ends the search (`stop`); the iterator then ends with the engine's bestmove."""
        if self.state is not SearchState.ACTIVE:
            return
        self.state = SearchState.STOPPING
        try:
            self._engine._transport.send("stop")
        except EngineError:
            return  # the engine has exited: reading says so
        self._wait_at_most(self._engine.timeout)

    def _wait_at_most(self, seconds: float) -> None:
        limit = asyncio.get_running_loop().time() + seconds
        self._deadline = limit if self._deadline is None else min(self._deadline, limit)

    async def wait(self) -> PlayResult:
        """Reads the search to its end (it is not stopped: see stop()) and returns result()."""
        async for _ in self:
            pass
        return self.result()

    def multipv(self) -> List[Info]:
        """The last info of each line read so far (with a pv), best line first."""
        return [self._lines[k] for k in sorted(self._lines)]

    def result(self) -> PlayResult:
        """The ended search's PlayResult; EngineError if it has not ended, was refused or
        failed, or if its bestmove is malformed or illegal."""
        if self._failure is not None:
            raise self._failure
        if self.state is not SearchState.DONE:
            raise EngineError("the search has not ended")
        if not self._best:
            raise EngineError(f"engine {self._engine.name!r} sent a bestmove line without a move")
        if self._best[0] == "(none)":
            if self._errors["go"]:
                raise EngineError(self._errors["go"][-1])
            return PlayResult(None, None, self._last)
        token = self._best[0]
        try:
            move = self._board.parse_move(token)
        except IllegalMoveError as error:
            raise EngineError(f"engine {self._engine.name!r} played an illegal move {token[:40]!r} "
                              f"in position {self._board.position_line()}: {error}") from None
        ponder = None
        if len(self._best) >= 3 and self._best[1] == "ponder":
            after = self._board.copy()
            after.push(move)
            line = moves_on(after, self._best[2:3])
            ponder = line[0] if line else None
        return PlayResult(move, ponder, self._lines.get(1, self._last))
