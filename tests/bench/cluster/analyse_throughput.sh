#!/usr/bin/env bash
# Throughput of triad-analyse: positions/s with `mpirun -np 3` (rank 0 + 2 workers, one
# engine each) against one process with -concurrency 2 (two engines), and -np 3 with two
# engines per worker, alternating runs side by side. The input is every position of
# builtin:random games (game records), analysed by triad at a fixed node count. Two figures
# per run: the wall time of the whole command (mpirun's start and end included) and the
# analysis time triad-analyse reports itself (rank 0: from the input read to the last
# line written).
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

timed() {  # "wall-seconds analysis-seconds" of a command (its summary line on stderr)
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>"$tmp/err"
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" '/positions written/ {
      sub(/.* in /, ""); sub(/ s,.*/, ""); print b - a, $0 }' "$tmp/err"
}
row() {  # name "wall analysis" ["wall analysis" of the local run]
  awk -v name="$1" -v r="$2" -v l="${3:-}" -v n="$positions" 'BEGIN {
    split(r, t, " "); printf "%-34s %6.2f %7.1f %6.2f %7.1f", name, t[1], n / t[1], t[2], n / t[2]
    if (l != "") { split(l, u, " "); printf "   x%.2f   x%.2f", u[1] / t[1], u[2] / t[2] }
    printf "\n" }'
}

printf '%d positions, nodes=%d\n%-34s %6s %7s %6s %7s   %s\n' "$positions" "$nodes" run \
  wall pos/s anal. pos/s "of local (wall, analysis)"
for ((i = 1; i <= repeats; ++i)); do
  local_t=$(timed "${analyse[@]}" -concurrency 2)
  mpi1_t=$(timed "${mpirun[@]}" "${analyse[@]}" -mpi -concurrency 1)
  mpi2_t=$(timed "${mpirun[@]}" "${analyse[@]}" -mpi -concurrency 2)
  row "local -concurrency 2" "$local_t"
  row "-np 3, -concurrency 1 per worker" "$mpi1_t" "$local_t"
  row "-np 3, -concurrency 2 per worker" "$mpi2_t" "$local_t"
done
