#!/usr/bin/env bash
# Runs the web GUI's browser test: installs the npm packages if needed, then plays the games
# in headless chromium. Usage: run-browser-test.sh <triad binary> [screenshot folder]
set -euo pipefail
engine=$(realpath "$1")
shots=${2:-}
if [ -n "$shots" ]; then
  mkdir -p "$shots"
  shots=$(realpath "$shots")
fi
here=$(dirname "${BASH_SOURCE[0]}")
bash "$here/ensure-packages.sh"
cd "$here"
TRIAD_ENGINE="$engine" SCREENSHOT_DIR="$shots" node --test --test-reporter=spec test/browser.test.js
