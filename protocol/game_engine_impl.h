// EngineFor<G>: the GameEngine of one game type — a TypedGame<G> plus a lazily created
// Searcher<G>; converts between move tokens and G::Move at the boundary. Instantiated once
// per game in game_engine.cpp.
#pragma once

#include <memory>
#include <new>
#include <utility>

#include "adapters/common/any_game.h"
#include "engine/search/searcher.h"
#include "protocol/game_engine.h"

namespace triad::protocol {

template <adapters::HasNotation G>
class EngineFor final : public GameEngine {
 public:
  using Move = typename G::Move;
  using N = adapters::Notation<G>;

  EngineFor(adapters::TypedGame<G> game, std::size_t hash_mb)
      : game_(std::move(game)), hash_mb_(hash_mb) {}

  adapters::AnyGame& game() override { return game_; }
  const adapters::AnyGame& game() const override { return game_; }
  void adopt(const adapters::AnyGame& state) override {
    game_ = dynamic_cast<const adapters::TypedGame<G>&>(state);
  }

  Result<void> set_hash_mb(std::size_t mb) override {
    if (searcher_) {
      try {
        searcher_->set_hash_mb(mb);
      } catch (const std::bad_alloc&) {
        searcher_->set_hash_mb(hash_mb_);
        return make_error("setoption Hash : cannot allocate " + std::to_string(mb) + " MB");
      }
    }
    hash_mb_ = mb;
    return {};
  }

  Result<void> prepare() override {
    if (searcher_) return {};
    try {
      auto searcher = std::make_unique<engine::Searcher<G>>(game_.game());
      searcher->set_hash_mb(hash_mb_);
      searcher_ = std::move(searcher);
    } catch (const std::bad_alloc&) {
      return make_error("hash : cannot allocate " + std::to_string(hash_mb_) +
                        " MB (lower the Hash option)");
    }
    return {};
  }

  void clear_hash() override {
    if (searcher_) searcher_->clear();
  }

  Result<void> validate(const SearchRequest& request) const override {
    auto moves = parse_searchmoves(request);
    if (!moves) return moves.error();
    return {};
  }

  TextBestMove search(const SearchRequest& request, const InfoSink& on_info) override {
    const auto line = game_.line();  // a private copy: the session may not touch it meanwhile
    const auto searchmoves = parse_searchmoves(request);
    auto result = searcher_->search(
        line, request.limits, request.config, searchmoves ? *searchmoves : std::vector<Move>{},
        [&](const engine::SearchInfo<Move>& info) { on_info(to_text(line, info)); });
    TextBestMove out;
    const auto& g = game_.game();
    const auto& root = line.current();
    if (result.best) {
      out.best = N::format_move(g, root, *result.best);
      if (result.ponder) out.ponder = N::format_move(g, g.make(root, *result.best), *result.ponder);
    }
    return out;
  }

  void stop() override { searcher_->stop(); }
  void ponderhit() override { searcher_->ponderhit(); }

 private:
  Result<std::vector<Move>> parse_searchmoves(const SearchRequest& request) const {
    std::vector<Move> out;
    const auto& line = game_.line();
    for (const auto& token : request.searchmoves) {
      auto m = N::parse_move(game_.game(), line.current(), line.history(), token);
      if (!m) return make_error("go searchmoves " + token + " : " + m.error().message);
      out.push_back(*m);
    }
    return out;
  }

  TextInfo to_text(const engine::GameLine<G>& line, const engine::SearchInfo<Move>& info) const {
    TextInfo t{info.depth, info.seldepth, info.multipv,  info.score,   info.bound,
               info.nodes, info.nps,      info.hashfull, info.time_ms, {}};
    const auto& g = line.game();
    auto pos = line.current();
    for (const auto& m : info.pv) {
      t.pv.push_back(N::format_move(g, pos, m));
      pos = g.make(pos, m);
    }
    return t;
  }

  adapters::TypedGame<G> game_;
  std::size_t hash_mb_;
  std::unique_ptr<engine::Searcher<G>> searcher_;
};

}  // namespace triad::protocol
