#!/usr/bin/env python3
"""Analyses every position of a position file or of game records with triad.

Input (detected automatically):
  * a position file: one position line per line (`#` comments and blank lines skipped);
  * game records (PGN-like, docs/analysis.md): every position of every game is analysed,
    from the start position (tag FEN, else the variant's start) through each move.
Output: CSV (one row per position and MultiPV line) or JSON lines (one object per
position), with the position line, the best move, the score (from the side to move) and
the principal variation. A progress bar goes to stderr.

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
from triad_engine import EngineError, RefusedError, TriadEngine  # noqa: E402

CSV_FIELDS = ["source", "ply", "fen", "played", "multipv", "depth", "score_cp", "score_mate",
              "bestmove", "pv", "gameover", "result"]
_TAG = re.compile(r'^\s*\[(\w+)\s+"(.*)"\]\s*$')
_RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


class InputError(ValueError):
    """The input file is not a position file or a game record this script understands."""


def parse_records(text, source):
    """Game records -> [{'source', 'tags', 'moves'}]; a game ends at its result token."""
    games, tags, moves, first_line = [], {}, [], [0]

    def finish():
        if tags or moves:
            games.append({"source": f"{source}:{first_line[0]}", "tags": dict(tags), "moves": list(moves)})
        tags.clear()
        moves.clear()

    for line_no, line in enumerate(text.splitlines(), 1):
        tag = _TAG.match(line)
        if tag:
            if moves:  # tags after movetext without a result: a new game starts
                finish()
            if not tags:
                first_line[0] = line_no
            tags[tag.group(1)] = tag.group(2)
            continue
        line = re.sub(r"\{[^}]*\}|;.*$", " ", line)  # comments
        for word in line.split():
            if not tags and not moves:
                first_line[0] = line_no
            if word in _RESULTS:
                finish()
            elif not re.fullmatch(r"\d+\.+|\.\.\.", word):
                moves.append(re.sub(r"^\d+\.+", "", word))
    finish()
    return games


def parse_positions(text, source):
    """Position file -> [{'source', 'fen'}]."""
    items = []
    for line_no, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            items.append({"source": f"{source}:{line_no}", "fen": line})
    return items


def load_input(path):
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as error:
        raise InputError(f"cannot read '{path}': {error.strerror}") from error
    is_record = any(_TAG.match(line) for line in text.splitlines()) or re.search(r"(^|\s)1\.\s", text)
    if is_record:
        games = parse_records(text, path)
        if not games:
            raise InputError(f"'{path}' looks like a game record but holds no game")
        return "records", games
    return "positions", parse_positions(text, path)


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


def final_lines(infos):
    """The last reported line of each MultiPV index (the deepest completed one)."""
    lines = {}
    for info in infos:
        if info.get("pv"):
            lines[info.get("multipv", 1)] = info
    return [lines[k] for k in sorted(lines)]


def analyse_position(engine, go_params, source, ply, start_fen, moves, played):
    """Sets the position, searches it and returns one result dict."""
    engine.set_position(start_fen, moves)
    result = {"source": source, "ply": ply, "fen": engine.query("fen"), "played": played,
              "gameover": engine.query("gameover") == "true", "result": engine.query("result"),
              "bestmove": "(none)", "lines": []}
    if result["gameover"]:
        return result
    best, infos = engine.go(go_params)
    result["bestmove"] = best
    result["lines"] = [{"multipv": info.get("multipv", 1), "depth": info.get("depth"),
                        "score": info.get("score", {}), "pv": info["pv"]} for info in final_lines(infos)]
    return result


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


def run(args):
    kind, items = load_input(args.input)
    total = sum(len(g["moves"]) + 1 for g in items) if kind == "records" else len(items)
    go_params = f"depth {args.depth}" if args.depth else f"movetime {args.movetime}"
    out = open(args.output, "w", newline="", encoding="utf-8") if args.output else sys.stdout
    writer = out
    if args.format == "csv":
        writer = csv.DictWriter(out, fieldnames=CSV_FIELDS)
        writer.writeheader()
    progress = Progress(total, not args.quiet)
    try:
        with TriadEngine(args.engine) as engine:
            for option in args.option:
                name, _, value = option.partition("=")
                engine.set_option(name.strip(), value.strip())
            engine.set_option("MultiPV", args.multipv)
            variant = args.variant or engine.variant
            start = engine.set_variant(variant)
            for item in items:
                wanted = item.get("tags", {}).get("Variant") or args.variant or variant
                if wanted != variant:
                    variant, start = wanted, engine.set_variant(wanted)
                engine.new_game()
                fen = item["fen"] if kind == "positions" else item["tags"].get("FEN") or start
                moves = item.get("moves", [])
                for ply in range(len(moves) + 1):
                    played = moves[ply] if ply < len(moves) else ""
                    try:
                        result = analyse_position(engine, go_params, item["source"], ply, fen, moves[:ply], played)
                    except RefusedError as error:  # a bad position line or an illegal move
                        warn(f"{item['source']}: skipped from ply {ply} on: {error}")
                        progress.step(len(moves) + 1 - ply)
                        break
                    write_result(result, args.format, writer)
                    progress.step()
                out.flush()
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
    except (EngineError, InputError) as error:
        print(f"triad_analyse: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly
        sys.stderr.close()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
