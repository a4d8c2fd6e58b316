"""Driving any UCI or UGI engine (Triad or another) from Python, as python-chess does for chess.

The engine runs as an asyncio subprocess; `Engine` is the asyncio API and `SimpleEngine` the
blocking one, a thin wrapper that runs the same coroutines on an event loop of its own thread.
Every wait for an answer that needs no search has a timeout, as has a search with a time limit
and the wait for `bestmove` after `stop`; an engine that exits or stops answering raises
`EngineError` (never a hang), and both close the process on leaving a `with` block. A search
left running (an exception in a callback, a `break`, a cancelled task, KeyboardInterrupt) is
stopped and its output read to `bestmove`, so the engine stays usable.

    with SimpleEngine.popen(["triad"]) as engine:
        board = triad.Board("yinyang")
        for line in engine.analyse(board, Limit(depth=8), multipv=3):
            print(line["multipv"], line["score"], [str(m) for m in line["pv"]])
"""
from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import threading
import weakref
from typing import (Any, AsyncIterator, Callable, Dict, Iterator, List, NamedTuple, Optional,
                    Sequence, Union)

from triad._triad import Board, IllegalMoveError, Move, _parse_info_line

DEFAULT_TIMEOUT = 10.0  # seconds for any reply that needs no search, and for bestmove after stop
SEARCH_GRACE = 5.0  # seconds beyond a search's own time before it counts as hung

Info = Dict[str, Any]  # one info line's fields (parse_info)


class EngineError(RuntimeError):
    """The engine refused a command (the message is the engine's own), answered what is not the
    protocol, or played illegally."""


class EngineTerminatedError(EngineError):
    """The engine process exited (crashed, or quit) while it was needed."""


class EngineTimeoutError(EngineError):
    """The engine did not answer within the timeout (it was killed)."""


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
class Score:
    """A score from one side's point of view: `cp` (about 100 per unit of advantage; Yin Yang:
    per point of final score) or `mate`, in moves as UCI counts them whatever the protocol:
    +n, this side wins on its n-th move from here; -n, it loses on the opponent's n-th move (a
    UGI engine's plies p are converted to (p + 1) // 2 moves). `bound`: 'lower' or 'upper' when
    the true score is at least or at most this one, else None. `-score` is the other side's
    view."""

    cp: Optional[int] = None
    mate: Optional[int] = None
    bound: Optional[str] = None

    def is_mate(self) -> bool:
        """Whether this is a mate score (a forced end of the game), not a cp one."""
        return self.mate is not None

    def __neg__(self) -> "Score":
        flipped = {"lower": "upper", "upper": "lower"}.get(self.bound or "")
        return Score(None if self.cp is None else -self.cp,
                     None if self.mate is None else -self.mate, flipped)

    def __str__(self) -> str:
        text = f"mate {self.mate}" if self.mate is not None else f"cp {self.cp}"
        return text + (f" ({self.bound}bound)" if self.bound else "")


def _player_view(turn: Optional[int], player: int) -> bool:
    """Whether `player` is the side to move `turn` (False: the other one)."""
    if player not in (1, 2):
        raise ValueError(f"player must be 1 or 2, not {player!r}")
    if turn is None:
        raise ValueError("the side to move is not known (parse_info was given no board)")
    return player == turn


@dataclasses.dataclass(frozen=True)
class PovScore:
    """An engine's score and the side it is relative to: `relative` is the side to move's
    (`turn`, 1 or 2, None if unknown), `pov(player)` either player's. `cp`, `mate`, `bound`,
    `is_mate()` and `str()` are the relative score's."""

    relative: Score
    turn: Optional[int]

    def pov(self, player: int) -> Score:
        """The score from `player`'s point of view (1 or 2)."""
        return self.relative if _player_view(self.turn, player) else -self.relative

    def p1(self) -> Score:
        """The score from Player 1's point of view."""
        return self.pov(1)

    def p2(self) -> Score:
        """The score from Player 2's point of view."""
        return self.pov(2)

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    @property
    def cp(self) -> Optional[int]:
        """The side to move's cp score (None for a mate score)."""
        return self.relative.cp

    @property
    def mate(self) -> Optional[int]:
        """The side to move's mate distance in moves (None for a cp score)."""
        return self.relative.mate

    @property
    def bound(self) -> Optional[str]:
        """'lower', 'upper' (from the side to move's view) or None."""
        return self.relative.bound

    def __str__(self) -> str:
        return str(self.relative)


