#!/usr/bin/env bash
# README command 1: install dependencies, build the release preset, start the engine
# (extra arguments go to triad, e.g. `scripts/run.sh --variant yinyang`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release
exec ./build/release/triad "$@"
