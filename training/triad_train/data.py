"""triad-datagen data files (docs/evaluation.md "The file format"), read through `import triad`
(triad.learn, the C++ library triad-datagen writes them with): the header checked field by
field, the complete records memory-mapped with the library's record type, and the boards
turned into the indices of the network's inputs that are on (a position has a dozen or two
of its hundreds of inputs on: lists of indices, not rows of zeros and ones), computed in C++.

The inputs are the board from the side to move's view (the feature set, docs/evaluation.md
"What it learns"): for Player 2 to move the points are taken in reverse order and the letters'
case swapped, so the side to move's men are always the upper-case letters. The layouts (the
men's letters of each game) and the mirror symmetries are the library's too.
"""
from typing import Any, List, Optional, Tuple

import numpy as np

from triad import TriadError
from triad import learn


class DataError(Exception):
    """A data file that cannot be used: the message names the file and says why."""


class DataFile:
    """One data file: `header` (a dict of the header's fields) and `records` (a read-only
    memory map of the complete records; a cut tail is left out). With `features` (to train a
    net) the game must have a learned evaluation's layout, whose letters are `letters`."""

    def __init__(self, path: str, features: bool = True) -> None:
        self.path = path
        what = "data file '%s'" % path
        try:
            self.header = learn.data_header(str(path))
        except TriadError as e:
            raise DataError(str(e))
        count = self.header["records"]
        if count == 0:
            raise DataError("%s: holds no positions" % what)
        game = self.header["game"]
        layouts = learn.layouts()
        if features and game not in layouts:
            raise DataError("%s: game '%s' has no learned evaluation (the trainer knows %s)"
                            % (what, game, ", ".join(sorted(layouts))))
        self.letters = layouts.get(game, "")
        self.points = self.header["points"]
        self.records = np.memmap(path, dtype=learn.record_dtype(self.points), mode="r",
                                 offset=self.header["header_bytes"], shape=(count,))


def open_data(paths: List[str], features: bool = True) -> List[DataFile]:
    """The data files, all of one game and board size (else a DataError)."""
    files = [DataFile(p, features) for p in paths]
    first = files[0]
    for f in files[1:]:
        if f.header["game"] != first.header["game"] or f.points != first.points:
            raise DataError("data file '%s': game %s with %d points, but '%s' holds %s with %d"
                            % (f.path, f.header["game"], f.points, first.path,
                               first.header["game"], first.points))
    return files


def sparse_inputs(boards: np.ndarray, sides: np.ndarray, letters: str,
                  mirror: Optional[Any] = None) -> Tuple[np.ndarray, np.ndarray]:
    """The on features of n positions as embedding-bag input: (indices, offsets), int64, 2n
    bags: bag j < n the view of position j from its side to move, bag n + j its opponent's
    (with a mirror permutation, the n mirror images follow the n positions: 4n bags)."""
    try:
        return learn.sparse_features(boards, sides, letters, mirror)
    except TriadError as e:
        raise DataError(str(e))


def active_features(board: Any, side: int, letters: str) -> Tuple[List[int], List[int]]:
    """The on features of one position's two views (its mover's, its opponent's), each
    ascending: what the engine's two accumulators add up."""
    indices, offsets = sparse_inputs(np.asarray(board, dtype=np.uint8)[None, :],
                                     np.array([side], dtype=np.uint8), letters)
    return sorted(indices[:offsets[1]].tolist()), sorted(indices[offsets[1]:].tolist())


def is_validation(games: np.ndarray, fraction: float) -> np.ndarray:
    """Whole games go to the validation split (a game's positions are alike): a fixed hash
    of the game index below `fraction`."""
    h = (np.asarray(games, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)
    return (h % np.uint64(10000)) < np.uint64(int(round(fraction * 10000)))
