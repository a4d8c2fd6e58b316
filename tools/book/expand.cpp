// triad-book expand: best-first expansion of a book by engine analysis, in the manner of
// Othello book builders (drop-out expansion). Every expanded position has all its legal moves
// in the book, each with the evaluation of a node-limited search of the position after it;
// evaluations are backed up by negamax over the book; the next position expanded is the leaf
// whose path from the root loses the least evaluation, plus a cost per ply (so the book
// grows along the lines that matter first). The book file is rewritten after every
// expansion, so a run that is stopped resumes where it was.
#include <algorithm>
#include <filesystem>
#include <limits>
#include <set>
#include <sstream>

#include "adapters/common/text.h"
#include "engine/search/search_types.h"
#include "tools/book/analysis.h"
#include "tools/book/commands.h"
#include "tools/book/common.h"

namespace triad::tools::book {

namespace {

struct ExpandSettings {
  std::uint64_t nodes = 10000;
  int expansions = 10;
  int concurrency = 1;
  int depth_cost = 20;  // engine units charged per ply of a leaf's path
  int window = 50;      // moves this close to the best get a weight
  int max_plies = 40;
  std::size_t hash_mb = 16;
};

struct Leaf {
  std::string line;
  long long cost = std::numeric_limits<long long>::max();
};

bool expanded(const bk::BookEntry* e) {
  return e && !e->moves.empty();
}

// The cheapest unexpanded, unfinished position reachable through expanded ones.
void find_leaf(const bk::Book& book, const adapters::AnyGame& game, long long cost, int ply,
               const ExpandSettings& s, std::set<bk::PositionKey>& seen, Leaf& best) {
  const auto line = game.position_line();
  if (!seen.insert(bk::position_key(line)).second) return;
  const bk::BookEntry* e = book.find(line);
  if (!expanded(e)) {
    if (!game.outcome().over() && ply <= s.max_plies && cost < best.cost) best = {line, cost};
    return;
  }
  int top = std::numeric_limits<int>::min();
  for (const auto& m : e->moves) top = std::max(top, m.eval);
  for (const auto& m : e->moves) {
    auto child = game.clone();
    if (!child->play(m.token)) continue;
    find_leaf(book, *child, cost + (top - m.eval) + s.depth_cost, ply + 1, s, seen, best);
  }
}

// Negamax over the book from `game`: each expanded position's move values become minus the
// value of the position after them when that one is expanded; returns the position's value.
int back_up(bk::Book& book, const adapters::AnyGame& game, std::set<bk::PositionKey>& done) {
  const auto line = game.position_line();
  bk::BookEntry* e = book.entries().count(bk::position_key(line))
                         ? &book.entries().at(bk::position_key(line))
                         : nullptr;
  if (!expanded(e) || !done.insert(bk::position_key(line)).second)
    return e ? e->eval : 0;  // a leaf, or a position already backed up (or on the path)
  int top = std::numeric_limits<int>::min();
  for (auto& m : e->moves) {
    auto child = game.clone();
    if (!child->play(m.token)) continue;
    if (expanded(book.find(child->position_line()))) m.eval = -back_up(book, *child, done);
    top = std::max(top, m.eval);
  }
  e->eval = top;
  return top;
}

// Weights of an expanded position: 100 for the best move, falling linearly to 1 at `window`
// below it, 0 further away (so `BookMode best` plays the best move, `weighted` the near-best).
void set_weights(bk::BookEntry& e, int window) {
  int top = std::numeric_limits<int>::min();
  for (const auto& m : e.moves) top = std::max(top, m.eval);
  for (auto& m : e.moves) {
    const long long drop = static_cast<long long>(top) - m.eval;
    m.weight = drop > window ? 0
                             : static_cast<std::uint32_t>(std::max<long long>(
                                   1, 100 * (window - drop) / std::max(window, 1)));
    if (drop == 0) m.weight = 100;
  }
}

}  // namespace

Result<void> run_expand(const std::vector<std::string>& args, std::ostream& out) {
  po::options_description desc;
  std::string file, variant_name, variants_file, fen;
  ExpandSettings s;
  desc.add_options()("book", po::value(&file)->required(), "book file (created if missing)")(
      "variant", po::value(&variant_name), "variant of a new book")(
      "variants", po::value(&variants_file), "YAML file of more variants")(
      "fen", po::value(&fen), "root position line (default: the start position)")(
      "nodes", po::value<std::string>()->default_value("10000"), "search nodes per position")(
      "expansions", po::value<std::string>()->default_value("10"), "positions to expand")(
      "concurrency", po::value<std::string>()->default_value("1"), "searches at once (1-256)")(
      "depth-cost", po::value<std::string>()->default_value("20"), "cost per ply of a leaf")(
      "window", po::value<std::string>()->default_value("50"),
      "weight moves this close to the best")("plies", po::value<std::string>()->default_value("40"),
                                             "deepest ply expanded")(
      "hash", po::value<std::string>()->default_value("16"), "MB of hash per search (1-65536)");
  auto parsed =
      parse_options("expand", "Grows a book by engine analysis, best leaf first.", args, desc);
  if (!parsed) return parsed.error();
  if (!*parsed) return {};  // -help
  const po::variables_map& vm = **parsed;
  TRIAD_ASSIGN(s.nodes, runner::int_option<std::uint64_t>(vm, "-nodes", 1, runner::kMaxNodes));
  TRIAD_ASSIGN(s.expansions, runner::int_option(vm, "-expansions", 0, 100'000'000));
  TRIAD_ASSIGN(s.concurrency, runner::int_option(vm, "-concurrency", 1, kMaxConcurrency));
  TRIAD_ASSIGN(s.depth_cost, runner::int_option(vm, "-depth-cost", 0, 1'000'000));
  TRIAD_ASSIGN(s.window, runner::int_option(vm, "-window", 0, 1'000'000));
  TRIAD_ASSIGN(s.max_plies, runner::int_option(vm, "-plies", 1, kMaxPlies));
  TRIAD_ASSIGN(s.hash_mb, runner::int_option<std::size_t>(vm, "-hash", 1, kMaxHashMb));
  auto registry = load_variants(variants_file);
  if (!registry) return registry.error();

  // Resume from the book when it exists; otherwise start one for -variant.
  std::error_code ec;
  std::optional<bk::Book> book;
  const adapters::Variant* variant = nullptr;
  if (std::filesystem::exists(file, ec)) {
    auto loaded = bk::Book::load(file);
    if (!loaded) return loaded.error();
    if (!variant_name.empty() && variant_name != loaded->variant().variant)
      return make_error("book file " + adapters::quote(file) + " is of variant " +
                        adapters::quote(loaded->variant().variant) + ", not " +
                        adapters::quote(variant_name));
    auto v = registry->lookup(loaded->variant().variant);
    if (!v) return v.error();
    if (auto r = loaded->check_variant(book_variant_of(**v)); !r) return r.error();
    variant = *v;
    book = std::move(*loaded);
  } else {
    if (variant_name.empty()) return make_error("a new book needs -variant");
    auto v = registry->lookup(variant_name);
    if (!v) return make_error("-variant: " + v.error().message);
    variant = *v;
    book.emplace(book_variant_of(*variant));
  }
  auto root = variant->factory();
  if (!fen.empty())
    if (auto r = root->reset(fen); !r) return make_error("-fen: " + r.error().message);
  if (root->outcome().over()) return make_error("the root position is a finished game");
  // Probe the output before the first (long) search.
  if (auto r = write_file(file, book->encode(), "book file"); !r) return r.error();

  auto analysts = Analysts::create(*variant, s.concurrency, s.hash_mb);
  if (!analysts) return analysts.error();
  adapters::ProgressBar progress("expand", s.expansions);
  int done = 0;
  for (; done < s.expansions; ++done) {
    Leaf leaf;
    std::set<bk::PositionKey> seen;
    find_leaf(*book, *root, 0, 0, s, seen, leaf);
    if (leaf.line.empty()) break;  // nothing left within -plies
    auto position = variant->factory();
    (void)position->reset(leaf.line);
    const auto moves = position->legal_moves();
    std::vector<std::string> children;
    for (const auto& m : moves) {
      auto child = position->clone();
      (void)child->play(m);
      children.push_back(child->position_line());
    }
    const auto evals = analysts->evaluate(children, s.nodes);
    bk::BookEntry& entry = book->at(leaf.line);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      entry.add(moves[i]).eval = -evals[i].score;
      bk::BookEntry& child = book->at(children[i]);
      if (child.moves.empty()) child.eval = evals[i].score;
    }
    std::set<bk::PositionKey> backed;
    back_up(*book, *root, backed);
    for (auto& [key, e] : book->entries())
      if (!e.moves.empty()) set_weights(e, s.window);
    if (auto r = write_file(file, book->encode(), "book file"); !r) return r.error();
    const auto* r = book->find(root->position_line());
    progress.update(
        static_cast<std::int64_t>(done + 1),
        std::to_string(book->size()) + " positions, root " + std::to_string(r ? r->eval : 0));
  }
  progress.finish();
  const auto* r = book->find(root->position_line());
  out << "book " << file << ": expanded " << done << " positions (" << book->size()
      << " in the book), root eval "
      << (r && r->eval != bk::kNoEval ? std::to_string(r->eval) : "-") << "\n";
  return {};
}

}  // namespace triad::tools::book
