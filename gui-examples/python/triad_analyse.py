#!/usr/bin/env python3
"""Analyses every position of a position file or of game records with triad.

Input (detected automatically):
  * a position file: one position line per line, optionally followed by `moves m1 m2 ...`
    (`#` comments and blank lines skipped), as triad-analyse reads them;
  * game records (PGN-like, docs/analysis.md): every position of every game is analysed,
    from the start position (tag FEN, else the variant's start) through each move.
Output: CSV (one row per position and MultiPV line) or JSON lines (one object per
position), with the position line, the best move, the score (from the side to move) and
the principal variation. A progress bar goes to stderr.

Built on the triad package (docs/python.md): positions and records are checked with its
rules, the engine is driven by triad.engine.

Example:
  python3 triad_analyse.py --engine build/release/triad --variant yinyang \\
      --depth 8 --multipv 3 --format jsonl positions.txt > analysis.jsonl
"""

import argparse
import csv
import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import triad_import  # noqa: E402,F401
import triad  # noqa: E402
from triad import records  # noqa: E402
from triad.engine import EngineError, Limit, SimpleEngine  # noqa: E402

CSV_FIELDS = ["source", "ply", "fen", "played", "multipv", "depth", "score_cp", "score_mate",
              "bestmove", "pv", "gameover", "result"]


class InputError(ValueError):
    """The input file cannot be read."""


