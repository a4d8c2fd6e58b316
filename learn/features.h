// The feature set of Triad's learned evaluations (docs/evaluation.md "What it learns"): the
// one definition of which input a man switches on, used by the engine's binding of a net to a
// board (make_model), the `eval` command's evaluation of a position line (board_features) and
// the trainer's batches (sparse_features, through `import triad`).
//
// A board is its points in position-line order (0 .. points-1) holding the layout's letters
// (learn/layouts.h): upper case Player 1's men, lower case Player 2's. Each side sees it from
// its own side: Player 1 as written, Player 2 turned half a turn (point i becomes
// points - 1 - i) with the owners swapped, so the viewer's own men are always the first
// `kinds` codes. A man of kind k owned by `owner` on point i switches on, in `view`'s sums,
// input ((owner xor view) * kinds + k) * points + (view ? points - 1 - i : i).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "engine/core/result.h"
#include "engine/nnue/model.h"
#include "engine/nnue/network.h"

namespace triad::learn {

// The name of this feature set, part of every net's architecture hash (learn/net_file.h):
// change it with the formula below, and nets of the old one are refused.
inline constexpr std::string_view kFeatureSet = "board letters by owner seen by each side, v1";

constexpr int feature_count(int kinds, int points) {
  return 2 * kinds * points;
}

// The input switched on in `view`'s sums (0: Player 1's, 1: Player 2's) by a man of kind
// `kind` owned by `owner` (0: Player 1) on point `point` of a board of `points` points.
constexpr int feature_index(int view, int owner, int kind, int point, int kinds, int points) {
  const int own = owner == view ? 0 : 1;
  return (own * kinds + kind) * points + (view == 0 ? point : points - 1 - point);
}

// The on inputs of a board (one letter per point, '.' empty, the position line's order) in the
// view of `side_to_move` (0: Player 1) and of the other side, each ascending; a letter outside
// `letters` is an error.
Result<void> board_features(std::string_view letters, std::string_view board, int side_to_move,
                            std::vector<int>& mover, std::vector<int>& other);

// `net` bound to a board: line_index[p] is the game's point p's position-line index, or -1
// for an index that is no point (SearchHooks::net_board's indices, engine/nnue/model.h).
std::shared_ptr<const engine::nnue::Model> make_model(engine::nnue::Network net, int kinds,
                                                      std::span<const int> line_index);

// Boards of a batch as the trainer holds them (numpy rows, any strides): row r's point i is
// data[r * row_stride + i * point_stride], its side to move sides[r * side_stride].
struct BoardRows {
  const std::uint8_t* data = nullptr;
  std::size_t rows = 0;
  std::size_t points = 0;
  std::ptrdiff_t row_stride = 0;
  std::ptrdiff_t point_stride = 1;
  const std::uint8_t* sides = nullptr;
  std::ptrdiff_t side_stride = 1;
};

// The on inputs of a batch as embedding-bag input: 2n bags for n positions, bag j the side
// to move's view of position j, bag n + j its opponent's; `indices` holds the bags one after
// the other (each position's men in point order), `offsets` where each begins.
struct SparseFeatures {
  std::vector<std::int64_t> indices;
  std::vector<std::int64_t> offsets;
};

// The features of `boards`, followed, when `mirror` is not empty, by those of their mirror
// images (position rows + r: point i holds row r's point mirror[i]; the same side to move).
// A letter outside `letters` is an error naming the row and the point.
Result<SparseFeatures> sparse_features(const BoardRows& boards, std::string_view letters,
                                       std::span<const int> mirror);

}  // namespace triad::learn
