#!/usr/bin/env bash
# Builds the `fuzz` preset (clang + libFuzzer + ASan/UBSan) and runs every fuzz target for a
# fixed time (FUZZ_SECONDS, default 20), starting from the seeds in tests/fuzz/corpus/.
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

mkdir -p build/fuzz/findings
for t in "${targets[@]}"; do
  work="build/fuzz/corpus/$t"
  mkdir -p "$work"
  echo "== fuzz_$t for ${seconds}s"
  "build/fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" -max_len=4096 -timeout=10 \
    -artifact_prefix="build/fuzz/findings/$t-" -print_final_stats=1 \
    "$work" "tests/fuzz/corpus/$t"
done
