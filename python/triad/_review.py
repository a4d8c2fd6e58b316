"""Game review in Python (triad.review, docs/analysis.md "Game review"): `review()` runs
Triad's reviewer, `triad-analyse -review`, on game records and returns every move judged
(MoveReview) and each game's accuracies (GameReview), with the fields of the review's JSON
lines. Scores are from Player 1's point of view, {"cp": N} or {"mate": N, "mate_plies": P}
with the mate in moves as `engine.analyse` and UCI's `score mate N` count it, and in plies
(positive: Player 1 wins), or a known result {"proven": "1-0", "by": "table"} ("solver",
"engine"); `loss` is the expected score (0..1) the mover gave away."""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import subprocess
import tempfile
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from triad._programs import find_program
from triad.engine import Limit
from triad.records import Record, write

CLASSES = ("best", "excellent", "good", "inaccuracy", "mistake", "blunder")


class ReviewError(RuntimeError):
    """triad-analyse refused the input or the settings, or failed (its message)."""


@dataclasses.dataclass(frozen=True)
class MoveReview:
    """One move judged: `ply` (0-based), `player` (1 or 2) who played `move`; the engine's
    `best` move and line `pv`; `before` (best play) and `played` (the played move, searched
    alone) from Player 1's point of view; `loss` in expected score; `p1_expected_before` and
    `p1_expected` Player 1's expected score (0..1) before and after the move, the curve the
    classes are measured on; `classification` (one of
    CLASSES; "class" in the JSON); `only_move`; `exact` the proven results before and after
    the move ("1-0", "0-1", "1/2-1/2") where a solver reaches them; `error` when the engine
    failed on this move (then nothing else is judged)."""

    game: int
    ply: int
    player: int
    move: str
    best: str = ""
    pv: List[str] = dataclasses.field(default_factory=list)
    before: Dict[str, Any] = dataclasses.field(default_factory=dict)
    played: Dict[str, Any] = dataclasses.field(default_factory=dict)
    loss: float = 0.0
    p1_expected_before: float = 0.5
    p1_expected: float = 0.5
    classification: str = ""
    only_move: bool = False
    exact: Optional[Dict[str, str]] = None
    position: str = ""
    error: Optional[str] = None


@dataclasses.dataclass(frozen=True)
class GameReview:
    """A game's review: its moves in order and each player's accuracy in percent (None for
    a player without a judged move), the counts of inaccuracies, mistakes and blunders per
    player ([Player 1, Player 2]), and the game's `result` ("1-0", "0-1", "1/2-1/2") when
    it ended (None otherwise)."""

    game: int
    moves: List[MoveReview]
    accuracy: Dict[str, Optional[float]]
    counts: Dict[str, List[int]]
    result: Optional[str] = None


def _analyser(engine: Optional[Union[str, Sequence[str]]]) -> str:
    """triad-analyse beside the engine program when there is one, else in PATH."""
    if engine:
        program = pathlib.Path(engine if isinstance(engine, str) else engine[0])
        beside = program.parent / "triad-analyse"
        if program.parent != pathlib.Path(".") and beside.is_file():
            return str(beside)
    found = find_program("triad-analyse")
    if not found:
        raise ReviewError("triad-analyse is not found (give analyser=PATH, or put it in PATH)")
    return found


def _limit_arguments(limit: Limit) -> List[str]:
    words = []
    if limit.depth is not None:
        words += ["-depth", str(int(limit.depth))]
    if limit.nodes is not None:
        words += ["-nodes", str(int(limit.nodes))]
    if limit.time is not None:
        # A positive time is at least 1 ms; no time at all is refused, not made 1 ms.
        if limit.time <= 0:
            raise ValueError(f"a review's time limit must be positive, not {limit.time}")
        words += ["-movetime", str(max(1, round(limit.time * 1000)))]
    if not words:
        raise ValueError("a review needs a depth, nodes or time limit")
    return words


def review(records: Union[str, os.PathLike, Record, Sequence[Record]], limit: Limit, *,
           engine: Optional[Union[str, Sequence[str]]] = None,
           options: Optional[Dict[str, object]] = None, variant: Optional[str] = None,
           annotate: Optional[Union[str, os.PathLike]] = None, concurrency: int = 1,
           tables: Optional[Union[str, os.PathLike]] = None,
           analyser: Optional[str] = None) -> List[GameReview]:
    """Reviews every game of `records` (a records file's path, Record objects, or a file of
    position lines with `moves ...`) with `engine` (a command; Triad's `triad` beside
    triad-analyse by default) at `limit` (depth, nodes or time per search), its `options`
    (e.g. {"Threads": 1}), `concurrency` engines at once. `variant` is that of position
    lines and of records without a Variant tag; `annotate` writes the annotated records
    there; `tables` is a folder of Íves dáma endgame tables that decide the moves inside
    them (triad-analyse -tb). Raises ReviewError with triad-analyse's message (an illegal
    move names the game and ply) and ValueError for a limit without depth, nodes or time, or
    with a time that is not positive."""
    program = analyser or _analyser(engine)
    with tempfile.TemporaryDirectory(prefix="triad-review-") as folder:
        if isinstance(records, (str, os.PathLike)):
            source = str(records)
        else:
            source = os.path.join(folder, "games.pgn")
            games = [records] if isinstance(records, Record) else list(records)
            with open(source, "w", encoding="utf-8") as out:
                out.write("".join(write(game) for game in games))
        words = [program, "-review", "-quiet", "-concurrency", str(concurrency)]
        words += _limit_arguments(limit)
        if variant:
            words += ["-variant", variant]
        if engine or options:
            words.append("-engine")
            if engine:
                command = [engine] if isinstance(engine, str) else list(engine)
                words.append(f"cmd={command[0]}")
                words += [f"arg={a}" for a in command[1:]]
            words += [f"option.{name}={value}" for name, value in (options or {}).items()]
        if annotate is not None:
            words += ["-annotate", str(annotate)]
        if tables is not None:
            words += ["-tb", str(tables)]
        words += ["-output", os.path.join(folder, "review.jsonl"), source]
        done = subprocess.run(words, capture_output=True, text=True)
        if done.returncode != 0:
            message = done.stderr.strip().splitlines()
            raise ReviewError(message[-1] if message else f"triad-analyse exited with "
                              f"{done.returncode}")
        with open(os.path.join(folder, "review.jsonl"), encoding="utf-8") as lines:
            return _games(json.loads(line) for line in lines if line.strip())


def _games(lines: Iterable[Dict[str, Any]]) -> List[GameReview]:
    games: List[GameReview] = []
    moves: List[MoveReview] = []
    for line in lines:
        if line.get("summary"):
            games.append(GameReview(line["game"], moves, dict(line["accuracy"]),
                                    {k: list(v) for k, v in line["counts"].items()},
                                    line.get("result")))
            moves = []
            continue
        moves.append(MoveReview(
            game=line["game"], ply=line["ply"], player=line["player"], move=line["move"],
            best=line.get("best", ""), pv=list(line.get("pv", [])),
            before=dict(line.get("before", {})), played=dict(line.get("played", {})),
            loss=float(line.get("loss", 0.0)),
            p1_expected_before=float(line.get("p1_expected_before", 0.5)),
            p1_expected=float(line.get("p1_expected", 0.5)), classification=line.get("class", ""),
            only_move=bool(line.get("only_move", False)), exact=line.get("exact"),
            position=line["position"], error=line.get("error")))
    return games
