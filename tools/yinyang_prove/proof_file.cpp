// The proof file (see proof_file.h).
#include "tools/yinyang_prove/proof_file.h"

#include <iostream>
#include <string_view>

#include "adapters/common/file_io.h"
#include "adapters/yinyang/proof_text.h"

namespace triad::tools {

namespace yy = games::yinyang;
using adapters::yinyang::kProofHeader;

namespace {

// A file that does not start with the header is refused on its first bytes, whatever its
// size; the rest is read (bounded by kMaxProofFileBytes) only for a proof file.
Result<void> check_header(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error(path.string() + ": cannot read");
  const std::string expected = std::string(kProofHeader) + "\n";
  std::string head(expected.size(), '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  if (head.empty() || head == expected) return {};
  return make_error(path.string() + ":1: not a Triad Yin Yang proof file (expected '" +
                    std::string(kProofHeader) + "')");
}

}  // namespace

Result<std::unique_ptr<ProofFile>> ProofFile::open(const std::filesystem::path& path,
                                                   bool read_only) {
  auto file = std::make_unique<ProofFile>();
  const bool exists = std::filesystem::exists(path);
  bool has_header = false;
  if (exists) {
    // Only a regular file: a FIFO would block, a device would never end.
    if (!std::filesystem::is_regular_file(path))
      return make_error(path.string() + ": not a regular file");
    if (auto header = check_header(path); !header) return header.error();
    auto text = adapters::read_regular_file(path, "proof file", kMaxProofFileBytes);
    if (!text) return text.error();
    has_header = !text->empty();
    // Line by line; `kept` is where the last good line ends.
    std::size_t start = 0, kept = 0;
    for (std::size_t number = 1; start < text->size(); ++number) {
      const std::size_t newline = text->find('\n', start);
      const std::size_t end = newline == std::string::npos ? text->size() : newline;
      const std::string_view line(text->data() + start, end - start);
      const std::size_t next = newline == std::string::npos ? text->size() : newline + 1;
      if (number > 1 && !adapters::yinyang::is_proof_comment(line)) {
        auto p = adapters::yinyang::parse_proof_line(line);
        if (!p) {
          if (next == text->size()) {  // cut off by a kill: dropped, and proved again
            std::cerr << path.string() << ":" << number << ": incomplete last line dropped\n";
            break;
          }
          return make_error(path.string() + ":" + std::to_string(number) + ": " +
                            p.error().message);
        }
        file->proofs_[yy::StonesKey::of(p->pos)] = *p;
      }
      start = kept = next;
    }
    // The proofs appended next start on a line of their own: the dropped stub is cut off
    // (and a last line without its newline gets one), so the file reads back whole again.
    if (!read_only && kept < text->size()) {
      std::error_code ec;
      std::filesystem::resize_file(path, kept, ec);
      if (ec)
        return make_error(path.string() + ": cannot cut its incomplete last line (" + ec.message() +
                          ")");
    }
    if (!read_only && kept > 0 && (*text)[kept - 1] != '\n') {
      std::ofstream(path, std::ios::app) << "\n";
    }
  }
  if (read_only) {
    if (!exists) return make_error(path.string() + ": no such proof file");
    return file;
  }
  file->out_.open(path, std::ios::app);
  if (!file->out_) return make_error(path.string() + ": cannot write");
  if (!has_header) file->out_ << kProofHeader << "\n" << std::flush;
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
