"""Tests of the Python examples against the real triad binary ($TRIAD_ENGINE): the analysis
script (position files and game records, CSV and JSON lines, MultiPV), the referee
example, the terminal client, the openings generator and the CuteGames settings files
(driven the way CuteGames drives engines). The examples and these tests are built on the
triad package (PYTHONPATH=build/release/python, docs/python.md).

  TRIAD_ENGINE=build/release/triad python3 -m unittest discover -s gui-examples/tests
"""

import csv
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(EXAMPLES, "python"))
import triad_import  # noqa: E402,F401
import triad  # noqa: E402
import triad.records  # noqa: E402
from triad.engine import Limit, SimpleEngine  # noqa: E402

ENGINE = os.environ.get("TRIAD_ENGINE", "")
TIMEOUT = 120  # seconds for any example program run


def run_example(script, *args, stdin=""):
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args], input=stdin,
                          capture_output=True, text=True, timeout=TIMEOUT)


def random_game(variant, plies, seed):
    """Plays `plies` random legal moves (fewer if the game ends); returns (start, moves)."""
    rng = random.Random(seed)
    board = triad.Board(variant)
    start = board.position_line()
    for _ in range(plies):
        if board.is_game_over():
            break
        board.push(board.legal_moves[rng.randrange(len(board.legal_moves))])
    return start, [str(m) for m in board.move_stack]


def position_after(variant, start, moves):
    board = triad.Board(variant, start)
    for move in moves:
        board.push(move)
    return board


class ExamplesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not ENGINE or not os.path.isfile(ENGINE):
            raise RuntimeError(f"TRIAD_ENGINE must name the triad binary (got '{ENGINE}')")
        cls.tmp = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def legal_in(self, fen, variant):
        return [str(m) for m in triad.Board(variant, fen).legal_moves]

    def test_every_example_program_answers_help(self):
        # Every example program (gui-examples/*/*.py) starts and prints its usage: the package
        # it is built on imports (README command 1 then command 2 must give it).
        scripts = sorted(os.path.join(os.path.basename(folder), name)
                         for folder in (os.path.join(EXAMPLES, d) for d in os.listdir(EXAMPLES))
                         if os.path.isdir(folder) and os.path.basename(folder) != "tests"
                         for name in os.listdir(folder)
                         if name.endswith(".py") and not name.startswith(("test_", "triad_import")))
        self.assertGreaterEqual(len(scripts), 4, scripts)
        for script in scripts:
            with self.subTest(script=script):
                result = run_example(script, "--help")
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertIn("usage", result.stdout.lower())

    def test_analyse_positions_csv_multipv(self):
        start, moves = random_game("razzledazzle", 3, seed=5)
        later = position_after("razzledazzle", start, moves).position_line()
        path = self.write("positions.txt", f"# two Razzle Dazzle positions\n{start}\n\n{later}\n")
        done = run_example("python/triad_analyse.py", "--engine", ENGINE, "--variant", "razzledazzle",
                           "--depth", "3", "--multipv", "2", path)
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        self.assertEqual([r["fen"] for r in rows], [start, start, later, later])
        self.assertEqual([r["source"] for r in rows], [f"{path}:2"] * 2 + [f"{path}:4"] * 2)
        for fen in (start, later):
            lines = [r for r in rows if r["fen"] == fen]
            legal = self.legal_in(fen, "razzledazzle")
            self.assertEqual([r["multipv"] for r in lines], ["1", "2"])
            self.assertNotEqual(lines[0]["bestmove"], lines[1]["bestmove"])
            for row in lines:
                self.assertIn(row["bestmove"], legal)
                self.assertEqual(row["pv"].split()[0], row["bestmove"])
                self.assertEqual(row["depth"], "3")
                self.assertTrue(row["score_cp"] or row["score_mate"], row)
        self.assertIn("2/2 positions", done.stderr)  # the progress bar

    def test_analyse_game_record_jsonl(self):
        start, moves = random_game("yinyang", 6, seed=11)
        numbered = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))
        record = (f'[Event "test"]\n[Variant "yinyang"]\n[FEN "{start}"]\n[Result "*"]\n\n'
                  f"{numbered} *\n")
        path = self.write("game.txt", record)
        out = os.path.join(self.tmp.name, "game.jsonl")
        done = run_example("python/triad_analyse.py", "--engine", ENGINE, "--movetime", "50",
                           "--format", "jsonl", "--output", out, "--quiet", path)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(out, encoding="utf-8") as handle:
            results = [json.loads(line) for line in handle]
        self.assertEqual(len(results), len(moves) + 1)
        for ply, result in enumerate(results):
            board = position_after("yinyang", start, moves[:ply])
            self.assertEqual(result["ply"], ply)
            self.assertEqual(result["fen"], board.position_line())
            self.assertEqual(result["played"], moves[ply] if ply < len(moves) else "")
            self.assertIn(result["bestmove"], board.legal_moves)
            self.assertEqual(result["lines"][0]["pv"][0], result["bestmove"])

    def test_analyse_skips_bad_lines_and_names_them(self):
        start = triad.Board("yinyang").position_line()
        path = self.write("mixed.txt", f"{start}\nthis is no position\n")
        done = run_example("python/triad_analyse.py", "--engine", ENGINE, "--variant", "yinyang",
                           "--depth", "2", "--quiet", path)
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        self.assertEqual([r["fen"] for r in rows], [start])
        self.assertIn(f"{path}:2: skipped", done.stderr)

    def test_analyse_position_lines_with_moves_as_triad_analyse_reads_them(self):
        start, moves = random_game("yinyang", 4, seed=3)
        after = position_after("yinyang", start, moves).position_line()
        path = self.write("with-moves.txt", f"{start} moves {' '.join(moves)}\n"
                                            f"startpos moves {moves[0]}\n"
                                            f"{start} moves {moves[0]} a1a1\n")
        done = run_example("python/triad_analyse.py", "--engine", ENGINE, "--variant", "yinyang",
                           "--depth", "2", "--quiet", path)
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        first = position_after("yinyang", triad.Board("yinyang").position_line(), moves[:1])
        self.assertEqual([r["fen"] for r in rows], [after, first.position_line()])
        self.assertIn(f"{path}:3: skipped: ply 2: move 'a1a1'", done.stderr)

    def test_referee_example_finishes_a_yinyang_game(self):
        done = run_example("python/referee_example.py", "--engine", ENGINE, "--variant", "yinyang", "--seed", "3")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("islegal -> false", done.stdout)
        self.assertNotIn("islegal -> false,", done.stdout)  # no listed move was called illegal
        final = done.stdout.strip().splitlines()[-1]
        self.assertRegex(final, r"^gameover true, result p[12]win, reason \S+, score \d+ \d+$")

    def test_terminal_client_plays_and_refuses(self):
        start = triad.Board("ivesdama").position_line()
        first = self.legal_in(start, "ivesdama")[0]
        script = f"moves\nzz9\n{first}\nundo\nfen\nquit\n"
        done = run_example("terminal/triad_terminal.py", "--engine", ENGINE, "--variant", "ivesdama",
                           "--movetime", "100", "--no-color", stdin=script)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("'zz9' is not a legal move here", done.stdout)
        self.assertIn("engine plays ", done.stdout)
        self.assertIn(start, done.stdout)  # `fen` after undo shows the start position again
        self.assertIn("ivesdama  ply 1  Player 2 to move", done.stdout)

    def test_terminal_client_razzle_chain_with_dashes(self):
        done = run_example("terminal/triad_terminal.py", "--engine", ENGINE, "--variant", "razzledazzle",
                           "--movetime", "50", "--no-color", stdin="d1-e1-f1\nfen\nquit\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        # After the chain the ball is on f1 and d1, e1 threw it (ineligible): row 1 ". P P X X B ."
        self.assertIn(" 1  . P P X X B .", done.stdout)
        self.assertIn("engine plays ", done.stdout)

    def test_terminal_client_level(self):
        # --level sets the engine's Skill Level; `level` changes it, and a bad one is refused
        # with the engine's message. Yin Yang at a limited level plays no book move.
        done = run_example("terminal/triad_terminal.py", "--engine", ENGINE, "--variant", "yinyang",
                           "--movetime", "50", "--level", "2", "--side", "2", "--no-color",
                           stdin="level 25\nlevel 20\nquit\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("engine plays ", done.stdout)
        self.assertIn("refused: engine 'Triad", done.stdout)
        self.assertIn("setoption Skill Level : 25 is out of range 0..20", done.stdout)
        self.assertIn("level 20 (full strength)", done.stdout)

    def test_terminal_client_save(self):
        # `save FILE` writes the game as a record with the engine's evaluations; it reads back
        # with its moves. An unwritable path is refused with the reason.
        start = triad.Board("razzledazzle").position_line()
        first = self.legal_in(start, "razzledazzle")[0]
        with tempfile.TemporaryDirectory() as scratch:
            path = os.path.join(scratch, "game.txt")
            bad = os.path.join(scratch, "missing", "game.txt")
            done = run_example("terminal/triad_terminal.py", "--engine", ENGINE, "--variant",
                               "razzledazzle", "--movetime", "50", "--no-color",
                               stdin=f"{first}\nsave {path}\nsave {bad}\nquit\n")
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn(f"saved 2 moves to {path}", done.stdout)
            self.assertIn(f"refused: cannot write {bad}: No such file or directory", done.stdout)
            [record] = list(triad.records.read(path))
        self.assertEqual(record.tags["Variant"], "razzledazzle")
        self.assertEqual(record.moves[0], first)
        self.assertEqual(len(record.moves), 2)
        self.assertEqual(record.comments[0], "")  # the human's move has no evaluation
        self.assertRegex(record.comments[1], r"^\[%eval (-?\d+\.\d\d|#-?\d+)\]$")
        record.board()  # the moves replay

    def test_make_openings(self):
        done = run_example("cutegames/make_openings.py", "--variant", "yinyang", "--plies", "2")
        self.assertEqual(done.returncode, 0, done.stderr)
        fens = done.stdout.strip().splitlines()
        self.assertTrue(0 < len(fens) <= 40 and len(set(fens)) == len(fens), fens)
        with SimpleEngine.popen(ENGINE) as engine:  # the engine reads back every line as it is
            for fen in fens:
                self.assertEqual(engine.query("fen", triad.Board("yinyang", fen)), fen)

    def test_cutegames_settings_drive_triad_like_cutegames(self):
        folder = os.path.join(EXAMPLES, "cutegames")
        for name in sorted(f for f in os.listdir(folder) if f.endswith(".json")):
            with self.subTest(settings=name):
                with open(os.path.join(folder, name), encoding="utf-8") as handle:
                    settings = json.load(handle)
                self.assertEqual(settings["game"], "generic")
                self.assertEqual([e["protocol"] for e in settings["engines"]], ["UGI", "UGI"])
                with open(os.path.join(folder, settings["openings"]["path"]), encoding="utf-8") as handle:
                    openings = [line.strip() for line in handle if line.strip()]
                self.assertTrue(openings)
                self.play_like_cutegames(settings, openings[0], plies=6)

    def play_like_cutegames(self, settings, opening, plies):
        """The query sequence of a UGI runner; replies must be exactly what it parses."""
        with SimpleEngine.popen(ENGINE, protocol="ugi") as engine:
            engine.configure(settings["options"])
            engine.send("uginewgame")
            tc = settings["timecontrol"]
            limit = Limit(p1time=tc["time"] / 1000, p2time=tc["time"] / 1000, p1inc=tc["increment"] / 1000,
                          p2inc=tc["increment"] / 1000)
            variant = settings["options"].get("UCI_Variant", "razzledazzle")
            board = triad.Board(variant, opening)
            for _ in range(plies):
                self.assertIn(engine.query("p1turn", board), ("true", "false"))
                over = engine.query("gameover")
                self.assertIn(over, ("true", "false"))
                if over == "true":
                    break
                played = engine.play(board, limit, timeout=30)
                self.assertIsNone(played.ponder)  # `bestmove <move>`, two tokens
                self.assertEqual(engine.query(f"islegal {played.move}"), "true")
                board.push(played.move)
            self.assertIn(engine.query("result", board), ("p1win", "p2win", "draw", "none"))


if __name__ == "__main__":
    unittest.main()
