#!/usr/bin/env bash
# triad-yinyang-prove end to end on a 20-empty position (a Player 1 win, proved in well under
# a second): prove, resume, cut-off last lines (resumed twice), bad and huge files, --verify
# (see CMakeLists.txt), every number range-checked.
set -euo pipefail
prove=$1
sanitizer=${2:-OFF}  # a sanitized build cannot run under an address-space limit
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
# The stub is cut off the file: it is resumed again (cut once more) and verified as a whole.
printf '6/6/1DLL' >>"$dir/cut.proof"
"$prove" --file "$dir/cut.proof" --position "$position" --split 2 --hash 4 >"$dir/out" 2>"$dir/err" \
  || fail "second resume after a cut refused: $(cat "$dir/err")"
"$prove" --file "$dir/cut.proof" --position "$position" --split 2 --hash 4 >"$dir/out" 2>"$dir/err" \
  || fail "third resume refused: $(cat "$dir/err")"
! grep -q "incomplete" "$dir/err" || fail "the stub stayed in the file: $(cat "$dir/err")"
"$prove" --file "$dir/cut.proof" --verify 0 >"$dir/out" 2>"$dir/err" \
  || fail "verify after resumed cuts: $(cat "$dir/out" "$dir/err")"
[ "$(grep -vc '^#' "$dir/cut.proof")" -eq "$lines" ] || fail "resumed file: not $lines proofs"

# --verify: the inner proofs agree with their children and the reference solver with every
# proof, or the fast solver on mirror images with every solved one...
inner=$(awk '!/^#/ && $6 == 0' "$dir/p.proof" | wc -l)
solved=$((lines - inner))
out=$("$prove" --file "$dir/p.proof" --verify 0)
grep -q "^verified $inner inner proofs against their children, re-solved $lines with the reference solver and 0 with the fast solver .*: all agree\$" <<<"$out" \
  || fail "verify: $out"
out=$("$prove" --file "$dir/p.proof" --verify 0 --max-empties 0 --max-nodes 100000000 --hash 4)
grep -q "^verified $inner inner proofs against their children, re-solved 0 with the reference solver and $solved with the fast solver .*: all agree\$" <<<"$out" \
  || fail "verify with the fast solver: $out"
# ...and each catches a falsified value (exit 1, the position named): the reference solver,
# and the tree check alone (nothing re-solved).
sed "s|^$position win |$position loss |" "$dir/p.proof" >"$dir/false.proof"
if out=$("$prove" --file "$dir/false.proof" --verify 0); then fail "falsified proof accepted"; fi
grep -q "^FAILED $position: stored loss, the reference solver finds a win\$" <<<"$out" \
  || fail "verify did not name the falsified proof: $out"
if out=$("$prove" --file "$dir/false.proof" --verify 0 --max-empties 0); then
  fail "falsified proof accepted by the tree check"
fi
grep -q "^FAILED $position: stored loss, but the move [a-f][1-6][a-f][1-6] leaves the opponent lost\$" <<<"$out" \
  || fail "the tree check did not name the falsified proof: $out"
# A solved position falsified is caught by the fast solver on its mirror image.
leaf=$(awk '!/^#/ && $6 > 0 {print $1" "$2" "$3; exit}' "$dir/p.proof")
awk -v leaf="$leaf" '$1" "$2" "$3 == leaf {$4 = ($4 == "win" ? "loss" : "win")} {print}' \
  "$dir/p.proof" >"$dir/false-leaf.proof"
if out=$("$prove" --file "$dir/false-leaf.proof" --verify 0 --max-empties 0 --max-nodes 100000000 --hash 4); then
  fail "falsified solved position accepted"
fi
grep -q "^FAILED $leaf: stored [a-z]*, the fast solver (mirror image) finds a" <<<"$out" \
  || fail "the fast solver did not name the falsified position: $out"

# Bad files: one clear error, exit code 2, nothing written.
printf 'something else\n' >"$dir/foreign.proof"
set +e
"$prove" --file "$dir/foreign.proof" --position "$position" >/dev/null 2>"$dir/err"
code=$?
"$prove" --file /dev/zero --verify 0 >/dev/null 2>"$dir/err2"
code2=$?
"$prove" --file "$dir/missing.proof" --verify 0 >/dev/null 2>"$dir/err3"
code3=$?
# A 1 GB file that is not a proof (sparse: no disk used) is refused on its first line, under
# a memory limit too (not in a sanitizer build, whose shadow memory needs terabytes of address
# space); one with the header but over the size bound before it is read.
truncate -s 1G "$dir/huge.bin"
limit=1000000
[ "$sanitizer" = OFF ] || limit=unlimited
(ulimit -v $limit; "$prove" --file "$dir/huge.bin" --verify 0) >"$dir/out4" 2>"$dir/err4"
code4=$?
printf '# triad yinyang proof v1\n' >"$dir/huge.proof"
truncate -s 300M "$dir/huge.proof"
"$prove" --file "$dir/huge.proof" --verify 0 >/dev/null 2>"$dir/err5"
code5=$?
set -e
[ $code4 -eq 2 ] && grep -q "not a Triad Yin Yang proof file" "$dir/err4" \
  || fail "1 GB non-proof: $code4 $(cat "$dir/out4" "$dir/err4")"
[ $code5 -eq 2 ] && grep -q "larger than the limit" "$dir/err5" || fail "300 MB proof: $code5 $(cat "$dir/err5")"
[ $code -eq 2 ] && grep -q "not a Triad Yin Yang proof file" "$dir/err" || fail "foreign file: $code $(cat "$dir/err")"
[ "$(cat "$dir/foreign.proof")" = "something else" ] || fail "foreign file changed"
[ $code2 -eq 2 ] && grep -q "not a regular file" "$dir/err2" || fail "/dev/zero: $code2 $(cat "$dir/err2")"
[ $code3 -eq 2 ] && grep -q "no such proof file" "$dir/err3" || fail "missing file: $code3 $(cat "$dir/err3")"
[ ! -e "$dir/missing.proof" ] || fail "--verify created the missing file"

# Every number is read whole and range-checked in one wording, before any work: the option
# parser once took --max-nodes=-1 for 2^64-1 (and --hash=-1 for a huge table).
for flag in "--max-nodes=-1|--max-nodes '-1' is outside 0..18446744073709551615" \
            "--seed=-9223372036854775809|--seed '-9223372036854775809' is outside 0..18446744073709551615" \
            "--split=40|--split '40' is outside 0..32" \
            "--hash=-1|--hash '-1' is outside 1..65536" \
            "--threads=2x|--threads '2x' is not an integer"; do
  set +e
  "$prove" --file "$dir/p.proof" --verify 0 "${flag%%|*}" >"$dir/out" 2>"$dir/err"
  code=$?
  set -e
  [ $code -eq 2 ] && [ "$(cat "$dir/err")" = "triad-yinyang-prove: ${flag#*|}" ] \
    && [ ! -s "$dir/out" ] || fail "${flag%%|*}: $code $(cat "$dir/out" "$dir/err")"
done
echo "yinyang_prove_check: OK ($lines proved positions)"
