#!/usr/bin/env bash
# README command 1: install what the engine needs, build only triad and triad-match (release
# preset; a fresh build folder is configured without tests and benchmarks, so GoogleTest and
# Google Benchmark are not needed), then start the engine. Extra arguments go to triad,
# e.g. `bash scripts/run.sh --variant yinyang`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh engine
if [ -f build/release/CMakeCache.txt ]; then
  cmake --preset release >/dev/null          # keep the folder's settings (e.g. tests on)
else
  cmake --preset release -DTRIAD_TESTS=OFF >/dev/null
fi
cmake --build --preset release --target triad triad-match
exec ./build/release/triad "$@"
