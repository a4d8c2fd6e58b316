// Yin Yang's perfect-play book (adapters/yinyang/perfect_book.h) and proof lines
// (proof_text.h): a table of proofs answers every mirror image of every proved position with
// the proved value and a move that is legal there and, for a win, wins (checked by the
// ReferenceSolver on real proofs of random positions); the compiled-in table is the proof
// file packed, proves the start position a Player 2 win and answers every first move; bad proof
// text is refused with the line named.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "adapters/common/variants.h"
#include "adapters/yinyang/perfect_book.h"
#include "adapters/yinyang/proof_text.h"
#include "engine/games/yinyang/reference_solver.h"
#include "engine/games/yinyang/solution.h"
#include "engine/games/yinyang/symmetry.h"
#include "tests/support/child_process.h"
#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

namespace yb = adapters::yinyang;

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

bool is_legal(const Game& g, const Position& pos, engine::History, const Move& m) {
  MoveList moves;
  g.generate(pos, {}, moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

bool reference_wins(const Position& pos) {
  ReferenceSolver solver(16);
  const int need = winning_margin(pos.side_to_move);
  return *solver.value(pos, need - 1, need, nullptr, {}) >= need;
}

TEST(YinYangPerfectBook, EveryMirrorImageOfAProofIsFoundWithAMoveThatKeepsItsValue) {
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
    const yb::ProofTable table(store.proofs);
    EXPECT_EQ(table.size(), store.proofs.size());
    for (const auto& proof : store.proofs) {
      for (int s = 0; s < kSymmetries; ++s) {
        const Position image = transformed(proof.pos, s);
        const std::string line = Notation::format_position(g, image);
        const auto found = find_any_image(table, image);
        ASSERT_TRUE(found) << line;
        EXPECT_EQ(found->pos, image);
        const bool wins = reference_wins(image);
        EXPECT_EQ(found->side_to_move_wins, wins) << line;
        ASSERT_TRUE(found->best) << line;
        ASSERT_TRUE(is_legal(g, image, {}, *found->best)) << line;
        if (wins) {
          EXPECT_FALSE(reference_wins(g.make(image, *found->best)))
              << line << " " << Notation::format_move(g, image, *found->best);
        }
      }
      ++proofs_checked;
    }
  }
  EXPECT_GE(proofs_checked, 20);
}

TEST(YinYangPerfectBook, TheCompiledInTableIsTheProofFilePackedAndAnswersEveryImage) {
  const auto text =
      triad::testing::read_file(std::string(TRIAD_SOURCE_DIR) + "/books/yinyang-start.proof");
  const auto proofs = yb::parse_proof_text(text);
  ASSERT_TRUE(proofs.ok()) << proofs.error().message;
  const yb::ProofTable* table = yb::perfect_play_table();
  ASSERT_NE(table, nullptr);
  // The packed table holds the file's proofs, record for record, as a table made from them.
  const yb::ProofTable from_file(*proofs);
  ASSERT_GT(table->size(), 100000u);
  ASSERT_EQ(table->size(), from_file.size());
  EXPECT_TRUE(std::ranges::equal(table->bytes(), from_file.bytes()));
  const Game g;
  for (std::size_t i = 0; i < proofs->size(); i += 7) {  // a spread sample: every 7th proof
    const auto& proof = (*proofs)[i];
    for (int s = 0; s < kSymmetries; ++s) {
      const Position image = transformed(proof.pos, s);
      const auto found = find_any_image(*table, image);
      ASSERT_TRUE(found);
      EXPECT_EQ(found->side_to_move_wins, proof.side_to_move_wins);
      if (found->best) {
        EXPECT_TRUE(is_legal(g, image, {}, *found->best));
      }
    }
  }
  // The start position is proved: Player 2 wins (a tie goes to Player 2).
  const auto start = table->find(g.start_position());
  ASSERT_TRUE(start);
  EXPECT_FALSE(start->side_to_move_wins);
  // Through the game registry's interface: every first move of Player 1 gets a winning
  // answer from Player 2.
  auto game = adapters::VariantRegistry::builtin().create("yinyang");
  ASSERT_TRUE(game.ok());
  const auto first = yb::perfect_play_move(**game);
  ASSERT_TRUE(first);
  EXPECT_FALSE(first->side_to_move_wins);
  EXPECT_EQ(first->max_plies, 32);
  for (const auto& move : (*game)->legal_moves()) {
    auto after = (*game)->clone();
    ASSERT_TRUE(after->play(move));
    const auto reply = yb::perfect_play_move(*after);
    ASSERT_TRUE(reply) << move;
    EXPECT_TRUE(reply->side_to_move_wins) << move;
    EXPECT_TRUE(after->is_legal(reply->token)) << move << " " << reply->token;
  }
}

TEST(YinYangPerfectBook, PackedBytesThatAreNotATableAreRefused) {
  const Game g;
  const Position start = g.start_position();
  const std::vector<ProvedPosition> proofs = {
      {start, false, Move{14, 13}, 0, 0}, {g.make(start, Move{14, 13}), true, std::nullopt, 0, 0}};
  const yb::ProofTable table(proofs);
  ASSERT_EQ(table.size(), 2u);
  const auto bytes = table.bytes();
  const auto view = yb::ProofTable::view(bytes);
  ASSERT_TRUE(view.ok()) << view.error().message;
  EXPECT_EQ(view->at(0).pos, table.at(0).pos);
  EXPECT_EQ(view->find(start)->best, (Move{14, 13}));
  EXPECT_FALSE(view->find(g.make(start, Move{14, 13}))->best);
  // Not whole records.
  const auto cut = yb::ProofTable::view(bytes.first(bytes.size() - 1));
  ASSERT_FALSE(cut.ok());
  EXPECT_NE(cut.error().message.find("not whole records"), std::string::npos);
  // Records out of order: the second before the first.
  std::vector<std::byte> swapped(bytes.begin() + 24, bytes.end());
  swapped.insert(swapped.end(), bytes.begin(), bytes.begin() + 24);
  const auto unordered = yb::ProofTable::view(swapped);
  ASSERT_FALSE(unordered.ok());
  EXPECT_NE(unordered.error().message.find("record 1 out of order"), std::string::npos);
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
  const auto bad =
      yb::parse_proof_text(header + "\n" + line + "\n\n6/6/2DL2/2LD2/6/6 1 0 draw - 0 0\n");
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
