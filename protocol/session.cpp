// The session loop, the option table and every command of docs/protocol.md (see session.h).
#include "protocol/session.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <variant>

#include "adapters/common/text.h"
#include "adapters/nnue/net_file.h"
#include "protocol/bench.h"
#include "protocol/solve_output.h"
#include "protocol/strength.h"
#include "triad_version.h"

namespace triad::protocol {

namespace {

constexpr const char* kDefaultVariant = "razzledazzle";
// At most this many lines (and bytes of them) wait for a running search.
constexpr std::size_t kMaxPendingLines = 10000;
constexpr std::size_t kMaxPendingBytes = std::size_t{16} << 20;

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;  // clang 14 has no aggregate deduction yet

std::string join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) {
    if (!out.empty()) out += ' ';
    out += s;
  }
  return out;
}

std::string outcome_text(const engine::Outcome& o) {
  return std::string(engine::result_name(o.result)) + " " + engine::reason_name(o.reason);
}

}  // namespace

Session::Session(std::ostream& out, adapters::VariantRegistry registry)
    : out_(out),
      registry_(std::move(registry)),
      state_(
          {}, [this](const std::string& note) { out_.line("info string " + note); },
          [this](const std::string& error) { out_.error(error); }) {
  declare_options();
  if (auto r = select_variant(kDefaultVariant); !r)
    throw std::runtime_error("default variant unavailable: " + r.error().message);
  executor_ = std::thread([this] { run_pending(); });
}

Session::~Session() {
  stop_and_join();
  {
    std::lock_guard lock(state_mutex_);
    closing_ = true;
  }
  cv_.notify_all();
  executor_.join();
}

// The option table: every option the engine offers, its type, default, range and action. The
// search's settings start from EngineState's defaults (the evaluation: docs/evaluation.md
// "Strength").
void Session::declare_options() {
  using T = OptionType;
  const auto ok = [](const std::string&) { return Result<void>(); };
  const state::SearchSettings defaults;
  options_.add({"UCI_Variant", T::kCombo, kDefaultVariant, 0, 0, registry_.names()},
               [this](const std::string& v) { return select_variant(v); });
  options_.add({"VariantPath", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    if (v.empty()) return Result<void>();
    if (auto r = registry_.load_file(v); !r)
      return Result<void>(make_error("setoption VariantPath : " + r.error().message));
    options_.set_vars("UCI_Variant", registry_.names());
    return Result<void>();
  });
  options_.add({"Hash", T::kSpin, std::to_string(defaults.hash_mb), 1, 65536, {}},
               [this](const std::string& v) -> Result<void> {
                 auto note = state_.set_hash_mb(static_cast<std::size_t>(std::stoll(v)));
                 if (!note) return note.error();
                 if (!note->empty()) out_.line("info string " + *note);
                 return {};
               });
  options_.add({"Clear Hash", T::kButton, "", 0, 0, {}}, [this](const std::string&) {
    state_.engine().clear_hash();
    return Result<void>();
  });
  options_.add({"Threads", T::kSpin, std::to_string(defaults.threads), 1, 256, {}},
               [this](const std::string& v) { return state_.set_threads(std::stoi(v)); });
  options_.add({"MultiPV", T::kSpin, std::to_string(defaults.multipv), 1, 256, {}},
               [this](const std::string& v) {
                 state_.set_multipv(std::stoi(v));
                 return Result<void>();
               });
  options_.add({"Ponder", T::kCheck, "false", 0, 0, {}}, ok);
  options_.add({"Move Overhead", T::kSpin, std::to_string(defaults.move_overhead_ms), 0, 10000, {}},
               [this](const std::string& v) {
                 state_.set_move_overhead_ms(std::stoi(v));
                 return Result<void>();
               });
  options_.add({"UCI_ShowWDL", T::kCheck, "false", 0, 0, {}}, ok);
  options_.add({"OwnBook", T::kCheck, "true", 0, 0, {}}, ok);
  options_.add({"BookFile", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    if (auto r = state_.load_book(v); !r)
      return Result<void>(make_error("setoption BookFile : " + r.error().message));
    return Result<void>();
  });
  options_.add({"BookMode", T::kCombo, "best", 0, 0, {"best", "weighted"}}, ok);
  options_.add({"EvalFile", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    if (auto r = state_.load_eval_file(v); !r)
      return Result<void>(make_error("setoption EvalFile : " + r.error().message));
    return Result<void>();
  });
  options_.add({"TablePath", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    if (auto r = state_.set_table_path(v); !r)
      return Result<void>(make_error("setoption TablePath : " + r.error().message));
    return Result<void>();
  });
  options_.add({"TableProbeLimit",
                T::kSpin,
                std::to_string(defaults.table_probe_limit),
                0,
                state::SearchSettings::kMaxTableProbeLimit,
                {}},
               [this](const std::string& v) {
                 state_.set_table_probe_limit(std::stoi(v));
                 return Result<void>();
               });
  options_.add({"Evaluation",
                T::kCombo,
                defaults.learned ? "learned" : "classical",
                0,
                0,
                {"learned", "classical"}},
               [this](const std::string& v) {
                 state_.set_learned(v == "learned");
                 return Result<void>();
               });
  // DrawRepetitions and MaxPlies: one field of the draw rules each.
  const auto draw_rule = [this](int engine::DrawRules::*field) {
    return [this, field](const std::string& v) {
      auto rules = state_.settings().draw_rules;
      rules.*field = std::stoi(v);
      state_.set_draw_rules(rules);
      return Result<void>();
    };
  };
  options_.add(
      {"DrawRepetitions", T::kSpin, std::to_string(defaults.draw_rules.repetitions), 0, 1000, {}},
      draw_rule(&engine::DrawRules::repetitions));
  options_.add(
      {"MaxPlies", T::kSpin, std::to_string(defaults.draw_rules.max_plies), 0, 1000000, {}},
      draw_rule(&engine::DrawRules::max_plies));
  options_.add({"Debug Log File", T::kString, "", 0, 0, {}},
               [this](const std::string& v) { return out_.set_log_file(v); });
  declare_strength_options(options_);
}

