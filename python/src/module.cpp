// The compiled part of `import triad` (python/triad/): boards of every variant through
// AnyGame, records (records.cpp) and the vectorised environment (env.cpp). The Python files
// of the package add the engine API and the documentation-level conveniences.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/types.h"
#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;
using triad::python::Board;
using triad::python::Move;

namespace triad::python {

namespace {

// A view of a board's legal moves in its current state (as python-chess's legal_moves).
struct LegalMoves {
  std::shared_ptr<Board> board;  // a shared holder: no keep-alive bookkeeping per access
  int size() const { return board->game().legal_count(); }
  Move at(int i) const {
    const int n = size();
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw py::index_error("legal move index out of range");
    return board->legal_move(i);
  }
};

py::object outcome_of(const adapters::AnyGame& game) {
  const engine::Outcome o = game.outcome();
  if (!o.over()) return py::none();
  py::object winner = py::none();
  if (o.result == engine::GameResult::kP1Win) winner = py::int_(1);
  if (o.result == engine::GameResult::kP2Win) winner = py::int_(2);
  return py::module_::import("triad._outcome")
      .attr("Outcome")(winner, engine::result_name(o.result), engine::reason_name(o.reason));
}

// The board as a 2-D array of piece letters ('.' empty, ' ' where the board has no point),
// indexed [y][x] by the drawing coordinates of `query board` (row 0 = bottom).
py::array board_array(const Board& b) {
  const Geometry g = geometry_of(b.game());
  const std::string pieces = piece_letters(b.game(), g);
  std::string cells(static_cast<std::size_t>(g.width) * g.height, ' ');
  for (std::size_t p = 0; p < g.points.size() && p < pieces.size(); ++p)
    cells[static_cast<std::size_t>(g.points[p].second) * g.width + g.points[p].first] = pieces[p];
  const py::module_ np = py::module_::import("numpy");
  return np.attr("frombuffer")(py::bytes(cells), "S1")
      .attr("reshape")(g.height, g.width)
      .attr("astype")("U1");
}

// A copy of the board's game for a call that releases the GIL: meanwhile another thread may
// push, pop or reset the board itself (Python serialises only what holds the GIL).
std::unique_ptr<adapters::AnyGame> unshared(const Board& b) {
  return b.game().clone();
}

}  // namespace

void bind_board(py::module_& m) {
  py::class_<Move>(m, "Move", "A move: its token (str(move)), e.g. 'c4b4' or 'd1c1b1'.")
      .def(py::init([](const std::string& token) {
             return Move{token, 0, -1};
           }),
           py::arg("token"))
      .def_static(
          "from_token",
          [](const std::string& token) {
            return Move{token, 0, -1};
          },
          py::arg("token"), "A move from its token (checked when it is pushed or parsed).")
      .def_static(
          "from_uci",
          [](const std::string& token) {
            return Move{token, 0, -1};
          },
          py::arg("token"), "python-chess's spelling of from_token (the token is the move's UCI).")
      .def_property_readonly(
          "token", [](const Move& mv) { return mv.token; }, "The move's token, as str(move).")
      .def(
          "uci", [](const Move& mv) { return mv.token; },
          "python-chess's spelling of the token (the move as UCI writes it).")
      .def("__str__", [](const Move& mv) { return mv.token; })
      .def("__repr__", [](const Move& mv) { return "Move('" + mv.token + "')"; })
      .def("__eq__",
           [](const Move& a, const py::object& b) {
             if (py::isinstance<Move>(b)) return a.token == b.cast<const Move&>().token;
             if (py::isinstance<py::str>(b)) return a.token == b.cast<std::string>();
             return false;
           })
      .def("__hash__", [](const Move& mv) { return py::hash(py::str(mv.token)); });

  py::class_<LegalMoves>(m, "LegalMoves", "The legal moves of a board, in generation order.")
      .def("__len__", &LegalMoves::size)
      .def("__getitem__", &LegalMoves::at)
      .def("__bool__", [](const LegalMoves& l) { return l.size() > 0; })
      .def("count", &LegalMoves::size, "The number of legal moves (len), as python-chess's.")
      .def("__contains__",
           [](const LegalMoves& l, const py::object& mv) {
             const std::string token =
                 py::isinstance<Move>(mv) ? mv.cast<const Move&>().token : mv.cast<std::string>();
             return l.board->game().is_legal(token);
           })
      .def("__iter__",
           [](const LegalMoves& l) {
             py::list all;
             for (int i = 0, n = l.size(); i < n; ++i) all.append(l.board->legal_move(i));
             return py::iter(all);
           })
      .def("__repr__", [](const LegalMoves& l) {
        std::string s = "<LegalMoves";
        for (int i = 0, n = l.size(); i < n; ++i) s += " " + l.board->game().legal_token(i);
        return s + ">";
      });

  py::class_<Board, std::shared_ptr<Board>>(
      m, "Board", "A game of one variant, from its start or a position line.")
      .def(py::init([](const std::string& variant, const std::optional<std::string>& line) {
             return Board(variant, line ? &*line : nullptr);
           }),
           py::arg("variant") = "razzledazzle", py::arg("position_line") = py::none())
      .def_property_readonly("variant", &Board::variant,
                             "The variant's name, e.g. 'yinyang' (triad.variants() lists them).")
      .def_property_readonly(
          "game", [](const Board& b) { return std::string(b.game().game_name()); },
          "The variant's game: 'razzledazzle', 'yinyang' or 'ivesdama'.")
      .def_property_readonly(
          "legal_moves", [](std::shared_ptr<Board> b) { return LegalMoves{std::move(b)}; },
          "A live view of the legal moves in generation order (the order of `query moves`): len, "
          "indexing, iteration, `in`.")
      .def("push", &Board::push, py::arg("move"),
           "Plays a legal move: a Move, or a token in any spelling the game accepts ('c4-b4'). "
           "IllegalMoveError (with the engine's reason) if it is not legal here; then nothing "
           "changes.")
      .def(
          "push",
          [](Board& b, const std::string& token) {
            b.push(Move{token, 0, -1});
          },
          py::arg("move"))
      .def("pop", &Board::pop,
           "Takes back the last move pushed and returns it; IndexError when the move stack is "
           "empty.")
      .def("parse_move", &Board::parse_move, py::arg("token"),
           "The legal move a token names, in its canonical spelling; IllegalMoveError with the "
           "reason if none.")
      .def("parse_uci", &Board::parse_move, py::arg("token"),
           "python-chess's spelling of parse_move.")
      .def(
          "push_uci",
          [](Board& b, const std::string& token) {
            Move m = b.parse_move(token);
            b.push(m);
            return Move{m.token, 0, -1};
          },
          py::arg("token"),
          "Plays the legal move a token names and returns it (python-chess's push_uci); "
          "IllegalMoveError with the reason if none, and then nothing changes.")
      .def(
          "peek",
          [](const Board& b) {
            if (b.move_stack().empty()) throw py::index_error("peek at an empty move stack");
            return b.move_stack().back();
          },
          "The last move pushed (python-chess's peek); IndexError when the move stack is empty.")
      .def(
          "is_legal",
          [](const Board& b, const py::object& mv) {
            const std::string token =
                py::isinstance<Move>(mv) ? mv.cast<const Move&>().token : mv.cast<std::string>();
            return b.game().is_legal(token);
          },
          "Whether a Move or a token is a legal move in the current position.")
      .def_property_readonly(
          "move_stack", &Board::move_stack,
          "The moves pushed since the root position (construction or set_position), oldest first.")
      .def("set_position", &Board::set_position, py::arg("position_line"),
           "Sets the position from a position line and clears the move stack; InvalidPositionError "
           "(the engine's message) if it does not parse, and then nothing changes.")
      .def("set_fen", &Board::set_position, py::arg("position_line"),
           "python-chess's spelling of set_position.")
      .def(
          "position_line", [](const Board& b) { return b.game().position_line(); },
          "The current position as a position line (the engine's `query fen`).")
      .def(
          "fen", [](const Board& b) { return b.game().position_line(); },
          "python-chess's spelling of position_line.")
      .def(
          "root_position_line",
          [](const Board& b) {
            auto probe = b.game().clone();
            while (probe->take_back()) {
            }
            return probe->position_line();
          },
          "The position line before the moves of move_stack.")
      .def(
          "start_position_line", [](const Board& b) { return b.game().start_position_line(); },
          "The variant's start position line.")
      .def_property_readonly(
          "turn",
          [](const Board& b) { return b.game().side_to_move() == engine::Player::kOne ? 1 : 2; },
          "The side to move: 1 (Player 1) or 2 (Player 2).")
      .def_property_readonly(
          "ply", [](const Board& b) { return b.game().ply(); },
          "The position's ply number (the position line's ply field, advanced by each move).")
      .def(
          "is_game_over", [](const Board& b) { return b.game().outcome().over(); },
          "Whether the game has ended, the house draw rules included (set_draw_rules).")
      .def(
          "outcome", [](const Board& b) { return outcome_of(b.game()); },
          "None while the game goes on, else Outcome(winner 1, 2 or None, result, reason) in the "
          "words of `query result` / `query reason`.")
      .def(
          "set_draw_rules",
          [](Board& b, int repetitions, int max_plies) {
            b.game().set_draw_rules({repetitions, max_plies});
          },
          py::arg("repetitions") = 3, py::arg("max_plies") = 0,
          "The house draw rules: a draw when a position occurs for the `repetitions`-th time, and "
          "after `max_plies` plies (0 turns either off). Defaults: 3 and 0, the engine's.")
      .def(
          "copy",
          [](const Board& b, bool stack) {
            Board copy(b);
            if (!stack) copy.set_position(b.game().position_line());
            return copy;
          },
          py::kw_only(), py::arg("stack") = true,
          "An independent copy: same position and draw rules, and the move stack unless "
          "stack=False (then the position is the copy's root).")
      // Equal by position (python-chess's boards are too): the variant and the position line,
      // which holds all the rules need (the side to move, Razzle Dazzle's ineligible marks and
      // last knight moves, the ply the ply-limit rule counts), not the move stack.
      .def("__eq__",
           [](const Board& a, const py::object& other) -> py::object {
             if (!py::isinstance<Board>(other))
               return py::reinterpret_borrow<py::object>(py::handle(Py_NotImplemented));
             const Board& b = other.cast<const Board&>();
             return py::bool_(a.variant() == b.variant() &&
                              a.game().position_line() == b.game().position_line());
           })
      .def("__hash__",
           [](const Board& b) {
             return py::hash(py::make_tuple(b.variant(), b.game().position_line()));
           })
      .def("__copy__", [](const Board& b) { return Board(b); })
      .def("__deepcopy__", [](const Board& b, py::dict) { return Board(b); })
      .def(
          "perft",
          [](const Board& b, int depth) {
            if (depth < 0) throw py::value_error("perft depth must be 0 or more");
            const auto game = unshared(b);
            py::gil_scoped_release release;
            return game->perft(depth);
          },
          py::arg("depth"),
          "The number of legal move sequences of `depth` plies from here (rules only; house draw "
          "rules ignored), counted in C++ on a copy with the GIL released. ValueError if depth < "
          "0.")
      .def(
          "perft_divide",
          [](const Board& b, int depth) {
            if (depth < 1) throw py::value_error("perft_divide depth must be 1 or more");
            std::vector<std::pair<std::string, std::uint64_t>> out;
            {
              const auto game = unshared(b);
              py::gil_scoped_release release;
              out = game->perft_divide(depth);
            }
            py::dict d;
            for (auto& [token, n] : out) d[py::str(token)] = n;
            return d;
          },
          py::arg("depth"),
          "perft(depth - 1) after each legal move, as a dict {token: count}. ValueError if depth < "
          "1.")
      .def(
          "score",
          [](const Board& b) -> py::object {
            const std::string s = b.game().score_text();
            if (s == "none") return py::none();
            const auto space = s.find(' ');
            return py::make_tuple(std::stoi(s.substr(0, space)), std::stoi(s.substr(space + 1)));
          },
          "Yin Yang: the running score as (Player 1's points, Player 2's points); None for the "
          "other games.")
      .def(
          "board_json", [](const Board& b) { return b.game().board_json(); },
          "The board as the JSON text of `query board` (board_dict() parses it).")
      .def(
          "board_dict",
          [](const Board& b) {
            return py::dict(py::module_::import("json").attr("loads")(b.game().board_json()));
          },
          "The board as the dictionary of `query board`'s JSON (board_json() parsed).")
      .def("board_array", &board_array,
           "The board as a 2-D numpy array of piece letters ('.' empty, ' ' where the board has no "
           "point), indexed [y][x] by `query board`'s drawing coordinates (row 0 at the bottom).")
      .def(
          "evaluate", [](const Board& b) { return b.game().evaluate(); },
          "The engine's static evaluation of the position from the side to move, in cp (about 100 "
          "per unit of advantage).")
      .def(
          "random_playouts",
          [](const Board& b, int games, int max_plies, std::uint64_t seed) {
            std::uint64_t rng = seed * 0x9E3779B97F4A7C15ull + 1;
            const auto game = unshared(b);
            py::gil_scoped_release release;
            return game->random_playouts(games, max_plies, rng);
          },
          py::arg("games"), py::arg("max_plies") = 1000, py::arg("seed") = 1,
          "Plays `games` random games from here, at most `max_plies` plies each, moves drawn "
          "uniformly from `seed`; returns the plies played in all. Runs in C++ on a copy with the "
          "GIL released; the board is unchanged.")
      .def(
          "_repr_svg_",
          [](const py::object& self) {
            return py::module_::import("triad.svg").attr("board")(self);
          },
          "The board as SVG (triad.svg.board), which notebooks show.")
      .def("__str__", [](const Board& b) { return b.game().board_text(); })
      .def("__repr__", [](const Board& b) {
        return "Board('" + b.variant() + "', '" + b.game().position_line() + "')";
      });
}

}  // namespace triad::python

