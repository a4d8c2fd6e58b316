// Books from game records: every position of the first plies of each game, with the moves
// played there, their results and weights from those results (docs/books.md "build").
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "adapters/book/book.h"
#include "adapters/common/game_descriptor.h"
#include "adapters/records/reader.h"

namespace triad::adapters::book {

struct BuildSettings {
  int max_plies = 16;           // positions deeper than this are not entered
  std::uint32_t min_games = 2;  // a move played in fewer games gets no place in the book
};

// Adds the games `reader` yields to `book`, one record at a time, and returns how many
// (`book`'s variant is the games' own: a record with a Variant tag naming another variant is
// refused). Every move must be legal; an error names the file, the record, its line, and
// the move (its ply and token). Unfinished games ("*") count for nothing.
Result<std::size_t> add_records(Book& book, records::RecordReader& reader,
                                const GameFactory& factory, const BuildSettings& settings);

// Drops the moves played in fewer than min_games games (and positions left without moves)
// and sets each move's weight to its score in half points (2 per win, 1 per draw), at least
// 1 for a move that was kept.
void finish_weights(Book& book, std::uint32_t min_games);

}  // namespace triad::adapters::book
