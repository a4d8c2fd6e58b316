// The engine side of triad-analyse (see analyst.h): the dialogue for one position (the
// engine's life cycle in runner::ManagedEngine), the reading of MultiPV info lines and the
// output line.
#include "analysis/analyst.h"

#include <algorithm>

#include "adapters/common/json_writer.h"
#include "adapters/common/text.h"

namespace triad::analysis {

using adapters::JsonWriter;
using protocol::Failure;
using protocol::FailureKind;

void write_prefix(JsonWriter& j, const Task& t) {
  j.begin_object().key("index").value(t.index).key("line").value(t.line);
  if (t.game > 0)
    j.key("game").value(t.game).key("ply").value(static_cast<std::int64_t>(t.moves.size()));
  if (!t.variant.empty()) j.key("variant").value(t.variant);
  j.key("position").value(t.position);
}

void write_score(JsonWriter& j, const protocol::EngineScore& s) {
  j.begin_object();
  if (s.mate)
    j.key("mate").value(protocol::mate_moves(s.value)).key("mate_plies").value(s.value);
  else
    j.key("cp").value(s.value);
  j.end_object();
}

namespace {

void write_line(JsonWriter& j, const protocol::InfoLine& l) {
  j.begin_object()
      .key("multipv")
      .value(l.multipv.value_or(1))
      .key("depth")
      .value(l.depth.value_or(0));
  if (l.seldepth) j.key("seldepth").value(*l.seldepth);
  j.key("score");
  if (l.score)
    write_score(j, *l.score);
  else
    j.null();
  if (l.bound != protocol::ScoreBound::kExact) j.key("bound").value(protocol::bound_name(l.bound));
  if (l.nodes) j.key("nodes").value(static_cast<std::int64_t>(*l.nodes));
  if (l.time_ms) j.key("time_ms").value(*l.time_ms);
  j.key("bestmove").value(l.pv.empty() ? std::string_view() : std::string_view(l.pv.front()));
  j.key("pv").begin_array();
  for (const auto& m : l.pv) j.value(m);
  j.end_array().end_object();
}

}  // namespace

void keep_info(const protocol::InfoLine& info, std::vector<protocol::InfoLine>& lines) {
  if (info.text || !info.score || info.multipv.value_or(1) > kMaxMultiPv) return;
  const int multipv = info.multipv.value_or(1);
  auto at = std::lower_bound(
      lines.begin(), lines.end(), multipv,
      [](const protocol::InfoLine& a, int m) { return a.multipv.value_or(1) < m; });
  if (at != lines.end() && at->multipv.value_or(1) == multipv)
    *at = info;
  else
    lines.insert(at, info);
}

std::string check_moves(const Task& task, const Analysis& analysis,
                        const adapters::VariantRegistry& registry) {
  auto made = registry.create(task.variant);
  if (!made) return made.error().message;
  auto& game = **made;
  if (auto r = game.reset(task.start); !r) return r.error().message;
  for (const auto& m : task.moves)
    if (auto r = game.play(m); !r) return r.error().message;
  if (!game.is_legal(analysis.bestmove))
    return "the engine's bestmove " + adapters::quote(analysis.bestmove) +
           " is not a legal move in this position";
  for (const auto& line : analysis.lines) {
    auto replay = game.clone();
    for (std::size_t i = 0; i < line.pv.size(); ++i)
      if (auto r = replay->play(line.pv[i]); !r)
        return "the engine's pv of line " + std::to_string(line.multipv.value_or(1)) +
               " is illegal at move " + std::to_string(i + 1) + ": " + r.error().message;
  }
  return {};
}

std::string output_prefix(const Task& task) {
  JsonWriter j;
  write_prefix(j, task);
  return j.text();
}

std::string format_output(const Task& task, const Analysis* analysis, const std::string* failure) {
  JsonWriter j;
  write_prefix(j, task);
  if (!task.played.empty()) j.key("played").value(task.played);
  if (!task.error.empty()) {
    j.key("error").value(task.error);
  } else if (!task.result.empty()) {
    j.key("gameover").value(true).key("result").value(task.result);
  } else if (failure) {
    j.key("error").value(*failure);
  } else if (analysis) {
    const protocol::InfoLine* first = analysis->lines.empty() ? nullptr : &analysis->lines.front();
    std::uint64_t nodes = 0;
    for (const auto& l : analysis->lines) nodes = std::max(nodes, l.nodes.value_or(0));
    j.key("bestmove").value(analysis->bestmove);
    j.key("depth").value(first ? first->depth.value_or(0) : 0);
    j.key("nodes").value(static_cast<std::int64_t>(nodes));
    j.key("time_ms").value(static_cast<std::int64_t>(analysis->elapsed.count()));
    j.key("lines").begin_array();
    for (const auto& l : analysis->lines) write_line(j, l);
    j.end_array();
  }
  j.end_object();
  return j.text();
}

namespace {

// The engine for `config` on `slot`: its stderr log in the log folder, an engine's own book
// off unless the user turns it on (analysis asks for a search), MultiPV after the user's
// options.
runner::ManagedEngine make_engine(const AnalyseConfig& config, const std::string& slot,
                                  std::shared_ptr<protocol::CancelSignal> cancel) {
  runner::EngineSpec spec = config.engine;
  if (config.multipv > 1) spec.options.emplace_back("MultiPV", std::to_string(config.multipv));
  runner::ManagedEngineSettings settings;
  if (!config.log_dir.empty())
    settings.stderr_log = config.log_dir / (spec.name + "-" + slot + ".log");
  settings.handshake_timeout = config.handshake_timeout;
  settings.cancel = std::move(cancel);
  settings.defaults = {{"OwnBook", "false"}};
  // A review reads the engine's own win/draw/loss estimate when it gives one.
  if (config.review) settings.defaults.emplace_back("UCI_ShowWDL", "true");
  return runner::ManagedEngine(std::move(spec), std::move(settings));
}

}  // namespace

Analyst::Analyst(const AnalyseConfig& config, std::string slot,
                 std::shared_ptr<protocol::CancelSignal> cancel)
    : config_(config),
      engine_(make_engine(config, slot, std::move(cancel))),
      exact_(config.tables) {}

std::optional<Failure> Analyst::attempt(const Task& task, const protocol::GoLimits& limits,
                                        Analysis& out) {
  if (auto f = engine_.prepare(task.variant)) return f;
  auto reply = engine_.search(
      task.start, task.moves, limits, config_.timeout, [&](const protocol::InfoLine& info) {
        if (!info.problem.empty() && out.refused.empty())
          out.refused = "the engine's info line could not be read: " + info.problem;
        keep_info(info, out.lines);
      });
  if (reply.failure) {
    engine_.end(*reply.failure);  // a fresh process for the next attempt
    return reply.failure;
  }
  out.bestmove = reply.move;
  out.elapsed = reply.elapsed;
  if (out.refused.empty()) out.refused = check_moves(task, out, config_.variants);
  return std::nullopt;
}

Result<std::optional<Analysis>> Analyst::search(const Task& task,
                                                const protocol::GoLimits& limits) {
  std::string last;
  for (int attempt_no = 0; attempt_no <= config_.retries; ++attempt_no) {
    Analysis analysis;
    const auto failure = attempt(task, limits, analysis);
    // An answer that breaks the rules is the engine's analysis all the same: not retried.
    if (!failure) return std::optional(std::move(analysis));
    if (failure->kind == FailureKind::kCancelled) return std::optional<Analysis>();
    last = failure->message;
  }
  return make_error("the engine failed on this position (attempts: " +
                    std::to_string(config_.retries + 1) + "); last error: " + last);
}

Result<void> Analyst::count_failure(const Task& task, const std::string& failure) {
  failed_in_a_row_ = failure.empty() ? 0 : failed_in_a_row_ + 1;
  if (failed_in_a_row_ < kFailedInARow) return {};
  return make_error("the engine failed on " + std::to_string(kFailedInARow) +
                    " positions in a row; at input line " + std::to_string(task.line) + ": " +
                    failure);
}

Result<std::string> Analyst::analyse(const Task& task) {
  if (!task.needs_engine()) {
    if (auto counted = count_failure(task, ""); !counted) return counted.error();
    return format_output(task, nullptr, nullptr);
  }
  const auto analysis = search(task, config_.limits);
  if (auto counted = count_failure(task, analysis ? "" : analysis.error().message); !counted)
    return counted.error();
  if (!analysis) return format_output(task, nullptr, &analysis.error().message);
  if (!*analysis) return std::string();
  const Analysis& done = **analysis;
  if (!done.refused.empty()) return format_output(task, nullptr, &done.refused);
  return format_output(task, &done, nullptr);
}

namespace {

protocol::EngineScore player_one_view(protocol::EngineScore s, engine::Player mover) {
  if (mover == engine::Player::kTwo) s.value = -s.value;
  return s;
}

// The position before the task's move (the input was checked when it was read).
Result<std::unique_ptr<adapters::AnyGame>> replay(const Task& task,
                                                  const adapters::VariantRegistry& variants) {
  auto made = variants.create(task.variant);
  if (!made) return made.error();
  auto game = std::move(*made);
  if (auto ok = game->reset(task.start); !ok) return ok.error();
  for (const auto& m : task.moves)
    if (auto ok = game->play(m); !ok) return ok.error();
  return game;
}

// With exact knowledge, `best` must keep the proven result: when the engine's best move
// does not, the best line is the engine's first other line that starts with a move that
// does (MultiPV), else that move alone (the first such legal move).
void prove_best(const Analysis& before, const std::vector<std::string>& keepers, MoveReview& r) {
  const auto keeps = [&](const std::string& m) {
    return std::find(keepers.begin(), keepers.end(), m) != keepers.end();
  };
  if (keepers.empty() || keeps(r.best)) return;
  for (const auto& line : before.lines)
    if (!line.pv.empty() && keeps(line.pv.front())) {
      r.best = line.pv.front();
      r.pv = line.pv;
      return;
    }
  r.best = keepers.front();
  r.pv = {r.best};
}

}  // namespace

Result<std::string> Analyst::review(const Task& task, std::vector<MoveReview>& moves) {
  if (task.played.empty()) {  // the game's last position
    if (auto counted = count_failure(task, ""); !counted) return counted.error();
    return format_summary(task, moves);
  }
  MoveReview r;
  const auto engine = review_move(task, r);
  if (!engine) r.error = engine.error().message;
  if (auto counted = count_failure(task, engine ? "" : engine.error().message); !counted)
    return counted.error();
  moves.push_back(std::move(r));
  return format_review(task, moves.back());
}

Result<void> Analyst::review_move(const Task& task, MoveReview& r) {
  auto replayed = replay(task, config_.variants);
  if (!replayed) {
    r.error = replayed.error().message;
    return {};
  }
  auto& game = **replayed;
  r.mover = game.side_to_move();

  const auto searched = search(task, config_.limits);
  if (!searched) return searched.error();
  if (!*searched) return {};  // cancelled
  const Analysis& before = **searched;
  r.error = before.refused;
  if (r.error.empty() && before.lines.empty()) r.error = "the engine sent no score";
  if (!r.error.empty()) return {};
  const protocol::InfoLine& best = before.lines.front();
  protocol::InfoLine played = best;
  r.best = before.bestmove;
  r.pv = best.pv;
  r.depth = best.depth.value_or(0);
  if (task.played != r.best) {
    auto limits = config_.limits;
    limits.searchmoves = {task.played};
    const auto searched_alone = search(task, limits);
    if (!searched_alone) return searched_alone.error();
    if (!*searched_alone) return {};  // cancelled
    const Analysis& alone = **searched_alone;
    r.error = alone.refused;
    if (r.error.empty() && (alone.bestmove != task.played || alone.lines.empty()))
      r.error = "the engine did not search the played move alone (go searchmoves " + task.played +
                "): its bestmove is " + alone.bestmove;
    if (!r.error.empty()) return {};
    played = alone.lines.front();
  }
  r.before = player_one_view(*best.score, r.mover);
  r.played = player_one_view(*played.score, r.mover);

  JudgeInput in;
  in.mover = r.mover;
  in.best = expected_score(best);
  in.played = expected_score(played);
  if (before.lines.size() >= 2) in.second = expected_score(before.lines[1]);
  in.engine_best = task.played == r.best;
  const auto legal = game.legal_moves();
  in.legal_moves = legal.size();
  exact_values(task, game, before, in, r);
  const auto judged = judge(in);
  if (!judged) {
    r.error = judged.error().message;
    return {};
  }
  r.loss = judged->loss;
  const bool p1 = r.mover == engine::Player::kOne;
  r.p1_expected_before = p1 ? judged->before : 1 - judged->before;
  r.p1_expected = p1 ? judged->after : 1 - judged->after;
  r.cls = judged->cls;
  r.only_move = judged->only_move;
  r.forced = in.legal_moves == 1;
  r.exact_before = in.exact_before;
  r.exact_played = in.exact_played;
  if (in.exact_before || in.exact_played)
    r.exact_by = config_.tables.contains(task.variant) ? "table" : "solver";
  return {};
}

void Analyst::exact_values(const Task& task, const adapters::AnyGame& game, const Analysis& before,
                           JudgeInput& in, MoveReview& r) {
  auto parent = game.clone();  // the position before the last move of the history, if any
  const bool has_parent = !task.moves.empty() && parent->take_back();
  in.exact_before = exact_.result_near(task.variant, game, has_parent ? parent.get() : nullptr,
                                       has_parent ? task.moves.back() : "");
  auto after = game.clone();
  if (after->play(task.played))
    in.exact_played = exact_.result_near(task.variant, *after, &game, task.played);
  if (!in.exact_before && in.exact_played) {
    // The engine's best move, where the position after it is proven: a win proves the
    // position before; a draw or a loss stands for it in the judgement.
    auto best = game.clone();
    if (best->play(r.best)) in.exact_best = exact_.result_near(task.variant, *best, &game, r.best);
    const auto win = adapters::result_of(engine::ExactResult::kWin, r.mover);
    if (in.exact_best == win) in.exact_before = in.exact_best;
  }
  if (!in.exact_before) return;
  const auto legal = game.legal_moves();
  const auto best = exact_.best_move(task.variant, game);
  std::vector<std::string> keepers;  // the moves known to keep the proven result
  bool all_known = true;             // a book proves one winning move, not always the others
  for (const auto& m : legal) {
    auto child = game.clone();
    auto value = child->play(m) ? exact_.result(task.variant, *child) : std::nullopt;
    if (!value && m == best) value = in.exact_before;  // its best move keeps it
    if (value == in.exact_before) keepers.push_back(m);
    all_known = all_known && value.has_value();
  }
  in.keeping = all_known ? keepers.size() : 0;
  // The best move keeps the proven result; the played move is "best" when it is that move.
  prove_best(before, keepers, r);
  in.engine_best = task.played == r.best;
}

}  // namespace triad::analysis
