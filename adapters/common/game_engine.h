// GameEngine: a game and its search, in text — the one facade the protocol session talks to,
// whatever the game. It owns the game being played (as text-level AnyGame) and that game's
// Searcher; the implementation is a template over the game type (engine_for.h), made by the
// game's descriptor (game_registry.h: make_engine), so the session has no per-game code.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"
#include "engine/nnue/model.h"
#include "engine/search/exact.h"
#include "engine/search/search_types.h"

namespace triad::adapters {

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
  std::uint64_t tbhits = 0;  // probes answered by endgame table files
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

// What `go perft` counted: the leaves below each move that was finished, in generation
// order, and whether a stop came before all were.
struct PerftReport {
  std::uint64_t nodes = 0;
  std::size_t moves_done = 0;
  std::size_t moves_total = 0;
  bool stopped = false;
};

// `go solve`: what to prove, with how much memory and how many threads.
struct SolveRequest {
  bool exact = false;  // the exact final margin, not only who wins
  int threads = 1;
  std::size_t hash_mb = 16;  // the solver's table (the search's tables give it up meanwhile)
};

// Progress or result of `go solve`. Margins are Player 1's final score minus Player 2's.
struct TextSolve {
  bool done = false;             // the final report (else progress)
  bool stopped = false;          // the final report of a solve ended by `stop`
  bool player_one_wins = false;  // when done and not stopped
  int lower = 0, upper = 0;      // proved bounds on the final margin (Player 1 - Player 2)
  // A game without margins, solved by its endgame tables (Íves dáma): the plies to the end
  // instead of a margin (0 for a draw), and whether it is a draw.
  std::optional<int> plies;
  bool draw = false;
  std::string best;             // the move behind the proof so far (may be empty)
  std::vector<std::string> pv;  // exact solves: a perfect line
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
};

// Threads: the engine's searcher owns the search threads (engine/search/searcher.h). One
// controlling thread (the session's reader) calls everything here; a search or perft runs on
// the main search thread, which also calls the sinks given to start_search/start_perft.
class GameEngine {
 public:
  using InfoSink = std::function<void(const TextInfo&)>;
  using BestMoveSink = std::function<void(const TextBestMove&)>;
  using PerftMoveSink = std::function<void(const std::string& move, std::uint64_t leaves)>;
  using PerftDoneSink = std::function<void(const PerftReport&)>;
  using SolveSink = std::function<void(const TextSolve&)>;

  virtual ~GameEngine() = default;

  virtual AnyGame& game() = 0;
  virtual const AnyGame& game() const = 0;
  // Replaces the game state by `state`, a clone of game() that was modified (same variant).
  virtual void adopt(const AnyGame& state) = 0;

  // The search tables' memory (Hash, MB) and the number of search threads are remembered;
  // the search itself is made on first need (prepare()). When it exists they apply at once.
  // A Hash size that cannot be allocated falls back to half of the largest that can: the
  // returned note says so (empty when the size was granted).
  virtual Result<std::string> set_hash_mb(std::size_t mb) = 0;
  virtual Result<void> set_threads(int threads) = 0;
  virtual Result<std::string> prepare() = 0;  // make the search (and its tables) now
  virtual void clear_hash() = 0;

  // Checks a search request against the current position (searchmoves must be legal).
  virtual Result<void> validate(const SearchRequest& request) const = 0;
  // Starts a search of the current position (after prepare() and validate()) and returns
  // at once: on_info whenever a line improves, then on_done with the move, once.
  virtual void start_search(const SearchRequest& request, InfoSink on_info,
                            BestMoveSink on_done) = 0;
  // Starts a divided perft of the current position (after prepare()) and returns at once;
  // stop() ends it early.
  virtual void start_perft(int depth, PerftMoveSink on_move, PerftDoneSink on_done) = 0;
  // What the game's exact knowledge (engine/search/exact.h) may read besides its own, from
  // its owner (the engine state's TablePath files within TableProbeLimit): used from the next
  // search, `go solve` and can_solve() on.
  virtual void set_exact(engine::ExactSource source) = 0;
  // Whether `go solve` works for this game and its current position (an error saying why
  // not: the game has no solver, or its solver cannot answer there).
  virtual Result<void> can_solve() const = 0;
  // Starts a solve of the current position (after prepare() and can_solve()) on the main
  // search thread and returns at once: on_progress about every second and whenever a bound
  // improves, then on_done with the final report (stopped when stop() came first), once.
  // The solver's table takes request.hash_mb; the search's tables shrink to their minimum
  // meanwhile and are made again by the next prepare().
  virtual void start_solve(const SolveRequest& request, SolveSink on_progress,
                           SolveSink on_done) = 0;
  virtual void wait() = 0;  // until the running search, perft or solve has ended
  // start_search, then wait: the move (bench).
  TextBestMove search(const SearchRequest& request, const InfoSink& on_info) {
    TextBestMove best;
    start_search(request, on_info, [&best](const TextBestMove& b) { best = b; });
    wait();
    return best;
  }
  // `net` (its layout: the men's letters and the board's points, as its file says) bound to
  // the current variant's board, for SearchConfig::learned; an error when the game has no
  // learned evaluation or the layout is another board's.
  virtual Result<std::shared_ptr<const engine::nnue::Model>> bind_net(
      const engine::nnue::Network& net, const std::string& letters, int points) const = 0;
  // Whether the search ever judges the current position by the evaluation (false when every
  // legal move is tactical, as with Íves dáma's compulsory captures, or the game is over):
  // triad-datagen keeps only such positions.
  virtual bool evaluated_statically() const = 0;
  // Callable while a search, perft or solve runs.
  virtual void stop() = 0;
  virtual void ponderhit() = 0;
};

}  // namespace triad::adapters
