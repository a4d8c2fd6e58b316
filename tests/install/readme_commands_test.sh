#!/usr/bin/env bash
# The README's two commands in order give the same build as command 2 alone: their configure
# step (scripts/configure.sh, which scripts/run.sh and scripts/test.sh call) is run in two
# copies of the source tree, `engine` then `all` in one and `all` alone in the other; the two
# build folders must have the same Triad settings and register the same tests, among them the
# Python package's (python_tests, python_wheel_tests) and the examples' on it.
# Usage: readme_commands_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

copy_tree() {  # the tracked and new files of the source tree, without build folders
  mkdir -p "$2"
  (cd "$1" && git ls-files -co --exclude-standard -z | xargs -0 cp -d --parents -t "$2")
}
copy_tree "$source_dir" "$work/in-order"
copy_tree "$source_dir" "$work/alone"

(cd "$work/in-order" && bash scripts/configure.sh engine)
if grep -q '^TRIAD_TESTS:BOOL=ON' "$work/in-order/build/release/CMakeCache.txt"; then
  echo "FAIL: command 1's configure turned the tests on" >&2
  exit 1
fi
(cd "$work/in-order" && bash scripts/configure.sh all)
(cd "$work/alone" && bash scripts/configure.sh all)

settings() { grep -E '^TRIAD_[A-Z_]+:' "$1/build/release/CMakeCache.txt" | sort; }
tests_of() { (cd "$1/build/release" && ctest -N | sed -n 's/^ *Test *#[0-9]*: //p' | sort); }

status=0
if ! diff <(settings "$work/in-order") <(settings "$work/alone"); then
  echo "FAIL: the settings differ (<: command 1 then 2, >: command 2 alone)" >&2
  status=1
fi
if ! diff <(tests_of "$work/in-order") <(tests_of "$work/alone"); then
  echo "FAIL: the registered tests differ (<: command 1 then 2, >: command 2 alone)" >&2
  status=1
fi
for name in python_tests python_wheel_tests gui_examples_python; do
  if ! tests_of "$work/in-order" | grep -qx "$name"; then
    echo "FAIL: $name is not registered after command 1 then command 2" >&2
    status=1
  fi
done
count=$(tests_of "$work/in-order" | wc -l)
[ "$status" -eq 0 ] && echo "PASS: command 1 then command 2 configure the same build ($count tests)"
exit "$status"
