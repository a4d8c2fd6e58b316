// Prover: proves who wins a Yin Yang position in resumable pieces. The game tree is walked
// `split_plies` plies deep as an AND/OR tree (a side wins when one of its moves leaves the
// opponent lost; fewest-replies moves are tried first, a move whose result is a mirror image
// of one tried already is skipped (symmetry.h), and the walk stops at the first win),
// and the positions at that depth are solved one at a time by the Solver (win/loss). Every
// proved position, leaf or inner, goes to a ProofStore at once; positions the store already
// holds are not solved again, so a proof interrupted at any point continues where it stopped
// (the store is the checkpoint). The store is also the perfect-play record of what was proved.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "engine/games/yinyang/solver.h"

namespace triad::games::yinyang {

// One proved position: who wins from it with perfect play, and a move: a winning move when
// the side to move wins; for the loser the move tried first (fewest replies).
struct ProvedPosition {
  Position pos;
  bool side_to_move_wins = false;
  std::optional<Move> best;
  std::uint64_t nodes = 0;  // solver nodes spent on this position (0 for inner positions)
  double seconds = 0;       // wall time of that solve
};

// A position's stones and side to move, without the ply: what a proof is about. Compared in
// full, so no hash collision can mix up two positions.
struct StonesKey {
  std::uint64_t light = 0, dark = 0;
  bool player_one = true;
  bool operator==(const StonesKey&) const = default;
  static StonesKey of(const Position& pos) {
    return {pos.light, pos.dark, pos.side_to_move == engine::Player::kOne};
  }
};
struct StonesKeyHash {
  std::size_t operator()(const StonesKey& k) const {
    return static_cast<std::size_t>((k.light * 0x9E3779B97F4A7C15ull) ^ (k.dark * 31) ^
                                    static_cast<std::uint64_t>(k.player_one));
  }
};

// Where proofs are looked up (the engine's built-in book, read only). Positions are matched
// on their stones and side to move (not the ply).
class ProofLookup {
 public:
  virtual ~ProofLookup() = default;
  virtual std::optional<ProvedPosition> find(const Position& pos) const = 0;
};

// Where proofs are kept while proving (a checkpoint file, a map in tests).
class ProofStore : public ProofLookup {
 public:
  virtual void add(const ProvedPosition& proved) = 0;
};

class Prover {
 public:
  using StopCheck = Solver::StopCheck;
  Prover(Solver& solver, ProofStore& store, int split_plies)
      : solver_(solver), store_(store), split_plies_(split_plies) {}

  // Whether the side to move wins `root`; nothing when stopped (what was proved is stored).
  std::optional<bool> prove(const Position& root, const StopCheck& stop = {});

  // Extends the proof of `root` (proved first if the store does not hold it) down the
  // winner's strategy so that every position of it down to `plies` plies has its proof in
  // the store: the winner's proved move (at every depth up to `plies`), and above that depth
  // the loser's position with every move proved (one per symmetry class).
  // A winner's position the store lacks is solved (win/loss, with its winning move); a
  // loser's is stored once all its moves are proved, with the move leaving the fewest
  // replies. The perfect-play book grows this way beyond the proof's split depth. Nothing
  // when stopped (what was proved is stored; run again to continue).
  std::optional<bool> deepen(const Position& root, int plies, const StopCheck& stop = {});

  // Positions solved by the Solver in this run (not found in the store).
  int solved() const { return solved_; }
  // Moves not tried because they lead to a mirror image of a sibling already tried.
  int skipped_by_symmetry() const { return skipped_; }
  // deepen(): positions its proofs say the side to move wins that the solver finds lost
  // (only in a proof file that was altered).
  int contradictions() const { return contradictions_; }

 private:
  std::optional<bool> wins(const Position& pos, int ply, const StopCheck& stop);
  // deepen() below the root: `pos` is known to be won (or lost) by its side to move.
  bool extend(const Position& pos, bool side_to_move_wins, int plies_left, const StopCheck& stop);
  // A solver verdict for `pos`, stored as a proof; nothing when stopped.
  std::optional<ProvedPosition> solve_and_store(const Position& pos, const StopCheck& stop);

  Game game_;
  Solver& solver_;
  ProofStore& store_;
  int split_plies_;
  int solved_ = 0;
  int skipped_ = 0;
  int contradictions_ = 0;
};

}  // namespace triad::games::yinyang
