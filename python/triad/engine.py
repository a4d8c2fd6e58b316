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

The parts (docs/architecture.md): the process and its lines (_transport), the protocols UCI and
UGI as dialects with their option and info lines (_dialect), scores (_score), a search as a
command with states (_commands), the asyncio client (_engine) and the blocking one (_simple).
"""
from __future__ import annotations

from triad._commands import AnalysisResult, Limit, PlayResult, SearchState, SolveResult
from triad._dialect import UCI, UGI, Dialect, Info, Option, parse_info, parse_option
from triad._engine import DEFAULT_TIMEOUT, SEARCH_GRACE, Engine
from triad._errors import EngineError, EngineTerminatedError, EngineTimeoutError
from triad._score import Cp, Mate, MateGiven, PovScore, PovWdl, Score, Wdl
from triad._simple import SimpleAnalysisResult, SimpleEngine

__all__ = [
    "AnalysisResult", "Cp", "DEFAULT_TIMEOUT", "Dialect", "Engine", "EngineError",
    "EngineTerminatedError", "EngineTimeoutError", "Info", "Limit", "Mate", "MateGiven",
    "Option", "PlayResult", "PovScore", "PovWdl", "SEARCH_GRACE", "Score", "SearchState",
    "SimpleAnalysisResult", "SimpleEngine", "SolveResult", "UCI", "UGI", "Wdl",
    "parse_info", "parse_option",
]
