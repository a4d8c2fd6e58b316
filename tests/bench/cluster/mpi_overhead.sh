#!/usr/bin/env bash
# Overhead of a distributed match: builtin:random vs builtin:random (in-process players, so
# the runner itself is the bottleneck) with `mpirun -np 3` (rank 0 + 2 workers) against one
# process with -concurrency 2, alternating runs side by side. Prints wall time and games/s,
# and the CPU time (user + system, every process of the job) of each run: on a machine
# loaded by others the wall-clock ratio says little (a job of more processes simply gets a
# larger share of the cores), the CPU ratio is what a dedicated machine would see. With a
# fourth argument (another triad-match, e.g. a build before a change) its -np 3 runs are
# measured in the same rounds. With TRIAD_BENCH_HOSTS=1 in the environment (root, Linux
# network namespaces) the -np 3 jobs run across three namespace hosts of
# tests/cluster/fixture/netns-hosts.sh instead: rank 0 on h0 and one worker on each of h1 and
# h2, over TCP, as docs/cluster.md's hostfile recipe; the local run stays one process.
#   bash tests/bench/cluster/mpi_overhead.sh [build folder] [rounds] [repeats] [other triad-match]
set -euo pipefail
fixture=$(dirname "$(readlink -f "$0")")/../../cluster/fixture/netns-hosts.sh
if [[ -n "${TRIAD_BENCH_HOSTS:-}" && -z "${TRIAD_NETNS_SCRIPT:-}" ]]; then
  exec "$fixture" run 3 bash "$0" "$@"  # brings the hosts up, and down again at the end
fi
build=$(readlink -f "${1:-build/release}")
rounds=${2:-50000}
repeats=${3:-3}
other=${4:-}
options=(-engine name=A cmd=builtin:random -engine name=B cmd=builtin:random
         -variant yinyang -games 2 -repeat -seed 1 -ratinginterval 0)
games=$((2 * rounds))
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun -np 3 --oversubscribe --bind-to none)
if [[ -n "${TRIAD_NETNS_SCRIPT:-}" ]]; then
  net=$TRIAD_NETNS_NET
  # shellcheck disable=SC2054 # the commas belong to mpirun's arguments
  mpirun=("$TRIAD_NETNS_SCRIPT" as h0 mpirun --host h0,h1,h2 -np 3 --bind-to none
          --mca plm_rsh_agent "$TRIAD_NETNS_SCRIPT on" --mca btl tcp,self
          --mca btl_tcp_if_include "$net" --mca oob_tcp_if_include "$net")
  # The daemons on h1 and h2 leave mpirun's process tree, so their CPU time is not counted:
  # only wall-clock figures are printed.
  echo "-np 3 across the namespace hosts h0, h1, h2 (TCP); wall clock only"
fi
times=$(mktemp)
trap 'rm -f "$times"' EXIT

measure() {  # wall and CPU seconds of a command ("wall cpu"), output discarded
  /usr/bin/time -o "$times" -f '%e %U %S' "$@" >/dev/null
  awk '{ print $1, $2 + $3 }' "$times"
}
row() {  # name "wall cpu" ["wall cpu" of local]
  awk -v name="$1" -v m="$2" -v l="${3:-}" -v g="$games" -v up="$startup" -v upw="$startup_wall" \
      -v hosts="${TRIAD_NETNS_SCRIPT:-}" 'BEGIN {
    split(m, a, " "); printf "%-40s %7.2f %9.0f", name, a[1], g / a[1]
    if (hosts == "" || l == "") printf " %7.2f", a[2]
    if (l != "") { split(l, b, " "); printf "  wall x%.2f (x%.2f without mpirun start+end)", b[1] / a[1], b[1] / (a[1] - upw)
      if (hosts == "") printf ", CPU x%.2f of local (CPU x%.2f without mpirun start+end)",
                              b[2] / a[2], b[2] / (a[2] - up) }
    printf "\n" }'
}

# mpirun's own start and end (a job of one game pair), to show what it costs.
read -r startup_wall startup < <(measure "${mpirun[@]}" "$build/triad-match" "${options[@]}" -rounds 1 -mpi)
printf 'mpirun start+end (a 1-pair job): %.2f wall-s, %.2f CPU-s\n%-40s %7s %9s %7s\n' \
  "$startup_wall" "$startup" run wall-s games/s CPU-s
for ((i = 1; i <= repeats; ++i)); do
  local_m=$(measure "$build/triad-match" "${options[@]}" -rounds "$rounds" -concurrency 2)
  row "local -concurrency 2" "$local_m"
  for c in 1 2; do
    row "-np 3, -concurrency $c per worker" \
      "$(measure "${mpirun[@]}" "$build/triad-match" "${options[@]}" -rounds "$rounds" -mpi -concurrency $c)" "$local_m"
    if [[ -n "$other" ]]; then
      row "other: -np 3, -concurrency $c per worker" \
        "$(measure "${mpirun[@]}" "$other" "${options[@]}" -rounds "$rounds" -mpi -concurrency $c)" "$local_m"
    fi
  done
done
