#!/usr/bin/env bash
# Configures build/release for one of the README's two commands (both call this, so run in
# order they give the same build as command 2 alone; tests/install/readme_commands_test.sh
# checks that):
#   bash scripts/configure.sh engine   # command 1: a new folder gets only the engine (no tests)
#   bash scripts/configure.sh all      # command 2: tests, benchmarks and the Python package
# An existing folder keeps its settings under `engine` (e.g. tests on after command 2).
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  engine)
    if [ -f build/release/CMakeCache.txt ]; then
      cmake --preset release >/dev/null
    else
      cmake --preset release -DTRIAD_TESTS=OFF >/dev/null
    fi
    ;;
  all)
    # TRIAD_PYTHON=AUTO: the Python package follows the tests again, whatever an earlier
    # `engine` configure left in the cache.
    cmake --preset release -DTRIAD_TESTS=ON -DTRIAD_PYTHON=AUTO >/dev/null
    ;;
  *)
    echo "usage: bash scripts/configure.sh engine|all" >&2
    exit 2
    ;;
esac
