#!/usr/bin/env bash
# triad-yinyang-prove end to end on a 20-empty position (a Player 1 win, proved in well under
# a second): prove, resume, cut-off last line, bad files, --verify (see CMakeLists.txt).
set -euo pipefail
prove=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
position="6/6/1DLLD1/1LLLL1/1DLD2/LDDDL1 1 12"
fail() { echo "FAIL: $*" >&2; exit 1; }

# Prove: the verdict, and a proof file with its header and one line per proved position.
out=$("$prove" --file "$dir/p.proof" --position "$position" --split 2 --hash 4)
grep -q "^proved: Player 1 wins from $position\$" <<<"$out" || fail "no verdict: $out"
[ "$(head -1 "$dir/p.proof")" = "# triad yinyang proof v1" ] || fail "no header"
lines=$(grep -vc '^#' "$dir/p.proof")
[ "$lines" -ge 2 ] || fail "only $lines proved positions"
grep -q "^$position win " "$dir/p.proof" || fail "the root is not recorded as a win"

# Resume: everything is read back, nothing is solved again.
out=$("$prove" --file "$dir/p.proof" --position "$position" --split 2 --hash 4)
grep -q "^proof file .*: $lines positions already proved" <<<"$out" || fail "not resumed: $out"
grep -q ", 0 solved in this run" <<<"$out" || fail "solved again: $out"

# A last line cut off by a kill is dropped with a warning, and the proof goes on.
cp "$dir/p.proof" "$dir/cut.proof"
printf '6/6/1DLLD1/1LLLL1/1DL' >>"$dir/cut.proof"
"$prove" --file "$dir/cut.proof" --position "$position" --split 2 --hash 4 >"$dir/out" 2>"$dir/err" \
  || fail "cut-off file refused: $(cat "$dir/err")"
grep -q "incomplete last line dropped" "$dir/err" || fail "no warning: $(cat "$dir/err")"

# --verify: the reference solver agrees with every proof...
out=$("$prove" --file "$dir/p.proof" --verify 0)
grep -q "^verified $lines proofs with the reference solver .*: all agree\$" <<<"$out" \
  || fail "verify: $out"
# ...and catches a falsified value (exit 1, the position named).
sed "s|^$position win |$position loss |" "$dir/p.proof" >"$dir/false.proof"
if out=$("$prove" --file "$dir/false.proof" --verify 0); then fail "falsified proof accepted"; fi
grep -q "^FAILED $position: stored loss, the reference solver finds a win\$" <<<"$out" \
  || fail "verify did not name the falsified proof: $out"

# Bad files: one clear error, exit code 2, nothing written.
printf 'something else\n' >"$dir/foreign.proof"
set +e
"$prove" --file "$dir/foreign.proof" --position "$position" >/dev/null 2>"$dir/err"
code=$?
"$prove" --file /dev/zero --verify 0 >/dev/null 2>"$dir/err2"
code2=$?
"$prove" --file "$dir/missing.proof" --verify 0 >/dev/null 2>"$dir/err3"
code3=$?
set -e
[ $code -eq 2 ] && grep -q "not a Triad Yin Yang proof file" "$dir/err" || fail "foreign file: $code $(cat "$dir/err")"
[ "$(cat "$dir/foreign.proof")" = "something else" ] || fail "foreign file changed"
[ $code2 -eq 2 ] && grep -q "not a regular file" "$dir/err2" || fail "/dev/zero: $code2 $(cat "$dir/err2")"
[ $code3 -eq 2 ] && grep -q "no such proof file" "$dir/err3" || fail "missing file: $code3 $(cat "$dir/err3")"
[ ! -e "$dir/missing.proof" ] || fail "--verify created the missing file"
echo "yinyang_prove_check: OK ($lines proved positions)"
