"""Engine scores (triad.engine), spelled as python-chess spells them: a score from one side's
point of view is `Cp(n)` or `Mate(moves)` (`MateGiven` once the side has won), read with
`score(mate_score=)`, `mate()` and `is_mate()`, ordered from the worst (mated now) to the best;
a win/draw/loss estimate is `Wdl`; `PovScore` and `PovWdl` add the side they are relative to.

The old spelling, `.cp` and `.mate` as attributes (numbers or None), works for one release
with a DeprecationWarning: the attribute is a _Deprecated value that warns when it is used as
a number and, for `.mate`, returns the number without a warning when called."""
from __future__ import annotations

import warnings
from typing import Any, Callable, Generic, NamedTuple, Optional, Tuple, Type, TypeVar


class _Deprecated:
    """The old attribute `name`'s value (an int or None), which warns when used as one; a call
    is `replacement`'s spelling (no warning) unless `replacement` is not a call of it."""

    __slots__ = ("_value", "_name", "_replacement", "_callable")

    def __init__(self, value: Optional[int], name: str, replacement: str,
                 callable_spelling: bool) -> None:
        self._value = value
        self._name = name
        self._replacement = replacement
        self._callable = callable_spelling

    def _warned(self) -> Optional[int]:
        warnings.warn(f"Score.{self._name} as an attribute is deprecated: use "
                      f"{self._replacement}", DeprecationWarning, stacklevel=3)
        return self._value

    def __call__(self) -> Optional[int]:
        return self._value if self._callable else self._warned()

    def __repr__(self) -> str:
        return repr(self._value)


def _forward(operator: str) -> Callable[..., Any]:
    def method(self: _Deprecated, *args: Any) -> Any:
        return getattr(self._warned(), operator)(*args)
    method.__name__ = operator
    return method


# The old values are used as numbers (compared, printed, computed with) and tested for None
# with ==/!= or truth (`x is None` cannot be caught: docs/python.md says to call mate()).
for _operator in ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__",
                  "__bool__", "__int__", "__float__", "__index__", "__str__", "__format__",
                  "__neg__", "__pos__", "__abs__", "__add__", "__radd__", "__sub__", "__rsub__",
                  "__mul__", "__rmul__", "__truediv__", "__rtruediv__", "__floordiv__",
                  "__rfloordiv__", "__mod__", "__round__"):
    setattr(_Deprecated, _operator, _forward(_operator))


class Score:
    """A score from one side's point of view: Cp (about 100 per unit of advantage; Yin Yang:
    per point of final score), Mate or MateGiven. Mates count moves as UCI does, whatever
    the protocol: Mate(n), n > 0, this side wins on its n-th move from here; Mate(-n), it
    loses on the opponent's n-th move; Mate(0), it has lost (a UGI engine's plies p are
    (p + 1) // 2 moves). `bound`: 'lower' or 'upper' when the true score is at least or at
    most this one, else None. `-score` is the other side's view. `Score(cp=n)` and
    `Score(mate=n)` make a Cp and a Mate."""

    __slots__ = ("bound", "_number")
    bound: Optional[str]
    _number: int  # Cp: the cp score; Mate: the moves

    # Made by __new__ alone (no __init__), so that Score(...) can return a Cp or a Mate.
    def __new__(cls, cp: Optional[int] = None, mate: Optional[int] = None,
                bound: Optional[str] = None) -> "Score":
        if (cp is None) == (mate is None):
            raise ValueError("a Score is either cp=n or mate=n")
        return Cp(cp, bound) if cp is not None else Mate(mate or 0, bound)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The cp score; for a mate, None, or with `mate_score` given: mate_score minus the
        moves to the win (a loss: its negation)."""
        raise NotImplementedError

    @property
    def mate(self) -> Any:
        """Call it: `mate()` is the moves to the mate (negative: this side is mated; 0: mated
        now), None for a cp score. (Deprecated: used as a number without the call.)"""
        return _Deprecated(self._mate(), "mate", "mate()", True)

    def _mate(self) -> Optional[int]:
        raise NotImplementedError

    def is_mate(self) -> bool:
        """Whether this is a mate score (a forced end of the game), not a cp one."""
        return self._mate() is not None

    def _order(self) -> Tuple[int, int]:
        """The key of the order, from the worst score to the best."""
        raise NotImplementedError

    def _flipped_bound(self) -> Optional[str]:
        return {"lower": "upper", "upper": "lower"}.get(self.bound or "")

    def __neg__(self) -> "Score":
        raise NotImplementedError

    def __pos__(self) -> "Score":
        return self

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return (self._order(), self.bound) == (other._order(), other.bound)

    def __hash__(self) -> int:
        return hash((self._order(), self.bound))

    def __lt__(self, other: "Score") -> bool:
        return self._order() < other._order()

    def __le__(self, other: "Score") -> bool:
        return self._order() <= other._order()

    def __gt__(self, other: "Score") -> bool:
        return self._order() > other._order()

    def __ge__(self, other: "Score") -> bool:
        return self._order() >= other._order()

    def _text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self._text() + (f" ({self.bound}bound)" if self.bound else "")

    @property
    def cp(self) -> Any:
        """Deprecated: the cp score as an attribute (None for a mate); use score()."""
        return _Deprecated(self.score(), "cp", "score()", False)


_Made = TypeVar("_Made", bound="Score")


def _made(cls: Type[_Made], number: int, bound: Optional[str]) -> _Made:
    """A new score of class `cls` (made without __init__: see Score.__new__)."""
    score = object.__new__(cls)
    score._number, score.bound = number, bound
    return score


class Cp(Score):
    """A centipawn-like score: `Cp(35)`."""

    __slots__ = ()

    def __new__(cls, cp: int, bound: Optional[str] = None) -> "Cp":
        return _made(cls, int(cp), bound)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """The cp score."""
        return self._number

    def _mate(self) -> Optional[int]:
        return None

    def _order(self) -> Tuple[int, int]:
        return (0, self._number)

    def __neg__(self) -> "Score":
        return Cp(-self._number, self._flipped_bound())

    def __repr__(self) -> str:
        bound = "" if self.bound is None else f", {self.bound!r}"
        return f"Cp({self._number}{bound})"

    def _text(self) -> str:
        return f"cp {self._number}"


class Mate(Score):
    """A forced end in `moves` moves: +n this side wins on its n-th move, -n it loses on the
    opponent's n-th move, 0 it has lost (-MateGiven)."""

    __slots__ = ()

    def __new__(cls, moves: int, bound: Optional[str] = None) -> "Mate":
        return _made(cls, int(moves), bound)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """None, or with `mate_score`: mate_score - moves for a win, -mate_score - moves for a
        loss (so a nearer win is higher and a nearer loss lower)."""
        if mate_score is None:
            return None
        return mate_score - self._number if self._number > 0 else -mate_score - self._number

    def _mate(self) -> Optional[int]:
        return self._number

    def _order(self) -> Tuple[int, int]:
        # Wins above every cp score, the nearest highest; losses below, the nearest lowest.
        return (1, -self._number) if self._number > 0 else (-1, -self._number)

    def __neg__(self) -> "Score":
        if self._number == 0:
            return MateGiven(self._flipped_bound())
        return Mate(-self._number, self._flipped_bound())

    def __repr__(self) -> str:
        moves = "-0" if self._number == 0 else str(self._number)
        return f"Mate({moves})" if self.bound is None else f"Mate({moves}, {self.bound!r})"

    def _text(self) -> str:
        return f"mate {self._number}"


