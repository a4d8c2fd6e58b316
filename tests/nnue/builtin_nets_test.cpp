// The built-in nets (nets/<game>.nnue, compiled in): each names a registered game, reads with
// every check of a net file, binds to the board of every built-in variant of its game, and a
// search with it plays a legal move.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "adapters/common/game_registry.h"
#include "adapters/common/variants.h"
#include "adapters/nnue/builtin_nets.h"
#include "adapters/nnue/net_file.h"

namespace triad {
namespace {

TEST(BuiltinNets, EachReadsAndBindsToEveryVariantOfItsGameAndSearches) {
  const auto registry = adapters::VariantRegistry::builtin();
  for (const std::string_view game : adapters::nnue::builtin_net_games()) {
    SCOPED_TRACE(std::string(game));
    const auto* descriptor = adapters::find_game(game);
    ASSERT_NE(descriptor, nullptr) << "nets/" << game << ".nnue names no registered game";
    auto file = adapters::nnue::builtin_net_file(game);
    ASSERT_TRUE(file);
    ASSERT_TRUE(*file) << file->error().message;
    const auto* net = &**file;
    EXPECT_EQ(net->game, game);
    int variants = 0;
    for (const std::string& variant : registry.names()) {
      auto any = registry.create(variant);
      ASSERT_TRUE(any);
      if ((*any)->game_name() != game) continue;
      ++variants;
      auto engine = adapters::make_engine(std::move(*any), 1);
      ASSERT_TRUE(engine);
      auto model = (*engine)->bind_net(net->net, net->letters, net->points);
      ASSERT_TRUE(model) << variant << ": " << model.error().message;
      adapters::SearchRequest request;
      request.limits.depth = 4;
      request.config.learned = *model;
      ASSERT_TRUE((*engine)->prepare());
      const auto best = (*engine)->search(request, [](const adapters::TextInfo&) {});
      EXPECT_TRUE((*engine)->game().is_legal(best.best)) << variant << ": " << best.best;
    }
    EXPECT_GT(variants, 0);
  }
}

}  // namespace
}  // namespace triad
