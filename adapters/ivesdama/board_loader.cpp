// YAML board loader for Íves dáma: reads points, lines, arcs, start and base points, checks
// the YAML shape here and the geometry with games::ivesdama::check_board(), and reports
// every problem with the file and line it comes from.
#include "adapters/ivesdama/board_loader.h"

#include <algorithm>
#include <array>
#include <map>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "adapters/common/file_io.h"
#include "adapters/common/text.h"

namespace triad::adapters::ivesdama {

namespace {

namespace ives = games::ivesdama;

constexpr std::pair<const char*, ives::Direction> kDirections[] = {
    {"north", {0, 1}},     {"south", {0, -1}},     {"east", {1, 0}},       {"west", {-1, 0}},
    {"northeast", {1, 1}}, {"northwest", {-1, 1}}, {"southeast", {1, -1}}, {"southwest", {-1, -1}},
};

// Builds a Board while checking it; reports the first eight problems, each as
// "file:line: reason", on one line.
class Loader {
 public:
  explicit Loader(std::string source) : source_(std::move(source)) {}

  Result<ives::Board> load(std::string_view text);

 private:
  void error(const YAML::Mark& mark, const std::string& reason) {
    if (error_count_++ >= kShownProblems) return;
    if (!problems_.empty()) problems_ += "; ";
    problems_ += source_ + ":" + std::to_string(mark.line + 1) + ": " + reason;
  }
  // A scalar that must be a point name already listed under `points`; -1 if not.
  int point_ref(const YAML::Node& node, const std::string& what);
  std::uint32_t point_set(const YAML::Node& node, const std::string& what);
  void read_points(const YAML::Node& node);
  void read_lines(const YAML::Node& node);
  void read_arcs(const YAML::Node& node);
  void read_players(const YAML::Node& node, const std::string& key);
  void read_first_player(const YAML::Node& node);
  void report_issues(const YAML::Mark& root);

