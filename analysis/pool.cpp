// The engine slots of triad-analyse (see pool.h).
#include "analysis/pool.h"

#include "analysis/analyst.h"
#include "analysis/review.h"

namespace triad::analysis {

Pool::Pool(const AnalyseConfig& config, int slots, const std::string& prefix,
           std::shared_ptr<protocol::CancelSignal> cancel)
    : SlotPool({}, [cancel] { cancel->cancel(); }) {
  for (int i = 0; i < slots; ++i)
    add_slot([&config, cancel, name = prefix + std::to_string(i + 1)](int) -> Work {
      return [&config, cancel, analyst = std::make_shared<Analyst>(config, name, cancel)](
                 Unit& unit) -> triad::Result<std::optional<UnitOutput>> {
        UnitOutput out{unit.id, {}, {}};
        std::vector<MoveReview> moves;  // a review's unit is one game: its moves so far
        for (const auto& task : unit.tasks) {
          auto line = config.review ? analyst->review(task, moves) : analyst->analyse(task);
          if (cancel->cancelled()) return dropped();  // stopping: dropped
          if (!line) {
            // The run stops before this unit is written: the message carries the error.
            out.fatal = line.error().message;
            break;
          }
          out.lines.push_back(std::move(*line));
        }
        return std::optional<UnitOutput>(std::move(out));
      };
    });
}

Pool::~Pool() {
  close();
}

}  // namespace triad::analysis
