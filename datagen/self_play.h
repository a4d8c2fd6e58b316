// One self-play game of triad-datagen and the positions it keeps. Game i is determined by
// the settings and i alone: its opening (line i mod count of the openings, or the start
// position) and its random plies (drawn from a generator seeded by the seed and i), then a
// search with fresh tables (cleared) at the fixed node budget per move, one search thread,
// with the classical evaluation or the learned one of -evalfile's net, at full strength or at
// the level of -option (level.h: its seeds drawn from the game's generator); with -randommoves, a
// share of the plies play a random legal move (drawn from the same generator) instead of the
// search's. So any thread or MPI rank playing game i writes the same bytes.
//
// Kept: every position reached after the opening and the random plies, except
//   - a position with one legal move (forced: its score teaches nothing about the position),
//   - a position whose search score is a mate score (a forced win or loss the search sees:
//     it is the end of a tactical sequence, not an evaluation),
//   - a position the search never judges by the evaluation (every legal move tactical:
//     Íves dáma's compulsory captures, which the quiescence search plays out; its score is
//     the capture's, not the position's),
//   - a position seen before in the same game (the same board and side to move).
// A position where a random move was played is kept like any other (its search score and
// move are the search's). Each kept position gets the game's final result; a game still
// going after `max_plies` plies of self-play is scored a draw.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <boost/serialization/string.hpp>

#include "adapters/common/game_engine.h"
#include "adapters/common/variants.h"
#include "datagen/config.h"
#include "datagen/level.h"
#include "engine/core/result.h"
#include "learn/data_file.h"
#include "runner/openings.h"

namespace triad::datagen {

// A finished game: its records, encoded (format.h), or why it could not be played; and the
// digests of the files it was played from (the header's), which rank 0 of an MPI job
// compares with its own: a worker rank that read other files at the same paths is refused.
struct GameRecords {
  std::int64_t game = 0;
  std::uint64_t count = 0;
  std::string bytes;
  std::string error;
  std::uint64_t openings_digest = 0;
  std::uint32_t net_digest = 0;
};

template <class Archive>
void serialize(Archive& ar, GameRecords& g, unsigned) {
  ar& g.game& g.count& g.bytes& g.error& g.openings_digest& g.net_digest;
}

// What every game of a run shares (read once, before the first game).
class SelfPlaySetup {
 public:
  // Finds the variant, reads and checks the openings, reads the net and binds it to the
  // variant's board. Errors: unknown variant, a bad openings file, a variant name too long
  // for the header, a bad net file or one for another game or board, random plies that
  // game 0 cannot play (the game ends before them).
  static Result<SelfPlaySetup> create(const DatagenConfig& config);

  // The data file's header for these settings (no games yet).
  const learn::Header& header() const { return header_; }
  // A search engine of the variant for one thread of play.
  Result<std::unique_ptr<adapters::GameEngine>> make_engine() const;
  // Plays game `index` on `engine` (made by make_engine). `stop` ends it early (the result
  // is then incomplete and must be dropped).
  GameRecords play(adapters::GameEngine& engine, std::int64_t index,
                   const std::atomic<bool>& stop) const;

 private:
  // Game `index`'s opening line and its random plies (drawn from `rng`, the game's).
  Result<runner::Opening> opening_of(std::int64_t index, std::mt19937_64& rng) const;
  // The index of the move to play among `count`: the search's `best`, or a random one.
  std::size_t random_or(std::size_t best, std::size_t count, std::mt19937_64& rng) const;

  DatagenConfig config_;
  adapters::Variant variant_;
  std::vector<runner::Opening> openings_;
  std::shared_ptr<const engine::nnue::Model> learned_;  // -evalfile's net, or none
  Level level_;                                         // -option's strength level
  learn::Header header_;
};

}  // namespace triad::datagen
