// A game thread's table: the setup of each scheduled game and its players.
#include "tournament/game_slot.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "runner/managed_engine.h"
#include "tournament/record.h"

namespace triad::tournament {

GameSlot::GameSlot(const TournamentConfig& config, const Schedule& schedule, GameFactory factory,
                   std::string log_tag, std::shared_ptr<protocol::CancelSignal> cancel,
                   const std::atomic<bool>* interrupt)
    : config_(config),
      schedule_(schedule),
      factory_(std::move(factory)),
      log_tag_(std::move(log_tag)),
      cancel_(std::move(cancel)),
      interrupt_(interrupt),
      players_(config.engines.size()) {}

Player& GameSlot::player(int engine) {
  auto& p = players_[static_cast<std::size_t>(engine)];
  if (!p) {
    PlayerContext context;
    context.variant = config_.variant;
    context.handshake_timeout = std::chrono::milliseconds(config_.handshake_timeout_ms);
    context.cancel = cancel_;
    if (!config_.log_dir.empty()) {
      const std::string stem =
          config_.engines[static_cast<std::size_t>(engine)].name + "-" + log_tag_;
      context.stderr_log = config_.log_dir / (stem + ".log");
      if (config_.debug_log) context.io_log = config_.log_dir / (stem + ".io.log");
    }
    p = make_player(config_.engines[static_cast<std::size_t>(engine)], context);
  }
  return *p;
}

// -wait: sleeps in short steps, so that an interrupt (Ctrl-C, a lost run) is not held up.
void GameSlot::pause_between_games() {
  constexpr std::chrono::milliseconds kStep{20};
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(config_.wait_ms);
  for (auto now = std::chrono::steady_clock::now(); now < end && !interrupt_->load();
       now = std::chrono::steady_clock::now())
    std::this_thread::sleep_for(std::min<std::chrono::steady_clock::duration>(kStep, end - now));
}

Result<GameReport> GameSlot::play(const ScheduledGame& game) {
  if (played_ && config_.wait_ms > 0) pause_between_games();
  played_ = true;
  if (game.unit != opening_unit_) {
    auto made = schedule_.opening(game);
    if (!made)
      return make_error("the opening of game " + std::to_string(game.number) + ": " +
                        made.error().message);
    opening_ = std::move(*made);
    opening_unit_ = game.unit;
  }
  GameSetup setup;
  setup.number = game.number;
  setup.round = game.round;
  setup.event = config_.event;
  setup.variant = config_.variant;
  setup.start_fen = opening_.fen;
  setup.opening_moves = opening_.moves;
  setup.seed = config_.seed * 1000003ULL + static_cast<std::uint64_t>(game.number);
  setup.max_plies = config_.max_plies;
  setup.resign = config_.resign;
  setup.draw = config_.draw;
  setup.untimed_move_limit_ms = config_.untimed_move_limit_ms;
  setup.tables = schedule_.tables();
  setup.interrupt = interrupt_;
  Player* players_now[2] = {nullptr, nullptr};
  int failures_before = 0;
  for (int p = 0; p < 2; ++p) {
    const int e = game.engine[p];
    const EngineConfig& engine = config_.engines[static_cast<std::size_t>(e)];
    setup.engine[p] = e;
    setup.name[p] = engine.name;
    setup.tc[p] = engine.tc;
    players_now[p] = &player(e);
    failures_before += players_now[p]->failures();
  }
  auto referee = factory_();  // thread-safe: variant settings were parsed once, at load
  const GameRecord record = play_game(setup, players_now, *referee);
  GameReport report;
  report.game.number = game.number;
  report.game.engine[0] = game.engine[0];
  report.game.engine[1] = game.engine[1];
  report.game.result = record.result;
  report.game.termination = record.termination;
  report.game.pair = game.pair;
  report.comment = record.comment;
  if (!config_.pgn_out.empty()) report.record_text = format_record(record);
  report.engine_failures =
      players_now[0]->failures() + players_now[1]->failures() - failures_before;
  return report;
}

Result<void> check_engine_programs(const TournamentConfig& config) {
  for (const auto& e : config.engines) {
    if (e.builtin()) continue;
    if (auto r = protocol::EngineProcess::check({e.command, e.args, e.working_dir, {}, {}, {}}); !r)
      return make_error("engine '" + e.name + "': " + r.error().message);
    runner::ManagedEngineSettings settings;
    settings.handshake_timeout = std::chrono::milliseconds(config.handshake_timeout_ms);
    if (auto r = runner::ManagedEngine(e, settings).check_options(config.variant); !r)
      return make_error("engine '" + e.name + "': " + r.error().message);
  }
  return {};
}

}  // namespace triad::tournament
