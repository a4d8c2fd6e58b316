// The game slots (see pool.h).
#include "datagen/pool.h"

#include <new>
#include <string>
#include <system_error>

namespace triad::datagen {

Pool::Pool()
    : SlotPool({}, [this] {
        for (auto& engine : engines_) engine->stop();
      }) {}

Pool::~Pool() {
  stop();
}

triad::Result<std::unique_ptr<Pool>> Pool::create(const SelfPlaySetup& setup, int slots) {
  std::unique_ptr<Pool> pool(new Pool());
  int made = 0;
  // The system's limits (memory for the engines' tables, threads): the settings ask too much.
  const auto refused = [&made, slots](const std::string& why) {
    return make_error("cannot make game slot " + std::to_string(made + 1) + " of " +
                      std::to_string(slots) + ": " + why);
  };
  try {
    for (; made < slots; ++made) {
      auto engine = setup.make_engine();
      // An engine whose tables cannot be allocated says so as a value (the other allocations
      // throw): both are the same refusal.
      if (!engine) return refused(engine.error().message + " (lower -concurrency or -hash)");
      pool->engines_.push_back(std::move(*engine));
    }
    for (made = 0; made < slots; ++made)
      pool->add_slot([p = pool.get(), &setup](int slot) -> Work {
        return [p, &setup, &engine = *p->engines_[static_cast<std::size_t>(slot)]](
                   std::int64_t& game) -> triad::Result<std::optional<GameRecords>> {
          auto records = setup.play(engine, game, p->stopping());
          if (p->stopping()) return dropped();  // incomplete: dropped
          return std::optional<GameRecords>(std::move(records));
        };
      });
  } catch (const std::bad_alloc&) {
    return refused("out of memory (lower -concurrency or -hash)");
  } catch (const std::system_error& e) {
    return refused(std::string(e.what()) + " (lower -concurrency)");
  }
  return pool;
}

}  // namespace triad::datagen