Result<void> Session::select_variant(const std::string& name) {
  auto variant = registry_.lookup(name);
  if (!variant) return make_error("setoption UCI_Variant : " + variant.error().message);
  if (auto r = state_.select_variant(**variant); !r) return r;
  set_elo_range(options_, state_.game());  // the game's own UCI_Elo range (docs/strength.md)
  return {};
}

void Session::announce_variant() {
  const auto& game = state_.game();
  out_.line("info string variant " + state_.variant().name + " game " +
            std::string(game.game_name()) + " startpos " + game.start_position_line());
}

int Session::run(std::istream& in) {
  // The output is written under Output's lock, also by the search thread. A stream tied to
  // it (std::cin is tied to std::cout) would flush it on every read here, without that
  // lock: a data race that could print a line twice.
  in.tie(nullptr);
  std::string line;
  while (std::getline(in, line))
    if (!execute(line)) return 0;
  stop_and_join();  // end of input = quit
  return 0;
}

namespace {

// Commands that only read the game (or answer at once) and so run beside a search.
bool runs_beside_search(const Command& cmd) {
  return std::visit(Overloaded{
                        [](const CmdIsReady&) { return true; },
                        [](const CmdStop&) { return true; },
                        [](const CmdPonderHit&) { return true; },
                        [](const CmdEmpty&) { return true; },
                        [](const CmdUci&) { return true; },
                        [](const CmdUgi&) { return true; },
                        [](const CmdQuery&) { return true; },
                        [](const CmdDisplay&) { return true; },
                        [](const CmdEval&) { return true; },
                        [](const CmdHelp&) { return true; },
                        [](const auto&) { return false; },
                    },
                    cmd);
}

}  // namespace

bool Session::execute(std::string_view line) {
  out_.log_input(line);
  auto parsed = parse_command(line);
  std::unique_lock lock(state_mutex_);
  if (parsed && std::holds_alternative<CmdQuit>(*parsed)) {
    lock.unlock();
    stop_and_join();
    return false;
  }
  // stop and ponderhit act at once: on the running search, and (run_pending) on the search
  // of every go still waiting in the queue, which was sent before them.
  if (parsed && std::holds_alternative<CmdStop>(*parsed)) {
    ++stops_;
    if (searching_) state_.engine().stop();
    return true;
  }
  if (parsed && std::holds_alternative<CmdPonderHit>(*parsed)) {
    ++ponderhits_;
    if (searching_) state_.engine().ponderhit();
    return true;
  }
  // Once a line waits, every later one waits behind it: nothing is answered out of order.
  const bool must_wait =
      !pending_.empty() || (searching_ && parsed && !runs_beside_search(*parsed));
  if (!must_wait) {
    run_line(parsed);
    return true;
  }
  // The queue is bounded (a flood of lines during `go infinite` must not grow memory
  // without end): beyond the bound a line is refused at once.
  if (pending_.size() >= kMaxPendingLines || pending_bytes_ + line.size() > kMaxPendingBytes) {
    out_.error("input line : " + std::to_string(pending_.size()) +
               " lines already wait for the running search (send stop)");
    return true;
  }
  pending_bytes_ += line.size();
  pending_.push_back({std::move(parsed), line.size(), stops_, ponderhits_});
  cv_.notify_all();
  return true;
}