class Wdl(NamedTuple):
    """A win/draw/loss estimate from one side's point of view, in permille (`wdl W D L` of an
    info line); `-wdl` is the other side's view."""

    wins: int
    draws: int
    losses: int

    def total(self) -> int:
        """wins + draws + losses (1000 from Triad)."""
        return self.wins + self.draws + self.losses

    def expectation(self) -> float:
        """The expected score, 0 (loss) to 1 (win), a draw counting one half."""
        total = self.total()
        if total <= 0:
            raise ValueError("a win/draw/loss estimate with no weight has no expectation")
        return (self.wins + 0.5 * self.draws) / total

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)


@dataclasses.dataclass(frozen=True)
class PovWdl:
    """A win/draw/loss estimate and the side it is relative to, as PovScore."""

    relative: Wdl
    turn: Optional[int]

    def pov(self, player: int) -> Wdl:
        """The estimate from `player`'s point of view (1 or 2)."""
        return self.relative if _player_view(self.turn, player) else -self.relative

    def p1(self) -> Wdl:
        """The estimate from Player 1's point of view."""
        return self.pov(1)

    def p2(self) -> Wdl:
        """The estimate from Player 2's point of view."""
        return self.pov(2)

    def expectation(self) -> float:
        """The side to move's expected score (Wdl.expectation of `relative`)."""
        return self.relative.expectation()


@dataclasses.dataclass(frozen=True)
class Option:
    """An engine option as its `option` line declares it."""

    name: str
    type: str
    default: Optional[str]
    min: Optional[int]
    max: Optional[int]
    var: List[str]


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


def _moves_on(board: Board, tokens: Sequence[str]) -> List[Move]:
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
    fields = _parse_info_line(line, protocol == "ugi")
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
            info["pv"] = _moves_on(board, value) if board is not None else [Move(t) for t in value]
        elif key != "bound":
            info[key] = value
    return info


def _position_command(board: Board) -> str:
    moves = " ".join(str(m) for m in board.move_stack)
    command = "position fen " + board.root_position_line()
    return command + (" moves " + moves if moves else "")


