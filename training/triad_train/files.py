"""A check shared by the trainer's readers (data files, curve files): the path names a
regular file, else one error that names it and says why."""
import os
import stat
from typing import Callable


def regular_file(path: str, what: str, error: Callable[[str], Exception]) -> os.stat_result:
    """os.stat(path) of a regular file; else raises error("<what>: <why>")."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise error("%s: %s" % (what, e.strerror))
    if not stat.S_ISREG(st.st_mode):
        raise error("%s: not a regular file" % what)
    return st
