// Every PV Triad prints replays legally: searches at many positions in every built-in
// variant (random games, and for Íves dáma random positions of 5-7 stones, whose searches
// reach the endgame table), each `info ... pv` line replayed move by move on a fresh game.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "adapters/common/text.h"
#include "adapters/common/variants.h"
#include "session_driver.h"

namespace triad::protocol::testing {
namespace {

// A small deterministic generator (64-bit LCG, high bits).
class Random {
 public:
  explicit Random(std::uint64_t seed) : state_(seed) {}
  std::size_t below(std::size_t n) {
    state_ = state_ * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>(state_ >> 33) % n;
  }

 private:
  std::uint64_t state_;
};

// The moves after " pv " in an info line (empty if it has none).
std::vector<std::string> pv_of(const std::string& info) {
  std::vector<std::string> out;
  const auto at = info.find(" pv ");
  if (at == std::string::npos) return out;
  for (auto t : tokenize(std::string_view(info).substr(at + 4))) out.emplace_back(t);
  return out;
}

class PvChecker {
 public:
  explicit PvChecker(std::string variant)
      : variant_(std::move(variant)), registry_(adapters::VariantRegistry::builtin()) {
    d_.send("setoption name UCI_Variant value " + variant_);
  }
  SessionDriver& driver() { return d_; }
  int checked() const { return checked_; }

  // Searches the current position; every PV printed must replay from it.
  void search_and_replay(const std::string& go) {
    const std::string fen = d_.query("fen");
    for (const auto& line : d_.send(go)) {
      if (!starts_with(line, "info depth ")) continue;
      auto replay = registry_.create(variant_);
      ASSERT_TRUE(replay.ok() && (*replay)->reset(fen).ok()) << fen;
      const auto pv = pv_of(line);
      for (std::size_t k = 0; k < pv.size(); ++k) {
        const auto played = (*replay)->play(pv[k]);
        ASSERT_TRUE(played.ok()) << variant_ << " from " << fen << "\n  " << line << "\n  move "
                                 << k + 1 << ": " << played.error().message;
      }
      ++checked_;
    }
  }

 private:
  std::string variant_;
  adapters::VariantRegistry registry_;
  SessionDriver d_;
  int checked_ = 0;
};

// The start position's board field with all but `keep` random stones removed.
std::string thinned_board(const std::string& board, std::size_t keep, Random& rng) {
  std::vector<std::string> ranks;  // one char per point, '.' empty
  std::vector<std::size_t> stones;
  for (auto rank : adapters::split_on(board, '/')) {
    std::string cells;
    for (char c : rank)
      cells += (c >= '1' && c <= '9') ? std::string(c - '0', '.') : std::string(1, c);
    ranks.push_back(cells);
  }
  for (std::size_t r = 0; r < ranks.size(); ++r)
    for (std::size_t i = 0; i < ranks[r].size(); ++i)
      if (ranks[r][i] != '.') stones.push_back(r * 100 + i);
  while (stones.size() > keep) {
    const std::size_t k = rng.below(stones.size());
    ranks[stones[k] / 100][stones[k] % 100] = '.';
    stones.erase(stones.begin() + static_cast<std::ptrdiff_t>(k));
  }
  std::string out;
  for (const auto& cells : ranks) {
    if (!out.empty()) out += '/';
    adapters::append_run_length(out, cells);
  }
  return out;
}

class PvReplay : public ::testing::TestWithParam<const char*> {};

TEST_P(PvReplay, RandomGames) {
  PvChecker check(GetParam());
  Random rng(0x5eed);
  for (int game = 0; game < 2; ++game) {
    std::string moves;
    check.driver().send("position startpos");
    for (int ply = 0; ply < 120 && check.driver().query("gameover") == "false"; ++ply) {
      if (ply % 6 == 5) check.search_and_replay("go depth 6");
      if (::testing::Test::HasFatalFailure()) return;
      const std::string moves_text = check.driver().query("moves");
      const auto legal = tokenize(moves_text);
      moves += ' ';
      moves += legal[rng.below(legal.size())];
      check.driver().send("position startpos moves" + moves);
    }
  }
  EXPECT_GT(check.checked(), 20);
}

INSTANTIATE_TEST_SUITE_P(BuiltinVariants, PvReplay,
                         ::testing::Values("razzledazzle", "razzledazzle-basic",
                                           "razzledazzle-norepeat", "yinyang", "ivesdama",
                                           "ivesdama-arc", "ivesdama-forward"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

// Positions a few captures away from the endgame table (4 stones), where a table answer
// inside the PV once left a stale tail of moves behind it.
class IvesEndgamePvReplay : public ::testing::TestWithParam<const char*> {};

TEST_P(IvesEndgamePvReplay, FewStonePositions) {
  PvChecker check(GetParam());
  Random rng(0xe9d);
  check.driver().send("position startpos");
  const std::string start_fen = check.driver().query("fen");
  const auto start = tokenize(start_fen);
  for (int i = 0; i < 40; ++i) {
    const std::string fen = thinned_board(std::string(start[0]), 5 + rng.below(3), rng) + " " +
                            (rng.below(2) ? "1" : "2") + " 0";
    if (!check.driver().send("position fen " + fen).empty()) continue;  // e.g. a stone on a goal
    if (check.driver().query("gameover") == "true") continue;
    check.search_and_replay("go depth 9");
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_GT(check.checked(), 100);
}

INSTANTIATE_TEST_SUITE_P(IvesVariants, IvesEndgamePvReplay,
                         ::testing::Values("ivesdama", "ivesdama-arc", "ivesdama-forward"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (c == '-') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace triad::protocol::testing
