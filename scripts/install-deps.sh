#!/usr/bin/env bash
# Installs Triad's build and test dependencies from Debian packages (idempotent: does
# nothing when everything is present). Needs root (or sudo) on Debian 12.
set -euo pipefail
packages=(
  cmake ninja-build g++ pkg-config
  libboost-dev libboost-program-options-dev libboost-filesystem-dev
  libyaml-cpp-dev libgtest-dev libgmock-dev googletest libbenchmark-dev
  clang libclang-rt-14-dev
  python3
  nodejs chromium
)
# npm: Debian's package, unless an npm already came with another Node.js build (e.g.
# NodeSource's nodejs bundles npm and conflicts with Debian's npm package).
command -v npm >/dev/null || packages+=(npm)
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
