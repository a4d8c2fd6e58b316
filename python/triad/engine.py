"""Driving any UCI or UGI engine (Triad or another) from Python, as python-chess does for chess.

The engine runs as an asyncio subprocess; `Engine` is the asyncio API and `SimpleEngine` the
blocking one, a thin wrapper that runs the same coroutines on an event loop of its own thread.
Every wait for the engine has a timeout, an engine that exits or stops answering raises
`EngineError` (never a hang), and both close the process on leaving a `with` block.

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
from typing import Any, AsyncIterator, Callable, Dict, Iterator, List, Optional, Sequence, Union

from triad._triad import Board, IllegalMoveError, Move

DEFAULT_TIMEOUT = 10.0  # seconds for any reply that needs no search
SEARCH_TIMEOUT = 60.0  # seconds for a search whose limit has no time in it
SEARCH_GRACE = 5.0  # seconds beyond a search's own time before it counts as hung

Info = Dict[str, Any]


class EngineError(RuntimeError):
    """The engine refused a command, answered what is not the protocol, or played illegally."""


class EngineTerminatedError(EngineError):
    """The engine process exited (crashed, or quit) while it was needed."""


class EngineTimeoutError(EngineError):
    """The engine did not answer within the timeout (it was killed)."""


@dataclasses.dataclass(frozen=True)
class Limit:
    """How long to search: any of depth, nodes, time (seconds per move), mate (moves), the
    clocks and increments in seconds (p1time/p2time/p1inc/p2inc) and movestogo."""

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
        parts = []
        for name, key in (("depth", "depth"), ("nodes", "nodes"), ("mate", "mate"), ("movestogo", "movestogo")):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{key} {int(value)}")
        for name, key in (("time", "movetime"), ("p1time", "wtime"), ("p2time", "btime"),
                          ("p1inc", "winc"), ("p2inc", "binc")):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{key} {max(0, round(value * 1000))}")
        return " ".join(parts) if parts else "infinite"

    def time_bound(self, turn: int) -> Optional[float]:
        """The longest this search may take by its own limits, or None if unbounded in time."""
        if self.time is not None:
            return self.time
        clock = self.p1time if turn == 1 else self.p2time
        return clock


@dataclasses.dataclass(frozen=True)
class Score:
    """A score from the side to move: cp (about 100 per unit of advantage) or mate (plies to
    a won (+) or lost (-) end); bound is 'lower', 'upper' or None."""

    cp: Optional[int] = None
    mate: Optional[int] = None
    bound: Optional[str] = None

    def __str__(self) -> str:
        text = f"mate {self.mate}" if self.mate is not None else f"cp {self.cp}"
        return text + (f" ({self.bound}bound)" if self.bound else "")


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
    return Option(text("name") or "", text("type") or "", text("default"), number("min"), number("max"), var)


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


def parse_info(line: str, board: Optional[Board] = None) -> Info:
    """An `info` line as a dictionary: depth, seldepth, multipv, score (Score), wdl, nodes,
    nps, hashfull, time (seconds), pv (moves; checked on `board` when given), string, ..."""
    words = line.split()
    info: Info = {}
    i = 1
    integers = {"depth", "seldepth", "multipv", "nodes", "nps", "hashfull", "tbhits", "currmovenumber"}
    try:
        while i < len(words):
            word = words[i]
            if word == "string":
                info["string"] = " ".join(words[i + 1:])
                break
            if word == "pv":
                tokens = words[i + 1:]
                info["pv"] = _moves_on(board, tokens) if board is not None else [Move(t) for t in tokens]
                break
            if word in integers:
                info[word] = int(words[i + 1])
                i += 2
            elif word == "time":
                info["time"] = int(words[i + 1]) / 1000.0
                i += 2
            elif word == "score":
                kind, value = words[i + 1], int(words[i + 2])
                i += 3
                bound = None
                if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                    bound = words[i][:5]
                    i += 1
                info["score"] = Score(cp=value, bound=bound) if kind == "cp" else Score(mate=value, bound=bound)
            elif word == "wdl":
                info["wdl"] = (int(words[i + 1]), int(words[i + 2]), int(words[i + 3]))
                i += 4
            elif word == "currmove":
                info["currmove"] = Move(words[i + 1])
                i += 2
            else:
                i += 1  # a field we do not know: skip the name
    except (IndexError, ValueError):
        info["garbage"] = True  # an info line that is not the protocol's; what parsed is kept
    return info


def _position_command(board: Board) -> str:
    moves = " ".join(str(m) for m in board.move_stack)
    command = "position fen " + board.root_position_line()
    return command + (" moves " + moves if moves else "")


class Engine:
    """One engine process, driven with asyncio. Create it with `await Engine.popen(...)`."""

    def __init__(self, process: asyncio.subprocess.Process, command: Sequence[str], protocol: str,
                 timeout: float) -> None:
        self._process = process
        self.command = list(command)
        self.protocol = protocol
        self.timeout = timeout
        self.id: Dict[str, str] = {}
        self.options: Dict[str, Option] = {}
        self._lock = asyncio.Lock()
        self._variant: Optional[str] = None
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
        async for line in self._lines_until(lambda l: l == ok, self.timeout, f"'{ok}'"):
            if line.startswith("id "):
                key, _, value = line[3:].partition(" ")
                self.id[key] = value
            elif line.startswith("option "):
                option = parse_option(line)
                self.options[option.name.lower()] = option
        await self.ping()

    async def quit(self) -> None:
        """Sends `quit` and waits for the process to end (killing it after the timeout)."""
        await self.close()

    async def close(self) -> None:
        if self._process.returncode is None:
            try:
                self._send("quit")
            except EngineError:
                pass
            try:
                await asyncio.wait_for(self._process.wait(), min(self.timeout, 5.0))
            except asyncio.TimeoutError:
                self._process.kill()
                await self._process.wait()
        self._finalizer.detach()

    async def __aenter__(self) -> "Engine":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def name(self) -> str:
        return self.id.get("name", self.command[0])

    # -- plumbing ---------------------------------------------------------------

    async def _acquire(self) -> None:
        """The engine for one command; a search still running (an analysis never iterated to
        its end) makes this an error after the timeout, not a wait for ever."""
        try:
            await asyncio.wait_for(self._lock.acquire(), self.timeout)
        except asyncio.TimeoutError:
            raise EngineError(f"engine {self.name!r} is still busy with an earlier search "
                              f"(iterate an analysis to its end, or stop() and wait() it)") from None

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[None]:
        await self._acquire()
        try:
            yield
        finally:
            self._lock.release()

    def _send(self, line: str) -> None:
        stdin = self._process.stdin
        if self._process.returncode is not None or stdin is None or stdin.is_closing():
            raise EngineTerminatedError(f"engine {self.name!r} has exited (sending {line[:80]!r})")
        stdin.write((line + "\n").encode())

    async def _readline(self, timeout: Optional[float], what: str, limit: Optional[float] = None) -> str:
        """One line within `timeout` seconds (`limit`: the whole wait's, for the message)."""
        assert self._process.stdout is not None
        try:
            raw = await asyncio.wait_for(self._process.stdout.readline(), timeout)
        except asyncio.TimeoutError:
            self._process.kill()
            await self._process.wait()
            raise EngineTimeoutError(
                f"engine {self.name!r} did not answer {what} within {limit or timeout:g} s (killed)") from None
        except ValueError as error:  # a line longer than the stream's limit
            raise EngineError(f"engine {self.name!r} wrote an overlong line: {error}") from None
        if not raw:
            code = await self._process.wait()
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

    async def _ready(self) -> None:
        self._send("isready")
        async for _ in self._lines_until(lambda l: l == "readyok", self.timeout, "'readyok'"):
            pass

    # -- options and positions --------------------------------------------------

    async def configure(self, options: Dict[str, Any]) -> None:
        """Sets options (`setoption name N value V`); unknown names are an error."""
        async with self._turn():
            for name, value in options.items():
                if name.lower() not in self.options:
                    raise EngineError(f"engine {self.name!r} has no option {name!r}")
                if isinstance(value, bool):
                    value = "true" if value else "false"
                self._send(f"setoption name {name}" + ("" if value is None else f" value {value}"))
                if name.lower() == "uci_variant":
                    self._variant = str(value)
            await self._ready()

    async def _set_up(self, board: Board) -> None:
        if "uci_variant" in self.options and self._variant != board.variant:
            self._send(f"setoption name UCI_Variant value {board.variant}")
            self._variant = board.variant
        self._send(_position_command(board))

    def _search_timeout(self, board: Board, limit: Optional[Limit], timeout: Optional[float]) -> float:
        if timeout is not None:
            return timeout
        bound = limit.time_bound(board.turn) if limit is not None else None
        return SEARCH_TIMEOUT if bound is None else bound + SEARCH_GRACE

    async def send(self, line: str) -> None:
        """Sends one raw protocol line (for commands this API has no method for)."""
        async with self._turn():
            self._send(line)

    async def query(self, what: str, board: Optional[Board] = None) -> str:
        """Triad's `query <what>` (docs/protocol.md: fen, moves, result, board, ...) on
        `board` if given, else on the engine's current position: the answer's text."""
        async with self._turn():
            if board is not None:
                await self._set_up(board)
            self._send("query " + what)
            errors = []
            async for line in self._lines_until(lambda l: l.startswith("response"), self.timeout, "a query"):
                if line.startswith("info string error"):
                    errors.append(line[len("info string error"):].strip())
            if errors:
                raise EngineError(errors[-1])
            return line[len("response"):].strip()

    # -- searching ---------------------------------------------------------------

    async def analysis(self, board: Board, limit: Optional[Limit] = None, multipv: Optional[int] = None,
                       timeout: Optional[float] = None) -> "AnalysisResult":
        """Starts a search and returns its live `info` lines as an async iterator; `stop()`
        ends it. Without a limit the search runs until stopped (bounded by `timeout`)."""
        await self._acquire()
        try:
            if multipv is not None and "multipv" in self.options:
                self._send(f"setoption name MultiPV value {multipv}")
            await self._set_up(board)
            self._send("go " + (limit.go_arguments() if limit is not None else "infinite"))
        except BaseException:
            self._lock.release()
            raise
        return AnalysisResult(self, board, self._search_timeout(board, limit, timeout))

    async def analyse(self, board: Board, limit: Limit, multipv: Optional[int] = None,
                      info: Optional[Callable[[Info], None]] = None,
                      timeout: Optional[float] = None) -> Union[Info, List[Info]]:
        """Searches `board` to `limit`: the last info of each line (score, pv, depth, nodes,
        time, ...): one dict, or a list of `multipv` dicts (best first) when multipv is given.
        `info` is called with every info line as it arrives."""
        search = await self.analysis(board, limit, multipv, timeout)
        async for line in search:
            if info is not None:
                info(line)
        lines = search.multipv()
        if multipv is None:
            return lines[0] if lines else {}
        return lines[:multipv]

    async def play(self, board: Board, limit: Limit, timeout: Optional[float] = None) -> PlayResult:
        """The engine's move for `board` (checked against the rules)."""
        search = await self.analysis(board, limit, None, timeout)
        async for _ in search:
            pass
        return search.result()

    async def solve(self, board: Board, exact: bool = False, timeout: Optional[float] = SEARCH_TIMEOUT) -> SolveResult:
        """Yin Yang: `go solve [exact]`, the proved winner and margin."""
        await self._acquire()
        try:
            await self._set_up(board)
            self._send("go solve exact" if exact else "go solve")
            solved = None
            error = None
            best = None
            def is_end(line: str) -> bool:  # a refused solve has no bestmove
                return line.startswith("bestmove") or line.startswith("info string error")
            async for line in self._lines_until(is_end, timeout, "'bestmove' of go solve"):
                if line.startswith("info string error"):
                    error = line[len("info string error"):].strip()
                elif " string solved " in line:
                    solved = line.split(" string solved ", 1)[1].split()
                elif line.startswith("bestmove"):
                    best = line.split()[1] if len(line.split()) > 1 else None
        finally:
            self._lock.release()
        if error is not None:
            raise EngineError(error)
        if not solved or len(solved) < 3:
            raise EngineError(f"engine {self.name!r} ended go solve without a 'solved' line")
        winner = 1 if solved[0] == "p1win" else 2
        low, _, high = solved[2].partition("..")
        margin: Union[int, tuple] = (int(low), int(high)) if high else int(low)
        pv = _moves_on(board, solved[4:]) if len(solved) > 3 and solved[3] == "pv" else []
        best_move = _moves_on(board, [best])[0] if best and _moves_on(board, [best]) else None
        return SolveResult(winner, margin, best_move, pv)


class AnalysisResult:
    """The live info lines of one search (async iterator), then its best move (result())."""

    def __init__(self, engine: Engine, board: Board, timeout: float) -> None:
        self._engine = engine
        self._board = board.copy()
        self._timeout = timeout
        self._lines: Dict[int, Info] = {}
        self._errors: List[str] = []
        self._best: Optional[List[str]] = None
        self._last: Info = {}
        self._stopped = False
        self._iterator = self._run()

    def __aiter__(self) -> "AnalysisResult":
        return self

    async def __anext__(self) -> Info:
        return await self._iterator.__anext__()

    async def _run(self) -> AsyncIterator[Info]:
        engine = self._engine
        try:
            async for line in engine._lines_until(lambda l: l.startswith("bestmove"), self._timeout, "'bestmove'"):
                if line.startswith("bestmove"):
                    self._best = line.split()[1:]
                elif line.startswith("info string error"):
                    self._errors.append(line[len("info string error"):].strip())
                elif line.startswith("info"):
                    info = parse_info(line, self._board)
                    self._last = info
                    if "pv" in info:
                        self._lines[info.get("multipv", 1)] = info
                    yield info
        finally:
            engine._lock.release()

    def stop(self) -> None:
        """Ends the search (`stop`); the iterator then ends with the engine's bestmove."""
        if not self._stopped and self._best is None:
            self._stopped = True
            self._engine._send("stop")

    async def wait(self) -> PlayResult:
        async for _ in self:
            pass
        return self.result()

    def multipv(self) -> List[Info]:
        return [self._lines[k] for k in sorted(self._lines)]

    def result(self) -> PlayResult:
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
            raise EngineError(f"engine {self._engine.name!r} played an illegal move {token[:40]!r} in position "
                              f"{self._board.position_line()}: {error}") from None
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

    def __init__(self, loop: asyncio.AbstractEventLoop, thread: threading.Thread, engine: Engine) -> None:
        self._loop = loop
        self._thread = thread
        self.engine = engine

    @classmethod
    def popen(cls, command: Union[str, Sequence[str]], protocol: str = "uci",
              timeout: float = DEFAULT_TIMEOUT) -> "SimpleEngine":
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="triad-engine", daemon=True)
        thread.start()
        try:
            engine = asyncio.run_coroutine_threadsafe(Engine.popen(command, protocol, timeout), loop).result()
        except BaseException:
            loop.call_soon_threadsafe(loop.stop)
            thread.join()
            loop.close()
            raise
        return cls(loop, thread, engine)

    def _run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    @property
    def id(self) -> Dict[str, str]:
        return self.engine.id

    @property
    def options(self) -> Dict[str, Option]:
        return self.engine.options

    @property
    def name(self) -> str:
        return self.engine.name

    def ping(self) -> None:
        self._run(self.engine.ping())

    def configure(self, options: Dict[str, Any]) -> None:
        self._run(self.engine.configure(options))

    def analyse(self, board: Board, limit: Limit, multipv: Optional[int] = None,
                info: Optional[Callable[[Info], None]] = None,
                timeout: Optional[float] = None) -> Union[Info, List[Info]]:
        return self._run(self.engine.analyse(board, limit, multipv, info, timeout))

    def analysis(self, board: Board, limit: Optional[Limit] = None, multipv: Optional[int] = None,
                 timeout: Optional[float] = None) -> "SimpleAnalysisResult":
        return SimpleAnalysisResult(self, self._run(self.engine.analysis(board, limit, multipv, timeout)))

    def play(self, board: Board, limit: Limit, timeout: Optional[float] = None) -> PlayResult:
        return self._run(self.engine.play(board, limit, timeout))

    def send(self, line: str) -> None:
        self._run(self.engine.send(line))

    def query(self, what: str, board: Optional[Board] = None) -> str:
        return self._run(self.engine.query(what, board))

    def solve(self, board: Board, exact: bool = False, timeout: Optional[float] = SEARCH_TIMEOUT) -> SolveResult:
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
        self._simple._loop.call_soon_threadsafe(self._inner.stop)

    def wait(self) -> PlayResult:
        return self._simple._run(self._inner.wait())

    def multipv(self) -> List[Info]:
        return self._inner.multipv()

    def __enter__(self) -> "SimpleAnalysisResult":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.wait()


__all__ = [
    "AnalysisResult", "Engine", "EngineError", "EngineTerminatedError", "EngineTimeoutError", "Info",
    "Limit", "Option", "PlayResult", "Score", "SimpleAnalysisResult", "SimpleEngine", "SolveResult",
    "parse_info", "parse_option",
]