bool Session::pending_can_run() const {
  if (pending_.empty()) return false;
  const auto& next = pending_.front().command;
  return !searching_ || !next || runs_beside_search(*next);
}

void Session::run_pending() {
  std::unique_lock lock(state_mutex_);
  for (;;) {
    cv_.wait(lock, [&] { return closing_ || pending_can_run(); });
    if (!pending_can_run()) return;  // closing, and nothing is left to run
    const Pending next = std::move(pending_.front());
    pending_.pop_front();
    pending_bytes_ -= next.bytes;
    const bool was_searching = searching_;
    run_line(next.command);
    if (!was_searching && searching_) {  // it started a search: the lines sent after it
      if (quitting_ || next.stops_before < stops_)
        state_.engine().stop();
      else if (next.ponderhits_before < ponderhits_)
        state_.engine().ponderhit();
    }
    cv_.notify_all();
  }
}

void Session::run_line(const Result<Command>& command) {
  if (!command)
    out_.error(command.error().message);
  else
    dispatch(*command);
}

void Session::wait_for_search() {
  std::unique_lock lock(state_mutex_);
  cv_.wait(lock, [&] { return !searching_ && pending_.empty(); });
}

Result<void> Session::configure(std::string_view name, const std::string& value) {
  std::lock_guard lock(state_mutex_);
  return options_.set_default(name, value);
}

void Session::dispatch(const Command& command) {
  std::visit(Overloaded{
                 [&](const CmdEmpty&) {},
                 [&](const CmdUci&) { handshake(Mode::kUci); },
                 [&](const CmdUgi&) { handshake(Mode::kUgi); },
                 [&](const CmdIsReady&) { is_ready(); },
                 [&](const CmdNewGame&) { state_.new_game(); },
                 [&](const CmdStop&) {},       // handled by execute()
                 [&](const CmdPonderHit&) {},  // handled by execute()
                 [&](const CmdQuit&) {},       // handled by execute()
                 [&](const CmdDisplay&) { display(); },
                 [&](const CmdEval&) { eval(); },
                 [&](const CmdHelp&) {
                   std::istringstream text(help_text());
                   for (std::string l; std::getline(text, l);) out_.line(l);
                 },
                 [&](const CmdSetOption& c) { set_option(c); },
                 [&](const CmdPosition& c) { set_position(c); },
                 [&](const CmdGo& c) { go(c); },
                 [&](const CmdQuery& c) { query(c); },
                 [&](const CmdBench& c) { bench(c.depth); },
             },
             command);
}

void Session::handshake(Mode mode) {
  mode_ = mode;
  out_.line(std::string("id name Triad ") + kVersion);
  out_.line("id author the Triad developers");
  for (const auto& l : options_.uci_lines()) out_.line(l);
  out_.line(mode == Mode::kUci ? "uciok" : "ugiok");
  announce_variant();
}

void Session::is_ready() {
  if (!searching_) {
    prepare();  // the running search (or solve) has its memory already
    // The first lookup loads the game's built-in book (Yin Yang's: about 0.2 s), so that it
    // happens here and not in the first `go` of a game, on the clock.
    if (options_.check("OwnBook")) state_.load_builtin_book();
  }
  out_.line("readyok");
}

bool Session::prepare() {
  auto note = state_.engine().prepare();
  if (!note) {
    out_.error(note.error().message);
    return false;
  }
  if (!note->empty()) out_.line("info string " + *note);
  return true;
}

void Session::set_option(const CmdSetOption& cmd) {
  std::optional<std::string> value;
  if (cmd.has_value) value = cmd.value;
  if (auto r = options_.set(cmd.name, value); !r) {
    out_.error(r.error().message);
    return;
  }
  if (iequals(cmd.name, "UCI_Variant")) {
    announce_variant();
    state_.note_book_variant();
  }
}

void Session::set_position(const CmdPosition& cmd) {
  if (auto r = state_.set_position(cmd.startpos ? std::nullopt : std::optional(cmd.fen), cmd.moves);
      !r)
    out_.error(r.error().message);
}

