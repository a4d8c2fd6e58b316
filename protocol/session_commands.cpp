// The session's commands that only read the game or the engine (see session.h): query,
// display, eval, the book's answer to a go, and bench.
#include <cstdio>
#include <random>
#include <sstream>

#include "adapters/common/text.h"
#include "protocol/bench.h"
#include "protocol/session.h"
#include "protocol/session_text.h"

namespace triad::protocol {

namespace {

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += ' ';
    out += s;
  }
  return out;
}

}  // namespace

void Session::query(const CmdQuery& cmd) {
  const auto& game = engine_.state().game();
  const auto o = engine_.state().outcome();
  const auto& q = cmd.name;
  const bool no_args = cmd.args.empty();
  std::string answer = "unknown";
  if (q == "p1turn" && no_args) {
    answer = game.side_to_move() == engine::Player::kOne ? "true" : "false";
  } else if (q == "turn" && no_args) {
    answer = game.side_to_move() == engine::Player::kOne ? "1" : "2";
  } else if (q == "gameover" && no_args) {
    answer = o.over() ? "true" : "false";
  } else if (q == "result" && no_args) {
    answer = engine::result_name(o.result);
  } else if (q == "reason" && no_args) {
    answer = engine::reason_name(o.reason);
  } else if (q == "score" && no_args) {
    answer = game.score_text();
  } else if (q == "fen" && no_args) {
    answer = game.position_line();
  } else if (q == "moves" && no_args) {
    const auto moves = o.over() ? std::vector<std::string>{} : game.legal_moves();
    answer = moves.empty() ? "none" : join(moves);
  } else if (q == "islegal" && cmd.args.size() == 1) {
    answer = !o.over() && game.is_legal(cmd.args[0]) ? "true" : "false";
  } else if (q == "board" && no_args) {
    answer = game.board_json();
  }
  out_.line("response " + answer);
}

void Session::display() {
  const auto& game = engine_.state().game();
  std::istringstream board(game.board_text());
  for (std::string l; std::getline(board, l);) out_.line(l);
  const auto o = engine_.state().outcome();
  out_.line("Variant: " + engine_.state().variant().name + " (game " +
            std::string(game.game_name()) + ")");
  out_.line("Position: " + game.position_line());
  out_.line(std::string("Side to move: ") +
            (game.side_to_move() == engine::Player::kOne ? "1" : "2"));
  out_.line("Legal moves: " + std::to_string(o.over() ? 0 : game.legal_moves().size()));
  out_.line("State: " + (o.over() ? "over " + outcome_text(o) : std::string("ongoing")));
}

void Session::eval() {
  const auto& game = engine_.state().game();
  out_.line(std::string("Evaluation from Player ") +
            (game.side_to_move() == engine::Player::kOne ? "1" : "2") + ", the side to move");
  for (const auto& term : game.eval_terms())
    out_.line("  " + std::string(term.name) + ": " + std::to_string(term.value));
  out_.line("Total: " + std::to_string(game.evaluate()));
  print_learned_eval();
}

// `eval` shows the net's score next to the classical terms (docs/evaluation.md "In the
// engine").
void Session::print_learned_eval() {
  const auto learned = engine_.learned_eval();
  if (!learned) {
    out_.line("Learned evaluation: none (no net for this variant)");
    return;
  }
  const std::string net = "net " + adapters::quote(learned->path);
  if (!learned->score) {
    out_.line("Learned evaluation: none (" + net + ": " + learned->score.error().message + ")");
    return;
  }
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.1f", learned->expected);
  const std::string wdl = engine_.options().check("UCI_ShowWDL")
                              ? "," + state::wdl_words(*learned->score, learned->model)
                              : "";
  out_.line("Learned evaluation (" + net + "): " + std::to_string(*learned->score) +
            " (expected score " + percent + " %" + wdl + ")");
  out_.line(std::string("The search uses the ") + (learned->searched ? "learned" : "classical") +
            " evaluation (Evaluation " + engine_.options().text("Evaluation") + ")");
}

void Session::play_book_move(const state::BookAnswer& answer) {
  out_.line("info string " + answer.note);
  adapters::TextInfo info;
  info.score = answer.score;
  info.pv = {answer.move};
  adapters::TextBestMove best;
  best.best = answer.move;
  if (!answer.ponder.empty()) {
    best.ponder = answer.ponder;
    info.pv.push_back(answer.ponder);
  }
  out_.line(format_info(info, mode_, engine_.info_wdl()));
  out_.line(format_bestmove(best, mode_));
}

void Session::bench(int depth) {
  // A level draws its seeds (Skill Seed 0) from a generator fixed for each run: the
  // signature at a level is reproducible.
  std::mt19937_64 rng{kBenchSeed};
  auto report = run_bench(
      engine_.registry(), depth, engine_.state().settings().learned,
      [&](const std::string& l) { out_.line(l); },
      [&](const state::EngineState& searched) { return engine_.level(searched, rng); });
  if (!report) {
    out_.error(report.error().message);
    return;
  }
  out_.line("Nodes searched: " + std::to_string(report->nodes));
  out_.line("Nodes/second: " + std::to_string(report->nps()));
}

}  // namespace triad::protocol
