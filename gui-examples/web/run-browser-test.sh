#!/usr/bin/env bash
# Runs the web GUI's browser tests: installs the npm packages if needed, then plays the games
# in headless chromium (browser.test.js) and tries the bridge's security rules (security.test.js).
# Usage: run-browser-test.sh <triad binary> [screenshot folder] [test file ...]
# (default: every test/*.test.js; an empty screenshot folder means a temporary one).
set -euo pipefail
engine=$(realpath "$1")
shots=${2:-}
shift $(($# < 2 ? $# : 2))
if [ -n "$shots" ]; then
  mkdir -p "$shots"
  shots=$(realpath "$shots")
fi
here=$(dirname "${BASH_SOURCE[0]}")
bash "$here/ensure-packages.sh"
cd "$here"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(test/*.test.js)
# One test file at a time: each starts its own chromium, and the machine may be small.
status=0
for file in "${files[@]}"; do
  TRIAD_ENGINE="$engine" SCREENSHOT_DIR="$shots" node --test --test-reporter=spec "$file" || status=1
done
exit $status
