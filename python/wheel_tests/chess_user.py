"""A python-chess user's script, unchanged but for the names of the games (triad for chess,
"yinyang" for a chess board, Player 1 and 2 for white and black): run by test_wheel.py in the
wheel's fresh virtual environment, without gymnasium. Argument: the triad engine program."""
import io
import sys

import triad
import triad.engine
import triad.records
from triad.env import Env

# chess.engine: scores as python-chess reads them.
with triad.engine.SimpleEngine.popen(sys.argv[1]) as engine:
    board = triad.Board("yinyang")
    info = engine.analyse(board, triad.engine.Limit(depth=4))
score = info["score"]
assert isinstance(score.relative.score(mate_score=10000), int)
assert (score.relative.mate() is not None) == score.is_mate()  # Yin Yang's start is solved
assert score.p1() == score.pov(1) == -score.p2()
assert triad.engine.Mate(2) > triad.engine.Cp(900) > triad.engine.Mate(-2)

# chess.Board: equal positions are one set member, whatever their move stacks.
board1, board2 = triad.Board("yinyang"), triad.Board("yinyang")
board1.push_uci("c3b3")
board2.set_fen(board1.fen())
assert len({board1, board2}) == 1 and board1.peek() == triad.Move.from_uci("c3b3")

# chess.pgn.read_game over a text stream.
text = '[Variant "yinyang"]\n\n1. c3b3 *\n\n[Variant "yinyang"]\n\n1. c4b4 *\n'
handle = io.StringIO(text)
games = []
while (game := triad.records.read_game(handle)) is not None:
    games.append(game)
assert [g.moves for g in games] == [["c3b3"], ["c4b4"]]

# chess.svg / Jupyter: the board as SVG.
assert board1._repr_svg_().startswith("<svg ")

# Gymnasium's API without gymnasium installed.
env = Env("yinyang")
observation, info = env.reset(seed=0)
action = env.action_space.sample()
assert env.action_space.contains(action) and observation in env.observation_space
print("the python-chess user's script ran")
