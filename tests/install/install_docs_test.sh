#!/usr/bin/env bash
# install_docs_check: what the manual pages and the README promise about the installed tree.
# Installs the build into a temporary prefix, then:
# - every installed path the rendered manual pages and the README name (/usr/share/…,
#   /usr/bin/triad…; other programs, such as /usr/bin/python3, are not ours) exists under
#   the prefix, and so does every installed path the README lists (`bin/…`, `share/…`) and
#   every manual page it names;
# - every example command of the manual pages' EXAMPLES sections runs, from a folder holding
#   the files the examples read (games.pgn, positions.txt, ives-uho.txt, ./triad,
#   old/triad): it ends with status 0, or is still running (a long match or suite) after a
#   few seconds without having printed an error.
# Usage: install_docs_test.sh <cmake> <build folder> <source folder>
set -euo pipefail
cmake=$1
build=$2
source=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

prefix=$tmp/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
pages=(triad triad-match triad-book triad-analyse triad-datagen triad-mpi-run)
for page in "${pages[@]}"; do
  MANWIDTH=200 LC_ALL=C.UTF-8 man -l "$prefix/share/man/man6/$page.6.gz" >"$tmp/$page.txt" 2>/dev/null
done

# Paths.
checked=0
while read -r path; do
  path=${path%%[.,;:)]}
  [ -e "$prefix/${path#/usr/}" ] || fail "$path (named in the docs) is not installed"
  checked=$((checked + 1))
done < <(cat "$tmp"/*.txt "$source/README.md" |
  grep -o '/usr/\(bin/triad\|share/\)[A-Za-z0-9_./-]*' | sort -u)
while read -r path; do
  [ -e "$prefix/$path" ] || fail "$path (listed in the README) is not installed"
  checked=$((checked + 1))
done < <(sed -n '/^Installed:/,/^$/p' "$source/README.md" | grep -o '`\(bin\|share\)/[^`]*`' |
  tr -d '`' | sort -u)
# The manual pages the README names are installed.
for page in $(grep -o '`triad[a-z-]*(6)`' "$source/README.md" | tr -d '`' | sed 's/(6)//' | sort -u); do
  [ -e "$prefix/share/man/man6/$page.6.gz" ] || fail "the README names $page(6), not installed"
  checked=$((checked + 1))
done

# Examples: the `$ ` lines (with their continuation lines) of each EXAMPLES section.
work=$tmp/work
mkdir -p "$work/old"
ln -s "$prefix/bin/triad" "$work/triad"
ln -s "$prefix/bin/triad" "$work/old/triad"
(cd "$work" && timeout 60 "$prefix/bin/triad-match" -variant razzledazzle -each nodes=300 \
  -engine name=a cmd="$prefix/bin/triad" -engine name=b cmd="$prefix/bin/triad" -games 2 \
  -pgnout games.pgn >/dev/null) || fail "could not make games.pgn"
cp "$work/games.pgn" "$tmp/games.pgn"  # the Razzle Dazzle records the examples read
printf '6/6/2DL2/2LD2/6/6 1 0\n' >"$work/positions.txt"
export PATH="$prefix/bin:$PATH"
# mpirun as root, and four ranks on a smaller machine, as the example asks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
examples=0
for page in "${pages[@]}"; do
  sed -n '/^EXAMPLES/,/^FILES/p' "$tmp/$page.txt" |
    awk '/^ +\$ / {sub(/^ +\$ /, ""); cmd = $0; while (cmd ~ /\\$/ && (getline line) > 0) {
           sub(/\\$/, "", cmd); sub(/^ +/, "", line); cmd = cmd " " line }
         print cmd }' >"$tmp/$page.examples"
  while IFS= read -r example; do
    example=${example//\/usr\//$prefix/}
    # Each example gets its inputs as they were made: an example before it may have added
    # games to games.pgn, or been stopped while writing ives-uho.txt (the suite it reads).
    cp "$tmp/games.pgn" "$work/games.pgn"
    cp "$prefix/share/triad/suites/ivesdama-uho.txt" "$work/ives-uho.txt"
    set +e
    (cd "$work" && timeout 8 bash -c "$example" </dev/null >"$tmp/out" 2>&1)
    code=$?
    set -e
    if [ $code -eq 124 ]; then
      ! grep -qi 'error\|usage' "$tmp/out" || fail "$page example '$example': $(head -5 "$tmp/out")"
    else
      [ $code -eq 0 ] || fail "$page example '$example' exits $code: $(head -5 "$tmp/out")"
    fi
    examples=$((examples + 1))
  done <"$tmp/$page.examples"
done
[ $examples -ge 10 ] || fail "only $examples examples found in the manual pages"
echo "install_docs_check: $checked paths and $examples examples checked"
