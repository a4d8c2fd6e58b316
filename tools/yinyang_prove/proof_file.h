// ProofFile: the Prover's store kept in a text file, one proved position per line
// (adapters/yinyang/proof_text.h), appended and flushed as each proof lands (so the file is
// the checkpoint of a long proof, and the record of perfect play it establishes).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <unordered_map>

#include "engine/core/result.h"
#include "engine/games/yinyang/prover.h"

namespace triad::tools {

// The largest proof file read: 256 MiB, about 4 million proofs (the shipped book is 1.9 MB).
inline constexpr std::uintmax_t kMaxProofFileBytes = std::uintmax_t{256} << 20;

class ProofFile final : public games::yinyang::ProofStore {
 public:
  // Opens (creating if missing) `path`, reading back every proof it holds. A file that does
  // not start with the header is refused on its first line, a larger one than
  // kMaxProofFileBytes before it is read. A line that does not parse is an error naming the
  // line; a truncated last line, from a killed run, is dropped with a warning on stderr
  // instead, and cut off the file so the next proofs start on a line of their own.
  // `read_only` (for checking a proof, e.g. one shipped in the repository): the file must
  // exist and is never written (add() only keeps the proof in memory).
  static Result<std::unique_ptr<ProofFile>> open(const std::filesystem::path& path,
                                                 bool read_only = false);

  std::optional<games::yinyang::ProvedPosition> find(
      const games::yinyang::Position& pos) const override;
  void add(const games::yinyang::ProvedPosition& proved) override;
  std::size_t size() const { return proofs_.size(); }
  const auto& proofs() const { return proofs_; }

 private:
  std::unordered_map<games::yinyang::StonesKey, games::yinyang::ProvedPosition,
                     games::yinyang::StonesKeyHash>
      proofs_;
  std::ofstream out_;
};

}  // namespace triad::tools
