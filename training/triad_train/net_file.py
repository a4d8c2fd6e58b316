"""The net file (format version 1, docs/evaluation.md "The net file"): a 128-byte header, the
quantised weights, a checksum; all little-endian. Written atomically (a temporary file renamed
over the target), so a stopped export never leaves half a net behind.

Header (offsets in bytes):
      0  char[8]  magic "TRIADNET"         84  u32  inputs (2 * len(letters) * points)
      8  u32      format version (1)       88  u32  hidden (first-layer width H)
     12  u32      header bytes (128)       92  u32  QA (255)
     16  char[16] game                     96  u32  QB (64)
     32  char[32] variant trained on      100  i32  scale (engine points per unit of y)
     64  char[16] layout letters          104  u64  positions trained on
     80  u32      board points            112  u32  layout (1: board letters, mover's view)
                                          116  u32  draws per 1000 games at expected score
                                                    0.5 (0..1000; older nets: 0)
                                          120  u32[2] reserved (0)
Then W1 int16[inputs][H] (one row of H per input), b1 int16[H], w2 int16[2H], b2 int32, and
a u64 checksum: FNV-1a 64 of every byte before it, from the offset basis xor the seed
0x54454E4441495254, finished by splitmix64 (the hash of Triad's book files, other seed).
"""
import os
import struct
import tempfile

import numpy as np

MAGIC = b"TRIADNET"
FORMAT_VERSION = 1
HEADER_BYTES = 128
LAYOUT_BOARD_LETTERS = 1
CHECKSUM_SEED = 0x54454E4441495254  # "TRIADNET" read as a little-endian u64
_HEADER = struct.Struct("<8sII16s32s16sIIIIIiQII8x")
MAX_DRAW_PERMILLE = 1000
# The widest first layer: the engine's kMaxHidden (engine/nnue/network.h), the one limit of
# both (tests/test_engine_net.py: the engine reads this width and refuses one more).
MAX_HIDDEN = 1024
assert _HEADER.size == HEADER_BYTES
_MASK = (1 << 64) - 1


class NetError(Exception):
    """A net file that cannot be used; the message names the file and says why."""


def checksum(data, seed=CHECKSUM_SEED):
    h = 0xCBF29CE484222325 ^ seed
    for byte in data:  # a net is a few hundred kB: fast enough in Python
        h = ((h ^ byte) * 0x100000001B3) & _MASK
    z = (h + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def encode(meta, weights):
    w1, b1, w2, b2 = weights
    inputs, hidden = w1.shape
    head = _HEADER.pack(MAGIC, FORMAT_VERSION, HEADER_BYTES, meta["game"].encode(),
                        meta["variant"].encode(), meta["letters"].encode(), meta["points"],
                        inputs, hidden, meta["qa"], meta["qb"], meta["scale"],
                        meta["positions"], LAYOUT_BOARD_LETTERS, meta.get("draw_permille", 0))
    body = (head + w1.astype("<i2").tobytes() + b1.astype("<i2").tobytes()
            + w2.astype("<i2").tobytes() + struct.pack("<i", int(b2)))
    return body + struct.pack("<Q", checksum(body))


def write(path, meta, weights):
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


def read(path):
    """(meta, weights) of a net file, everything checked."""
    what = "net file '%s'" % path
    if not os.path.isfile(path):
        raise NetError("%s: not a regular file" % what)
    with open(path, "rb") as f:
        data = f.read(64 << 20)
    if len(data) < HEADER_BYTES or data[:8] != MAGIC:
        raise NetError("%s: is not a Triad net file" % what)
    (_, version, header_bytes, game, variant, letters, points, inputs, hidden, qa, qb, scale,
     positions, layout, draw_permille) = _HEADER.unpack_from(data)
    if version != FORMAT_VERSION:
        raise NetError("%s: has net format version %d; this reads version %d"
                       % (what, version, FORMAT_VERSION))
    size = HEADER_BYTES + 2 * (inputs * hidden + hidden + 2 * hidden) + 4 + 8
    if draw_permille > MAX_DRAW_PERMILLE:
        raise NetError("%s: damaged header (a draw rate of %d per 1000 games)"
                       % (what, draw_permille))
    if header_bytes != HEADER_BYTES or layout != LAYOUT_BOARD_LETTERS or len(data) != size:
        raise NetError("%s: is truncated or damaged (%d bytes, the header says %d)"
                       % (what, len(data), size))
    if struct.unpack_from("<Q", data, size - 8)[0] != checksum(data[:size - 8]):
        raise NetError("%s: checksum mismatch (the file is damaged)" % what)
    at = HEADER_BYTES
    w1 = np.frombuffer(data, "<i2", inputs * hidden, at).reshape(inputs, hidden)
    at += 2 * inputs * hidden
    b1 = np.frombuffer(data, "<i2", hidden, at)
    at += 2 * hidden
    w2 = np.frombuffer(data, "<i2", 2 * hidden, at)
    at += 4 * hidden
    b2 = np.int32(struct.unpack_from("<i", data, at)[0])

    def strip(b: bytes) -> str:
        return b.rstrip(b"\0").decode("ascii", "replace")

    meta = {"game": strip(game), "variant": strip(variant), "letters": strip(letters),
            "points": points, "qa": qa, "qb": qb, "scale": scale, "positions": positions,
            "draw_permille": draw_permille}
    return meta, (w1, b1, w2, b2)
