#!/usr/bin/env bash
# One command to start the web GUI: installs the npm packages if needed, then serves the page
# on http://127.0.0.1:8080/ with the newest build/*/triad. Arguments go to server.js, e.g.
#   bash gui-examples/web/start.sh --engine build/release/triad --port 9000
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
bash "$here/ensure-packages.sh"
exec node "$here/server.js" "$@"
