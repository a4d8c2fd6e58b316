// The search hooks contract (engine/search/hooks.h) is checked at compile time: every game's
// SearchHooks<G> satisfies SearchHooksFor, and hooks with a hook missing do not — the
// whole-game solver included (GameSolver: missing, for another game, or incomplete, e.g.
// without can_solve), and the exact knowledge (ExactKnowledge: missing, or claimed without a
// probe). The file has no TEST: a broken contract fails the build of search_tests.
#include "engine/games/ivesdama/search_hooks.h"
#include "engine/games/razzle/search_hooks.h"
#include "engine/games/yinyang/game_solver.h"
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

// Every hook but GameSolver and ExactKnowledge (whose type the solvers take).
struct HooksWithoutSolverOrKnowledge {
  using G = Razzle;
  static constexpr bool kCanRepeat = true;
  static constexpr bool kStaticLeaf = false;
  static constexpr int kNetKinds = 0;
  using ThreadTables = NoThreadTables;
  static int move_key(const G&, const G::Position&, const G::Move&) { return -1; }
  static bool is_tactical(const G&, const G::Position&, const G::Move&) { return false; }
  static void prepare(const G&) {}
  static int moves_left(const G&, const G::Position&) { return 30; }
  static bool solve(const G&, const G::Position&, int, SolveResult&, ThreadTables&,
                    const NoExactKnowledge&) {
    return false;
  }
  static std::optional<RootSolution<G::Move>> solve_root(const G&, const G::Position&, std::int64_t,
                                                         const StopCheck&, ThreadTables&,
                                                         const NoExactKnowledge&) {
    return std::nullopt;
  }
};

// A game without a whole-game solver says so (NoGameSolver).
struct WithoutGameSolver : HooksWithoutSolverOrKnowledge {
  using ExactKnowledge = NoExactKnowledge;
};
static_assert(!SearchHooksFor<WithoutGameSolver, Razzle>);
struct WithNoGameSolver : WithoutGameSolver {
  using GameSolver = NoGameSolver;
};
static_assert(SearchHooksFor<WithNoGameSolver, Razzle>);  // the solver was the only gap

// A game without exact knowledge says so (NoExactKnowledge).
struct WithoutExactKnowledge : HooksWithoutSolverOrKnowledge {
  using GameSolver = NoGameSolver;
};
static_assert(!SearchHooksFor<WithoutExactKnowledge, Razzle>);

// The games' exact knowledge fits them; a knowledge that claims to be available but cannot be
// probed does not.
static_assert(ExactKnowledgeFor<games::yinyang::ExactKnowledge, games::yinyang::Game>);
static_assert(ExactKnowledgeFor<games::ivesdama::ExactKnowledge, games::ivesdama::Game>);
static_assert(!ExactKnowledgeFor<games::ivesdama::ExactKnowledge, Razzle>);
struct KnowledgeWithoutProbe {
  static constexpr bool kAvailable = true;
  KnowledgeWithoutProbe(const Razzle&, const ExactSource&) {}
};
static_assert(!ExactKnowledgeFor<KnowledgeWithoutProbe, Razzle>);

// Claims a learned evaluation's kinds of men but cannot describe its board.
struct NetKindsWithoutNetBoard : WithNoGameSolver {
  static constexpr int kNetKinds = 3;
};
static_assert(!SearchHooksFor<NetKindsWithoutNetBoard, Razzle>);

// Yin Yang's solver on Razzle Dazzle: its moves and positions are another game's.
static_assert(GameSolverFor<games::yinyang::GameSolver, games::yinyang::Game,
                            games::yinyang::ExactKnowledge>);
struct WithAnotherGamesSolver : WithoutGameSolver {
  using GameSolver = games::yinyang::GameSolver;
};
static_assert(!SearchHooksFor<WithAnotherGamesSolver, Razzle>);

// Claims to be available but cannot solve.
struct SolverWithoutSolve {
  static constexpr bool kAvailable = true;
  static constexpr int kMaxMargin = 1;
  void configure(std::size_t, int) {}
  std::uint64_t nodes() const { return 0; }
  int hashfull() const { return 0; }
};
struct WithSolverWithoutSolve : WithoutGameSolver {
  using GameSolver = SolverWithoutSolve;
};
static_assert(!SearchHooksFor<WithSolverWithoutSolve, Razzle>);

// Íves dáma's solver (its table files) fits its game.
static_assert(GameSolverFor<games::ivesdama::GameSolver, games::ivesdama::Game,
                            games::ivesdama::ExactKnowledge>);
// Solves, but cannot say which positions it cannot solve.
struct SolverWithoutCanSolve : SolverWithoutSolve {
  std::optional<SolveOutcome<Razzle::Move>> solve(
      const Razzle&, const NoExactKnowledge&, const Razzle::Position&, bool,
      const std::function<void(const SolveProgress<Razzle::Move>&)>&, const StopCheck&) {
    return std::nullopt;
  }
};
struct WithSolverWithoutCanSolve : WithoutGameSolver {
  using GameSolver = SolverWithoutCanSolve;
};
static_assert(!SearchHooksFor<WithSolverWithoutCanSolve, Razzle>);
struct WithSolverThatCanSolve : WithoutGameSolver {
  struct GameSolver : SolverWithoutCanSolve {
    static Result<void> can_solve(const Razzle&, const NoExactKnowledge&, const Razzle::Position&) {
      return {};
    }
  };
};
static_assert(SearchHooksFor<WithSolverThatCanSolve, Razzle>);  // can_solve was the only gap

}  // namespace
}  // namespace triad::engine
