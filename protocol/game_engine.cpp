// make_engine: picks the EngineFor<G> matching the game a variant created. The only place
// in protocol/ that names the three games.
#include "protocol/game_engine.h"

#include "adapters/ivesdama/notation.h"
#include "adapters/razzle/notation.h"
#include "adapters/yinyang/notation.h"
#include "protocol/game_engine_impl.h"

namespace triad::protocol {

namespace {

template <class G>
std::unique_ptr<GameEngine> try_make(adapters::AnyGame& game, std::size_t hash_mb) {
  auto* typed = dynamic_cast<adapters::TypedGame<G>*>(&game);
  if (!typed) return nullptr;
  return std::make_unique<EngineFor<G>>(std::move(*typed), hash_mb);
}

}  // namespace

TextBestMove GameEngine::search(const SearchRequest& request, const InfoSink& on_info) {
  TextBestMove best;
  start_search(request, on_info, [&best](const TextBestMove& b) { best = b; });
  wait();
  return best;
}

Result<std::unique_ptr<GameEngine>> make_engine(std::unique_ptr<adapters::AnyGame> game,
                                                std::size_t hash_mb) {
  if (!game) return make_error("engine : no game given");
  if (auto e = try_make<games::razzle::Game>(*game, hash_mb)) return e;
  if (auto e = try_make<games::yinyang::Game>(*game, hash_mb)) return e;
  if (auto e = try_make<games::ivesdama::Game>(*game, hash_mb)) return e;
  return make_error("engine : the game " + std::string(game->game_name()) + " has no engine");
}

template class EngineFor<games::razzle::Game>;
template class EngineFor<games::yinyang::Game>;
template class EngineFor<games::ivesdama::Game>;

}  // namespace triad::protocol
