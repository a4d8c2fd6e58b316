"""triad-datagen data files (format versions 1 and 2, docs/evaluation.md "The file format"): the
header checked field by field, the complete records memory-mapped, and the boards turned
into the indices of the network's inputs that are on (a position has a dozen or two of its
hundreds of inputs on: lists of indices, not rows of zeros and ones).

The inputs are the board from the side to move's view: for Player 2 to move the points are
taken in reverse order (the board turned half a turn, which maps Player 2's side onto Player
1's in every game here) and the letters' case swapped, so the side to move's men are always
the upper-case letters, moving up the board. Feature `c * points + i` is on when point i
holds the c-th letter of the game's layout (upper case, the side to move's, first; then the
same letters in lower case, the opponent's).
"""

import numpy as np

from triad_train import files

HEADER_BYTES = 128
FORMAT_VERSION = 2
# Version 1 is version 2 without random moves: its u32 of random plies reads as the u16 of
# random plies and a u16 of random moves that is 0.
OLDEST_FORMAT_VERSION = 1
MAGIC = b"TRIADDAT"
MAX_POINTS = 4096

HEADER_FIELDS = [("magic", "S8"), ("version", "<u4"), ("header_bytes", "<u4"),
                 ("record_bytes", "<u4"), ("points", "<u4"), ("game", "S16"),
                 ("variant", "S32"), ("seed", "<u8"), ("nodes", "<u8"),
                 ("random_plies", "<u2"), ("random_moves", "<u2"), ("max_plies", "<u4"),
                 ("hash_mb", "<u4"), ("net_digest", "<u4"), ("openings_digest", "<u8"),
                 ("games", "<u8"), ("records", "<u8")]
HEADER = np.dtype(HEADER_FIELDS)

# The letters of each game's men in its position lines (docs/notation.md), upper case (the
# lower-case ones are the other side's). Yin Yang has none: its stones belong to nobody (the
# case says the colour of the square), and it is solved (docs/games/yin-yang.md).
LAYOUT_LETTERS = {
    "razzledazzle": "PBX",  # man, man holding the ball, man not eligible for the ball
    "ivesdama": "P",
}

# The points of each game's board in position-line order (docs/notation.md): the ranks from
# the top down, each from left to right. Razzle Dazzle's board is always 7 x 8; Íves dáma's
# is the default board, the "double diamond" (adapters/ivesdama/boards/double-diamond.yaml).
POINT_NAMES = {
    "razzledazzle": [f + str(r) for r in range(8, 0, -1) for f in "abcdefg"],
    "ivesdama": ("c9 b8 c8 d8 a7 b7 c7 d7 e7 b6 c6 d6 c5 b4 c4 d4 a3 b3 c3 d3 e3 b2 c2 d2 "
                 "c1").split(),
}

# The variants whose rules the left-right mirror of the board (file a <-> g in Razzle
# Dazzle, a <-> e in Íves dáma) leaves unchanged, so that a position and its mirror image
# are worth the same (docs/evaluation.md "Mirror images"): every Razzle Dazzle variant (knight
# moves, queen-line passes, the neighbourhood of the forced pass, the goal ranks and both
# rule settings are symmetric), and the built-in Íves dáma variants, whose board's lines,
# arcs (b2-b8 on the left, d2-d8 on the right), start and base points (c1, c9) are. Another
# Íves dáma board comes from a board file the data file does not describe.
SYMMETRIC_VARIANTS = {
    "razzledazzle": None,  # all
    "ivesdama": {"ivesdama", "ivesdama-arc", "ivesdama-forward"},
}


class DataError(Exception):
    """A data file that cannot be used: the message names the file and says why."""


def record_dtype(points):
    return np.dtype([("game", "<u4"), ("move", "<u4"), ("score", "<i2"), ("ply", "<u2"),
                     ("side", "u1"), ("result", "i1"), ("board", "u1", (points,))])


