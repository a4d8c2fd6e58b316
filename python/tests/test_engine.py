"""The engine API against Triad (blocking and asyncio) and against misbehaving engines."""
import asyncio
import os
import signal
import threading
import time

import pytest

import triad
import triad.engine
from triad.engine import (Cp, Engine, EngineError, EngineTerminatedError, EngineTimeoutError,
                          Limit, Mate, Score, SimpleEngine, Wdl, parse_info)
from conftest import docs_examples, misbehaving, run_docs_example

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
        assert line["score"].relative.score(mate_score=100000) is not None
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


def test_a_command_given_while_a_search_runs_stops_it(engine_path):
    board = triad.Board("razzledazzle")
    with SimpleEngine.popen(engine_path, timeout=2.0) as engine:
        pid = engine.engine._process.pid
        search = engine.analysis(board)  # infinite, never iterated
        engine.ping()  # stops it and reads it to its bestmove (it was "still busy")
        assert search.wait().move in board.legal_moves
        search = engine.analysis(board)
        for _ in search:
            break  # a break outside `with`
        assert engine.analyse(board, Limit(depth=2))["depth"] == 2
        assert search.wait().move in board.legal_moves
        assert engine.engine._process.pid == pid and engine.engine._process.returncode is None


def test_an_exception_in_a_callback_stops_the_search(engine_path):
    board = triad.Board("razzledazzle")

    def boom(info):
        raise RuntimeError("boom")

    with SimpleEngine.popen(engine_path, timeout=2.0) as engine:
        pid = engine.engine._process.pid
        with pytest.raises(RuntimeError, match="boom"):
            engine.analyse(board, Limit(depth=60), info=boom)
        assert engine.analyse(board, Limit(depth=2))["depth"] == 2
        assert engine.engine._process.pid == pid and engine.engine._process.returncode is None


def test_a_cancelled_search_is_stopped_and_the_engine_stays_usable(engine_path):
    board = triad.Board("razzledazzle")

    async def iterate(engine):
        async for _ in await engine.analysis(board):
            pass

    async def main():
        async with await Engine.popen(engine_path, timeout=2.0) as engine:
            depths = []
            for search in (lambda: engine.play(board, Limit(depth=60)), lambda: iterate(engine)):
                task = asyncio.create_task(search())
                await asyncio.sleep(0.3)
                task.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await task
                # (before, the cancelled search ran on, and this one timed out and was killed)
                depths.append((await engine.analyse(board, Limit(depth=2), timeout=5))["depth"])
            return depths, engine._process.returncode
    assert asyncio.run(main()) == ([2, 2], None)


def test_keyboard_interrupt_stops_the_search(engine_path):
    board = triad.Board("razzledazzle")
    with SimpleEngine.popen(engine_path, timeout=2.0) as engine:
        pid = engine.engine._process.pid
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            engine.play(board, Limit(depth=60))
        timer.join()
        assert engine.play(board, Limit(depth=2), timeout=5).move in board.legal_moves
        assert engine.engine._process.pid == pid and engine.engine._process.returncode is None


def test_configure_raises_with_the_engines_message(engine_path):
    with SimpleEngine.popen(engine_path) as engine:
        with pytest.raises(EngineError, match="setoption Hash : -5 is out of range 1..65536"):
            engine.configure({"Hash": -5})
        with pytest.raises(EngineError, match="setoption Evaluation : 'banana' is not one of"):
            engine.configure({"Evaluation": "banana"})
        engine.configure({"Hash": 8, "Evaluation": "classical"})
        assert engine.play(triad.Board("razzledazzle"), Limit(depth=1)).move is not None


def test_an_option_value_cannot_smuggle_a_second_command(engine_path, tmp_path):
    log = tmp_path / "smuggled.log"
    with SimpleEngine.popen(engine_path) as engine:
        for value in (f"8\nsetoption name Debug Log File value {log}", "8\r", "8\x00"):
            with pytest.raises(ValueError, match="control characters"):
                engine.configure({"Hash": value})
        with pytest.raises(ValueError, match="control characters"):
            engine.send("isready\nquit")
        assert engine.play(triad.Board("razzledazzle"), Limit(depth=1)).move is not None
    assert not log.exists()


