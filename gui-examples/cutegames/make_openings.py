#!/usr/bin/env python3
"""Writes an openings file for CuteGames (or triad-match): every distinct position reached
after exactly N plies from a variant's start position, one position line per line, as
found with the rules of the triad package (docs/python.md), in-process.

  python3 make_openings.py --variant yinyang --plies 2 > openings-yinyang.txt
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import triad_import  # noqa: E402,F401
import triad  # noqa: E402


def positions_after(board, plies):
    """Position lines of every unfinished position exactly `plies` plies after `board`."""
    found = {}

    def walk(depth):
        if board.is_game_over():
            return
        if depth == plies:
            found.setdefault(board.position_line(), None)  # dict keeps the discovery order
            return
        for move in list(board.legal_moves):
            board.push(move)
            walk(depth + 1)
            board.pop()

    walk(0)
    return list(found)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", required=True, help="variant, e.g. yinyang")
    parser.add_argument("--plies", type=int, default=2, help="plies from the start position (default 2)")
    args = parser.parse_args(argv)
    if args.plies < 0:
        parser.error("--plies must not be negative")
    try:
        for line in positions_after(triad.Board(args.variant), args.plies):
            print(line)
    except triad.TriadError as error:
        print(f"make_openings: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