class DataFile:
    """One data file: `header` (a dict of the header's fields, names decoded) and `records`
    (a read-only memory map of the complete records; a cut tail is left out)."""

    def __init__(self, path):
        self.path = path
        what = "data file '%s'" % path
        st = files.regular_file(path, what, DataError)
        if st.st_size < HEADER_BYTES:
            raise DataError("%s: is not a triad-datagen data file (shorter than its header)" % what)
        raw = np.fromfile(path, dtype=HEADER, count=1)[0]
        if bytes(raw["magic"]) != MAGIC:
            raise DataError("%s: is not a triad-datagen data file" % what)
        version = int(raw["version"])
        if not OLDEST_FORMAT_VERSION <= version <= FORMAT_VERSION:
            raise DataError("%s: has data format version %d; this trainer reads versions %d to %d"
                            % (what, version, OLDEST_FORMAT_VERSION, FORMAT_VERSION))
        points = int(raw["points"])
        if (int(raw["header_bytes"]) != HEADER_BYTES or not 0 < points <= MAX_POINTS
                or int(raw["record_bytes"]) != 14 + points):
            raise DataError("%s: damaged header (sizes that do not fit together)" % what)
        self.header = {name: raw[name].item() for name, _ in HEADER_FIELDS}
        self.header["game"] = bytes(raw["game"]).decode("ascii", "replace")
        self.header["variant"] = bytes(raw["variant"]).decode("ascii", "replace")
        count = int(raw["records"])
        if st.st_size < HEADER_BYTES + count * (14 + points):
            raise DataError("%s: is truncated (its header counts %d records)" % (what, count))
        if count == 0:
            raise DataError("%s: holds no positions" % what)
        game = self.header["game"]
        if game not in LAYOUT_LETTERS:
            raise DataError("%s: game '%s' has no learned evaluation (the trainer knows %s)"
                            % (what, game, ", ".join(sorted(LAYOUT_LETTERS))))
        self.points = points
        self.records = np.memmap(path, dtype=record_dtype(points), mode="r", offset=HEADER_BYTES,
                                 shape=(count,))


def open_data(paths):
    """The data files, all of one game and board size (else a DataError)."""
    files = [DataFile(p) for p in paths]
    first = files[0]
    for f in files[1:]:
        if f.header["game"] != first.header["game"] or f.points != first.points:
            raise DataError("data file '%s': game %s with %d points, but '%s' holds %s with %d"
                            % (f.path, f.header["game"], f.points, first.path,
                               first.header["game"], first.points))
    return files


def mirror_points(game, variant, points):
    """The left-right mirror as a permutation of the points in position-line order (point i
    of the mirrored board is point `perm[i]` of the board), or None when the rules of the
    variant are not known to be symmetric (SYMMETRIC_VARIANTS)."""
    names = POINT_NAMES.get(game)
    variants = SYMMETRIC_VARIANTS.get(game, set())
    if names is None or len(names) != points or (variants is not None and variant not in variants):
        return None
    files = [ord(n[0]) for n in names]
    across = min(files) + max(files)  # the file of a mirror image: across - file
    where = {n: i for i, n in enumerate(names)}
    return np.array([where[chr(across - ord(n[0])) + n[1:]] for n in names], dtype=np.int64)


def feature_count(letters, points):
    return 2 * len(letters) * points


def _letter_classes(letters):
    """A table of 256 entries: the class of each letter code (the side to move's letters
    0..L-1 as written for Player 1, the other side's L..2L-1), -1 for anything else."""
    table = np.full(256, -1, dtype=np.int64)
    for c, code in enumerate([ord(x) for x in letters.upper()] + [ord(x) for x in letters.lower()]):
        table[code] = c
    return table


def sparse_inputs(boards, sides, letters):
    """The on features of n positions as embedding-bag input: (indices, offsets), int64, 2n
    bags: bag j < n the view of position j from its side to move, bag n + j its opponent's.

    `boards` (n, points) are the records' boards as written (Player 1's view), `sides` the
    side to move. A man of class c on point i is feature c * points + i seen from Player 1,
    and ((c + L) mod 2L) * points + (points - 1 - i) seen from Player 2 (the board turned
    half a turn, the case swapped); the mover's view is Player 1's for Player 1 to move."""
    n, points = boards.shape
    half = len(letters)
    cls = _letter_classes(letters)[boards]
    rows, at = np.nonzero(cls >= 0)  # row by row, so each position's men are one run
    c = cls[rows, at]
    player1 = c * points + at
    player2 = ((c + half) % (2 * half)) * points + (points - 1 - at)
    second = np.asarray(sides)[rows] == 1
    mover = np.where(second, player2, player1)
    other = np.where(second, player1, player2)
    starts = np.zeros(n, dtype=np.int64)
    np.cumsum(np.bincount(rows, minlength=n)[:-1], out=starts[1:])
    return np.concatenate([mover, other]), np.concatenate([starts, starts + len(rows)])


def active_features(board, side, letters):
    """The on features of one position's two views (its mover's, its opponent's), each
    ascending: what the engine's two accumulators add up."""
    indices, offsets = sparse_inputs(np.asarray(board, dtype=np.uint8)[None, :], [side], letters)
    return sorted(indices[:offsets[1]].tolist()), sorted(indices[offsets[1]:].tolist())


def is_validation(games, fraction):
    """Whole games go to the validation split (a game's positions are alike): a fixed hash
    of the game index below `fraction`."""
    h = (np.asarray(games, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    return (h % np.uint64(10000)) < np.uint64(int(round(fraction * 10000)))
