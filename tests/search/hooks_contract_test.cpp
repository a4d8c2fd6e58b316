// The search hooks contract (engine/search/hooks.h) is checked at compile time: every game's
// SearchHooks<G> satisfies SearchHooksFor, and hooks with a hook missing do not. The file
// has no TEST: a broken contract fails the build of search_tests.
#include "engine/games/ivesdama/search_hooks.h"
#include "engine/games/razzle/search_hooks.h"
#include "engine/games/yinyang/search_hooks.h"
#include "engine/search/hooks.h"

namespace triad::engine {
namespace {

using Razzle = games::razzle::Game;

static_assert(SearchHooksFor<SearchHooks<Razzle>, Razzle>);
static_assert(SearchHooksFor<SearchHooks<games::yinyang::Game>, games::yinyang::Game>);
static_assert(SearchHooksFor<SearchHooks<games::ivesdama::Game>, games::ivesdama::Game>);

// Everything but the root solver and kStaticLeaf: no silent default fills the gap.
struct WithoutRootSolver {
  using G = Razzle;
  static constexpr bool kCanRepeat = true;
  static int move_key(const G&, const G::Position&, const G::Move&) { return -1; }
  static bool is_tactical(const G&, const G::Position&, const G::Move&) { return false; }
  static void prepare(const G&) {}
  static int moves_left(const G&, const G::Position&) { return 30; }
  static bool solve(const G&, const G::Position&, int, SolveResult&) { return false; }
};
static_assert(!SearchHooksFor<WithoutRootSolver, Razzle>);

// Claims static leaves but does not define static_leaf.
struct StaticLeafWithoutFunction : SearchHooks<games::yinyang::Game> {
  static constexpr bool kStaticLeaf = true;
};
static_assert(!SearchHooksFor<StaticLeafWithoutFunction, games::yinyang::Game>);

}  // namespace
}  // namespace triad::engine
