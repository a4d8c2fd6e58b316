// The learning environment's compiled part (docs/python.md "Environment"): the fixed action
// encoding of each game on Board (Notation<G>::actions), observations as planes, and VecEnv,
// many games of one variant stepped at once in C++ (reset on the end of a game).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;

namespace triad::python {

namespace {

// What an observation is made of for one variant: the board's grid and the piece letters of
// its start position (every kind of piece the game has, sorted), one plane each.
struct Encoding {
  Geometry geometry;
  std::string letters;

  explicit Encoding(const adapters::AnyGame& game) : geometry(geometry_of(game)) {
    auto start = game.clone();
    (void)start->reset(start->start_position_line());  // its own start line always parses
    for (char c : piece_letters(*start, geometry))
      if (c != '.' && letters.find(c) == std::string::npos) letters.push_back(c);
    std::sort(letters.begin(), letters.end());
  }
  int planes() const { return static_cast<int>(letters.size()) + 1; }
  // Planes [letter..., side to move is Player 1] x height x width, 1 where true.
  void fill(const adapters::AnyGame& game, float* out) const {
    const int cells = geometry.width * geometry.height;
    std::fill(out, out + planes() * cells, 0.0f);
    const std::string pieces = piece_letters(game, geometry);
    for (std::size_t p = 0; p < geometry.points.size() && p < pieces.size(); ++p) {
      const auto k = letters.find(pieces[p]);
      if (k == std::string::npos) continue;
      const auto [x, y] = geometry.points[p];
      out[k * cells + y * geometry.width + x] = 1.0f;
    }
    if (game.side_to_move() == engine::Player::kOne)
      std::fill(out + letters.size() * cells, out + planes() * cells, 1.0f);
  }
  py::array_t<float> observation(const adapters::AnyGame& game) const {
    py::array_t<float> out({planes(), geometry.height, geometry.width});
    fill(game, out.mutable_data());
    return out;
  }
};

int index_of_action(const adapters::AnyGame& game, std::int64_t action) {
  const auto& actions = game.legal_actions();
  const auto it = std::find(actions.begin(), actions.end(), action);
  return it == actions.end() ? -1 : static_cast<int>(it - actions.begin());
}

std::string not_legal(std::int64_t action, const adapters::AnyGame& game) {
  return "action " + std::to_string(action) + " is not a legal move in position " +
         game.position_line();
}

// The mover's reward for a finished game: 1 won, -1 lost, 0 drawn (or not over).
float reward_for(engine::Player mover, const engine::Outcome& o) {
  if (o.result == engine::GameResult::kP1Win) return mover == engine::Player::kOne ? 1.0f : -1.0f;
  if (o.result == engine::GameResult::kP2Win) return mover == engine::Player::kTwo ? 1.0f : -1.0f;
  return 0.0f;
}

class VecEnv {
 public:
  VecEnv(const std::string& variant, int count, int max_plies) {
    if (count < 1) throw py::value_error("VecEnv needs at least one game");
    for (int i = 0; i < count; ++i) {
      games_.push_back(new_game(variant));
      games_.back()->set_draw_rules({3, max_plies});
    }
    encoding_ = std::make_unique<Encoding>(*games_[0]);
    actions_ = games_[0]->action_count();
  }
  int size() const { return static_cast<int>(games_.size()); }
  int action_count() const { return actions_; }
  std::vector<int> observation_shape() const {
    return {encoding_->planes(), encoding_->geometry.height, encoding_->geometry.width};
  }

  py::tuple reset() {
    for (auto& g : games_) (void)g->reset(g->start_position_line());
    return py::make_tuple(observations(), masks());
  }

  // (observations, rewards of the movers, dones, masks, winners: 0 draw / not over, 1, 2)
  py::tuple step(
      const py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>& actions) {
    if (actions.ndim() != 1 || actions.shape(0) != size())
      throw py::value_error("step wants one action per game: an array of " +
                            std::to_string(size()) + " integers");
    py::array_t<float> rewards(size());
    py::array_t<bool> dones(size());
    py::array_t<std::int8_t> winners(size());
    const auto* a = actions.data();
    auto* r = rewards.mutable_data();
    auto* d = dones.mutable_data();
    auto* w = winners.mutable_data();
    // Every action is checked before any game moves: an illegal one changes nothing, so a
    // caller that retries does not play the games before it twice.
    std::vector<int> indices(games_.size());
    for (int i = 0; i < size(); ++i) {
      indices[i] = index_of_action(*games_[i], a[i]);
      if (indices[i] < 0)
        throw IllegalMoveError("game " + std::to_string(i) + ": " + not_legal(a[i], *games_[i]));
    }
    for (int i = 0; i < size(); ++i) {
      auto& game = *games_[i];
      const engine::Player mover = game.side_to_move();
      game.play_legal(indices[i]);
      const engine::Outcome o = game.outcome();
      r[i] = reward_for(mover, o);
      d[i] = o.over();
      w[i] = o.result == engine::GameResult::kP1Win   ? 1
             : o.result == engine::GameResult::kP2Win ? 2
                                                      : 0;
      if (o.over()) (void)game.reset(game.start_position_line());
    }
    return py::make_tuple(observations(), rewards, dones, masks(), winners);
  }