class Engine:
    """One engine process, driven with asyncio. Create it with `await Engine.popen(...)`.

    One command runs at a time; a command given while a search is still running (an analysis
    left unfinished) first stops that search and reads its output to `bestmove`."""

    def __init__(self, process: asyncio.subprocess.Process, command: Sequence[str], protocol: str,
                 timeout: float) -> None:
        self._process = process
        self.command = list(command)
        self.protocol = protocol
        self.timeout = timeout
        self.id: Dict[str, str] = {}
        self.options: Dict[str, Option] = {}
        self._lock = asyncio.Lock()
        self._search: Optional[AnalysisResult] = None  # a search whose output is not all read
        self._variant: Optional[str] = None  # the engine's UCI_Variant as we set it (None: unknown)
        # MultiPV: the value configure() set (else the engine's default), and the engine's value
        # now, which a search's own multipv= changes for that search only (None: unknown).
        self._multipv: Optional[str] = None
        self._multipv_now: Optional[str] = None
        self._finalizer = weakref.finalize(self, _kill, process)

    # -- starting and stopping ------------------------------------------------

    @classmethod
    async def popen(cls, command: Union[str, Sequence[str]], protocol: str = "uci",
                    timeout: float = DEFAULT_TIMEOUT) -> "Engine":
        """Starts the engine and runs the handshake (`uci`/`ugi`, then `isready`)."""
        if protocol not in ("uci", "ugi"):
            raise ValueError("protocol must be 'uci' or 'ugi'")
        argv = [command] if isinstance(command, str) else list(command)
        try:
            process = await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL, limit=1 << 20)
        except OSError as error:
            raise EngineError(f"cannot start the engine {argv[0]!r}: {error}") from error
        engine = cls(process, argv, protocol, timeout)
        try:
            await engine._handshake()
        except BaseException:
            await engine.close()
            raise
        return engine

    async def _handshake(self) -> None:
        self._send(self.protocol)
        ok = self.protocol + "ok"
        async for line in self._lines_until(lambda text: text == ok, self.timeout, f"'{ok}'"):
            if line.startswith("id "):
                key, _, value = line[3:].partition(" ")
                self.id[key] = value
            elif line.startswith("option "):
                option = parse_option(line)
                self.options[option.name.lower()] = option
        if "multipv" in self.options:
            self._multipv = self._multipv_now = self.options["multipv"].default
        await self.ping()

    async def quit(self) -> None:
        """Sends `quit` and waits for the process to end (killing it after the timeout)."""
        await self.close()

    async def close(self) -> None:
        """Sends `quit` and waits for the process to end, killing it after the timeout (at most
        5 s); a no-op once it has ended."""
        if self._process.returncode is None:
            try:
                self._send("quit")
            except EngineError:
                pass
            try:
                await asyncio.wait_for(self._process.wait(), min(self.timeout, 5.0))
            except asyncio.TimeoutError:
                await self._kill()
        self._finalizer.detach()

    async def __aenter__(self) -> "Engine":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def name(self) -> str:
        """The engine's `id name`, else its command."""
        return self.id.get("name", self.command[0])

    # -- plumbing ---------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        """The engine for one command. A search still running is stopped first (a task that
        iterates it sees it end) and its output read to `bestmove`, within the timeout."""
        search = self._search
        if search is None:
            await self._lock.acquire()
        else:
            search.stop()
            try:
                await asyncio.wait_for(self._lock.acquire(), self.timeout)
            except asyncio.TimeoutError:
                await self._kill()
                raise EngineTimeoutError(f"engine {self.name!r} did not end its search within "
                                         f"{self.timeout:g} s of 'stop' (killed)") from None
        try:
            if self._search is not None:  # also one started while we waited for the lock
                self._search.stop()
                await self._search._drain()
            yield
        finally:
            self._lock.release()

    async def _kill(self) -> None:
        if self._process.returncode is None:
            with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
                self._process.kill()
        await self._process.wait()

    def _send(self, line: str) -> None:
        stdin = self._process.stdin
        if self._process.returncode is not None or stdin is None or stdin.is_closing():
            raise EngineTerminatedError(f"engine {self.name!r} has exited (sending {line[:80]!r})")
        stdin.write((line + "\n").encode())

    async def _readline(self, timeout: Optional[float], what: str,
                        limit: Optional[float] = None) -> str:
        """One line within `timeout` seconds (`limit`: the whole wait's, for the message)."""
        assert self._process.stdout is not None
        try:
            raw = await asyncio.wait_for(self._process.stdout.readline(), timeout)
        except asyncio.TimeoutError:
            await self._kill()
            raise EngineTimeoutError(
                f"engine {self.name!r} did not answer {what} within {limit or timeout:g} s "
                "(killed)") from None
        except ValueError as error:  # a line longer than the stream's limit
            raise EngineError(f"engine {self.name!r} wrote an overlong line: {error}") from None
        if not raw:
            try:
                code = await asyncio.wait_for(self._process.wait(), self.timeout)
            except asyncio.TimeoutError:  # it closed its output but runs on
                await self._kill()
                raise EngineTerminatedError(
                    f"engine {self.name!r} closed its output while we waited for {what} and did "
                    f"not exit within {self.timeout:g} s (killed)") from None
            raise EngineTerminatedError(
                f"engine {self.name!r} exited with status {code} while we waited for {what}")
        return raw.decode(errors="replace").rstrip("\r\n")

    async def _lines_until(self, is_end: Callable[[str], bool], timeout: Optional[float],
                           what: str) -> AsyncIterator[str]:
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while True:
            left = None if deadline is None else max(0.0, deadline - loop.time())
            line = await self._readline(left, what, timeout)
            yield line
            if is_end(line):
                return

    async def ping(self) -> None:
        """`isready` → `readyok`."""
        async with self._turn():
            await self._ready()

    async def _ready(self) -> List[str]:
        """`isready` → `readyok`: the engine's error messages before it (what the commands
        sent since were refused with)."""
        self._send("isready")
        errors = []
        async for line in self._lines_until(lambda text: text == "readyok", self.timeout,
                                            "'readyok'"):
            if line.startswith("info string error"):
                errors.append(line[len("info string error"):].strip())
        return errors

    # -- options and positions --------------------------------------------------

    async def configure(self, options: Dict[str, Any]) -> None:
        """Sets options (`setoption name N value V`), in order; an unknown name, or a value the
        engine refuses (its `info string error` line: the message), raises EngineError and
        leaves the later options unsent. The values stay for every later search."""
        async with self._turn():
            for name, value in options.items():
                key = name.lower()
                if key not in self.options:
                    raise EngineError(f"engine {self.name!r} has no option {name!r}")
                if isinstance(value, bool):
                    value = "true" if value else "false"
                self._send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
                errors = await self._ready()
                if key == "uci_variant":
                    self._variant = None if errors else str(value)
                if key == "multipv":
                    self._multipv_now = None if errors else str(value)
                    if not errors:
                        self._multipv = str(value)
                if errors:
                    raise EngineError(f"engine {self.name!r} refused option {name!r}: {errors[-1]}")

    async def _set_up(self, board: Board, multipv: Optional[int]) -> None:
        """The board's variant and position, and the MultiPV of this search (multipv=, else the
        configured one); what the engine refuses raises EngineError with its message."""
        self._send_set_up(board, multipv)
        self._refused_set_up(await self._ready())

    def _send_set_up(self, board: Board, multipv: Optional[int]) -> None:
        if "uci_variant" in self.options and self._variant != board.variant:
            self._send(f"setoption name UCI_Variant value {board.variant}")
            self._variant = board.variant
        wanted = str(int(multipv)) if multipv is not None else self._multipv
        if "multipv" in self.options and wanted is not None and wanted != self._multipv_now:
            self._send(f"setoption name MultiPV value {wanted}")
            self._multipv_now = wanted
        self._send(_position_command(board))

    def _refused_set_up(self, errors: List[str]) -> None:
        """Raises the engine's error about the set-up lines, if any."""
        if errors:
            self._variant = self._multipv_now = None  # which line was refused is not known
            raise EngineError(errors[-1])

    def _search_timeout(self, board: Board, limit: Optional[Limit],
                        timeout: Optional[float]) -> Optional[float]:
        """`timeout` if given; else a search with a time limit may take it and SEARCH_GRACE,
        and any other search has no timeout (it ends by its limit, or by stop())."""
        if timeout is not None:
            return timeout
        bound = limit.time_bound(board.turn) if limit is not None else None
        return None if bound is None else bound + SEARCH_GRACE

    async def send(self, line: str) -> None:
        """Sends one raw protocol line (for commands this API has no method for)."""
        async with self._turn():
            self._send(line)

    async def query(self, what: str, board: Optional[Board] = None) -> str:
        """Triad's `query <what>` (docs/protocol.md: fen, moves, result, board, ...) on
        `board` if given, else on the engine's current position: the answer's text."""
        async with self._turn():
            if board is not None:
                await self._set_up(board, None)
            self._send("query " + what)
            errors = []
            async for line in self._lines_until(lambda text: text.startswith("response"),
                                                self.timeout, "a query"):
                if line.startswith("info string error"):
                    errors.append(line[len("info string error"):].strip())
            if errors:
                raise EngineError(errors[-1])
            return line[len("response"):].strip()

    # -- searching ---------------------------------------------------------------

    async def analysis(self, board: Board, limit: Optional[Limit] = None,
                       multipv: Optional[int] = None,
                       timeout: Optional[float] = None) -> "AnalysisResult":
        """Starts a search and returns its live `info` lines as an async iterator; `stop()`
        ends it. Without a limit the search runs until stopped. `multipv` applies to this
        search only. A `go` the engine refuses raises EngineError (its message) from the
        iteration."""
        go = "go " + (limit.go_arguments() if limit is not None else "infinite")
        return await self._start(board, go, multipv, self._search_timeout(board, limit, timeout))

    async def _start(self, board: Board, go: str, multipv: Optional[int],
                     timeout: Optional[float]) -> "AnalysisResult":
        async with self._turn():
            # All at once (one wait, while the engine already searches): the set-up, isready,
            # go, isready. The first readyok ends the set-up's error lines; a refused go has an
            # error line and no bestmove, which the second readyok tells.
            self._send_set_up(board, multipv)
            self._send("isready")
            search = AnalysisResult(self, board, timeout)
            self._send(go)
            self._search = search
            self._send("isready")
            try:
                await search._read_set_up()
            except BaseException:  # cancelled, interrupted: the search must not run on unread
                search.stop()
                raise
        return search

    async def _consume(self, search: "AnalysisResult",
                       info: Optional[Callable[[Info], None]] = None) -> None:
        """Iterates `search` to its end; on any exception (a raising callback, cancellation,
        KeyboardInterrupt) the search is stopped and the next command reads it to the end."""
        try:
            async for line in search:
                if info is not None:
                    info(line)
        except BaseException:
            search.stop()
            raise

    async def analyse(self, board: Board, limit: Limit, multipv: Optional[int] = None,
                      info: Optional[Callable[[Info], None]] = None,
                      timeout: Optional[float] = None) -> Union[Info, List[Info]]:
        """Searches `board` to `limit`: the last info of each line (score, pv, depth, nodes,
        time, ...): one dict, or a list of `multipv` dicts (best first) when multipv is given.
        `info` is called with every info line as it arrives."""
        search = await self.analysis(board, limit, multipv, timeout)
        await self._consume(search, info)
        lines = search.multipv()
        if multipv is None:
            return lines[0] if lines else {}
        return lines[:multipv]

    async def play(self, board: Board, limit: Limit, timeout: Optional[float] = None) -> PlayResult:
        """The engine's move for `board` (checked against the rules)."""
        search = await self.analysis(board, limit, None, timeout)
        await self._consume(search)
        return search.result()

    async def solve(self, board: Board, exact: bool = False,
                    timeout: Optional[float] = None) -> SolveResult:
        """Yin Yang: `go solve [exact]`, the proved winner and margin (no timeout unless
        `timeout` is given)."""
        search = await self._start(board, "go solve exact" if exact else "go solve", None, timeout)
        solved = None

        def note(info: Info) -> None:
            nonlocal solved
            if info.get("string", "").startswith("solved "):
                solved = info["string"].split()[1:]
        await self._consume(search, note)
        best = search.result().move
        if not solved or len(solved) < 3:
            raise EngineError(f"engine {self.name!r} ended go solve without a 'solved' line")
        winner = 1 if solved[0] == "p1win" else 2
        low, _, high = solved[2].partition("..")
        margin: Union[int, tuple] = (int(low), int(high)) if high else int(low)
        pv = _moves_on(board, solved[4:]) if len(solved) > 3 and solved[3] == "pv" else []
        return SolveResult(winner, margin, best, pv)


class AnalysisResult:
    """The live info lines of one search (async iterator), then its best move (result()).

    It ends at the engine's `bestmove` (and the `readyok` sent after `go`); a `go` the engine
    refuses (an error line, then `readyok` and no `bestmove`) ends it with EngineError."""

    def __init__(self, engine: Engine, board: Board, timeout: Optional[float]) -> None:
        self._engine = engine
        self._board = board.copy()
        self._timeout = timeout
        loop = asyncio.get_running_loop()
        self._deadline = None if timeout is None else loop.time() + timeout
        self._set_up_deadline = loop.time() + engine.timeout
        self._lines: Dict[int, Info] = {}
        self._set_up_errors: List[str] = []  # the error lines before the first readyok
        self._errors: List[str] = []
        self._best: Optional[List[str]] = None
        self._readies = 0  # readyok lines read: the set-up's, then the go's
        self._ready = False  # the readyok of the isready sent after go was read
        self._searched = False  # an info line other than an error was read
        self._failure: Optional[BaseException] = None
        self._last: Info = {}
        self._stopped = False

    def _ended(self) -> bool:
        return self._failure is not None or (self._best is not None and self._ready)

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> Info:
        engine = self._engine
        try:
            while True:
                async with engine._lock:
                    if self._ended():  # read to its end here, or by the next command
                        raise StopAsyncIteration
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
        while self._readies == 0:
            await self._read()
        if self._set_up_errors:
            self.stop()
            await self._drain()
            self._engine._refused_set_up(self._set_up_errors)

    async def _drain(self) -> None:
        """Reads the rest of the search's output (the engine's lock held)."""
        while not self._ended():
            await self._read()

    async def _read(self) -> Optional[Info]:
        """Reads one line of the search (the engine's lock held): an info to report, or None."""
        engine = self._engine
        loop = asyncio.get_running_loop()
        deadline = self._deadline
        if self._readies == 0:
            if deadline is None:
                deadline = self._set_up_deadline
            else:
                deadline = min(deadline, self._set_up_deadline)
        left = None if deadline is None else max(0.0, deadline - loop.time())
        if self._best is not None or self._readies == 0:
            what = "'readyok'"
        else:
            what = "'bestmove' after 'stop'" if self._stopped else "'bestmove'"
        bounded = self._stopped or self._best is not None or self._readies == 0
        try:
            line = await engine._readline(left, what, engine.timeout if bounded else self._timeout)
        except EngineError as error:
            self._end(error)
            raise
        words = line.split()
        info = None
        if not words:
            pass
        elif words[0] == "bestmove":  # a token: 'bestmovex' is not the protocol (skipped)
            self._best = words[1:]
            self._wait_at_most(engine.timeout)  # for the readyok, if it is still to come
        elif words[0] == "readyok":
            self._readies += 1
            self._ready = self._readies == 2
            if self._ready and self._best is None and self._errors and not self._searched:
                self._end(EngineError(self._errors[-1]))
        elif words[:3] == ["info", "string", "error"]:
            errors = self._errors if self._readies else self._set_up_errors
            errors.append(line[len("info string error"):].strip())
        elif words[0] == "info" and self._readies:  # (before the first readyok: the set-up's)
            self._searched = True
            info = parse_info(line, self._board, engine.protocol)
            self._last = info
            if "pv" in info:
                self._lines[info.get("multipv", 1)] = info
        if self._ended():
            self._end(self._failure)
        return info

    def _end(self, failure: Optional[BaseException]) -> None:
        self._failure = failure
        if self._engine._search is self:
            self._engine._search = None

    def stop(self) -> None:
        """Ends the search (`stop`); the iterator then ends with the engine's bestmove."""
        if self._stopped or self._ended() or self._best is not None:
            return
        self._stopped = True
        try:
            self._engine._send("stop")
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
        if self._best is None:
            raise EngineError("the search has not ended")
        if not self._best:
            raise EngineError(f"engine {self._engine.name!r} sent a bestmove line without a move")
        if self._best[0] == "(none)":
            if self._errors:
                raise EngineError(self._errors[-1])
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
            line = _moves_on(after, self._best[2:3])
            ponder = line[0] if line else None
        return PlayResult(move, ponder, self._lines.get(1, self._last))


def _kill(process: asyncio.subprocess.Process) -> None:
    """The last resort of an engine never closed: its process does not outlive the object."""
    if process.returncode is None:
        try:
            process.kill()
        except ProcessLookupError:
            pass


class SimpleEngine:
    """The blocking API: the same engine on an event loop of its own thread.

        with SimpleEngine.popen("triad") as engine:
            print(engine.play(board, Limit(time=0.1)).move)
    """

    def __init__(self, loop: asyncio.AbstractEventLoop, thread: threading.Thread,
                 engine: Engine) -> None:
        self._loop = loop
        self._thread = thread
        self.engine = engine

    @classmethod
    def popen(cls, command: Union[str, Sequence[str]], protocol: str = "uci",
              timeout: float = DEFAULT_TIMEOUT) -> "SimpleEngine":
        """Starts the engine (a command line, or one path) and runs the handshake, as
        Engine.popen; `timeout` (seconds) bounds every answer that needs no search."""
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="triad-engine", daemon=True)
        thread.start()
        try:
            opening = Engine.popen(command, protocol, timeout)
            engine = asyncio.run_coroutine_threadsafe(opening, loop).result()
        except BaseException:
            loop.call_soon_threadsafe(loop.stop)
            thread.join()
            loop.close()
            raise
        return cls(loop, thread, engine)

    def _run(self, coroutine: Any) -> Any:
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result()
        except BaseException:
            # KeyboardInterrupt (or any exception of this thread) while the loop's thread runs
            # the command: cancel it there, which stops a search as a cancelled task does.
            future.cancel()
            raise

    @property
    def id(self) -> Dict[str, str]:
        """The engine's `id` lines (name, author)."""
        return self.engine.id

    @property
    def options(self) -> Dict[str, Option]:
        """The engine's options, by lower-case name."""
        return self.engine.options

    @property
    def name(self) -> str:
        """The engine's `id name`, else its command."""
        return self.engine.name

    def ping(self) -> None:
        """`isready` → `readyok` (Engine.ping)."""
        self._run(self.engine.ping())

    def configure(self, options: Dict[str, Any]) -> None:
        """Sets options in order and keeps them (Engine.configure): an unknown name or a value
        the engine refuses raises EngineError with its message."""
        self._run(self.engine.configure(options))

    def analyse(self, board: Board, limit: Limit, multipv: Optional[int] = None,
                info: Optional[Callable[[Info], None]] = None,
                timeout: Optional[float] = None) -> Union[Info, List[Info]]:
        """Searches `board` to `limit` (Engine.analyse): one info dict, or a list of `multipv`
        of them; `info` is called with each info line; `multipv` is for this call only."""
        return self._run(self.engine.analyse(board, limit, multipv, info, timeout))

    def analysis(self, board: Board, limit: Optional[Limit] = None, multipv: Optional[int] = None,
                 timeout: Optional[float] = None) -> "SimpleAnalysisResult":
        """Starts a live search (Engine.analysis): iterate over its info lines, stop() it,
        wait() for its PlayResult; without a limit it runs until stopped."""
        search = self._run(self.engine.analysis(board, limit, multipv, timeout))
        return SimpleAnalysisResult(self, search)

    def play(self, board: Board, limit: Limit, timeout: Optional[float] = None) -> PlayResult:
        """The engine's move for `board` within `limit` (Engine.play), checked against the rules."""
        return self._run(self.engine.play(board, limit, timeout))

    def send(self, line: str) -> None:
        """Sends one raw protocol line (Engine.send)."""
        self._run(self.engine.send(line))

    def query(self, what: str, board: Optional[Board] = None) -> str:
        """Triad's `query <what>` on `board` or the engine's position (Engine.query)."""
        return self._run(self.engine.query(what, board))

    def solve(self, board: Board, exact: bool = False,
              timeout: Optional[float] = None) -> SolveResult:
        """Yin Yang: the proved winner and margin of `board` (Engine.solve); no timeout unless
        `timeout` is given."""
        return self._run(self.engine.solve(board, exact, timeout))

    def close(self) -> None:
        """Quits the engine (killing it if it does not exit) and stops the loop's thread."""
        if self._loop.is_closed():
            return
        try:
            self._run(self.engine.close())
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join()
            self._loop.close()

    quit = close

    def __enter__(self) -> "SimpleEngine":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class SimpleAnalysisResult:
    """A live search for the blocking API: iterate over its info lines; stop() ends it."""

    def __init__(self, simple: SimpleEngine, inner: AnalysisResult) -> None:
        self._simple = simple
        self._inner = inner

    def __iter__(self) -> Iterator[Info]:
        return self

    def __next__(self) -> Info:
        try:
            return self._simple._run(self._inner.__anext__())
        except StopAsyncIteration:
            raise StopIteration from None

    def stop(self) -> None:
        """Ends the search (`stop`); iterating or wait() then reads it to its bestmove."""
        self._simple._loop.call_soon_threadsafe(self._inner.stop)

    def wait(self) -> PlayResult:
        """Reads the search to its end and returns its PlayResult (AnalysisResult.wait)."""
        return self._simple._run(self._inner.wait())

    def multipv(self) -> List[Info]:
        """The last info of each line read so far, best line first."""
        return self._inner.multipv()

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.wait()


__all__ = [
    "AnalysisResult", "Engine", "EngineError", "EngineTerminatedError", "EngineTimeoutError",
    "Info", "Limit", "Option", "PlayResult", "PovScore", "PovWdl", "Score", "SimpleAnalysisResult",
    "SimpleEngine", "SolveResult", "Wdl",
    "parse_info", "parse_option",
]
