// The engine's opening books (docs/books.md): the BookFile book, and the game's built-in one
// (Yin Yang's perfect play); a book move is the file book's when it is for this variant and
// has a legal move, else the built-in book's.
#include "adapters/common/game_registry.h"
#include "adapters/common/text.h"
#include "state/engine_state.h"

namespace triad::state {

namespace book = adapters::book;

Result<void> EngineState::load_book(const std::string& file) {
  if (file.empty()) {
    book_.reset();
    return {};
  }
  auto loaded = book::Book::load(file);
  if (!loaded) return loaded.error();
  book_ = std::move(*loaded);
  info_("book " + adapters::quote(file) + " loaded: " + std::to_string(book_->size()) +
        " positions of variant " + book_->variant().variant);
  note_book_variant();
  return {};
}

book::BookVariant EngineState::book_variant() const {
  return {variant_.name, variant_.game, variant_.rules_fingerprint};
}

void EngineState::note_book_variant() const {
  if (!book_) return;
  if (auto r = book_->check_variant(book_variant()); !r)
    info_("book not used: " + r.error().message);
}

void EngineState::load_builtin_book() const {
  const auto& game = engine_->game();
  if (const auto* d = adapters::find_game(game.game_name()); d && d->builtin_book)
    d->builtin_book(game);
}

std::optional<BookAnswer> EngineState::book_move(bool weighted) {
  if (auto answer = file_book_move(weighted)) return answer;
  return builtin_book_move();
}

std::optional<BookAnswer> EngineState::file_book_move(bool weighted) {
  if (!book_ || !book_->check_variant(book_variant())) return std::nullopt;
  const auto mode = weighted ? book::PickMode::kWeighted : book::PickMode::kBest;
  const auto& game = engine_->game();
  const auto move = book::pick_move(*book_, game, mode, book_rng_);
  if (!move) return std::nullopt;

  BookAnswer answer;
  answer.move = move->token;
  answer.score = move->eval != book::kNoEval ? move->eval : 0;
  std::uint64_t total = 0;
  for (const auto& m : book_->find(game.position_line())->moves)
    if (game.is_legal(m.token)) total += m.weight;
  answer.note = "book move " + move->token + " (weight " + std::to_string(move->weight) + " of " +
                std::to_string(total);
  if (move->stats.games() > 0)
    answer.note += ", games +" + std::to_string(move->stats.wins) + " =" +
                   std::to_string(move->stats.draws) + " -" + std::to_string(move->stats.losses);
  if (move->eval != book::kNoEval) answer.note += ", eval " + std::to_string(move->eval);
  answer.note += ")";

  // The ponder move: the book's best answer, when the reply position is in the book too.
  auto after = game.clone();
  if (after->play(move->token)) {
    std::mt19937_64 unused;
    if (const auto reply = book::pick_move(*book_, *after, book::PickMode::kBest, unused))
      answer.ponder = reply->token;
  }
  return answer;
}

std::optional<BookAnswer> EngineState::builtin_book_move() const {
  const auto& game = engine_->game();
  const auto* descriptor = adapters::find_game(game.game_name());
  if (!descriptor || !descriptor->builtin_book) return std::nullopt;
  const auto move = descriptor->builtin_book(game);
  if (!move || !game.is_legal(move->token)) return std::nullopt;
  BookAnswer answer;
  answer.move = move->token;
  answer.note = "book move " + move->token + " (built-in book: proved " +
                (move->side_to_move_wins ? "win" : "loss") + " for the side to move)";
  // A proved result is a forced win or loss within `max_plies` plies (an upper bound).
  answer.score = move->side_to_move_wins ? engine::kMateScore - move->max_plies
                                         : -engine::kMateScore + move->max_plies;
  auto after = game.clone();
  if (after->play(move->token))
    if (const auto reply = descriptor->builtin_book(*after)) answer.ponder = reply->token;
  return answer;
}

}  // namespace triad::state
