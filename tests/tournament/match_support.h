// Helpers for the whole-tournament tests: temporary folders, running triad-match's
// library on a configuration, and reading game records back to check them with the rules.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/common/variants.h"
#include "adapters/records/reader.h"
#include "tournament/config.h"
#include "tournament/tournament.h"

namespace triad::tournament::testing {

// A fresh folder under the system temp folder, removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("triad_match_" + name + "_" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::filesystem::path operator/(const std::string& file) const { return path_ / file; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Parses the command-line words into a configuration (fails the test on error).
inline TournamentConfig config_from(const std::vector<std::string>& words) {
  std::vector<const char*> argv = {"triad-match"};
  for (const auto& w : words) argv.push_back(w.c_str());
  auto cli = parse_command_line(static_cast<int>(argv.size()), argv.data());
  EXPECT_TRUE(cli) << (cli ? "" : cli.error().message);
  return cli ? cli->config : TournamentConfig{};
}

inline GameFactory factory_for(const std::string& variant) {
  return adapters::VariantRegistry::builtin().find(variant)->factory;
}

struct RunResult {
  bool ok = false;
  std::string error;
  std::string output;
  std::vector<FinishedGame> finished;  // in the order they finished
  std::string stop_reason;
};

// Runs a match; `after_each` (optional) is called after every finished game with the
// match and the number of games finished in this run.
inline RunResult run_match(const TournamentConfig& config,
                           const std::function<void(Tournament&, std::size_t)>& after_each = {}) {
  std::ostringstream progress;
  Tournament match(config, factory_for(config.variant), progress);
  std::vector<FinishedGame> finished;
  match.on_game_finished([&](const FinishedGame& g) {
    finished.push_back(g);
    if (after_each) after_each(match, finished.size());
  });
  auto r = match.run();
  return {r.ok(), r.ok() ? "" : r.error().message, progress.str(), finished, match.stop_reason()};
}

// One game record read back from a record file.
struct ParsedRecord {
  std::map<std::string, std::string> tags;
  std::vector<std::string> moves;  // book moves included
  std::string result;
};

// Read with the record module (adapters/records/), as every reader of records does.
inline std::vector<ParsedRecord> parse_records(const std::string& text) {
  auto records = adapters::records::read_records(text, "records");
  EXPECT_TRUE(records) << records.error().message;
  std::vector<ParsedRecord> out;
  if (!records) return out;
  for (const auto& r : *records) {
    ParsedRecord& parsed = out.emplace_back();
    for (const auto& t : r.tags) parsed.tags[t.name] = t.value;
    parsed.moves = r.tokens();
    parsed.result = adapters::records::result_token(r.result);
  }
  return out;
}

// Replays a record with the rules: every move legal; a "normal" ending is the rules'
// result at the final position.
inline void expect_valid_record(const ParsedRecord& r) {
  auto game = adapters::VariantRegistry::builtin().create(r.tags.at("Variant"));
  ASSERT_TRUE(game) << game.error().message;
  ASSERT_TRUE((*game)->reset(r.tags.at("FEN"))) << r.tags.at("FEN");
  EXPECT_EQ(r.tags.at("Result"), r.result);
  EXPECT_EQ(std::to_string(r.moves.size()), r.tags.at("PlyCount"));
  const std::string termination = r.tags.at("Termination");
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    auto played = (*game)->play(r.moves[i]);
    ASSERT_TRUE(played) << "game " << r.tags.at("Game") << " move " << i + 1 << " " << r.moves[i]
                        << ": " << played.error().message;
  }
  if (termination == "normal") {
    const engine::Outcome o = (*game)->outcome();
    ASSERT_TRUE(o.over()) << "game " << r.tags.at("Game") << " ended 'normal' while going on";
    EXPECT_EQ(adapters::records::result_token(o.result), r.result);
  }
}

}  // namespace triad::tournament::testing
