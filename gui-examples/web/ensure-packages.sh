#!/usr/bin/env bash
# Installs the web GUI's npm packages with `npm ci` when package-lock.json changed since the
# last install (or nothing is installed yet); otherwise does nothing. Sourced or run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
stamp=node_modules/.triad-package-lock.json
if ! cmp -s package-lock.json "$stamp"; then
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
