#!/usr/bin/env bash
# One command to start the web GUI: installs the npm packages if needed, then serves the page
# on http://127.0.0.1:8080/. Arguments go to server.js, e.g.
#   bash gui-examples/web/start.sh --engine build/release/triad --port 9000
# In the repository it runs the newest build/*/triad. Installed (as <prefix>/share/triad/web)
# it runs <prefix>/bin/triad, and since the installed folder is read-only it keeps a copy
# with its npm packages in ${XDG_CACHE_HOME:-~/.cache}/triad/web.
# Run by `sh start.sh` (dash has no pipefail): start again under bash.
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ "$(basename "$(dirname "$here")")" = triad ] &&
   [ "$(basename "$(dirname "$(dirname "$here")")")" = share ]; then
  prefix=$(cd "$here/../../.." && pwd)
  export TRIAD_ENGINE="${TRIAD_ENGINE:-$prefix/bin/triad}"
  copy="${XDG_CACHE_HOME:-$HOME/.cache}/triad/web"
  mkdir -p "$copy"
  # Refresh the copy from the installed files (a newer package may have changed them); the
  # npm packages stay, ensure-packages.sh reinstalls them only if package-lock.json changed.
  find "$copy" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
  cp -R "$here/." "$copy/"
  here=$copy
fi
bash "$here/ensure-packages.sh"
exec node "$here/server.js" "$@"
