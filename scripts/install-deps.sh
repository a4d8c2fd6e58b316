#!/usr/bin/env bash
# Installs Triad's dependencies from Debian packages (idempotent: does nothing when everything
# is present). Needs root (or sudo) on Debian 12.
#   bash scripts/install-deps.sh engine   # only what building triad and triad-match needs
#   bash scripts/install-deps.sh [all]    # also the tests, benchmarks, fuzzers, the Python
#                                         # package, the trainer (PyTorch), GUI examples,
#                                         # packaging and lint tools
set -euo pipefail

engine_packages=(
  cmake ninja-build g++
  libboost-dev libboost-program-options-dev libboost-filesystem-dev
  libyaml-cpp-dev
  zlib1g-dev  # the table files' compression and checksums (tables/)
  openmpi-bin libopenmpi-dev libboost-mpi-dev
)
dev_packages=(
  git
  libgtest-dev libgmock-dev googletest libbenchmark-dev
  clang libclang-rt-14-dev
  python3 pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-yaml
  python3-setuptools python3-wheel python3-pip python3-venv python3-build  # pip install ./python
  python3-mypy flake8  # the Python checks (scripts/check-python.sh)
  python3-torch python3-matplotlib  # the trainer; its loss-curve chart (training/triad-plot)
  nodejs chromium
  dpkg-dev file lintian man-db groff-base
  iproute2 util-linux  # ip netns, unshare: the namespace hosts of tests/cluster/fixture/
  # A real Slurm for tests/cluster/fixture/local-slurm.sh (its daemons are started by the
  # fixture, never as services: without /etc/slurm/slurm.conf their init scripts do nothing).
  slurmctld slurmd slurm-client munge
)

case "${1:-all}" in
  engine) packages=("${engine_packages[@]}") ;;
  all)
    packages=("${engine_packages[@]}" "${dev_packages[@]}")
    # npm: Debian's package, unless an npm already came with another Node.js build (e.g.
    # NodeSource's nodejs bundles npm and conflicts with Debian's npm package).
    command -v npm >/dev/null || packages+=(npm)
    ;;
  *)
    echo "usage: bash scripts/install-deps.sh [engine|all]" >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