def test_strength_level_from_python(engine_path):
    # A limited level (docs/strength.md) with a fixed seed plays the same move twice and no
    # book move; a level out of range is the engine's one error.
    board = triad.Board("yinyang")
    with SimpleEngine.popen(engine_path) as engine:
        with pytest.raises(EngineError, match="setoption Skill Level : 21 is out of range 0..20"):
            engine.configure({"Skill Level": 21})
        engine.configure({"Skill Level": 3, "Skill Seed": 11})
        first = engine.play(board, Limit(nodes=500))
        second = engine.play(board, Limit(nodes=500))
        assert first.move == second.move and first.move in board.legal_moves
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": 500})
        assert engine.play(board, Limit(nodes=500)).move in board.legal_moves


def test_multipv_of_one_call_applies_to_that_call_only(engine_path):
    board = triad.Board("razzledazzle")

    def lines_of_a_plain_search(engine):
        search = engine.analysis(board, Limit(depth=3))
        search.wait()
        return len(search.multipv())

    with SimpleEngine.popen(engine_path) as engine:
        assert len(engine.analyse(board, Limit(depth=3), multipv=3)) == 3
        assert lines_of_a_plain_search(engine) == 1
        engine.configure({"MultiPV": 2})
        assert len(engine.analyse(board, Limit(depth=3), multipv=3)) == 3
        assert lines_of_a_plain_search(engine) == 2  # the configured value again


def test_a_go_the_engine_refuses_raises_its_message_and_the_engine_stays_usable(engine_path):
    board = triad.Board("razzledazzle")
    assert Limit(time=0.0001).go_arguments() == "movetime 1"  # never movetime 0
    with SimpleEngine.popen(engine_path) as engine:
        pid = engine.engine._process.pid
        for limit, message in ((Limit(nodes=-5), "go nodes '-5' : not an integer"),
                               (Limit(depth=0), "go depth '0' : out of range"),
                               (Limit(depth=10**20),
                                "go depth '100000000000000000000' : out of range")):
            with pytest.raises(EngineError, match=message):
                engine.play(board, limit)
        with pytest.raises(EngineError, match="go nodes"):
            engine.analyse(board, Limit(nodes=-5))
        assert engine.play(board, Limit(time=0.0001)).move in board.legal_moves
        assert engine.engine._process.pid == pid and engine.engine._process.returncode is None


def test_a_search_with_a_limit_has_no_default_timeout(monkeypatch):
    # The client killed such searches after a fixed 60 s; shortened here so that any default
    # timeout shows at once. The engine answers after a second, beyond its popen timeout too.
    monkeypatch.setattr(triad.engine, "SEARCH_TIMEOUT", 0.5, raising=False)
    board = triad.Board("yinyang")
    with SimpleEngine.popen(misbehaving("slow"), timeout=0.5) as engine:
        assert str(engine.play(board, Limit(depth=1)).move) == "c4b4"
        solved = engine.solve(board)
        assert (solved.winner, solved.margin, str(solved.best)) == (1, 6, "c4b4")


def test_an_engine_that_closes_its_output_but_runs_on_is_killed():
    board = triad.Board("yinyang")
    with SimpleEngine.popen(misbehaving("closeout"), timeout=0.5) as engine:
        pid = engine.engine._process.pid
        with pytest.raises(EngineTerminatedError, match="closed its output"):
            engine.play(board, Limit(depth=1))
        assert wait_gone(pid)


def test_only_a_bestmove_token_ends_a_search():
    board = triad.Board("yinyang")
    with SimpleEngine.popen(misbehaving("bestmovex"), timeout=2.0) as engine:
        for _ in range(2):  # the real bestmove is not left for the next search
            assert str(engine.play(board, Limit(depth=1)).move) == "c4b4"


def test_an_engine_that_does_not_answer_isready_after_a_search_is_killed():
    board = triad.Board("yinyang")
    with SimpleEngine.popen(misbehaving("deaf"), timeout=0.5) as engine:
        pid = engine.engine._process.pid
        with pytest.raises(EngineTimeoutError, match="did not answer 'readyok' within 0.5 s"):
            engine.play(board, Limit(depth=1))  # its bestmove came; the client must stay in step
        assert wait_gone(pid)


# Player 2 to move, three plies from the end, lost by force: `mate -2` in UCI, `mate -3` in UGI.
LOST_IN_THREE_PLIES = "LD3D/DLLDLL/L1LLLD/DLLLDD/DDLLLD/D1LDDD 2 27"


