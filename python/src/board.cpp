// The Python module's board (board.h): moves by legal-list index when they came from this
// board's list in its current state, else by token through the game's notation.
#include "python/src/board.h"

#include <utility>

#include "adapters/common/text.h"

namespace triad::python {

adapters::VariantRegistry& variants() {
  static adapters::VariantRegistry registry = adapters::VariantRegistry::builtin();
  return registry;
}

std::unique_ptr<adapters::AnyGame> new_game(const std::string& variant) {
  // The engine's words for an unknown UCI_Variant value (state/options.cpp), then the
  // variants there are.
  if (!variants().find(variant)) {
    std::string known;
    for (const auto& name : variants().names()) known += (known.empty() ? "" : ", ") + name;
    throw UnknownVariantError(adapters::quote(variant) +
                              " is not one of the allowed values (known: " + known + ")");
  }
  auto game = variants().create(variant);
  if (!game) throw UnknownVariantError(game.error().message);
  return std::move(*game);
}

std::uint64_t Board::next_stamp() {
  static std::uint64_t last = 0;  // the GIL serialises callers
  return ++last;
}

Board::Board(const std::string& variant, const std::string* position_line)
    : variant_(variant), game_(new_game(variant)), stamp_(next_stamp()) {
  if (position_line) set_position(*position_line);
}

Board::Board(const Board& other)
    : variant_(other.variant_),
      game_(other.game_->clone()),
      stack_(other.stack_),
      stamp_(other.stamp_) {}  // same state: the other board's listed moves stay valid here

void Board::set_position(const std::string& position_line) {
  if (auto r = game_->reset(position_line); !r) throw InvalidPositionError(r.error().message);
  stack_.clear();
  touched();
}

Move Board::legal_move(int index) const {
  return Move{game_->legal_token(index), stamp_, index};
}

int Board::index_of(const std::string& token) const {
  const int n = game_->legal_count();
  for (int i = 0; i < n; ++i)
    if (game_->legal_token(i) == token) return i;
  return -1;
}

Move Board::parse_move(const std::string& token) const {
  if (int i = index_of(token); i >= 0) return legal_move(i);
  // Another spelling (dashes, an equivalent chain): the notation says which move, or why
  // not; the canonical token is the legal move that reaches the same position.
  auto probe = game_->clone();
  if (auto r = probe->play(token); !r) throw IllegalMoveError(r.error().message);
  const std::string after = probe->position_line();
  probe->take_back();
  const int n = probe->legal_count();
  for (int i = 0; i < n; ++i) {
    probe->play_legal(i);
    const bool same = probe->position_line() == after;
    probe->take_back();
    if (same) return legal_move(i);
  }
  throw IllegalMoveError("illegal move " + token);  // not reached: play() accepted it
}

void Board::push(const Move& move) {
  const Move m = move.stamp == stamp_ && move.index >= 0 ? move : parse_move(move.token);
  game_->play_legal(m.index);
  stack_.push_back(Move{m.token, 0, -1});
  touched();
}

Move Board::pop() {
  if (stack_.empty() || !game_->take_back())
    throw std::out_of_range("pop from an empty move stack");
  Move m = std::move(stack_.back());
  stack_.pop_back();
  touched();
  return m;
}

}  // namespace triad::python
