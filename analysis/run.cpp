// The run shared by the local and the distributed analysis (see run.h).
#include "analysis/run.h"

#include <cstdio>
#include <iostream>

#include "adapters/common/text.h"
#include "analysis/analyst.h"
#include "protocol/client/engine_process.h"
#include "runner/output_files.h"

namespace triad::analysis {

namespace {

// Finished units that wait for an earlier one, at most (the scheduler then leases no new
// unit until the earliest is in): bounds memory however slow one position is.
constexpr std::int64_t kMaxWaitingUnits = 4096;

}  // namespace

Result<void> check_engine(const AnalyseConfig& config) {
  const auto& e = config.engine;
  if (auto r = protocol::EngineProcess::check({e.command, e.args, e.working_dir, {}, {}, {}}); !r)
    return make_error("-engine: " + r.error().message);
  if (!config.log_dir.empty()) return runner::prepare_output_folder(config.log_dir, "-log");
  return {};
}

Result<std::unique_ptr<Run>> Run::prepare(const AnalyseConfig& config, int chunk) {
  if (auto v = config.variants.lookup(config.variant); !v)
    return make_error("-variant: " + v.error().message);
  auto input = Input::read(config, config.variants);
  if (!input) return input.error();
  auto writer = OutputWriter::open(config, input->size(), [&input](std::int64_t index) {
    return output_prefix(input->task(index));
  });
  if (!writer) return writer.error();
  return std::unique_ptr<Run>(new Run(config, std::move(*input), std::move(*writer), chunk));
}

Run::Run(const AnalyseConfig& config, Input input, OutputWriter writer, int chunk)
    : input_(std::move(input)),
      writer_(std::move(writer)),
      chunk_(chunk),
      written_(writer_.done_before()),
      progress_(input_.size(), written_, config.progress),
      scheduler_((input_.size() - written_ + chunk - 1) / chunk,
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
  const std::int64_t first = writer_.done_before() + id * chunk_;
  const std::int64_t last = std::min(first + chunk_, input_.size());
  for (std::int64_t i = first; i < last; ++i) u.tasks.push_back(input_.task(i));
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
      ++written_;
    }
    progress_.update(written_);
  }
  return {};
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