void Session::go(const CmdGo& given) {
  // A go with no limit at all is `go infinite` (docs/protocol.md): it searches until stop,
  // and neither the book nor a limited level answers before it.
  CmdGo cmd = given;
  const auto& l = cmd.limits;
  if (!l.has_clock() && l.depth == 0 && l.nodes == 0 && l.movetime_ms == 0 && l.mate == 0 &&
      !l.ponder)
    cmd.limits.infinite = true;
  if (cmd.perft > 0) {
    perft(cmd.perft);
    return;
  }
  state_.check_tables();  // files changed under the engine are dropped, never read
  if (const auto o = state_.outcome(); o.over()) {
    out_.line("info string game over " + outcome_text(o));
    out_.line("bestmove (none)");
    return;
  }
  if (cmd.solve != SolveMode::kNone) {
    solve(cmd);
    return;
  }
  auto& engine = state_.engine();
  const auto level = strength_level(options_, engine.game(), level_score_scale(state_), skill_rng_);
  if (!level && play_book_move(cmd)) return;  // a limited level plays no book moves
  auto limits = cmd.limits;
  // A clock given only for the opponent (`go btime 100` with Player 1 to move) leaves the
  // side to move with no time at all: it moves at once, as in Stockfish, instead of
  // searching without limit.
  const int stm = engine::index(engine.game().side_to_move());
  if (limits.has_clock() && limits.time_ms[stm] < 0) limits.time_ms[stm] = 0;
  adapters::SearchRequest request{limits, state_.search_config(), cmd.searchmoves};
  if (level) request.config.skill = *level;
  // Every go gets a bestmove: bad searchmoves are reported and the whole root is searched.
  if (auto r = engine.validate(request); !r) {
    out_.error(r.error().message);
    request.searchmoves.clear();
  }
  if (!prepare()) {
    // No search can be made (no memory): still answer with a legal move.
    const auto legal = engine.game().legal_moves();
    out_.line("bestmove " + (legal.empty() ? std::string("(none)") : legal.front()));
    return;
  }
  searching_ = true;
  // The search thread formats with the settings of this go, whatever the reader does next.
  const Mode mode = mode_;
  const auto wdl = wdl_model();
  auto reported = std::make_shared<bool>(false);
  engine.start_search(
      request,
      [this, mode, wdl, reported](const adapters::TextInfo& info) {
        out_.line(format_info(info, mode, wdl));
        *reported = true;
      },
      [this, mode, reported](const adapters::TextBestMove& best) {
        if (!*reported) out_.line("info depth 0 score cp 0 nodes 0 nps 0 time 0 pv " + best.best);
        finish_search({format_bestmove(best, mode)});
      });
}

void Session::perft(int depth) {
  if (!prepare()) return;
  searching_ = true;
  state_.engine().start_perft(
      depth,
      [this](const std::string& move, std::uint64_t leaves) {
        out_.line(move + ": " + std::to_string(leaves));
      },
      [this](const adapters::PerftReport& report) {
        std::vector<std::string> lines;
        if (report.stopped)
          lines.push_back("info string perft stopped after " + std::to_string(report.moves_done) +
                          " of " + std::to_string(report.moves_total) + " moves");
        lines.push_back("");
        lines.push_back("Nodes searched: " + std::to_string(report.nodes));
        finish_search(lines);
      });
}

// `go solve [exact]`: the game's whole-game solver, run like a search on the main search
// thread (isready, stop and quit are answered meanwhile); ends with the result line and one
// bestmove (a legal move when stopped before any move was proved).
void Session::solve(const CmdGo& cmd) {
  auto& engine = state_.engine();
  if (auto r = engine.can_solve(); !r) {
    out_.error(r.error().message);
    return;
  }
  const auto legal = engine.game().legal_moves();
  const std::string fallback = legal.empty() ? std::string("(none)") : legal.front();
  if (!prepare()) {
    out_.line("bestmove " + fallback);
    return;
  }
  searching_ = true;
  const Mode mode = mode_;
  const adapters::SolveRequest request{cmd.solve == SolveMode::kExact, state_.settings().threads,
                                       state_.settings().hash_mb};
  engine.start_solve(
      request, [this](const adapters::TextSolve& progress) { out_.line(format_solve(progress)); },
      [this, mode, fallback](const adapters::TextSolve& result) {
        adapters::TextBestMove best;
        best.best = result.best.empty() ? fallback : result.best;
        finish_search({format_solve(result), format_bestmove(best, mode)});
      });
}

