"""Pictures of boards as SVG (docs/python.md "Pictures"), as chess.svg draws chess boards:
`triad.svg.board(board, arrows=..., lastmove=..., size=...)` for any variant, from the board
JSON the module gives (Board.board_dict(): the points with their drawing coordinates and
pieces, and Íves dáma's lines and arcs), so a board loaded from a variant file is drawn as it
is. Grid games are squares (Yin Yang's in its dark and light colours, Razzle Dazzle's ball
holders with their ball and ineligible pieces crossed out); Íves dáma is points joined by its
lines and arcs. `Board._repr_svg_` is this picture, so notebooks show boards."""
from __future__ import annotations

import re
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union
from xml.sax.saxutils import escape, quoteattr

from triad._triad import Board, Move

CELL = 40  # one grid step, in the picture's own units
MARGIN = 24  # room for the coordinates (and Íves dáma's arcs: ARC_BULGE beyond the points)
ARC_BULGE = 1.6  # how far beyond the board an arc's control point lies, in grid steps
COLOURS = {
    "light square": "#e9e4d4", "dark square": "#8b929c", "field": "#dce6cf",
    "field alternate": "#cddbbd", "line": "#5b5b5b", "point": "#5b5b5b",
    "player 1": "#f8f8f2", "player 2": "#262626", "outline": "#111111", "ball": "#e8a317",
    "ineligible": "#c0392b", "lastmove": "#f4d03f", "arrow": "#1f6fd1", "base": "#b9d7f2",
}


class Arrow(NamedTuple):
    """An arrow from point `tail` to point `head` (point names, e.g. "d1", "c3")."""

    tail: str
    head: str
    color: str = COLOURS["arrow"]


_POINT = re.compile(r"[a-z]+[0-9]+")


def points_of(move: Union[Move, str]) -> List[str]:
    """The point names a move's token names, in order ("d1c1b1": d1, c1, b1)."""
    return _POINT.findall(str(move))


def _arrows(arrows: Iterable[Union[Arrow, Tuple[str, str]]]) -> List[Arrow]:
    return [a if isinstance(a, Arrow) else Arrow(*a) for a in arrows]


class _Picture:
    """The board's geometry in picture units: y grows downwards, the board's row 0 at the
    bottom as `query board` draws it."""

    def __init__(self, data: Dict[str, Any]) -> None:
        self.data = data
        self.points = {p["name"]: p for p in data["points"]}
        self.width = 1 + max(p["x"] for p in data["points"])
        self.height = 1 + max(p["y"] for p in data["points"])
        self.grid = not data.get("links") and not data.get("arcs")
        self.margin = MARGIN + (0 if self.grid else ARC_BULGE * CELL / 2)

    def centre(self, name: str) -> Tuple[float, float]:
        point = self.points[name]
        return (self.margin + (point["x"] + 0.5) * CELL,
                self.margin + (self.height - 0.5 - point["y"]) * CELL)

    def size(self) -> Tuple[float, float]:
        return self.width * CELL + 2 * self.margin, self.height * CELL + 2 * self.margin


def _square(picture: _Picture, point: Dict[str, Any], game: str) -> str:
    x, y = picture.centre(point["name"])
    if game == "yinyang":
        colour = COLOURS["dark square" if point.get("dark") else "light square"]
    else:
        colour = COLOURS["field" if (point["x"] + point["y"]) % 2 else "field alternate"]
    return (f'<rect class="square {escape(point["name"])}" x="{x - CELL / 2:g}" '
            f'y="{y - CELL / 2:g}" width="{CELL}" height="{CELL}" fill="{colour}"/>')


def _piece(picture: _Picture, point: Dict[str, Any]) -> List[str]:
    letter = point["piece"]
    if letter in ". ":
        return []
    x, y = picture.centre(point["name"])
    owner = "player 1" if letter.isupper() else "player 2"
    if letter in "DL":  # Yin Yang's stones are dark and light, not a player's
        owner = "player 2" if letter == "D" else "player 1"
    out = [f'<circle class="piece {escape(letter)}" cx="{x:g}" cy="{y:g}" r="{CELL * 0.38:g}" '
           f'fill="{COLOURS[owner]}" stroke="{COLOURS["outline"]}" stroke-width="1.5"/>']
    if letter in "Bb":
        out.append(f'<circle class="ball" cx="{x:g}" cy="{y:g}" r="{CELL * 0.16:g}" '
                   f'fill="{COLOURS["ball"]}" stroke="{COLOURS["outline"]}"/>')
    if letter in "Xx":
        d = CELL * 0.22
        out.append(f'<path class="ineligible" d="M{x - d:g},{y - d:g} L{x + d:g},{y + d:g} '
                   f'M{x - d:g},{y + d:g} L{x + d:g},{y - d:g}" stroke="{COLOURS["ineligible"]}" '
                   'stroke-width="3" stroke-linecap="round"/>')
    return out


