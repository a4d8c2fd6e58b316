#!/usr/bin/env bash
# Throughput of triad-analyse: positions/s with `mpirun -np 3` (rank 0 + 2 workers, one
# engine each) against one process with -concurrency 2 (two engines), and -np 3 with two
# engines per worker, alternating runs side by side. The input is every position of
# builtin:random games (game records), analysed by triad at a fixed node count.
#   bash tests/bench/cluster/analyse_throughput.sh [build folder] [games] [nodes] [repeats]
set -euo pipefail
build=$(cd "${1:-build/release}" && pwd)
games=${2:-20}
nodes=${3:-20000}
repeats=${4:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun -np 3 --oversubscribe --bind-to none)

"$build/triad-match" -engine name=A cmd=builtin:random -engine name=B cmd=builtin:random \
  -variant yinyang -games "$games" -seed 7 -ratinginterval 0 -pgnout "$tmp/games.pgn" >/dev/null
analyse=("$build/triad-analyse" -quiet -nodes "$nodes" -engine option.Threads=1 option.Hash=16
         "$tmp/games.pgn")
positions=$("${analyse[@]}" -depth 1 2>/dev/null | wc -l)

seconds() {  # wall seconds of a command, output discarded
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}
row() {  # name seconds [local seconds]
  awk -v name="$1" -v s="$2" -v n="$positions" -v l="${3:-}" -v up="$startup" 'BEGIN {
    printf "%-36s %8.2f %8.1f", name, s, n / s
    if (l != "") printf "  x%.2f of local (x%.2f without mpirun start+end)", l / s, l / (s - up)
    printf "\n" }'
}

printf '1 line\n' >"$tmp/one.txt"
startup=$(seconds "${mpirun[@]}" "$build/triad-analyse" -mpi -variant yinyang -depth 1 \
  "$tmp/one.txt")
printf '%d positions, nodes=%d; mpirun start+end (a 1-line job): %.2f s\n%-36s %8s %8s\n' \
  "$positions" "$nodes" "$startup" run seconds pos/s
for ((i = 1; i <= repeats; ++i)); do
  local_s=$(seconds "${analyse[@]}" -concurrency 2)
  mpi1_s=$(seconds "${mpirun[@]}" "${analyse[@]}" -mpi -concurrency 1)
  mpi2_s=$(seconds "${mpirun[@]}" "${analyse[@]}" -mpi -concurrency 2)
  row "local -concurrency 2" "$local_s"
  row "-np 3, -concurrency 1 per worker" "$mpi1_s" "$local_s"
  row "-np 3, -concurrency 2 per worker" "$mpi2_s" "$local_s"
done
