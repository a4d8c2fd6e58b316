// The session's opening book (docs/books.md): the BookFile option loads it, and `go` answers
// from it at once when OwnBook is on and the position has a legal book move.
#include "protocol/session.h"

#include "adapters/common/text.h"

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

bool Session::play_book_move(const CmdGo& cmd) {
  // A search that must not end by itself (infinite, ponder) or that is restricted or asked
  // for something else (searchmoves, mate) is never answered from the book.
  if (!book_ || !options_.check("OwnBook") || cmd.limits.infinite || cmd.limits.ponder ||
      cmd.limits.mate > 0 || !cmd.searchmoves.empty())
    return false;
  if (!book_->check_variant(current_book_variant())) return false;
  const auto mode =
      options_.text("BookMode") == "weighted" ? book::PickMode::kWeighted : book::PickMode::kBest;
  const auto& game = engine_->game();
  const auto move = book::pick_move(*book_, game, mode, book_rng_);
  if (!move) return false;

  std::uint64_t total = 0;
  for (const auto& m : book_->find(game.position_line())->moves)
    if (game.is_legal(m.token)) total += m.weight;
  std::string note = "info string book move " + move->token + " (weight " +
                     std::to_string(move->weight) + " of " + std::to_string(total);
  if (move->stats.games() > 0)
    note += ", games +" + std::to_string(move->stats.wins) + " =" +
            std::to_string(move->stats.draws) + " -" + std::to_string(move->stats.losses);
  if (move->eval != book::kNoEval) note += ", eval " + std::to_string(move->eval);
  out_.line(note + ")");

  adapters::TextInfo info;
  info.score = move->eval != book::kNoEval ? move->eval : 0;
  info.pv = {move->token};
  adapters::TextBestMove best;
  best.best = move->token;
  // The ponder move: the book's best answer, when the reply position is in the book too.
  auto after = game.clone();
  if (after->play(move->token)) {
    std::mt19937_64 unused;
    if (const auto reply = book::pick_move(*book_, *after, book::PickMode::kBest, unused)) {
      best.ponder = reply->token;
      info.pv.push_back(reply->token);
    }
  }
  out_.line(format_info(info, mode_, false));
  out_.line(format_bestmove(best, mode_));
  return true;
}

}  // namespace triad::protocol