void Session::finish_search(const std::vector<std::string>& last_lines) {
  std::lock_guard lock(state_mutex_);
  // Marked idle before the last line is out: a GUI that reads it may send go at once.
  searching_ = false;
  for (const auto& l : last_lines) out_.line(l);
  cv_.notify_all();
}

void Session::stop_and_join() {
  std::unique_lock lock(state_mutex_);
  quitting_ = true;
  ++stops_;
  if (searching_) state_.engine().stop();
  cv_.wait(lock, [&] { return !searching_ && pending_.empty(); });
}

void Session::query(const CmdQuery& cmd) {
  const auto& game = state_.game();
  const auto o = state_.outcome();
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
  const auto& game = state_.game();
  std::istringstream board(game.board_text());
  for (std::string l; std::getline(board, l);) out_.line(l);
  const auto o = state_.outcome();
  out_.line("Variant: " + state_.variant().name + " (game " + std::string(game.game_name()) + ")");
  out_.line("Position: " + game.position_line());
  out_.line(std::string("Side to move: ") +
            (game.side_to_move() == engine::Player::kOne ? "1" : "2"));
  out_.line("Legal moves: " + std::to_string(o.over() ? 0 : game.legal_moves().size()));
  out_.line("State: " + (o.over() ? "over " + outcome_text(o) : std::string("ongoing")));
}

void Session::eval() {
  const auto& game = state_.game();
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
  const auto* net = state_.net();
  if (!net) {
    out_.line("Learned evaluation: none (no net for this variant)");
    return;
  }
  const auto& file = net->file;
  auto score = adapters::nnue::learned_evaluation(file, state_.game());
  if (!score) {
    out_.line("Learned evaluation: none (net " + adapters::quote(file.path) + ": " +
              score.error().message + ")");
    return;
  }
  // The net's expected score for the side to move: sigmoid(score / scale).
  const double expected = 100.0 / (1.0 + std::exp(-static_cast<double>(*score) / file.net.scale));
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.1f", expected);
  const std::string wdl =
      options_.check("UCI_ShowWDL")
          ? "," + wdl_words(*score, WdlModel::fitted(file.net.scale, file.draw_permille))
          : "";
  out_.line("Learned evaluation (net " + adapters::quote(file.path) +
            "): " + std::to_string(*score) + " (expected score " + percent + " %" + wdl + ")");
  out_.line(std::string("The search uses the ") +
            (state_.search_model() ? "learned" : "classical") + " evaluation (Evaluation " +
            options_.text("Evaluation") + ")");
}

std::optional<WdlModel> Session::wdl_model() const {
  if (!options_.check("UCI_ShowWDL")) return std::nullopt;
  return search_wdl_model(state_);
}

bool Session::play_book_move(const CmdGo& cmd) {
  // A search that must not end by itself (infinite, ponder), that is restricted or asked
  // for something else (searchmoves, mate), or that asks for several lines (MultiPV above
  // 1: analysis) is never answered from the book.
  if (!options_.check("OwnBook") || cmd.limits.infinite || cmd.limits.ponder ||
      cmd.limits.mate > 0 || !cmd.searchmoves.empty() || options_.spin("MultiPV") > 1)
    return false;
  const auto answer = state_.book_move(options_.text("BookMode") == "weighted");
  if (!answer) return false;
  out_.line("info string " + answer->note);
  adapters::TextInfo info;
  info.score = answer->score;
  info.pv = {answer->move};
  adapters::TextBestMove best;
  best.best = answer->move;
  if (!answer->ponder.empty()) {
    best.ponder = answer->ponder;
    info.pv.push_back(answer->ponder);
  }
  out_.line(format_info(info, mode_, wdl_model()));
  out_.line(format_bestmove(best, mode_));
  return true;
}

void Session::bench(int depth) {
  // A level draws its seeds (Skill Seed 0) from a generator fixed for each run: the
  // signature at a level is reproducible.
  std::mt19937_64 rng{kBenchSeed};
  const auto level = [&](const state::EngineState& state) {
    return strength_level(options_, state.engine().game(), level_score_scale(state), rng);
  };
  auto report = run_bench(
      registry_, depth, options_.text("Evaluation") == "learned",
      [&](const std::string& l) { out_.line(l); }, level);
  if (!report) {
    out_.error(report.error().message);
    return;
  }
  out_.line("Nodes searched: " + std::to_string(report->nodes));
  out_.line("Nodes/second: " + std::to_string(report->nps()));
}

}  // namespace triad::protocol
