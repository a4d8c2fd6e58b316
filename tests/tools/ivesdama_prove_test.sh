#!/usr/bin/env bash
# Íves dáma solved end to end on the reduced 3 x 4 board (ivesdama-reduced/): with forward
# steps its 4-stone tables built by triad-tables (and by triad-tables -mpi on 3 ranks, to the
# same bytes), the proof search from the start position down to them, the checker, tampered
# proofs refused with one line, the verdict against the 6-stone tables (which cover the start
# position itself); under the base rules the start's draw proved through repetitions and
# tampered drawing proofs refused; a search stopped by its node limit, and usage errors.
set -euo pipefail
prove=$1 check=$2 tables=$3 src=$4
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
v=(-variants "$src/tests/tools/ivesdama-reduced/variants.yaml" -variant ives-reduced-forward)

"$tables" "${v[@]}" -stones 4 -dir "$dir/t4" -threads 1 -quiet >/dev/null
# The MPI environment of the cluster tests (tests/cluster/mpi_support.h): Open MPI may run as
# root, and under the asan preset LeakSanitizer ignores what Open MPI keeps past MPI_Finalize.
env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
  OMPI_MCA_mca_base_component_disable_dlclose=1 \
  ASAN_OPTIONS=fast_unwind_on_malloc=0:intercept_tls_get_addr=0 \
  LSAN_OPTIONS="print_suppressions=0:suppressions=$src/tests/cluster/lsan-openmpi.supp" \
  mpirun -np 3 --oversubscribe --bind-to none \
  "$tables" -mpi "${v[@]}" -stones 4 -dir "$dir/m4" -quiet >/dev/null 2>"$dir/mpi.err" \
  || fail "triad-tables -mpi: $(cat "$dir/mpi.err")"
diff -r "$dir/t4" "$dir/m4" >/dev/null || fail "the -mpi tables differ from the local build"

# The proof: Player 1 wins, verified by the prover and again by the checker.
out=$("$prove" "${v[@]}" -tables "$dir/t4" -file "$dir/p.proof")
grep -q "^proved and verified: Player 1 wins from ppp/3/3/PPP 1 0 " <<<"$out" || fail "prove: $out"
[ "$(head -1 "$dir/p.proof")" = "triad-ivesdama-proof 2" ] || fail "no header"
out=$("$check" "${v[@]}" -tables "$dir/t4" -file "$dir/p.proof")
grep -q "^verified: Player 1 wins from ppp/3/3/PPP 1 0 (" <<<"$out" || fail "check: $out"

# The 6-stone tables hold the start position: the same verdict, the root a leaf.
"$tables" "${v[@]}" -stones 6 -dir "$dir/t6" -threads 1 -quiet >/dev/null
out=$("$prove" "${v[@]}" -tables "$dir/t6" -file "$dir/p6.proof")
grep -q "^proved and verified: Player 1 wins from ppp/3/3/PPP 1 0 (1 proof nodes" <<<"$out" \
  || fail "6 stones: $out"

# Tampered: an opponent's move left out, a claimant's move replaced by an illegal one, a
# node number beyond the part: each refused with exit status 1 and one line naming the node.
against=("${v[@]}" -tables "$dir/t4")  # the variant and tables `refused` checks with
refused() {  # FILE EXPECTED-TEXT
  local code=0
  "$check" "${against[@]}" -file "$1" >/dev/null 2>"$dir/err" || code=$?
  [ "$code" = 1 ] || fail "$1: exit status $code"
  [ "$(wc -l <"$dir/err")" = 1 ] || fail "$1: not one line: $(cat "$dir/err")"
  grep -q "^triad-ivesdama-check: .*$2" "$dir/err" || fail "$1: $(cat "$dir/err")"
}
awk '!done && $1 ~ /^[0-9]+$/ && NF >= 5 { $NF = ""; $(NF-1) = ""; sub(/ +$/, ""); done = 1 } 1' \
  "$dir/p.proof" >"$dir/short.proof"
