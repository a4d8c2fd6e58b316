"""The engine API against Triad (blocking and asyncio) and against misbehaving engines."""
import asyncio
import os
import time

import pytest

import triad
from triad.engine import (Engine, EngineError, EngineTerminatedError, EngineTimeoutError, Limit,
                          SimpleEngine)
from conftest import misbehaving

# A Yin Yang position near its end (docs/protocol.md "go solve"): Player 1 wins by 6.
SOLVABLE = "1L4/1DD3/2LLLL/LLLLDD/DDLLLD/D1LDDD 1 20"


def test_handshake_options_and_configure(engine_path):
    with SimpleEngine.popen(engine_path) as engine:
        assert engine.id["name"].startswith("Triad")
        assert engine.options["hash"].type == "spin" and engine.options["hash"].min >= 1
        assert "yinyang" in engine.options["uci_variant"].var
        engine.configure({"Hash": 8, "Threads": 1})
        with pytest.raises(EngineError, match="no option"):
            engine.configure({"NoSuchOption": 1})


def test_analyse_multipv_lines(engine_path):
    board = triad.Board("yinyang")
    seen = []
    with SimpleEngine.popen(engine_path) as engine:
        lines = engine.analyse(board, Limit(depth=4), multipv=3, info=seen.append)
    assert [line["multipv"] for line in lines] == [1, 2, 3]
    for line in lines:
        assert line["depth"] >= 1 and line["nodes"] > 0 and line["time"] >= 0
        assert line["score"].cp is not None or line["score"].mate is not None
        assert line["pv"] and line["pv"][0] in board.legal_moves
    assert len({str(line["pv"][0]) for line in lines}) == 3
    assert len(seen) >= 3


def test_play_a_whole_game_against_itself(engine_path):
    board = triad.Board("yinyang")
    with SimpleEngine.popen(engine_path) as engine:
        while not board.is_game_over():
            result = engine.play(board, Limit(nodes=200))
            assert result.move in board.legal_moves
            board.push(result.move)
        assert engine.play(board, Limit(depth=1)).move is None
    assert board.outcome() is not None


def test_live_analysis_can_be_stopped(engine_path):
    board = triad.Board("razzledazzle")
    with SimpleEngine.popen(engine_path) as engine:
        search = engine.analysis(board)  # infinite
        start = time.monotonic()
        infos = []
        for info in search:
            infos.append(info)
            if len(infos) == 3:
                search.stop()
        assert time.monotonic() - start < 10
        assert search.wait().move in board.legal_moves
        engine.ping()  # still usable


def test_solve(engine_path):
    board = triad.Board("yinyang", SOLVABLE)
    with SimpleEngine.popen(engine_path) as engine:
        exact = engine.solve(board, exact=True)
        assert (exact.winner, exact.margin) == (1, 6)
        assert exact.pv and exact.pv[0] == exact.best
        quick = engine.solve(board)
        assert quick.winner == 1 and quick.best in board.legal_moves
        with pytest.raises(EngineError, match="no solver"):
            engine.solve(triad.Board("razzledazzle"))


def test_asyncio_api(engine_path):
    async def main():
        board = triad.Board("ivesdama")
        async with await Engine.popen(engine_path) as engine:
            play = await engine.play(board, Limit(depth=3))
            info = await engine.analyse(board, Limit(depth=3))
            return play.move in board.legal_moves, info["depth"]
    legal, depth = asyncio.run(main())
    assert legal and depth >= 1


def wait_gone(pid):
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def test_a_crashing_engine_raises():
    board = triad.Board("yinyang")
    with SimpleEngine.popen(misbehaving("crash")) as engine:
        with pytest.raises(EngineTerminatedError, match="exited with status 3"):
            engine.play(board, Limit(depth=1))


def test_a_hung_engine_times_out_and_is_killed():
    board = triad.Board("yinyang")
    with SimpleEngine.popen(misbehaving("hang")) as engine:
        pid = engine.engine._process.pid
        start = time.monotonic()
        with pytest.raises(EngineTimeoutError, match="within 0.5 s"):
            engine.play(board, Limit(depth=1), timeout=0.5)
        assert time.monotonic() - start < 5
        assert wait_gone(pid)


def test_an_engine_that_never_handshakes():
    start = time.monotonic()
    with pytest.raises(EngineTimeoutError, match="uciok"):
        SimpleEngine.popen(misbehaving("silent"), timeout=0.5)
    assert time.monotonic() - start < 5


def test_garbage_and_illegal_moves_raise():
    board = triad.Board("yinyang")
    with SimpleEngine.popen(misbehaving("garbage")) as engine:
        with pytest.raises(EngineError, match="bestmove line without a move"):
            engine.play(board, Limit(depth=1))  # the malformed info lines before it are skipped
    with SimpleEngine.popen(misbehaving("illegal")) as engine:
        with pytest.raises(EngineError, match="illegal move 'a1a1'"):
            engine.play(board, Limit(depth=1))
    with SimpleEngine.popen(misbehaving("ok")) as engine:
        assert str(engine.play(board, Limit(depth=1)).move) == "c4b4"


def test_no_process_is_left_behind(engine_path):
    with SimpleEngine.popen(engine_path) as engine:
        pid = engine.engine._process.pid
    assert wait_gone(pid)
    with pytest.raises(EngineError):
        SimpleEngine.popen(["/nonexistent/engine"])


def test_a_search_left_running_is_an_error_not_a_hang(engine_path):
    board = triad.Board("yinyang")
    with SimpleEngine.popen(engine_path, timeout=1.0) as engine:
        search = engine.analysis(board)  # infinite, never iterated
        start = time.monotonic()
        with pytest.raises(EngineError, match="still busy"):
            engine.ping()
        assert time.monotonic() - start < 5
        search.stop()
        assert search.wait().move in board.legal_moves
        engine.ping()
