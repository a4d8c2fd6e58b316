// Session: the UCI + UGI engine daemon of docs/protocol.md on any std::istream/std::ostream
// (tested in-process on string streams). Reads lines and parses them into Commands, run
// against one Engine (state/engine.h: the engine state, the option table, the strength level
// and the `go` planner) in the order they were sent; the engine decides, the session keeps the
// input, the output, the queue, the dispatch and the formatting. `go` (search or perft) only starts
// the work on the engine's main search thread and returns; that thread prints the info lines
// and the bestmove. While it runs, the reader answers isready and the commands that only
// read the game at once; a command that would change what the search works on waits for
// its bestmove in a queue, and every line after it waits behind it. The queue is run by the
// session's own thread (the executor), so the reader goes on reading: `stop`, `ponderhit`
// and `quit` act at once, on the running search and on every search a `go` sent before
// them starts from the queue.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "adapters/common/variants.h"
#include "protocol/command.h"
#include "protocol/output.h"
#include "state/engine.h"

namespace triad::protocol {

class Session {
 public:
  Session(std::ostream& out, adapters::VariantRegistry registry);
  ~Session();  // stops a running search and waits for it
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Reads and runs lines until `quit` or end of input (= quit). Returns the exit status (0).
  int run(std::istream& in);

  // Runs one input line (or queues it behind a running search). Returns false once the line
  // was `quit`; it returns when every line before the quit has run and no search runs.
  bool execute(std::string_view line);

  // Blocks until no search is running and no line waits (without stopping anything).
  void wait_for_search();

  // Sets an option before the session starts (command line): no output, errors returned;
  // the value also becomes the default advertised by `uci`.
  Result<void> configure(std::string_view name, const std::string& value);
  // The `option name ... type ...` lines of the handshake (for `triad --help`).
  std::vector<std::string> option_lines() const { return engine_.options().uci_lines(); }

 private:
  void announce_variant();

  // A line waiting for the running search to end: its command (or parse error), and how many
  // stop and ponderhit lines had been sent before it (those sent after it apply to the
  // search it starts).
  struct Pending {
    Result<Command> command;
    std::size_t bytes = 0;  // of its line
    std::uint64_t stops_before = 0;
    std::uint64_t ponderhits_before = 0;
  };
  // The next queued line may run now (the caller holds state_mutex_).
  bool pending_can_run() const;
  void run_pending();  // the executor thread's loop
  // Runs a parsed line (or prints its parse error); the caller holds state_mutex_.
  void run_line(const Result<Command>& command);
  // Runs a command; the caller holds state_mutex_.
  void dispatch(const Command& command);
  void handshake(Mode mode);
  void is_ready();
  void set_option(const CmdSetOption& cmd);
  void set_position(const CmdPosition& cmd);
  void go(const CmdGo& cmd);
  void search(const state::plan::Search& plan);
  void perft(int depth);
  bool prepare();  // the engine's search exists (an error line when it cannot be made)
  void query(const CmdQuery& cmd);
  void display();
  void eval();
  void print_learned_eval();
  void bench(int depth);
  // Answers `go` with a book move (info string, info, bestmove).
  void play_book_move(const state::BookAnswer& answer);

  // Called on the main search thread when the search or perft has ended: prints its last
  // line (bestmove) and lets the reader go on.
  void finish_search(const std::vector<std::string>& last_lines);
  // `go solve`: like a search, on the main search thread.
  void solve(const adapters::SolveRequest& request);
  // quit / end of input: stops the running search and every search the queue starts, and
  // returns when the queue is empty and no search runs (caller does not hold state_mutex_).
  void stop_and_join();

  Output out_;
  Mode mode_ = Mode::kUci;
  state::Engine engine_;  // the state, the options, the level and the go planner

  std::mutex state_mutex_;
  std::condition_variable cv_;
  bool searching_ = false;       // a search or perft runs (until its last line is printed)
  std::deque<Pending> pending_;  // lines waiting for the running search to end, in order
  std::size_t pending_bytes_ = 0;
  std::uint64_t stops_ = 0;  // stop lines (and quit) sent so far
  std::uint64_t ponderhits_ = 0;
  bool quitting_ = false;  // quit or end of input: every search is stopped once started
  bool closing_ = false;   // the executor ends (destructor)
  std::thread executor_;   // runs pending_ (last member: started once the rest exists)
};

}  // namespace triad::protocol
