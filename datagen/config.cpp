// triad-datagen's command line, in the one convention of Triad's programs
// (runner/command_line.h: one or two dashes, the help layout, one range-error wording).
#include "datagen/config.h"

#include "learn/data_file.h"
#include "runner/command_line.h"
#include "runner/engine_spec.h"

namespace triad::datagen {

namespace {

namespace po = boost::program_options;

const runner::Help kHelp{
    "triad-datagen -games N -output FILE [options]",
    "Plays Triad against itself at a fixed node budget and writes the kept positions with their "
    "search scores and game results to a binary data file.",
    "the run failed after it started (an output could not be written); the same command "
    "continues",
    "interrupted (Ctrl-C, SIGTERM); the same command continues"};

po::options_description describe() {
  po::options_description d;
  // clang-format off
  d.add_options()
    ("help", "this text")
    ("variant", po::value<std::string>()->default_value("razzledazzle"), "NAME: the variant played")
    ("variants", po::value<std::vector<std::string>>()->composing(), "FILE: more variants (YAML, docs/protocol.md); may be repeated")
    ("games", po::value<std::string>(), "N: games 0..N-1 (a resumed run may ask for more)")
    ("nodes", po::value<std::string>()->default_value("5000"), "N: nodes searched per move")
    ("randomplies", po::value<std::string>()->default_value("8"), "N: uniformly random legal plies at the start of each game (not written)")
    ("randommoves", po::value<std::string>()->default_value("0"), "PCT: after the random plies, this per cent of the plies play a uniformly random legal move instead of the search's (the position and its search score are written; the game goes on from the random move)")
    ("openings", po::value<std::string>(), "FILE: start game i from line i mod count of a suite (position lines [moves ...], as triad-match reads them), then the random plies")
    ("seed", po::value<std::string>()->default_value("1"), "N: game i is determined by the seed and i")
    ("maxplies", po::value<std::string>()->default_value("400"), "N: a game still going after N plies of self-play counts as a draw")
    ("hash", po::value<std::string>()->default_value("16"), "MB: each search's tables")
    ("evalfile", po::value<std::string>(), "FILE: search with the learned evaluation of this net file (triad-train's, for the variant's game and board) instead of the classical one")
    ("option", po::value<std::vector<std::string>>()->composing(), "NAME=V: a strength option of the search, as triad's --option (UCI_LimitStrength, UCI_Elo, Skill Level, Skill Seed; docs/strength.md): the games are played at that level; may be repeated")
    ("output", po::value<std::string>(), "FILE: the data file; an existing one made with the same settings is continued")
    ("concurrency", po::value<std::string>()->default_value("1"), "K: games played at once (with -mpi: on each worker rank)");
  runner::add_distributed_options(d);
  d.add_options()
    ("quiet", "no progress bar");
  // clang-format on
  return d;
}

Result<DatagenConfig> build(const po::variables_map& vm) {
  DatagenConfig c;
  if (!vm.count("games")) return make_error("no -games N (how many games to play)");
  if (!vm.count("output")) return make_error("no -output FILE (the data file)");
  c.variant = vm["variant"].as<std::string>();
  if (vm.count("variants"))
    for (const auto& file : vm["variants"].as<std::vector<std::string>>())
      if (auto r = c.variants.load_file(file); !r)
        return make_error("-variants: " + r.error().message);
  TRIAD_ASSIGN(c.games, runner::int_option<std::int64_t>(
                            vm, "-games", 1, static_cast<std::int64_t>(learn::kMaxGames)));
  TRIAD_ASSIGN(c.nodes, runner::int_option<std::uint64_t>(vm, "-nodes", 1, std::uint64_t{1} << 40));
  TRIAD_ASSIGN(c.random_plies, runner::int_option<int>(vm, "-randomplies", 0, 1000));
  TRIAD_ASSIGN(c.random_moves, runner::int_option<int>(vm, "-randommoves", 0, 100));
  if (vm.count("openings")) c.openings = vm["openings"].as<std::string>();
  TRIAD_ASSIGN(c.seed, runner::int_option<std::uint64_t>(vm, "-seed", 0, UINT64_MAX));
  TRIAD_ASSIGN(c.max_plies, runner::int_option<int>(vm, "-maxplies", 1, 60000));
  TRIAD_ASSIGN(c.hash_mb, runner::int_option<int>(vm, "-hash", 1, 65536));
  if (vm.count("evalfile")) c.eval_file = vm["evalfile"].as<std::string>();
  if (vm.count("evalfile") && c.eval_file.empty())
    return make_error("-evalfile: an empty file name");
  if (vm.count("option")) c.options = vm["option"].as<std::vector<std::string>>();
  c.output = vm["output"].as<std::string>();
  TRIAD_ASSIGN(c.concurrency,
               runner::int_option<int>(vm, "-concurrency", 1, runner::kMaxConcurrency));
  auto distributed = runner::read_distributed_options(vm);
  if (!distributed) return distributed.error();
  c.mpi = distributed->mpi;
  c.mpi_lease_seconds = distributed->lease_seconds;
  c.progress = vm.count("quiet") == 0;
  return c;
}

}  // namespace

Result<CommandLine> parse_command_line(int argc, const char* const* argv) {
  const po::options_description desc = describe();
  const std::vector<std::string> words(argv + 1, argv + argc);
  const po::positional_options_description none;  // a plain argument is an error
  return runner::read_command_line<DatagenConfig>("triad-datagen", kHelp, words, desc, none, build);
}

}  // namespace triad::datagen
