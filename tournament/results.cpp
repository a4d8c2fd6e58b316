// Merging finished games into bounded counts, and their resume-state form.
#include "tournament/results.h"

#include <algorithm>

#include <yaml-cpp/yaml.h>

#include "adapters/common/json_writer.h"

namespace triad::tournament {

namespace {

using adapters::JsonWriter;

using engine::GameResult;

// 2 = win, 1 = draw, 0 = loss for `engine` in a finished game.
int half_points(const FinishedGame& g, int engine) {
  if (g.result == GameResult::kDraw) return 1;
  const bool p1_won = g.result == GameResult::kP1Win;
  return (g.engine[0] == engine) == p1_won ? 2 : 0;
}

void add_points(Tally& t, int points) {
  if (points == 2) ++t.wins;
  if (points == 1) ++t.draws;
  if (points == 0) ++t.losses;
}

void write_tally(JsonWriter& j, const Tally& t) {
  j.begin_object().key("wins").value(t.wins).key("losses").value(t.losses);
  j.key("draws").value(t.draws).key("pentanomial").begin_array();
  for (auto c : t.pentanomial) j.value(c);
  j.end_array().end_object();
}

std::int64_t count(const YAML::Node& n, const char* key) {
  const auto v = n[key].as<std::int64_t>();
  if (v < 0) throw YAML::Exception(n.Mark(), std::string(key) + " is negative");
  return v;
}

Tally read_tally(const YAML::Node& n) {
  Tally t;
  t.wins = count(n, "wins");
  t.losses = count(n, "losses");
  t.draws = count(n, "draws");
  const YAML::Node p = n["pentanomial"];
  if (!p.IsSequence() || p.size() != 5)
    throw YAML::Exception(n.Mark(), "pentanomial needs 5 counts");
  for (std::size_t i = 0; i < 5; ++i) {
    t.pentanomial[i] = p[i].as<std::int64_t>();
    if (t.pentanomial[i] < 0) throw YAML::Exception(n.Mark(), "pentanomial count is negative");
  }
  return t;
}

}  // namespace

Results::Results(int engines) : engines_(engines) {
  for (int a = 0; a < engines; ++a)
    for (int b = a + 1; b < engines; ++b) encounters_.push_back({a, b, {}, {}, false});
}

EncounterResults& Results::encounter(int x, int y) {
  const int a = std::min(x, y), b = std::max(x, y);
  // Rows of the upper triangle: row a holds engines_ - 1 - a entries.
  const int row = a * (2 * engines_ - a - 1) / 2;
  return encounters_[static_cast<std::size_t>(row + (b - a - 1))];
}

bool Results::done(std::int64_t number) const {
  return number <= done_through_ || done_beyond_.count(number) > 0;
}

void Results::mark_done(std::int64_t number) {
  done_beyond_.insert(number);
  while (!done_beyond_.empty() && *done_beyond_.begin() == done_through_ + 1) {
    ++done_through_;
    done_beyond_.erase(done_beyond_.begin());
  }
}

bool Results::add(const FinishedGame& g) {
  if (done(g.number)) return false;
  mark_done(g.number);
  ++played_;
  ++terminations_[g.termination];
  EncounterResults& e = encounter(g.engine[0], g.engine[1]);
  const int points = half_points(g, e.a);
  add_points(e.all, points);
  if (g.pair < 0) return true;
  e.pairs_scheduled = true;
  auto open = open_pairs_.find(g.pair);
  if (open == open_pairs_.end()) {
    open_pairs_[g.pair] = {e.a, e.b, points};
    return true;
  }
  const int first = open->second.points;
  open_pairs_.erase(open);
  ++e.all.pentanomial[static_cast<std::size_t>(first + points)];
  ++e.paired.pentanomial[static_cast<std::size_t>(first + points)];
  add_points(e.paired, first);
  add_points(e.paired, points);
  return true;
}

std::vector<EncounterResults> Results::encounters() const {
  std::vector<EncounterResults> out;
  for (const auto& e : encounters_)
    if (e.all.games() > 0) out.push_back(e);
  return out;
}

Tally Results::engine_tally(int engine) const {
  Tally t;
  for (const auto& e : encounters_) {
    if (e.a != engine && e.b != engine) continue;
    const bool first = e.a == engine;
    t.wins += first ? e.all.wins : e.all.losses;
    t.losses += first ? e.all.losses : e.all.wins;
    t.draws += e.all.draws;
  }
  return t;
}

void Results::write(JsonWriter& j) const {
  j.begin_object().key("played").value(played_).key("done_through").value(done_through_);
  j.key("done_beyond").begin_array();
  for (auto n : done_beyond_) j.value(n);
  j.end_array().key("open_pairs").begin_array();
  for (const auto& [id, open] : open_pairs_) {
    j.begin_object().key("pair").value(id).key("a").value(open.a).key("b").value(open.b);
    j.key("points").value(open.points).end_object();
  }
  j.end_array().key("encounters").begin_array();
  for (const auto& e : encounters()) {
    j.begin_object().key("a").value(e.a).key("b").value(e.b);
    j.key("pairs_scheduled").value(e.pairs_scheduled).key("all");
    write_tally(j, e.all);
    j.key("paired");
    write_tally(j, e.paired);
    j.end_object();
  }
  j.end_array().key("terminations").begin_object();
  for (const auto& [name, n] : terminations_) j.key(name).value(n);
  j.end_object().end_object();
}

Result<Results> Results::read(const YAML::Node& node, int engines, std::int64_t schedule_size) {
  Results r(engines);
  try {
    r.played_ = count(node, "played");
    r.done_through_ = count(node, "done_through");
    for (const auto& n : node["done_beyond"]) r.done_beyond_.insert(n.as<std::int64_t>());
    for (const auto& p : node["open_pairs"]) {
      OpenPair open{p["a"].as<int>(), p["b"].as<int>(), p["points"].as<int>()};
      if (open.a < 0 || open.a >= open.b || open.b >= engines || open.points < 0 || open.points > 2)
        return make_error("an open game pair names unknown engines or points");
      r.open_pairs_[count(p, "pair")] = open;
    }
    std::int64_t games = 0;
    for (const auto& e : node["encounters"]) {
      const int a = e["a"].as<int>(), b = e["b"].as<int>();
      if (a < 0 || a >= b || b >= engines) return make_error("an encounter names unknown engines");
      EncounterResults& into = r.encounter(a, b);
      into.all = read_tally(e["all"]);
      into.paired = read_tally(e["paired"]);
      into.pairs_scheduled = e["pairs_scheduled"].as<bool>();
      games += into.all.games();
    }
    for (const auto& t : node["terminations"])
      r.terminations_[t.first.as<std::string>()] = t.second.as<std::int64_t>();
    const std::int64_t last = r.done_beyond_.empty() ? r.done_through_ : *r.done_beyond_.rbegin();
    if (last > schedule_size ||
        (!r.done_beyond_.empty() && *r.done_beyond_.begin() <= r.done_through_ + 1))
      return make_error("the finished game numbers do not fit the schedule");
    if (r.played_ != r.done_through_ + static_cast<std::int64_t>(r.done_beyond_.size()) ||
        games != r.played_)
      return make_error("the game counts do not add up");
  } catch (const YAML::Exception& e) {
    return make_error(e.what());
  }
  return r;
}

}  // namespace triad::tournament
