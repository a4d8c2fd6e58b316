// Depth-first proof-number search (df-pn) of one claim about an Íves dáma position ("this
// player wins", "this player does not lose") down to the endgame tables, and the proof graph
// it found (proof_file.h). The transposition table holds proof and disproof numbers per
// position (stones and side to move, exactly) within a memory limit; a position repeated on
// the current line counts against a win and for "does not lose" (a repetition is a draw).
// Such a value depends on the line (the graph-history interaction): a result that rests on a
// repetition of an ancestor keeps that ancestor's distance and is reused only where the line
// holds the same positions from that ancestor down (a hash of them); when the search is back at
// that ancestor and settles it, the repetition is a cycle of the ancestor's own proof (a draw), so
// the ancestor's result holds on every line. A win proved, or "does not lose" disproved, never
// rests on a repetition. The numbers steer the search; the claim is proved by a fixed point
// over every position the search expanded (proof_graph.h), which also closes draws whose
// cycles the numbers never settle, and it is trusted only after check_proof.
#pragma once

#include <climits>
#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
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
  int largest_solved = 0;       // most stones of a position proved or disproved
  bool table_full = false;      // the memory limit stopped the search
  bool by_fixed_point = false;  // proved by the fixed point while the numbers were open
};

class ProofSearch {
 public:
  ProofSearch(const games::ivesdama::Game& game, const tables::TableSet& tables,
              SearchLimits limits)
      : game_(game), tables_(tables), limits_(std::move(limits)) {}

  // true = proved (proof() holds the proof), false = disproved, nothing = stopped by a limit
  // (`nodes` positions expanded, 0 = none, or the limits').
  std::optional<bool> search(const games::ivesdama::Position& root, engine::Player claimant,
                             Goal goal, std::uint64_t nodes);
  // The proof graph of the last search, when it proved the claim.
  const std::optional<ProofPart>& proof() const { return proof_; }
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
  static constexpr int kNoLoop = INT_MAX;
  // Proof and disproof numbers; a result (0) that rests on a repetition of the line's
  // ancestor at depth `loop` (the shallowest such), else kNoLoop.
  struct Numbers {
    std::uint32_t pn = 1, dn = 1;
    int loop = kNoLoop;
  };
  struct Entry {
    Numbers n;
    std::uint64_t owner = 0;  // a result with a loop (kept as the distance up to the repeated
                              // ancestor): the hash of the line's positions from that ancestor
                              // to the parent, the part of the line it holds on
  };
  struct Child;

  static Key key_of(const games::ivesdama::Position& p);
  void mid(const games::ivesdama::Position& p, std::uint32_t th_pn, std::uint32_t th_dn, int depth);
  Numbers look(const Child& c) const;
  void store(const games::ivesdama::Position& p, Numbers n, int depth);
  std::uint64_t segment(int from, int to) const;  // the hash of the line's depths from..to
  bool stopped();

  const games::ivesdama::Game& game_;
  const tables::TableSet& tables_;
  SearchLimits limits_;
  engine::Player claimant_ = engine::Player::kOne;
  Goal goal_ = Goal::kWin;
  std::unordered_map<Key, Entry, KeyHash> table_;
  std::unordered_map<Key, int, KeyHash> path_;  // the current line, for repetitions: depths
  // The current line's polynomial hashes: prefix_[i] of its depths 0..i-1; powers_[i] = B^i.
  std::vector<std::uint64_t> prefix_{0}, powers_{1};
  SearchStats stats_;
  std::optional<ProofPart> proof_;
  bool stop_ = false;
  std::uint64_t node_limit_ = 0;
};

}  // namespace triad::tools::ivesdama
