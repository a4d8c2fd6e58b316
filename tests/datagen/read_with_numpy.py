# Reads a triad-datagen data file with numpy alone (the dtype of docs/evaluation.md) and
# prints the header's counts, then one line per record: game move score ply side result board.
import sys

import numpy as np

HEADER = np.dtype([("magic", "S8"), ("version", "<u4"), ("header_bytes", "<u4"),
                   ("record_bytes", "<u4"), ("points", "<u4"), ("game", "S16"),
                   ("variant", "S32"), ("seed", "<u8"), ("nodes", "<u8"),
                   ("random_plies", "<u2"), ("random_moves", "<u2"), ("max_plies", "<u4"), ("hash_mb", "<u4"),
                   ("net_digest", "<u4"), ("openings_digest", "<u8"), ("games", "<u8"),
                   ("records", "<u8")])


def record_dtype(points):
    return np.dtype([("game", "<u4"), ("move", "<u4"), ("score", "<i2"), ("ply", "<u2"),
                     ("side", "u1"), ("result", "i1"), ("board", "u1", (points,))])


path = sys.argv[1]
header = np.fromfile(path, dtype=HEADER, count=1)[0]
assert header["magic"] == b"TRIADDAT" and header["version"] == 2
records = np.fromfile(path, dtype=record_dtype(int(header["points"])),
                      offset=int(header["header_bytes"]), count=int(header["records"]))
assert records.dtype.itemsize == header["record_bytes"]
print(header["game"].decode(), header["variant"].decode(), header["games"], header["records"])
for r in records:
    print(r["game"], r["move"], r["score"], r["ply"], r["side"], r["result"],
          r["board"].tobytes().decode("ascii"))
