#!/usr/bin/env bash
# Overhead of a distributed match: games/s of builtin:random vs builtin:random (in-process
# players, so the runner itself is the bottleneck) with `mpirun -np 3` (rank 0 + 2 workers)
# against one process with -concurrency 2, alternating runs side by side.
#   bash tests/bench/cluster/mpi_overhead.sh [build folder] [rounds] [repeats]
set -euo pipefail
build=${1:-build/release}
rounds=${2:-50000}
repeats=${3:-3}
match=("$build/triad-match" -engine name=A cmd=builtin:random -engine name=B cmd=builtin:random
       -variant yinyang -games 2 -repeat -seed 1 -ratinginterval 0)
games=$((2 * rounds))
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun -np 3 --oversubscribe --bind-to none)

seconds() {  # wall seconds of a command, output discarded
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}
row() {  # name seconds [local seconds]
  awk -v name="$1" -v s="$2" -v g="$games" -v l="${3:-}" -v up="$startup" 'BEGIN {
    printf "%-34s %8.2f %10.0f", name, s, g / s
    if (l != "") printf "  x%.2f of local (x%.2f without mpirun start+end)", l / s, l / (s - up)
    printf "\n" }'
}

# mpirun's own start and end (a job of one game pair), to show what it costs.
startup=$(seconds "${mpirun[@]}" "${match[@]}" -rounds 1 -mpi)
printf 'mpirun start+end (a 1-pair job): %.2f s\n%-34s %8s %10s\n' "$startup" run seconds games/s
for ((i = 1; i <= repeats; ++i)); do
  local_s=$(seconds "${match[@]}" -rounds "$rounds" -concurrency 2)
  mpi1_s=$(seconds "${mpirun[@]}" "${match[@]}" -rounds "$rounds" -mpi -concurrency 1)
  mpi2_s=$(seconds "${mpirun[@]}" "${match[@]}" -rounds "$rounds" -mpi -concurrency 2)
  row "local -concurrency 2" "$local_s"
  row "-np 3, -concurrency 1 per worker" "$mpi1_s" "$local_s"
  row "-np 3, -concurrency 2 per worker" "$mpi2_s" "$local_s"
done
