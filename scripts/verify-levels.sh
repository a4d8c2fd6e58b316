#!/usr/bin/env bash
# Verifies the strength levels of one variant (docs/strength.md "Verification"): a round robin
# of six UCI_Elo values evenly spread over the game's advertised range (UCI_LimitStrength on)
# and the random mover, node-limited as the calibration, then triad-match's maximum-likelihood
# ratings with the lowest value as the anchor. A level holds its promise when its fitted
# rating, relative to the anchor's, is its UCI_Elo relative to the anchor's UCI_Elo (the
# table printed last: nominal, fitted, difference, 95 % interval). Resumable: run it again
# with the same arguments and the match goes on from its -resume file.
#
#   [TRIAD_BIN_DIR=DIR] scripts/verify-levels.sh VARIANT [ROUNDS] [OUTDIR]
#     TRIAD_BIN_DIR  where triad and triad-match are (default build/release)
#     VARIANT  razzledazzle, yinyang or ivesdama-forward (the game's calibrated rule set)
#     ROUNDS   rounds of 2 games per pair (default 4: 8 games per pair)
#     OUTDIR   where the records, results and resume state go (default build/calibration)
set -euo pipefail
variant=${1:?usage: scripts/verify-levels.sh VARIANT [ROUNDS] [OUTDIR]}
rounds=${2:-4}
root=$(cd "$(dirname "$0")/.." && pwd)
out=${3:-$root/build/calibration}
bin=${TRIAD_BIN_DIR:-$root/build/release}
game=${variant%%-*}
book=$root/books/suites/$game-balanced.txt
plies=2
[[ $game == yinyang ]] && plies=0  # as scripts/calibrate-levels.sh
[[ -x $bin/triad && -x $bin/triad-match ]] || { echo "verify-levels: build the engine first (scripts/run.sh)" >&2; exit 2; }
[[ -f $book ]] || { echo "verify-levels: no openings suite $book" >&2; exit 2; }
mkdir -p "$out"
# The game's own UCI_Elo range, as the engine advertises it when started in the variant.
range=$(printf 'uci\nquit\n' | "$bin/triad" --variant "$variant" | sed -n 's/^option name UCI_Elo type spin .* min \([0-9]*\) max \([0-9]*\)$/\1 \2/p')
read -r low high <<<"$range"
[[ -n $low && -n $high ]] || { echo "verify-levels: the engine advertises no UCI_Elo range" >&2; exit 2; }
engines=(-engine name=random cmd=builtin:random)
elos=()
for k in 0 1 2 3 4 5; do
  elo=$((low + (high - low) * k / 5))
  elos+=("$elo")
  engines+=(-engine "name=elo$elo" "cmd=$bin/triad" option.UCI_LimitStrength=true "option.UCI_Elo=$elo")
done
nice -n "${TRIAD_NICE:-19}" "$bin/triad-match" -variant "$variant" "${engines[@]}" \
  -each option.Hash=16 option.OwnBook=false tc=600+1 \
  -openings "file=$book" order=random "plies=$plies" -seed 3 \
  -games 2 -rounds "$rounds" -repeat -concurrency 2 -maxplies 400 -ratinginterval 0 \
  -pgnout "$out/verify-$variant.pgn" -jsonout "$out/verify-$variant.json" \
  -resume "$out/verify-$variant.resume" -anchor "elo${elos[0]}" >"$out/verify-$variant.log"
python3 - "$out/verify-$variant.json" "${elos[@]}" <<'PY'
# Nominal against fitted, both relative to the anchor (the lowest UCI_Elo).
import json, sys
ratings = {e["engine"]: e for e in json.load(open(sys.argv[1]))["ratings"]["engines"]}
elos = [int(x) for x in sys.argv[2:]]
print("| UCI_Elo | relative to the lowest | fitted | difference | 95 % interval |")
print("|---|---|---|---|---|")
for elo in elos:
    r = ratings[f"elo{elo}"]
    if r["rating"] is None:
        print(f"| {elo} | {elo - elos[0]} | unbounded | | |")
        continue
    print(f"| {elo} | {elo - elos[0]} | {r['rating']:.0f} | {r['rating'] - (elo - elos[0]):+.0f} "
          f"| ±{r['error_95']:.0f} |")
PY
