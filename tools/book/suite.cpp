// triad-book suite: an opening suite for engine tests — N distinct positions (transpositions
// removed) reached after P plies of random legal moves (or of book moves, weighted), whose
// evaluation by a node-limited search, from the side to move, lies in a window and,
// optionally, whose side to move scores within a range in games of the engine against
// itself from there (the openings where the result depends on how well they are played).
// With -solve, the game's exact solver gives each position its final margin under perfect
// play instead (a solved game's suites are positions of known value). Written as
// the position-line openings file `triad-match -openings` reads, with a comment header
// naming how it was made, and optionally as game records.
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include "adapters/common/text.h"
#include "adapters/records/writer.h"
#include "runner/output_files.h"
#include "tools/book/analysis.h"
#include "tools/book/commands.h"
#include "tools/book/common.h"

namespace triad::tools::book {

namespace {

struct Window {
  int low = -30, high = 30;
};

// `LOW,HIGH` of option `name`.
Result<Window> parse_window(const std::string& name, const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos)
    return make_error("-" + name + " " + adapters::quote(text) + ": expected LOW,HIGH");
  const auto low = adapters::parse_integer<int>(std::string_view(text).substr(0, comma));
  const auto high = adapters::parse_integer<int>(std::string_view(text).substr(comma + 1));
  if (!low || !high || *low > *high)
    return make_error("-" + name + " " + adapters::quote(text) +
                      ": expected LOW,HIGH with LOW <= HIGH");
  return Window{*low, *high};
}

// An opening: the position reached and the moves from the start that reach it.
struct Opening {
  std::string line;
  std::vector<std::string> moves;
  int eval = 0;  // the search's evaluation, or the solved margin in points (-solve)
  std::optional<SelfPlay> self_play;  // when the suite was chosen by self-play
};

// A random walk of `plies` moves from the start (book moves by weight while the book has
// some, then uniformly random legal moves); nothing when the game ends on the way.
std::optional<Opening> walk(const adapters::Variant& variant, const bk::Book* book, int plies,
                            std::mt19937_64& rng) {
  auto game = variant.factory();
  Opening opening;
  for (int p = 0; p < plies; ++p) {
    if (game->outcome().over()) return std::nullopt;
    std::optional<bk::BookMove> from_book;
    if (book) from_book = bk::pick_move(*book, *game, bk::PickMode::kWeighted, rng);
    std::string move;
    if (from_book) {
      move = from_book->token;
    } else {
      const auto legal = game->legal_moves();
      if (legal.empty()) return std::nullopt;
      move = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
    }
    if (!game->play(move)) return std::nullopt;
    opening.moves.push_back(move);
  }
  if (game->outcome().over()) return std::nullopt;
  opening.line = game->position_line();
  return opening;
}

// The openings as game records (docs/notation.md, written by adapters/records/): the start
// position, the moves, result "*" and the evaluation in the last move's comment.
std::string records_text(const std::vector<Opening>& openings, const adapters::Variant& variant,
                         bool solved) {
  const std::string start = variant.factory()->start_position_line();
  std::string text;
  for (std::size_t i = 0; i < openings.size(); ++i) {
    adapters::records::Record r;
    r.tags = {{"Event", "triad-book suite"},
              {"Game", std::to_string(i + 1)},
              {"Variant", variant.name},
              {"FEN", start},
              {"Result", "*"}};
    for (const auto& m : openings[i].moves) r.moves.push_back({m, ""});
    std::ostringstream eval;
    eval << (solved ? "margin " : "eval ") << openings[i].eval << ", side to move";
    if (const auto& s = openings[i].self_play)
      eval << "; self-play +" << s->wins << " =" << s->draws << " -" << s->losses;
    if (const auto& s = openings[i].self_play; s && s->pairs > 0)
      eval << ", gain " << s->gain_percent();
    (r.moves.empty() ? r.comment : r.moves.back().comment) = eval.str();
    text += adapters::records::write_record(r);
  }
  return text;
}

}  // namespace

