// In-process engine analysis for triad-book: a pool of GameEngines of one variant (made
// through the game registry), each searching positions to a node count on its own thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "adapters/common/game_engine.h"
#include "adapters/common/variants.h"
#include "engine/core/result.h"

namespace triad::tools::book {

struct Evaluation {
  int score = 0;     // from the side to move of the position (engine units; mates as search)
  std::string best;  // the best move found ("" when the game is over)
};

class Analysts {
 public:
  // `count` engines of `variant`, `hash_mb` each, one search thread each.
  static Result<Analysts> create(const adapters::Variant& variant, int count, std::size_t hash_mb);

  // Each position line searched to `nodes` nodes (a finished game scores as its result),
  // spread over the engines; `on_done` is called (on the caller's thread) after each.
  std::vector<Evaluation> evaluate(const std::vector<std::string>& lines, std::uint64_t nodes,
                                   const std::function<void()>& on_done = {});

 private:
  const adapters::Variant* variant_ = nullptr;
  std::vector<std::unique_ptr<adapters::GameEngine>> engines_;
};

// A finished game's value from the side to move: 0 for a draw, else a mate score now.
int outcome_score(const adapters::AnyGame& game);

}  // namespace triad::tools::book
