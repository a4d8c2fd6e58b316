// triad-ivesdama-prove: proves the result of an Íves dáma position with perfect play by
// proof-number search (dfpn.h) down to the endgame tables, writes the proof file
// (proof_file.h) and reports the result only once the checker (check.h) has verified it.
//   triad-ivesdama-prove -tables tb/ivesdama -file start.proof -seconds 600
//   triad-ivesdama-prove -tables tb/ivesdama -file p.proof -position "<line>" -nodes 1000000
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "adapters/common/text.h"
#include "adapters/ivesdama/notation.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"
#include "runner/value_parsers.h"
#include "tools/ivesdama_prove/check.h"
#include "tools/ivesdama_prove/dfpn.h"
#include "tools/ivesdama_prove/setup.h"

namespace {

namespace runner = triad::runner;
namespace po = boost::program_options;
namespace iv = triad::games::ivesdama;
using namespace triad::tools::ivesdama;
using N = triad::adapters::Notation<iv::Game>;
using triad::engine::Player;
constexpr const char* kProgram = "triad-ivesdama-prove";

struct Claim {
  Player claimant;
  Goal goal;
};

std::string claim_text(const Claim& c) {
  return std::string(c.claimant == Player::kOne ? "Player 1" : "Player 2") +
         (c.goal == Goal::kWin ? " wins" : " does not lose");
}

int run(int argc, char** argv) {
  po::options_description opts;
  add_setup_options(opts);
  opts.add_options()("file", po::value<std::string>()->required(),
                     "FILE: the proof file to write (replaced)")(
      "position", po::value<std::string>(), "LINE: the position to prove (default: the start)")(
      "nodes", po::value<std::string>()->default_value("0"),
      "N: stop after this many positions expanded, all searches together (0 = no limit)")(
      "seconds", po::value<std::string>()->default_value("0"),
      "N: stop after this many seconds (0 = no limit)")(
      "memory", po::value<std::string>()->default_value("1024"),
      "MB: the transposition table (1 to 1048576); the search stops when it is full (the "
      "fixed point after a search takes about 350 bytes more per position expanded)")(
      "maxdepth", po::value<std::string>()->default_value("1000"),
      "PLIES: lines longer than this count as failed (1 to 100000)");
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (runner::asks_help(words)) {
    std::cout << runner::help_text(
        {"triad-ivesdama-prove -tables DIR -file FILE [options]",
         "Proves the result of an Íves dáma position with perfect play by proof-number search "
         "down to the endgame tables, writes the proof and reports the result once "
         "triad-ivesdama-check's verification accepts it (docs/tables.md \"Proofs\").",
         "not proved: a limit or Ctrl-C stopped the search (its frontier is printed), or the "
         "proof found was refused by the verification",
         ""},
        opts);
    return runner::kExitOk;
  }
  const auto vm = runner::parse_words(kProgram, words, opts);
  if (!vm) return runner::report_error(kProgram, vm.error().message);
  std::uint64_t nodes = 0, seconds = 0, memory_mb = 0;
  int max_depth = 0;
  const auto numbers = [&]() -> triad::Result<void> {
    TRIAD_ASSIGN(nodes, runner::int_option<std::uint64_t>(*vm, "-nodes", 0, runner::kMaxNodes));
    TRIAD_ASSIGN(seconds, runner::int_option<std::uint64_t>(*vm, "-seconds", 0, 1'000'000'000));
    TRIAD_ASSIGN(memory_mb, runner::int_option<std::uint64_t>(*vm, "-memory", 1, 1 << 20));
    TRIAD_ASSIGN(max_depth, runner::int_option(*vm, "-maxdepth", 1, 100'000));
    return {};
  }();
  if (!numbers) return runner::report_error(kProgram, numbers.error().message);
  const auto setup = open_setup(*vm);
  if (!setup) return runner::report_error(kProgram, setup.error().message);
  const iv::Game& game = setup->ives();
  iv::Position root = game.start_position();
  if (vm->count("position")) {
    const auto p = N::parse_position(game, (*vm)["position"].as<std::string>());
    if (!p) return runner::report_error(kProgram, "-position: " + p.error().message);
    root = *p;
  }
  const std::string file = (*vm)["file"].as<std::string>();

  std::atomic<bool> interrupted{false};
  runner::SignalWatcher signals([&] { interrupted = true; }, [] {});
  const auto start = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  SearchLimits limits{static_cast<std::size_t>(memory_mb) << 20, max_depth,
                      [&] { return interrupted || (seconds && elapsed() >= double(seconds)); }};
  ProofSearch search(game, *setup->tables, limits);
  ProofDocument doc{.variant = setup->variant, .root = N::format_position(game, root), .parts = {}};
  const Player stm = root.side_to_move, other = triad::engine::other(stm);
  // A win for either side needs one proof; a draw needs both sides' "does not lose". A
  // repetition is a draw, so a draw is proved as two "does not lose" (the search finds such a
  // proof through repetitions, where a win's disproof would need every line to end).
  // The claims are searched in rounds with a doubling node budget each.
  const Claim claims[] = {
      {stm, Goal::kWin}, {other, Goal::kWin}, {stm, Goal::kNotLose}, {other, Goal::kNotLose}};
  std::optional<bool> status[4];
  std::optional<ProofPart> parts[4];
  std::uint64_t total = 0;
  const auto decided = [&] {
    for (int i : {0, 1})
      if (status[i] == true || status[3 - i] == false) return true;  // a win, or a loss disproved
    return status[2] == true && status[3] == true;
  };
  const auto out_of_budget = [&] { return (nodes && total >= nodes) || limits.stop(); };
  for (std::uint64_t budget = 10'000; !decided() && !out_of_budget(); budget *= 2) {
    for (int i = 0; i < 4 && !decided() && !out_of_budget(); ++i) {
      // Settled claims, and a side's win once the other side is proved not to lose.
      if (status[i] || (i < 2 && status[3 - i] == true)) continue;
      const Claim& c = claims[i];
      const auto r =
          search.search(root, c.claimant, c.goal, nodes ? std::min(budget, nodes - total) : budget);
      const auto& s = search.stats();
      total += s.nodes;
      std::printf(
          "%s: %s after %llu nodes, %.1f s (root pn %u dn %u, %zu table entries, "
          "largest position solved %d stones%s)\n",
          claim_text(c).c_str(),
          !r                 ? "open"
          : !*r              ? "disproved"
          : s.by_fixed_point ? "proved by the fixed point over the expanded positions"
                             : "proved",
          static_cast<unsigned long long>(s.nodes), elapsed(), s.root_pn, s.root_dn, s.entries,
          s.largest_solved, s.table_full ? ", memory limit reached" : "");
      std::fflush(stdout);
      if (s.table_full && r != true) {
        std::cout << "not proved: the memory limit stopped the search (" << total << " nodes)"
                  << std::endl;
        return runner::kExitFailed;
      }
      status[i] = r;
      if (r == true) parts[i] = search.proof();
    }
  }
  if (!decided()) {
    std::cout << "not proved: a limit stopped the search after " << total << " nodes, " << elapsed()
              << " s" << std::endl;
    return runner::kExitFailed;
  }
  for (int i : {0, 1})
    if (status[i] == true) doc.parts = {*parts[i]};
  if (doc.parts.empty()) {
    for (int i : {0, 1})
      if (status[3 - i] == false) {  // a side's loss is disproved: prove the other's win
        std::cout << "not proved: " << claim_text(claims[3 - i])
                  << " was disproved but the win is not proved" << std::endl;
        return runner::kExitFailed;
      }
    doc.parts = {*parts[2], *parts[3]};
  }
  const std::string text = format_proof(doc);
  if (!(std::ofstream(file) << text))
    return runner::report_error(kProgram,
                                "-file: " + triad::adapters::quote(file) + ": cannot be written");
  std::istringstream back(text);
  const auto reread = parse_proof(back, file);
  const auto checked = reread ? check_proof(*reread, game, *setup->tables)
                              : triad::Result<CheckResult>(reread.error());
  if (!checked) {
    std::cout << "not proved: the verification refused the proof: " << checked.error().message
              << std::endl;
    return runner::kExitFailed;
  }
  std::cout << "proved and verified: " << checked->verdict << " from " << doc.root << " ("
            << checked->nodes << " proof nodes, " << checked->leaves << " leaves, "
            << checked->cycles << " cycles; " << file << ")" << std::endl;
  return runner::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  return runner::run_main(kProgram, [&] { return run(argc, argv); });
}
