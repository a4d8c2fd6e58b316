// Depth-first proof-number search (df-pn) of one claim about an Íves dáma position ("this
// player wins", "this player does not lose") down to the endgame tables, and the proof graph
// it found (proof_file.h). The transposition table holds proof and disproof numbers per
// position (stones and side to move, exactly) within a memory limit; a position repeated on
// the current line counts against a win and for "does not lose" (a repetition is a draw).
// The search may be misled by such path-dependent values (the graph-history problem): a
// proof is only trusted after check_proof.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "adapters/tables/table_set.h"
#include "tools/ivesdama_prove/proof_file.h"

namespace triad::tools::ivesdama {

struct SearchLimits {
  std::size_t memory_bytes = 1 << 28;  // the transposition table
  int max_depth = 1000;                // plies below the root; deeper lines count as failed
  std::function<bool()> stop;          // time limit, Ctrl-C
};

struct SearchStats {
  std::uint64_t nodes = 0;    // positions expanded by the last search
  std::size_t entries = 0;    // transposition table entries at the end
  std::uint32_t root_pn = 0;  // the root's proof and disproof numbers at the end
  std::uint32_t root_dn = 0;
  int largest_solved = 0;   // most stones of a position proved or disproved
  bool table_full = false;  // the memory limit stopped the search
};

class ProofSearch {
 public:
  ProofSearch(const games::ivesdama::Game& game, const tables::TableSet& tables,
              SearchLimits limits)
      : game_(game), tables_(tables), limits_(std::move(limits)) {}

  // true = proved, false = disproved, nothing = stopped by a limit (`nodes` positions
  // expanded, 0 = none, or the limits').
  std::optional<bool> search(const games::ivesdama::Position& root, engine::Player claimant,
                             Goal goal, std::uint64_t nodes);
  // The proof graph of the last proved search; nothing when the table no longer holds it.
  std::optional<ProofPart> extract(const games::ivesdama::Position& root) const;
  const SearchStats& stats() const { return stats_; }

 private:
  struct Key {
    std::uint32_t p1, p2;
    bool one_to_move;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return (std::uint64_t{k.p1} * 0x9E3779B97F4A7C15ULL) ^ (std::uint64_t{k.p2} << 1) ^
             k.one_to_move;
    }
  };
  struct Numbers {
    std::uint32_t pn = 1, dn = 1;
  };
  struct Child;

  static Key key_of(const games::ivesdama::Position& p);
  void mid(const games::ivesdama::Position& p, std::uint32_t th_pn, std::uint32_t th_dn, int depth);
  Numbers look(const Child& c) const;
  void store(const games::ivesdama::Position& p, Numbers n);
  bool stopped();

  const games::ivesdama::Game& game_;
  const tables::TableSet& tables_;
  SearchLimits limits_;
  engine::Player claimant_ = engine::Player::kOne;
  Goal goal_ = Goal::kWin;
  std::unordered_map<Key, Numbers, KeyHash> table_;
  std::unordered_set<Key, KeyHash> path_;  // the current line, for repetitions
  SearchStats stats_;
  bool stop_ = false;
  std::uint64_t node_limit_ = 0;
};

}  // namespace triad::tools::ivesdama
