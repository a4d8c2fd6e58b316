// Helpers for the triad-datagen tests (one machine and under mpirun): running the program,
// and the data files' records as text lines (the C++ reader's and numpy's, to compare).
#pragma once

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/nnue/data_file.h"
#include "learn/data_file.h"
#include "tests/tournament/process_support.h"

namespace triad::datagen::testing {

using tournament::testing::ProcessResult;
using tournament::testing::read_text;
using tournament::testing::TempDir;

inline const std::string kTriadDatagen = TRIAD_BINARY_DIR "/triad-datagen";

// `words` (program first) to the end; standard output and error kept in a fresh folder
// under `dir` for each run.
inline ProcessResult run_command(const std::vector<std::string>& words,
                                 const std::filesystem::path& dir,
                                 std::chrono::milliseconds timeout = std::chrono::seconds(120)) {
  static int runs = 0;
  const auto folder = dir / ("run" + std::to_string(++runs));
  std::filesystem::create_directories(folder);
  return tournament::testing::MatchProcess(tournament::testing::MatchProcess::FullCommand{words},
                                           folder)
      .wait(timeout);
}

inline ProcessResult run_datagen(const std::vector<std::string>& args,
                                 const std::filesystem::path& dir) {
  std::vector<std::string> words = {kTriadDatagen};
  words.insert(words.end(), args.begin(), args.end());
  return run_command(words, dir);
}

inline void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary) << bytes;
}

// Exit status 2 and one error line with `expected` in it.
inline void expect_refused(const ProcessResult& r, const std::string& expected) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("triad-datagen: ", 0), 0u) << r.err;
}

// The header and records of a data file that must read back (a test failure otherwise).
inline learn::DataFile read_ok(const std::filesystem::path& file) {
  auto data = adapters::nnue::read_data_file(file);
  EXPECT_TRUE(data) << (data ? "" : data.error().message);
  return data ? *data : learn::DataFile{};
}

// "game move score ply side result board", one line per record (the format
// tests/datagen/read_with_numpy.py prints).
inline std::string record_lines(const learn::DataFile& data) {
  std::string out;
  for (const auto& r : data.records) {
    char fixed[96];
    std::snprintf(fixed, sizeof fixed, "%u %u %d %u %u %d ", r.game, r.move, r.score, r.ply, r.side,
                  r.result);
    out += fixed + r.board + "\n";
  }
  return out;
}

}  // namespace triad::datagen::testing
