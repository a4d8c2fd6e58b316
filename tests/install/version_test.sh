#!/usr/bin/env bash
# version_check: cmake/write_version.cmake names the commit of the source folder's own git
# repository, adds -dirty for uncommitted changes to tracked files, gives the bare version
# for a folder without git (a tarball) even inside another repository, and leaves the header
# untouched (same timestamp) when the string did not change.
# Usage: version_test.sh <cmake> <write_version.cmake>
set -euo pipefail
cmake=$1
script=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
version_of() {  # the string written for source folder $1
  "$cmake" -DSOURCE_DIR="$1" -DOUTPUT="$tmp/version.h" -DVERSION=1.2.3 -P "$script"
  sed -n 's/.*kVersion = "\(.*\)";/\1/p' "$tmp/version.h"
}

mkdir "$tmp/tarball"
[ "$(version_of "$tmp/tarball")" = 1.2.3 ] || fail "no git: $(version_of "$tmp/tarball")"

repo=$tmp/repo
git init -q "$repo"
echo one >"$repo/file"
git -C "$repo" add file
git -C "$repo" -c user.name=t -c user.email=t@example.org commit -qm one
commit=$(git -C "$repo" rev-parse --short=7 HEAD)
[ "$(version_of "$repo")" = "1.2.3-$commit" ] || fail "clean checkout: $(version_of "$repo")"

stamp=$(stat -c %Y.%y "$tmp/version.h")
sleep 1.1
version_of "$repo" >/dev/null
[ "$(stat -c %Y.%y "$tmp/version.h")" = "$stamp" ] || fail "unchanged string rewrote the header"

echo two >"$repo/file"
[ "$(version_of "$repo")" = "1.2.3-$commit-dirty" ] || fail "changed file: $(version_of "$repo")"
git -C "$repo" -c user.name=t -c user.email=t@example.org commit -qam two
next=$(git -C "$repo" rev-parse --short=7 HEAD)
[ "$(version_of "$repo")" = "1.2.3-$next" ] || fail "new commit: $(version_of "$repo")"

mkdir "$repo/unpacked"  # an unpacked tarball inside someone else's repository
[ "$(version_of "$repo/unpacked")" = 1.2.3 ] || fail "nested folder: $(version_of "$repo/unpacked")"
echo "version_check: all checks passed"