def looks_like_records(path):
    """A file with a tag line or a move number is read as game records."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = handle.read(1 << 16)
    except OSError as error:
        raise InputError(f"cannot read '{path}': {error.strerror}") from error
    return bool(re.search(r'^\s*\[\w+\s+"', head, re.M) or re.search(r"(^|\s)1\.\s", head))


def position_items(path, variant):
    """(source, position line, variant) for each position line of a position file."""
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.strip()
            if line and not line.startswith("#"):
                yield f"{path}:{number}", line, variant


def board_of(variant, line):
    """The board of a position file's line: a position line (or `startpos`), optionally
    followed by `moves m1 m2 ...` played from it, as triad-analyse reads them."""
    position, _, moves = line.partition(" moves ")
    position = position.strip()
    board = triad.Board(variant) if position == "startpos" else triad.Board(variant, position)
    for ply, move in enumerate(moves.split(), 1):
        try:
            board.push(move)
        except triad.TriadError as error:
            raise triad.IllegalMoveError(f"ply {ply}: {error}") from error
    return board


class Progress:
    """A one-line progress bar on stderr: [#####-----] done/total, elapsed, estimate."""

    def __init__(self, total, enabled):
        self.total, self.done, self.enabled = max(total, 1), 0, enabled
        self.started = time.monotonic()

    def step(self, count=1):
        self.done += count
        if not self.enabled:
            return
        elapsed = time.monotonic() - self.started
        left = elapsed / self.done * (self.total - self.done)
        filled = int(30 * self.done / self.total)
        sys.stderr.write(f"\r[{'#' * filled}{'-' * (30 - filled)}] {self.done}/{self.total} positions"
                         f"  {elapsed:5.1f}s elapsed, ~{left:5.1f}s left ")
        sys.stderr.flush()

    def close(self):
        if self.enabled:
            sys.stderr.write("\n")


def warn(message):
    sys.stderr.write(f"\ntriad_analyse: {message}\n")


def analyse_position(engine, limit, multipv, source, ply, board, played):
    """Searches one position: the result dict written out."""
    outcome = board.outcome()
    result = {"source": source, "ply": ply, "fen": board.position_line(), "played": played,
              "gameover": outcome is not None, "result": outcome.result if outcome else "none",
              "bestmove": "(none)", "lines": []}
    if outcome is not None:
        return result
    lines = engine.analyse(board, limit, multipv=multipv)
    result["lines"] = [{"multipv": line.get("multipv", 1), "depth": line.get("depth"),
                        "score": score_dict(line.get("score")), "pv": [str(m) for m in line["pv"]]}
                       for line in lines if line.get("pv")]
    if result["lines"]:
        result["bestmove"] = result["lines"][0]["pv"][0]
    return result


def score_dict(score):
    if score is None:
        return {}
    relative = score.relative
    return {"mate": relative.mate()} if relative.is_mate() else {"cp": relative.score()}


def write_result(result, fmt, writer):
    if fmt == "jsonl":
        writer.write(json.dumps(result) + "\n")
        return
    base = {k: result[k] for k in ("source", "ply", "fen", "played", "result")}
    base["gameover"] = "true" if result["gameover"] else "false"
    for line in result["lines"] or [{}]:
        score = line.get("score", {})
        writer.writerow({**base, "multipv": line.get("multipv", ""), "depth": line.get("depth", ""),
                         "score_cp": score.get("cp", ""), "score_mate": score.get("mate", ""),
                         "bestmove": line["pv"][0] if line.get("pv") else result["bestmove"],
                         "pv": " ".join(line.get("pv", []))})


def analyse_records(engine, args, path, emit, progress):
    games = list(records.read(path))
    progress.total = max(sum(len(g.moves) + 1 for g in games), 1)
    for record in games:
        source = f"{path}:{record.line}"
        done = 0
        try:  # the position before each move, then the last; a bad move ends the game early
            for ply, board in enumerate(record.boards(args.variant or "razzledazzle")):
                played = record.moves[ply] if ply < len(record.moves) else ""
                emit(analyse_position(engine, args.limit, args.multipv, source, ply, board, played))
                progress.step()
                done += 1
        except triad.RecordError as error:
            warn(f"{source}: skipped from ply {done} on: {error}")
            progress.step(len(record.moves) + 1 - done)


def analyse_positions(engine, args, path, emit, progress):
    items = list(position_items(path, args.variant or "razzledazzle"))
    progress.total = max(len(items), 1)
    for source, line, variant in items:
        try:
            board = board_of(variant, line)
        except triad.TriadError as error:
            warn(f"{source}: skipped: {error}")
            progress.step()
            continue
        emit(analyse_position(engine, args.limit, args.multipv, source, 0, board, ""))
        progress.step()


def run(args):
    kind_is_records = looks_like_records(args.input)
    args.limit = Limit(depth=args.depth) if args.depth else Limit(time=args.movetime / 1000)
    out = open(args.output, "w", newline="", encoding="utf-8") if args.output else sys.stdout
    writer = out
    if args.format == "csv":
        writer = csv.DictWriter(out, fieldnames=CSV_FIELDS)
        writer.writeheader()
    progress = Progress(1, not args.quiet)

    def emit(result):
        write_result(result, args.format, writer)
        out.flush()

    try:
        with SimpleEngine.popen(args.engine) as engine:
            options = {}
            for option in args.option:
                name, _, value = option.partition("=")
                options[name.strip()] = value.strip()
            engine.configure(options)
            (analyse_records if kind_is_records else analyse_positions)(engine, args, args.input, emit, progress)
    finally:
        progress.close()
        if out is not sys.stdout:
            out.close()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("input", help="position file or game record file")
    parser.add_argument("--engine", default=os.environ.get("TRIAD_ENGINE", "triad"),
                        help="path of the triad binary (default: $TRIAD_ENGINE, else triad on PATH)")
    parser.add_argument("--variant", help="variant for position files and records without a Variant tag")
    limit = parser.add_mutually_exclusive_group()
    limit.add_argument("--depth", type=int, help="search every position to this depth")
    limit.add_argument("--movetime", type=int, default=1000, help="milliseconds per position (default 1000)")
    parser.add_argument("--multipv", type=int, default=1, help="number of best lines per position (default 1)")
    parser.add_argument("--format", choices=["csv", "jsonl"], default="csv", help="output format (default csv)")
    parser.add_argument("--output", "-o", help="output file (default: stdout)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="engine option, e.g. --option Hash=256 (repeatable)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.depth is not None and args.depth < 1:
        parser.error("--depth must be at least 1")
    if args.movetime < 1 or args.multipv < 1:
        parser.error("--movetime and --multipv must be at least 1")
    try:
        run(args)
    except (EngineError, InputError, triad.TriadError) as error:
        print(f"triad_analyse: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        sys.stderr.close()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
