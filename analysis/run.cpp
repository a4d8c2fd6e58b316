// The run shared by the local and the distributed analysis (see run.h).
#include "analysis/run.h"

#include <cstdio>
#include <iostream>
#include <map>

#include "adapters/common/file_io.h"
#include "adapters/common/text.h"
#include "adapters/tables/variant_tables.h"
#include "analysis/analyst.h"
#include "analysis/annotate.h"
#include "protocol/client/engine_process.h"
#include "runner/managed_engine.h"
#include "runner/output_files.h"

namespace triad::analysis {

namespace {

// Finished units that wait for an earlier one, at most (the scheduler then leases no new
// unit until the earliest is in): bounds memory however slow one position is.
constexpr std::int64_t kMaxWaitingUnits = 4096;

// -tb: says once per variant when games of a variant that takes table files (Íves dáma's) have
// no tables in the folder (tables of other rules, say); they are reviewed without them.
void warn_of_games_without_tables(const AnalyseConfig& config, const Input& input) {
  std::map<std::string, bool> checked;  // variant: has tables or takes none
  for (std::int64_t i = 0; i < input.size(); ++i) {
    const std::string variant = input.task(i).variant;
    if (checked.count(variant)) continue;
    auto game = config.variants.create(variant);
    checked[variant] = !game || !tables::takes_tables(**game) || config.tables.count(variant) > 0;
    if (!checked[variant])
      std::cerr << "triad-analyse: -tb " << config.tables_dir.string()
                << " has no tables for variant '" << variant
                << "': its games are reviewed without them\n";
  }
}

}  // namespace

Result<void> check_engine(const AnalyseConfig& config) {
  const auto& e = config.engine;
  if (auto r = protocol::EngineProcess::check({e.command, e.args, e.working_dir, {}, {}, {}}); !r)
    return make_error("-engine: " + r.error().message);
  runner::ManagedEngineSettings settings;
  settings.handshake_timeout = config.handshake_timeout;
  if (auto r = runner::ManagedEngine(e, settings).check_options(config.variant); !r)
    return make_error("-engine: " + r.error().message);
  if (!config.log_dir.empty()) return runner::prepare_output_folder(config.log_dir, "-log");
  return {};
}

Result<std::unique_ptr<Run>> Run::prepare(const AnalyseConfig& config, int chunk) {
  if (auto v = config.variants.lookup(config.variant); !v)
    return make_error("-variant: " + v.error().message);
  auto input = Input::read(config, config.variants);
  if (!input) return input.error();
  if (!config.tables_dir.empty()) warn_of_games_without_tables(config, *input);
  // A review's unit is one game (its summary needs all its moves).
  const auto unit_start = [&config, &input](std::int64_t index) {
    return !config.review || index == 0 || index >= input->size() ||
           input->game_of(index) != input->game_of(index - 1);
  };
  if (!config.annotate.empty())
    if (auto r = runner::check_replaceable_file(config.annotate, "-annotate"); !r) return r.error();
  auto writer = OutputWriter::open(
      config, input->size(),
      [&input](std::int64_t index) { return output_prefix(input->task(index)); }, unit_start);
  if (!writer) return writer.error();
  std::vector<std::int64_t> starts;
  for (std::int64_t i = writer->done_before(); i < input->size(); i += config.review ? 1 : chunk)
    if (unit_start(i)) starts.push_back(i);
  starts.push_back(input->size());
  auto run = std::unique_ptr<Run>(
      new Run(config, std::move(*input), std::move(*writer), std::move(starts)));
  // A resumed review that was complete: no unit to commit, the annotated records now.
  if (run->finished())
    if (auto r = run->commit(); !r) return r.error();
  return run;
}

Run::Run(const AnalyseConfig& config, Input input, OutputWriter writer,
         std::vector<std::int64_t> unit_starts)
    : config_(config),
      input_(std::move(input)),
      writer_(std::move(writer)),
      unit_starts_(std::move(unit_starts)),
      written_(writer_.done_before()),
      progress_(input_.size(), written_, config.progress),
      scheduler_(static_cast<std::int64_t>(unit_starts_.size()) - 1,
                 {std::chrono::seconds(config.mpi_lease_seconds), kMaxWaitingUnits}) {
  for (const auto& e : input_.first_errors())
    std::cerr << "triad-analyse: " << config.input.string() << " " << e << "\n";
  if (input_.errors() > static_cast<std::int64_t>(input_.first_errors().size()))
    std::cerr << "triad-analyse: " << input_.errors()
              << " positions in all could not be read (an \"error\" line each in the output)\n";
  progress_.update(written_);
}

Unit Run::unit(cluster::UnitId id) const {
  Unit u;
  u.id = id;
  const auto at = static_cast<std::size_t>(id);
  for (std::int64_t i = unit_starts_[at]; i < unit_starts_[at + 1]; ++i)
    u.tasks.push_back(input_.task(i));
  return u;
}

Result<void> Run::accept(cluster::WorkerId worker, UnitOutput output) {
  if (!output.fatal.empty()) return make_error(output.fatal);
  scheduler_.complete(worker, output.id, std::move(output));
  return {};
}

Result<void> Run::commit() {
  while (auto ready = scheduler_.next_ready()) {
    for (const auto& line : ready->second.lines) {
      if (auto r = writer_.write(line); !r) return r;
      if (!config_.annotate.empty() && config_.output.empty()) kept_.push_back(line);
      ++written_;
    }
    progress_.update(written_);
  }
  if (config_.annotate.empty() || annotated_ || !finished()) return {};
  annotated_ = true;
  auto lines = review_lines();
  if (!lines) return lines.error();
  return write_annotated(config_.annotate, input_, *lines);
}

Result<std::vector<std::string>> Run::review_lines() const {
  if (config_.output.empty()) return kept_;
  auto text = adapters::read_regular_file(config_.output, "-output", kMaxInputBytes * 16);
  if (!text) return text.error();
  std::vector<std::string> lines;
  for (const auto line : adapters::split_on(*text, '\n'))
    if (!line.empty()) lines.emplace_back(line);
  return lines;
}

void Run::finish(std::ostream& out, bool interrupted) {
  progress_.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const std::int64_t now = written_ - writer_.done_before();
  char rate[64];
  std::snprintf(rate, sizeof rate, "%.2f s, %.2f positions/s", seconds,
                seconds > 0 ? static_cast<double>(now) / seconds : 0.0);
  out << "triad-analyse: " << written_ << " of " << input_.size() << " positions written (" << now
      << " in " << rate << ")";
  if (interrupted && written_ < input_.size()) out << "; interrupted: continue with -resume";
  out << "\n";
}

}  // namespace triad::analysis
