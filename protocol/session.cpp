// The session loop, the queue and the commands that change the game or search it (see
// session.h); the commands that only read it are session_commands.cpp.
#include "protocol/session.h"

#include <memory>
#include <sstream>
#include <utility>
#include <variant>

#include "protocol/session_text.h"
#include "protocol/solve_output.h"
#include "triad_version.h"

namespace triad::protocol {

namespace {

// At most this many lines (and bytes of them) wait for a running search.
constexpr std::size_t kMaxPendingLines = 10000;
constexpr std::size_t kMaxPendingBytes = std::size_t{16} << 20;

}  // namespace

Session::Session(std::ostream& out, adapters::VariantRegistry registry)
    : out_(out),
      engine_(
          std::move(registry),
          [this](const std::string& note) { out_.line("info string " + note); },
          [this](const std::string& error) { out_.error(error); },
          [this](const std::string& file) { return out_.set_log_file(file); }) {
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

void Session::announce_variant() {
  const auto& game = engine_.state().game();
  out_.line("info string variant " + engine_.state().variant().name + " game " +
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
    if (searching_) engine_.state().engine().stop();
    return true;
  }
  if (parsed && std::holds_alternative<CmdPonderHit>(*parsed)) {
    ++ponderhits_;
    if (searching_) engine_.state().engine().ponderhit();
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
        engine_.state().engine().stop();
      else if (next.ponderhits_before < ponderhits_)
        engine_.state().engine().ponderhit();
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
  return engine_.configure(name, value);
}

void Session::dispatch(const Command& command) {
  std::visit(Overloaded{
                 [&](const CmdEmpty&) {},
                 [&](const CmdUci&) { handshake(Mode::kUci); },
                 [&](const CmdUgi&) { handshake(Mode::kUgi); },
                 [&](const CmdIsReady&) { is_ready(); },
                 [&](const CmdNewGame&) { engine_.state().new_game(); },
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
  for (const auto& l : engine_.options().uci_lines()) out_.line(l);
  out_.line(mode == Mode::kUci ? "uciok" : "ugiok");
  announce_variant();
}

void Session::is_ready() {
  if (!searching_) {
    prepare();  // the running search (or solve) has its memory already
    // The first lookup loads the game's built-in book (Yin Yang's is read in place), so that it
    // happens here and not in the first `go` of a game, on the clock.
    if (engine_.options().check("OwnBook")) engine_.state().load_builtin_book();
  }
  out_.line("readyok");
}

bool Session::prepare() {
  auto note = engine_.state().engine().prepare();
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
  if (auto r = engine_.set_option(cmd.name, value); !r) {
    out_.error(r.error().message);
    return;
  }
  if (state::iequals(cmd.name, "UCI_Variant")) {
    announce_variant();
    engine_.state().note_book_variant();
  }
}

void Session::set_position(const CmdPosition& cmd) {
  if (auto r = engine_.state().set_position(cmd.startpos ? std::nullopt : std::optional(cmd.fen),
                                            cmd.moves);
      !r)
    out_.error(r.error().message);
}

void Session::go(const CmdGo& cmd) {
  if (cmd.perft > 0) {
    perft(cmd.perft);
    return;
  }
  auto plan = engine_.plan_go(
      {cmd.limits, cmd.searchmoves, cmd.solve != SolveMode::kNone, cmd.solve == SolveMode::kExact});
  std::visit(Overloaded{
                 [&](const state::plan::GameOver& p) {
                   out_.line("info string game over " + outcome_text(p.outcome));
                   out_.line("bestmove (none)");
                 },
                 [&](const state::plan::BookMove& p) { play_book_move(p.answer); },
                 [&](const state::plan::SolveRefused& p) { out_.error(p.error); },
                 [&](const state::plan::Solve& p) { solve(p.request); },
                 [&](const state::plan::Search& p) { search(p); },
             },
             plan);
}

void Session::search(const state::plan::Search& plan) {
  if (plan.dropped) out_.error(*plan.dropped);
  auto& engine = engine_.state().engine();
  if (!prepare()) {
    // No search can be made (no memory): still answer with a legal move.
    out_.line("bestmove " + first_legal_move(engine.game()));
    return;
  }
  searching_ = true;
  // The search thread formats with the settings of this go, whatever the reader does next.
  const Mode mode = mode_;
  const auto wdl = engine_.info_wdl();
  auto reported = std::make_shared<bool>(false);
  engine.start_search(
      plan.request,
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
  engine_.state().engine().start_perft(
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
void Session::solve(const adapters::SolveRequest& request) {
  auto& engine = engine_.state().engine();
  const std::string fallback = first_legal_move(engine.game());
  if (!prepare()) {
    out_.line("bestmove " + fallback);
    return;
  }
  searching_ = true;
  const Mode mode = mode_;
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
  if (searching_) engine_.state().engine().stop();
  cv_.wait(lock, [&] { return !searching_ && pending_.empty(); });
}

}  // namespace triad::protocol
