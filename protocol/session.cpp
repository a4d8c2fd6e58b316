// The session loop, the option table and every command of docs/protocol.md (see session.h).
#include "protocol/session.h"

#include <sstream>
#include <stdexcept>
#include <utility>
#include <variant>

#include "protocol/bench.h"
#include "triad_version.h"

namespace triad::protocol {

namespace {

constexpr const char* kDefaultVariant = "razzledazzle";
constexpr std::int64_t kDefaultHashMb = 16;

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
}

Session::~Session() {
  stop_and_join();
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
               [this](const std::string& v) {
                 return engine_->set_hash_mb(static_cast<std::size_t>(std::stoll(v)));
               });
  options_.add({"Clear Hash", T::kButton, "", 0, 0, {}}, [this](const std::string&) {
    engine_->clear_hash();
    return Result<void>();
  });
  options_.add({"Threads", T::kSpin, "1", 1, 256, {}}, ok);
  options_.add({"MultiPV", T::kSpin, "1", 1, 256, {}}, ok);
  options_.add({"Ponder", T::kCheck, "false", 0, 0, {}}, ok);
  options_.add({"Move Overhead", T::kSpin, "30", 0, 10000, {}}, ok);
  options_.add({"UCI_ShowWDL", T::kCheck, "false", 0, 0, {}}, ok);
  options_.add({"OwnBook", T::kCheck, "false", 0, 0, {}}, ok);
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
}

engine::DrawRules Session::draw_rules() const {
  return {static_cast<int>(options_.spin("DrawRepetitions")),
          static_cast<int>(options_.spin("MaxPlies"))};
}

Result<void> Session::select_variant(const std::string& name) {
  auto game = registry_.create(name);
  if (!game) return make_error("setoption UCI_Variant : " + game.error().message);
  auto engine = make_engine(std::move(*game), static_cast<std::size_t>(options_.spin("Hash")));
  if (!engine) return engine.error();
  engine_ = std::move(*engine);
  engine_->game().set_draw_rules(draw_rules());
  variant_ = name;
  forfeit_.reset();
  return {};
}

