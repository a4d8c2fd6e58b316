"""Engine scores as python-chess spells them (triad.engine: Cp, Mate, MateGiven, PovScore, Wdl,
PovWdl; docs/python.md "Scores"), and the old attribute spelling, deprecated."""
import warnings

import pytest

import triad
from triad.engine import Cp, Mate, MateGiven, PovScore, PovWdl, Score, Wdl, parse_info


def test_scores_read_as_python_chess_reads_them():
    assert Cp(35).score() == 35 and Cp(35).score(mate_score=10000) == 35
    assert Cp(35).mate() is None and not Cp(35).is_mate()
    assert Mate(3).score() is None and Mate(3).score(mate_score=10000) == 9997
    assert Mate(-3).score(mate_score=10000) == -9997 and Mate(-3).mate() == -3
    assert Mate(0).score(mate_score=10000) == -10000 and Mate(0).is_mate()
    assert MateGiven().mate() == 0 and MateGiven().score(mate_score=10000) == 10000
    assert Score(cp=-7) == Cp(-7) and Score(mate=2) == Mate(2) and isinstance(Cp(1), Score)
    with pytest.raises(ValueError, match="either cp=n or mate=n"):
        Score()


def test_scores_are_ordered_from_mated_now_to_mate_given_and_negate():
    order = [Mate(0), Mate(-1), Mate(-2), Cp(-50), Cp(0), Cp(200), Mate(4), Mate(1), MateGiven()]
    assert sorted(reversed(order)) == order
    assert all(a < b and b > a and a <= b and not a >= b for a, b in zip(order, order[1:]))
    assert [-s for s in order] == [MateGiven(), Mate(1), Mate(2), Cp(50), Cp(0), Cp(-200),
                                   Mate(-4), Mate(-1), Mate(0)]
    assert -Cp(5, "lower") == Cp(-5, "upper") and str(Mate(-2)) == "mate -2"
    assert len({Cp(5), Score(cp=5), Mate(5)}) == 2


def test_pov_scores_and_wdl_from_either_side():
    board = triad.Board("yinyang")
    board.push(board.legal_moves[0])  # Player 2 to move
    info = parse_info("info score mate 2 wdl 900 50 50", board)
    score, wdl = info["score"], info["wdl"]
    assert score == PovScore(Mate(2), 2) and score.relative.mate() == 2
    assert score.p2() == score.pov(2) == Mate(2) and score.p1() == Mate(-2)
    assert wdl == PovWdl(Wdl(900, 50, 50), 2) and wdl.p1() == Wdl(50, 50, 900)
    assert wdl.relative.winning_chance() == 0.9 and wdl.relative.drawing_chance() == 0.05
    assert wdl.relative.losing_chance() == 0.05 and wdl.expectation() == 0.925
    with pytest.raises(ValueError, match="no weight"):
        Wdl(0, 0, 0).expectation()


def test_the_old_attribute_spelling_works_with_a_deprecation_warning():
    score = PovScore(Mate(-2), 1)
    with pytest.warns(DeprecationWarning, match=r"Score.mate as an attribute .* use mate\(\)"):
        assert score.mate == -2
    with pytest.warns(DeprecationWarning, match=r"Score.cp as an attribute .* use score\(\)"):
        assert f"{Cp(35).cp / 100:+.2f}" == "+0.35"
    with pytest.warns(DeprecationWarning):
        assert Cp(35).mate == None  # noqa: E711 (the old spelling compared with None)
    with pytest.warns(DeprecationWarning):
        assert not Cp(35).mate and Cp(35).cp + 1 == 36 and int(Mate(3).mate) == 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert score.relative.mate() == -2 and Cp(35).mate() is None  # the new spelling: silent
