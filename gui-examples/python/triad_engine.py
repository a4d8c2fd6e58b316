"""A small client for the triad engine process (Python standard library only).

Starts `triad`, speaks its UCI/UGI protocol line by line with a timeout on every reply, and
offers the few calls scripts need: variant selection, positions, queries, searches.
Used by triad_analyse.py, referee_example.py and the terminal client.

    with TriadEngine("build/release/triad") as engine:
        start = engine.set_variant("yinyang")
        engine.set_position(start, ["c4b4"])
        print(engine.query("moves"), engine.query("score"))
        best, infos = engine.go("depth 6")
"""

import queue
import subprocess
import threading

DEFAULT_TIMEOUT = 10.0  # seconds to wait for any reply that needs no search


class EngineError(RuntimeError):
    """The engine refused a command, did not answer in time, or exited."""


class RefusedError(EngineError):
    """The engine answered a command with `info string error …` (bad input, engine fine)."""


class TriadEngine:
    """One triad process. Every method waits for the engine's answer (with a timeout)."""

    def __init__(self, path, args=(), mode="uci"):
        try:
            self._process = subprocess.Popen(
                [path, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as error:
            raise EngineError(f"cannot start the engine '{path}': {error}") from error
        self._lines = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.mode = mode
        self.name = "triad"
        self.options = []  # the `option …` lines of the handshake
        self.variant = ""
        self.start_fen = ""
        self._handshake()

    # -- plumbing -------------------------------------------------------------

    def _read(self):
        for line in self._process.stdout:
            self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)  # end of output: the engine exited

    def send(self, line):
        """Sends one protocol line without waiting for anything."""
        try:
            self._process.stdin.write(line + "\n")
            self._process.stdin.flush()
        except (BrokenPipeError, ValueError) as error:
            raise EngineError(f"the engine is gone (sending '{line}')") from error

    def read_until(self, is_end, timeout=DEFAULT_TIMEOUT, on_line=None, what="a reply"):
        """Returns every line up to and including the first for which is_end(line) holds."""
        lines = []
        while True:
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise EngineError(f"the engine did not answer {what} within {timeout:g} s") from None
            if line is None:
                raise EngineError(f"the engine exited while we waited for {what}")
            lines.append(line)
            if on_line:
                on_line(line)
            if is_end(line):
                return lines

    def _handshake(self):
        lines = self.request([self.mode, "isready"], lambda l: l == "readyok", timeout=30)
        for line in lines:
            if line.startswith("id name "):
                self.name = line[len("id name "):]
            elif line.startswith("option "):
                self.options.append(line)
            elif line.startswith("info string variant "):
                self._remember_variant(line)

    def _remember_variant(self, line):
        # info string variant <name> game <game> startpos <position line>
        words = line.split()
        self.variant = words[3]
        if " startpos " in line:
            self.start_fen = line.split(" startpos ", 1)[1].strip()

    def request(self, lines, is_end, timeout=DEFAULT_TIMEOUT, on_line=None):
        for line in lines:
            self.send(line)
        return self.read_until(is_end, timeout, on_line, what=f"'{lines[0]}'")

    # -- the calls scripts use ------------------------------------------------

    def command(self, line, timeout=DEFAULT_TIMEOUT):
        """A command without a reply of its own; raises EngineError if the engine refused it."""
        lines = self.request([line, "isready"], lambda l: l == "readyok", timeout)
        for reply in lines:
            if reply.startswith("info string error"):
                raise RefusedError(reply[len("info string error"):].strip())
        return lines

    def variants(self):
        """The names the engine offers for UCI_Variant."""
        for line in self.options:
            if line.lower().startswith("option name uci_variant "):
                words = line.split()
                return [words[i + 1] for i, word in enumerate(words[:-1]) if word == "var"]
        return []

    def set_option(self, name, value):
        return self.command(f"setoption name {name} value {value}")

    def set_variant(self, variant):
        """Selects a variant and returns its start position line."""
        lines = self.set_option("UCI_Variant", variant)
        announced = [l for l in lines if l.startswith("info string variant ")]
        if announced:
            self._remember_variant(announced[-1])
        else:  # an engine that does not announce the start position
            self.set_position()
            self.start_fen = self.query("fen")
        self.variant = variant
        return self.start_fen

    def new_game(self):
        self.command("ucinewgame")

    def set_position(self, fen=None, moves=()):
        """`position fen … moves …` (start position if fen is None); raises on errors."""
        head = f"position fen {fen}" if fen else "position startpos"
        tail = f" moves {' '.join(moves)}" if moves else ""
        self.command(head + tail)

    def query(self, what):
        """`query <what>` -> the answer after `response `."""
        lines = self.request([f"query {what}"], lambda l: l.startswith("response "))
        return lines[-1][len("response "):]

    def legal_moves(self):
        answer = self.query("moves")
        return [] if answer == "none" else answer.split()

    def go(self, params, on_info=None, timeout=None):
        """Runs `go <params>`; returns (best move, [parsed info dicts])."""
        infos = []

        def collect(line):
            if line.startswith("info ") and not line.startswith("info string"):
                info = parse_info(line)
                infos.append(info)
                if on_info:
                    on_info(info)

        lines = self.request([f"go {params}"], lambda l: l.startswith("bestmove"),
                             timeout=timeout or 3600, on_line=collect)
        for line in lines:
            if line.startswith("info string error"):
                raise RefusedError(line[len("info string error"):].strip())
        words = lines[-1].split()
        return (words[1] if len(words) > 1 else "(none)"), infos

    def close(self):
        if self._process.poll() is None:
            try:
                self.send("quit")
                self._process.stdin.close()
                self._process.wait(timeout=2)
            except (EngineError, subprocess.TimeoutExpired, OSError):
                self._process.kill()
                self._process.wait()
        self._reader.join(timeout=2)  # the reader ends at the closed pipe's end
        for pipe in (self._process.stdin, self._process.stdout):
            if not pipe.closed:
                try:
                    pipe.close()
                except OSError:
                    pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_NUMERIC = {"depth", "seldepth", "multipv", "nodes", "nps", "time", "hashfull", "tbhits",
            "currmovenumber"}


def parse_info(line):
    """Parses a UCI `info` line into a dict (score -> {'cp': x} or {'mate': n}, pv -> list)."""
    words = line.split()[1:]
    info = {}
    i = 0
    while i < len(words):
        key = words[i]
        if key in _NUMERIC and i + 1 < len(words):
            info[key] = int(words[i + 1])
            i += 2
        elif key == "score" and i + 2 < len(words):
            info["score"] = {words[i + 1]: int(words[i + 2])}
            i += 3
            if i < len(words) and words[i] in ("lowerbound", "upperbound"):
                info["score"]["bound"] = words[i]
                i += 1
        elif key == "wdl":
            info["wdl"] = [int(w) for w in words[i + 1:i + 4]]
            i += 4
        elif key == "pv":
            info["pv"] = words[i + 1:]
            break
        else:
            i += 1
    return info
