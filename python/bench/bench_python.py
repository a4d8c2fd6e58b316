#!/usr/bin/env python3
"""Speed of the triad package (docs/performance.md, "Python package"): random playouts driven
from Python move by move (legal_moves + push per ply) and through the batch call
(Board.random_playouts), the vectorised environment in steps/s, and perft from Python
against `go perft` of the engine. A benchmark, not a test; every figure is per CPU second
(process or child CPU time), so other load on the machine counts little.

  PYTHONPATH=build/release/python /usr/bin/python3 python/bench/bench_python.py \\
      --engine build/release/triad
"""
import argparse
import random
import resource
import subprocess
import time

import triad

GAMES = ("razzledazzle", "yinyang", "ivesdama")
PERFT = {"razzledazzle": 6, "yinyang": 9, "ivesdama": 14}


def per_move_playouts(variant: str, seconds: float) -> float:
    rng = random.Random(1)
    plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        board = triad.Board(variant)
        for _ in range(300):
            moves = board.legal_moves
            n = len(moves)
            if n == 0:
                break
            board.push(moves[rng.randrange(n)])
            plies += 1
    return plies / (time.process_time() - start)


def batch_playouts(variant: str, games: int) -> float:
    board = triad.Board(variant)
    start = time.process_time()
    plies = board.random_playouts(games, max_plies=300, seed=1)
    return plies / (time.process_time() - start)


def vec_env_steps(variant: str, envs: int, steps: int) -> float:
    env = triad.VecEnv(variant, envs)
    env.reset()
    env.sample_actions(seed=1)
    start = time.process_time()
    for _ in range(steps):
        env.step(env.sample_actions())
    return envs * steps / (time.process_time() - start)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def engine_perft_seconds(engine: str, variant: str, depth: int) -> float:
    """CPU seconds of `go perft` in the engine (minus its start-up, a depth-1 run): CPU time,
    so that other load on the machine does not count."""
    def run(d: int) -> float:
        before = children_cpu()
        subprocess.run([engine, "--variant", variant, f"go perft {d}"], check=True,
                       capture_output=True)
        return children_cpu() - before
    return min(run(depth) for _ in range(3)) - min(run(1) for _ in range(3))


def python_perft_seconds(variant: str, depth: int) -> float:
    """CPU seconds of Board.perft (the best of 3)."""
    board = triad.Board(variant)
    took = []
    for _ in range(3):
        start = time.process_time()
        board.perft(depth)
        took.append(time.process_time() - start)
    return min(took)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="build/release/triad",
                        help="the triad binary, for go perft")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per per-move measurement")
    args = parser.parse_args()
    print(f"{'game':14} {'per-move moves/s':>17} {'batch moves/s':>14} {'VecEnv(256) steps/s':>20} "
          f"{'perft':>6} {'Python s':>9} {'go perft s':>10} {'ratio':>6}")
    for variant in GAMES:
        per_move = per_move_playouts(variant, args.seconds)
        batch = batch_playouts(variant, 2000)
        steps = vec_env_steps(variant, 256, 100)
        depth = PERFT[variant]
        py_s = python_perft_seconds(variant, depth)
        cpp_s = engine_perft_seconds(args.engine, variant, depth)
        print(f"{variant:14} {per_move:17,.0f} {batch:14,.0f} {steps:20,.0f} {depth:6} {py_s:9.3f} "
              f"{cpp_s:10.3f} {py_s / cpp_s:6.2f}")


if __name__ == "__main__":
    main()
