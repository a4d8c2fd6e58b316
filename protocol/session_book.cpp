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

bool Session::play_book_move(const CmdGo& cmd) {
  // A search that must not end by itself (infinite, ponder), that is restricted or asked
  // for something else (searchmoves, mate), or that asks for several lines (MultiPV above
  // 1: analysis) is never answered from the book.
  if (!options_.check("OwnBook") || cmd.limits.infinite || cmd.limits.ponder ||
      cmd.limits.mate > 0 || !cmd.searchmoves.empty() || options_.spin("MultiPV") > 1)
    return false;
  return play_file_book_move() || play_builtin_book_move();
}

bool Session::play_file_book_move() {
  if (!book_ || !book_->check_variant(current_book_variant())) return false;
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

  // The ponder move: the book's best answer, when the reply position is in the book too.
  std::string ponder;
  auto after = game.clone();
  if (after->play(move->token)) {
    std::mt19937_64 unused;
    if (const auto reply = book::pick_move(*book_, *after, book::PickMode::kBest, unused))
      ponder = reply->token;
  }
  print_book_answer(move->token, move->eval != book::kNoEval ? move->eval : 0, ponder);
  return true;
}

bool Session::play_builtin_book_move() {
  const auto& game = engine_->game();
  const auto* descriptor = adapters::find_game(game.game_name());
  if (!descriptor || !descriptor->builtin_book) return false;
  const auto move = descriptor->builtin_book(game);
  if (!move || !game.is_legal(move->token)) return false;
  out_.line("info string book move " + move->token + " (built-in book: proved " +
            (move->side_to_move_wins ? "win" : "loss") + " for the side to move)");
  // A proved result is a forced win or loss within `max_plies` plies (an upper bound).
  const int score = move->side_to_move_wins ? engine::kMateScore - move->max_plies
                                            : -engine::kMateScore + move->max_plies;
  std::string ponder;
  auto after = game.clone();
  if (after->play(move->token))
    if (const auto reply = descriptor->builtin_book(*after)) ponder = reply->token;
  print_book_answer(move->token, score, ponder);
  return true;
}

void Session::print_book_answer(const std::string& move, int score, const std::string& ponder) {
  adapters::TextInfo info;
  info.score = score;
  info.pv = {move};
  adapters::TextBestMove best;
  best.best = move;
  if (!ponder.empty()) {
    best.ponder = ponder;
    info.pv.push_back(ponder);
  }
  out_.line(format_info(info, mode_, wdl_model()));
  out_.line(format_bestmove(best, mode_));
}

}  // namespace triad::protocol
