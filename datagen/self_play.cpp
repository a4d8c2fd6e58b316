// Self-play games through the game registry's engines (see self_play.h).
#include "datagen/self_play.h"

#include <algorithm>
#include <random>
#include <unordered_set>

#include "adapters/common/file_io.h"
#include "adapters/common/game_registry.h"
#include "adapters/common/text.h"
#include "adapters/nnue/net_file.h"
#include "engine/core/hash.h"
#include "engine/search/search_types.h"
#include "state/engine_state.h"

namespace triad::datagen {

namespace {

// The generator of game `index`'s random plies: a well-mixed function of (seed, index).
std::mt19937_64 game_generator(std::uint64_t seed, std::int64_t index) {
  std::uint64_t state = seed;
  const std::uint64_t a = engine::splitmix64(state);
  state = a ^ static_cast<std::uint64_t>(index);
  return std::mt19937_64(engine::splitmix64(state));
}

std::int8_t result_for(engine::Player mover, const engine::Outcome& o, bool over) {
  if (!over || o.result == engine::GameResult::kDraw) return 0;
  const bool p1_won = o.result == engine::GameResult::kP1Win;
  return (p1_won == (mover == engine::Player::kOne)) ? 1 : -1;
}

// -evalfile's net bound to the variant's board (state/engine_state.h's check and bind, on an
// engine made for it), and its digest (learn::Header::net_digest).
Result<state::BoundNet> bind_eval_file(const std::filesystem::path& file,
                                       const adapters::Variant& variant, std::uint32_t& digest) {
  auto bytes = adapters::read_regular_file(file, "net file", adapters::nnue::kMaxNetFileBytes);
  if (!bytes) return make_error("-evalfile: " + bytes.error().message);
  auto net = adapters::nnue::parse_net_file(*bytes, file.string());
  if (!net) return make_error("-evalfile: " + net.error().message);
  const std::string what = "-evalfile: net file " + adapters::quote(file.string()) + ": ";
  if (net->game != variant.game)  // said with the setting that chose the game
    return make_error(what + "a net for " + net->game + ", not for " + variant.game +
                      " (the game of -variant " + variant.name + ")");
  state::SearchSettings settings;
  settings.hash_mb = 1;
  auto engine = state::make_engine(variant, settings);
  if (!engine) return engine.error();
  auto bound = state::bind_net(std::move(*net), **engine);
  if (!bound) return make_error(what + bound.error().message);
  digest = learn::net_digest(*bytes);
  return std::move(*bound);
}

}  // namespace

// -randommoves: with that chance a uniformly random legal move instead of the search's
// `best` (positions off the search's own path, which its leaves meet). No number is drawn
// without the setting, so the games without it are those of a run before it existed.
std::size_t SelfPlaySetup::random_or(std::size_t best, std::size_t count,
                                     std::mt19937_64& rng) const {
  if (config_.random_moves == 0 ||
      std::uniform_int_distribution<int>(0, 99)(rng) >= config_.random_moves)
    return best;
  return std::uniform_int_distribution<std::size_t>(0, count - 1)(rng);
}

Result<runner::Opening> SelfPlaySetup::opening_of(std::int64_t index, std::mt19937_64& rng) const {
  const auto& base = openings_[static_cast<std::size_t>(index) % openings_.size()];
  return runner::add_random_plies(base, config_.random_plies, variant_.factory, rng);
}

Result<SelfPlaySetup> SelfPlaySetup::create(const DatagenConfig& config) {
  const auto found = config.variants.lookup(config.variant);
  if (!found) return make_error("-variant: " + found.error().message);
  const auto* variant = *found;
  if (config.variant.size() > learn::kMaxVariantName || variant->game.size() > learn::kMaxGameName)
    return make_error("-variant " + adapters::quote(config.variant) + ": the name is longer than " +
                      std::to_string(learn::kMaxVariantName) +
                      " bytes (the data file's header field)");
  SelfPlaySetup s;
  s.config_ = config;
  s.variant_ = *variant;
  const auto start = variant->factory();
  if (!config.openings.empty()) {
    auto loaded = runner::load_openings(config.openings, s.variant_.factory);
    if (!loaded) return make_error("-openings: " + loaded.error().message);
    s.openings_ = std::move(*loaded);
    auto text =
        adapters::read_text_file(config.openings, "openings file", runner::kMaxOpeningsFileBytes);
    if (!text) return make_error("-openings: " + text.error().message);
    s.header_.openings_digest = std::max<std::uint64_t>(1, adapters::hash_text(*text));
  } else {
    s.openings_.push_back({start->start_position_line(), {}});
  }
  std::optional<state::BoundNet> net;
  if (!config.eval_file.empty()) {
    auto learned = bind_eval_file(config.eval_file, *variant, s.header_.net_digest);
    if (!learned) return learned.error();
    net = std::move(*learned);
    s.learned_ = net->model;
  }
  auto level = Level::create(config.options, *start, net ? &*net : nullptr);
  if (!level) return level.error();
  s.level_ = std::move(*level);
  // Openings are made when their game starts; game 0's shows a setting that cannot work
  // (more random plies than the game lasts) before anything is written, as in triad-match.
  auto rng = game_generator(config.seed, 0);
  if (auto first = s.opening_of(0, rng); !first)
    return make_error("-randomplies " + std::to_string(config.random_plies) + ": " +
                      first.error().message);
  learn::Header& h = s.header_;
  h.points =
      static_cast<std::uint32_t>(adapters::expand_board_field(start->start_position_line()).size());
  h.game = variant->game;
  h.variant = config.variant;
  h.seed = config.seed;
  h.nodes = config.nodes;
  h.random_plies = static_cast<std::uint32_t>(config.random_plies);
  h.random_moves = static_cast<std::uint32_t>(config.random_moves);
  h.max_plies = static_cast<std::uint32_t>(config.max_plies);
  h.hash_mb = static_cast<std::uint32_t>(config.hash_mb);
  return s;
}

Result<std::unique_ptr<adapters::GameEngine>> SelfPlaySetup::make_engine() const {
  state::SearchSettings settings;
  settings.hash_mb = static_cast<std::size_t>(config_.hash_mb);
  auto engine = state::make_engine(variant_, settings);
  if (!engine) return engine.error();
  if (auto note = (*engine)->prepare(); !note) return note.error();
  return engine;
}

GameRecords SelfPlaySetup::play(adapters::GameEngine& engine, std::int64_t index,
                                const std::atomic<bool>& stop) const {
  GameRecords out;
  out.game = index;
  out.openings_digest = header_.openings_digest;
  out.net_digest = header_.net_digest;
  auto rng = game_generator(config_.seed, index);
  auto opening = opening_of(index, rng);
  if (!opening) {
    out.error = "game " + std::to_string(index) + ": " + opening.error().message;
    return out;
  }
  auto game = variant_.factory();
  (void)game->reset(opening->fen);  // checked when the openings were loaded
  for (const auto& m : opening->moves) (void)game->play(m);

  std::vector<learn::Record> kept;
  std::unordered_set<std::string> seen;
  adapters::SearchRequest request;
  request.limits.nodes = config_.nodes;
  request.config.learned = learned_;
  engine.clear_hash();  // every game played alike, whatever was played before
  for (int ply = 0; ply < config_.max_plies && !game->outcome().over(); ++ply) {
    if (stop) return out;
    engine.adopt(*game);
    request.config.skill = level_.skill(*game, rng).value_or(engine::Skill{});
    int score = 0;
    const auto best = engine.search(request, [&score](const adapters::TextInfo& info) {
      if (info.multipv == 1) score = info.score;
    });
    const auto moves = game->legal_moves();
    const auto at = std::find(moves.begin(), moves.end(), best.best);
    if (at == moves.end()) {
      out.error = "game " + std::to_string(index) + ": the search returned no legal move in " +
                  game->position_line();
      return out;
    }
    learn::Record r;
    r.board = adapters::expand_board_field(game->position_line());
    r.side = game->side_to_move() == engine::Player::kOne ? 0 : 1;
    if (moves.size() > 1 && !engine::is_mate_score(score) && engine.evaluated_statically() &&
        seen.insert(r.board + static_cast<char>('1' + r.side)).second) {
      r.game = static_cast<std::uint32_t>(index);
      r.move = static_cast<std::uint32_t>(game->legal_actions()[at - moves.begin()]);
      r.score = static_cast<std::int16_t>(std::clamp(score, -32767, 32767));
      r.ply = static_cast<std::uint16_t>(std::min(game->ply(), 65535));
      kept.push_back(std::move(r));
    }
    game->play_legal(static_cast<int>(random_or(at - moves.begin(), moves.size(), rng)));
  }
  const auto outcome = game->outcome();
  for (auto& r : kept) {
    r.result = result_for(r.side == 0 ? engine::Player::kOne : engine::Player::kTwo, outcome,
                          outcome.over());
    learn::append_record(out.bytes, r, header_.points);
  }
  out.count = kept.size();
  return out;
}

}  // namespace triad::datagen
