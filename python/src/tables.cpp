// triad.Tables: Íves dáma's endgame tables on disk (docs/tables.md) read from Python, through
// the engine's reader (adapters/tables/table_set.h): the exact value of a board's position.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "adapters/tables/table_set.h"
#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;

namespace triad::python {

namespace {

namespace iv = games::ivesdama;

// A folder of table files opened for one variant (and the game they were opened for).
class Tables {
 public:
  Tables(const std::string& path, const std::string& variant)
      : variant_(variant), game_(new_game(variant)) {
    const auto* typed = tables::ives_dama(*game_);
    if (!typed)
      throw TriadError(path + ": endgame tables exist for Íves dáma only, not " +
                       std::string(game_->game_name()));
    auto set = tables::TableSet::open(path, typed->game());
    if (!set) throw TriadError(set.error().message);
    set_ = std::make_unique<tables::TableSet>(std::move(*set));
  }
  const std::string& variant() const { return variant_; }
  int max_stones() const { return set_->max_stones(); }
  // ("win" | "loss" | "draw", plies to the end) from the side to move, or None.
  std::optional<std::pair<std::string, int>> probe(const Board& board) const {
    if (board.variant() != variant_)
      throw TriadError("a board of the variant " + board.variant() + ", these tables are for " +
                       variant_);
    const auto v = set_->probe(tables::ives_dama(board.game())->line().current());
    if (!v) return std::nullopt;
    using R = iv::EndgameValue::Result;
    return std::pair{std::string(v->result == R::kWin    ? "win"
                                 : v->result == R::kLoss ? "loss"
                                                         : "draw"),
                     v->plies};
  }

 private:
  std::string variant_;
  std::unique_ptr<adapters::AnyGame> game_;  // the game set_ was opened for
  std::unique_ptr<tables::TableSet> set_;
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
