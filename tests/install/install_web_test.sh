#!/usr/bin/env bash
# install_web_check: installs the build into a temporary prefix and starts the web GUI from
# the installed folder with its start script: a copy in the cache folder gets the npm
# packages (the installed folder stays untouched), the bridge serves the page and names the
# installed engine.
# Usage: install_web_test.sh <cmake> <build folder>
set -euo pipefail
cmake=$1
build=$2
tmp=$(mktemp -d)
server_pid=
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

prefix=$tmp/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
triad=$prefix/bin/triad
export XDG_CACHE_HOME=$tmp/cache
# `sh` as triad(6) says: Debian's sh is dash, which start.sh hands over to bash.
sh "$prefix/share/triad/web/start.sh" --port 0 >"$tmp/web.out" 2>&1 &
server_pid=$!
url=
for _ in $(seq 1 1200); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$tmp/web.out" | head -1 || true)
  [ -z "$url" ] || break
  kill -0 "$server_pid" 2>/dev/null || fail "web GUI did not start: $(cat "$tmp/web.out")"
  sleep 0.1
done
[ -n "$url" ] || fail "web GUI printed no address: $(cat "$tmp/web.out")"
grep -qF "(engine $triad)" "$tmp/web.out" || fail "web GUI does not use the installed engine: $(cat "$tmp/web.out")"
page=$(timeout 20 node -e 'fetch(process.argv[1]).then((r) => r.text()).then((t) => process.stdout.write(t))' "$url") ||
  fail "GET $url failed"
grep -qi '<html' <<<"$page" || fail "GET $url gave no page"
[ ! -e "$prefix/share/triad/web/node_modules" ] || fail "start.sh wrote into the installed folder"
echo "install_web_check: the installed web GUI serves $url"