PYBIND11_MODULE(_triad, m) {
  m.doc() = "Triad's rules in-process: boards, records and the vectorised environment.";
  auto base = py::register_exception<triad::python::TriadError>(m, "TriadError", PyExc_ValueError);
  base.attr("__doc__") = "What the module refuses (a ValueError); the message is the engine's.";
  py::register_exception<triad::python::UnknownVariantError>(m, "UnknownVariantError", base)
      .attr("__doc__") = "A variant name that is neither built in nor loaded.";
  py::register_exception<triad::python::InvalidPositionError>(m, "InvalidPositionError", base)
      .attr("__doc__") = "A position line that does not parse or is not a legal position.";
  py::register_exception<triad::python::IllegalMoveError>(m, "IllegalMoveError", base)
      .attr("__doc__") = "A move or action that is not legal in the board's position.";
  py::register_exception<triad::python::RecordError>(m, "RecordError", base).attr("__doc__") =
      "A game record that cannot be read or replayed (names the record and the move).";

  m.def(
      "variants", [] { return triad::python::variants().names(); },
      "The names of the known variants, built-in first.");
  m.def(
      "load_variants",
      [](const std::string& path) {
        if (auto r = triad::python::variants().load_file(path); !r)
          throw triad::python::TriadError(r.error().message);
      },
      py::arg("path"), "Adds the variants of a YAML file (as the engine's VariantPath).");
  triad::python::bind_board(m);
  triad::python::bind_records(m);
  triad::python::bind_env(m);
  triad::python::bind_info(m);
  triad::python::bind_learn(m);
  triad::python::bind_tables(m);
}
