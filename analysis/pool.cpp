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
      return [&config, cancel, analyst = std::make_shared<Analyst>(config, name, cancel),
              failed_in_a_row = 0](Unit& unit) mutable -> triad::Result<std::optional<UnitOutput>> {
        UnitOutput out{unit.id, {}, {}};
        std::vector<MoveReview> moves;  // a review's unit is one game: its moves so far
        for (const auto& task : unit.tasks) {
          std::string failure;
          std::string line;
          if (!config.review) {
            line = analyst->analyse(task, failure);
          } else if (task.played.empty()) {
            line = format_summary(task, moves);  // the game's last position
          } else {
            moves.push_back(analyst->review(task, failure));
            line = format_review(task, moves.back());
          }
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