def _arc(picture: _Picture, arc: Dict[str, str]) -> str:
    """A quadratic curve between the arc's ends that bulges past the board on its side."""
    (x1, y1), (x2, y2) = picture.centre(arc["from"]), picture.centre(arc["to"])
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    left, right = picture.margin, picture.margin + picture.width * CELL
    top, bottom = picture.margin, picture.margin + picture.height * CELL
    bulge = ARC_BULGE * CELL / 2
    controls = {"left": (left - bulge, my), "right": (right + bulge, my),
                "top": (mx, top - bulge), "bottom": (mx, bottom + bulge)}
    control = controls.get(arc["side"], (mx, my))
    return (f'<path class="arc" d="M{x1:g},{y1:g} Q{control[0]:g},{control[1]:g} {x2:g},{y2:g}" '
            f'fill="none" stroke="{COLOURS["line"]}" stroke-width="2"/>')


def _lines(picture: _Picture) -> List[str]:
    out = []
    for a, b in picture.data.get("links", []):
        (x1, y1), (x2, y2) = picture.centre(a), picture.centre(b)
        out.append(f'<line class="link" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                   f'stroke="{COLOURS["line"]}" stroke-width="2"/>')
    out += [_arc(picture, arc) for arc in picture.data.get("arcs", [])]
    for player, names in picture.data.get("bases", {}).items():
        for name in names:
            x, y = picture.centre(name)
            out.append(f'<circle class="base player{escape(player)}" cx="{x:g}" cy="{y:g}" '
                       f'r="{CELL * 0.46:g}" fill="{COLOURS["base"]}"/>')
    for name in picture.points:
        x, y = picture.centre(name)
        out.append(f'<circle class="point {escape(name)}" cx="{x:g}" cy="{y:g}" r="3" '
                   f'fill="{COLOURS["point"]}"/>')
    return out


def _coordinates(picture: _Picture) -> List[str]:
    """The file letters under the bottom row and the rank numbers left of the first column."""
    out = []
    style = 'text-anchor="middle" font-size="12" font-family="sans-serif"'
    for name, point in picture.points.items():
        x, y = picture.centre(name)
        named = re.fullmatch(r"([a-z]+)([0-9]+)", name)
        if named is None:  # a variant file's own point names: no coordinates drawn
            continue
        file, rank = named.groups()
        if point["y"] == 0:
            out.append(f'<text class="coordinate" x="{x:g}" y="{picture.size()[1] - 8:g}" '
                       f'{style}>{file}</text>')
        if point["x"] == 0:
            out.append(f'<text class="coordinate" x="8" y="{y + 4:g}" {style}>{rank}</text>')
    return out


def _highlight(picture: _Picture, names: Sequence[str]) -> List[str]:
    out = []
    for name in names:
        if name in picture.points:
            x, y = picture.centre(name)
            out.append(f'<rect class="lastmove {escape(name)}" x="{x - CELL / 2:g}" '
                       f'y="{y - CELL / 2:g}" width="{CELL}" height="{CELL}" '
                       f'fill="{COLOURS["lastmove"]}" fill-opacity="0.6"/>')
    return out


def _arrow(picture: _Picture, arrow: Arrow, number: int) -> List[str]:
    for end in (arrow.tail, arrow.head):
        if end not in picture.points:
            raise ValueError(f"arrow {arrow.tail}-{arrow.head}: {end!r} is not a point of "
                             f"this board")
    (x1, y1), (x2, y2) = picture.centre(arrow.tail), picture.centre(arrow.head)
    colour = quoteattr(arrow.color)
    marker = f"arrowhead{number}"
    return [f'<marker id="{marker}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" '
            f'markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill={colour}/>'
            '</marker>',
            f'<line class="arrow" x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
            f'stroke={colour} stroke-width="{CELL * 0.15:g}" stroke-opacity="0.8" '
            f'marker-end="url(#{marker})"/>']


def board(board: Board, *, arrows: Iterable[Union[Arrow, Tuple[str, str]]] = (),
          lastmove: Optional[Union[Move, str]] = None, size: Optional[int] = None) -> str:
    """The board as an SVG document (text): its squares or points and lines, its pieces,
    `lastmove` highlighted (every point its token names; python-chess's `lastmove`) and
    `arrows` (Arrow(tail, head, color) or (tail, head) pairs of point names) drawn over it.
    `size` is the picture's width in pixels (None: its natural size). ValueError for an
    arrow whose end is not a point of the board."""
    data = board.board_dict()
    picture = _Picture(data)
    width, height = picture.size()
    shown = size if size is not None else width
    game = escape(data["game"])
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="triad-board {game}" '
             f'viewBox="0 0 {width:g} {height:g}" width="{shown:g}" '
             f'height="{shown * height / width:g}">',
             f'<rect class="background" width="{width:g}" height="{height:g}" fill="#ffffff"/>']
    if picture.grid:
        parts += [_square(picture, p, data["game"]) for p in data["points"]]
    parts += _highlight(picture, points_of(lastmove) if lastmove is not None else [])
    if picture.grid:
        parts += _coordinates(picture)
    else:
        parts += _lines(picture)
    for point in data["points"]:
        parts += _piece(picture, point)
    for number, arrow in enumerate(_arrows(arrows)):
        parts += _arrow(picture, arrow, number)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
