// The proof file's text form (proof_file.h; the format is documented in docs/tables.md).
#include "tools/ivesdama_prove/proof_file.h"

#include <sstream>

namespace triad::tools::ivesdama {

namespace {
constexpr const char* kMagic = "triad-ivesdama-proof 2";
constexpr const char* kMagicV1 = "triad-ivesdama-proof 1";  // no "draws" line

const char* goal_word(Goal g) {
  return g == Goal::kWin ? "win" : "notlose";
}

Result<int> read_index(const std::string& word, std::size_t limit) {
  if (word.empty() || word.size() > 9 || word.find_first_not_of("0123456789") != std::string::npos)
    return make_error("'" + word + "' is not a node number");
  const int v = std::stoi(word);
  if (static_cast<std::size_t>(v) >= limit)
    return make_error("node " + word + " is beyond the part's " + std::to_string(limit) + " nodes");
  return v;
}
}  // namespace

std::string format_proof(const ProofDocument& doc) {
  std::ostringstream out;
  out << kMagic << "\nvariant " << doc.variant << "\nroot " << doc.root << "\ndraws repetition "
      << doc.repetitions << "\n";
  for (const auto& part : doc.parts) {
    out << "part " << (part.claimant == engine::Player::kOne ? 1 : 2) << " " << goal_word(part.goal)
        << " " << part.nodes.size() << "\n";
    for (std::size_t i = 0; i < part.nodes.size(); ++i) {
      out << i;
      for (const auto& [move, child] : part.nodes[i].moves)
        out << " " << move << " " << (child == kLeaf ? std::string("=") : std::to_string(child));
      out << "\n";
    }
  }
  out << "end\n";
  return out.str();
}

Result<ProofDocument> parse_proof(std::istream& in, const std::string& name) {
  ProofDocument doc;
  std::string text;
  int line = 0;
  const auto fail = [&](const std::string& what) {
    return make_error(name + ":" + std::to_string(line) + ": " + what);
  };
  const auto next = [&](std::string& out) {
    ++line;
    return static_cast<bool>(std::getline(in, out));
  };
  if (!next(text) || (text != kMagic && text != kMagicV1))
    return fail("not a proof file (expected '" + std::string(kMagic) + "')");
  const bool v1 = text == kMagicV1;
  if (!next(text) || text.rfind("variant ", 0) != 0) return fail("expected 'variant NAME'");
  doc.variant = text.substr(8);
  if (!next(text) || text.rfind("root ", 0) != 0) return fail("expected 'root POSITION'");
  doc.root = text.substr(5);
  if (!v1) {
    const std::string tag = "draws repetition ";
    if (!next(text) || text.rfind(tag, 0) != 0)
      return fail("expected 'draws repetition N' (0 = cycles are no draw, or 2 to 1000)");
    const auto n = read_index(text.substr(tag.size()), 1001);
    if (!n || *n == 1)
      return fail("expected 'draws repetition N' (0 = cycles are no draw, or 2 to 1000)");
    doc.repetitions = *n;
  }
  while (true) {
    if (!next(text)) return fail("cut off: no 'end' line");
    if (text == "end") break;
    std::istringstream words(text);
    std::string tag, who, goal, count;
    words >> tag >> who >> goal >> count;
    if (tag != "part" || (who != "1" && who != "2") || (goal != "win" && goal != "notlose"))
      return fail("expected 'part 1|2 win|notlose NODES'");
    const auto n = read_index(count, 100'000'000);
    if (!n || *n == 0) return fail("bad node count '" + count + "'");
    ProofPart part;
    part.claimant = who == "1" ? engine::Player::kOne : engine::Player::kTwo;
    part.goal = goal == "win" ? Goal::kWin : Goal::kNotLose;
    part.nodes.resize(static_cast<std::size_t>(*n));
    for (std::size_t i = 0; i < part.nodes.size(); ++i) {
      if (!next(text)) return fail("cut off inside a part");
      std::istringstream row(text);
      std::string id, move, child;
      row >> id;
      if (id != std::to_string(i)) return fail("expected node " + std::to_string(i));
      part.nodes[i].line = line;
      while (row >> move) {
        if (!(row >> child)) return fail("move '" + move + "' without its node");
        int c = kLeaf;
        if (child != "=") {
          const auto r = read_index(child, part.nodes.size());
          if (!r) return fail(r.error().message);
          c = *r;
        }
        part.nodes[i].moves.emplace_back(move, c);
      }
    }
    doc.parts.push_back(std::move(part));
  }
  if (doc.parts.empty()) return fail("no part");
  return doc;
}

}  // namespace triad::tools::ivesdama
