"""Boards and moves as values, with python-chess's spellings (docs/python.md "Boards"): equal
and hashed by position (variant and position line, not the move stack), copy(stack=),
fen/set_fen, push_uci, peek, parse_uci, Move.from_uci/uci(), legal_moves as a live view."""
import pytest

import triad
from conftest import docs_examples, run_docs_example


def test_boards_are_equal_by_position_not_by_how_they_got_there():
    # Yin Yang: two move orders to the same stones, side to move and ply.
    a, b = triad.Board("yinyang"), triad.Board("yinyang")
    first, second = str(a.legal_moves[0]), str(a.legal_moves[1])
    for move in (first, second):
        a.push_uci(move)
        a.push_uci(str(a.legal_moves[-1]))
    b.set_fen(a.fen())
    assert a == b and len({a, b}) == 1 and a.move_stack and not b.move_stack
    assert hash(a) == hash(b) and a != triad.Board("yinyang") and a != a.fen()
    # The same stones with the other side to move, or in another variant, are not equal.
    line = a.fen().split()
    other = triad.Board("yinyang", " ".join([line[0], "1" if line[1] == "2" else "2"] + line[2:]))
    assert other != a and triad.Board("razzledazzle") != triad.Board("ivesdama")


def test_razzle_dazzle_boards_differ_by_their_ineligible_marks():
    # docs/games/razzle-dazzle.md: X is an ineligible Player 1 piece, P an eligible one.
    eligible = triad.Board("razzledazzle", "1pbxpp1/7/7/7/7/7/7/1PBPPP1 1 - - 0")
    ineligible = triad.Board("razzledazzle", "1pbxpp1/7/7/7/7/7/7/1PBXPP1 1 - - 0")
    assert eligible != ineligible and len({eligible, ineligible}) == 2
    assert eligible == triad.Board("razzledazzle", eligible.fen())


def test_copy_with_and_without_the_stack():
    board = triad.Board("ivesdama")
    played = board.push_uci(str(board.legal_moves[0]))
    assert board.peek() == played and played == triad.Move.from_uci(played.uci())
    same, bare = board.copy(), board.copy(stack=False)
    assert same == bare == board and same.move_stack == [played] and bare.move_stack == []
    assert bare.root_position_line() == board.fen()
    bare.push(bare.legal_moves[0])
    assert bare != board  # independent
    with pytest.raises(IndexError, match="empty move stack"):
        triad.Board("ivesdama").peek()


def test_push_uci_and_parse_uci_refuse_an_illegal_move_and_change_nothing():
    board = triad.Board("yinyang")
    before = board.fen()
    with pytest.raises(triad.IllegalMoveError):
        board.push_uci("z9z9")
    with pytest.raises(triad.IllegalMoveError):
        board.parse_uci("z9z9")
    assert board.fen() == before and board.move_stack == []


def test_legal_moves_is_a_live_view():
    board = triad.Board("yinyang")
    moves = board.legal_moves
    before = [str(m) for m in moves]
    board.push(moves[0])
    assert moves.count() == len(moves) == len(board.legal_moves)
    assert [str(m) for m in moves] == [str(m) for m in board.legal_moves] != before


def test_the_docs_example_of_boards_as_values_prints_what_it_says(capsys):
    block, = docs_examples("len({a, b})")
    run_docs_example(block, capsys)
