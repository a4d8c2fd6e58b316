"""Engine scores (triad.engine): a score or a win/draw/loss estimate from one side's point of
view, and the same with the side it is relative to (PovScore, PovWdl)."""
from __future__ import annotations

import dataclasses
from typing import NamedTuple, Optional


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
