#!/usr/bin/env python3
"""Íves dáma endgame tables in real games (docs/performance.md, "Íves dáma endgame tables on
disk"): what the game records of a match say about the tables. A measurement, not a test.

  reach RECORDS...             the share of positions with at most 6 / 8 / 10 stones
  changes RECORDS --tables DIR every move that changed a table value (a won table position
                               given away, a draw turned into a loss), by the engine that
                               played it (the records' Player1 / Player2 tags)
  frontier --tables DIR [RECORDS] [--seconds S] [--engine CMD]
                               without RECORDS: a search of the start position with the
                               tables; with them: in each decisive game that entered the
                               tables already decided, walking back from the first table
                               position, the earliest position of the unbroken run of
                               searches (S seconds each) that prove the result (a mate score)

  PYTHONPATH=build/release/python /usr/bin/python3 python/bench/table_games.py \\
      changes forward.pgn --tables tables/ivesdama-forward

The variant is each record's Variant tag (ivesdama when it has none); --variant sets the
variant of `frontier` without records.
"""
import argparse
import collections
from typing import Dict, Iterator, List, Optional, Tuple

import triad
import triad.records
from triad.engine import Limit, SimpleEngine

LIMITS = (6, 8, 10)


def stones(board: triad.Board) -> int:
    return sum(ch.isalpha() for ch in board.position_line().split()[0])


def games(paths: List[str]) -> Iterator[Tuple[triad.records.Record, List[triad.Board]]]:
    """Each record with its positions, the first one to the last."""
    for path in paths:
        for record in triad.records.read(path):
            board = triad.Board(record.tags.get("Variant", "ivesdama"))
            if "FEN" in record.tags:
                board.set_position(record.tags["FEN"])
            positions = [board.copy()]
            for move in record.moves:
                board.push(move)
                positions.append(board.copy())
            yield record, positions


def reach(paths: List[str]) -> None:
    positions = 0
    within: Dict[int, int] = collections.Counter()
    reaching: Dict[int, int] = collections.Counter()
    count = 0
    for _, boards in games(paths):
        count += 1
        sizes = [stones(b) for b in boards]
        positions += len(sizes)
        for n in LIMITS:
            within[n] += sum(s <= n for s in sizes)
            reaching[n] += min(sizes) <= n
    print(f"{count} games, {positions} positions")
    for n in LIMITS:
        print(f"  <= {n:2} stones: {within[n]} positions ({100 * within[n] / positions:.1f} %), "
              f"reached in {reaching[n]} games ({100 * reaching[n] / count:.1f} %)")


def value_p1(tables: triad.Tables, board: triad.Board) -> Optional[int]:
    """The table value from Player 1's view (1, 0, -1), or None outside the tables."""
    if board.is_game_over():
        return None
    probed = tables.probe(board)
    if probed is None:
        return None
    value = {"win": 1, "draw": 0, "loss": -1}[probed[0]]
    return value if board.turn == 1 else -value


def changes(paths: List[str], tables_dir: str) -> None:
    opened: Dict[str, triad.Tables] = {}
    worse: Dict[Tuple[str, str], int] = collections.Counter()  # (engine, "win->draw") -> moves
    entered: Dict[str, int] = collections.Counter()  # decisive games' first table value
    for record, boards in games(paths):
        variant = record.tags.get("Variant", "ivesdama")
        tables = opened.setdefault(variant, triad.Tables(tables_dir, variant))
        names = {1: record.tags.get("Player1", "?"), 2: record.tags.get("Player2", "?")}
        before: Optional[int] = None
        first: Optional[int] = None
        for ply in range(1, len(boards)):
            value = value_p1(tables, boards[ply])
            if value is None:
                continue
            if first is None:
                first = value
            mover = boards[ply - 1].turn
            if before is not None and value != before:
                mine = (before, value) if mover == 1 else (-before, -value)
                label = {1: "win", 0: "draw", -1: "loss"}
                worse[(names[mover], f"{label[mine[0]]}->{label[mine[1]]}")] += 1
            before = value
        if record.result in ("1-0", "0-1"):
            entered["decided" if first not in (None, 0) else "not decided" if first == 0
                    else "no table position"] += 1
    for (name, what), n in sorted(worse.items()):
        print(f"{name}: {what} {n}")
    print("decisive games whose first table position was:", dict(entered))


def frontier(paths: List[str], tables_dir: str, variant: str, seconds: float,
             command: str) -> None:
    engine = SimpleEngine.popen([command])
    engine.configure({"TablePath": tables_dir, "Hash": 256, "Threads": 1})
    try:
        if not paths:
            engine.configure({"UCI_Variant": variant})
            info = engine.analyse(triad.Board(variant), Limit(time=seconds))
            assert isinstance(info, dict)  # one line (no MultiPV)
            print(variant, "start:", {k: str(v) for k, v in info.items()
                                      if k in ("depth", "seldepth", "score", "nodes", "tbhits")})
            return
        opened: Dict[str, triad.Tables] = {}
        for number, (record, boards) in enumerate(games(paths), 1):
            if record.result not in ("1-0", "0-1"):
                continue
            variant = boards[0].variant
            engine.configure({"UCI_Variant": variant})
            tables = opened.setdefault(variant, triad.Tables(tables_dir, variant))
            first = next((i for i, b in enumerate(boards) if value_p1(tables, b) is not None),
                         None)
            if first is None or value_p1(tables, boards[first]) == 0:
                continue
            proved, misses = None, 0
            for ply in range(first, -1, -1):
                # The position alone: with the moves before it, a table win that a repetition
                # might cut short is not scored as a mate (docs/tables.md).
                alone = triad.Board(variant)
                alone.set_position(boards[ply].position_line())
                info = engine.analyse(alone, Limit(time=seconds))
                assert isinstance(info, dict)  # one line (no MultiPV)
                if info["score"].is_mate():
                    proved, misses = ply, 0
                else:
                    misses += 1
                    if misses == 4:
                        break
            where = f"ply {proved} ({stones(boards[proved])} stones)" if proved is not None \
                else "none"
            print(f"game {number} {record.result}: first table position at ply {first} "
                  f"({stones(boards[first])} stones); earliest proved: {where}")
    finally:
        engine.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("what", choices=("reach", "changes", "frontier"))
    parser.add_argument("records", nargs="*", help="game records (PGN-style, docs/notation.md)")
    parser.add_argument("--tables", help="the folder of one variant's table files")
    parser.add_argument("--variant", default="ivesdama")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--engine", default="triad", help="the engine command (frontier)")
    args = parser.parse_args()
    if args.what != "reach" and not args.tables:
        parser.error(f"{args.what} needs --tables DIR")
    if args.what == "reach":
        reach(args.records)
    elif args.what == "changes":
        changes(args.records, args.tables)
    else:
        frontier(args.records, args.tables, args.variant, args.seconds, args.engine)


if __name__ == "__main__":
    main()
