// Session: the UCI + UGI engine daemon of docs/protocol.md on any std::istream/std::ostream
// (tested in-process on string streams). Reads lines and parses them into Commands, run
// against one GameEngine in the order they were sent. `go` (search or perft) only starts
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
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "adapters/book/book.h"
#include "adapters/common/game_engine.h"
#include "adapters/common/variants.h"
#include "adapters/nnue/net_file.h"
#include "engine/core/game.h"
#include "protocol/command.h"
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

  // Runs one input line (or queues it behind a running search). Returns false once the line
  // was `quit`; it returns when every line before the quit has run and no search runs.
  bool execute(std::string_view line);

  // Blocks until no search is running and no line waits (without stopping anything).
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
  void load_builtin_book();  // the game's built-in book, loaded now if OwnBook is on
  void set_option(const CmdSetOption& cmd);
  void new_game();
  void set_position(const CmdPosition& cmd);
  void go(const CmdGo& cmd);
  void perft(int depth);
  bool prepare();  // the engine's search exists (an error line when it cannot be made)
  void query(const CmdQuery& cmd);
  void display();
  void eval();
  void bench(int depth);

  // Learned evaluation (session_net.cpp): EvalFile loads a net, `eval` shows its score.
  Result<void> load_net(const std::string& file);  // EvalFile; "" = the built-in net
  // Picks and binds the current variant's net (after a variant change or a new EvalFile).
  void select_net();
  // The net the search uses: the bound net when Evaluation is learned, else none.
  std::shared_ptr<const engine::nnue::Model> search_model() const;
  // With UCI_ShowWDL, the model of the info lines' wdl: the net's when the search uses it.
  std::optional<WdlModel> wdl_model() const;
  void print_learned_eval();

  // Opening book (session_book.cpp).
  Result<void> load_book(const std::string& file);  // BookFile; "" unloads
  adapters::book::BookVariant current_book_variant() const;
  void note_book_variant();  // an info line when the loaded book is not for this variant
  // Answers `go` from a book (info string, info, bestmove) when OwnBook is on and the
  // position has a legal book move: the BookFile book when it is for this variant, else the
  // game's built-in book; false when the search must answer.
  bool play_book_move(const CmdGo& cmd);
  bool play_file_book_move();
  bool play_builtin_book_move();
  void print_book_answer(const std::string& move, int score, const std::string& ponder);

  // Called on the main search thread when the search or perft has ended: prints its last
  // line (bestmove) and lets the reader go on.
  void finish_search(const std::vector<std::string>& last_lines);
  void solve(const CmdGo& cmd);  // `go solve`: like a search, on the main search thread
  void request_stop();           // caller holds state_mutex_
  // quit / end of input: stops the running search and every search the queue starts, and
  // returns when the queue is empty and no search runs (caller does not hold state_mutex_).
  void stop_and_join();

  Output out_;
  adapters::VariantRegistry registry_;
  Options options_;
  Mode mode_ = Mode::kUci;
  std::string variant_;
  std::unique_ptr<adapters::GameEngine> engine_;
  std::optional<engine::Player> forfeit_;             // who forfeited by an illegal move, if anyone
  std::optional<adapters::book::Book> book_;          // BookFile, when loaded
  std::optional<adapters::nnue::NetFile> eval_file_;  // EvalFile's net, when one is loaded
  std::optional<adapters::nnue::NetFile> net_;        // the current variant's net, if any
  std::shared_ptr<const engine::nnue::Model> model_;  // net_ bound to the variant's board
  std::mt19937_64 book_rng_{std::random_device{}()};  // BookMode weighted

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
