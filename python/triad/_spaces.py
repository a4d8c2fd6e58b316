"""Gymnasium's spaces for triad.env: gymnasium's own when it can be imported, else these small
stand-ins with the same use — `sample()` (Discrete's with a `mask`), `contains()` / `in`,
`seed()`, `n` (Discrete), `shape` and `dtype`, `spaces` (Dict) — so that an agent written for
Gymnasium runs without it."""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Dict, Mapping, Optional, Tuple

import numpy as np
import numpy.typing as npt


def gymnasium() -> Optional[ModuleType]:
    """The gymnasium module if it can be imported, else None."""
    try:
        return importlib.import_module("gymnasium")
    except ImportError:
        return None


class Space:
    """What the stand-ins share: a shape, a dtype and a seedable generator."""

    def __init__(self, shape: Tuple[int, ...], dtype: Any, seed: Optional[int] = None) -> None:
        self.shape = shape
        self.dtype = np.dtype(dtype) if dtype is not None else None
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> None:
        """Reseeds sample() (the same seed, the same samples)."""
        self.np_random = np.random.default_rng(seed)

    def sample(self) -> Any:
        """A member drawn with np_random."""
        raise NotImplementedError

    def contains(self, x: Any) -> bool:
        """Whether `x` is a member of the space."""
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)


class Discrete(Space):
    """The integers start, ..., start + n - 1."""

    def __init__(self, n: int, seed: Optional[int] = None, start: int = 0) -> None:
        if n <= 0:
            raise ValueError(f"a Discrete space needs n > 0, not {n}")
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = int(start)

    def sample(self, mask: Optional[npt.NDArray[np.int8]] = None) -> Any:
        """A member drawn uniformly; with `mask` (n int8, 1 = allowed, as Gymnasium's) one of
        the allowed ones, or `start` when none is allowed."""
        if mask is None:
            return self.start + int(self.np_random.integers(self.n))
        allowed = np.flatnonzero(np.asarray(mask) == 1)
        if len(mask) != self.n:
            raise ValueError(f"the mask has {len(mask)} entries, not n = {self.n}")
        if len(allowed) == 0:
            return self.start
        return self.start + int(allowed[self.np_random.integers(len(allowed))])

    def contains(self, x: Any) -> bool:
        """Whether `x` is an integer of the space (a Python or numpy integer)."""
        if isinstance(x, (bool, np.bool_)) or not isinstance(x, (int, np.integer)):
            return False
        return self.start <= int(x) < self.start + self.n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)

    def __repr__(self) -> str:
        start = f", start={self.start}" if self.start else ""
        return f"Discrete({self.n}{start})"


class Box(Space):
    """Arrays of `shape` and `dtype` with every entry between `low` and `high`."""

    def __init__(self, low: float, high: float, shape: Tuple[int, ...], dtype: Any = np.float32,
                 seed: Optional[int] = None) -> None:
        super().__init__(tuple(int(d) for d in shape), dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)

    def sample(self) -> npt.NDArray[Any]:
        """An array drawn uniformly between low and high (integers: low to high inclusive)."""
        assert self.dtype is not None
        if np.issubdtype(self.dtype, np.integer):
            drawn = self.np_random.integers(self.low, self.high, endpoint=True)
            return np.asarray(drawn, dtype=self.dtype)
        return self.np_random.uniform(self.low, self.high).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        """Whether `x` is an array of the shape, of a dtype that casts to the space's, with
        every entry within bounds."""
        assert self.dtype is not None
        if not isinstance(x, np.ndarray) or x.shape != self.shape:
            return False
        if not np.can_cast(x.dtype, self.dtype):
            return False
        return bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Box) and self.shape == other.shape
                and self.dtype == other.dtype and np.array_equal(self.low, other.low)
                and np.array_equal(self.high, other.high))

    def __repr__(self) -> str:
        return f"Box({self.low.min()}, {self.high.max()}, {self.shape}, {self.dtype})"


class DictSpace(Space):
    """Dictionaries with the given keys, each value a member of its space (gymnasium's
    Dict)."""

    def __init__(self, spaces: Mapping[str, Space], seed: Optional[int] = None) -> None:
        super().__init__((), None, seed)
        self.spaces: Dict[str, Space] = dict(spaces)

    def seed(self, seed: Optional[int] = None) -> None:
        """Reseeds every space's samples."""
        for offset, space in enumerate(self.spaces.values()):
            space.seed(None if seed is None else seed + offset)

    def sample(self) -> Dict[str, Any]:
        """A sample of each space."""
        return {key: space.sample() for key, space in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        """Whether `x` is a dict of the same keys with each value in its space."""
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(space.contains(x[key]) for key, space in self.spaces.items()))

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DictSpace) and self.spaces == other.spaces

    def __repr__(self) -> str:
        return "Dict(" + ", ".join(f"{k!r}: {v!r}" for k, v in self.spaces.items()) + ")"


def spaces_module() -> Any:
    """gymnasium.spaces when gymnasium can be imported, else this module's stand-ins (with
    Dict as DictSpace)."""
    module = gymnasium()
    if module is not None:
        return module.spaces
    return _StandIns


class _StandIns:
    """This module's spaces under gymnasium.spaces' names."""

    Discrete = Discrete
    Box = Box
    Dict = DictSpace