Result<void> run_suite(const std::vector<std::string>& args, std::ostream& out) {
  po::options_description desc;
  std::string variant_name, variants_file, output, window_text = "-30,30", book_file, pgn;
  std::string score_text = "50,90";
  bool solve = false;
  desc.add_options()("variant", po::value(&variant_name)->required(), "variant")(
      "variants", po::value(&variants_file), "YAML file of more variants")(
      "out", po::value(&output)->required(), "openings file to write")(
      "pgn", po::value(&pgn), "also write the openings as game records")(
      "plies", po::value<std::string>()->default_value("8"), "plies from the start")(
      "count", po::value<std::string>()->default_value("100"), "positions wanted (1-1000000)")(
      "window", po::value(&window_text)->default_value("-30,30"),
      "LOW,HIGH: evaluation window, side to move (write -window=-30,30)")(
      "nodes", po::value<std::string>()->default_value("10000"), "search nodes per position")(
      "solve", po::bool_switch(&solve),
      "solve each position exactly (games with a solver): -window is then the final margin "
      "in points, side to move")("seed", po::value<std::string>()->default_value("1"),
                                 "random seed")(
      "book", po::value(&book_file), "walk the book's moves (weighted) where it has some")(
      "concurrency", po::value<std::string>()->default_value("1"), "searches at once (1-256)")(
      "hash", po::value<std::string>()->default_value("16"), "MB of hash per search (1-65536)")(
      "max-tries", po::value<std::string>()->default_value("0"),
      "positions searched at most (0: 50 x count)")(
      "selfplay", po::value<std::string>()->default_value("0"),
      "K: also play K engine-vs-itself games from each position in the window (0-1000; 0: "
      "none)")("selfplay-nodes", po::value<std::string>()->default_value("0"),
               "N: nodes per move in game k: N * (1 + k/K) (0: -nodes)")(
      "selfplay-score", po::value(&score_text)->default_value("50,90"),
      "LOW,HIGH: keep a position when its side to move scores LOW..HIGH percent in them")(
      "selfplay-plies", po::value<std::string>()->default_value("400"),
      "a self-play game longer than this counts as a draw")(
      "selfplay-odds", po::value<std::string>()->default_value("1"),
      "R > 1: self-play in pairs, the side to move searching R times more nodes, then R "
      "times fewer (1-1000)")(
      "selfplay-gain", po::value<std::string>()->default_value("-100"),
      "with odds: keep a position when its side to move scores at least this many percent "
      "points more with the odds than against them (-100-100)");
  auto parsed = parse_options(
      "suite",
      "Chooses an opening suite for triad-match: positions whose evaluation is in a window.", args,
      desc);
  if (!parsed) return parsed.error();
  if (!*parsed) return {};  // -help
  const po::variables_map& vm = **parsed;
  auto window = parse_window("window", window_text);
  if (!window) return window.error();
  auto score_range = parse_window("selfplay-score", score_text);
  if (!score_range) return score_range.error();
  int plies = 0, count = 0, concurrency = 0, self_play_games = 0, self_play_plies = 0;
  int min_gain = 0;
  std::uint64_t nodes = 0, seed = 0, self_play_nodes = 0;
  std::size_t hash_mb = 0;
  long long max_tries = 0;
  double odds = 1.0;
  TRIAD_ASSIGN(plies, runner::int_option(vm, "-plies", 0, kMaxPlies));
  TRIAD_ASSIGN(count, runner::int_option(vm, "-count", 1, 1'000'000));
  TRIAD_ASSIGN(nodes, runner::int_option<std::uint64_t>(vm, "-nodes", 1, runner::kMaxNodes));
  TRIAD_ASSIGN(seed, runner::int_option<std::uint64_t>(vm, "-seed", 0, UINT64_MAX));
  TRIAD_ASSIGN(concurrency, runner::int_option(vm, "-concurrency", 1, kMaxConcurrency));
  TRIAD_ASSIGN(hash_mb, runner::int_option<std::size_t>(vm, "-hash", 1, kMaxHashMb));
  TRIAD_ASSIGN(max_tries, runner::int_option<long long>(vm, "-max-tries", 0, 1'000'000'000'000));
  TRIAD_ASSIGN(self_play_games, runner::int_option(vm, "-selfplay", 0, 1000));
  TRIAD_ASSIGN(self_play_nodes,
               runner::int_option<std::uint64_t>(vm, "-selfplay-nodes", 0, runner::kMaxNodes));
  TRIAD_ASSIGN(self_play_plies, runner::int_option(vm, "-selfplay-plies", 1, kMaxPlies));
  TRIAD_ASSIGN(odds, runner::parse_double(vm["selfplay-odds"].as<std::string>(), "-selfplay-odds"));
  TRIAD_ASSIGN(min_gain, runner::int_option(vm, "-selfplay-gain", -100, 100));
  if (!(odds >= 1.0 && odds <= 1000.0))
    return make_error("-selfplay-odds " + adapters::quote(vm["selfplay-odds"].as<std::string>()) +
                      " is outside 1..1000");
  if (odds > 1.0 && self_play_games < 2)
    return make_error("-selfplay-odds needs -selfplay 2 or more (the games are played in pairs)");
  if (self_play_nodes == 0) self_play_nodes = nodes;
  if (max_tries <= 0) max_tries = 50LL * count;
  auto registry = load_variants(variants_file);
  if (!registry) return registry.error();
  auto variant = registry->lookup(variant_name);
  if (!variant) return make_error("-variant: " + variant.error().message);
  std::optional<bk::Book> book;
  if (!book_file.empty()) {
    auto loaded = bk::Book::load(book_file);
    if (!loaded) return loaded.error();
    if (auto r = loaded->check_variant(book_variant_of(**variant)); !r)
      return make_error("book file " + adapters::quote(book_file) + ": " + r.error().message);
    book = std::move(*loaded);
  }
  // Check the outputs before the searches (without touching them: a run that finds nothing
  // keeps the earlier suite).
  if (auto r = runner::check_replaceable_file(output, "openings file"); !r) return r.error();
  if (!pgn.empty())
    if (auto r = runner::check_replaceable_file(pgn, "records file"); !r) return r.error();

  auto analysts = Analysts::create(**variant, concurrency, hash_mb);
  if (!analysts) return analysts.error();
  if (solve)
    if (auto r = analysts->can_solve(); !r) return r.error();
  std::mt19937_64 rng(seed);
  std::set<bk::PositionKey> seen;
  std::vector<Opening> chosen;
  long long tries = 0;
  adapters::ProgressBar progress("suite", count);
  const std::string examined = solve ? " solved" : " searched";
  while (static_cast<int>(chosen.size()) < count && tries < max_tries) {
    // A batch of new distinct positions, searched in parallel.
    std::vector<Opening> batch;
    const long long want = std::min<long long>(
        max_tries - tries,
        std::max<long long>(4LL * concurrency, count - static_cast<long long>(chosen.size())));
    for (long long attempts = 0;
         static_cast<long long>(batch.size()) < want && attempts < 20 * want; ++attempts) {
      auto opening = walk(**variant, book ? &*book : nullptr, plies, rng);
      if (opening && seen.insert(bk::position_key(opening->line)).second)
        batch.push_back(std::move(*opening));
    }
    if (batch.empty()) break;  // no new positions at this depth
    tries += static_cast<long long>(batch.size());
    std::vector<std::string> lines;
    for (const auto& o : batch) lines.push_back(o.line);
    const auto evals = solve ? analysts->solve(lines) : analysts->evaluate(lines, nodes);
    std::vector<Opening> in_window;
    for (std::size_t i = 0; i < batch.size(); ++i)
      if (evals[i].score >= window->low && evals[i].score <= window->high) {
        batch[i].eval = evals[i].score;
        in_window.push_back(std::move(batch[i]));
      }
    if (self_play_games > 0 && !in_window.empty()) {
      lines.clear();
      for (const auto& o : in_window) lines.push_back(o.line);
      const auto results =
          analysts->self_play(lines, self_play_games, self_play_nodes, odds, self_play_plies);
      for (std::size_t i = 0; i < in_window.size(); ++i) in_window[i].self_play = results[i];
      std::erase_if(in_window, [&](const Opening& o) {
        const double score = o.self_play->score_percent();
        return score < score_range->low || score > score_range->high ||
               (odds > 1.0 && o.self_play->gain_percent() < min_gain);
      });
    }
    for (auto& o : in_window)
      if (static_cast<int>(chosen.size()) < count) chosen.push_back(std::move(o));
    progress.update(static_cast<std::int64_t>(chosen.size()), std::to_string(tries) + examined);
  }
  progress.finish();
  const int found = static_cast<int>(chosen.size());
  // A shortfall is an error, but the positions found (minutes or hours of searches) are
  // still written, so that nothing is lost.
  if (found == 0)
    return make_error(
        "no position found in the window (and self-play score range) after searching " +
        std::to_string(tries) +
        " distinct positions (widen -window, change -plies or raise -max-tries)");
  std::ostringstream text;
  text << "# triad-book suite: variant " << variant_name << ", " << plies << " plies"
       << (book ? ", book moves first" : "");
  if (solve)
    text << ", final margin of the side to move under perfect play (solved) in [" << window->low
         << ", " << window->high << "] points";
  else
    text << ", evaluation of the side to move in [" << window->low << ", " << window->high
         << "] at " << nodes << " nodes";
  if (self_play_games > 0)
    text << ", its side to move scoring " << score_range->low << ".." << score_range->high
         << " % in " << self_play_games << " self-play games from " << self_play_nodes << " nodes";
  if (self_play_games > 0 && odds > 1.0)
    text << " with odds " << odds << " and a gain of at least " << min_gain << " points";
  text << ", seed " << seed << "; " << found << " of " << tries << " distinct positions" << examined
       << "\n";
  for (const auto& o : chosen) text << o.line << "\n";
  if (auto r = write_file(output, text.str(), "openings file"); !r) return r.error();
  if (!pgn.empty())
    if (auto r = write_file(pgn, records_text(chosen, **variant, solve), "records file"); !r)
      return r.error();
  if (found < count)
    return make_error("only " + std::to_string(found) + " of " + std::to_string(count) +
                      " positions found in the window (and self-play score range) after "
                      "searching " +
                      std::to_string(tries) +
                      " distinct positions (widen -window, change -plies or raise -max-tries); "
                      "the " +
                      std::to_string(found) + " found are written to " + adapters::quote(output));
  out << "suite " << output << ": " << count << " positions (" << tries << " distinct positions"
      << examined << ")\n";
  return {};
}

}  // namespace triad::tools::book
