// The engine slots of triad-analyse (see pool.h).
#include "analysis/pool.h"

#include "analysis/analyst.h"

namespace triad::analysis {

Pool::Pool(const AnalyseConfig& config, int slots, const std::string& prefix,
           std::shared_ptr<protocol::CancelSignal> cancel)
    : SlotPool({}, [cancel] { cancel->cancel(); }) {
  for (int i = 0; i < slots; ++i)
    add_slot([&config, cancel, name = prefix + std::to_string(i + 1)](int) -> Work {
      return [cancel, analyst = std::make_shared<Analyst>(config, name, cancel),
              failed_in_a_row = 0](Unit& unit) mutable -> triad::Result<std::optional<UnitOutput>> {
        UnitOutput out{unit.id, {}, {}};
        for (const auto& task : unit.tasks) {
          std::string failure;
          std::string line = analyst->analyse(task, failure);
          if (cancel->cancelled()) return dropped();  // stopping: dropped
          failed_in_a_row = failure.empty() ? 0 : failed_in_a_row + 1;
          if (failed_in_a_row >= kFailedInARow) {
            // The run stops before this unit is written: the message carries the error.
            out.fatal = "the engine failed on " + std::to_string(kFailedInARow) +
                        " positions in a row; at input line " + std::to_string(task.line) + ": " +
                        failure;
            out.lines.push_back(std::move(line));
            break;
          }
          out.lines.push_back(std::move(line));
        }
        return std::optional<UnitOutput>(std::move(out));
      };
    });
}

Pool::~Pool() {
  close();
}

}  // namespace triad::analysis
