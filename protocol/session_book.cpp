// The session's opening books (docs/books.md): the BookFile option loads one, the game may
// have a built-in one (Yin Yang's perfect play), and `go` answers from them at once when
// OwnBook is on and the position has a legal book move.
#include "protocol/session.h"

#include "adapters/common/game_registry.h"
#include "adapters/common/text.h"
#include "engine/search/search_types.h"

namespace triad::protocol {

namespace book = adapters::book;

Result<void> Session::load_book(const std::string& file) {
  if (file.empty()) {
    book_.reset();
    return {};
  }
  auto loaded = book::Book::load(file);
  if (!loaded) return make_error("setoption BookFile : " + loaded.error().message);
  book_ = std::move(*loaded);
  out_.line("info string book " + adapters::quote(file) + " loaded: " +
            std::to_string(book_->size()) + " positions of variant " + book_->variant().variant);
  note_book_variant();
  return {};
}

book::BookVariant Session::current_book_variant() const {
  const auto* v = registry_.find(variant_);
  return {variant_, std::string(engine_->game().game_name()), v ? v->rules_fingerprint : 0};
}

void Session::note_book_variant() {
  if (!book_) return;
  if (auto r = book_->check_variant(current_book_variant()); !r)
    out_.line("info string book not used: " + r.error().message);
}

const book::Book* Session::answering_book(book::PickMode mode,
                                          std::optional<book::BookMove>& move) {
  const auto& game = engine_->game();
  if (book_ && book_->check_variant(current_book_variant()))
    if ((move = book::pick_move(*book_, game, mode, book_rng_))) return &*book_;
  if (const auto* d = adapters::find_game(game.game_name()); d && d->builtin_book)
    if (const book::Book* builtin = d->builtin_book())
      if ((move = book::pick_move(*builtin, game, mode, book_rng_))) return builtin;
  return nullptr;
}

bool Session::play_book_move(const CmdGo& cmd) {
  // A search that must not end by itself (infinite, ponder) or that is restricted or asked
  // for something else (searchmoves, mate) is never answered from the book.
  if (!options_.check("OwnBook") || cmd.limits.infinite || cmd.limits.ponder ||
      cmd.limits.mate > 0 || !cmd.searchmoves.empty())
    return false;
  const auto mode =
      options_.text("BookMode") == "weighted" ? book::PickMode::kWeighted : book::PickMode::kBest;
  std::optional<book::BookMove> move;
  const book::Book* source = answering_book(mode, move);
  if (!source) return false;
  const auto& game = engine_->game();
  const book::BookEntry& entry = *source->find(game.position_line());

  std::uint64_t total = 0;
  for (const auto& m : entry.moves)
    if (game.is_legal(m.token)) total += m.weight;
  std::string note = "info string book move " + move->token;
  note += book_ && source == &*book_ ? " (weight " : " (built-in book, weight ";
  note += std::to_string(move->weight) + " of " + std::to_string(total);
  if (move->stats.games() > 0)
    note += ", games +" + std::to_string(move->stats.wins) + " =" +
            std::to_string(move->stats.draws) + " -" + std::to_string(move->stats.losses);
  if (move->eval != book::kNoEval) note += ", eval " + std::to_string(move->eval);
  if (entry.proved == book::Proved::kWin || entry.proved == book::Proved::kLoss)
    note += std::string(", proved ") + (entry.proved == book::Proved::kWin ? "win" : "loss") +
            " for the side to move";
  out_.line(note + ")");

  adapters::TextInfo info;
  info.score = move->eval != book::kNoEval ? move->eval : 0;
  // A proved result is a forced win or loss within `distance` plies (an upper bound).
  if (entry.proved == book::Proved::kWin) info.score = engine::kMateScore - entry.distance;
  if (entry.proved == book::Proved::kLoss) info.score = -engine::kMateScore + entry.distance;
  info.pv = {move->token};
  adapters::TextBestMove best;
  best.best = move->token;
  // The ponder move: the same book's best answer, when the reply position is in it too.
  auto after = game.clone();
  if (after->play(move->token)) {
    std::mt19937_64 unused;
    if (const auto reply = book::pick_move(*source, *after, book::PickMode::kBest, unused)) {
      best.ponder = reply->token;
      info.pv.push_back(reply->token);
    }
  }
  out_.line(format_info(info, mode_, false));
  out_.line(format_bestmove(best, mode_));
  return true;
}

}  // namespace triad::protocol
