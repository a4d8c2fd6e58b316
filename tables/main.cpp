// triad-tables: builds, resumably, the Íves dáma endgame tables of a variant up to a stone
// limit, one file per material slice, on this machine or across the ranks of an MPI job
// (-mpi), or verifies a folder of them (docs/tables.md).
//   triad-tables -variant ivesdama -stones 6 -dir tables/ivesdama
//   mpirun -np 3 triad-tables -mpi -variant ivesdama -stones 6 -dir tables/ivesdama
//   triad-tables -variant ivesdama -stones 6 -dir tables/ivesdama -verify
//   triad-tables -variant ivesdama -stones 12 -memory 16G -plan
#include <atomic>
#include <iostream>

#include "adapters/common/progress_bar.h"
#include "cluster/mpi/job.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"
#include "tables/builder.h"
#include "tables/config.h"
#include "tables/mpi_run.h"
#include "tables/plan.h"

namespace {

namespace runner = triad::runner;
using namespace triad::tables;

constexpr const char* kProgram = "triad-tables";

int run(int argc, char** argv) {
  auto cli = parse_command_line(argc, argv);
  if (cli && cli->show_help) {
    std::cout << cli->help_text;
    return runner::kExitOk;
  }
  const auto parsed =
      cli ? triad::Result<TablesConfig>(cli->config) : triad::Result<TablesConfig>(cli.error());
  if (parsed ? parsed->mpi : triad::cluster::mpi::mentions_mpi(argc, argv))
    return mpi::run_distributed(argc, argv, parsed);
  if (!parsed) return runner::report_error(kProgram, parsed.error().message);
  const TablesConfig& config = *parsed;
  const iv::Game& game = config.game();
  if (config.plan) {
    std::cout << plan_text(game, config.max_stones, config.memory);
    return runner::kExitOk;
  }

  std::atomic<bool> interrupted{false};
  runner::SignalWatcher signals([&] { interrupted = true; }, [] {});
  BuildSettings settings{
      config.dir, config.max_stones, config.threads, [&] { return interrupted.load(); },
      {},         config.memory};
  triad::adapters::ProgressBar bar(
      config.verify ? "verify" : "tables",
      static_cast<std::int64_t>(entries_up_to(game, config.max_stones)), config.progress);
  settings.progress = [&](std::uint64_t done, std::uint64_t, const std::string& note) {
    bar.update(static_cast<std::int64_t>(done), note);
  };

  if (config.verify) {
    const auto report = verify_tables(game, settings);
    bar.finish();
    if (!report)  // a bad file, or Ctrl-C
      return runner::report_error(kProgram, report.error().message,
                                  interrupted ? runner::kExitInterrupted : runner::kExitFailed);
    for (const auto& f : report->failures) std::cout << "DISAGREES " << f << "\n";
    std::cout << "verified " << report->files << " files and " << report->entries
              << " entries against their children: "
              << (report->disagreements ? std::to_string(report->disagreements) + " disagree"
                                        : std::string("all agree"))
              << std::endl;
    return report->disagreements ? runner::kExitFailed : runner::kExitOk;
  }

  const auto report = build_tables(game, settings);
  bar.finish();
  if (!report) return runner::report_error(kProgram, report.error().message);
  for (const auto& n : report->notes) std::cerr << kProgram << ": " << n << "\n";
  std::cout << summary_line(*report) << std::endl;
  return runner::ended_status(report->stopped, !report->stopped);
}

}  // namespace

int main(int argc, char** argv) {
  return runner::run_main(kProgram, [&] { return run(argc, argv); });
}
