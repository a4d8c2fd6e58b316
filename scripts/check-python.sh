#!/usr/bin/env bash
# The Python checks (ctest python_checks; docs/architecture.md "Build"): flake8 and mypy over
# the package (python/triad), its benchmarks (python/bench), the trainer (training/triad_train)
# and their tests, and mypy's stubtest of the hand-written stubs (python/triad/_triad.pyi)
# against the compiled module.
# Run with PYTHONPATH at a build's python folder (the compiled module), with Debian's python3
# (python3-mypy, flake8):
#   PYTHONPATH=build/release/python bash scripts/check-python.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-/usr/bin/python3}
sources=(python/triad python/tests python/wheel_tests python/setup.py python/build_backend
         python/bench training/triad_train training/tests
         training/triad-train training/triad-plot scripts/correct-levels.py
         scripts/pool-verifications.py)
status=0
echo "flake8"
"$python" -m flake8 "${sources[@]}" || status=1
echo "mypy"
# Every function annotated (--disallow-untyped-defs) in the package, its benchmarks, the
# trainer and the levels' correction script.
"$python" -m mypy --disallow-untyped-defs python/triad python/bench training/triad_train \
  scripts/correct-levels.py scripts/pool-verifications.py \
  || status=1
echo "stubtest"
# MYPYPATH: the source tree's stubs, not the build's copy of them (a build may be older).
MYPYPATH=python "$python" -m mypy.stubtest --allowlist python/stubtest-allowlist.txt \
  triad._triad || status=1
exit $status
