// The tournament runner: workers, bookkeeping, outputs and the resume state.
#include "tournament/tournament.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <ostream>
#include <sstream>
#include <thread>

#include <yaml-cpp/yaml.h>

#include "adapters/common/json_writer.h"
#include "protocol/client/engine_process.h"
#include "tournament/output_files.h"
#include "tournament/record.h"

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

void add_game(Tally& t, int points) {
  if (points == 2) ++t.wins;
  if (points == 1) ++t.draws;
  if (points == 0) ++t.losses;
}

GameResult parse_result(const std::string& text) {
  if (text == "1-0") return GameResult::kP1Win;
  if (text == "0-1") return GameResult::kP2Win;
  if (text == "1/2-1/2") return GameResult::kDraw;
  return GameResult::kNone;
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace

std::vector<PairStats> compute_stats(const TournamentConfig& config,
                                     const std::vector<FinishedGame>& games) {
  std::vector<PairStats> out;
  const int n = static_cast<int>(config.engines.size());
  for (int a = 0; a < n; ++a) {
    for (int b = a + 1; b < n; ++b) {
      PairStats s;
      s.a = a;
      s.b = b;
      Tally paired;  // complete pairs only
      std::map<int, std::vector<int>> pairs;
      bool any = false;
      for (const auto& g : games) {
        const bool meets =
            (g.engine[0] == a && g.engine[1] == b) || (g.engine[0] == b && g.engine[1] == a);
        if (!meets) continue;
        any = true;
        add_game(s.tally, half_points(g, a));
        if (g.pair >= 0) pairs[g.pair].push_back(half_points(g, a));
      }
      if (!any) continue;
      for (const auto& [id, points] : pairs) {
        if (points.size() != 2) continue;
        ++s.tally.pentanomial[points[0] + points[1]];
        ++paired.pentanomial[points[0] + points[1]];
        for (int p : points) add_game(paired, p);
      }
      s.elo = estimate_elo(s.tally);
      if (config.sprt && a == 0 && b == 1)
        s.sprt = sprt(pairs.empty() ? s.tally : paired, *config.sprt);
      out.push_back(s);
    }
  }
  return out;
}

std::vector<EngineStanding> compute_standings(const TournamentConfig& config,
                                              const std::vector<FinishedGame>& games) {
  std::vector<EngineStanding> out;
  for (int e = 0; e < static_cast<int>(config.engines.size()); ++e) {
    EngineStanding s;
    s.engine = e;
    for (const auto& g : games)
      if (g.engine[0] == e || g.engine[1] == e) add_game(s.tally, half_points(g, e));
    if (s.tally.games() == 0) continue;
    s.elo = estimate_elo(s.tally);
    out.push_back(s);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const auto& a, const auto& b) { return a.elo.score > b.elo.score; });
  return out;
}

Tournament::Tournament(TournamentConfig config, GameFactory factory, std::ostream& progress)
    : config_(std::move(config)), factory_(std::move(factory)), progress_(progress) {}

std::string Tournament::fingerprint() const {
  std::string f = config_.variant + "|" + std::to_string(schedule_.size()) + "|" +
                  std::to_string(config_.seed) + "|" + std::to_string(config_.games) + "|" +
                  std::to_string(config_.rounds) + "|" + std::to_string(config_.repeat);
  for (const auto& e : config_.engines) f += "|" + e.name;
  if (config_.openings) f += "|" + config_.openings->file.string();
  return f;
}

Result<void> Tournament::load_state() {
  std::error_code ec;
  if (config_.state_file.empty() || !std::filesystem::exists(config_.state_file, ec)) return {};
  const std::string where = "resume state '" + config_.state_file.string() + "'";
  try {
    YAML::Node root = YAML::LoadFile(config_.state_file.string());
    if (root["fingerprint"].as<std::string>() != fingerprint())
      return make_error(where +
                        " belongs to another tournament (engines, variant, schedule or "
                        "seed differ); delete it or use another file");
    for (const auto& g : root["games"]) {
      FinishedGame f;
      f.number = g["number"].as<int>();
      f.engine[0] = g["p1"].as<int>();
      f.engine[1] = g["p2"].as<int>();
      f.result = parse_result(g["result"].as<std::string>());
      f.termination = g["termination"].as<std::string>();
      f.pair = g["pair"].as<int>();
      if (f.number < 1 || f.number > static_cast<int>(schedule_.size()) ||
          f.result == GameResult::kNone)
        return make_error(where + ": game entry " + std::to_string(f.number) + " is invalid");
      done_[f.number - 1] = true;
      finished_.push_back(f);
    }
  } catch (const YAML::Exception& e) {
    return make_error(where + " cannot be read: " + e.what());
  }
  progress_ << "Resuming: " << finished_.size() << " of " << schedule_.size()
            << " games already played\n";
  return {};
}