def test_scores_have_a_point_of_view_and_mates_count_moves_in_both_protocols(engine_path):
    board = triad.Board("yinyang", LOST_IN_THREE_PLIES)
    for protocol in ("uci", "ugi"):
        with SimpleEngine.popen(engine_path, protocol=protocol) as engine:
            engine.configure({"UCI_ShowWDL": True})
            info = engine.analyse(board, Limit(depth=6))
        score = info["score"]
        assert score.relative == Score(mate=-2) == Mate(-2) and score.is_mate(), protocol
        assert score.relative.mate() == -2 and score.relative.score() is None, protocol
        assert score.pov(2) == score.p2() == Score(mate=-2) and score.p1() == Score(mate=2)
        assert info["wdl"].relative == Wdl(0, 0, 1000) and info["wdl"].p1() == (1000, 0, 0)
        assert info["wdl"].expectation() == 0.0 and info["wdl"].p1().expectation() == 1.0


def test_parsed_scores_and_wdl():
    board = triad.Board("yinyang")  # Player 1 to move
    info = parse_info("info depth 2 score cp 35 lowerbound wdl 500 300 200 pv c4b4", board)
    assert info["score"].relative == Score(cp=35, bound="lower") and not info["score"].is_mate()
    assert info["score"].p2() == Score(cp=-35, bound="upper")
    assert str(info["score"]) == "cp 35 (lowerbound)"
    assert info["wdl"].relative.expectation() == pytest.approx(0.65)
    assert info["wdl"].p2() == Wdl(200, 300, 500)
    assert info["wdl"].p2().expectation() == pytest.approx(0.35)
    for plies, moves in ((1, 1), (2, 1), (3, 2), (-1, -1), (-2, -1), (-3, -2)):
        assert parse_info(f"info score mate {plies}", board, "ugi")["score"].relative == Mate(moves)
        assert parse_info(f"info score mate {moves}", board)["score"].relative.mate() == moves
    with pytest.raises(ValueError, match="side to move is not known"):
        parse_info("info score cp 5")["score"].p1()
    with pytest.raises(ValueError, match="player must be 1 or 2"):
        info["score"].pov(3)


def test_parse_info_reads_as_the_engines_own_reader():
    # The reader of protocol/client/info_line.h: a number that is not one or does not fit its
    # field is left out and named in "problem", and the rest of the line is still read.
    board = triad.Board("yinyang")
    info = parse_info("info depth 3 nodes 99999999999999999999 score cp 5 time 1500 pv c4b4", board)
    assert info["problem"] == "nodes '99999999999999999999' is not a 64-bit integer"
    assert "nodes" not in info and info["depth"] == 3 and info["score"].relative == Cp(5)
    assert info["time"] == 1.5 and [str(m) for m in info["pv"]] == ["c4b4"]
    assert parse_info("info hashfull 1001 depth 2") == {
        "depth": 2, "problem": "hashfull '1001' is outside 0..1000"}
    assert parse_info("info string solved  p1win 3") == {"string": "solved p1win 3"}
    assert parse_info("info score mate 4 upperbound", board, "ugi")["score"].relative == Score(
        mate=2, bound="upper")


def test_the_parse_info_examples_of_the_docs_print_what_they_say(capsys):
    blocks = docs_examples("parse_info(")
    assert len(blocks) == 2  # the scores' and parse_info's
    for block in blocks:
        run_docs_example(block, capsys)


def test_every_public_member_of_the_engine_api_has_a_docstring():
    missing = []
    for name in triad.engine.__all__:
        obj = getattr(triad.engine, name)
        if not isinstance(obj, type):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        for member, value in vars(obj).items():
            if isinstance(value, property):
                function = value.fget
            else:
                function = getattr(value, "__func__", value)
            documented = bool((function.__doc__ or "").strip())
            if not member.startswith("_") and callable(function) and not documented:
                missing.append(f"{name}.{member}")
    assert missing == []


def test_a_variant_the_engine_does_not_know_raises_its_message(engine_path, tmp_path):
    path = tmp_path / "client.yaml"
    path.write_text("variants:\n  - name: razzle-client\n    game: razzledazzle\n"
                    "    rules: basic\n")
    triad.load_variants(str(path))  # known to the module, not to the engine
    start = triad.Board("razzledazzle")
    with SimpleEngine.popen(engine_path, timeout=2.0) as engine:
        engine.play(start, Limit(depth=1))
        with pytest.raises(EngineError, match="'razzle-client' is not one of the allowed values"):
            # the go that follows the refused variant searches the previous position: stopped
            engine.play(triad.Board("razzle-client"), Limit(depth=60))
        assert engine.analyse(start, Limit(depth=2))["depth"] == 2
