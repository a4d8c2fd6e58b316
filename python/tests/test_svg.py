"""Pictures of boards (triad.svg, docs/python.md "Pictures"), read back with xml.etree: every
piece drawn where the board JSON puts it, Yin Yang's square colours, Razzle Dazzle's balls and
ineligible marks, Íves dáma's lines and arcs, lastmove and arrows, Board._repr_svg_."""
import xml.etree.ElementTree as ET

import pytest

import triad
from triad import svg
from conftest import docs_examples

NS = {"svg": "http://www.w3.org/2000/svg"}


def parsed(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def of_class(root: ET.Element, tag: str, name: str) -> list:
    return [e for e in root.iter(f"{{{NS['svg']}}}{tag}")
            if name in e.get("class", "").split()]


@pytest.mark.parametrize("variant", ["razzledazzle", "yinyang", "ivesdama"])
def test_every_piece_is_drawn_and_the_picture_is_the_boards_repr_svg(variant):
    board = triad.Board(variant)
    for _ in range(3):
        board.push(board.legal_moves[0])
    text = svg.board(board)
    root = parsed(text)
    pieces = [p for p in board.board_dict()["points"] if p["piece"] not in ". "]
    circles = of_class(root, "circle", "piece")
    assert sorted(c.get("class").split()[1] for c in circles) == sorted(p["piece"] for p in pieces)
    assert board._repr_svg_() == text and "triad-board" in root.get("class")
    assert svg.board(board, size=200).count('width="200"') == 1


def test_yinyang_squares_have_their_colours():
    board = triad.Board("yinyang")
    root = parsed(svg.board(board))
    squares = {s.get("class").split()[1]: s.get("fill") for s in of_class(root, "rect", "square")}
    for point in board.board_dict()["points"]:
        expected = svg.COLOURS["dark square" if point["dark"] else "light square"]
        assert squares[point["name"]] == expected
    assert len(set(squares.values())) == 2


def test_razzle_dazzle_balls_and_ineligible_marks():
    board = triad.Board("razzledazzle", "1pbxpp1/7/7/7/7/7/7/1PBXPP1 1 - - 0")
    root = parsed(svg.board(board))
    assert len(of_class(root, "circle", "ball")) == 2
    assert len(of_class(root, "path", "ineligible")) == 2
    assert len(of_class(root, "circle", "piece")) == 10


def test_ives_dama_has_its_points_lines_and_arcs():
    board = triad.Board("ivesdama")
    data = board.board_dict()
    root = parsed(svg.board(board))
    assert len(of_class(root, "line", "link")) == len(data["links"]) > 0
    arcs = of_class(root, "path", "arc")
    assert len(arcs) == len(data["arcs"]) == 2 and all(" Q" in a.get("d") for a in arcs)
    assert len(of_class(root, "circle", "point")) == len(data["points"])
    assert not of_class(root, "rect", "square")


def test_lastmove_and_arrows():
    board = triad.Board("yinyang")
    move = board.push_uci("c3b3")
    root = parsed(svg.board(board, lastmove=move, arrows=[("a1", "f6"),
                                                          svg.Arrow("b1", "b2", "#ff0000")]))
    assert sorted(r.get("class").split()[1] for r in of_class(root, "rect", "lastmove")) == \
        ["b3", "c3"]
    arrows = of_class(root, "line", "arrow")
    assert len(arrows) == 2 and arrows[1].get("stroke") == "#ff0000"
    with pytest.raises(ValueError, match="'z9' is not a point of this board"):
        svg.board(board, arrows=[("a1", "z9")])


def test_the_docs_example_writes_the_three_pictures(tmp_path, monkeypatch):
    block, = docs_examples("triad.svg.board(razzle")
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "docs/python.md", "exec"), {})
    page = (tmp_path / "boards.html").read_text()
    assert page.count("<svg ") == 3 and "razzledazzle" in page and "ivesdama" in page
