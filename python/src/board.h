// The Python module's board: one game of any variant (AnyGame) with the moves played on it,
// and the variants known to the module (the built-in ones and those of loaded YAML files).
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "adapters/common/variants.h"

namespace triad::python {

// The exceptions the module raises (registered as Python classes in module.cpp); each
// carries the same message as the engine's error line for the same input.
struct TriadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct UnknownVariantError : TriadError {
  using TriadError::TriadError;
};
struct InvalidPositionError : TriadError {
  using TriadError::TriadError;
};
struct IllegalMoveError : TriadError {
  using TriadError::TriadError;
};
struct RecordError : TriadError {
  using TriadError::TriadError;
};

// The module's variants (built-in + loaded files); Python holds the GIL while using it.
adapters::VariantRegistry& variants();
std::unique_ptr<adapters::AnyGame> new_game(const std::string& variant);

// A move: its token, and where it came from (a legal list of a board in a given state), so
// pushing it back on that board needs no parsing.
struct Move {
  std::string token;
  std::uint64_t stamp = 0;  // the board state it was listed in; 0 = parsed from text
  int index = -1;
};

class Board {
 public:
  Board(const std::string& variant, const std::string* position_line);
  Board(const Board& other);

  const std::string& variant() const { return variant_; }
  adapters::AnyGame& game() { return *game_; }
  const adapters::AnyGame& game() const { return *game_; }
  std::uint64_t stamp() const { return stamp_; }

  void set_position(const std::string& position_line);  // clears the move stack
  Move legal_move(int index) const;                     // 0 <= index < legal count
  Move parse_move(const std::string& token) const;      // the legal move it names
  void push(const Move& move);
  Move pop();
  const std::vector<Move>& move_stack() const { return stack_; }
  // After any change made through game() directly (the environment's actions).
  void touched() { stamp_ = next_stamp(); }

 private:
  static std::uint64_t next_stamp();
  int index_of(const std::string& token) const;  // -1 if no legal move is spelt so

  std::string variant_;
  std::unique_ptr<adapters::AnyGame> game_;
  std::vector<Move> stack_;
  std::uint64_t stamp_;
};

}  // namespace triad::python
