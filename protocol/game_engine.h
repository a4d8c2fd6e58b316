// GameEngine: the one facade the session talks to, whatever the game. It owns the game being
// played (as text-level AnyGame) and that game's Searcher; the implementation is a template
// over the game type (game_engine_impl.h), so the session has no per-game code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"
#include "engine/search/search_types.h"

namespace triad::protocol {

// SearchInfo with the moves already written as tokens.
struct TextInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;
  int score = 0;
  engine::Bound bound = engine::Bound::kExact;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  int hashfull = 0;
  std::int64_t time_ms = 0;
  std::vector<std::string> pv;
};

struct TextBestMove {
  std::string best = "(none)";
  std::string ponder;  // empty = no ponder move
};

struct SearchRequest {
  engine::SearchLimits limits;
  engine::SearchConfig config;
  std::vector<std::string> searchmoves;
};

class GameEngine {
 public:
  using InfoSink = std::function<void(const TextInfo&)>;

  virtual ~GameEngine() = default;

  virtual adapters::AnyGame& game() = 0;
  virtual const adapters::AnyGame& game() const = 0;
  // Replaces the game state by `state`, a clone of game() that was modified (same variant).
  virtual void adopt(const adapters::AnyGame& state) = 0;

  // The hash size is remembered; the table itself is allocated on first need (prepare()).
  virtual Result<void> set_hash_mb(std::size_t mb) = 0;
  virtual Result<void> prepare() = 0;  // allocate the search (and hash) now
  virtual void clear_hash() = 0;

  // Checks a search request against the current position (searchmoves must be legal).
  virtual Result<void> validate(const SearchRequest& request) const = 0;
  // Blocking search of the current position (after prepare() and validate()); call it on a
  // worker thread. on_info is called on the calling thread.
  virtual TextBestMove search(const SearchRequest& request, const InfoSink& on_info) = 0;
  // Thread-safe while search() runs.
  virtual void stop() = 0;
  virtual void ponderhit() = 0;
};

// The engine for a game made by VariantRegistry::create (one of the three TypedGame kinds).
Result<std::unique_ptr<GameEngine>> make_engine(std::unique_ptr<adapters::AnyGame> game,
                                                std::size_t hash_mb);

}  // namespace triad::protocol
