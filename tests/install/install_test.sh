#!/usr/bin/env bash
# install_check: installs the build into a temporary prefix and checks what a user of the
# installed tree gets: the programs answer (handshake, version, perft, a variant loaded from
# the installed files), triad-match plays a short match, triad-match plays from an installed
# opening suite and triad-book makes a book of those games that the installed triad plays
# from, triad-analyse analyses a position with the installed triad, and the manual pages
# render without warnings (the web GUI: install_web_test.sh).
# Usage: install_test.sh <cmake> <build folder>
set -euo pipefail
cmake=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

prefix=$tmp/prefix
"$cmake" --install "$build" --prefix "$prefix" >/dev/null
for f in bin/triad bin/triad-match bin/triad-book bin/triad-analyse bin/triad-datagen \
         bin/triad-tables bin/triad-mpi-run bin/triad-ivesdama-prove bin/triad-ivesdama-check \
         share/man/man6/triad.6.gz share/man/man6/triad-match.6.gz \
         share/man/man6/triad-book.6.gz share/man/man6/triad-analyse.6.gz \
         share/man/man6/triad-datagen.6.gz share/man/man6/triad-mpi-run.6.gz \
         share/man/man6/triad-tables.6.gz share/man/man6/triad-ivesdama-prove.6.gz \
         share/man/man6/triad-ivesdama-check.6.gz \
         share/triad/suites/ivesdama-uho.txt share/triad/suites/ivesdama-balanced.txt \
         share/triad/suites/razzledazzle-uho.txt share/triad/suites/razzledazzle-balanced.txt \
         share/triad/variants/builtin.yaml share/triad/variants/examples.yaml \
         share/triad/variants/boards/double-diamond.yaml share/triad/web/start.sh \
         share/triad/web/server.js share/triad/web/public/index.html \
         share/doc/triad/README.md share/doc/triad/docs/protocol.md share/doc/triad/copyright; do
  [ -e "$prefix/$f" ] || fail "$f was not installed"
done
[ ! -e "$prefix/share/triad/web/node_modules" ] || fail "node_modules was installed"
triad=$prefix/bin/triad

# Handshake: the id line carries the same version as --version.
version=$(timeout 20 "$triad" --version)
[[ $version =~ ^Triad\ [0-9]+\.[0-9]+\.[0-9]+(-[0-9a-f]{7,}(-dirty)?)?$ ]] ||
  fail "unexpected --version output '$version'"
handshake=$(printf 'uci\nisready\nquit\n' | timeout 20 "$triad")
grep -qx "id name $version" <<<"$handshake" || fail "no 'id name $version' in: $handshake"
grep -qx uciok <<<"$handshake" || fail "no uciok in: $handshake"
grep -qx readyok <<<"$handshake" || fail "no readyok in: $handshake"

# Perft against a public figure (tests/data/perft.yaml: yinyang depth 4).
perft=$(timeout 60 "$triad" --variant yinyang "go perft 4" | tail -1)
[ "$perft" = "Nodes searched: 2624" ] || fail "yinyang perft 4: '$perft'"

# A variant from the installed example file, whose board is the installed board file: it
# must announce itself and play exactly like the same rules on the compiled-in board.
variant=$(timeout 20 "$triad" --variants "$prefix/share/triad/variants/examples.yaml" \
  --variant ivesdama-arc-forward uci | grep '^info string variant')
[ "$variant" = "info string variant ivesdama-arc-forward game ivesdama startpos p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0" ] ||
  fail "installed variant file: '$variant'"
cat >"$tmp/compiled-in.yaml" <<'YAML'
variants:
  - {name: compiled-in, game: ivesdama, board: default, arc_capture: true, forward: true}
YAML
from_files=$(timeout 60 "$triad" --variants "$prefix/share/triad/variants/examples.yaml" \
  --variant ivesdama-arc-forward "go perft 7")
