#!/usr/bin/env python3
"""Uses triad as a referee: a script that knows no rules runs a game between two players.

The players here pick random moves (player 1 first tries one illegal move, to show how the
referee refuses it). Each proposed move is checked with `query islegal`; the game state
comes from `query turn`, `query gameover`, `query result`, `query reason`, `query score`.
The engine is driven by the triad package's engine API (docs/python.md); the board it is
asked about is a triad.Board holding the moves played.

  python3 referee_example.py --engine build/release/triad --variant yinyang --seed 7
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import triad_import  # noqa: E402,F401
import triad  # noqa: E402
from triad.engine import EngineError, SimpleEngine  # noqa: E402


def referee_game(engine, variant, rng, max_plies):
    board = triad.Board(variant)
    tried_illegal = False
    while board.ply < max_plies:
        if engine.query("gameover", board) == "true":
            break
        player = engine.query("turn")
        legal = engine.query("moves").split()
        proposal = rng.choice(legal)
        if not tried_illegal:  # a move that is on no list: the referee must refuse it
            tried_illegal = True
            bogus = "a1a1"
            print(f"player {player} proposes {bogus}: islegal -> {engine.query(f'islegal {bogus}')}")
        verdict = engine.query(f"islegal {proposal}")
        print(f"ply {board.ply + 1}: player {player} plays {proposal} (islegal -> {verdict}, "
              f"{len(legal)} legal moves)")
        if verdict != "true":
            raise EngineError(f"the engine listed {proposal} in 'query moves' but calls it illegal")
        board.push(proposal)
    result, reason, score = (engine.query(q, board) for q in ("result", "reason", "score"))
    print(f"final position: {engine.query('fen')}")
    print(f"gameover {engine.query('gameover')}, result {result}, reason {reason}, score {score}")
    return result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.environ.get("TRIAD_ENGINE", "triad"), help="triad binary")
    parser.add_argument("--variant", default="yinyang", help="variant to referee (default yinyang)")
    parser.add_argument("--seed", type=int, default=1, help="random seed of the players")
    parser.add_argument("--max-plies", type=int, default=200, help="stop after this many plies")
    args = parser.parse_args(argv)
    try:
        with SimpleEngine.popen(args.engine) as engine:
            referee_game(engine, args.variant, random.Random(args.seed), args.max_plies)
    except (EngineError, triad.TriadError) as error:
        print(f"referee_example: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
