#!/usr/bin/env bash
# install_docs_check: what the manual pages and the README promise about the installed tree.
# Installs the build into a temporary prefix, then:
# - every installed path the rendered manual pages and the README name (/usr/share/…,
#   /usr/bin/triad…; other programs, such as /usr/bin/python3, are not ours) exists under
#   the prefix, and so does every installed path the README lists (`bin/…`, `share/…`) and
#   every manual page it names;
# - every example of the manual pages' EXAMPLES sections and of the README runs as written:
#   the manual pages' with the installed programs, the README's (its `console` block, and
#   the `./build/release/…` commands of its `sh` blocks) with the built ones, from a folder
#   holding the files the examples read (games.pgn, positions.txt, ives-uho.txt, ./triad,
#   old/triad, build/release). An example is a `$ ` command line (with its `\` continuation
#   lines), the lines typed into it (`> `), and the output the doc shows (`< ` lines, or the
#   other lines of a manual page's example) up to a blank line. The command gets the typed
#   lines on its standard input; it must end with status 0, or still be running (a long
#   match or suite) after a few seconds without having printed an error; and the output
#   shown must appear in its output, in that order (a shown line holding `...` stands for
#   any line that starts with the text before the `...`);
# - the source tree's example variant file (packaging/examples.yaml) loads as the installed
#   one, its boards/ folder beside it.
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
pages=(triad triad-match triad-book triad-analyse triad-datagen triad-tables triad-mpi-run)
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

# Examples.
work=$tmp/work
mkdir -p "$work/old" "$work/build"
ln -s "$prefix/bin/triad" "$work/triad"
ln -s "$prefix/bin/triad" "$work/old/triad"
ln -s "$build" "$work/build/release"  # the README's ./build/release/…
(cd "$work" && timeout 60 "$prefix/bin/triad-match" -variant razzledazzle -each nodes=300 \
  -engine name=a cmd="$prefix/bin/triad" -engine name=b cmd="$prefix/bin/triad" -games 2 \
  -pgnout games.pgn >/dev/null) || fail "could not make games.pgn"
cp "$work/games.pgn" "$tmp/games.pgn"  # the Razzle Dazzle records the examples read
printf '6/6/2DL2/2LD2/6/6 1 0\n' >"$work/positions.txt"
export PATH="$prefix/bin:$PATH"
# mpirun as root, and four ranks on a smaller machine, as the example asks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1

# Splits the example text on standard input into <dir>/<n>.cmd (the command), <n>.in (the
# typed lines) and <n>.out (the output shown), n = 1, 2, …; prints how many.
split_examples() {
  awk -v dir="$1" '
    function done_with(n) { close(dir "/" n ".cmd"); close(dir "/" n ".in"); close(dir "/" n ".out") }
    { line = $0; sub(/^ +/, "", line) }
    line ~ /^\$ / {
      if (n) done_with(n)
      n++; cmd = substr(line, 3)
      while (cmd ~ /\\$/ && (getline next_line) > 0) {
        sub(/\\$/, "", cmd); sub(/^ +/, "", next_line); cmd = cmd " " next_line
      }
      print cmd >(dir "/" n ".cmd"); printf "" >(dir "/" n ".in"); printf "" >(dir "/" n ".out")
      open = 1; next
    }
    line == "" { open = 0; next }
    !open { next }
    line ~ /^> / { print substr(line, 3) >(dir "/" n ".in"); next }
    { if (line ~ /^< /) line = substr(line, 3); print line >(dir "/" n ".out") }
    END { print n + 0 }'
}

# The first line of <shown> missing from <output> (in order; `...` as above; both without
# their indent, which split_examples drops from the shown lines), if any.
missing_line() {
  awk 'NR == FNR { want[++w] = $0; next }
       { line = $0; sub(/^ +/, "", line); got[++g] = line }
       END {
         j = 1
         for (i = 1; i <= w; i++) {
           k = index(want[i], "...")
           if (k > 0) {
             prefix = substr(want[i], 1, k - 1)
             while (j <= g && substr(got[j], 1, length(prefix)) != prefix) j++
           } else {
             while (j <= g && got[j] != want[i]) j++
           }
           if (j > g) { print want[i]; exit }
           j++
         }
       }' "$1" "$2"
}

# Runs the examples of the text on standard input; $1 names the doc in messages.
examples=0
run_examples() {
  local doc=$1 dir=$tmp/examples/$1 count i example code missing
  mkdir -p "$dir"
  count=$(split_examples "$dir")
  for ((i = 1; i <= count; i++)); do
    example=$(cat "$dir/$i.cmd")
    example=${example//\/usr\//$prefix/}
    # Each example gets its inputs as they were made: an example before it may have added
    # games to games.pgn, or been stopped while writing ives-uho.txt (the suite it reads).
    cp "$tmp/games.pgn" "$work/games.pgn"
    cp "$prefix/share/triad/suites/ivesdama-uho.txt" "$work/ives-uho.txt"
    set +e
    (cd "$work" && timeout 8 bash -c "$example" <"$dir/$i.in" >"$tmp/out" 2>&1)
    code=$?
    set -e
    if [ $code -eq 124 ]; then
      ! grep -qi 'error\|usage' "$tmp/out" || fail "$doc example '$example': $(head -5 "$tmp/out")"
    else
      [ $code -eq 0 ] || fail "$doc example '$example' exits $code: $(head -5 "$tmp/out")"
    fi
    if [ -s "$dir/$i.out" ]; then
      missing=$(missing_line "$dir/$i.out" "$tmp/out")
      [ -z "$missing" ] ||
        fail "$doc example '$example' does not print '$missing' as shown; it printed: $(cat "$tmp/out")"
    fi
    examples=$((examples + 1))
  done
  [ "$count" -gt 0 ] || fail "no example found in $doc"
}

for page in "${pages[@]}"; do
  run_examples "$page(6)" < <(sed -n '/^EXAMPLES/,/^FILES/p' "$tmp/$page.txt")
done
# The README: its console block as it is, and its sh blocks' ./build/release/ commands.
run_examples README < <(awk '
  /^```/ { block = $0 == "```console" ? "console" : $0 == "```sh" ? "sh" : ""; print ""; next }
  block == "console" { print; next }
  block == "sh" && (cont || /^\.\/build\/release\//) {
    print (cont ? "" : "$ ") $0; cont = /\\$/; if (!cont) print ""
  }' "$source/README.md")
# The source tree's example variant file loads as the installed one does (boards/ beside it).
"$build/triad" --variants "$source/packaging/examples.yaml" --variant ivesdama-arc-forward \
  "go perft 1" >"$tmp/out" 2>&1 || fail "packaging/examples.yaml: $(head -3 "$tmp/out")"
[ $examples -ge 14 ] || fail "only $examples examples found in the manual pages and the README"
echo "install_docs_check: $checked paths and $examples examples checked"
