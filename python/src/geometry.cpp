// Board geometry and occupancy read from the notation's board JSON (`query board`), so the
// array views need nothing game-specific: the points' "x"/"y" and "piece" fields, in order.
// The JSON is slow to make (tens of microseconds), so occupancy is read from the position
// line's board field (run-length ranks, top rank first) once its order is known to match.
#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <string_view>

#include "adapters/common/text.h"
#include "python/src/bindings.h"

namespace triad::python {

namespace {

// The values of `"key":` in the "points" array, in order (integers or one-letter strings).
template <class F>
void each_field(std::string_view json, std::string_view key, F on_value) {
  const std::string pattern = "\"" + std::string(key) + "\":";
  const std::size_t end = json.find("],\"links\"");
  for (std::size_t at = json.find(pattern); at != std::string_view::npos && at < end;
       at = json.find(pattern, at + 1))
    on_value(json.substr(at + pattern.size()));
}

std::string json_letters(std::string_view json) {
  std::string out;
  each_field(json, "piece", [&](std::string_view v) { out.push_back(v.size() > 1 ? v[1] : '.'); });
  return out;
}

}  // namespace

Geometry geometry_of(const adapters::AnyGame& game) {
  const std::string json = game.board_json();
  Geometry g;
  std::vector<int> xs, ys;
  each_field(json, "x", [&](std::string_view v) { xs.push_back(std::atoi(v.data())); });
  each_field(json, "y", [&](std::string_view v) { ys.push_back(std::atoi(v.data())); });
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
    g.points.emplace_back(xs[i], ys[i]);
    if (xs[i] + 1 > g.width) g.width = xs[i] + 1;
    if (ys[i] + 1 > g.height) g.height = ys[i] + 1;
  }
  // Position-line order: top rank (largest y) first, each rank left to right; kept only if
  // it gives the JSON's letters for this position.
  std::vector<int> order(g.points.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    if (g.points[a].second != g.points[b].second) return g.points[a].second > g.points[b].second;
    return g.points[a].first < g.points[b].first;
  });
  const std::string from_line = adapters::expand_board_field(game.position_line());
  const std::string from_json = json_letters(json);
  if (from_line.size() == order.size() && from_json.size() == order.size()) {
    bool same = true;
    for (std::size_t i = 0; i < order.size() && same; ++i)
      same = from_line[i] == from_json[order[i]];
    if (same) g.line_points = std::move(order);
  }
  return g;
}

std::string piece_letters(const adapters::AnyGame& game, const Geometry& geometry) {
  if (geometry.line_points.empty()) return json_letters(game.board_json());
  const std::string from_line = adapters::expand_board_field(game.position_line());
  std::string out(geometry.points.size(), '.');
  for (std::size_t i = 0; i < from_line.size() && i < geometry.line_points.size(); ++i)
    out[geometry.line_points[i]] = from_line[i];
  return out;
}

}  // namespace triad::python
