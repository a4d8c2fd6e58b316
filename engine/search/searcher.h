// Searcher<G>: the one search, compiled per game (explicitly instantiated in each game's
// engine/games/<g>/search.cpp). API contract used by the protocol layer.
//
// Thread model (Stockfish's): a Searcher owns its search threads (SearchThreads) and one
// SearchWorker per thread; they are made when the thread count or the Hash size is set and
// sleep between searches. start() hands a search to the main search thread and returns at
// once; the main thread wakes the helpers, reports through on_info, joins the helpers and
// hands the result to on_done, all on its own thread. Everything else (set_*, clear, start,
// stop, ponderhit, wait) is called from one controlling thread (the protocol's reader).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "engine/core/game_line.h"
#include "engine/search/exact.h"
#include "engine/search/search_types.h"

namespace triad::engine {

template <Game G>
class Searcher {
 public:
  using Move = typename G::Move;
  using InfoCallback = std::function<void(const SearchInfo<Move>&)>;
  using DoneCallback = std::function<void(const SearchResult<Move>&)>;
  // A job run on the main search thread instead of a search (go perft); `stop` turns true
  // when stop() is called.
  using Task = std::function<void(const std::atomic<bool>& stop)>;

  explicit Searcher(const G& game);
  ~Searcher();  // stops a running search and waits for it

  // Both wait for a running search to end, then remake the workers and their tables
  // (clearing what they learned). set_hash_mb sets the memory of all search tables
  // together (transposition table and the game's per-thread solver tables); when that much
  // cannot be allocated it halves the size until it can, then once more (headroom for the
  // rest of the process), and returns the size in MB it got.
  // set_threads throws std::system_error when the system refuses a thread.
  std::size_t set_hash_mb(std::size_t mb);
  void set_threads(int threads);
  void clear();          // forget everything learned (ucinewgame, Clear Hash)
  int hashfull() const;  // permille
  // What the game's exact knowledge may read in the next searches (exact.h: the engine's
  // table files, within TableProbeLimit); waits for a running search to end.
  void set_exact(ExactSource source);

  // Starts a search of line.current() (the line gives the history for repetition rules) on
  // the main search thread and returns at once. `searchmoves` empty = all legal moves. A
  // config.threads other than the current count sets it first (as far as the system lets). on_info
  // is called whenever a line improves / an iteration ends (at least once), then on_done once, both
  // on the main search thread.
  void start(GameLine<G> line, const SearchLimits& limits, const SearchConfig& config,
             std::vector<Move> searchmoves, InfoCallback on_info, DoneCallback on_done);
  // Runs `task` on the main search thread (go perft), like a search: stop() reaches it.
  void start_task(Task task);
  void wait();  // until the running search or task has ended

  // start() then wait(): the result (for tests, bench and tools).
  SearchResult<Move> search(const GameLine<G>& line, const SearchLimits& limits,
                            const SearchConfig& config, const std::vector<Move>& searchmoves,
                            const InfoCallback& on_info);

  // Callable while a search runs.
  void stop();       // end as soon as possible with the best move found so far
  void ponderhit();  // the pondered move was played: switch to normal time management now

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace triad::engine
