"""The net file (docs/evaluation.md "The net file"), through `import triad` (triad.learn, the
codec the engine reads nets with): the header with its architecture hash, the quantised
weights and the checksum are encoded and checked in C++. Written atomically (a temporary file
renamed over the target), so a stopped export never leaves half a net behind."""
import os
import tempfile
from typing import Any, Dict, Tuple

from triad import TriadError
from triad import learn

# The widest first layer: the engine's (engine/nnue/network.h), the one limit of both.
MAX_HIDDEN = learn.MAX_HIDDEN
Weights = Tuple[Any, Any, Any, Any]  # W1, b1, w2 (numpy arrays) and b2


class NetError(Exception):
    """A net file that cannot be used; the message names the file and says why."""


def encode(meta: Dict[str, Any], weights: Weights) -> bytes:
    w1, b1, w2, b2 = weights
    try:
        return learn.encode_net(meta, w1, b1, w2, int(b2))
    except TriadError as e:
        raise NetError(str(e))


def write(path: str, meta: Dict[str, Any], weights: Weights) -> None:
    data = encode(meta, weights)
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.lexists(path) and not os.path.isfile(path):
        raise NetError("net file '%s': not a regular file (not replaced)" % path)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".triad-net-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def read(path: str, convert: bool = False) -> Tuple[Dict[str, Any], Weights]:
    """(meta, weights) of a net file, everything checked; convert=True also reads a version 1
    net (written before the architecture hash), to write it again."""
    try:
        return learn.read_net(str(path), convert)
    except TriadError as e:
        raise NetError(str(e))
