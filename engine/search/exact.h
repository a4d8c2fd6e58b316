// Exact knowledge: a position's proven value with best play — who wins (or a draw), in how many
// plies, and a best move — where a game can know it (a solver, endgame tables). Each game's
// search hooks name their knowledge (SearchHooks<G>::ExactKnowledge, engine/search/hooks.h),
// or NoExactKnowledge; the search, `go solve`, the review, the match's adjudication and the
// Python module all ask it (type-erased for the last three: adapters/common/exact.h).
// Knowledge that reads outside data (Íves dáma's table files) gets it from whoever opened it,
// in an ExactSource: the engine for TablePath, the programs for their -tb.
#pragma once

#include <climits>
#include <concepts>
#include <memory>
#include <optional>
#include <type_traits>

namespace triad::engine {

// A proven value, from the side to move.
enum class ExactResult : unsigned char { kWin, kLoss, kDraw };

template <class Move>
struct ExactValue {
  ExactResult result = ExactResult::kDraw;
  // Plies until the game ends with best play (the winner's fastest, the loser's slowest
  // win; 0 for a draw), when the knowledge tells it.
  std::optional<int> plies;
  std::optional<Move> best;  // when asked for and the position has a move
  bool from_data = false;    // answered by the outside data (a table file probe, `tbhits`)
};

// Outside data a game's exact knowledge reads, opened for one game by its owner (Íves dáma's
// table files: adapters/tables/table_set.h).
class ExactData {
 public:
  virtual ~ExactData() = default;
};

// What a game's exact knowledge may use besides what it knows by itself.
struct ExactSource {
  std::shared_ptr<const ExactData> data;  // nullptr: none
  // The data answers positions up to this size, in the game's measure (Íves dáma: stones;
  // the engine's TableProbeLimit).
  int data_limit = INT_MAX;
  // Whether the tables a game builds in memory answer too (Íves dáma's of at most 4 stones:
  // the engine's search); the programs' -tb and Python's tables answer from their files only.
  bool memory_tables = true;
};

// The ExactKnowledge of a game that knows no position's value ahead of the search.
struct NoExactKnowledge {
  static constexpr bool kAvailable = false;
  template <class G>
  NoExactKnowledge(const G& /*game*/, const ExactSource& /*source*/) {}
};

// The exact-knowledge contract: made for a game and a source (the game must outlive it), then
// probe(pos, with_move): the value of `pos` (a position whose game is not over), its best
// move too when `with_move`; nothing when the knowledge does not reach the position. Probing a
// knowledge object from several threads at once is allowed only where its game says so.
template <class K, class G>
concept ExactKnowledgeFor =
    std::bool_constant<K::kAvailable>::value ==
        K::kAvailable&& std::constructible_from<K, const G&, const ExactSource&> &&
    (!K::kAvailable || requires(K & k, const typename G::Position& pos, bool with_move) {
      { k.probe(pos, with_move) } -> std::same_as<std::optional<ExactValue<typename G::Move>>>;
    });

}  // namespace triad::engine
