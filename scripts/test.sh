#!/usr/bin/env bash
# README command 2: install every dependency, build the release preset with tests and
# benchmarks, run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh all
bash scripts/configure.sh all
cmake --build --preset release
ctest --preset release
