// Each game's layout for learned evaluations (docs/evaluation.md "What it learns"): the
// letters of its kinds of men in its position lines (upper case; lower case are Player 2's),
// in the order of the feature set (learn/features.h), and the board symmetry its rules keep.
// A game without a layout has no learned evaluation. The engine's search hooks count the same
// kinds (SearchHooks::kNetKinds; adapters/common/engine_for.h checks both agree at compile
// time), and the trainer takes its layouts from here through `import triad`.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace triad::learn {

struct Layout {
  std::string_view game;
  std::string_view letters;
  // The variants whose rules the left-right mirror of the board leaves unchanged, so that a
  // position and its mirror image are worth the same (the trainer adds mirror images): every
  // variant of the game when `all_mirror_symmetric`, else those named in `mirror_symmetric`.
  bool all_mirror_symmetric = false;
  std::span<const std::string_view> mirror_symmetric;
};

// Íves dáma's built-in variants, on the default board ("double diamond"), whose lines, arcs
// (b2-b8 on the left, d2-d8 on the right), start and base points (c1, c9) are symmetric. A
// variant of another name may have any board (a board file).
inline constexpr std::array<std::string_view, 3> kIvesdamaMirrorSymmetric = {
    "ivesdama", "ivesdama-arc", "ivesdama-forward"};

// Razzle Dazzle: man, man holding the ball, man not eligible for the ball; every variant is
// symmetric (knight moves, queen-line passes, the neighbourhood of the forced pass, the goal
// ranks and both rule settings). Íves dáma: the stone. Yin Yang has none: its stones belong to
// nobody (the case says the colour of the square), and it is solved.
inline constexpr std::array<Layout, 2> kLayouts = {{
    {"razzledazzle", "PBX", true, {}},
    {"ivesdama", "P", false, kIvesdamaMirrorSymmetric},
}};

// The layout of `game`, if it has one.
constexpr const Layout* layout_of(std::string_view game) {
  for (const Layout& l : kLayouts)
    if (l.game == game) return &l;
  return nullptr;
}

// The kinds of men `game`'s learned evaluation tells apart (0: it has none).
// (No pointer here: GCC 12 cannot evaluate a pointer test in a constant expression under
// -fsanitize=undefined, and the search hooks' static_assert needs one.)
constexpr int layout_kinds(std::string_view game) {
  for (const Layout& l : kLayouts)
    if (l.game == game) return static_cast<int>(l.letters.size());
  return 0;
}

bool mirror_symmetric(const Layout& layout, std::string_view variant);

// The left-right mirror of a board as a permutation of its points in position-line order,
// from the points' drawing coordinates (x, y) in that order (`query board`): point i of the
// mirror image is point perm[i] of the board. Nothing when a point's mirror is no point.
std::optional<std::vector<int>> mirror_permutation(std::span<const std::pair<int, int>> points);

}  // namespace triad::learn