refused "$dir/short.proof" "must give every legal move"
sed '6s/^0 [^ ]* /0 a1a4 /' "$dir/p.proof" >"$dir/illegal.proof"
refused "$dir/illegal.proof" "node 0 (line 6): move 'a1a4'"
sed '6s/ [0-9]*$/ 999999/' "$dir/p.proof" >"$dir/far.proof"
refused "$dir/far.proof" "node 999999 is beyond"

# Base rules: the start is a draw (no side can force a goal; the game has no other draw than
# the house rules', so play goes round in cycles): both sides' "does not lose" proved with
# cycles, each of which the checker plays round on the game core to its repetition draw.
b=(-variants "$src/tests/tools/ivesdama-reduced/variants.yaml" -variant ives-reduced)
"$tables" "${b[@]}" -stones 4 -dir "$dir/b4" -threads 1 -quiet >/dev/null
out=$("$prove" "${b[@]}" -tables "$dir/b4" -file "$dir/d.proof")
grep -q "^proved and verified: draw from ppp/3/3/PPP 1 0 (.* leaves, [1-9][0-9]* cycles;" <<<"$out" \
  || fail "draw: $out"
grep -q "^part 1 notlose " "$dir/d.proof" && grep -q "^part 2 notlose " "$dir/d.proof" \
  && grep -qx "draws repetition 3" "$dir/d.proof" || fail "draw: not two 'notlose' parts"
b4=("${b[@]}" -tables "$dir/b4")
out=$("$check" "${b4[@]}" -file "$dir/d.proof")
grep -q "^verified: draw from ppp/3/3/PPP 1 0 (.* [1-9][0-9]* cycles drawn by repetition" <<<"$out" \
  || fail "check draw: $out"
# A version 1 file (before the draw rule line) is read with the default rule, the third
# occurrence.
sed '1s/ 2$/ 1/; /^draws /d' "$dir/d.proof" >"$dir/v1.proof"
"$check" "${b4[@]}" -file "$dir/v1.proof" | grep -q "^verified: draw from" || fail "version 1"
# Tampered drawing proofs: the cycles claimed as a win, the repetition rule turned off, a
# rule that is none.
sed 's/^part 1 notlose /part 1 win /' "$dir/d.proof" >"$dir/cycle-win.proof"
sed 's/^draws repetition 3$/draws repetition 0/' "$dir/d.proof" >"$dir/no-rule.proof"
against=("${b4[@]}")
refused "$dir/cycle-win.proof" "part 1: node [0-9]* (line [0-9]*): move '.*' closes a cycle: a win cannot"
refused "$dir/no-rule.proof" "closes a cycle back to node [0-9]* that the rule 'draws repetition 0' does not end"
sed 's/^draws repetition 3$/draws repetition 1/' "$dir/d.proof" >"$dir/rule-one.proof"
refused "$dir/rule-one.proof" "rule-one.proof:4: expected 'draws repetition N' (0 = cycles are no draw, or 2 to 1000)"

# A search stopped by its node limit: not proved, exit status 1.
code=0
"$prove" "${b4[@]}" -file "$dir/b.proof" -nodes 2000 >"$dir/out" 2>&1 || code=$?
[ "$code" = 1 ] || fail "node limit: exit status $code"
grep -q "^not proved: a limit stopped the search after 2000 nodes" "$dir/out" || fail "$(cat "$dir/out")"

# Usage: no -tables, a bad number: exit status 2 and one line.
code=0
"$prove" -file "$dir/x.proof" 2>"$dir/err" || code=$?
[ "$code" = 2 ] && grep -q "^triad-ivesdama-prove: .*tables" "$dir/err" || fail "no -tables: $(cat "$dir/err")"
code=0
"$prove" "${v[@]}" -tables "$dir/t4" -file "$dir/x.proof" -memory 0 2>"$dir/err" || code=$?
[ "$code" = 2 ] && grep -q "^triad-ivesdama-prove: -memory '0' is outside 1..1048576" "$dir/err" \
  || fail "-memory 0: $(cat "$dir/err")"
echo "ok"
