// triad-yinyang-prove: proves who wins a Yin Yang position with perfect play, resumably.
// The proof (every proved position, see proof_file.h) is appended to --file as it grows;
// run the same command again after an interruption (Ctrl-C, kill, reboot) and it continues.
//   triad-yinyang-prove --file start.proof --split 6               the start position
//   triad-yinyang-prove --file p.proof --position "<line>" --split 2
//   triad-yinyang-prove --file d4.proof --all-at-ply 4 --split 0   every position 4 plies in
//   triad-yinyang-prove --file start.proof --split 6 --deepen 10   the winner's moves to ply 10
//   triad-yinyang-prove --file start.proof --verify 100            check the tree, re-solve 100
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>

#include <boost/program_options.hpp>

#include "adapters/common/text.h"
#include "adapters/yinyang/notation.h"
#include "adapters/yinyang/proof_text.h"
#include "engine/games/yinyang/prover.h"
#include "engine/games/yinyang/symmetry.h"
#include "runner/command_line.h"
#include "tools/yinyang_prove/proof_file.h"
#include "tools/yinyang_prove/verify.h"

namespace {

namespace yy = triad::games::yinyang;
using N = triad::adapters::Notation<yy::Game>;
std::atomic<bool> interrupted{false};

extern "C" void on_signal(int) {
  interrupted = true;
}

// More distinct positions than this at one ply is refused (memory; 8 plies from the start
// already give millions).
constexpr std::size_t kMaxLevel = 1'000'000;

// The distinct positions (stones and side to move) exactly `plies` plies below `root` with
// a move to play, one per symmetry class (mirror images have the same value), in a fixed
// order; nothing if a level grows beyond kMaxLevel.
std::optional<std::vector<yy::Position>> positions_at(const yy::Game& g, const yy::Position& root,
                                                      int plies) {
  std::vector<yy::Position> level{root};
  for (int d = 0; d < plies; ++d) {
    std::set<std::tuple<std::uint64_t, std::uint64_t, bool>> seen;  // canonical keys
    std::vector<yy::Position> next;
    for (const auto& p : level) {
      yy::MoveList moves;
      g.generate(p, {}, moves);
      for (const auto& m : moves) {
        const auto c = g.make(p, m);
        const auto key = yy::canonical_key(c);  // one position per symmetry class
        if (seen.emplace(key.light, key.dark, key.player_one).second) next.push_back(c);
        if (next.size() > kMaxLevel || interrupted) return std::nullopt;
      }
    }
    level = std::move(next);
  }
  std::erase_if(level, [&](const yy::Position& p) { return g.count_moves(p, {}) == 0; });
  return level;
}

// --verify: checks the file (verify.h); exit 0 when all agree, 1 otherwise.
int run_verify(const triad::tools::ProofFile& file, const triad::tools::VerifySettings& settings) {
  const auto report =
      triad::tools::verify_proofs(file, settings, [] { return interrupted.load(); });
  for (const auto& f : report.failures) std::cout << "FAILED " << f << "\n";
  std::cout << "verified " << report.inner << " inner proofs against their children, re-solved "
            << report.by_reference << " with the reference solver and " << report.by_fast
            << " with the fast solver on a mirror image (" << report.left_out
            << " solved positions with more than " << settings.max_empties
            << " empty squares and more than " << settings.max_nodes << " solver nodes left out): "
            << (report.failures.empty() ? "all agree"
                                        : std::to_string(report.failures.size()) + " disagree")
            << (report.stopped ? " (interrupted)" : "") << std::endl;
  return report.failures.empty() && !report.stopped ? triad::runner::kExitOk
                                                    : triad::runner::kExitFailed;
}

const char* winner_text(const yy::Position& p, bool side_to_move_wins) {
  const bool p1 = (p.side_to_move == triad::engine::Player::kOne) == side_to_move_wins;
  return p1 ? "Player 1 wins" : "Player 2 wins";
}

constexpr const char* kProgram = "triad-yinyang-prove";

int prove(int argc, char** argv) {
  namespace runner = triad::runner;
  namespace po = boost::program_options;
  std::string file, position;
  int split = 4, threads = 1, all_at_ply = -1, max_empties = 20, deepen = -1;
  std::size_t hash_mb = 256, verify = 0;
  std::uint64_t seed = 1, max_nodes = 0;
  po::options_description opts;
  opts.add_options()("file", po::value(&file)->required(),
                     "proof file: read back at start (resume), appended as proofs land")(
      "position", po::value(&position), "position line to prove (default: the start)")(
      "split", po::value<std::string>()->default_value("4"),
      "plies walked as an AND/OR tree before the solver takes each position (0-32)")(
      "all-at-ply", po::value<std::string>(),
      "prove every distinct position this many plies below the position instead (0-32)")(
      "deepen", po::value<std::string>(),
      "after the proof, extend the winner's strategy to this many plies: a proved winning move "
      "for every position of it down to that depth, every loser's move above it (0-32; not "
      "with --all-at-ply)")("threads", po::value<std::string>()->default_value("1"),
                            "solver threads (1-256)")(
      "hash", po::value<std::string>()->default_value("256"), "solver table in MB (1-65536)")(
      "verify", po::value<std::string>(),
      "prove nothing: check every inner proof of the file against its children, and solve "
      "this many random proofs again from scratch, checking each value and winning move "
      "(0 = every proof)")(
      "max-empties", po::value<std::string>()->default_value("20"),
      "--verify: re-solve proofs up to this many empty squares with the reference solver "
      "(0-32)")(
      "max-nodes", po::value<std::string>()->default_value("0"),
      "--verify: re-solve larger solved positions that took at most this many solver nodes "
      "with the fast solver on a mirror image")(
      "seed", po::value<std::string>()->default_value("1"), "--verify: which proofs are drawn");
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (runner::asks_help(words)) {
    std::cout << runner::help_text(
        {"triad-yinyang-prove --file FILE [options]",
         "Proves who wins a Yin Yang position with perfect play, resumably (run the same "
         "command again after an interruption), or checks a proof file (--verify).",
         "--verify found proofs that disagree, or the run was interrupted (run it again to "
         "continue)",
         ""},
        opts);
    return runner::kExitOk;
  }
  auto parsed = runner::parse_words(kProgram, words, opts);
  if (!parsed) return runner::report_error(kProgram, parsed.error().message);
  const po::variables_map& vm = *parsed;
  // Every number whole and in range (runner::parse_int's one wording).
  const auto numbers = [&]() -> triad::Result<void> {
    TRIAD_ASSIGN(split, runner::int_option(vm, "--split", 0, 32));
    TRIAD_ASSIGN(threads, runner::int_option(vm, "--threads", 1, 256));
    TRIAD_ASSIGN(hash_mb, runner::int_option<std::size_t>(vm, "--hash", 1, 65536));
    TRIAD_ASSIGN(max_empties, runner::int_option(vm, "--max-empties", 0, 32));
    TRIAD_ASSIGN(max_nodes, runner::int_option<std::uint64_t>(vm, "--max-nodes", 0, UINT64_MAX));
    TRIAD_ASSIGN(seed, runner::int_option<std::uint64_t>(vm, "--seed", 0, UINT64_MAX));
    if (vm.count("all-at-ply"))
      TRIAD_ASSIGN(all_at_ply, runner::int_option(vm, "--all-at-ply", 0, 32));
    if (vm.count("deepen")) TRIAD_ASSIGN(deepen, runner::int_option(vm, "--deepen", 0, 32));
    if (vm.count("verify"))
      TRIAD_ASSIGN(verify, runner::int_option<std::size_t>(vm, "--verify", 0, SIZE_MAX));
    if (deepen >= 0 && all_at_ply >= 0)
      return triad::make_error("--deepen and --all-at-ply cannot be combined");
    return {};
  }();
  if (!numbers) return runner::report_error(kProgram, numbers.error().message);
  const bool verifying = vm.count("verify") > 0;
  if (verifying && !std::filesystem::exists(file)) {
    return runner::report_error(
        kProgram, "--verify: " + triad::adapters::quote(file) + ": no such proof file");
  }
  const yy::Game g;
  yy::Position root = g.start_position();
  if (!position.empty()) {
    auto p = N::parse_position(g, position);
    if (!p) {
      return runner::report_error(kProgram, "--position: " + p.error().message);
    }
    root = *p;
  }
  auto store = triad::tools::ProofFile::open(file, verifying);
  if (!store) {
    return runner::report_error(kProgram, store.error().message);
  }
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  if (verifying) return run_verify(**store, {verify, seed, max_empties, max_nodes, hash_mb});
  std::cout << "proof file " << file << ": " << (*store)->size() << " positions already proved"
            << std::endl;

  // Reports each newly proved position as it is stored.
  struct Reporting final : yy::ProofStore {
    triad::tools::ProofFile& file;
    explicit Reporting(triad::tools::ProofFile& f) : file(f) {}
    std::optional<yy::ProvedPosition> find(const yy::Position& p) const override {
      return file.find(p);
    }
    void add(const yy::ProvedPosition& p) override {
      file.add(p);
      if (p.nodes > 0)
        std::cout << "solved " << triad::adapters::yinyang::format_proof_line(p) << std::endl;
    }
  } reporting(**store);

  yy::Solver solver;
  solver.set_memory(hash_mb << 20);
  solver.set_threads(threads);
  yy::Prover prover(solver, reporting, split);
  const auto stop = [] { return interrupted.load(); };
  const auto start = std::chrono::steady_clock::now();
  std::vector<yy::Position> targets{root};
  if (all_at_ply >= 0) {
    auto level = positions_at(g, root, all_at_ply);
    if (!level) {
      return runner::report_error(kProgram, "--all-at-ply " + std::to_string(all_at_ply) +
                                                ": more than 1000000 distinct positions (use "
                                                "fewer plies)");
    }
    targets = std::move(*level);
  }
  int proved = 0;
  for (const auto& t : targets) {
    const auto r = deepen >= 0 ? prover.deepen(t, deepen, stop) : prover.prove(t, stop);
    if (!r) break;
    ++proved;
    if (all_at_ply < 0)
      std::cout << "proved: " << winner_text(t, *r) << " from " << N::format_position(g, t)
                << std::endl;
  }
  if (prover.contradictions() > 0)
    std::cout << "warning: " << prover.contradictions()
              << " positions the file proves won are lost: the file was altered (run --verify)"
              << std::endl;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "%d of %zu positions proved, %d solved in this run, %d moves skipped as mirror images, "
      "%.1f s, %llu solver nodes%s\n",
      proved, targets.size(), prover.solved(), prover.skipped_by_symmetry(), seconds,
      static_cast<unsigned long long>(solver.nodes()),
      interrupted ? " (interrupted: run again to continue)" : "");
  return interrupted ? runner::kExitFailed : runner::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  return triad::runner::run_main(kProgram, [&] { return prove(argc, argv); });
}
