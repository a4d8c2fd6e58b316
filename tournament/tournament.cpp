// The match: its checks before the first game, the local run (the game slots of
// match_pool.h fed from the scheduler of match_run.h, as a distributed run's workers are),
// recording each game (outputs, results, SPRT, resume state) and the end of the run.
#include "tournament/tournament.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <ostream>
#include <system_error>
#include <thread>
#include <vector>

#include "adapters/records/record.h"
#include "cluster/local_run.h"
#include "protocol/client/engine_process.h"
#include "runner/output_files.h"
#include "tournament/match_pool.h"
#include "tournament/match_run.h"
#include "tournament/report.h"
#include "tournament/resume_state.h"

namespace triad::tournament {

namespace {

std::int64_t file_size_or_zero(const std::filesystem::path& file) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(file, ec);
  return ec ? 0 : static_cast<std::int64_t>(size);
}

// The SPRT's decision in `results`, or "" while it goes on.
std::string sprt_decision(const TournamentConfig& config, const Results& results) {
  for (const auto& s : compute_stats(config, results))
    if (s.sprt && s.sprt->status != SprtStatus::kContinue)
      return std::string("SPRT: ") + sprt_status_name(s.sprt->status);
  return "";
}

}  // namespace

Tournament::Tournament(TournamentConfig config, GameFactory factory, std::ostream& progress)
    : config_(std::move(config)),
      factory_(std::move(factory)),
      progress_(progress),
      results_(static_cast<int>(config_.engines.size())) {}

void Tournament::interrupt() {
  interrupted_ = true;
  cancel_->cancel();
}

Result<void> Tournament::prepare() {
  if (prepared_) return {};
  if (auto r = check_outputs(); !r) return r;
  auto schedule = Schedule::create(config_, factory_);
  if (!schedule) return schedule.error();
  schedule_.emplace(std::move(*schedule));
  // Openings are made when their game starts; the first one shows a setting that cannot
  // work (e.g. more random plies than the game lasts) before anything is played.
  if (auto first = schedule_->opening(schedule_->game(1)); !first) return first.error();
  fingerprint_ = tournament_fingerprint(config_, schedule_->size());
  if (!config_.state_file.empty()) {
    auto state = load_resume_state(config_.state_file, fingerprint_,
                                   static_cast<int>(config_.engines.size()), schedule_->size());
    if (!state) return state.error();
    if (*state) {
      results_ = std::move((*state)->results);
      progress_ << "Resuming: " << results_.played() << " of " << schedule_->size()
                << " games already played\n";
      if (auto r = cut_unsaved_records((*state)->records_bytes); !r) return r;
    }
  }
  if (!config_.pgn_out.empty()) records_bytes_ = file_size_or_zero(config_.pgn_out);
  // A typo in a command fails now, not every game. The scheduling rank of a distributed
  // run plays no game: each worker rank checks the programs on its own host.
  if (!config_.mpi)
    if (auto r = check_engine_programs(config_); !r) return r;
  // The SPRT may already be decided by a resumed state.
  stop_reason_ = sprt_decision(config_, results_);
  stop_ = !stop_reason_.empty();
  prepared_ = true;
  return {};
}

Result<void> Tournament::cut_unsaved_records(std::int64_t saved_bytes) {
  if (config_.pgn_out.empty() || saved_bytes < 0) return {};
  const std::int64_t now = file_size_or_zero(config_.pgn_out);
  if (now <= saved_bytes) return {};
  std::error_code ec;
  std::filesystem::resize_file(config_.pgn_out, static_cast<std::uintmax_t>(saved_bytes), ec);
  if (ec)
    return make_error("cannot cut the records of unsaved games from '" + config_.pgn_out.string() +
                      "': " + ec.message());
  progress_ << "Removed " << now - saved_bytes << " bytes of records of games the resume state "
            << "does not count (they are played again)\n";
  return {};
}

Result<void> Tournament::check_outputs() const {
  // No output may be the openings file or another output, under any name.
  const std::filesystem::path openings =
      config_.openings ? config_.openings->file : std::filesystem::path();
  if (auto r = runner::refuse_shared_outputs({{"the openings file", openings},
                                              {"-pgnout", config_.pgn_out, true},
                                              {"-jsonout", config_.json_out, true},
                                              {"-resume", config_.state_file, true}});
      !r)
    return r;
  if (!config_.pgn_out.empty())
    if (auto r = runner::check_appendable_file(config_.pgn_out, "-pgnout"); !r) return r;
  if (!config_.json_out.empty())
    if (auto r = runner::check_replaceable_file(config_.json_out, "-jsonout"); !r) return r;
  if (!config_.state_file.empty())
    if (auto r = runner::check_replaceable_file(config_.state_file, "-resume"); !r) return r;
  if (!config_.log_dir.empty())
    if (auto r = runner::prepare_output_folder(config_.log_dir, "-log"); !r) return r;
  return {};
}