void Session::announce_variant() {
  out_.line("info string variant " + variant_ + " game " +
            std::string(engine_->game().game_name()) + " startpos " + engine_->game().start_fen());
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

bool Session::execute(std::string_view line) {
  out_.log_input(line);
  auto parsed = parse_command(line);
  std::unique_lock lock(state_mutex_);
  if (!parsed) {
    out_.error(parsed.error().message);
    return true;
  }
  const Command& cmd = *parsed;
  if (std::holds_alternative<CmdQuit>(cmd)) {
    lock.unlock();
    stop_and_join();
    return false;
  }
  const bool immediate = std::holds_alternative<CmdIsReady>(cmd) ||
                         std::holds_alternative<CmdStop>(cmd) ||
                         std::holds_alternative<CmdPonderHit>(cmd);
  // After `stop` the search is ending: later commands wait for its bestmove (and for the
  // commands queued before them) instead of being refused.
  if (searching_ && stop_requested_ && !immediate) cv_.wait(lock, [&] { return !searching_; });
  if (!searching_) {
    dispatch(cmd);
    return true;
  }
  // A search is running: answer at once, refuse, or queue until the search ends.
  std::visit(Overloaded{
                 [&](const CmdIsReady&) { out_.line("readyok"); },
                 [&](const CmdStop&) { request_stop(); },
                 [&](const CmdPonderHit&) {
                   ponderhit_requested_ = true;
                   if (in_search_) engine_->ponderhit();
                   cv_.notify_all();
                 },
                 [&](const CmdEmpty&) {},
                 [&](const CmdPosition&) {
                   out_.error("position : a search is running (send stop first)");
                 },
                 [&](const CmdGo&) { out_.error("go : a search is running (send stop first)"); },
                 [&](const CmdSetOption&) {
                   out_.error("setoption : a search is running (send stop first)");
                 },
                 [&](const auto& other) { pending_.push_back(other); },
             },
             cmd);
  return true;
}

void Session::wait_for_search() {
  std::unique_lock lock(state_mutex_);
  cv_.wait(lock, [&] { return !searching_; });
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
                 [&](const CmdStop&) {},       // nothing to stop
                 [&](const CmdPonderHit&) {},  // nothing to switch
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
  if (auto r = engine_->prepare(); !r) out_.error(r.error().message);
  out_.line("readyok");
}

void Session::set_option(const CmdSetOption& cmd) {
  std::optional<std::string> value;
  if (cmd.has_value) value = cmd.value;
  if (auto r = options_.set(cmd.name, value); !r) {
    out_.error(r.error().message);
    return;
  }
  if (iequals(cmd.name, "UCI_Variant")) announce_variant();
}

void Session::new_game() {
  engine_->clear_hash();
  auto fresh = engine_->game().clone();
  if (fresh->reset(fresh->start_fen())) engine_->adopt(*fresh);
  forfeit_.reset();
}

void Session::set_position(const CmdPosition& cmd) {
  auto trial = engine_->game().clone();
  if (auto r = trial->reset(cmd.startpos ? trial->start_fen() : cmd.fen); !r) {
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
  auto limits = cmd.limits;
  // A clock given only for the opponent (`go btime 100` with Player 1 to move) leaves the
  // side to move with no time at all: it moves at once, as in Stockfish, instead of
  // searching without limit.
  const int stm = engine::index(engine_->game().side_to_move());
  if (limits.has_clock() && limits.time_ms[stm] < 0) limits.time_ms[stm] = 0;
  SearchRequest request{
      limits,
      {static_cast<int>(options_.spin("Threads")), static_cast<int>(options_.spin("MultiPV")),
       static_cast<int>(options_.spin("Move Overhead")), draw_rules()},
      cmd.searchmoves};
  if (auto r = engine_->validate(request); !r) {
    out_.error(r.error().message);
    return;
  }
  if (auto r = engine_->prepare(); !r) {
    out_.error(r.error().message);
    return;
  }
  if (worker_.joinable()) worker_.join();  // the previous search has fully ended
  stop_requested_ = false;
  ponderhit_requested_ = false;
  searching_ = true;
  // Set before the thread starts: a stop that arrives before search() begins still reaches
  // the searcher, which keeps it for the coming search.
  in_search_ = true;
  worker_ = std::thread([this, request] { search_worker(request); });
}

void Session::search_worker(SearchRequest request) {
  const bool show_wdl = options_.check("UCI_ShowWDL");
  std::optional<TextInfo> last;
  const auto best = engine_->search(request, [&](const TextInfo& info) {
    out_.line(format_info(info, mode_, show_wdl));
    last = info;
  });
  in_search_ = false;  // from now on stop/ponderhit must not reach the idle searcher
  std::unique_lock lock(state_mutex_);
  // UCI: after `go infinite`, and while pondering, bestmove waits for stop (or ponderhit).
  cv_.wait(lock, [&] {
    return stop_requested_ ||
           !(request.limits.infinite || (request.limits.ponder && !ponderhit_requested_));
  });
  if (!last) out_.line("info depth 0 score cp 0 nodes 0 nps 0 time 0 pv " + best.best);
  searching_ = false;
  out_.line(format_bestmove(best, mode_));
  while (!pending_.empty()) {
    const Command next = std::move(pending_.front());
    pending_.pop_front();
    dispatch(next);
  }
  cv_.notify_all();
}

void Session::request_stop() {
  stop_requested_ = true;
  if (in_search_) engine_->stop();
  cv_.notify_all();
}

void Session::stop_and_join() {
  {
    std::lock_guard lock(state_mutex_);
    if (searching_) request_stop();
  }
  if (worker_.joinable()) worker_.join();
}

void Session::perft(int depth) {
  std::uint64_t total = 0;
  for (const auto& [move, count] : engine_->game().perft_divide(depth)) {
    out_.line(move + ": " + std::to_string(count));
    total += count;
  }
  out_.line("");
  out_.line("Nodes searched: " + std::to_string(total));
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
    answer = game.fen();
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
  out_.line("Position: " + game.fen());
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
}

void Session::bench(int depth) {
  auto report = run_bench(registry_, depth, [&](const std::string& l) { out_.line(l); });
  if (!report) {
    out_.error(report.error().message);
    return;
  }
  out_.line("Nodes searched: " + std::to_string(report->nodes));
  out_.line("Nodes/second: " + std::to_string(report->nps()));
}

}  // namespace triad::protocol
