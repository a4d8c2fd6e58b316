"""The engine's process and its lines (triad.engine's transport): starting it, writing a line,
reading a line before a deadline, and ending it. It knows nothing of the protocol; every
failure is an EngineError that names the engine and what was awaited, and an engine that
stops answering is killed (never a hang)."""
from __future__ import annotations

import asyncio
import contextlib
import weakref
from typing import AsyncIterator, Callable, Optional, Sequence

from triad._errors import EngineError, EngineTerminatedError, EngineTimeoutError


class Transport:
    """One engine process with piped input and output. `name` is the engine's name in the
    messages (its command until the handshake tells its `id name`); `timeout` (seconds) bounds
    the wait for the process to exit once its output has closed."""

    def __init__(self, process: asyncio.subprocess.Process, name: str, timeout: float) -> None:
        self.process = process
        self.name = name
        self.timeout = timeout
        self._finalizer = weakref.finalize(self, _kill, process)

    @staticmethod
    async def start(argv: Sequence[str]) -> asyncio.subprocess.Process:
        """Starts the program `argv` with its input and output piped (stderr discarded)."""
        try:
            return await asyncio.create_subprocess_exec(
                *argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL, limit=1 << 20)
        except OSError as error:
            raise EngineError(f"cannot start the engine {argv[0]!r}: {error}") from error

    @property
    def running(self) -> bool:
        """Whether the process has not exited (as far as asyncio has seen)."""
        return self.process.returncode is None

    def send(self, line: str) -> None:
        """Writes one line; EngineTerminatedError if the process has exited, ValueError if the
        text holds a line break or another control character (its second line would reach the
        engine as a command of its own)."""
        if any(ord(c) < 0x20 and c != "\t" for c in line):
            raise ValueError(f"a protocol line cannot hold control characters: {line[:80]!r}")
        stdin = self.process.stdin
        if not self.running or stdin is None or stdin.is_closing():
            raise EngineTerminatedError(
                f"engine {self.name!r} has exited (sending {line[:80]!r})")
        stdin.write((line + "\n").encode())

    async def readline(self, deadline: Optional[float], what: str,
                       limit: Optional[float]) -> str:
        """One line (without its end) read before `deadline` (the event loop's time; None: no
        deadline). `what` is what is awaited and `limit` the whole wait's length in seconds,
        for the message when the engine is late (it is then killed) or has exited."""
        assert self.process.stdout is not None
        loop = asyncio.get_running_loop()
        left = None if deadline is None else max(0.0, deadline - loop.time())
        try:
            raw = await asyncio.wait_for(self.process.stdout.readline(), left)
        except asyncio.TimeoutError:
            await self.kill()
            raise EngineTimeoutError(
                f"engine {self.name!r} did not answer {what} within {limit or left:g} s "
                "(killed)") from None
        except ValueError as error:  # a line longer than the stream's limit
            raise EngineError(f"engine {self.name!r} wrote an overlong line: {error}") from None
        if not raw:
            try:
                code = await asyncio.wait_for(self.process.wait(), self.timeout)
            except asyncio.TimeoutError:  # it closed its output but runs on
                await self.kill()
                raise EngineTerminatedError(
                    f"engine {self.name!r} closed its output while we waited for {what} and "
                    f"did not exit within {self.timeout:g} s (killed)") from None
            raise EngineTerminatedError(
                f"engine {self.name!r} exited with status {code} while we waited for {what}")
        return raw.decode(errors="replace").rstrip("\r\n")

    async def lines_until(self, is_end: Callable[[str], bool], timeout: float,
                          what: str) -> AsyncIterator[str]:
        """The lines up to and including the first that `is_end` accepts, all within
        `timeout` seconds."""
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            line = await self.readline(deadline, what, timeout)
            yield line
            if is_end(line):
                return

    async def kill(self) -> None:
        """Kills the process (if it still runs) and waits for it."""
        if self.running:
            with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
                self.process.kill()
        await self.process.wait()

    async def close(self, goodbye: str, timeout: float) -> None:
        """Sends `goodbye` and waits up to `timeout` seconds for the process to exit, then
        kills it; a no-op once it has ended."""
        if self.running:
            with contextlib.suppress(EngineError):
                self.send(goodbye)
            try:
                await asyncio.wait_for(self.process.wait(), timeout)
            except asyncio.TimeoutError:
                await self.kill()
        self._finalizer.detach()


def _kill(process: asyncio.subprocess.Process) -> None:
    """The last resort of an engine never closed: its process does not outlive the object."""
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
