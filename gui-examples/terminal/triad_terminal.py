#!/usr/bin/env python3
"""Play any Triad variant against the engine in a terminal, on the triad package
(docs/python.md): the rules and the board are a triad.Board, the engine's moves come from
triad.engine.

The board is drawn from the board's `query board` data; moves are typed as tokens
(`c4b4`, a pass chain `d1e1f1` or `d1-e1-f1`, a capture sequence `a3c5e7` or `a3xc5xe7`).
Type `help` at the prompt for the commands.

  python3 triad_terminal.py --engine build/release/triad --variant razzledazzle --side 1
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import triad_import  # noqa: E402,F401
import triad  # noqa: E402
import triad.records  # noqa: E402
from triad.engine import EngineError, Limit, SimpleEngine  # noqa: E402

HELP = """commands:
  <move>          play a move, e.g. c4b4, d1e1f1 (pass chain), a3c5e7 (capture sequence)
  moves           list the legal moves
  go              let the engine play the side to move now
  undo            take back your last move (and the engine's reply)
  new [variant]   start a new game (optionally of another variant)
  variants        list the variants
  side 1|2|both|none   which side(s) you play (none: watch the engine play itself)
  time <ms>       engine thinking time per move
  level <0-20>    engine strength: Skill Level 0 (weakest) .. 20 (full strength)
  fen             print the position line
  load <line>     start from a position line
  save <file>     write the game as a record, the engine's evaluations as [%eval] comments
  flip            turn the board
  quit            leave"""

RESULT_TEXT = {"p1win": "Player 1 wins", "p2win": "Player 2 wins", "draw": "draw"}


class Colours:
    """ANSI colours when writing to a terminal, plain text otherwise."""

    def __init__(self, enabled):
        self.enabled = enabled

    def paint(self, text, code):
        return f"\033[{code}m{text}\033[0m" if self.enabled else text


def piece_text(game, piece, colours):
    """The two-character cell text of a position-line letter."""
    if piece == ".":
        return colours.paint(" .", "2")
    if game == "yinyang" and colours.enabled:  # stones as discs on coloured squares
        return colours.paint(" ●", "97;1") if piece == "L" else colours.paint(" ●", "30;1")
    player_one = piece.isupper()
    return colours.paint(f" {piece}", "1;33" if player_one else "1;36")


def draw_grid(board, flipped, colours):
    """Square boards: one cell per square, rank labels left, file labels below."""
    points = board["points"]
    xs = sorted({p["x"] for p in points}, reverse=flipped)
    ys = sorted({p["y"] for p in points}, reverse=not flipped)
    by_xy = {(p["x"], p["y"]): p for p in points}
    rows = []
    for y in ys:
        rank = next(p["name"] for p in points if p["y"] == y).lstrip("abcdefghijklmnopqrstuvwxyz")
        cells = []
        for x in xs:
            p = by_xy.get((x, y))
            text = piece_text(board["game"], p["piece"], colours) if p else "  "
            if p and "dark" in p and colours.enabled:  # Yin Yang: the square colours count
                text = f"\033[48;5;{137 if p['dark'] else 180}m{text}\033[0m"
            elif p and p.get("dark") and p["piece"] == ".":
                text = " :"  # dark empty square, without colours
            cells.append(text)
        rows.append(f"{rank:>2} " + "".join(cells))
    files = [next(p["name"] for p in points if p["x"] == x).rstrip("0123456789") for x in xs]
    rows.append("   " + "".join(f" {f}" for f in files))
    return "\n".join(rows)


def draw_graph(board, flipped, colours):
    """Point-and-line boards: points on a character canvas, links as - | / \\, arcs as ( )."""
    points = board["points"]
    min_x, max_x = min(p["x"] for p in points), max(p["x"] for p in points)
    min_y, max_y = min(p["y"] for p in points), max(p["y"] for p in points)

    def at(x, y):  # canvas column and row of drawing coordinates (columns 4 apart, rows 2)
        if flipped:
            return 4 * (max_x - x) + 6, 2 * (y - min_y)
        return 4 * (x - min_x) + 6, 2 * (max_y - y)

    width, height = 4 * (max_x - min_x) + 13, 2 * (max_y - min_y) + 1
    canvas = [[" "] * width for _ in range(height)]
    by_name = {p["name"]: p for p in points}
    for a, b in board.get("links", []):
        (c1, r1), (c2, r2) = at(by_name[a]["x"], by_name[a]["y"]), at(by_name[b]["x"], by_name[b]["y"])
        if r1 == r2:
            for c in range(min(c1, c2) + 1, max(c1, c2)):
                canvas[r1][c] = "-"
        elif c1 == c2:
            for r in range(min(r1, r2) + 1, max(r1, r2)):
                canvas[r][c1] = "|"
        elif abs(c1 - c2) == 4 and abs(r1 - r2) == 2:
            mark = "\\" if (c2 - c1) * (r2 - r1) > 0 else "/"
            cell = canvas[(r1 + r2) // 2][(c1 + c2) // 2]
            canvas[(r1 + r2) // 2][(c1 + c2) // 2] = "X" if cell in "/\\" and cell != mark else mark
    for arc in board.get("arcs", []):
        (c1, r1), (c2, r2) = at(by_name[arc["from"]]["x"], by_name[arc["from"]]["y"]), \
            at(by_name[arc["to"]]["x"], by_name[arc["to"]]["y"])
        left = (arc.get("side") == "left") != flipped
        column = 1 if left else width - 2
        for r in range(min(r1, r2), max(r1, r2) + 1):
            canvas[r][column] = "(" if left else ")"
    labels = {}
    for p in points:
        c, r = at(p["x"], p["y"])
        canvas[r][c] = "\0"  # placeholder, replaced by the coloured piece below
        labels[(r, c)] = piece_text(board["game"], p["piece"], colours).replace(" ", "", 1)
    ranks = {at(p["x"], p["y"])[1]: p["name"].lstrip("abcdefghijklmnopqrstuvwxyz") for p in points}
    files = {at(p["x"], p["y"])[0]: p["name"].rstrip("0123456789") for p in points}
    lines = []
    for r, row in enumerate(canvas):
        text = "".join(labels[(r, c)] if ch == "\0" else ch for c, ch in enumerate(row))
        lines.append(f"{ranks.get(r, ''):>2} {text}".rstrip())
    footer = [" "] * width
    for c, name in files.items():
        footer[c] = name
    lines.append("   " + "".join(footer).rstrip())
    return "\n".join(lines)


class TerminalGame:
    def __init__(self, engine, args, out):
        self.engine, self.out = engine, out
        self.movetime, self.human, self.flipped = args.movetime, args.side, False
        self.colours = Colours(out.isatty() and not args.no_color)
        self.board = triad.Board(args.variant or "razzledazzle")
        self.evals = {}  # ply after an engine move -> its evaluation, Player 1's point of view

    def say(self, text):
        self.out.write(text + "\n")
        self.out.flush()

    def human_to_move(self):
        return self.human == "both" or self.human == str(self.board.turn)

    def show(self):
        board = self.board.board_dict()
        grid = not board.get("links") and not board.get("arcs")
        self.say("")
        self.say(draw_grid(board, self.flipped, self.colours) if grid else draw_graph(board, self.flipped, self.colours))
        status = f"{self.board.variant}  ply {len(self.board.move_stack)}"
        score = self.board.score()
        if score is not None:
            status += f"  score P1 {score[0]} - P2 {score[1]}"
        outcome = self.board.outcome()
        if outcome is not None:
            status += f"  GAME OVER: {RESULT_TEXT.get(outcome.result, outcome.result)} ({outcome.reason})"
        else:
            status += f"  Player {self.board.turn} to move"
        self.say(status)

    def engine_move(self):
        played = self.engine.play(self.board, Limit(time=self.movetime / 1000))
        if played.move is None:
            return False
        score = played.info.get("score")
        value = "?" if score is None else f"#{score.relative.mate()}" if score.is_mate() else f"{score.relative.score() / 100:+.2f}"
        pv = " ".join(str(m) for m in played.info.get("pv", []))
        self.say(f"engine plays {played.move}  (depth {played.info.get('depth', '?')}, score {value}, pv {pv})")
        if score is not None:  # the mover's score -> Player 1's, in the web GUI's [%eval] form
            sign = 1 if self.board.turn == 1 else -1
            self.evals[len(self.board.move_stack) + 1] = (
                f"#{sign * score.relative.mate()}" if score.is_mate() else f"{sign * score.relative.score() / 100:.2f}")
        self.board.push(played.move)
        return True

    def legal_text(self):
        return " ".join(str(m) for m in self.board.legal_moves)

    def play_human(self, token):
        try:
            self.board.push(self.board.parse_move(token))
        except triad.IllegalMoveError:
            self.say(f"'{token}' is not a legal move here; legal: {self.legal_text()}")

    def command(self, line):
        """Handles one input line; returns False to quit."""
        word, _, rest = line.strip().partition(" ")
        word = word.lower()
        rest = rest.strip()
        if not word:
            return True
        if word in ("quit", "exit", "q"):
            return False
        if word == "help":
            self.say(HELP)
        elif word == "moves":
            self.say(self.legal_text() or "none")
        elif word == "go":
            self.engine_move()
        elif word == "undo":
            self.undo()
        elif word == "new":
            self.board = triad.Board(rest or self.board.variant)
            self.evals = {}
        elif word == "variants":
            self.say(" ".join(triad.variants()))
        elif word == "side" and rest in ("1", "2", "both", "none"):
            self.human = rest
        elif word == "time" and rest.isdigit() and int(rest) > 0:
            self.movetime = int(rest)
        elif word == "level" and rest:
            self.set_level(rest)
        elif word == "fen":
            self.say(self.board.position_line())
        elif word == "load" and rest:
            self.board = triad.Board(self.board.variant, rest)  # raises with the reason
            self.evals = {}
        elif word == "save" and rest:
            self.save(rest)
        elif word == "flip":
            self.flipped = not self.flipped
        else:
            self.play_human(line.strip())
            return True
        return True

    def set_level(self, level):
        """Skill Level of the engine's moves (docs/strength.md); the engine refuses a bad one."""
        try:
            self.engine.configure({"Skill Level": level})
            self.say(f"level {level}" + (" (full strength)" if level == "20" else ""))
        except EngineError as error:
            self.say(f"refused: {error}")

    def save(self, path):
        """Writes the game as a record (docs/notation.md) with [%eval] comments."""
        record = triad.records.from_board(self.board, {"Event": "Triad terminal game"})
        plies = len(record.moves)
        record.comments = [f"[%eval {self.evals[ply]}]" if ply in self.evals else ""
                           for ply in range(1, plies + 1)]
        try:
            with open(path, "w", encoding="utf-8") as out:
                out.write(triad.records.write(record))
        except OSError as error:
            self.say(f"refused: cannot write {path}: {error.strerror}")
            return
        self.say(f"saved {plies} moves to {path}")

    def undo(self):
        if not self.board.move_stack:
            return
        self.board.pop()
        while self.board.move_stack and not self.human_to_move():
            self.board.pop()
        self.evals = {ply: value for ply, value in self.evals.items() if ply <= len(self.board.move_stack)}

    def run(self, read_line):
        self.say(f"{self.engine.name} — type 'help' for commands")
        while True:
            self.show()
            over = self.board.is_game_over()
            if not over and not self.human_to_move():
                self.engine_move()
                continue
            line = read_line("move> " if not over else "game over> ")
            if line is None:
                return
            try:
                if not self.command(line):
                    return
            except triad.TriadError as error:
                self.say(f"refused: {error}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default=os.environ.get("TRIAD_ENGINE", "triad"), help="triad binary")
    parser.add_argument("--variant", help="variant to play (default: the engine's default)")
    parser.add_argument("--side", choices=["1", "2", "both", "none"], default="1",
                        help="the side(s) you play (default 1; none = watch engine vs engine)")
    parser.add_argument("--movetime", type=int, default=1000, help="engine time per move in ms (default 1000)")
    parser.add_argument("--level", type=int, default=20,
                        help="engine Skill Level, 0 (weakest) to 20 (full strength, the default)")
    parser.add_argument("--no-color", action="store_true", help="no ANSI colours")
    args = parser.parse_args(argv)

    def read_line(prompt):
        try:
            return input(prompt)
        except EOFError:
            return None

    try:
        with SimpleEngine.popen(args.engine) as engine:
            engine.configure({"Skill Level": args.level})
            TerminalGame(engine, args, sys.stdout).run(read_line)
    except (EngineError, triad.TriadError) as error:
        print(f"triad_terminal: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
