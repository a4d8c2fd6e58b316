// The one list of games. A new game adds its folders (see docs/architecture.md, "Adding a
// game") and one line here.
#include "adapters/common/game_registry.h"

#include <memory>
#include <optional>
#include <utility>

#include "adapters/ivesdama/descriptor.h"
#include "adapters/razzle/descriptor.h"
#include "adapters/yinyang/descriptor.h"

namespace triad::adapters {

namespace {

// A game's exact knowledge, and beyond its reach the game's built-in book, whose values are
// proved (Yin Yang's proof of its start position: the winner and one move, no distance).
class KnowledgeThenBook final : public ExactProbe {
 public:
  using Book = std::optional<BuiltinBookMove> (*)(const AnyGame&);
  KnowledgeThenBook(std::unique_ptr<ExactProbe> knowledge, Book book)
      : knowledge_(std::move(knowledge)), book_(book) {}

  std::optional<ExactAnswer> probe(const AnyGame& game, bool with_move) override {
    if (knowledge_)
      if (auto answer = knowledge_->probe(game, with_move)) return answer;
    const auto move = book_(game);
    if (!move) return std::nullopt;
    ExactAnswer out;
    out.result = move->side_to_move_wins ? engine::ExactResult::kWin : engine::ExactResult::kLoss;
    if (with_move) out.best = move->token;
    return out;
  }

 private:
  std::unique_ptr<ExactProbe> knowledge_;  // null: the game has none of its own
  Book book_;
};

}  // namespace

std::span<const GameDescriptor* const> all_games() {
  static const GameDescriptor* const games[] = {
      &razzle::descriptor(),
      &yinyang::descriptor(),
      &ivesdama::descriptor(),
  };
  return games;
}

const GameDescriptor* find_game(std::string_view name) {
  for (const GameDescriptor* game : all_games())
    if (game->name == name) return game;
  return nullptr;
}

std::string game_names_text() {
  const auto games = all_games();
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i > 0) out += i + 1 == games.size() ? " or " : ", ";
    out += games[i]->name;
  }
  return out;
}

Result<std::unique_ptr<GameEngine>> make_engine(std::unique_ptr<AnyGame> game,
                                                std::size_t hash_mb) {
  if (!game) return make_error("engine : no game given");
  const std::string name(game->game_name());
  const GameDescriptor* descriptor = find_game(name);
  auto engine = descriptor ? descriptor->make_engine(std::move(game), hash_mb) : nullptr;
  if (!engine) return make_error("engine : the game " + name + " has no engine");
  return engine;
}

std::unique_ptr<ExactProbe> make_exact(std::unique_ptr<AnyGame> game,
                                       const engine::ExactSource& source) {
  const GameDescriptor* descriptor = game ? find_game(game->game_name()) : nullptr;
  if (!descriptor) return nullptr;
  auto knowledge = descriptor->make_exact(std::move(game), source);
  if (!descriptor->builtin_book) return knowledge;
  return std::make_unique<KnowledgeThenBook>(std::move(knowledge), descriptor->builtin_book);
}

}  // namespace triad::adapters