void Tournament::save_state() const {
  if (config_.state_file.empty()) return;
  JsonWriter j;
  j.begin_object().key("fingerprint").value(fingerprint()).key("games").begin_array();
  for (const auto& g : finished_) {
    j.begin_object().key("number").value(g.number).key("p1").value(g.engine[0]);
    j.key("p2").value(g.engine[1]).key("result").value(result_text(g.result));
    j.key("termination").value(g.termination).key("pair").value(g.pair).end_object();
  }
  j.end_array().end_object();
  if (auto r = write_file_atomically(config_.state_file, j.text() + "\n"); !r)
    progress_ << "warning: " << r.error().message << "\n";
}

Result<void> Tournament::prepare() {
  if (prepared_) return {};
  if (auto r = check_outputs(); !r) return r;
  auto schedule = make_schedule(config_, factory_);
  if (!schedule) return schedule.error();
  schedule_ = std::move(*schedule);
  done_.assign(schedule_.size(), false);
  if (auto r = load_state(); !r) return r;
  for (const auto& e : config_.engines) {  // a typo in a command fails now, not every game
    if (e.builtin()) continue;
    if (auto r = protocol::EngineProcess::check({e.command, e.args, e.working_dir, {}, {}}); !r)
      return make_error("engine '" + e.name + "': " + r.error().message);
  }
  // The SPRT may already be decided by a resumed state.
  for (const auto& s : compute_stats(config_, finished_))
    if (s.sprt && s.sprt->status != SprtStatus::kContinue) {
      stop_ = true;
      stop_reason_ = std::string("SPRT: ") + sprt_status_name(s.sprt->status);
    }
  prepared_ = true;
  return {};
}

Result<void> Tournament::check_outputs() const {
  if (!config_.pgn_out.empty())
    if (auto r = check_appendable_file(config_.pgn_out, "-pgnout"); !r) return r;
  if (!config_.json_out.empty())
    if (auto r = check_replaceable_file(config_.json_out, "-jsonout"); !r) return r;
  if (!config_.state_file.empty()) {
    if (auto r = check_replaceable_file(config_.state_file, "-resume"); !r) return r;
    std::error_code ec;
    const auto status = std::filesystem::status(config_.state_file, ec);
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
      return make_error("-resume '" + config_.state_file.string() + "' is not a regular file");
  }
  if (!config_.log_dir.empty())
    if (auto r = prepare_output_folder(config_.log_dir, "-log"); !r) return r;
  return {};
}

Result<void> Tournament::run() {
  if (auto r = prepare(); !r) return r;
  std::vector<std::thread> workers;
  for (int i = 0; i < config_.concurrency; ++i) {
    try {
      workers.emplace_back([this, i] { worker(i); });
    } catch (const std::system_error& e) {  // the system's thread limit
      std::lock_guard lock(mutex_);
      error_ = "cannot start game thread " + std::to_string(i + 1) + " of " +
               std::to_string(config_.concurrency) + ": " + e.what() + " (lower -concurrency)";
      stop_ = true;
      break;
    }
  }
  for (auto& w : workers) w.join();

  progress_ << standings();
  if (!stop_reason_.empty()) progress_ << "Stopped early: " << stop_reason_ << "\n";
  if (interrupted_ && !config_.state_file.empty())
    progress_ << "Run the same command again to continue from " << config_.state_file.string()
              << "\n";
  progress_ << "Finished match\n" << std::flush;
  if (!config_.json_out.empty())
    if (auto r = write_file_atomically(config_.json_out, summary_json() + "\n"); !r) return r;
  if (!error_.empty()) return make_error(error_);
  return {};
}

