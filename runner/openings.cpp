// Openings shared by every program that plays games from a starting line (triad-match's
// schedule, triad-datagen's self-play): reading an openings file, each line checked with the
// rules, and random plies after an opening.
#include "runner/openings.h"

#include <fstream>
#include <sstream>

#include "adapters/common/file_io.h"
#include "adapters/common/text.h"

namespace triad::runner {

namespace {

// Plays `opening` on a fresh game; the error says which move failed.
Result<std::unique_ptr<adapters::AnyGame>> replay(const Opening& opening,
                                                  const GameFactory& factory) {
  auto game = factory();
  if (auto r = game->reset(opening.fen); !r) return r.error();
  for (std::size_t i = 0; i < opening.moves.size(); ++i)
    if (auto r = game->play(opening.moves[i]); !r)
      return make_error(adapters::refused_at_ply(i, r.error().message));
  if (game->outcome().over()) return make_error("the game is already over in this opening");
  return game;
}

}  // namespace

Result<std::vector<Opening>> load_openings(const std::filesystem::path& file,
                                           const GameFactory& factory) {
  const std::string where = "openings file '" + file.string() + "'";
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (!std::filesystem::exists(status)) return make_error(where + " does not exist");
  if (!std::filesystem::is_regular_file(status))
    return make_error(where + " is not a regular file");
  if (std::filesystem::file_size(file, ec) > kMaxOpeningsFileBytes)
    return make_error(where + " is larger than " + std::to_string(kMaxOpeningsFileBytes >> 20) +
                      " MiB");
  std::ifstream in(file);
  if (!in) return make_error(where + " cannot be read");
  std::vector<Opening> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.size() > kMaxOpeningLineBytes)
      return make_error(where + " line " + std::to_string(number) + " is longer than " +
                        std::to_string(kMaxOpeningLineBytes) + " bytes");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (number == 1) line = std::string(adapters::without_bom(line));
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    Opening o;
    const auto moves_at = line.find(" moves ");
    o.fen =
        line.substr(first, moves_at == std::string::npos ? std::string::npos : moves_at - first);
    while (!o.fen.empty() && (o.fen.back() == ' ' || o.fen.back() == '\t')) o.fen.pop_back();
    if (moves_at != std::string::npos) {
      std::istringstream words(line.substr(moves_at + 7));
      for (std::string m; words >> m;) o.moves.push_back(m);
    }
    if (auto g = replay(o, factory); !g)
      return make_error(where + " line " + std::to_string(number) + ": " + g.error().message);
    out.push_back(std::move(o));
  }
  if (out.empty()) return make_error(where + " has no position");
  return out;
}

Result<Opening> add_random_plies(const Opening& base, int plies, const GameFactory& factory,
                                 std::mt19937_64& rng) {
  constexpr int kTries = 100;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    auto game = replay(base, factory);
    if (!game) return game.error();
    Opening o = base;
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      const auto moves = (*game)->legal_moves();
      if (moves.empty()) {
        ok = false;
        break;
      }
      const auto& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      ok = (*game)->play(m).ok() && !(*game)->outcome().over();
      o.moves.push_back(m);
    }
    if (ok) return o;
  }
  return make_error("no sequence of " + std::to_string(plies) +
                    " random plies that keeps the game going was found from '" + base.fen + "'");
}

}  // namespace triad::runner
