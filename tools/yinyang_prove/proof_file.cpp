// The proof file (see proof_file.h).
#include "tools/yinyang_prove/proof_file.h"

#include <cstdio>
#include <iostream>
#include <sstream>
#include <vector>

#include "adapters/yinyang/notation.h"

namespace triad::tools {

namespace yy = games::yinyang;
using N = adapters::Notation<yy::Game>;

namespace {
constexpr const char* kHeader = "# triad yinyang proof v1";
}

std::string ProofFile::format(const yy::ProvedPosition& p) {
  const yy::Game g;
  char tail[64];
  std::snprintf(tail, sizeof tail, " %llu %.3f", static_cast<unsigned long long>(p.nodes),
                p.seconds);
  return N::format_position(g, p.pos) + (p.side_to_move_wins ? " win " : " loss ") +
         (p.best ? N::format_move(g, p.pos, *p.best) : std::string("-")) + tail;
}

Result<yy::ProvedPosition> ProofFile::parse(const std::string& line) {
  std::istringstream in(line);
  std::string board, side, ply, value, move;
  unsigned long long nodes = 0;
  double seconds = 0;
  if (!(in >> board >> side >> ply >> value >> move >> nodes >> seconds))
    return make_error("expected <board> <side> <ply> win|loss <move>|- <nodes> <seconds>");
  const yy::Game g;
  auto pos = N::parse_position(g, board + " " + side + " " + ply);
  if (!pos) return make_error("position: " + pos.error().message);
  if (value != "win" && value != "loss") return make_error("value: expected win or loss");
  yy::ProvedPosition p{*pos, value == "win", std::nullopt, nodes, seconds};
  if (move != "-") {
    auto m = N::parse_move(g, *pos, {}, move);
    if (!m) return make_error("move: " + m.error().message);
    p.best = *m;
  }
  return p;
}

Result<std::unique_ptr<ProofFile>> ProofFile::open(const std::filesystem::path& path) {
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
    if (!lines.empty() && lines.front() != kHeader)
      return make_error(path.string() + ":1: not a Triad Yin Yang proof file (expected '" +
                        std::string(kHeader) + "')");
    has_header = !lines.empty();
    in.clear();
    in.seekg(-1, std::ios::end);
    ends_mid_line = in && in.get() != '\n';
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].empty() || lines[i][0] == '#') continue;
      auto p = parse(lines[i]);
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
  file->out_.open(path, std::ios::app);
  if (!file->out_) return make_error(path.string() + ": cannot write");
  if (!has_header) file->out_ << kHeader << "\n" << std::flush;
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
  out_ << format(proved) << "\n" << std::flush;
}

}  // namespace triad::tools
