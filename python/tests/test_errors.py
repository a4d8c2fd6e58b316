"""Bad input raises with the message of the engine's error line for the same input."""
import pytest

import triad
from triad.engine import SimpleEngine


@pytest.mark.parametrize("variant,line", [("yinyang", "6/6/6 1 0"),
                                          ("razzledazzle", "1ppbpp1/7 1 - - 0"),
                                          ("ivesdama", "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/Q 1 0")])
def test_bad_position_lines(engine_path, variant, line):
    with pytest.raises(triad.InvalidPositionError) as error:
        triad.Board(variant, line)
    with SimpleEngine.popen(engine_path) as engine:
        assert engine_errors(engine, [f"setoption name UCI_Variant value {variant}",
                                      f"position fen {line}"]) == [f"position fen : {error.value}"]


def test_bad_moves(engine_path):
    board = triad.Board("yinyang")
    with pytest.raises(triad.IllegalMoveError) as error:
        board.push("a1a1")
    with SimpleEngine.popen(engine_path) as engine:
        errors = engine_errors(engine, ["setoption name UCI_Variant value yinyang",
                                        "position startpos moves a1a1"])
    assert errors == [f"illegal move a1a1 at ply 1 : {error.value}"]


def test_unknown_variant(engine_path):
    with pytest.raises(triad.UnknownVariantError) as error:
        triad.Board("chess")
    with SimpleEngine.popen(engine_path) as engine:
        errors = engine_errors(engine, ["setoption name UCI_Variant value chess"])
    assert errors == ["setoption UCI_Variant : 'chess' is not one of the allowed values"]
    assert str(error.value).startswith(
        "'chess' is not one of the allowed values (known: razzledazzle,")


def engine_errors(engine, commands):
    """The `info string error` texts the engine prints for `commands`."""
    for command in commands:
        engine.send(command)
    try:
        engine.query("fen")
    except triad.engine.EngineError as error:
        return [str(error)]
    return []
