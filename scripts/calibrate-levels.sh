#!/usr/bin/env bash
# Calibrates the strength levels of one variant (docs/strength.md "Calibration"): one round
# robin of the random mover and every Skill Level 0 to 19, node-limited, with
# a match of Level 0 against the random mover, and one maximum-likelihood fit of both (the
# random mover = 0; a small prior keeps a clean sweep finite). The levels' ratings, made
# monotone, are the 20 numbers of the game's kStrengthRatings
# (adapters/<game>/descriptor.cpp). Resumable: run it again with the same arguments and each
# match goes on from its -resume file.
#
#   [TRIAD_BIN_DIR=DIR] scripts/calibrate-levels.sh VARIANT [ROUNDS] [OUTDIR]
#     TRIAD_BIN_DIR  where triad and triad-match are (default build/release)
#     VARIANT  razzledazzle, yinyang or ivesdama-forward (the game's calibrated rule set)
#     ROUNDS   rounds of 2 games per pair (default 5: 10 games per pair)
#     OUTDIR   where the records, results and resume state go (default build/calibration)
set -euo pipefail
name=calibrate-levels default_rounds=5
source "$(dirname "$0")/levels-setup.sh"
engines=(-engine name=random cmd=builtin:random)
for level in $(seq 0 19); do
  engines+=(-engine "name=level$level" "cmd=$bin/triad" "option.Skill Level=$level")
done
play_round_robin "cal-$variant" 1 "$rounds" level0 "${engines[@]}"
play_round_robin "anchor-$variant" 2 20 "" "${engines[@]:0:7}"
python3 - "$out/cal-$variant.json" "$out/anchor-$variant.json" <<'PY'
# Ratings of the whole field from both matches: a logistic (Elo) maximum-likelihood fit with
# a quarter of a virtual drawn game per pair played (so that a clean sweep between two
# levels gives a large but finite distance), the random mover = 0; then made monotone over the levels (pool
# adjacent violators).
import json, math, sys
points, games = {}, {}
for path in sys.argv[1:]:
    for p in json.load(open(path))["pairs"]:
        key = (p["engine"], p["opponent"])
        points[key] = points.get(key, 0) + p["wins"] + p["draws"] / 2
        games[key] = games.get(key, 0) + p["games"]
PRIOR = 0.25  # virtual games per pair, drawn
names = sorted({n for k in games for n in k})
r = {n: 0.0 for n in names}
for _ in range(20000):  # gradient ascent on the log-likelihood, per rating
    grad = {n: 0.0 for n in names}
    for (a, b), n in games.items():
        e = 1 / (1 + 10 ** ((r[b] - r[a]) / 400))
        s = (points[(a, b)] + PRIOR / 2) / (n + PRIOR)
        grad[a] += (n + PRIOR) * (s - e)
        grad[b] -= (n + PRIOR) * (s - e)
    for n in names:
        r[n] += 2.0 * grad[n]
    shift = r["random"]
    for n in names:
        r[n] -= shift
blocks = []  # [sum, count]
for level in range(20):
    blocks.append([r[f"level{level}"], 1])
    while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
        t, c = blocks.pop()
        blocks[-1][0] += t
        blocks[-1][1] += c
table = [t / c for t, c in blocks for _ in range(c)]
print("fitted:", ", ".join(f"{n} {r[n]:.0f}" for n in names))
print("kStrengthRatings:", ", ".join(str(round(x)) for x in table))
PY
