"""The blocking engine API (triad.engine's SimpleEngine): the asyncio Engine on an event loop
of its own thread, every method waiting for its coroutine there."""
from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Union

from triad._commands import AnalysisResult, Limit, PlayResult, SolveResult
from triad._dialect import Info, Option
from triad._engine import DEFAULT_TIMEOUT, Engine
from triad._triad import Board


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