  py::array_t<bool> masks() const {
    py::array_t<bool> out({size(), actions_});
    auto* m = out.mutable_data();
    std::fill(m, m + static_cast<std::size_t>(size()) * actions_, false);
    for (int i = 0; i < size(); ++i)
      for (int action : games_[i]->legal_actions())
        if (action >= 0) m[static_cast<std::size_t>(i) * actions_ + action] = true;
    return out;
  }
  py::array_t<float> observations() const {
    const auto shape = observation_shape();
    py::array_t<float> out({size(), shape[0], shape[1], shape[2]});
    const std::size_t each = static_cast<std::size_t>(shape[0]) * shape[1] * shape[2];
    for (int i = 0; i < size(); ++i) encoding_->fill(*games_[i], out.mutable_data() + i * each);
    return out;
  }
  std::vector<std::string> position_lines() const {
    std::vector<std::string> out;
    for (const auto& g : games_) out.push_back(g->position_line());
    return out;
  }
  // A uniformly random legal action per game (xorshift on `rng`), for baselines.
  py::array_t<std::int64_t> sample_actions(std::uint64_t seed) {
    if (seed != 0) rng_ = seed * 0x9E3779B97F4A7C15ull + 1;
    py::array_t<std::int64_t> out(size());
    for (int i = 0; i < size(); ++i) {
      const auto& actions = games_[i]->legal_actions();
      rng_ ^= rng_ << 13, rng_ ^= rng_ >> 7, rng_ ^= rng_ << 17;
      out.mutable_data()[i] = actions.empty() ? -1 : actions[rng_ % actions.size()];
    }
    return out;
  }
  py::array_t<std::int8_t> to_play() const {
    py::array_t<std::int8_t> out(size());
    for (int i = 0; i < size(); ++i)
      out.mutable_data()[i] = games_[i]->side_to_move() == engine::Player::kOne ? 1 : 2;
    return out;
  }

 private:
  std::vector<std::unique_ptr<adapters::AnyGame>> games_;
  std::unique_ptr<Encoding> encoding_;
  int actions_ = 0;
  std::uint64_t rng_ = 0x2545F4914F6CDD1Dull;
};

}  // namespace

void bind_env(py::module_& m) {
  auto board = py::reinterpret_borrow<py::class_<Board, std::shared_ptr<Board>>>(m.attr("Board"));
  board
      .def_property_readonly(
          "action_count", [](const Board& b) { return b.game().action_count(); },
          "The number of actions of the game's fixed encoding (docs/python.md, Environment).")
      .def(
          "legal_actions",
          [](const Board& b) {
            const auto& a = b.game().legal_actions();
            return py::array_t<std::int64_t>(static_cast<py::ssize_t>(a.size()),
                                             std::vector<std::int64_t>(a.begin(), a.end()).data());
          },
          "The actions of the legal moves, as an int64 array parallel to legal_moves.")
      .def(
          "action_mask",
          [](const Board& b) {
            py::array_t<bool> out(b.game().action_count());
            std::fill(out.mutable_data(), out.mutable_data() + out.size(), false);
            for (int a : b.game().legal_actions())
              if (a >= 0) out.mutable_data()[a] = true;
            return out;
          },
          "A bool array over all action_count actions, true for the legal ones.")
      .def(
          "action_of",
          [](const Board& b, const Move& move) {
            const Move legal = b.parse_move(move.token);
            return b.game().legal_actions()[legal.index];
          },
          py::arg("move"), "The action of a legal move; IllegalMoveError if it is not legal here.")
      .def(
          "move_of",
          [](const Board& b, std::int64_t action) {
            const int index = index_of_action(b.game(), action);
            if (index < 0) throw IllegalMoveError(not_legal(action, b.game()));
            return b.legal_move(index);
          },
          py::arg("action"),
          "The legal move of an action; IllegalMoveError if it is not legal here.")
      .def(
          "push_action",
          [](Board& b, std::int64_t action) {
            const int index = index_of_action(b.game(), action);
            if (index < 0) throw IllegalMoveError(not_legal(action, b.game()));
            b.push(b.legal_move(index));
          },
          py::arg("action"),
          "Plays the move of an action; IllegalMoveError if it is not legal here (nothing "
          "changes).")
      .def(
          "observation", [](const Board& b) { return Encoding(b.game()).observation(b.game()); },
          "The position as float32 planes [kind, y, x]: one per piece letter (sorted), 1 where it "
          "stands, then one of 1s when Player 1 is to move.");

  py::class_<VecEnv>(m, "VecEnv", "Many games of one variant stepped at once (docs/python.md).")
      .def(py::init<const std::string&, int, int>(), py::arg("variant"), py::arg("num_envs"),
           py::arg("max_plies") = 300)
      .def_property_readonly("num_envs", &VecEnv::size, "The number of games.")
      .def_property_readonly("action_count", &VecEnv::action_count,
                             "The number of actions of the game's fixed encoding.")
      .def_property_readonly("observation_shape", &VecEnv::observation_shape,
                             "One game's observation shape: [planes, height, width].")
      .def("reset", &VecEnv::reset,
           "Starts every game again: (observations [num_envs, planes, height, width] float32, "
           "masks [num_envs, action_count] bool).")
      .def("step", &VecEnv::step, py::arg("actions"),
           "Plays one action per game: (observations, rewards of the movers (+1 won, -1 lost, "
           "0), dones, masks, winners (1, 2, or 0 for a draw or a game going on)); a finished "
           "game starts again at once. IllegalMoveError naming the game if any action is not "
           "legal, before any game is stepped; ValueError unless there is one action per game.")
      .def("action_masks", &VecEnv::masks, "The legal-action masks, [num_envs, action_count] bool.")
      .def("observations", &VecEnv::observations,
           "The observations, [num_envs, planes, height, width] float32 (Board.observation).")
      .def("position_lines", &VecEnv::position_lines, "Each game's position line.")
      .def("sample_actions", &VecEnv::sample_actions, py::arg("seed") = 0,
           "A random legal action per game (seed 0: continue the generator).")
      .def("to_play", &VecEnv::to_play, "The side to move of each game (1 or 2), int8.");
}

}  // namespace triad::python
