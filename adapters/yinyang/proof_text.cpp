// Proof lines (see proof_text.h).
#include "adapters/yinyang/proof_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>

#include "adapters/yinyang/notation.h"

namespace triad::adapters::yinyang {

namespace yy = games::yinyang;
using N = Notation<yy::Game>;

std::string format_proof_line(const yy::ProvedPosition& p) {
  const yy::Game g;
  char tail[64];
  std::snprintf(tail, sizeof tail, " %llu %.3f", static_cast<unsigned long long>(p.nodes),
                p.seconds);
  return N::format_position(g, p.pos) + (p.side_to_move_wins ? " win " : " loss ") +
         (p.best ? N::format_move(g, p.pos, *p.best) : std::string("-")) + tail;
}

Result<yy::ProvedPosition> parse_proof_line(std::string_view line) {
  // Seven fields separated by spaces (split by hand: a proof book has tens of thousands).
  std::array<std::string_view, 7> field;
  std::size_t count = 0;
  for (std::size_t at = 0; at < line.size();) {
    if (line[at] == ' ') {
      ++at;
      continue;
    }
    const std::size_t end = std::min(line.find(' ', at), line.size());
    if (count == field.size()) {
      count = field.size() + 1;
      break;
    }
    field[count++] = line.substr(at, end - at);
    at = end;
  }
  const auto [board, side, ply, value, move, nodes_text, seconds_text] = field;
  std::uint64_t nodes = 0;
  double seconds = 0;
  if (count != field.size() ||
      std::from_chars(nodes_text.data(), nodes_text.data() + nodes_text.size(), nodes).ec !=
          std::errc{} ||
      std::from_chars(seconds_text.data(), seconds_text.data() + seconds_text.size(), seconds).ec !=
          std::errc{})
    return make_error("expected <board> <side> <ply> win|loss <move>|- <nodes> <seconds>");
  const yy::Game g;
  auto pos = N::parse_position(g, line.substr(0, ply.data() + ply.size() - line.data()));
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

Result<std::vector<yy::ProvedPosition>> parse_proof_text(std::string_view text) {
  std::vector<yy::ProvedPosition> proofs;
  std::size_t line_no = 0;
  while (!text.empty()) {
    const auto end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line_no;
    if (line_no == 1 && line != kProofHeader)
      return make_error("line 1: not a Triad Yin Yang proof (expected '" +
                        std::string(kProofHeader) + "')");
    if (is_proof_comment(line)) continue;
    auto p = parse_proof_line(line);
    if (!p) return make_error("line " + std::to_string(line_no) + ": " + p.error().message);
    proofs.push_back(*p);
  }
  return proofs;
}

}  // namespace triad::adapters::yinyang
