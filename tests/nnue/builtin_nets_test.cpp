// The built-in nets (nets/<name>.nnue, compiled in): each is named after a registered game or
// a built-in variant, reads with every check of a net file, is for that game (a variant's
// own net was trained on that variant), binds to the board of every built-in variant it
// serves (its own, or each of its game's that has no net of its own), and a search with it
// plays a legal move.
#include <gtest/gtest.h>

#include <string>

#include "adapters/common/game_registry.h"
#include "adapters/common/variants.h"
#include "adapters/nnue/builtin_nets.h"
#include "adapters/nnue/net_file.h"

namespace triad {
namespace {

TEST(BuiltinNets, EachReadsAndBindsToEveryVariantItServesAndSearches) {
  const auto registry = adapters::VariantRegistry::builtin();
  for (const std::string_view name : adapters::nnue::builtin_net_names()) {
    SCOPED_TRACE(std::string(name));
    const bool for_game = adapters::find_game(name) != nullptr;
    auto named_variant = registry.create(std::string(name));
    ASSERT_TRUE(for_game || named_variant)
        << "nets/" << name << ".nnue names no registered game and no built-in variant";
    const std::string game(for_game ? name : (*named_variant)->game_name());
    auto file = adapters::nnue::builtin_net_file(name, name);  // the file of this name
    ASSERT_TRUE(file);
    ASSERT_TRUE(*file) << file->error().message;
    const auto* net = &**file;
    EXPECT_EQ(net->game, game);
    if (!for_game) {
      EXPECT_EQ(net->variant, name);
    }
    int variants = 0;
    for (const std::string& variant : registry.names()) {
      auto any = registry.create(variant);
      ASSERT_TRUE(any);
      const bool served = for_game ? (*any)->game_name() == game &&
                                         (variant == game || !adapters::nnue::builtin_net(variant))
                                   : variant == name;
      if (!served) continue;
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
