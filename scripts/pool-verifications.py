#!/usr/bin/env python3
"""Fits several verification round robins of the same values together (docs/strength.md
"Verification"): the pairs' results of every VERIFY.json (verify-levels.sh's, played with the
same table) pooled into one maximum-likelihood logistic-Elo fit of the UCI_Elo values (the
random mover left out: its clean sweeps carry no distance), the lowest value as the anchor.
Prints each value's fitted rating against its UCI_Elo, both relative to the lowest, with the
95 % interval, as verify-levels.sh does for one run.

Usage: pool-verifications.py VERIFY.json...
"""
import json
import math
import sys

SCALE = math.log(10) / 400


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """matrix x = vector, by Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[col][col] != 0:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    results: dict[tuple[str, str], list[float]] = {}
    values: set[str] = set()
    for path in sys.argv[1:]:
        for p in json.load(open(path, encoding="utf-8"))["pairs"]:
            a, b = p["engine"], p["opponent"]
            if not (a.startswith("elo") and b.startswith("elo")):
                continue
            values |= {a, b}
            r = results.setdefault((a, b), [0.0, 0.0])
            r[0] += p["wins"] + 0.5 * p["draws"]
            r[1] += p["games"]
    names = sorted(values, key=lambda v: int(v[3:]))
    if len(names) < 2:
        sys.exit("pool-verifications: no pairs of UCI_Elo values in the files")
    free = names[1:]  # the lowest is the anchor, at 0
    index = {n: i for i, n in enumerate(free)}
    rating = {n: 0.0 for n in names}
    for _ in range(100):  # Newton's method on the log-likelihood
        grad = [0.0] * len(free)
        hess = [[0.0] * len(free) for _ in free]
        for (a, b), (score, games) in results.items():
            expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            d = (score - games * expected) * SCALE
            h = games * expected * (1 - expected) * SCALE * SCALE
            for n, sign in ((a, 1), (b, -1)):
                if n in index:
                    grad[index[n]] += sign * d
                    hess[index[n]][index[n]] += h
            if a in index and b in index:
                hess[index[a]][index[b]] -= h
                hess[index[b]][index[a]] -= h
        step = solve(hess, grad)
        for n in free:
            rating[n] += step[index[n]]
        if max(abs(s) for s in step) < 1e-6:
            break
    low = int(names[0][3:])
    print("| UCI_Elo | relative to the lowest | fitted | difference | 95 % interval |")
    print("|---|---|---|---|---|")
    for n in names:
        relative = int(n[3:]) - low
        if n not in index:
            print(f"| {n[3:]} | 0 | 0 | +0 | ±0 |")
            continue
        unit = [0.0] * len(free)
        unit[index[n]] = 1.0
        variance = solve(hess, unit)[index[n]]  # the inverse information's diagonal
        print(f"| {n[3:]} | {relative} | {rating[n]:.0f} | {rating[n] - relative:+.0f} "
              f"| ±{1.96 * math.sqrt(variance):.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
