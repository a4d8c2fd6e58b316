#!/usr/bin/env python3
"""Speed of the python-chess-like parts of the triad package (docs/performance.md, "Python
package"): Board hashing and equality per second, records read from a stream with
read_game against read() of the same file, and triad.svg.board in milliseconds per board. A
benchmark, not a test; every figure is per CPU second of this process.

  PYTHONPATH=build/release/python /usr/bin/python3 python/bench/bench_values.py
"""
import argparse
import io
import os
import random
import tempfile
import time
from typing import Callable, List, Tuple

import triad
from triad import records
import triad.svg

GAMES = ("razzledazzle", "yinyang", "ivesdama")
ROUNDS = 50  # passes over the 2000 boards hashed and compared


def boards(variant: str, count: int, plies: int) -> List[triad.Board]:
    """`count` boards a few random plies into the game (seeded)."""
    rng = random.Random(1)
    out = []
    for _ in range(count):
        board = triad.Board(variant)
        for _ in range(rng.randrange(plies)):
            moves = board.legal_moves
            if not moves:
                break
            board.push(moves[rng.randrange(len(moves))])
        out.append(board)
    return out


def per_second(work: Callable[[], int]) -> float:
    """Operations per CPU second of `work` (which returns how many it did)."""
    start = time.process_time()
    done = work()
    return done / (time.process_time() - start)


def hashing_and_equality(variant: str) -> Tuple[float, float]:
    group = boards(variant, 2000, 20)
    others = [b.copy(stack=False) for b in group]

    def hash_all() -> int:
        for _ in range(ROUNDS):
            for board in group:
                hash(board)
        return ROUNDS * len(group)

    def compare_all() -> int:
        for _ in range(ROUNDS):
            for a, b in zip(group, others):
                _ = a == b
        return ROUNDS * len(group)
    return per_second(hash_all), per_second(compare_all)


def records_file(path: str, games: int) -> None:
    """`games` random Yin Yang games, written as Triad writes records."""
    rng = random.Random(2)
    with open(path, "w") as out:
        for _ in range(games):
            board = triad.Board("yinyang")
            while not board.is_game_over():
                moves = board.legal_moves
                board.push(moves[rng.randrange(len(moves))])
            records.write(records.from_board(board), out)


def reading(path: str) -> Tuple[float, float]:
    def from_file() -> int:
        return sum(1 for _ in records.read(path))

    def from_stream() -> int:
        with open(path) as handle:
            return sum(1 for _ in iter(lambda: records.read_game(handle), None))
    return per_second(from_file), per_second(from_stream)


def svg_milliseconds(variant: str) -> float:
    group = boards(variant, 1000, 20)

    def draw() -> int:
        for board in group:
            triad.svg.board(board, lastmove=board.peek() if board.move_stack else None)
        return len(group)
    return 1000 / per_second(draw)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10000, help="records in the file read")
    args = parser.parse_args()
    print(f"{'game':14} {'hash/s':>10} {'==/s':>10} {'svg ms':>7}")
    for variant in GAMES:
        hashes, equals = hashing_and_equality(variant)
        print(f"{variant:14} {hashes:10,.0f} {equals:10,.0f} {svg_milliseconds(variant):7.2f}")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "games.pgn")
        records_file(path, args.games)
        size = os.path.getsize(path)
        file_rate, stream_rate = reading(path)
        with open(path) as handle:
            text = handle.read()
        text_rate = per_second(lambda: sum(1 for _ in records.read(io.StringIO(text))))
    print(f"records ({args.games} Yin Yang games, {size / 1e6:.1f} MB): read(path) "
          f"{file_rate:,.0f} games/s, read_game(open file) {stream_rate:,.0f} games/s, "
          f"read(io.StringIO) {text_rate:,.0f} games/s")


if __name__ == "__main__":
    main()
