#!/usr/bin/env bash
# Builds the `fuzz` preset (clang + libFuzzer + ASan/UBSan) and runs every fuzz target for a
# fixed time (FUZZ_SECONDS, default 20), two at a time, starting from the seeds in
# tests/fuzz/corpus/.
# Exits non-zero if a target finds a crash; the reproducer is left in build/fuzz/findings/.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${FUZZ_SECONDS:-20}"
# The command parser, the record reader, and one position parser per game folder (as
# tests/fuzz/CMakeLists.txt makes them from TRIAD_GAMES).
targets=(command records)
for build_file in engine/games/*/CMakeLists.txt; do
  game="$(basename "$(dirname "$build_file")")"
  targets+=("position_$game")
done

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${targets[@]/#/fuzz_}"

mkdir -p build/fuzz/findings build/fuzz/logs
# One target's run, its output in build/fuzz/logs/<target>.log.
fuzz_one() {
  mkdir -p "build/fuzz/corpus/$1"
  "build/fuzz/tests/fuzz/fuzz_$1" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -artifact_prefix="build/fuzz/findings/$1-" -print_final_stats=1 \
    "build/fuzz/corpus/$1" "tests/fuzz/corpus/$1" >"build/fuzz/logs/$1.log" 2>&1
}
# A fuzzer runs on one core: two at a time (CI's two cores) take half the time of one after
# another. The logs are printed in order once all have ended; xargs fails if one run did.
export -f fuzz_one
export seconds
status=0
printf '%s\n' "${targets[@]}" | xargs -P 2 -I '{}' bash -c 'fuzz_one "$1"' _ '{}' || status=$?
for t in "${targets[@]}"; do
  echo "== fuzz_$t for ${seconds}s"
  cat "build/fuzz/logs/$t.log"
done
exit "$status"
