// Yin Yang's perfect-play book (adapters/yinyang/perfect_book.h) and proof lines
// (proof_text.h): a proof becomes a book with every mirror image of every proved position,
// each with the proved value and a move that is legal there and, for a win, wins (checked
// by the ReferenceSolver on real proofs of random positions); the compiled-in proof of the
// start position parses and its book answers every mirror image; bad proof text is refused
// with the line named.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "adapters/yinyang/perfect_book.h"
#include "adapters/yinyang/proof_text.h"
#include "engine/games/yinyang/reference_solver.h"
#include "engine/games/yinyang/solution.h"
#include "engine/games/yinyang/symmetry.h"
#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

namespace yb = adapters::yinyang;
using adapters::book::Book;
using adapters::book::Proved;

// A ProofStore in memory.
class MemoryStore final : public ProofStore {
 public:
  std::optional<ProvedPosition> find(const Position& pos) const override {
    for (const auto& p : proofs)
      if (StonesKey::of(p.pos) == StonesKey::of(pos)) return p;
    return std::nullopt;
  }
  void add(const ProvedPosition& p) override { proofs.push_back(p); }
  std::vector<ProvedPosition> proofs;
};

// A position `plies` random moves from the start, with moves left; nothing if the game ended.
std::optional<Position> random_game_position(const Game& g, int plies, std::mt19937_64& rng) {
  Position pos = g.start_position();
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    g.generate(pos, {}, moves);
    if (moves.empty()) return std::nullopt;
    pos = g.make(pos, moves[rng() % moves.size()]);
  }
  if (g.count_moves(pos, {}) == 0) return std::nullopt;
  return pos;
}

bool reference_wins(const Position& pos) {
  ReferenceSolver solver(16);
  const int need = winning_margin(pos.side_to_move);
  return *solver.value(pos, need - 1, need, nullptr, {}) >= need;
}

TEST(YinYangPerfectBook, EveryMirrorImageOfAProofIsInTheBookWithAMoveThatKeepsItsValue) {
  const Game g;
  std::mt19937_64 rng(2026);
  int proofs_checked = 0;
  for (int i = 0; i < 40 && proofs_checked < 20; ++i) {
    const auto root = random_game_position(g, 20, rng);  // 12 empty squares
    if (!root) continue;
    Solver solver(16);
    MemoryStore store;
    Prover prover(solver, store, 2);
    ASSERT_TRUE(prover.prove(*root));
    const Book book = yb::book_from_proofs(store.proofs, {"yinyang", "yinyang", 0});
    for (const auto& proof : store.proofs) {
      for (int s = 0; s < kSymmetries; ++s) {
        const Position image = transformed(proof.pos, s);
        const std::string line = Notation::format_position(g, image);
        const auto* entry = book.find(line);
        ASSERT_NE(entry, nullptr) << line;
        const bool wins = reference_wins(image);
        EXPECT_EQ(entry->proved, wins ? Proved::kWin : Proved::kLoss) << line;
        ASSERT_FALSE(entry->moves.empty()) << line;
        for (const auto& m : entry->moves) {
          const auto move = Notation::parse_move(g, image, {}, m.token);
          ASSERT_TRUE(move.ok()) << line << " " << m.token;
          EXPECT_EQ(m.weight, 1u);
          if (wins) {
            EXPECT_FALSE(reference_wins(g.make(image, *move))) << line << " " << m.token;
          }
        }
      }
      ++proofs_checked;
    }
  }
  EXPECT_GE(proofs_checked, 20);
}

TEST(YinYangPerfectBook, TheCompiledInProofGivesTheBookOfEveryImage) {
  const auto proofs = yb::parse_proof_text(yb::perfect_play_proof_text());
  ASSERT_TRUE(proofs.ok()) << proofs.error().message;
  ASSERT_FALSE(proofs->empty());
  const Book* book = yb::perfect_play_book();
  ASSERT_NE(book, nullptr);
  EXPECT_EQ(book->variant().game, "yinyang");
  EXPECT_GE(book->size(), proofs->size());
  const Game g;
  for (const auto& proof : *proofs) {
    for (int s = 0; s < kSymmetries; ++s) {
      const Position image = transformed(proof.pos, s);
      const auto* entry = book->find(Notation::format_position(g, image));
      ASSERT_NE(entry, nullptr);
      EXPECT_EQ(entry->proved, proof.side_to_move_wins ? Proved::kWin : Proved::kLoss);
      for (const auto& m : entry->moves) EXPECT_TRUE(Notation::parse_move(g, image, {}, m.token).ok());
    }
  }
  // The start position is proved: the book knows who wins it.
  const auto* start = book->find(Notation::format_position(g, g.start_position()));
  ASSERT_NE(start, nullptr);
  EXPECT_NE(start->proved, Proved::kNone);
}

TEST(YinYangProofText, LinesRoundTripAndBadTextNamesTheLine) {
  const Game g;
  ProvedPosition p{g.start_position(), true, Move{14, 13}, 1234, 0.5};
  const std::string line = yb::format_proof_line(p);
  EXPECT_EQ(line, "6/6/2DL2/2LD2/6/6 1 0 win c3b3 1234 0.500");
  const auto back = yb::parse_proof_line(line);
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back->side_to_move_wins);
  EXPECT_EQ(back->best, p.best);
  EXPECT_EQ(back->nodes, 1234u);

  const std::string header(yb::kProofHeader);
  EXPECT_FALSE(yb::parse_proof_text("# something else\n").ok());
  const auto bad = yb::parse_proof_text(header + "\n" + line + "\n\n6/6/2DL2/2LD2/6/6 1 0 draw - 0 0\n");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "line 4: value: expected win or loss");
  const auto illegal = yb::parse_proof_text(header + "\n6/6/2DL2/2LD2/6/6 1 0 win c5c6 0 0\n");
  ASSERT_FALSE(illegal.ok());
  EXPECT_NE(illegal.error().message.find("line 2: move: "), std::string::npos);
  const auto ok = yb::parse_proof_text(header + "\n# a comment\n" + line + "\n");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->size(), 1u);
}

}  // namespace
}  // namespace triad::games::yinyang::testing