  std::string source_;
  // The first kShownProblems problems found, joined on one line; the others are counted.
  static constexpr std::size_t kShownProblems = 8;
  std::string problems_;
  std::size_t error_count_ = 0;
  ives::Board board_;
  std::map<std::string, int> index_;
  std::vector<YAML::Mark> point_marks_, link_marks_, arc_marks_;
  std::array<YAML::Mark, 2> start_marks_{}, base_marks_{};
};

int Loader::point_ref(const YAML::Node& node, const std::string& what) {
  if (!node.IsScalar()) {
    error(node.Mark(), what + " must be a point name such as c5");
    return -1;
  }
  const auto it = index_.find(node.Scalar());
  if (it == index_.end()) {
    error(node.Mark(),
          what + ": unknown point " + quote(node.Scalar()) + " (not listed under points)");
    return -1;
  }
  return it->second;
}

std::uint32_t Loader::point_set(const YAML::Node& node, const std::string& what) {
  std::uint32_t set = 0;
  if (node.IsScalar()) {
    const int p = point_ref(node, what);
    return p < 0 || p >= ives::kMaxPoints ? 0 : 1u << p;
  }
  if (!node.IsSequence()) {
    error(node.Mark(), what + " must be a point name or a list of point names");
    return 0;
  }
  for (const auto& item : node) {
    const int p = point_ref(item, what);
    if (p < 0 || p >= ives::kMaxPoints) continue;  // too many points: reported by read_points
    if (set & (1u << p)) error(item.Mark(), what + ": point " + item.Scalar() + " is listed twice");
    set |= 1u << p;
  }
  return set;
}

void Loader::read_points(const YAML::Node& node) {
  if (!node.IsSequence() || node.size() == 0) {
    error(node.Mark(), "points must be a non-empty list of point names (e.g. [c1, b2, ...])");
    return;
  }
  for (const auto& item : node) {
    YAML::Node name = item.IsMap() ? item["name"] : item;
    if (!name || !name.IsScalar()) {
      error(item.Mark(), "a point must be a name (c5) or a map {name: c5, x: <num>, y: <num>}");
      continue;
    }
    ives::BoardPoint p;
    p.name = name.Scalar();
    if (!parse_cell(p.name, p.file, p.rank)) {
      error(item.Mark(), "point " + quote(p.name) +
                             " is not a grid cell name (one letter a-z for the file, then the "
                             "rank 1-99, e.g. c5)");
      continue;
    }
    p.x = p.file;
    p.y = p.rank - 1;
    if (item.IsMap()) {
      for (const auto& kv : item) {
        const std::string key = kv.first.Scalar();
        if (key == "name") continue;
        if (key != "x" && key != "y") {
          error(kv.first.Mark(),
                "unknown key " + quote(key) + " in point " + p.name + " (allowed: name, x, y)");
          continue;
        }
        try {
          (key == "x" ? p.x : p.y) = kv.second.as<double>();
        } catch (const YAML::Exception&) {
          error(kv.second.Mark(), "point " + p.name + ": " + key + " must be a number");
        }
      }
    }
    if (board_.points.size() == static_cast<std::size_t>(ives::kMaxPoints))
      error(item.Mark(), "too many points: the engine supports at most " +
                             std::to_string(ives::kMaxPoints) + " points per board");
    if (!index_.contains(p.name)) index_[p.name] = static_cast<int>(board_.points.size());
    point_marks_.push_back(item.Mark());
    board_.points.push_back(std::move(p));
  }
}

void Loader::read_lines(const YAML::Node& node) {
  if (!node.IsSequence()) {
    error(node.Mark(), "lines must be a list of lines, each a list of point names");
    return;
  }
  for (const auto& line : node) {
    if (!line.IsSequence() || line.size() < 2) {
      error(line.Mark(), "a line must list at least two point names, e.g. [a3, b3, c3]");
      continue;
    }
    int prev = -1;
    bool have_dir = false;  // direction of the previous link of this line
    ives::Direction dir;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const int p = point_ref(line[i], "line");
      if (p >= 0 && prev >= 0) {
        const auto& a = board_.points[static_cast<std::size_t>(prev)];
        const auto& b = board_.points[static_cast<std::size_t>(p)];
        const ives::Direction d = ives::direction_between(a, b);
        if (have_dir && d != dir) {
          error(line[i].Mark(), "line is not straight: it turns at " + a.name + " (towards " +
                                    b.name + "); split it into straight lines");
        } else {
          board_.links.push_back({prev, p});
          link_marks_.push_back(line[i].Mark());
        }
        dir = d;
        have_dir = true;
      } else {
        have_dir = false;  // an unknown point breaks the line
      }
      prev = p;
    }
  }
}

void Loader::read_arcs(const YAML::Node& node) {
  if (!node.IsSequence()) {
    error(node.Mark(), "arcs must be a list of {from, leave_from, to, leave_to, side} maps");
    return;
  }
  for (const auto& arc : node) {
    if (!arc.IsMap()) {
      error(arc.Mark(),
            "an arc must be a map {from: b2, leave_from: west, to: b8, leave_to: west}");
      continue;
    }
    ives::BoardArc a;
    bool ok = true;
    for (const auto& kv : arc) {
      const std::string key = kv.first.Scalar();
      if (key == "from" || key == "to") {
        const int p = point_ref(kv.second, "arc " + key);
        ok = ok && p >= 0;
        (key == "from" ? a.a : a.b) = p;
      } else if (key == "leave_from" || key == "leave_to") {
        const std::string value = kv.second.IsScalar() ? kv.second.Scalar() : "";
        bool found = false;
        for (const auto& [name, dir] : kDirections) {
          if (value != name) continue;
          (key == "leave_from" ? a.leave_a : a.leave_b) = dir;
          found = true;
        }
        if (!found) {
          error(kv.second.Mark(), "arc " + key +
                                      " must be one of north, south, east, west, "
                                      "northeast, northwest, southeast, southwest");
          ok = false;
        }
      } else if (key == "side") {
        a.side = kv.second.IsScalar() ? kv.second.Scalar() : "";
        if (a.side != "left" && a.side != "right" && a.side != "top" && a.side != "bottom") {
          error(kv.second.Mark(), "arc side must be left, right, top or bottom");
          ok = false;
        }
      } else {
        error(kv.first.Mark(),
              "unknown arc key " + quote(key) + " (allowed: from, leave_from, to, leave_to, side)");
        ok = false;
      }
    }
    for (const char* key : {"from", "to", "leave_from", "leave_to"}) {
      if (!arc[key]) {
        error(arc.Mark(), std::string("arc is missing '") + key + "'");
        ok = false;
      }
    }
    if (!ok) continue;
    if (a.side.empty())
      a.side = a.leave_a.dx < 0   ? "left"
               : a.leave_a.dx > 0 ? "right"
               : a.leave_a.dy > 0 ? "top"
                                  : "bottom";
    board_.arcs.push_back(a);
    arc_marks_.push_back(arc.Mark());
  }
}

// `start` or `base`: a map from player (1, 2) to point names.
void Loader::read_players(const YAML::Node& node, const std::string& key) {
  auto& sets = key == "start" ? board_.start : board_.base;
  auto& marks = key == "start" ? start_marks_ : base_marks_;
  marks = {node.Mark(), node.Mark()};
  if (!node.IsMap()) {
    error(node.Mark(), key + " must be a map {1: [...], 2: [...]} of point names per player");
    return;
  }
  for (const auto& kv : node) {
    const std::string player = kv.first.Scalar();
    if (player != "1" && player != "2") {
      error(kv.first.Mark(), key + ": unknown player " + quote(player) + " (allowed: 1, 2)");
      continue;
    }
    const std::size_t p = player == "1" ? 0 : 1;
    marks[p] = kv.second.Mark();
    sets[p] = point_set(kv.second, key + " of Player " + player);
  }
}

void Loader::read_first_player(const YAML::Node& node) {
  const std::string v = node.IsScalar() ? node.Scalar() : "";
  if (v == "1" || v == "2") {
    board_.first = v == "1" ? engine::Player::kOne : engine::Player::kTwo;
  } else {
    error(node.Mark(), "first_player must be 1 or 2");
  }
}

// Maps check_board()'s findings to the lines they come from.
void Loader::report_issues(const YAML::Mark& root) {
  for (const auto& issue : ives::check_board(board_)) {
    const auto i = static_cast<std::size_t>(issue.item);
    YAML::Mark mark = root;
    switch (issue.part) {
      case ives::BoardPart::kPoint:
        mark = point_marks_[i];
        break;
      case ives::BoardPart::kLink:
        mark = link_marks_[i];
        break;
      case ives::BoardPart::kArc:
        mark = arc_marks_[i];
        break;
      case ives::BoardPart::kStart:
        mark = start_marks_[i];
        break;
      case ives::BoardPart::kBase:
        mark = base_marks_[i];
        break;
      case ives::BoardPart::kBoard:
        break;
    }
    error(mark, issue.reason);
  }
}

Result<ives::Board> Loader::load(std::string_view text) {
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::ParserException& e) {
    error(e.mark, "YAML syntax error: " + e.msg);
    return make_error(problems_);
  }
  try {
    if (!root.IsMap()) return make_error(source_ + ":1: a board file must be a YAML map");
    static const char* const kKeys[] = {"name",  "description", "first_player", "points",
                                        "lines", "arcs",        "start",        "base"};
    for (const auto& kv : root) {
      const std::string key = kv.first.Scalar();
      if (std::find(std::begin(kKeys), std::end(kKeys), key) == std::end(kKeys))
        error(kv.first.Mark(), "unknown key " + quote(key) +
                                   " (allowed: name, description, first_player, points, "
                                   "lines, arcs, start, base)");
    }
    for (const char* key : {"points", "start", "base"}) {
      if (!root[key]) error(root.Mark(), std::string("missing required key '") + key + "'");
    }
    if (root["name"] && root["name"].IsScalar()) board_.name = root["name"].Scalar();
    if (root["points"]) read_points(root["points"]);
    if (root["lines"]) read_lines(root["lines"]);
    if (root["arcs"]) read_arcs(root["arcs"]);
    if (root["start"]) read_players(root["start"], "start");
    if (root["base"]) read_players(root["base"], "base");
    if (root["first_player"]) read_first_player(root["first_player"]);
    // Geometry checks need a structurally complete board.
    if (error_count_ == 0) report_issues(root.Mark());
  } catch (const YAML::Exception& e) {
    error(e.mark, "unexpected YAML structure: " + e.msg);
  }
  // One error, one line: the first problems, and how many more there are.
  if (error_count_ > 0) {
    const std::size_t more = error_count_ - std::min(error_count_, kShownProblems);
    return make_error(problems_ + (more ? " (and " + std::to_string(more) + " more problem" +
                                              (more == 1 ? "" : "s") + ")"
                                        : ""));
  }
  return board_;
}

}  // namespace

bool parse_cell(std::string_view name, int& file, int& rank) {
  if (name.size() < 2 || name.size() > 3 || name[0] < 'a' || name[0] > 'z') return false;
  if (name[1] < '1' || name[1] > '9') return false;
  int r = 0;
  for (char c : name.substr(1)) {
    if (c < '0' || c > '9') return false;
    r = r * 10 + (c - '0');
  }
  file = name[0] - 'a';
  rank = r;
  return true;
}

Result<ives::Board> load_board_text(std::string_view yaml, const std::string& source_name) {
  return Loader(source_name).load(yaml);
}

Result<ives::Board> load_board_file(const std::filesystem::path& file) {
  auto text = read_text_file(file, "board file");
  if (!text) return make_error("board: " + text.error().message);
  return load_board_text(*text, sanitize(file.string(), kMaxShownPathBytes));
}

Result<ives::Board> default_board() {
  return load_board_text(default_board_yaml(), "double-diamond.yaml (built in)");
}

Result<ives::Game> make_default_game(const ives::Rules& rules) {
  auto board = default_board();
  if (!board) return board.error();
  return ives::Game::create(rules, std::move(*board));
}

}  // namespace triad::adapters::ivesdama
