// The game slots of triad-match (see match_pool.h).
#include "tournament/match_pool.h"

#include <optional>
#include <utility>

namespace triad::tournament {

MatchPool::MatchPool(const TournamentConfig& config, const Schedule& schedule,
                     const GameFactory& factory, std::shared_ptr<protocol::CancelSignal> cancel,
                     const std::atomic<bool>* interrupt, SlotHooks hooks)
    : SlotPool({std::chrono::duration<double>(mpi::kPrefetch).count(), mpi::kMinUnitsPerSlot,
                mpi::kMaxUnitsPerSlot},
               [cancel] { cancel->cancel(); }),
      config_(config),
      schedule_(schedule),
      factory_(factory),
      cancel_(std::move(cancel)),
      interrupt_(interrupt ? *interrupt : stopping()),
      hooks_(std::move(hooks)) {}

void MatchPool::add_game_slot(std::string log_tag) {
  add_slot([this, log_tag = std::move(log_tag)](int) -> Work {
    auto slot =
        std::make_shared<GameSlot>(config_, schedule_, factory_, log_tag, cancel_, &interrupt_);
    return [this, slot](std::int64_t& unit) -> triad::Result<std::optional<mpi::UnitResult>> {
      mpi::UnitResult result{unit, {}, schedule_.openings_digest()};
      const auto [first, last] = schedule_.unit_games(unit);
      for (std::int64_t n = first; n <= last; ++n) {
        if (interrupt_ || stopping()) return dropped();  // the unit is dropped
        const ScheduledGame game = schedule_.game(n);
        if (hooks_.start && !hooks_.start(game)) continue;
        auto report = slot->play(game);
        if (!report) return report.error();
        if (report->game.termination == kTermInterrupted) {
          if (hooks_.abandoned) hooks_.abandoned(*report);
          return dropped();
        }
        result.games.push_back(std::move(*report));
        if (result.games.back().game.result == engine::GameResult::kNone) break;  // reported
      }
      return std::optional<mpi::UnitResult>(std::move(result));
    };
  });
}

}  // namespace triad::tournament
