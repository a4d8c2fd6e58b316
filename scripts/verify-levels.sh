#!/usr/bin/env bash
# Verifies the strength levels of one variant (docs/strength.md "Verification"): a round robin
# of six (or TRIAD_VALUES) UCI_Elo values evenly spread over the game's advertised range (UCI_LimitStrength on)
# and the random mover, node-limited as the calibration, then triad-match's maximum-likelihood
# ratings with the lowest value as the anchor. A level holds its promise when its fitted
# rating, relative to the anchor's, is its UCI_Elo relative to the anchor's UCI_Elo (the
# table printed last: nominal, fitted, difference, 95 % interval). Resumable: run it again
# with the same arguments and the match goes on from its -resume file.
#
#   [TRIAD_BIN_DIR=DIR] [TRIAD_SEED=N] scripts/verify-levels.sh VARIANT [ROUNDS] [OUTDIR]
#     TRIAD_BIN_DIR  where triad and triad-match are (default build/release)
#     TRIAD_SEED     the seed of the openings' order (default 3; another seed, another sample)
#     TRIAD_VALUES   how many UCI_Elo values (default 6; more, closer together, where values
#                    six apart would sweep each other and leave their distance unmeasured)
#     VARIANT  razzledazzle, yinyang or ivesdama-forward (the game's calibrated rule set)
#     ROUNDS   rounds of 2 games per pair (default 4: 8 games per pair)
#     OUTDIR   where the records, results and resume state go (default build/calibration)
set -euo pipefail
name=verify-levels default_rounds=4
source "$(dirname "$0")/levels-setup.sh"
# The game's own UCI_Elo range, as the engine advertises it when started in the variant.
range=$(printf 'uci\nquit\n' | "$bin/triad" --variant "$variant" | sed -n 's/^option name UCI_Elo type spin .* min \([0-9]*\) max \([0-9]*\)$/\1 \2/p')
read -r low high <<<"$range"
[[ -n $low && -n $high ]] || { echo "verify-levels: the engine advertises no UCI_Elo range" >&2; exit 2; }
values=${TRIAD_VALUES:-6}
[[ $values =~ ^[0-9]+$ && $values -ge 2 && $values -le 20 ]] || { echo "verify-levels: TRIAD_VALUES '$values' is not a number from 2 to 20" >&2; exit 2; }
engines=(-engine name=random cmd=builtin:random)
elos=()
for ((k = 0; k < values; ++k)); do
  elo=$((low + (high - low) * k / (values - 1)))
  elos+=("$elo")
  engines+=(-engine "name=elo$elo" "cmd=$bin/triad" option.UCI_LimitStrength=true "option.UCI_Elo=$elo")
done
play_round_robin "verify-$variant" "${TRIAD_SEED:-3}" "$rounds" "elo${elos[0]}" "${engines[@]}"
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
