"""Finding Triad's programs (triad-analyse, triad) for the package's tools (triad.review): in
PATH, then in the build folder this package was built in (a build's python/triad/ lies two
folders below the programs), then in the folder the environment variable TRIAD_BIN_DIR
names."""
from __future__ import annotations

import os
import pathlib
import shutil
from typing import Optional

BIN_DIR_VARIABLE = "TRIAD_BIN_DIR"


def _runnable(path: pathlib.Path) -> Optional[str]:
    return str(path) if path.is_file() and os.access(path, os.X_OK) else None


def find_program(name: str) -> Optional[str]:
    """The path of the program `name`, or None when it is in none of the three places."""
    found = shutil.which(name)
    if found:
        return found
    build = pathlib.Path(__file__).resolve().parents[2]
    if (build / "CMakeCache.txt").is_file():
        found = _runnable(build / name)
        if found:
            return found
    folder = os.environ.get(BIN_DIR_VARIABLE)
    return _runnable(pathlib.Path(folder) / name) if folder else None
