// What the module's source files share: the binding functions module.cpp calls, and the
// board geometry of `query board` that the array views (board_array, observations) use.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <pybind11/pybind11.h>

#include "adapters/common/any_game.h"

namespace triad::python {

void bind_board(pybind11::module_& m);
void bind_records(pybind11::module_& m);
void bind_env(pybind11::module_& m);
void bind_info(pybind11::module_& m);
void bind_learn(pybind11::module_& m);
void bind_tables(pybind11::module_& m);

// The points of a game's board in `query board` order, as (x, y) drawing coordinates, and
// the grid that holds them.
struct Geometry {
  std::vector<std::pair<int, int>> points;
  int width = 0;
  int height = 0;
  // The point of each letter of the position line's board field (top rank first, left to
  // right), when that order was checked against the board JSON; else empty.
  std::vector<int> line_points;
};
Geometry geometry_of(const adapters::AnyGame& game);
// The position-line letter on each point, in the same order ('.' = empty): from the position
// line when the geometry knows its order (fast), else from the board JSON.
std::string piece_letters(const adapters::AnyGame& game, const Geometry& geometry);

}  // namespace triad::python
