// The layouts' symmetries (see layouts.h).
#include "learn/layouts.h"

#include <algorithm>
#include <map>

namespace triad::learn {

bool mirror_symmetric(const Layout& layout, std::string_view variant) {
  return layout.all_mirror_symmetric ||
         std::find(layout.mirror_symmetric.begin(), layout.mirror_symmetric.end(), variant) !=
             layout.mirror_symmetric.end();
}

std::optional<std::vector<int>> mirror_permutation(std::span<const std::pair<int, int>> points) {
  if (points.empty()) return std::nullopt;
  int low = points.front().first, high = low;
  std::map<std::pair<int, int>, int> where;
  for (std::size_t i = 0; i < points.size(); ++i) {
    low = std::min(low, points[i].first);
    high = std::max(high, points[i].first);
    where[points[i]] = static_cast<int>(i);
  }
  std::vector<int> perm;
  for (const auto& [x, y] : points) {
    const auto found = where.find({low + high - x, y});
    if (found == where.end()) return std::nullopt;
    perm.push_back(found->second);
  }
  return perm;
}

}  // namespace triad::learn
