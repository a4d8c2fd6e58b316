// triad-book build (books from game records), show (a position's book moves) and merge.
#include <algorithm>
#include <iomanip>
#include <sstream>

#include "adapters/book/builder.h"
#include "adapters/common/file_io.h"
#include "adapters/common/text.h"
#include "tools/book/commands.h"
#include "tools/book/common.h"

namespace triad::tools::book {

namespace {

// A book and the variant (from the registry) it was made for.
Result<bk::Book> load_book_for(const std::string& file, const adapters::VariantRegistry& registry,
                               const adapters::Variant*& variant) {
  auto book = bk::Book::load(file);
  if (!book) return book.error();
  auto v = registry.lookup(book->variant().variant);
  if (!v) return make_error("book file " + adapters::quote(file) + ": " + v.error().message);
  if (auto r = book->check_variant(book_variant_of(**v)); !r)
    return make_error("book file " + adapters::quote(file) + ": " + r.error().message);
  variant = *v;
  return book;
}

std::string eval_text(std::int32_t eval) {
  return eval == bk::kNoEval ? "-" : std::to_string(eval);
}

const char* proved_text(bk::Proved p) {
  switch (p) {
    case bk::Proved::kWin:
      return "win";
    case bk::Proved::kLoss:
      return "loss";
    case bk::Proved::kDraw:
      return "draw";
    default:
      return "";
  }
}

}  // namespace

Result<void> run_build(const std::vector<std::string>& args, std::ostream& out) {
  po::options_description desc;
  std::vector<std::string> inputs;
  std::string variant_name, variants_file, output;
  bk::BuildSettings settings;
  desc.add_options()("variant", po::value(&variant_name)->required(), "variant of the games")(
      "variants", po::value(&variants_file), "YAML file of more variants")(
      "records", po::value(&inputs)->multitoken()->required(), "PGN record files")(
      "out", po::value(&output)->required(), "book file to write")(
      "plies", po::value<std::string>()->default_value("16"), "deepest ply entered (1-10000)")(
      "min-games", po::value<std::string>()->default_value("2"),
      "games a move needs to be kept (0-4294967295)");
  auto vm = parse_options("build", "Builds an opening book from game records.", args, desc);
  if (!vm) return vm.error();
  if (!*vm) return {};  // -help
  TRIAD_ASSIGN(settings.max_plies, runner::int_option(**vm, "-plies", 1, kMaxPlies));
  TRIAD_ASSIGN(settings.min_games,
               runner::int_option<std::uint32_t>(**vm, "-min-games", 0, UINT32_MAX));
  auto registry = load_variants(variants_file);
  if (!registry) return registry.error();
  auto variant = registry->lookup(variant_name);
  if (!variant) return make_error("-variant: " + variant.error().message);
  bk::Book book(book_variant_of(**variant));
  std::size_t games = 0;
  for (const auto& file : inputs) {
    auto reader = adapters::records::RecordReader::open(file);
    if (!reader) return reader.error();
    auto added = bk::add_records(book, *reader, (*variant)->factory, settings);
    if (!added) return added.error();
    games += *added;
  }
  bk::finish_weights(book, settings.min_games);
  if (auto r = write_file(output, book.encode(), "book file"); !r) return r.error();
  out << "book " << output << ": " << book.size() << " positions from " << games
      << " games (variant " << variant_name << ", " << settings.max_plies << " plies, moves of "
      << settings.min_games << "+ games)\n";
  return {};
}

Result<void> run_show(const std::vector<std::string>& args, std::ostream& out) {
  po::options_description desc;
  std::string file, variants_file, fen;
  std::vector<std::string> moves;
  desc.add_options()("book", po::value(&file)->required(), "book file")(
      "variants", po::value(&variants_file), "YAML file of more variants")(
      "fen", po::value(&fen), "position line (default: the start position)")(
      "moves", po::value(&moves)->multitoken(), "moves played from there");
  auto vm = parse_options("show", "Shows a position's book moves.", args, desc);
  if (!vm) return vm.error();
  if (!*vm) return {};  // -help
  auto registry = load_variants(variants_file);
  if (!registry) return registry.error();
  const adapters::Variant* variant = nullptr;
  auto book = load_book_for(file, *registry, variant);
  if (!book) return book.error();
  auto game = variant->factory();
  if (!fen.empty())
    if (auto r = game->reset(fen); !r) return make_error("-fen: " + r.error().message);
  for (const auto& m : moves)
    if (auto r = game->play(m); !r)
      return make_error("-moves " + adapters::quote(m) + ": " + r.error().message);
  out << "book " << file << ": variant " << book->variant().variant << ", " << book->size()
      << " positions\nposition " << game->position_line() << "\n";
  const bk::BookEntry* e = book->find(game->position_line());
  if (!e) {
    out << "not in the book\n";
    return {};
  }
  out << "eval " << eval_text(e->eval);
  if (e->proved != bk::Proved::kNone)
    out << ", proved " << proved_text(e->proved) << " in " << e->distance << " plies";
  out << "\n";
  auto sorted = e->moves;
  std::stable_sort(sorted.begin(), sorted.end(), [](const bk::BookMove& a, const bk::BookMove& b) {
    return a.weight > b.weight;
  });
  std::uint64_t total = 0;
  for (const auto& m : sorted) total += m.weight;
  out << "move        weight      %    eval     +     =     -" << (sorted.empty() ? " (none)" : "")
      << "\n";
  // Columns padded to their width, never cut: a long move token keeps its mark and newline.
  for (const auto& m : sorted) {
    std::ostringstream row;
    row << std::left << std::setw(10) << m.token << std::right << ' ' << std::setw(7) << m.weight
        << ' ' << std::setw(6) << std::fixed << std::setprecision(1)
        << (total ? 100.0 * m.weight / static_cast<double>(total) : 0.0) << ' ' << std::setw(7)
        << eval_text(m.eval) << ' ' << std::setw(5) << m.stats.wins << ' ' << std::setw(5)
        << m.stats.draws << ' ' << std::setw(5) << m.stats.losses
        << (game->is_legal(m.token) ? "" : " (illegal here: never played)") << "\n";
    out << row.str();
  }
  return {};
}

Result<void> run_merge(const std::vector<std::string>& args, std::ostream& out) {
  po::options_description desc;
  std::vector<std::string> inputs;
  std::string variants_file, output;
  desc.add_options()("books", po::value(&inputs)->multitoken()->required(), "book files")(
      "variants", po::value(&variants_file), "YAML file of more variants")(
      "out", po::value(&output)->required(), "book file to write");
  auto vm = parse_options("merge", "Merges books of one variant into one.", args, desc);
  if (!vm) return vm.error();
  if (!*vm) return {};  // -help
  if (inputs.size() < 2) return make_error("-books needs at least two book files");
  auto registry = load_variants(variants_file);
  if (!registry) return registry.error();
  const adapters::Variant* variant = nullptr;
  auto merged = load_book_for(inputs[0], *registry, variant);
  if (!merged) return merged.error();
  std::uint64_t cut = 0;
  for (std::size_t i = 1; i < inputs.size(); ++i) {
    auto other = bk::Book::load(inputs[i]);
    if (!other) return other.error();
    auto r = merged->merge(*other);
    if (!r) return make_error("book file " + adapters::quote(inputs[i]) + ": " + r.error().message);
    cut += *r;
  }
  if (auto r = write_file(output, merged->encode(), "book file"); !r) return r.error();
  out << "book " << output << ": " << merged->size() << " positions from " << inputs.size()
      << " books\n";
  if (cut > 0)
    out << "note: " << cut << " summed weights or game counts exceeded " << bk::kMaxCount
        << " and were kept at " << bk::kMaxCount << "\n";
  return {};
}

}  // namespace triad::tools::book
