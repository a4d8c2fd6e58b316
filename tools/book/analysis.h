// In-process engine analysis for triad-book: a pool of GameEngines of one variant (made
// through the game registry), each searching positions to a node count, or playing games
// against itself, on its own thread.
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

// Results of self-play games from one position, for the side to move there.
struct SelfPlay {
  int wins = 0, draws = 0, losses = 0;
  // With odds: the side to move's half points in the games where it searched more
  // (`with_odds`) and in those where its opponent did (`against_odds`), `pairs` of each.
  int with_odds = 0, against_odds = 0, pairs = 0;

  int games() const { return wins + draws + losses; }
  // The side to move's score in percent (a draw is half a win); 0 without games.
  double score_percent() const {
    return games() == 0 ? 0.0 : 100.0 * (wins + 0.5 * draws) / games();
  }
  // How much more the side to move scores with the odds than against them, in percent
  // points (-100..100); 0 without odds.
  double gain_percent() const {
    return pairs == 0 ? 0.0 : 50.0 * (with_odds - against_odds) / pairs;
  }
};

class Analysts {
 public:
  // `count` engines of `variant`, `hash_mb` each, one search thread each.
  static Result<Analysts> create(const adapters::Variant& variant, int count, std::size_t hash_mb);

  // Each position line searched to `nodes` nodes (a finished game scores as its result),
  // spread over the engines; `on_done` is called (on the caller's thread) after each.
  std::vector<Evaluation> evaluate(const std::vector<std::string>& lines, std::uint64_t nodes,
                                   const std::function<void()>& on_done = {});

  // Whether the variant's game has a whole-game solver (an error saying it has not).
  Result<void> can_solve() const;
  // Each position line solved exactly by the game's solver (can_solve() first): `score` is
  // the final margin in points from the side to move (own score minus the opponent's under
  // perfect play), `best` a perfect move. A finished game scores 0 points with no move.
  std::vector<Evaluation> solve(const std::vector<std::string>& lines,
                                const std::function<void()>& on_done = {});

  // `games` games of the engine against itself from each position line. Without odds
  // (odds 1), in game k (0-based) both sides search nodes * (1 + k / games) nodes per move,
  // so the games differ. With odds R > 1 the games go in pairs j = k / 2 at base nodes
  // B = nodes * (1 + j / ceil(games / 2)): in the first game of a pair the side to move
  // searches B * R nodes and its opponent B, in the second the other way round. A game still
  // running after `max_plies` plies counts as a draw. `on_done` is called (on the caller's
  // thread) after each game.
  std::vector<SelfPlay> self_play(const std::vector<std::string>& lines, int games,
                                  std::uint64_t nodes, double odds, int max_plies,
                                  const std::function<void()>& on_done = {});

 private:
  // Runs job(engine, i) for i in [0, count), spread over the engines (each engine runs one
  // job at a time on its own thread); on_done after each, on the caller's thread.
  void run_jobs(std::size_t count,
                const std::function<void(adapters::GameEngine&, std::size_t)>& job,
                const std::function<void()>& on_done);

  const adapters::Variant* variant_ = nullptr;
  std::size_t hash_mb_ = 16;
  std::vector<std::unique_ptr<adapters::GameEngine>> engines_;
};

// A finished game's value from the side to move: 0 for a draw, else a mate score now.
int outcome_score(const adapters::AnyGame& game);

}  // namespace triad::tools::book
