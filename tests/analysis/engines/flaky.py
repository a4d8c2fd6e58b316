#!/usr/bin/env python3
# A flaky engine for triad-analyse's tests: it relays the protocol to a real engine
# (argument 1, e.g. the triad binary) but exits without answering a `go`
#   - the first time ever, if the file named by argument 2 does not exist yet (it creates
#     it first: one crash per test run, which a retry with a fresh engine gets past), and
#   - every time the position last sent contains the text of argument 3 ("-" for none).
# Argument 4 (optional) names a file to which it appends "<its pid> <relayed engine's pid>",
# so that a test can check that no engine outlives triad-analyse.
import os
import subprocess
import sys

engine, marker, bad = sys.argv[1], sys.argv[2], sys.argv[3]
child = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)
if len(sys.argv) > 4:
    with open(sys.argv[4], "a") as pids:
        pids.write(f"{os.getpid()} {child.pid}\n")
ENDS = {"uci": "uciok", "ugi": "ugiok", "isready": "readyok", "go": "bestmove"}
position = ""
for raw in sys.stdin:
    command = raw.strip()
    word = command.split()[0] if command else ""
    if word == "quit":
        break
    if word == "position":
        position = command
    if word == "go":
        if bad != "-" and bad in position:
            sys.exit(1)
        if not os.path.exists(marker):
            open(marker, "w").close()
            sys.exit(1)
    child.stdin.write(command + "\n")
    child.stdin.flush()
    if word in ENDS:
        while True:
            line = child.stdout.readline()
            if not line:
                sys.exit(3)
            sys.stdout.write(line)
            sys.stdout.flush()
            if line.split() and line.split()[0] == ENDS[word]:
                break
child.kill()
