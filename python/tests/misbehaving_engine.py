"""A UCI engine that misbehaves on purpose, for the engine API's tests. Modes:
crash (exits with status 3 at `go`), hang (never answers `go`), silent (never answers `uci`),
garbage (answers `go` with noise and a malformed bestmove), illegal (plays an illegal move),
ok (plays the first move it is told is legal: e.g. 'c4b4' on Yin Yang's start), closeout
(closes its output at `go` and runs on), bestmovex (a junk line starting with "bestmove"
before its real bestmove), slow (answers `go` and `go solve` after a second), deaf (answers
`go`, but no `isready` after it)."""
import os
import sys
import time

mode = sys.argv[1]


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


searched = False
for line in sys.stdin:
    command = line.split()
    if not command:
        continue
    if command[0] == "uci":
        if mode == "silent":
            continue
        say("id name Misbehaving " + mode)
        say("option name UCI_Variant type combo default yinyang var yinyang")
        say("uciok")
    elif command[0] == "isready":
        if mode != "deaf" or not searched:
            say("readyok")
    elif command[0] == "go":
        searched = True
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "garbage":
            say("info depth x score banana pv")
            say("\x00\xff nonsense")
            say("bestmove")
        if mode == "illegal":
            say("info depth 1 score cp 5 nodes 1 time 0 pv a1a1")
            say("bestmove a1a1")
        if mode == "closeout":
            os.close(1)
            time.sleep(3600)
        if mode == "bestmovex":
            say("bestmovex junk")
        if mode == "slow":
            time.sleep(1)
            if "solve" in command:
                say("info string solved p1win margin 6 pv c4b4")
        if mode in ("ok", "bestmovex", "slow", "deaf"):
            say("info depth 1 score cp 5 nodes 1 time 0 pv c4b4")
            say("bestmove c4b4")
    elif command[0] == "quit":
        break
