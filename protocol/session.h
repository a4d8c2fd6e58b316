// Session: the UCI + UGI engine daemon of docs/protocol.md on any std::istream/std::ostream
// (tested in-process on string streams). Reads lines, parses them into Commands and runs them
// against one GameEngine; searches run on a worker thread while isready/stop/ponderhit/quit
// are answered at once and other commands wait in a queue.
#pragma once

#include <atomic>
#include <condition_variable>
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
#include "engine/core/game.h"
#include "protocol/command.h"
#include "protocol/game_engine.h"
#include "protocol/options.h"
#include "protocol/output.h"

namespace triad::protocol {

class Session {
 public:
  Session(std::ostream& out, adapters::VariantRegistry registry);
  ~Session();  // stops a running search and waits for it
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Reads and runs lines until `quit` or end of input (= quit). Returns the exit status (0).
  int run(std::istream& in);

  // Runs one input line. Returns false once the line was `quit`.
  bool execute(std::string_view line);

  // Blocks until no search is running (without stopping it).
  void wait_for_search();

  // Sets an option before the session starts (command line): no output, errors returned;
  // the value also becomes the default advertised by `uci`.
  Result<void> configure(std::string_view name, const std::string& value);
  // The `option name ... type ...` lines of the handshake (for `triad --help`).
  std::vector<std::string> option_lines() const { return options_.uci_lines(); }

 private:
  void declare_options();
  engine::DrawRules draw_rules() const;
  Result<void> select_variant(const std::string& name);
  void announce_variant();
  engine::Outcome outcome() const;  // the game's outcome, or the forfeit after an illegal move

  // Runs a command; the caller holds state_mutex_ and no search is running.
  void dispatch(const Command& command);
  void handshake(Mode mode);
  void is_ready();
  void set_option(const CmdSetOption& cmd);
  void new_game();
  void set_position(const CmdPosition& cmd);
  void go(const CmdGo& cmd);
  void perft(int depth);
  void query(const CmdQuery& cmd);
  void display();
  void eval();
  void bench(int depth);

  // The worker thread's body: search, wait for stop when pondering/infinite, print bestmove,
  // then run the commands queued meanwhile.
  void search_worker(SearchRequest request);
  void request_stop();   // caller holds state_mutex_
  void stop_and_join();  // caller does not hold state_mutex_

  Output out_;
  adapters::VariantRegistry registry_;
  Options options_;
  Mode mode_ = Mode::kUci;
  std::string variant_;
  std::unique_ptr<GameEngine> engine_;
  std::optional<engine::Player> forfeit_;  // who forfeited by an illegal move, if anyone

  std::mutex state_mutex_;
  std::condition_variable cv_;
  std::thread worker_;
  bool searching_ = false;
  std::deque<Command> pending_;
  std::atomic<bool> stop_requested_ = false;
  std::atomic<bool> ponderhit_requested_ = false;
  std::atomic<bool> in_search_ = false;  // the worker is inside GameEngine::search()
};

}  // namespace triad::protocol
