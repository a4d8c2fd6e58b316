#!/usr/bin/env python3
"""Writes an openings file for CuteGames (or triad-match): every distinct position reached
after exactly N plies from a variant's start position, one position line per line, as
found by asking triad for the legal moves (`query moves`) and the position line (`query fen`).

  python3 make_openings.py --engine ../../build/release/triad --variant yinyang --plies 2 \\
      > openings-yinyang.txt
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from triad_engine import EngineError, TriadEngine  # noqa: E402


def positions_after(engine, start, plies):
    """Position lines of every unfinished position exactly `plies` plies after start."""
    found = {}

    def walk(moves):
        engine.set_position(start, moves)
        if engine.query("gameover") == "true":
            return
        if len(moves) == plies:
            found.setdefault(engine.query("fen"), None)  # dict keeps the discovery order
            return
        for move in engine.legal_moves():
            walk(moves + [move])

    walk([])
    return list(found)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.environ.get("TRIAD_ENGINE", "triad"), help="triad binary")
    parser.add_argument("--variant", required=True, help="variant, e.g. yinyang")
    parser.add_argument("--plies", type=int, default=2, help="plies from the start position (default 2)")
    args = parser.parse_args(argv)
    if args.plies < 0:
        parser.error("--plies must not be negative")
    try:
        with TriadEngine(args.engine) as engine:
            start = engine.set_variant(args.variant)
            for line in positions_after(engine, start, args.plies):
                print(line)
    except EngineError as error:
        print(f"make_openings: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
