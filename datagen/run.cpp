// The run shared by the local and the distributed data generation (see run.h).
#include "datagen/run.h"

#include <algorithm>
#include <cstdio>

namespace triad::datagen {

namespace {

// Finished games that wait for an earlier one, at most (the scheduler then leases no new
// game until the earliest is in): bounds memory however long one game takes.
constexpr std::int64_t kMaxWaitingGames = 1024;

}  // namespace

Result<std::unique_ptr<Run>> Run::prepare(const DatagenConfig& config) {
  auto setup = SelfPlaySetup::create(config);
  if (!setup) return setup.error();
  auto writer = DataWriter::open(config.output, setup->header());
  if (!writer) return writer.error();
  return std::unique_ptr<Run>(new Run(config, std::move(*setup), std::move(*writer)));
}

Run::Run(const DatagenConfig& config, SelfPlaySetup setup, DataWriter writer)
    : config_(config),
      setup_(std::move(setup)),
      writer_(std::move(writer)),
      games_before_(writer_.games()),
      records_before_(writer_.records()),
      progress_("games", config.games, config.progress),
      scheduler_(config.games, {std::chrono::seconds(config.mpi_lease_seconds), kMaxWaitingGames},
                 [done = static_cast<cluster::UnitId>(writer_.games())](cluster::UnitId game) {
                   return game < done;
                 }) {
  progress_.update(static_cast<std::int64_t>(games_before_));
}

int Run::slots(int concurrency) const {
  const auto games = static_cast<std::uint64_t>(config_.games);
  return static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(concurrency),
                                                  games - std::min(games, games_before_)));
}

Result<void> Run::accept(cluster::WorkerId worker, GameRecords game) {
  if (!game.error.empty()) return make_error(game.error);
  scheduler_.complete(worker, game.game, std::move(game));
  return {};
}

std::string Run::refusal(const GameRecords& game) const {
  const learn::Header& mine = setup_.header();
  std::string difference;
  if (game.openings_digest != mine.openings_digest)
    difference = "its -openings file has other contents";
  else if (game.net_digest != mine.net_digest)
    difference = "its -evalfile net has digest " + learn::net_digest_text(game.net_digest) +
                 ", rank 0's " + learn::net_digest_text(mine.net_digest);
  if (difference.empty()) return "";
  return "read other files than rank 0 at the same paths (" + difference +
         "); every rank must read the same -openings and -evalfile";
}

Result<void> Run::commit() {
  while (auto ready = scheduler_.next_ready()) {
    if (auto r = writer_.append_game(ready->second.bytes, ready->second.count); !r) return r;
    progress_.update(static_cast<std::int64_t>(writer_.games()),
                     std::to_string(writer_.records()) + " positions");
  }
  return {};
}

Result<void> Run::finish(std::ostream& out, bool interrupted) {
  auto flushed = writer_.flush();
  progress_.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const std::uint64_t games = writer_.games() - std::min(writer_.games(), games_before_);
  const std::uint64_t positions = writer_.records() - records_before_;
  char rate[96];
  std::snprintf(rate, sizeof rate, "%.2f s, %.1f positions/s", seconds,
                seconds > 0 ? static_cast<double>(positions) / seconds : 0.0);
  out << "triad-datagen: " << writer_.games() << " games, " << writer_.records() << " positions in "
      << config_.output.string() << " (" << games << " games, " << positions << " positions in "
      << rate << ")";
  if (interrupted && !finished()) out << "; interrupted: the same command continues";
  out << "\n";
  return flushed;
}

}  // namespace triad::datagen
