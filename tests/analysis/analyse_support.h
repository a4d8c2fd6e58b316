// Helpers for the triad-analyse tests (one machine and under mpirun): running the program,
// building inputs with the game core, reading the JSON lines back and checking every best
// move and principal variation against the rules.
#pragma once

#include <yaml-cpp/yaml.h>

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/common/variants.h"
#include "tests/tournament/process_support.h"

namespace triad::analysis::testing {

using tournament::testing::ProcessResult;
using tournament::testing::read_text;
using tournament::testing::TempDir;

inline const std::string kTriadAnalyse = TRIAD_BINARY_DIR "/triad-analyse";

// triad-analyse `args` to the end; its standard output and error are kept in a fresh
// folder under `dir` for each run.
inline ProcessResult run_analyse(const std::vector<std::string>& args,
                                 const std::filesystem::path& dir,
                                 std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
  static int runs = 0;
  const auto folder = dir / ("run" + std::to_string(++runs));
  std::filesystem::create_directories(folder);
  std::vector<std::string> words = {kTriadAnalyse};
  words.insert(words.end(), args.begin(), args.end());
  return tournament::testing::MatchProcess(tournament::testing::MatchProcess::FullCommand{words},
                                           folder)
      .wait(timeout);
}

// `count` positions of `variant` reached by the game core from the start (the k-th position
// plays, at each ply, the legal move number ply+k modulo the number of moves), one per line.
inline std::vector<std::string> positions(const std::string& variant, int count) {
  std::vector<std::string> out;
  const auto registry = adapters::VariantRegistry::builtin();
  for (int k = 0; k < count; ++k) {
    auto made = registry.create(variant);
    auto game = std::move(*made);
    for (int ply = 0; ply < k % 7; ++ply) {
      const auto moves = game->legal_moves();
      if (moves.empty() || game->outcome().over()) break;
      EXPECT_TRUE(game->play(moves[static_cast<std::size_t>(ply + k) % moves.size()]));
    }
    out.push_back(game->position_line());
  }
  return out;
}

// `words` followed by `more`.
inline std::vector<std::string> with(std::vector<std::string> words,
                                     const std::vector<std::string>& more) {
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

inline void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file) << text;
}

// The lines of `text` (those starting with `start`, if given).
inline std::vector<std::string> lines_of(const std::string& text, const std::string& start = "") {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0) out.push_back(line);
  return out;
}

// The output without its measured times (`"time_ms":N` becomes `"time_ms":_`), which differ
// between runs. (A plain scan: std::regex costs each including test file seconds of compile.)
inline std::string without_times(const std::string& text) {
  const std::string key = "\"time_ms\":";
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = text.find(key, from)) != std::string::npos;) {
    std::size_t end = text.find_first_not_of("0123456789", at + key.size());
    if (end == std::string::npos) end = text.size();
    out.append(text, from, at + key.size() - from);
    if (end > at + key.size()) out.push_back('_');
    from = end;
  }
  return out.append(text, from, std::string::npos);
}

// Every analysed line of `output` is legal: the best move, and each PV replayed move by
// move from the position with the game core. Returns how many lines were analysed.
inline int check_moves(const std::string& output, int multipv) {
  const auto registry = adapters::VariantRegistry::builtin();
  int analysed = 0;
  for (const auto& text : lines_of(output)) {
    const YAML::Node line = YAML::Load(text);
    if (!line["lines"]) continue;
    ++analysed;
    auto made = registry.create(line["variant"].as<std::string>());
    auto game = std::move(*made);
    EXPECT_TRUE(game->reset(line["position"].as<std::string>())) << text;
    const auto legal = game->legal_moves();
    const auto best = line["bestmove"].as<std::string>();
    EXPECT_TRUE(game->is_legal(best)) << text;
    EXPECT_EQ(line["lines"].size(), std::min<std::size_t>(multipv, legal.size())) << text;
    int expected_multipv = 1;
    for (const auto& pv : line["lines"]) {
      EXPECT_EQ(pv["multipv"].as<int>(), expected_multipv++) << text;
      EXPECT_TRUE(pv["score"]["cp"] || pv["score"]["mate"]) << text;
      EXPECT_GE(pv["depth"].as<int>(), 1) << text;
      EXPECT_GT(pv["nodes"].as<long long>(), 0) << text;
      EXPECT_GE(pv["pv"].size(), 1u) << text;
      if (pv["pv"].size() == 0) continue;
      EXPECT_EQ(pv["bestmove"].as<std::string>(), pv["pv"][0].as<std::string>()) << text;
      auto replay = game->clone();
      for (const auto& move : pv["pv"])
        EXPECT_TRUE(replay->play(move.as<std::string>()))
            << move.as<std::string>() << " in " << text;
    }
    EXPECT_EQ(best, line["lines"][0]["bestmove"].as<std::string>()) << text;
  }
  return analysed;
}

}  // namespace triad::analysis::testing