void Tournament::worker(int id) {
  std::vector<std::unique_ptr<Player>> players(config_.engines.size());
  for (;;) {
    const ScheduledGame* game = nullptr;
    {
      std::lock_guard lock(mutex_);
      while (next_ < schedule_.size() && done_[next_]) ++next_;
      if (interrupted_ && stop_reason_.empty()) stop_reason_ = "interrupted";
      if (stop_ || interrupted_ || next_ >= schedule_.size()) break;
      game = &schedule_[next_++];
      progress_ << "Started game " << game->number << " of " << schedule_.size() << " ("
                << config_.engines[game->engine[0]].name << " vs "
                << config_.engines[game->engine[1]].name << ")\n"
                << std::flush;
    }
    GameSetup setup;
    setup.number = game->number;
    setup.round = game->round;
    setup.event = config_.event;
    setup.variant = config_.variant;
    setup.start_fen = game->opening.fen;
    setup.opening_moves = game->opening.moves;
    setup.seed = config_.seed * 1000003ULL + static_cast<std::uint64_t>(game->number);
    setup.max_plies = config_.max_plies;
    setup.resign = config_.resign;
    setup.draw = config_.draw;
    setup.untimed_move_limit_ms = config_.untimed_move_limit_ms;
    setup.interrupt = &interrupted_;
    Player* players_now[2] = {nullptr, nullptr};
    int failures_before = 0;
    for (int p = 0; p < 2; ++p) {
      const int e = game->engine[p];
      setup.engine[p] = e;
      setup.name[p] = config_.engines[e].name;
      setup.tc[p] = config_.engines[e].tc;
      if (!players[e]) {
        PlayerContext context;
        context.variant = config_.variant;
        context.handshake_timeout = std::chrono::milliseconds(config_.handshake_timeout_ms);
        if (!config_.log_dir.empty()) {
          const std::string stem = config_.engines[e].name + "-" + std::to_string(id);
          context.stderr_log = config_.log_dir / (stem + ".log");
          if (config_.debug_log) context.io_log = config_.log_dir / (stem + ".io.log");
        }
        players[e] = make_player(config_.engines[e], context);
      }
      players_now[p] = players[e].get();
      failures_before += players[e]->failures();
    }
    auto referee = [this] {
      // Creating a game reads shared YAML settings, which yaml-cpp does not allow from two
      // threads at once.
      std::lock_guard lock(factory_mutex_);
      return factory_();
    }();
    if (!referee) {
      std::lock_guard lock(mutex_);
      error_ =
          "cannot create a game of variant '" + config_.variant + "': " + referee.error().message;
      stop_ = true;
      break;
    }
    const GameRecord record = play_game(setup, players_now, **referee);
    // Engines that crashed, hung or failed to get ready during this game (for -norecover).
    const int failures = players_now[0]->failures() + players_now[1]->failures() - failures_before;
    record_game(record, game->pair, failures);
  }
}

void Tournament::record_game(const GameRecord& record, int pair, int player_failures) {
  std::lock_guard lock(mutex_);
  const GameSetup& s = record.setup;
  if (record.termination == kTermInterrupted) {
    progress_ << "Abandoned game " << s.number << " (" << s.name[0] << " vs " << s.name[1]
              << "): interrupted\n";
    stop_ = true;
    if (stop_reason_.empty()) stop_reason_ = "interrupted";
    return;
  }
  if (record.result == GameResult::kNone) {
    error_ = "game " + std::to_string(s.number) + " could not be played: " + record.comment;
    stop_ = true;
    return;
  }
  if (!config_.pgn_out.empty()) {
    std::ofstream out(config_.pgn_out, std::ios::app);
    out << format_record(record);
    if (!out.flush()) {
      error_ = "cannot append to the record file '" + config_.pgn_out.string() + "'";
      stop_ = true;
    }
  }
  FinishedGame f;
  f.number = s.number;
  f.engine[0] = s.engine[0];
  f.engine[1] = s.engine[1];
  f.result = record.result;
  f.termination = record.termination;
  f.pair = pair;
  finished_.push_back(f);
  done_[s.number - 1] = true;
  save_state();

  progress_ << "Finished game " << s.number << " (" << s.name[0] << " vs " << s.name[1]
            << "): " << result_text(record.result) << " {" << record.comment << "}\n";
  const int a = std::min(s.engine[0], s.engine[1]), b = std::max(s.engine[0], s.engine[1]);
  for (const auto& st : compute_stats(config_, finished_)) {
    if (st.a != a || st.b != b) continue;
    progress_ << "Score of " << config_.engines[a].name << " vs " << config_.engines[b].name << ": "
              << st.tally.wins << " - " << st.tally.losses << " - " << st.tally.draws << "  ["
              << fixed(st.elo.score, 3) << "] " << st.tally.games() << "\n";
    if (st.sprt && st.sprt->status != SprtStatus::kContinue && !stop_) {
      stop_ = true;
      stop_reason_ = std::string("SPRT: ") + sprt_status_name(st.sprt->status);
    }
  }
  if (config_.rating_interval > 0 &&
      static_cast<int>(finished_.size()) % config_.rating_interval == 0)
    progress_ << standings();
  if (player_failures > 0 && !config_.recover && !stop_) {
    stop_ = true;
    stop_reason_ = "an engine failed in game " + std::to_string(s.number) + " (-norecover)";
  }
  progress_ << std::flush;
}