Result<void> Tournament::run() {
  if (auto r = prepare(); !r) return r;
  // The slots say when a game starts and when an interrupt cuts one off, as it happens;
  // finished units are recorded in unit order by this thread (MatchRun::commit).
  SlotHooks hooks;
  hooks.start = [this](const ScheduledGame& game) {
    std::lock_guard lock(mutex_);
    if (results_.done(game.number)) return false;  // a unit a resumed state counts in part
    progress_ << "Started game " << game.number << " of " << schedule_->size() << " ("
              << config_.engines[game.engine[0]].name << " vs "
              << config_.engines[game.engine[1]].name << ")\n"
              << std::flush;
    return true;
  };
  hooks.abandoned = [this](const GameReport& report) { record(report); };
  MatchPool pool(config_, *schedule_, factory_, cancel_, &interrupted_, std::move(hooks));
  for (int i = 0; i < config_.concurrency; ++i) {
    try {
      pool.add_game_slot(std::to_string(i));
    } catch (const std::system_error& e) {  // the system's thread limit
      stop_with_error("cannot start game thread " + std::to_string(i + 1) + " of " +
                      std::to_string(config_.concurrency) + ": " + e.what() +
                      " (lower -concurrency)");
      break;
    }
  }
  MatchRun run(*this, std::chrono::seconds(config_.mpi_lease_seconds), false);
  if (auto r = cluster::run_local(run, pool, interrupted_); !r) stop_with_error(r.error().message);
  if (interrupted_)
    pool.stop();  // games in progress are abandoned
  else
    pool.close();  // games in progress end (an early stop: they are not counted)
  return finish();
}

bool Tournament::interrupted() const {
  return interrupted_ && (stop_reason_.empty() || stop_reason_ == kTermInterrupted);
}

Result<void> Tournament::finish() {
  if (interrupted_ && stop_reason_.empty()) stop_reason_ = kTermInterrupted;
  progress_ << standings();
  if (!stop_reason_.empty()) progress_ << "Stopped early: " << stop_reason_ << "\n";
  if (interrupted_ && !config_.state_file.empty())
    progress_ << "Run the same command again to continue from " << config_.state_file.string()
              << "\n";
  progress_ << "Finished match\n" << std::flush;
  if (!config_.json_out.empty())
    if (auto r = runner::write_file_atomically(config_.json_out, summary_json() + "\n"); !r)
      return r;
  if (!error_.empty()) return make_error(error_);
  return {};
}

void Tournament::stop_with_error(std::string message) {
  std::lock_guard lock(mutex_);
  if (error_.empty()) error_ = std::move(message);
  stop_ = true;
}

void Tournament::end_batch() {
  std::lock_guard lock(mutex_);
  save_state_locked();
}

void Tournament::save_state_locked() {
  if (config_.state_file.empty()) return;
  if (auto r = save_resume_state(config_.state_file, fingerprint_, {results_, records_bytes_}); !r)
    progress_ << "warning: " << r.error().message << "\n";
}

void Tournament::record(const GameReport& report, bool in_batch) {
  std::lock_guard lock(mutex_);
  const FinishedGame& f = report.game;
  const std::string& name0 = config_.engines[f.engine[0]].name;
  const std::string& name1 = config_.engines[f.engine[1]].name;
  if (f.termination == kTermInterrupted) {
    progress_ << "Abandoned game " << f.number << " (" << name0 << " vs " << name1
              << "): interrupted\n";
    stop_ = true;
    if (stop_reason_.empty()) stop_reason_ = kTermInterrupted;
    return;
  }
  if (f.result == engine::GameResult::kNone) {
    if (error_.empty())
      error_ = "game " + std::to_string(f.number) + " could not be played: " + report.comment;
    stop_ = true;
    return;
  }
  if (!config_.pgn_out.empty()) {
    std::ofstream out(config_.pgn_out, std::ios::app);
    out << report.record_text;
    if (!out.flush()) {
      if (error_.empty())
        error_ = "cannot append to the record file '" + config_.pgn_out.string() + "'";
      stop_ = true;
    }
    records_bytes_ = file_size_or_zero(config_.pgn_out);
  }
  results_.add(f);
  if (!in_batch) save_state_locked();
  if (observer_) observer_(f);

  progress_ << "Finished game " << f.number << " (" << name0 << " vs " << name1
            << "): " << adapters::records::result_token(f.result) << " {" << report.comment
            << "}\n";
  const int a = std::min(f.engine[0], f.engine[1]), b = std::max(f.engine[0], f.engine[1]);
  for (const auto& st : compute_stats(config_, results_))
    if (st.a == a && st.b == b) progress_ << score_line(config_, st);
  if (const std::string decision = sprt_decision(config_, results_); !decision.empty() && !stop_) {
    stop_ = true;
    stop_reason_ = decision;
  }
  if (config_.rating_interval > 0 && results_.played() % config_.rating_interval == 0)
    progress_ << standings();
  if (report.engine_failures > 0 && !config_.recover && !stop_) {
    stop_ = true;
    stop_reason_ = "an engine failed in game " + std::to_string(f.number) + " (-norecover)";
  }
  if (!in_batch) progress_ << std::flush;
}

std::string Tournament::standings() const {
  return standings_text(config_, results_);
}

std::string Tournament::summary_json() const {
  return tournament::summary_json(config_, results_,
                                  {schedule_ ? schedule_->size() : 0, stop_reason_});
}

}  // namespace triad::tournament
