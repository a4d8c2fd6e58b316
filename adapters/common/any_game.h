// AnyGame: one game of any kind behind a single interface — rules, notation and the moves
// played so far, all in text. One virtual call per protocol command or referee check; the
// typed GameLine underneath is what the search works on.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "adapters/common/notation.h"
#include "engine/core/game_line.h"
#include "engine/core/perft.h"

namespace triad::adapters {

class AnyGame {
 public:
  virtual ~AnyGame() = default;

  virtual std::string_view game_name() const = 0;  // "razzledazzle", "yinyang", "ivesdama"
  virtual std::string start_position_line() const = 0;
  // Start a new line from a position line; on error nothing changes.
  virtual Result<void> reset(std::string_view position_line) = 0;
  // Play one move token; on error (malformed or illegal) nothing changes.
  virtual Result<void> play(std::string_view token) = 0;

  virtual std::string position_line() const = 0;
  virtual std::vector<std::string> legal_moves() const = 0;
  virtual bool is_legal(std::string_view token) const = 0;
  virtual engine::Player side_to_move() const = 0;
  virtual int ply() const = 0;
  virtual engine::Outcome outcome() const = 0;  // includes the draw house rules
  virtual void set_draw_rules(const engine::DrawRules& rules) = 0;
  virtual engine::DrawRules draw_rules() const = 0;
  virtual std::string score_text() const = 0;
  virtual std::string board_text() const = 0;
  virtual std::string board_json() const = 0;
  virtual int evaluate() const = 0;
  virtual std::vector<engine::EvalTerm> eval_terms() const = 0;
  virtual std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const = 0;
  virtual std::unique_ptr<AnyGame> clone() const = 0;

  // In-process fast paths (the Python module, python/): the legal moves of the current
  // position by index in the legal list's order (the list is cached until the line changes),
  // take-back of the moves played through this object, perft totals, and the game's fixed
  // action encoding (Notation<G>::actions).
  virtual int legal_count() const = 0;
  virtual std::string legal_token(int index) const = 0;  // 0 <= index < legal_count()
  virtual void play_legal(int index) = 0;                // 0 <= index < legal_count()
  virtual bool take_back() = 0;                          // false when nothing to take back
  virtual std::uint64_t perft(int depth) const = 0;
  virtual int action_count() const = 0;
  virtual const std::vector<int>& legal_actions() const = 0;  // parallel to the legal list
  // Random playouts from the current position (this object is left unchanged): at most
  // `max_plies` plies each, a move drawn uniformly by a xorshift generator on `rng`; returns
  // the plies played in all.
  virtual std::uint64_t random_playouts(int games, int max_plies, std::uint64_t& rng) const = 0;
};

template <HasNotation G>
class TypedGame : public AnyGame {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using N = Notation<G>;

  explicit TypedGame(G game)
      : game_(std::make_shared<const G>(std::move(game))), line_(*game_, game_->start_position()) {}

  const G& game() const { return *game_; }
  const engine::GameLine<G>& line() const { return line_; }

  std::string_view game_name() const override { return G::kName; }
  std::string start_position_line() const override {
    return N::format_position(*game_, game_->start_position());
  }
  Result<void> reset(std::string_view position_line) override {
    auto pos = N::parse_position(*game_, position_line);
    if (!pos) return pos.error();
    line_ = engine::GameLine<G>(*game_, *pos);
    changed();
    undo_.clear();
    return {};
  }
  Result<void> play(std::string_view token) override {
    if (game_->terminal(line_.current()).over())
      return make_error("the game is over, no move can be played");
    auto m = N::parse_move(*game_, line_.current(), line_.history(), token);
    if (!m) return m.error();
    play_move(*m);
    return {};
  }
  std::string position_line() const override { return N::format_position(*game_, line_.current()); }
  std::vector<std::string> legal_moves() const override {
    typename G::MoveList moves;
    line_.legal_moves(moves);
    std::vector<std::string> out;
    for (const auto& m : moves) out.push_back(N::format_move(*game_, line_.current(), m));
    return out;
  }
  bool is_legal(std::string_view token) const override {
    if (game_->terminal(line_.current()).over()) return false;
    return N::parse_move(*game_, line_.current(), line_.history(), token).ok();
  }
  engine::Player side_to_move() const override { return game_->side_to_move(line_.current()); }
  int ply() const override { return game_->ply(line_.current()); }
  engine::Outcome outcome() const override { return line_.outcome(draw_); }
  void set_draw_rules(const engine::DrawRules& rules) override { draw_ = rules; }
  engine::DrawRules draw_rules() const override { return draw_; }
  std::string score_text() const override { return N::score_text(*game_, line_.current()); }
  std::string board_text() const override { return N::render_board(*game_, line_.current()); }
  std::string board_json() const override { return N::board_json(*game_, line_.current()); }
  int evaluate() const override { return game_->evaluate(line_.current()); }
  std::vector<engine::EvalTerm> eval_terms() const override {
    return game_->eval_terms(line_.current());
  }
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& [m, n] : engine::perft_divide(*game_, line_.current(), depth, line_.history()))
      out.emplace_back(N::format_move(*game_, line_.current(), m), n);
    return out;
  }
  std::unique_ptr<AnyGame> clone() const override {
    return std::unique_ptr<AnyGame>(new TypedGame(*this));
  }

  int legal_count() const override { return static_cast<int>(legal().size()); }
  std::string legal_token(int index) const override {
    return N::format_move(*game_, line_.current(), legal()[index]);
  }
  void play_legal(int index) override { play_move(legal()[index]); }
  bool take_back() override {
    if (undo_.empty()) return false;
    line_.take_back(undo_.back());
    undo_.pop_back();
    changed();
    return true;
  }
  std::uint64_t perft(int depth) const override {
    return engine::perft(*game_, line_.current(), depth, line_.history());
  }
  int action_count() const override { return N::action_count(*game_); }
  const std::vector<int>& legal_actions() const override {
    if (!actions_valid_) {
      actions_.clear();
      N::actions(*game_, line_.current(), legal(), actions_);
      actions_valid_ = true;
    }
    return actions_;
  }
  std::uint64_t random_playouts(int games, int max_plies, std::uint64_t& rng) const override {
    std::uint64_t plies = 0;
    typename G::MoveList moves;
    for (int g = 0; g < games; ++g) {
      engine::GameLine<G> line = line_;
      for (int p = 0; p < max_plies; ++p) {
        line.legal_moves(moves);
        if (moves.empty()) break;
        rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
        line.play(moves[rng % moves.size()]);
        ++plies;
      }
    }
    return plies;
  }

 private:
  const typename G::MoveList& legal() const {
    if (!legal_valid_) {
      line_.legal_moves(legal_);
      legal_valid_ = true;
    }
    return legal_;
  }
  void changed() { legal_valid_ = actions_valid_ = false; }
  void play_move(const Move& m) {
    undo_.push_back(line_.current());
    line_.play(m);
    changed();
  }

  // The game object is shared and immutable, so the GameLine's pointer to it stays valid
  // when a TypedGame is copied.
  std::shared_ptr<const G> game_;
  engine::GameLine<G> line_;
  engine::DrawRules draw_;
  std::vector<Position> undo_;  // the position before each move played, for take_back()
  mutable typename G::MoveList legal_;
  mutable std::vector<int> actions_;
  mutable bool legal_valid_ = false;
  mutable bool actions_valid_ = false;
};

}  // namespace triad::adapters
