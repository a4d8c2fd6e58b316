#!/usr/bin/env bash
# README command 1: install what the engine needs, build only the engine `triad` (release
# preset; a fresh build folder is configured without tests and benchmarks, so GoogleTest and
# Google Benchmark are not needed), then start it. Extra arguments go to triad, e.g.
# `bash scripts/run.sh --variant yinyang`. The other programs (triad-match, triad-book, ...)
# come with command 2 or `cmake --build --preset release`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh engine
bash scripts/configure.sh engine
cmake --build --preset release --target triad
exec ./build/release/triad "$@"
