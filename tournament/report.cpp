// Statistics and reports of a run.
#include "tournament/report.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <sstream>

#include "adapters/common/json_writer.h"

namespace triad::tournament {

namespace {

using adapters::JsonWriter;

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

// The maximum-likelihood ratings as a table, best first; engines without a finite rating
// last.
std::string ratings_text(const TournamentConfig& config, const Results& results) {
  const auto ratings = field_ratings(config, results);
  std::vector<int> order;
  for (int e = 0; e < static_cast<int>(ratings.size()); ++e)
    if (results.engine_tally(e).games() > 0) order.push_back(e);
  const auto value = [&](int e) {
    const auto& r = ratings[static_cast<std::size_t>(e)].rating;
    return r ? *r : -std::numeric_limits<double>::infinity();
  };
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return value(a) > value(b); });
  std::ostringstream out;
  out << "Ratings (maximum likelihood over all games, logistic Elo, "
      << config.engines[static_cast<std::size_t>(rating_anchor(config))].name
      << " = 0, 95% interval):\n";
  char line[160];
  std::snprintf(line, sizeof line, "%4s %-24s %7s %7s\n", "Rank", "Name", "Rating", "+/-");
  out << line;
  int rank = 0;
  for (const int e : order) {
    const auto& r = ratings[static_cast<std::size_t>(e)];
    const std::string name = config.engines[static_cast<std::size_t>(e)].name;
    if (r.rating)
      std::snprintf(line, sizeof line, "%4d %-24s %7s %7s\n", ++rank, name.c_str(),
                    fixed(*r.rating, 0).c_str(), fixed(r.error_95, 0).c_str());
    else
      std::snprintf(line, sizeof line,
                    "%4s %-24s unbounded (a perfect or zero score against the rest)\n", "-",
                    name.c_str());
    out << line;
  }
  return out.str();
}

}  // namespace

std::vector<PairStats> compute_stats(const TournamentConfig& config, const Results& results) {
  std::vector<PairStats> out;
  for (const auto& e : results.encounters()) {
    PairStats s;
    s.a = e.a;
    s.b = e.b;
    s.tally = e.all;
    s.elo = estimate_elo(e.all);
    if (config.sprt && e.a == 0 && e.b == 1)
      s.sprt = sprt(e.pairs_scheduled ? e.paired : e.all, *config.sprt);
    out.push_back(s);
  }
  return out;
}

std::vector<EngineStanding> compute_standings(const TournamentConfig& config,
                                              const Results& results) {
  std::vector<EngineStanding> out;
  for (int e = 0; e < static_cast<int>(config.engines.size()); ++e) {
    EngineStanding s;
    s.engine = e;
    s.tally = results.engine_tally(e);
    if (s.tally.games() == 0) continue;
    s.elo = estimate_elo(s.tally);
    out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.elo.score > b.elo.score; });
  return out;
}

int rating_anchor(const TournamentConfig& config) {
  const auto& engines = config.engines;
  const auto named = [&](const std::function<bool(const EngineConfig&)>& f) {
    const auto it = std::find_if(engines.begin(), engines.end(), f);
    return it == engines.end() ? -1 : static_cast<int>(it - engines.begin());
  };
  if (!config.anchor.empty())
    return named([&](const EngineConfig& e) { return e.name == config.anchor; });
  const int random = named([](const EngineConfig& e) { return e.command == "builtin:random"; });
  return random >= 0 ? random : 0;
}

std::vector<FittedRating> field_ratings(const TournamentConfig& config, const Results& results) {
  std::vector<PairScore> pairs;
  for (const auto& e : results.encounters()) {
    const Tally& t = e.all;
    pairs.push_back({e.a, e.b, static_cast<double>(t.wins) + static_cast<double>(t.draws) / 2,
                     static_cast<double>(t.games())});
  }
  return fit_ratings(static_cast<int>(config.engines.size()), pairs, rating_anchor(config));
}

std::string score_line(const TournamentConfig& config, const PairStats& s) {
  const Tally& t = s.tally;
  return "Score of " + config.engines[s.a].name + " vs " + config.engines[s.b].name + ": " +
         std::to_string(t.wins) + " - " + std::to_string(t.losses) + " - " +
         std::to_string(t.draws) + "  [" + fixed(s.elo.score, 3) + "] " +
         std::to_string(t.games()) + "\n";
}

