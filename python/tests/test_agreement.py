"""The Python board and a running triad agree, at every ply of random games of every
built-in variant, on the legal moves, the position line and the game's state."""
import random

import triad
from triad.engine import SimpleEngine
from conftest import random_game


def test_random_games_agree_with_the_engine(engine_path):
    rng = random.Random(2026)
    with SimpleEngine.popen(engine_path) as engine:
        for variant in triad.variants():
            for _ in range(2):
                board = triad.Board(variant)
                plies = 0
                for b in random_game(board, rng, 120):
                    check(engine, b)
                    plies += 1
                check(engine, board)  # the last position: over, or after 120 plies
                assert plies > 0


def check(engine, board):
    assert engine.query("fen", board) == board.position_line()
    moves = engine.query("moves")
    assert moves == (" ".join(str(m) for m in board.legal_moves) or "none")
    over = engine.query("gameover") == "true"
    assert over == board.is_game_over()
    outcome = board.outcome()
    assert engine.query("result") == (outcome.result if outcome else "none")
    assert engine.query("reason") == (outcome.reason if outcome else "none")
    assert engine.query("board") == board.board_json()
