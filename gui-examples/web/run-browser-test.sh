#!/usr/bin/env bash
# Runs the web GUI's browser test: installs the npm packages (only when package-lock.json
# changed since the last install), then plays the games in headless chromium.
# Usage: run-browser-test.sh <triad binary> [screenshot folder]
set -euo pipefail
engine=$(realpath "$1")
shots=${2:-}
cd "$(dirname "$0")"
stamp=node_modules/.triad-package-lock.json
if ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
TRIAD_ENGINE="$engine" SCREENSHOT_DIR="$shots" node --test --test-reporter=spec test/browser.test.js
