// The session loop, the option table and every command of docs/protocol.md (see session.h).
#include "protocol/session.h"

#include <memory>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <variant>

#include "adapters/common/game_registry.h"
#include "protocol/bench.h"
#include "protocol/solve_output.h"
#include "protocol/strength.h"
#include "triad_version.h"

namespace triad::protocol {

namespace {

constexpr const char* kDefaultVariant = "razzledazzle";
// The evaluation the search uses unless told (docs/evaluation.md "Strength").
constexpr const char* kDefaultEvaluation = "learned";
constexpr std::int64_t kDefaultHashMb = 16;
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
    : out_(out), registry_(std::move(registry)) {
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
  engine_.reset();  // ends the search threads while the output still exists
}

// The option table: every option the engine offers, its type, default, range and action.
void Session::declare_options() {
  using T = OptionType;
  const auto ok = [](const std::string&) { return Result<void>(); };
  options_.add({"UCI_Variant", T::kCombo, kDefaultVariant, 0, 0, registry_.names()},
               [this](const std::string& v) { return select_variant(v); });
  options_.add({"VariantPath", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    if (v.empty()) return Result<void>();
    if (auto r = registry_.load_file(v); !r)
      return Result<void>(make_error("setoption VariantPath : " + r.error().message));
    options_.set_vars("UCI_Variant", registry_.names());
    return Result<void>();
  });
  options_.add({"Hash", T::kSpin, std::to_string(kDefaultHashMb), 1, 65536, {}},
               [this](const std::string& v) -> Result<void> {
                 auto note = engine_->set_hash_mb(static_cast<std::size_t>(std::stoll(v)));
                 if (!note) return note.error();
                 if (!note->empty()) out_.line("info string " + *note);
                 return {};
               });
  options_.add({"Clear Hash", T::kButton, "", 0, 0, {}}, [this](const std::string&) {
    engine_->clear_hash();
    return Result<void>();
  });
  options_.add({"Threads", T::kSpin, "1", 1, 256, {}},
               [this](const std::string& v) { return engine_->set_threads(std::stoi(v)); });
  options_.add({"MultiPV", T::kSpin, "1", 1, 256, {}}, ok);
  options_.add({"Ponder", T::kCheck, "false", 0, 0, {}}, ok);
  options_.add({"Move Overhead", T::kSpin, "30", 0, 10000, {}}, ok);
  options_.add({"UCI_ShowWDL", T::kCheck, "false", 0, 0, {}}, ok);
  options_.add({"OwnBook", T::kCheck, "true", 0, 0, {}}, ok);
  options_.add({"BookFile", T::kString, "", 0, 0, {}},
               [this](const std::string& v) { return load_book(v); });
  options_.add({"BookMode", T::kCombo, "best", 0, 0, {"best", "weighted"}}, ok);
  options_.add({"EvalFile", T::kString, "", 0, 0, {}},
               [this](const std::string& v) { return load_net(v); });
  options_.add({"Evaluation", T::kCombo, kDefaultEvaluation, 0, 0, {"learned", "classical"}}, ok);
  options_.add({"DrawRepetitions", T::kSpin, "3", 0, 1000, {}}, [this](const std::string& v) {
    auto rules = draw_rules();
    rules.repetitions = std::stoi(v);
    engine_->game().set_draw_rules(rules);
    return Result<void>();
  });
  options_.add({"MaxPlies", T::kSpin, "0", 0, 1000000, {}}, [this](const std::string& v) {
    auto rules = draw_rules();
    rules.max_plies = std::stoi(v);
    engine_->game().set_draw_rules(rules);
    return Result<void>();
  });
  options_.add({"Debug Log File", T::kString, "", 0, 0, {}},
               [this](const std::string& v) { return out_.set_log_file(v); });
  declare_strength_options(options_);
}

engine::DrawRules Session::draw_rules() const {
  return {static_cast<int>(options_.spin("DrawRepetitions")),
          static_cast<int>(options_.spin("MaxPlies"))};
}

Result<void> Session::select_variant(const std::string& name) {
  auto game = registry_.create(name);
  if (!game) return make_error("setoption UCI_Variant : " + game.error().message);
  auto engine =
      adapters::make_engine(std::move(*game), static_cast<std::size_t>(options_.spin("Hash")));
  if (!engine) return engine.error();
  if (auto r = (*engine)->set_threads(static_cast<int>(options_.spin("Threads"))); !r)
    return r.error();
  engine_ = std::move(*engine);
  engine_->game().set_draw_rules(draw_rules());
  variant_ = name;
  forfeit_.reset();
  select_net();
  return {};
}

void Session::announce_variant() {
  out_.line("info string variant " + variant_ + " game " +
            std::string(engine_->game().game_name()) + " startpos " +
            engine_->game().start_position_line());
}

engine::Outcome Session::outcome() const {
  if (forfeit_)
    return engine::Outcome::win_for(engine::other(*forfeit_), engine::Reason::kIllegalMove);
  return engine_->game().outcome();
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
    if (searching_) request_stop();
    return true;
  }
  if (parsed && std::holds_alternative<CmdPonderHit>(*parsed)) {
    ++ponderhits_;
    if (searching_) engine_->ponderhit();
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
        request_stop();
      else if (next.ponderhits_before < ponderhits_)
        engine_->ponderhit();
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
                 [&](const CmdNewGame&) { new_game(); },
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
    load_builtin_book();
  }
  out_.line("readyok");
}

void Session::load_builtin_book() {
  // The first lookup loads the game's built-in book (Yin Yang's: about 0.2 s), so that it
  // happens here and not in the first `go` of a game, on the clock.
  if (!options_.check("OwnBook")) return;
  const auto& game = engine_->game();
  if (const auto* d = adapters::find_game(game.game_name()); d && d->builtin_book)
    d->builtin_book(game);
}

bool Session::prepare() {
  auto note = engine_->prepare();
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
    note_book_variant();
  }
}

