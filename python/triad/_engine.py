"""The asyncio engine client (triad.engine's Engine): one engine process, one command at a time
(a lock), on the transport (_transport), in the engine's dialect (_dialect); a search is a
command of its own (_commands.AnalysisResult)."""
from __future__ import annotations

import asyncio
import contextlib
from typing import (Any, AsyncIterator, Callable, Dict, List, Optional, Sequence, Tuple,
                    Union)

from triad._commands import AnalysisResult, Limit, PlayResult, SolveResult
from triad._dialect import Info, Option, dialect, moves_on, parse_option
from triad._errors import EngineError, EngineTimeoutError
from triad._transport import Transport
from triad._triad import Board

DEFAULT_TIMEOUT = 10.0  # seconds for any reply that needs no search, and for bestmove after stop
SEARCH_GRACE = 5.0  # seconds beyond a search's own time before it counts as hung


class Engine:
    """One engine process, driven with asyncio. Create it with `await Engine.popen(...)`.

    One command runs at a time; a command given while a search is still running (an analysis
    left unfinished) first stops that search and reads its output to `bestmove`."""

    def __init__(self, process: asyncio.subprocess.Process, command: Sequence[str], protocol: str,
                 timeout: float) -> None:
        self.command = list(command)
        self.dialect = dialect(protocol)
        self.timeout = timeout
        self._transport = Transport(process, self.command[0], timeout)
        self.id: Dict[str, str] = {}
        self.options: Dict[str, Option] = {}
        self._lock = asyncio.Lock()
        self._search: Optional[AnalysisResult] = None  # a search whose output is not all read
        self._variant: Optional[str] = None  # the engine's UCI_Variant as we set it (None: unknown)
        # MultiPV: the value configure() set (else the engine's default), and the engine's value
        # now, which a search's own multipv= changes for that search only (None: unknown).
        self._multipv: Optional[str] = None
        self._multipv_now: Optional[str] = None

    @property
    def protocol(self) -> str:
        """'uci' or 'ugi'."""
        return self.dialect.name

    @property
    def _process(self) -> asyncio.subprocess.Process:
        return self._transport.process

    # -- starting and stopping ------------------------------------------------

    @classmethod
    async def popen(cls, command: Union[str, Sequence[str]], protocol: str = "uci",
                    timeout: float = DEFAULT_TIMEOUT) -> "Engine":
        """Starts the engine and runs the handshake (`uci`/`ugi`, then `isready`)."""
        dialect(protocol)  # a protocol it does not know is refused before anything starts
        argv = [command] if isinstance(command, str) else list(command)
        process = await Transport.start(argv)
        engine = cls(process, argv, protocol, timeout)
        try:
            await engine._handshake()
        except BaseException:
            await engine.close()
            raise
        return engine

    async def _handshake(self) -> None:
        self._send(self.dialect.name)
        ok = self.dialect.handshake_ok
        async for line in self._transport.lines_until(lambda text: text == ok, self.timeout,
                                                      f"'{ok}'"):
            if line.startswith("id "):
                key, _, value = line[3:].partition(" ")
                self.id[key] = value
            elif line.startswith("option "):
                option = parse_option(line)
                self.options[option.name.lower()] = option
        self._transport.name = self.name
        if "multipv" in self.options:
            self._multipv = self._multipv_now = self.options["multipv"].default
        await self.ping()

    async def quit(self) -> None:
        """Sends `quit` and waits for the process to end (killing it after the timeout)."""
        await self.close()

    async def close(self) -> None:
        """Sends `quit` and waits for the process to end, killing it after the timeout (at most
        5 s); a no-op once it has ended."""
        await self._transport.close("quit", min(self.timeout, 5.0))

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
                await self._transport.kill()
                raise EngineTimeoutError(f"engine {self.name!r} did not end its search within "
                                         f"{self.timeout:g} s of 'stop' (killed)") from None
        try:
            if self._search is not None:  # also one started while we waited for the lock
                self._search.stop()
                await self._search._drain()
            yield
        finally:
            self._lock.release()

    def _send(self, line: str) -> None:
        self._transport.send(line)

    async def ping(self) -> None:
        """`isready` → `readyok`."""
        async with self._turn():
            await self._ready()

    async def _ready(self) -> List[str]:
        """`isready` → `readyok`: the engine's error messages before it (what the commands
        sent since were refused with)."""
        self._send("isready")
        errors, _ = await self._answer(lambda text: text == "readyok", "'readyok'")
        return errors

    async def _answer(self, is_end: Callable[[str], bool], what: str) -> Tuple[List[str], str]:
        """Reads to the line `is_end` accepts, within the timeout: the engine's error messages
        before it (`info string error`) and that line."""
        errors = []
        async for line in self._transport.lines_until(is_end, self.timeout, what):
            if line.startswith("info string error"):
                errors.append(line[len("info string error"):].strip())
        return errors, line

    # -- options and positions --------------------------------------------------

    async def configure(self, options: Dict[str, Any]) -> None:
        """Sets options (`setoption name N value V`), in order; an unknown name, or a value the
        engine refuses (its `info string error` line: the message), raises EngineError and
        leaves the later options unsent; a value holding a line break or another control
        character raises ValueError (unsent). The values stay for every later search."""
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
        self._send(self.dialect.position_command(board))

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
            errors, line = await self._answer(lambda text: text.startswith("response"), "a query")
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
        pv = moves_on(board, solved[4:]) if len(solved) > 3 and solved[3] == "pv" else []
        return SolveResult(winner, margin, best, pv)
