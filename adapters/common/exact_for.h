// ExactFor<G>: the ExactProbe (exact.h) of game core G — its search hooks' ExactKnowledge on
// the games of one variant, with moves written as tokens. Made by the game's descriptor
// (game_descriptor.h: describe<G>).
#pragma once

#include <memory>
#include <optional>
#include <utility>

#include "adapters/common/any_game.h"
#include "adapters/common/exact.h"
#include "engine/search/hooks.h"

namespace triad::adapters {

template <HasNotation G>
class ExactFor final : public ExactProbe {
 public:
  using Knowledge = typename engine::SearchHooks<G>::ExactKnowledge;

  // `variant`: a game of the variant (its position does not matter), kept for the rules.
  ExactFor(std::unique_ptr<TypedGame<G>> variant, const engine::ExactSource& source)
      : variant_(std::move(variant)), known_(variant_->game(), source) {}

  std::optional<ExactAnswer> probe(const AnyGame& game, bool with_move) override {
    const auto* typed = dynamic_cast<const TypedGame<G>*>(&game);
    if (!typed) return std::nullopt;
    const auto& pos = typed->line().current();
    const auto value = known_.probe(pos, with_move);
    if (!value) return std::nullopt;
    ExactAnswer out{value->result, value->plies, {}, value->from_data};
    if (value->best) out.best = Notation<G>::format_move(variant_->game(), pos, *value->best);
    return out;
  }

 private:
  std::unique_ptr<TypedGame<G>> variant_;
  Knowledge known_;
};

namespace detail {

// The ExactProbe of G for `game`'s variant; nothing for a game of another kind or when G's
// hooks know no position's value (NoExactKnowledge).
template <HasNotation G>
std::unique_ptr<ExactProbe> make_exact(std::unique_ptr<AnyGame> game,
                                       const engine::ExactSource& source) {
  if constexpr (!engine::SearchHooks<G>::ExactKnowledge::kAvailable) {
    return nullptr;
  } else {
    auto* typed = dynamic_cast<TypedGame<G>*>(game.get());
    if (!typed) return nullptr;
    game.release();
    return std::make_unique<ExactFor<G>>(std::unique_ptr<TypedGame<G>>(typed), source);
  }
}

}  // namespace detail

}  // namespace triad::adapters
