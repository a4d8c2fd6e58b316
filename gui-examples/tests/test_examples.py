"""Tests of the Python examples against the real triad binary ($TRIAD_ENGINE): the analysis
script (position files and game records, CSV and JSON lines, MultiPV), the referee
example, the terminal client, the openings generator and the CuteGames settings files
(driven the way CuteGames drives engines).

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
from triad_engine import TriadEngine  # noqa: E402

ENGINE = os.environ.get("TRIAD_ENGINE", "")
TIMEOUT = 120  # seconds for any example program run


def run_example(script, *args, stdin=""):
    return subprocess.run([sys.executable, os.path.join(EXAMPLES, script), *args], input=stdin,
                          capture_output=True, text=True, timeout=TIMEOUT)


def random_game(engine, variant, plies, seed):
    """Plays `plies` random legal moves (fewer if the game ends); returns (start, moves)."""
    rng = random.Random(seed)
    start = engine.set_variant(variant)
    moves = []
    for _ in range(plies):
        engine.set_position(start, moves)
        legal = engine.legal_moves()
        if not legal or engine.query("gameover") == "true":
            break
        moves.append(rng.choice(legal))
    return start, moves


class ExamplesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not ENGINE or not os.path.isfile(ENGINE):
            raise RuntimeError(f"TRIAD_ENGINE must name the triad binary (got '{ENGINE}')")
        cls.engine = TriadEngine(ENGINE)
        cls.tmp = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.engine.close()
        cls.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        return path

    def legal_in(self, fen):
        self.engine.set_position(fen)
        return self.engine.legal_moves()

    def test_analyse_positions_csv_multipv(self):
        start, moves = random_game(self.engine, "razzledazzle", 3, seed=5)
        self.engine.set_position(start, moves)
        later = self.engine.query("fen")
        path = self.write("positions.txt", f"# two Razzle Dazzle positions\n{start}\n\n{later}\n")
        done = run_example("python/triad_analyse.py", "--engine", ENGINE, "--variant", "razzledazzle",
                           "--depth", "3", "--multipv", "2", path)
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        self.assertEqual([r["fen"] for r in rows], [start, start, later, later])
        self.assertEqual([r["source"] for r in rows], [f"{path}:2"] * 2 + [f"{path}:4"] * 2)
        for fen in (start, later):
            lines = [r for r in rows if r["fen"] == fen]
            legal = self.legal_in(fen)
            self.assertEqual([r["multipv"] for r in lines], ["1", "2"])
            self.assertNotEqual(lines[0]["bestmove"], lines[1]["bestmove"])
            for row in lines:
                self.assertIn(row["bestmove"], legal)
                self.assertEqual(row["pv"].split()[0], row["bestmove"])
                self.assertEqual(row["depth"], "3")
                self.assertTrue(row["score_cp"] or row["score_mate"], row)
        self.assertIn("2/2 positions", done.stderr)  # the progress bar

    def test_analyse_game_record_jsonl(self):
        start, moves = random_game(self.engine, "yinyang", 6, seed=11)
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
            self.engine.set_variant("yinyang")
            self.engine.set_position(start, moves[:ply])
            self.assertEqual(result["ply"], ply)
            self.assertEqual(result["fen"], self.engine.query("fen"))
            self.assertEqual(result["played"], moves[ply] if ply < len(moves) else "")
            self.assertIn(result["bestmove"], self.engine.legal_moves())
            self.assertEqual(result["lines"][0]["pv"][0], result["bestmove"])

    def test_analyse_skips_bad_lines_and_names_them(self):
        start = self.engine.set_variant("yinyang")
        path = self.write("mixed.txt", f"{start}\nthis is no position\n")
        done = run_example("python/triad_analyse.py", "--engine", ENGINE, "--variant", "yinyang",
                           "--depth", "2", "--quiet", path)
        self.assertEqual(done.returncode, 0, done.stderr)
        rows = list(csv.DictReader(io.StringIO(done.stdout)))
        self.assertEqual([r["fen"] for r in rows], [start])
        self.assertIn(f"{path}:2: skipped", done.stderr)

    def test_referee_example_finishes_a_yinyang_game(self):
        done = run_example("python/referee_example.py", "--engine", ENGINE, "--variant", "yinyang", "--seed", "3")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("islegal -> false", done.stdout)
        self.assertNotIn("islegal -> false,", done.stdout)  # no listed move was called illegal
        final = done.stdout.strip().splitlines()[-1]
        self.assertRegex(final, r"^gameover true, result p[12]win, reason \S+, score \d+ \d+$")

    def test_terminal_client_plays_and_refuses(self):
        start = self.engine.set_variant("ivesdama")
        first = self.legal_in(start)[0]
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

    def test_make_openings(self):
        done = run_example("cutegames/make_openings.py", "--engine", ENGINE, "--variant", "yinyang", "--plies", "2")
        self.assertEqual(done.returncode, 0, done.stderr)
        fens = done.stdout.strip().splitlines()
        self.assertTrue(0 < len(fens) <= 40 and len(set(fens)) == len(fens), fens)
        self.engine.set_variant("yinyang")
        for fen in fens:
            self.engine.set_position(fen)
            self.assertEqual(self.engine.query("fen"), fen)

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
        with TriadEngine(ENGINE, mode="ugi") as engine:
            for name, value in settings["options"].items():
                engine.command(f"setoption name {name} value {value}")
            engine.command("uginewgame")
            tc = settings["timecontrol"]
            go = f"go p1time {tc['time']} p2time {tc['time']} p1inc {tc['increment']} p2inc {tc['increment']}"
            moves = []
            for _ in range(plies):
                engine.command(f"position fen {opening}" + (f" moves {' '.join(moves)}" if moves else ""))
                self.assertIn(engine.request(["query p1turn"], lambda l: l.startswith("response"))[-1],
                              ("response true", "response false"))
                over = engine.request(["query gameover"], lambda l: l.startswith("response"))[-1]
                self.assertIn(over, ("response true", "response false"))
                if over == "response true":
                    break
                best = engine.request([go], lambda l: l.startswith("bestmove"), timeout=30)[-1].split()
                self.assertEqual(len(best), 2, best)
                self.assertEqual(engine.query(f"islegal {best[1]}"), "true")
                moves.append(best[1])
            self.assertIn(engine.query("result"), ("p1win", "p2win", "draw", "none"))


if __name__ == "__main__":
    unittest.main()
