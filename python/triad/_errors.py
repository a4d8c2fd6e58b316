"""The engine API's errors (triad.engine): every failure of an engine is an EngineError."""
from __future__ import annotations


class EngineError(RuntimeError):
    """The engine refused a command (the message is the engine's own), answered what is not the
    protocol, or played illegally."""


class EngineTerminatedError(EngineError):
    """The engine process exited (crashed, or quit) while it was needed."""


class EngineTimeoutError(EngineError):
    """The engine did not answer within the timeout (it was killed)."""
