// learn/: the feature index worked by hand from docs/evaluation.md "What it learns", and the
// three places that apply it agreeing (a position's features, a batch's with its mirror
// images, a net bound to a board); the mirror of a board's geometry; the little-endian codec.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "learn/codec.h"
#include "learn/features.h"
#include "learn/layouts.h"

namespace triad::learn {
namespace {

TEST(Learn, TheFeatureIndexIsTheDocumentedOne) {
  // Razzle Dazzle (P, B, X; 56 points): Player 2's ball holder 'b' on point 0 is, for Player
  // 1, the opponent's second kind: (3 + 1) * 56 + 0; for Player 2 its own second kind on the
  // board turned half a turn: (0 + 1) * 56 + 55.
  EXPECT_EQ(feature_index(0, 1, 1, 0, 3, 56), 224);
  EXPECT_EQ(feature_index(1, 1, 1, 0, 3, 56), 111);
  EXPECT_EQ(feature_index(0, 0, 2, 10, 3, 56), 2 * 56 + 10);
  EXPECT_EQ(feature_index(1, 0, 2, 10, 3, 56), 5 * 56 + 45);
  EXPECT_EQ(feature_count(3, 56), 336);
  std::vector<int> mover, other;
  ASSERT_TRUE(board_features("PBX", "b" + std::string(54, '.') + "P", 1, mover, other));
  EXPECT_EQ(mover, (std::vector<int>{111, 3 * 56 + 0}));  // Player 2 to move: 'P' on 55 -> 0
  EXPECT_EQ(other, (std::vector<int>{55, 224}));
  const auto refused = board_features("PBX", "q", 0, mover, other);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "letter 'q' is not in the net's layout PBX");
}

TEST(Learn, ABatchIsItsPositionsAndTheirMirrorImages) {
  // Two 5-point boards of Íves dáma's letters, read with strides as numpy hands them over
  // (every other byte), Player 1 and Player 2 to move; the mirror reverses the points.
  const std::string rows[] = {"P.p.P", "..Pp."};
  std::vector<std::uint8_t> bytes;
  for (const auto& r : rows)
    for (const char c : r) bytes.insert(bytes.end(), {static_cast<std::uint8_t>(c), 0});
  const std::vector<std::uint8_t> sides = {0, 1};
  BoardRows boards{bytes.data(), 2, 5, 10, 2, sides.data(), 1};
  const std::vector<int> mirror = {4, 3, 2, 1, 0};
  const auto batch = sparse_features(boards, "P", mirror);
  ASSERT_TRUE(batch) << batch.error().message;
  // Positions 0, 1 and their mirror images 2, 3: bags 0..3 the movers' views, 4..7 the others'.
  const std::string boards_seen[] = {rows[0], rows[1], "P.p.P", ".pP.."};
  const int side_of[] = {0, 1, 0, 1};
  ASSERT_EQ(batch->offsets.size(), 8u);
  for (int j = 0; j < 4; ++j) {
    std::vector<int> mover, other;
    ASSERT_TRUE(board_features("P", boards_seen[j], side_of[j], mover, other));
    for (const auto& [bag, want] : {std::pair{j, mover}, std::pair{4 + j, other}}) {
      const auto begin = batch->offsets[static_cast<std::size_t>(bag)];
      const auto end = bag + 1 < 8 ? batch->offsets[static_cast<std::size_t>(bag) + 1]
                                   : static_cast<std::int64_t>(batch->indices.size());
      std::vector<int> got(batch->indices.begin() + begin, batch->indices.begin() + end);
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, want) << "bag " << bag;
    }
  }
  const std::vector<std::uint8_t> bad = {'P', 'Q'}, side = {0};
  const auto refused = sparse_features(BoardRows{bad.data(), 1, 2, 2, 1, side.data(), 1}, "P", {});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "position 0, point 1: letter 'Q' is not in the net's layout P");
}

TEST(Learn, ANetBoundToABoardSwitchesOnTheFeatureIndex) {
  // A game whose points 0..3 are line indices 3, -1 (no point), 0, 1 and whose point 4 is 2.
  engine::nnue::Network net;
  const std::vector<int> line_index = {3, -1, 0, 1, 2};
  const auto model = make_model(net, 2, line_index);
  for (int view = 0; view < 2; ++view)
    for (int code = 0; code < 4; ++code)
      for (int p = 0; p < 5; ++p) {
        const int i = line_index[static_cast<std::size_t>(p)];
        EXPECT_EQ(model->input(view, code, p),
                  i < 0 ? -1 : feature_index(view, code / 2, code % 2, i, 2, 4));
      }
}

TEST(Learn, TheMirrorOfABoardComesFromItsGeometry) {
  // A diamond in position-line order (top rank first): c3; b2 c2 d2; c1 (x = file, y = rank).
  const std::vector<std::pair<int, int>> diamond = {{2, 2}, {1, 1}, {2, 1}, {3, 1}, {2, 0}};
  EXPECT_EQ(mirror_permutation(diamond), (std::vector<int>{0, 3, 2, 1, 4}));
  // A point whose mirror image is no point: no mirror.
  EXPECT_FALSE(mirror_permutation(std::vector<std::pair<int, int>>{{0, 1}, {1, 1}, {0, 0}}));
  const Layout* ives = layout_of("ivesdama");
  ASSERT_NE(ives, nullptr);
  EXPECT_TRUE(mirror_symmetric(*ives, "ivesdama-arc"));
  EXPECT_FALSE(mirror_symmetric(*ives, "ivesdama-alquerque"));
  EXPECT_TRUE(mirror_symmetric(*layout_of("razzledazzle"), "any-razzle-variant"));
  EXPECT_EQ(layout_kinds("yinyang"), 0);
}

TEST(Learn, TheCodecIsLittleEndian) {
  std::string bytes;
  append_le<std::int16_t>(bytes, -2);
  append_le<std::uint32_t>(bytes, 0x01020304u);
  EXPECT_EQ(bytes, std::string("\xFE\xFF\x04\x03\x02\x01", 6));
  EXPECT_EQ(get_le<std::int16_t>(bytes.data()), -2);
  EXPECT_EQ(get_le<std::uint32_t>(bytes.data() + 2), 0x01020304u);
  char field[8] = {};
  put_name(field, sizeof field, "razzledazzle");  // cut to 7 bytes, NUL-terminated
  EXPECT_EQ(get_name(field, sizeof field), "razzled");
  field[2] = '\x01';
  EXPECT_EQ(get_name(field, sizeof field), "ra?zled");
}

}  // namespace
}  // namespace triad::learn
