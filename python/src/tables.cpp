// triad.Tables: Íves dáma's endgame tables on disk (docs/tables.md) read from Python, through
// the game's exact knowledge on the engine's reader (adapters/tables/variant_tables.h): the
// exact value of a board's position.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "adapters/tables/variant_tables.h"
#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;

namespace triad::python {

namespace {

// A folder of table files opened for one variant, and the game's exact knowledge on them.
class Tables {
 public:
  Tables(const std::string& path, const std::string& variant) : variant_(variant) {
    auto opened = tables::VariantTables::open(path, new_game(variant));
    if (!opened) throw TriadError(opened.error().message);
    tables_ = std::move(*opened);
    knowledge_ = tables_->knowledge();
  }
  const std::string& variant() const { return variant_; }
  int max_stones() const { return tables_->set().max_stones(); }
  // ("win" | "loss" | "draw", plies to the end) from the side to move, or None.
  std::optional<std::pair<std::string, int>> probe(const Board& board) const {
    if (board.variant() != variant_)
      throw TriadError("a board of the variant " + board.variant() + ", these tables are for " +
                       variant_);
    const auto v = knowledge_->probe(board.game(), false);
    if (!v) return std::nullopt;
    using R = engine::ExactResult;
    return std::pair{std::string(v->result == R::kWin    ? "win"
                                 : v->result == R::kLoss ? "loss"
                                                         : "draw"),
                     v->plies.value_or(0)};
  }

 private:
  std::string variant_;
  std::shared_ptr<const tables::VariantTables> tables_;
  std::unique_ptr<adapters::ExactProbe> knowledge_;  // on tables_ (not shared: Python's GIL)
};

}  // namespace

void bind_tables(py::module_& m) {
  py::class_<Tables>(m, "Tables",
                     "Íves dáma's endgame tables built by triad-tables (docs/tables.md): the "
                     "folder `path` opened for `variant` (its rules and board). A folder that is "
                     "missing, holds no tables, a damaged file or tables of other rules raises "
                     "TriadError.")
      .def(py::init<const std::string&, const std::string&>(), py::arg("path"),
           py::arg("variant") = "ivesdama")
      .def_property_readonly("variant", &Tables::variant, "The variant the tables are for.")
      .def_property_readonly("max_stones", &Tables::max_stones,
                             "Every position with at most this many stones is covered.")
      .def("probe", &Tables::probe, py::arg("board"),
           "The exact value of the board's position with best play by both sides, from the "
           "side to move: ('win' | 'loss' | 'draw', plies to the end; 0 for a draw), or None "
           "when it has more stones than the tables cover or the game is over. A board of "
           "another variant raises TriadError.");
}

}  // namespace triad::python