class MateGiven(Score):
    """The win of a side that has already mated (the other side's Mate(0)); the best score."""

    __slots__ = ()

    def __new__(cls, bound: Optional[str] = None) -> "MateGiven":
        return _made(cls, 0, bound)

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        """None, or `mate_score` when given."""
        return mate_score

    def _mate(self) -> Optional[int]:
        return 0

    def _order(self) -> Tuple[int, int]:
        return (2, 0)

    def __neg__(self) -> "Score":
        return Mate(0, self._flipped_bound())

    def __repr__(self) -> str:
        return "MateGiven" if self.bound is None else f"MateGiven({self.bound!r})"

    def _text(self) -> str:
        return "mate 0 (given)"


def _player_view(turn: Optional[int], player: int) -> bool:
    """Whether `player` is the side to move `turn` (False: the other one)."""
    if player not in (1, 2):
        raise ValueError(f"player must be 1 or 2, not {player!r}")
    if turn is None:
        raise ValueError("the side to move is not known (parse_info was given no board)")
    return player == turn


_Value = TypeVar("_Value", "Score", "Wdl")


class _Pov(Generic[_Value]):
    """A value from the side to move's point of view (`relative`, negated for the other side)
    and that side (`turn`, 1 or 2, None if unknown): either player's view of it."""

    __slots__ = ("relative", "turn")

    relative: _Value

    def __init__(self, relative: _Value, turn: Optional[int]) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, player: int) -> _Value:
        """The value from `player`'s point of view (1 or 2)."""
        return self.relative if _player_view(self.turn, player) else -self.relative

    def p1(self) -> _Value:
        """The value from Player 1's point of view (python-chess's white())."""
        return self.pov(1)

    def p2(self) -> _Value:
        """The value from Player 2's point of view (python-chess's black())."""
        return self.pov(2)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Pov) or type(other) is not type(self):
            return NotImplemented
        return (self.relative, self.turn) == (other.relative, other.turn)

    def __hash__(self) -> int:
        return hash((self.relative, self.turn))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.relative!r}, {self.turn!r})"


class PovScore(_Pov[Score]):
    """An engine's score and the side it is relative to: `relative` is the side to move's
    Score (`turn`, 1 or 2, None if unknown), `pov(player)` either player's, `p1()` and `p2()`
    (python-chess's white() and black()). `is_mate()`, `bound` and `str()` are the relative
    score's."""

    __slots__ = ()

    def is_mate(self) -> bool:
        """Whether this is a mate score."""
        return self.relative.is_mate()

    @property
    def cp(self) -> Any:
        """Deprecated: the side to move's cp score as an attribute; use relative.score()."""
        return self.relative.cp

    @property
    def mate(self) -> Any:
        """Deprecated: the side to move's mate as an attribute; use relative.mate()."""
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

    def _share(self, part: float) -> float:
        total = self.total()
        if total <= 0:
            raise ValueError("a win/draw/loss estimate with no weight has no expectation")
        return part / total

    def winning_chance(self) -> float:
        """The share of wins, 0 to 1."""
        return self._share(self.wins)

    def drawing_chance(self) -> float:
        """The share of draws, 0 to 1."""
        return self._share(self.draws)

    def losing_chance(self) -> float:
        """The share of losses, 0 to 1."""
        return self._share(self.losses)

    def expectation(self) -> float:
        """The expected score, 0 (loss) to 1 (win), a draw counting one half."""
        return self._share(self.wins + 0.5 * self.draws)

    def __neg__(self) -> "Wdl":
        return Wdl(self.losses, self.draws, self.wins)

    def __pos__(self) -> "Wdl":
        return self


class PovWdl(_Pov[Wdl]):
    """A win/draw/loss estimate and the side it is relative to, as PovScore."""

    __slots__ = ()

    def expectation(self) -> float:
        """The side to move's expected score (Wdl.expectation of `relative`)."""
        return self.relative.expectation()
