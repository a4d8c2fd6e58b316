#!/usr/bin/env bash
# Fails (and names the files) if a tracked C++ file differs from what clang-format writes
# with the repository's .clang-format. Fix with: git ls-files '*.cpp' '*.h' | xargs clang-format -i
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format --dry-run --Werror
echo "clang-format: every tracked C++ file is formatted"
