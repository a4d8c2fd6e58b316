# The set-up shared by scripts/calibrate-levels.sh and scripts/verify-levels.sh (sourced, not
# run): from the caller's `name` (for messages), `default_rounds` and its arguments VARIANT
# [ROUNDS] [OUTDIR], it sets variant, rounds, root, out, bin, game, book and plies, checks
# that the programs and the openings suite exist, and makes the output folder.
variant=${1:?usage: scripts/$name.sh VARIANT [ROUNDS] [OUTDIR]}
rounds=${2:-$default_rounds}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${3:-$root/build/calibration}
bin=${TRIAD_BIN_DIR:-$root/build/release}
game=${variant%%-*}
book=$root/books/suites/$game-balanced.txt
# Two random plies after each opening of the suite, except in Yin Yang, whose suite positions
# are far into its short game (two random plies that keep the game going do not always exist).
plies=2
[[ $game == yinyang ]] && plies=0
[[ -x $bin/triad && -x $bin/triad-match ]] || { echo "$name: build the engine first (scripts/run.sh)" >&2; exit 2; }
[[ -f $book ]] || { echo "$name: no openings suite $book" >&2; exit 2; }
mkdir -p "$out"

# play_round_robin FILE SEED ROUNDS ANCHOR ENGINE-WORDS...: a node-limited round robin of the
# given -engine words (2 games per pair and round, the suite's openings in random order),
# rated with ANCHOR at 0 (empty: triad-match's default), to $out/FILE.{pgn,json,resume,log};
# resumable.
play_round_robin() {
  local file=$1 seed=$2 rounds=$3 anchor=$4
  shift 4
  nice -n "${TRIAD_NICE:-19}" "$bin/triad-match" -variant "$variant" "$@" \
    -each option.Hash=16 option.OwnBook=false tc=600+1 \
    -openings "file=$book" order=random "plies=$plies" -seed "$seed" \
    -games 2 -rounds "$rounds" -repeat -concurrency 2 -maxplies 400 -ratinginterval 0 \
    -pgnout "$out/$file.pgn" -jsonout "$out/$file.json" -resume "$out/$file.resume" \
    ${anchor:+-anchor "$anchor"} >"$out/$file.log"
}
