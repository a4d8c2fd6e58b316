// triad-tables: builds, resumably, the Íves dáma endgame tables of a variant up to a stone
// limit, one file per material slice, or verifies a folder of them (docs/tables.md).
//   triad-tables -variant ivesdama -stones 6 -dir tables/ivesdama
//   triad-tables -variant ivesdama -stones 6 -dir tables/ivesdama -verify
#include <atomic>
#include <iomanip>
#include <iostream>
#include <thread>

#include "adapters/common/progress_bar.h"
#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"
#include "tables/builder.h"

namespace {

namespace po = boost::program_options;
namespace runner = triad::runner;
namespace iv = triad::games::ivesdama;
using namespace triad::tables;

constexpr const char* kProgram = "triad-tables";
constexpr int kMaxStones = 12;

const runner::Help kHelp{
    "triad-tables -stones N -dir DIR [options]",
    "Builds the exact result and distance to the end of every Íves dáma position with at most N "
    "stones, one file per material in DIR (resumable: run the same command again after an "
    "interruption), or checks such a folder (-verify).",
    "-verify found entries that disagree with their children, or a file missing, truncated, "
    "damaged or of another variant",
    "interrupted (Ctrl-C, SIGTERM): stopped when the slice being built was written; the same "
    "command continues"};

po::options_description describe() {
  po::options_description d;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  // clang-format off
  d.add_options()
    ("help", "this text")
    ("variant", po::value<std::string>()->default_value("ivesdama"), "NAME: an Íves dáma variant")
    ("variants", po::value<std::vector<std::string>>()->composing(), "FILE: more variants (YAML, docs/protocol.md); may be repeated")
    ("stones", po::value<std::string>(), "N: every position with at most N stones, both sides together (1 to 12)")
    ("dir", po::value<std::string>(), "DIR: the folder of the table files (made if missing; one folder per variant)")
    ("threads", po::value<std::string>()->default_value(std::to_string(cores)), "N: threads (1 to 256)")
    ("verify", "build nothing: check every file (header, checksums) and every entry against its children")
    ("quiet", "no progress bar");
  // clang-format on
  return d;
}

int run(int argc, char** argv) {
  const std::vector<std::string> words(argv + 1, argv + argc);
  const auto options = describe();
  if (runner::asks_help(words)) {
    std::cout << runner::help_text(kHelp, options);
    return runner::kExitOk;
  }
  auto parsed = runner::parse_words(kProgram, words, options);
  if (!parsed) return runner::report_error(kProgram, parsed.error().message);
  const po::variables_map& vm = *parsed;
  for (const char* required : {"stones", "dir"})
    if (!vm.count(required))
      return runner::report_error(kProgram,
                                  std::string("no -") + required + " (see " + kProgram + " -help)");
  auto variants = triad::adapters::VariantRegistry::builtin();
  if (vm.count("variants"))
    for (const auto& file : vm["variants"].as<std::vector<std::string>>())
      if (auto r = variants.load_file(file); !r)
        return runner::report_error(kProgram, "-variants: " + r.error().message);
  const auto variant = variants.lookup(vm["variant"].as<std::string>());
  if (!variant) return runner::report_error(kProgram, "-variant: " + variant.error().message);
  const auto any = (*variant)->factory();
  const auto* typed = dynamic_cast<const triad::adapters::TypedGame<iv::Game>*>(any.get());
  if (!typed)
    return runner::report_error(kProgram, "-variant: '" + (*variant)->name + "' is a " +
                                              (*variant)->game +
                                              " variant; tables are built for Íves dáma");
  const iv::Game& game = typed->game();
  const int points = game.tables().num_points;
  auto stones = runner::int_option(vm, "-stones", 1, std::min(kMaxStones, points));
  if (!stones) return runner::report_error(kProgram, stones.error().message);
  auto threads = runner::int_option(vm, "-threads", 1, 256);
  if (!threads) return runner::report_error(kProgram, threads.error().message);

  std::atomic<bool> interrupted{false};
  runner::SignalWatcher signals([&] { interrupted = true; }, [] {});
  BuildSettings settings{
      vm["dir"].as<std::string>(), *stones, *threads, [&] { return interrupted.load(); }, {}};
  triad::adapters::ProgressBar bar(vm.count("verify") ? "verify" : "tables",
                                   static_cast<std::int64_t>(entries_up_to(game, *stones)),
                                   !vm.count("quiet"));
  settings.progress = [&](std::uint64_t done, std::uint64_t, const std::string& note) {
    bar.update(static_cast<std::int64_t>(done), note);
  };

  if (vm.count("verify")) {
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
  std::cout << "slices: " << report->built << " built, " << report->reused << " kept; "
            << report->entries << " entries, " << report->file_bytes << " bytes ("
            << report->wdl_bytes << " win/draw/loss); built in " << std::fixed
            << std::setprecision(1) << report->build_seconds << " s" << std::endl;
  return runner::ended_status(report->stopped, !report->stopped);
}

}  // namespace

int main(int argc, char** argv) {
  return runner::run_main(kProgram, [&] { return run(argc, argv); });
}
