// ProofFile: the Prover's store kept in a text file, one proved position per line, appended
// and flushed as each proof lands (so the file is the checkpoint of a long proof, and the
// record of perfect play it establishes). Format (version 1):
//   # triad yinyang proof v1
//   <position line> win|loss <move>|- <solver nodes> <seconds>
// `<position line>` is the engine's Yin Yang position line (board, side to move, ply);
// win/loss is for the side to move; the move is a winning move for a win (for a loss, the
// move tried first). Lines starting with '#' are comments.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_map>

#include "engine/core/result.h"
#include "engine/games/yinyang/prover.h"

namespace triad::tools {

class ProofFile final : public games::yinyang::ProofStore {
 public:
  // Opens (creating if missing) `path`, reading back every proof it holds. A line that does
  // not parse is an error naming the line (a truncated last line, from a killed run, is
  // dropped with a warning on stderr instead).
  static Result<std::unique_ptr<ProofFile>> open(const std::filesystem::path& path);

  std::optional<games::yinyang::ProvedPosition> find(
      const games::yinyang::Position& pos) const override;
  void add(const games::yinyang::ProvedPosition& proved) override;
  std::size_t size() const { return proofs_.size(); }
  const auto& proofs() const { return proofs_; }

  // The text of one line (no newline) and its parse.
  static std::string format(const games::yinyang::ProvedPosition& p);
  static Result<games::yinyang::ProvedPosition> parse(const std::string& line);

 private:
  std::unordered_map<games::yinyang::StonesKey, games::yinyang::ProvedPosition,
                     games::yinyang::StonesKeyHash>
      proofs_;
  std::ofstream out_;
};

}  // namespace triad::tools