std::string standings_text(const TournamentConfig& config, const Results& results) {
  std::ostringstream out;
  if (config.engines.size() > 2) {
    char line[160];
    std::snprintf(line, sizeof line, "%4s %-24s %7s %7s %6s %7s %6s\n", "Rank", "Name", "Elo",
                  "+/-", "Games", "Score", "Draw");
    out << line;
    int rank = 0;
    for (const auto& s : compute_standings(config, results)) {
      std::snprintf(line, sizeof line, "%4d %-24s %7s %7s %6lld %6s%% %5s%%\n", ++rank,
                    config.engines[s.engine].name.c_str(), fixed(s.elo.elo, 0).c_str(),
                    fixed(s.elo.error_95, 0).c_str(), static_cast<long long>(s.tally.games()),
                    fixed(100 * s.elo.score, 1).c_str(), fixed(100 * s.elo.draw_ratio, 1).c_str());
      out << line;
    }
    out << ratings_text(config, results);
  }
  for (const auto& s : compute_stats(config, results)) {
    const Tally& t = s.tally;
    out << score_line(config, s);
    out << "Elo difference: " << fixed(s.elo.elo, 1) << " +/- " << fixed(s.elo.error_95, 1)
        << ", LOS: " << fixed(100 * s.elo.los, 1)
        << " %, DrawRatio: " << fixed(100 * s.elo.draw_ratio, 1) << " %\n";
    out << "nElo: " << fixed(s.elo.nelo, 1) << " +/- " << fixed(s.elo.nelo_error_95, 1) << "\n";
    if (t.pairs() > 0) {
      out << "Pentanomial [0, 0.5, 1, 1.5, 2]: [";
      for (int i = 0; i < 5; ++i)
        out << (i ? ", " : "") << t.pentanomial[static_cast<std::size_t>(i)];
      out << "]\n";
    }
    if (s.sprt) {
      out << "SPRT (" << (config.sprt->model == SprtModel::kLogistic ? "logistic" : "normalized")
          << " elo0=" << config.sprt->elo0 << " elo1=" << config.sprt->elo1 << "): LLR "
          << fixed(s.sprt->llr, 2) << " (" << fixed(s.sprt->lower, 2) << ", "
          << fixed(s.sprt->upper, 2) << ") " << sprt_status_name(s.sprt->status) << "\n";
    }
  }
  return out.str();
}

std::string summary_json(const TournamentConfig& config, const Results& results,
                         const RunSummary& run) {
  JsonWriter j;
  j.begin_object();
  j.key("event").value(config.event).key("variant").value(config.variant);
  j.key("games_scheduled").value(run.games_scheduled);
  j.key("games_played").value(results.played());
  j.key("stopped_early");
  if (run.stop_reason.empty()) {
    j.null();
  } else {
    j.value(run.stop_reason);
  }
  j.key("engines").begin_array();
  for (const auto& e : config.engines) j.value(e.name);
  j.end_array();
  j.key("terminations").begin_object();
  for (const auto& [name, count] : results.terminations()) j.key(name).value(count);
  j.end_object();
  j.key("standings").begin_array();
  for (const auto& s : compute_standings(config, results)) {
    j.begin_object().key("engine").value(config.engines[s.engine].name);
    j.key("games").value(s.tally.games()).key("wins").value(s.tally.wins);
    j.key("losses").value(s.tally.losses).key("draws").value(s.tally.draws);
    j.key("score").value(s.elo.score).key("elo").value(s.elo.elo);
    j.key("elo_error_95").value(s.elo.error_95).end_object();
  }
  j.end_array();
  if (config.engines.size() > 2) {
    const auto ratings = field_ratings(config, results);
    j.key("ratings").begin_object();
    j.key("anchor").value(config.engines[static_cast<std::size_t>(rating_anchor(config))].name);
    j.key("engines").begin_array();
    for (std::size_t e = 0; e < ratings.size(); ++e) {
      j.begin_object().key("engine").value(config.engines[e].name).key("rating");
      if (ratings[e].rating) {
        j.value(*ratings[e].rating).key("error_95").value(ratings[e].error_95);
      } else {
        j.null().key("error_95").null();
      }
      j.end_object();
    }
    j.end_array().end_object();
  }
  j.key("pairs").begin_array();
  for (const auto& s : compute_stats(config, results)) {
    j.begin_object();
    j.key("engine").value(config.engines[s.a].name);
    j.key("opponent").value(config.engines[s.b].name);
    j.key("games").value(s.tally.games()).key("wins").value(s.tally.wins);
    j.key("losses").value(s.tally.losses).key("draws").value(s.tally.draws);
    j.key("score").value(s.elo.score).key("elo").value(s.elo.elo);
    j.key("elo_error_95").value(s.elo.error_95).key("los").value(s.elo.los);
    j.key("draw_ratio").value(s.elo.draw_ratio).key("nelo").value(s.elo.nelo);
    j.key("nelo_error_95").value(s.elo.nelo_error_95);
    j.key("pentanomial").begin_array();
    for (auto c : s.tally.pentanomial) j.value(c);
    j.end_array();
    if (s.sprt) {
      j.key("sprt").begin_object();
      j.key("llr").value(s.sprt->llr).key("lower").value(s.sprt->lower);
      j.key("upper").value(s.sprt->upper);
      j.key("status").value(sprt_status_name(s.sprt->status));
      j.key("pentanomial").value(s.sprt->pentanomial).end_object();
    }
    j.end_object();
  }
  j.end_array();
  j.end_object();
  return j.text();
}

}  // namespace triad::tournament
