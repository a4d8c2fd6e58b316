// The feature index applied to boards, nets and batches (see features.h).
#include "learn/features.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace triad::learn {

namespace {

// The code of each byte: owner * kinds + kind for the layout's letters, -1 for '.', -2 for
// anything else.
std::array<int, 256> letter_codes(std::string_view letters) {
  std::array<int, 256> codes;
  codes.fill(-2);
  codes['.'] = -1;
  const int kinds = static_cast<int>(letters.size());
  for (int k = 0; k < kinds; ++k) {
    const auto c = static_cast<unsigned char>(letters[static_cast<std::size_t>(k)]);
    codes[static_cast<unsigned char>(std::toupper(c))] = k;
    codes[static_cast<unsigned char>(std::tolower(c))] = kinds + k;
  }
  return codes;
}

std::string not_in_layout(unsigned char c, std::string_view letters) {
  return "letter '" + std::string(1, static_cast<char>(c)) + "' is not in the net's layout " +
         std::string(letters);
}

}  // namespace

Result<void> board_features(std::string_view letters, std::string_view board, int side_to_move,
                            std::vector<int>& mover, std::vector<int>& other) {
  mover.clear();
  other.clear();
  const auto codes = letter_codes(letters);
  const int points = static_cast<int>(board.size());
  const int kinds = static_cast<int>(letters.size());
  for (int i = 0; i < points; ++i) {
    const auto c = static_cast<unsigned char>(board[static_cast<std::size_t>(i)]);
    const int code = codes[c];
    if (code == -1) continue;
    if (code == -2) return make_error(not_in_layout(c, letters));
    const int owner = code / kinds, kind = code % kinds;
    mover.push_back(feature_index(side_to_move, owner, kind, i, kinds, points));
    other.push_back(feature_index(1 - side_to_move, owner, kind, i, kinds, points));
  }
  std::sort(mover.begin(), mover.end());
  std::sort(other.begin(), other.end());
  return {};
}

std::shared_ptr<const engine::nnue::Model> make_model(engine::nnue::Network net, int kinds,
                                                      std::span<const int> line_index) {
  using engine::nnue::kMaxNetPoints;
  auto model = std::make_shared<engine::nnue::Model>();
  int points = 0;
  for (const int i : line_index) points += i >= 0 ? 1 : 0;
  model->net = std::move(net);
  model->kinds = kinds;
  model->input_of.assign(static_cast<std::size_t>(2 * 2 * kinds * kMaxNetPoints), -1);
  for (int p = 0; p < static_cast<int>(line_index.size()) && p < kMaxNetPoints; ++p) {
    const int i = line_index[static_cast<std::size_t>(p)];
    if (i < 0) continue;
    for (int view = 0; view < 2; ++view)
      for (int owner = 0; owner < 2; ++owner)
        for (int kind = 0; kind < kinds; ++kind) {
          const int code = owner * kinds + kind;
          model->input_of[static_cast<std::size_t>((view * 2 * kinds + code) * kMaxNetPoints + p)] =
              feature_index(view, owner, kind, i, kinds, points);
        }
  }
  return model;
}

Result<SparseFeatures> sparse_features(const BoardRows& boards, std::string_view letters,
                                       std::span<const int> mirror) {
  const auto codes = letter_codes(letters);
  const int kinds = static_cast<int>(letters.size());
  const int points = static_cast<int>(boards.points);
  const std::size_t n = boards.rows;
  const std::size_t positions = mirror.empty() ? n : 2 * n;
  const auto letter = [&](std::size_t row, std::size_t point) {
    return boards.data[static_cast<std::ptrdiff_t>(row) * boards.row_stride +
                       static_cast<std::ptrdiff_t>(point) * boards.point_stride];
  };
  // The point of position j's board that its point i shows.
  const auto source = [&](std::size_t j, std::size_t i) {
    return j < n ? std::pair{j, i} : std::pair{j - n, static_cast<std::size_t>(mirror[i])};
  };
  SparseFeatures out;
  out.offsets.resize(2 * positions);
  std::size_t men = 0;
  for (std::size_t j = 0; j < positions; ++j) {
    out.offsets[j] = static_cast<std::int64_t>(men);
    for (std::size_t i = 0; i < boards.points; ++i) {
      const auto [row, point] = source(j, i);
      const auto c = letter(row, point);
      if (codes[c] == -2)
        return make_error("position " + std::to_string(row) + ", point " + std::to_string(point) +
                          ": " + not_in_layout(c, letters));
      men += codes[c] >= 0 ? 1 : 0;
    }
  }
  for (std::size_t j = 0; j < positions; ++j)
    out.offsets[positions + j] = out.offsets[j] + static_cast<std::int64_t>(men);
  out.indices.resize(2 * men);
  std::int64_t* mover = out.indices.data();
  std::int64_t* other = mover + men;
  for (std::size_t j = 0; j < positions; ++j) {
    const std::size_t row = j < n ? j : j - n;
    const int side = boards.sides[static_cast<std::ptrdiff_t>(row) * boards.side_stride] == 1;
    for (std::size_t i = 0; i < boards.points; ++i) {
      const auto [r, point] = source(j, i);
      const int code = codes[letter(r, point)];
      if (code < 0) continue;
      const int owner = code / kinds, kind = code % kinds, at = static_cast<int>(i);
      *mover++ = feature_index(side, owner, kind, at, kinds, points);
      *other++ = feature_index(1 - side, owner, kind, at, kinds, points);
    }
  }
  return out;
}

}  // namespace triad::learn