void Session::new_game() {
  engine_->clear_hash();
  auto fresh = engine_->game().clone();
  if (fresh->reset(fresh->start_position_line())) engine_->adopt(*fresh);
  forfeit_.reset();
}

void Session::set_position(const CmdPosition& cmd) {
  auto trial = engine_->game().clone();
  if (auto r = trial->reset(cmd.startpos ? trial->start_position_line() : cmd.fen); !r) {
    out_.error("position fen : " + r.error().message);
    return;
  }
  std::optional<engine::Player> forfeit;
  for (std::size_t k = 0; k < cmd.moves.size(); ++k) {
    const bool was_over = trial->outcome().over();
    if (auto r = trial->play(cmd.moves[k]); !r) {
      out_.error("illegal move " + sanitize(cmd.moves[k]) + " at ply " + std::to_string(k + 1) +
                 " : " + r.error().message);
      // A move after the end of the game changes nothing: the real result stands.
      if (!was_over) forfeit = trial->side_to_move();
      break;
    }
  }
  engine_->adopt(*trial);
  forfeit_ = forfeit;
}

void Session::go(const CmdGo& cmd) {
  if (cmd.perft > 0) {
    perft(cmd.perft);
    return;
  }
  if (const auto o = outcome(); o.over()) {
    out_.line("info string game over " + outcome_text(o));
    out_.line("bestmove (none)");
    return;
  }
  if (cmd.solve != SolveMode::kNone) {
    solve(cmd);
    return;
  }
  const auto level = strength_level(options_, engine_->game(), book_rng_);
  if (!level && play_book_move(cmd)) return;  // a limited level plays no book moves
  auto limits = cmd.limits;
  // A clock given only for the opponent (`go btime 100` with Player 1 to move) leaves the
  // side to move with no time at all: it moves at once, as in Stockfish, instead of
  // searching without limit.
  const int stm = engine::index(engine_->game().side_to_move());
  if (limits.has_clock() && limits.time_ms[stm] < 0) limits.time_ms[stm] = 0;
  adapters::SearchRequest request{limits,
                                  {static_cast<int>(options_.spin("Threads")),
                                   static_cast<int>(options_.spin("MultiPV")),
                                   static_cast<int>(options_.spin("Move Overhead")),
                                   draw_rules(),
                                   search_model(),
                                   {}},
                                  cmd.searchmoves};
  if (level) request.config.skill = *level;
  // Every go gets a bestmove: bad searchmoves are reported and the whole root is searched.
  if (auto r = engine_->validate(request); !r) {
    out_.error(r.error().message);
    request.searchmoves.clear();
  }
  if (!prepare()) {
    // No search can be made (no memory): still answer with a legal move.
    const auto legal = engine_->game().legal_moves();
    out_.line("bestmove " + (legal.empty() ? std::string("(none)") : legal.front()));
    return;
  }
  searching_ = true;
  // The search thread formats with the settings of this go, whatever the reader does next.
  const Mode mode = mode_;
  const auto wdl = wdl_model();
  auto reported = std::make_shared<bool>(false);
  engine_->start_search(
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
  engine_->start_perft(
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
  if (auto r = engine_->can_solve(); !r) {
    out_.error(r.error().message);
    return;
  }
  const auto legal = engine_->game().legal_moves();
  const std::string fallback = legal.empty() ? std::string("(none)") : legal.front();
  if (!prepare()) {
    out_.line("bestmove " + fallback);
    return;
  }
  searching_ = true;
  const Mode mode = mode_;
  const adapters::SolveRequest request{cmd.solve == SolveMode::kExact,
                                       static_cast<int>(options_.spin("Threads")),
                                       static_cast<std::size_t>(options_.spin("Hash"))};
  engine_->start_solve(
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

void Session::request_stop() {
  engine_->stop();
}

void Session::stop_and_join() {
  std::unique_lock lock(state_mutex_);
  quitting_ = true;
  ++stops_;
  if (searching_) request_stop();
  cv_.wait(lock, [&] { return !searching_ && pending_.empty(); });
}

void Session::query(const CmdQuery& cmd) {
  const auto& game = engine_->game();
  const auto o = outcome();
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
  const auto& game = engine_->game();
  std::istringstream board(game.board_text());
  for (std::string l; std::getline(board, l);) out_.line(l);
  const auto o = outcome();
  out_.line("Variant: " + variant_ + " (game " + std::string(game.game_name()) + ")");
  out_.line("Position: " + game.position_line());
  out_.line(std::string("Side to move: ") +
            (game.side_to_move() == engine::Player::kOne ? "1" : "2"));
  out_.line("Legal moves: " + std::to_string(o.over() ? 0 : game.legal_moves().size()));
  out_.line("State: " + (o.over() ? "over " + outcome_text(o) : std::string("ongoing")));
}

void Session::eval() {
  const auto& game = engine_->game();
  out_.line(std::string("Evaluation from Player ") +
            (game.side_to_move() == engine::Player::kOne ? "1" : "2") + ", the side to move");
  for (const auto& term : game.eval_terms())
    out_.line("  " + std::string(term.name) + ": " + std::to_string(term.value));
  out_.line("Total: " + std::to_string(game.evaluate()));
  print_learned_eval();
}

void Session::bench(int depth) {
  auto report = run_bench(registry_, depth, options_.text("Evaluation") == "learned",
                          [&](const std::string& l) { out_.line(l); });
  if (!report) {
    out_.error(report.error().message);
    return;
  }
  out_.line("Nodes searched: " + std::to_string(report->nodes));
  out_.line("Nodes/second: " + std::to_string(report->nps()));
}

}  // namespace triad::protocol