compiled_in=$(timeout 60 "$triad" --variants "$tmp/compiled-in.yaml" --variant compiled-in "go perft 7")
[ "$from_files" = "$compiled_in" ] || fail "installed board differs from the compiled-in one"
grep -q '^Nodes searched: [1-9]' <<<"$from_files" || fail "no perft total: $from_files"

# A short match: the installed triad (fixed nodes) against the built-in random player.
(cd "$tmp" && timeout 120 "$prefix/bin/triad-match" -variant yinyang \
  -engine name=triad cmd="$triad" nodes=2000 -engine name=random cmd=builtin:random \
  -games 2 -pgnout match.pgn >match.out) || fail "triad-match failed: $(cat "$tmp/match.out")"
grep -q '^Finished match' "$tmp/match.out" || fail "match did not finish: $(cat "$tmp/match.out")"
[ "$(grep -c '^\[Result "\(1-0\|0-1\)"\]' "$tmp/match.pgn")" = 2 ] ||
  fail "expected 2 decided games in the PGN: $(cat "$tmp/match.pgn")"

# An installed opening suite played by the installed triad-match, a book built from those
# games by the installed triad-book, and the installed triad answering from that book.
suite=$prefix/share/triad/suites/ivesdama-uho.txt
(cd "$tmp" && timeout 120 "$prefix/bin/triad-match" -variant ivesdama -each nodes=300 \
  -engine name=a cmd="$triad" -engine name=b cmd="$triad" \
  -openings file="$suite" order=sequential -games 2 -repeat -pgnout suite.pgn >suite.out) ||
  fail "triad-match from the installed suite failed: $(cat "$tmp/suite.out")"
first_opening=$(grep -v '^#' "$suite" | head -1)
grep -qF "[FEN \"$first_opening\"]" "$tmp/suite.pgn" || fail "the games did not start from the suite"
(cd "$tmp" && timeout 60 "$prefix/bin/triad-book" build -variant ivesdama -records suite.pgn \
  -out suite.book -min-games 1 >book.out 2>&1) || fail "triad-book build: $(cat "$tmp/book.out")"
# The first moves played from the first opening (one per game) are the book's moves there.
played=$(grep -A20 -F "[FEN \"$first_opening\"]" "$tmp/suite.pgn" | grep '^1\. ' | awk '{print $2}')
answer=$(timeout 20 "$triad" --variant ivesdama "setoption name BookFile value $tmp/suite.book" \
  "setoption name OwnBook value true" "position fen $first_opening" "go nodes 100000")
book_move=$(sed -n 's/^info string book move \([^ ]*\) .*/\1/p' <<<"$answer")
[ -n "$book_move" ] && grep -qx "$book_move" <<<"$played" ||
  fail "expected a book move among '$played': $answer"
grep -qx "bestmove $book_move.*" <<<"$answer" || fail "the book move was not played: $answer"

# The installed triad-analyse finds the installed triad beside it (no -engine).
printf '6/6/2DL2/2LD2/6/6 1 0\n' >"$tmp/positions.txt"
analysis=$(timeout 60 "$prefix/bin/triad-analyse" -variant yinyang -depth 3 -quiet "$tmp/positions.txt") ||
  fail "triad-analyse failed: $analysis"
grep -q '^{"index":0,.*"bestmove":"[a-f][1-6]' <<<"$analysis" || fail "triad-analyse output: $analysis"

# The manual pages render, with their sections, and groff reports no problem.
for page in triad triad-match triad-book triad-analyse triad-tables triad-mpi-run \
            triad-ivesdama-prove triad-ivesdama-check; do
  file=$prefix/share/man/man6/$page.6.gz
  text=$(MANWIDTH=80 LC_ALL=C.UTF-8 timeout 20 man --warnings -l "$file" 2>"$tmp/man.err")
  [ ! -s "$tmp/man.err" ] || fail "man -l $page: $(cat "$tmp/man.err")"
  for section in NAME SYNOPSIS DESCRIPTION OPTIONS EXAMPLES FILES "EXIT STATUS"; do
    grep -q "^$section" <<<"$text" || fail "man page $page has no $section section"
  done
done

echo "install_check: all checks passed ($version)"
