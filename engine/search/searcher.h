// Searcher<G>: the one search, compiled per game (explicitly instantiated in
// engine/search/instantiations.cpp). API contract used by the protocol layer.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "engine/core/game_line.h"
#include "engine/search/search_types.h"

namespace triad::engine {

template <Game G>
class Searcher {
 public:
  using Move = typename G::Move;
  using InfoCallback = std::function<void(const SearchInfo<Move>&)>;

  explicit Searcher(const G& game);
  ~Searcher();

  void set_hash_mb(std::size_t mb);  // resizes (and clears) the transposition table
  void clear();                      // forget everything learned (ucinewgame, Clear Hash)
  int hashfull() const;              // permille

  // Blocking: run it on a worker thread. Searches line.current() (the line gives the history
  // for repetition rules). `searchmoves` empty = all legal moves. on_info is called on the
  // calling thread whenever a line improves / an iteration ends; at least once before return.
  SearchResult<Move> search(const GameLine<G>& line, const SearchLimits& limits,
                            const SearchConfig& config, const std::vector<Move>& searchmoves,
                            const InfoCallback& on_info);

  // Thread-safe, callable while search() runs.
  void stop();       // return as soon as possible with the best move found so far
  void ponderhit();  // the pondered move was played: switch to normal time management now

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace triad::engine