std::string Tournament::standings() const {
  std::ostringstream out;
  if (config_.engines.size() > 2) {
    char line[160];
    std::snprintf(line, sizeof line, "%4s %-24s %7s %7s %6s %7s %6s\n", "Rank", "Name", "Elo",
                  "+/-", "Games", "Score", "Draw");
    out << line;
    int rank = 0;
    for (const auto& s : compute_standings(config_, finished_)) {
      std::snprintf(line, sizeof line, "%4d %-24s %7s %7s %6d %6s%% %5s%%\n", ++rank,
                    config_.engines[s.engine].name.c_str(), fixed(s.elo.elo, 0).c_str(),
                    fixed(s.elo.error_95, 0).c_str(), s.tally.games(),
                    fixed(100 * s.elo.score, 1).c_str(), fixed(100 * s.elo.draw_ratio, 1).c_str());
      out << line;
    }
  }
  for (const auto& s : compute_stats(config_, finished_)) {
    const Tally& t = s.tally;
    out << "Score of " << config_.engines[s.a].name << " vs " << config_.engines[s.b].name << ": "
        << t.wins << " - " << t.losses << " - " << t.draws << "  [" << fixed(s.elo.score, 3) << "] "
        << t.games() << "\n";
    out << "Elo difference: " << fixed(s.elo.elo, 1) << " +/- " << fixed(s.elo.error_95, 1)
        << ", LOS: " << fixed(100 * s.elo.los, 1)
        << " %, DrawRatio: " << fixed(100 * s.elo.draw_ratio, 1) << " %\n";
    out << "nElo: " << fixed(s.elo.nelo, 1) << " +/- " << fixed(s.elo.nelo_error_95, 1) << "\n";
    if (t.pairs() > 0) {
      out << "Pentanomial [0, 0.5, 1, 1.5, 2]: [";
      for (int i = 0; i < 5; ++i) out << (i ? ", " : "") << t.pentanomial[i];
      out << "]\n";
    }
    if (s.sprt) {
      out << "SPRT (" << (config_.sprt->model == SprtModel::kLogistic ? "logistic" : "normalized")
          << " elo0=" << config_.sprt->elo0 << " elo1=" << config_.sprt->elo1 << "): LLR "
          << fixed(s.sprt->llr, 2) << " (" << fixed(s.sprt->lower, 2) << ", "
          << fixed(s.sprt->upper, 2) << ") " << sprt_status_name(s.sprt->status) << "\n";
    }
  }
  return out.str();
}

std::string Tournament::summary_json() const {
  JsonWriter j;
  j.begin_object();
  j.key("event").value(config_.event).key("variant").value(config_.variant);
  j.key("games_scheduled").value(static_cast<int>(schedule_.size()));
  j.key("games_played").value(static_cast<int>(finished_.size()));
  j.key("stopped_early");
  if (stop_reason_.empty()) {
    j.null();
  } else {
    j.value(stop_reason_);
  }
  j.key("engines").begin_array();
  for (const auto& e : config_.engines) j.value(e.name);
  j.end_array();
  std::map<std::string, int> terminations;
  for (const auto& g : finished_) ++terminations[g.termination];
  j.key("terminations").begin_object();
  for (const auto& [name, count] : terminations) j.key(name).value(count);
  j.end_object();
  j.key("standings").begin_array();
  for (const auto& s : compute_standings(config_, finished_)) {
    j.begin_object().key("engine").value(config_.engines[s.engine].name);
    j.key("games").value(s.tally.games()).key("wins").value(s.tally.wins);
    j.key("losses").value(s.tally.losses).key("draws").value(s.tally.draws);
    j.key("score").value(s.elo.score).key("elo").value(s.elo.elo);
    j.key("elo_error_95").value(s.elo.error_95).end_object();
  }
  j.end_array();
  j.key("pairs").begin_array();
  for (const auto& s : compute_stats(config_, finished_)) {
    j.begin_object();
    j.key("engine").value(config_.engines[s.a].name);
    j.key("opponent").value(config_.engines[s.b].name);
    j.key("games").value(s.tally.games()).key("wins").value(s.tally.wins);
    j.key("losses").value(s.tally.losses).key("draws").value(s.tally.draws);
    j.key("score").value(s.elo.score).key("elo").value(s.elo.elo);
    j.key("elo_error_95").value(s.elo.error_95).key("los").value(s.elo.los);
    j.key("draw_ratio").value(s.elo.draw_ratio).key("nelo").value(s.elo.nelo);
    j.key("nelo_error_95").value(s.elo.nelo_error_95);
    j.key("pentanomial").begin_array();
    for (int c : s.tally.pentanomial) j.value(c);
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
