#!/usr/bin/env python3
# A misbehaving engine for triad-match's tests: it relays the protocol to a real engine
# (argument 1, e.g. the triad binary) and misbehaves at its Nth `go` of every game
# (argument 3, 1-based; ucinewgame/uginewgame starts the count again) in the way named by
# argument 2:
#   crash    exit at once without answering
#   hang     stop answering anything (sleeps)
#   illegal  answer `bestmove a9z0`
#   slow     answer after sleeping 1 s (a time forfeit at a fast time control)
#   garbage  print junk lines (and a bad info line) before relaying a correct answer
#   noready  never answer `isready` (from the start; N is ignored)
#   none     answer `bestmove (none)` although the game goes on
#   illegalpv  relay the search, but its last info line before `bestmove` has an illegal pv
#   hugescore  relay the search after an info line whose score does not fit 32 bits
# An optional argument 4 names a file to which it appends "<its pid> <relayed engine's pid>",
# so that a test can check that no engine process outlives the runner.
import os
import subprocess
import sys
import time

engine, mode, nth = sys.argv[1], sys.argv[2], int(sys.argv[3])
child = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)
if len(sys.argv) > 4:
    with open(sys.argv[4], "a") as pids:
        pids.write(f"{os.getpid()} {child.pid}\n")
ENDS = {"uci": "uciok", "ugi": "ugiok", "isready": "readyok", "go": "bestmove"}


def out(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def relay(command, last_info=None):
    """Sends `command` to the real engine and relays its answer; `last_info`, if given, is
    printed just before the line that ends the answer."""
    child.stdin.write(command + "\n")
    child.stdin.flush()
    word = command.split()[0] if command.split() else ""
    if word not in ENDS:
        return
    while True:
        line = child.stdout.readline()
        if not line:
            sys.exit(3)
        ends = line.split() and line.split()[0] == ENDS[word]
        if ends and last_info:
            out(last_info)
        out(line.rstrip("\n"))
        if ends:
            return


goes = 0
for raw in sys.stdin:
    command = raw.strip()
    word = command.split()[0] if command else ""
    if word == "quit":
        break
    if word == "isready" and mode == "noready":
        continue
    if word in ("ucinewgame", "uginewgame"):
        goes = 0
    if word == "go":
        goes += 1
        if goes == nth:
            if mode == "crash":
                sys.exit(1)
            if mode == "hang":
                time.sleep(3600)
            if mode == "illegal":
                out("bestmove a9z0")
                continue
            if mode == "none":
                out("bestmove (none)")
                continue
            if mode == "illegalpv":
                relay(command, "info depth 99 multipv 1 score cp 5 nodes 1 pv a9z0")
                continue
            if mode == "hugescore":
                out("info depth 1 score cp 99999999999 nodes 1")
            if mode == "slow":
                time.sleep(1)
            if mode == "garbage":
                out("\x01\x02 this is not a protocol line \xff")
                out("info score cp notanumber depth x")
                out("bestmovex")
    relay(command)
child.kill()
