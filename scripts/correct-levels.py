#!/usr/bin/env python3
"""The second stage of the levels' calibration (docs/strength.md "Calibration"): corrects a
game's calibrated ratings (calibrate-levels.sh's kStrengthRatings) by one or more verification
round robins (verify-levels.sh's JSON), each played with the table the engine had then.

Each verification value `elo<E>` was played at the raw strength x that UCI_Elo E gave with its
table; its fitted rating (the lowest value = its UCI_Elo) is what that x really plays like.
Read back through the calibrated table, every value is a point (calibrated rating at x, rating
measured): points closer than 10 are averaged, made monotone (pool adjacent violators), and
each level's calibrated rating is mapped through them (piecewise linear; beyond the last
point with the last segment's slope). Prints the corrected kStrengthRatings.

Usage: correct-levels.py CALIBRATED (TABLE VERIFY.json)...
  CALIBRATED, TABLE  20 ratings, comma-separated: the calibration, and the table a
                     verification was played with
"""
import json
import sys

LEVELS = 20


def level_x(level: int) -> float:
    """A Skill Level's raw strength (state/strength.cpp)."""
    return (level + 1) / LEVELS


def x_of_elo(elo: float, table: list[float]) -> float:
    """The raw strength UCI_Elo `elo` gives with `table` (state/strength.cpp raw_strength)."""
    if elo <= table[0]:
        return level_x(0)
    for k in range(1, len(table)):
        lo, hi = table[k - 1], table[k]
        if elo <= hi:
            within = min(max((elo - lo) / (hi - lo), 0.0), 1.0) if hi > lo else 1.0
            return level_x(k - 1) + within * (level_x(k) - level_x(k - 1))
    return 1.0


def rating_at_x(x: float, table: list[float]) -> float:
    """The calibrated rating at raw strength x (linear between the levels)."""
    n = x * LEVELS - 1
    if n <= 0:
        return table[0]
    k = int(n)
    if k + 1 >= len(table):
        return table[-1]
    return table[k] + (n - k) * (table[k + 1] - table[k])


def table_of(text: str) -> list[float]:
    values = [float(v) for v in text.split(",")]
    if len(values) != LEVELS:
        sys.exit(f"correct-levels: a table has {LEVELS} ratings, not {len(values)}: {text}")
    return values


def points(calibrated: list[float], table: list[float], path: str) -> list[tuple[float, float]]:
    engines = json.load(open(path, encoding="utf-8"))["ratings"]["engines"]
    fitted = {e["engine"][3:]: e["rating"] for e in engines if e["engine"].startswith("elo")}
    if any(v is None for v in fitted.values()):
        sys.exit(f"correct-levels: {path}: a rating is unbounded (a clean sweep); play more games")
    lowest = min(int(e) for e in fitted)
    return [(rating_at_x(x_of_elo(int(e), table), calibrated), lowest + r)
            for e, r in fitted.items()]


def main() -> int:
    args = sys.argv[1:]
    if len(args) < 3 or len(args) % 2 == 0:
        print(__doc__.strip().splitlines()[-3], file=sys.stderr)
        return 2
    calibrated = table_of(args[0])
    found = []
    for table, path in zip(args[1::2], args[2::2]):
        found += points(calibrated, table_of(table), path)
    merged: list[list[float]] = []
    for c, y in sorted(found):
        if merged and c - merged[-1][0] / merged[-1][2] < 10:
            merged[-1] = [merged[-1][0] + c, merged[-1][1] + y, merged[-1][2] + 1]
        else:
            merged.append([c, y, 1])
    blocks: list[list[float]] = []
    for c, y, n in merged:
        blocks.append([c, y, n])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] > blocks[-1][1] / blocks[-1][2]:
            c2, y2, n2 = blocks.pop()
            blocks[-1] = [blocks[-1][0] + c2, blocks[-1][1] + y2, blocks[-1][2] + n2]
    fit = [(c / n, y / n) for c, y, n in blocks]
    if len(fit) < 2:
        sys.exit("correct-levels: the verifications give fewer than two distinct points")

    def mapped(v: float) -> float:
        if v <= fit[0][0]:
            return fit[0][1] + (v - fit[0][0])
        for (a, fa), (b, fb) in zip(fit, fit[1:]):
            if v <= b:
                return fa + (v - a) / (b - a) * (fb - fa)
        (a, fa), (b, fb) = fit[-2], fit[-1]
        return fb + (v - b) * (fb - fa) / (b - a)

    print("points (calibrated, measured):",
          ", ".join(f"({c:.0f}, {y:.0f})" for c, y in fit))
    print("kStrengthRatings:", ", ".join(str(round(mapped(v))) for v in calibrated))
    return 0


if __name__ == "__main__":
    sys.exit(main())
