// The proof file (see proof_file.h).
#include "tools/yinyang_prove/proof_file.h"

#include <iostream>
#include <vector>

#include "adapters/yinyang/proof_text.h"

namespace triad::tools {

namespace yy = games::yinyang;
using adapters::yinyang::kProofHeader;

Result<std::unique_ptr<ProofFile>> ProofFile::open(const std::filesystem::path& path,
                                                   bool read_only) {
  auto file = std::make_unique<ProofFile>();
  const bool exists = std::filesystem::exists(path);
  bool ends_mid_line = false;
  bool has_header = false;
  if (exists) {
    // Only a regular file: a FIFO would block, a device would never end.
    if (!std::filesystem::is_regular_file(path))
      return make_error(path.string() + ": not a regular file");
    std::ifstream in(path);
    if (!in) return make_error(path.string() + ": cannot read");
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    if (!lines.empty() && lines.front() != kProofHeader)
      return make_error(path.string() + ":1: not a Triad Yin Yang proof file (expected '" +
                        std::string(kProofHeader) + "')");
    has_header = !lines.empty();
    in.clear();
    in.seekg(-1, std::ios::end);
    ends_mid_line = in && in.get() != '\n';
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (adapters::yinyang::is_proof_comment(lines[i])) continue;
      auto p = adapters::yinyang::parse_proof_line(lines[i]);
      if (!p) {
        if (i + 1 == lines.size()) {  // cut off by a kill: drop it, it will be proved again
          std::cerr << path.string() << ":" << i + 1 << ": incomplete last line dropped\n";
          continue;
        }
        return make_error(path.string() + ":" + std::to_string(i + 1) + ": " + p.error().message);
      }
      file->proofs_[yy::StonesKey::of(p->pos)] = *p;
    }
  }
  if (read_only) {
    if (!exists) return make_error(path.string() + ": no such proof file");
    return file;
  }
  file->out_.open(path, std::ios::app);
  if (!file->out_) return make_error(path.string() + ": cannot write");
  if (!has_header) file->out_ << kProofHeader << "\n" << std::flush;
  if (ends_mid_line)
    file->out_ << "\n" << std::flush;  // the dropped line stays a comment-free stub
  return file;
}

std::optional<yy::ProvedPosition> ProofFile::find(const yy::Position& pos) const {
  const auto it = proofs_.find(yy::StonesKey::of(pos));
  if (it == proofs_.end()) return std::nullopt;
  return it->second;
}

void ProofFile::add(const yy::ProvedPosition& proved) {
  proofs_[yy::StonesKey::of(proved.pos)] = proved;
  if (out_.is_open()) out_ << adapters::yinyang::format_proof_line(proved) << "\n" << std::flush;
}

}  // namespace triad::tools
