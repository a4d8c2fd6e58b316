// EngineState: what an engine is, apart from how it is driven — the variant, the engine (the
// game and its search), the opening books, the nets of the learned evaluation and the settings
// the search uses. The protocol session (protocol/session.h) keeps the input, the output, the
// queue and the dispatch and asks this class for everything else; `bench` and triad-datagen's
// self play make their engines and bind their nets through the same functions. Messages for
// the user (a net loaded, a book not used) go to the Notes given at construction; errors are
// returned as values, without the name of the setting that caused them (the caller adds it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/book/book.h"
#include "adapters/common/game_engine.h"
#include "adapters/common/variants.h"
#include "adapters/nnue/net_file.h"
#include "adapters/tables/variant_tables.h"
#include "engine/core/game.h"
#include "engine/search/search_types.h"
#include "state/wdl.h"

namespace triad::state {

// The settings the search uses beside the position (the protocol's options of the same
// names). The next settings of the search (strength levels) belong here too.
struct SearchSettings {
  std::size_t hash_mb = 16;
  int threads = 1;
  int multipv = 1;
  int move_overhead_ms = 30;
  engine::DrawRules draw_rules;
  bool learned = true;  // search with the variant's net when it has one (Evaluation learned)
  // Íves dáma's endgame table files (docs/tables.md): the folders of TablePath, and the most
  // stones of a position the search probes them for (TableProbeLimit).
  std::vector<std::filesystem::path> table_dirs;
  int table_probe_limit = kMaxTableProbeLimit;
  static constexpr int kMaxTableProbeLimit = 12;
};

// A net file bound to a variant's board: what the search evaluates with.
struct BoundNet {
  adapters::nnue::NetFile file;
  std::shared_ptr<const engine::nnue::Model> model;
};

// The one check-and-bind of a net read by adapters/nnue/net_file.h's readers: refuses a net
// for another game than `engine`'s ("a net for X, not for Y") or for another board (the
// engine's reason). Messages do not name the file: the caller does.
Result<BoundNet> bind_net(adapters::nnue::NetFile file, const adapters::GameEngine& engine);

// A net's win/draw/loss model (its fitted scale and draw rate).
WdlModel net_wdl_model(const BoundNet& net);
// The score scale of a strength level (state/strength.h) searching with `net`: its scale,
// or (nullptr: the classical evaluations) the generic fixed model's 70 points, the scale their
// levels were calibrated with (docs/strength.md).
double level_score_scale(const BoundNet* net);

// A fresh engine of `variant` at its start position, with the settings' hash, threads and
// draw rules (its search is made by prepare(), on first need).
Result<std::unique_ptr<adapters::GameEngine>> make_engine(const adapters::Variant& variant,
                                                          const SearchSettings& settings);

// A book move for the current position, ready to be announced: `note` says where it comes
// from (its weight and statistics, or the built-in book's proof), `score` is from the side to
// move, `ponder` the book's answer to it (empty when the book has none).
struct BookAnswer {
  std::string note;
  std::string move;
  int score = 0;
  std::string ponder;
};

class EngineState {
 public:
  // One message for the user (without the protocol's "info string"): `info` tells, `error`
  // reports a fault that refuses nothing (a damaged built-in net: the classical evaluation
  // plays).
  using NoteSink = std::function<void(const std::string&)>;
  EngineState(SearchSettings settings, NoteSink info, NoteSink error);
  ~EngineState();  // ends the search threads before the sinks go
  EngineState(const EngineState&) = delete;
  EngineState& operator=(const EngineState&) = delete;

  // A fresh engine of `variant` at its start position, with the variant's net (EvalFile's
  // when it is for the variant's game, else the built-in one); on error nothing changes.
  Result<void> select_variant(const adapters::Variant& variant);
  const adapters::Variant& variant() const { return variant_; }
  adapters::GameEngine& engine() { return *engine_; }
  const adapters::GameEngine& engine() const { return *engine_; }
  const adapters::AnyGame& game() const { return engine_->game(); }

  // The position: `fen` (nothing: the start position) and the moves played from it. A move
  // that is illegal ends the line there (an error; its mover forfeits unless the game was
  // already over); a bad `fen` changes nothing.
  Result<void> set_position(const std::optional<std::string>& fen,
                            const std::vector<std::string>& moves);
  void new_game();  // the start position, fresh tables
  // The game's outcome, or the forfeit after an illegal move.
  engine::Outcome outcome() const;

  // The settings; the setters apply them to the engine at once.
  const SearchSettings& settings() const { return settings_; }
  Result<std::string> set_hash_mb(std::size_t mb);  // a note when less was granted
  Result<void> set_threads(int threads);
  void set_draw_rules(const engine::DrawRules& rules);
  void set_multipv(int lines) { settings_.multipv = lines; }
  void set_move_overhead_ms(int ms) { settings_.move_overhead_ms = ms; }
  void set_learned(bool learned) { settings_.learned = learned; }
  // The search's configuration from the settings and the net.
  engine::SearchConfig search_config() const;

  // Learned evaluation. EvalFile: a net file for any of Triad's games ("" = none), used for
  // the variants of its game; a net for the current game that does not fit its board is
  // refused.
  Result<void> load_eval_file(const std::string& file);
  // The current variant's net, if any, and the net the search uses (none when not learned).
  const BoundNet* net() const { return net_ ? &*net_ : nullptr; }
  std::shared_ptr<const engine::nnue::Model> search_model() const;
  // The win/draw/loss model of what the search evaluates with: the net's, or the game's
  // classical evaluation's (GameDescriptor::classical_wdl; the generic fixed model where none
  // is fitted).
  WdlModel search_wdl_model() const;
  // The score scale of a level searching with the search's evaluation.
  double level_score_scale() const;

  // Endgame tables. TablePath: folders of Íves dáma table files separated by ':' ("" = none);
  // a folder that is missing, a file, or holds no table or a damaged one is an error (and no
  // tables are used). The current variant uses the folder with the most stones among those
  // built for its rules and board; a note says which (or that none is).
  Result<void> set_table_path(const std::string& path);
  void set_table_probe_limit(int stones);
  const tables::TableSet* tables() const { return tables_ ? &tables_->set() : nullptr; }
  // Before each search: tables whose files changed since they were opened (a new set copied
  // over them) or could not be read are dropped, with one error line; TablePath set again
  // loads them afresh.
  void check_tables();

  // Opening books. BookFile: a book file ("" = none); a note when it is not for the variant.
  Result<void> load_book(const std::string& file);
  void note_book_variant() const;  // the note when the loaded book is not for this variant
  // Loads the game's built-in book now (its first lookup), not in the first `go` of a game.
  void load_builtin_book() const;
  // The BookFile book's move (its best or a weighted pick) when it is for this variant and
  // has a legal one, else the built-in book's, else nothing.
  std::optional<BookAnswer> book_move(bool weighted);

 private:
  void select_net();  // picks and binds the current variant's net
  // Opens the current variant's tables from TablePath and hands them to its engine's exact
  // knowledge (GameEngine::set_exact), within TableProbeLimit.
  Result<void> attach_tables();
  adapters::book::BookVariant book_variant() const;
  std::optional<BookAnswer> file_book_move(bool weighted);
  std::optional<BookAnswer> builtin_book_move() const;

  SearchSettings settings_;
  NoteSink info_;
  NoteSink error_;
  adapters::Variant variant_;
  std::unique_ptr<adapters::GameEngine> engine_;
  std::optional<engine::Player> forfeit_;             // who forfeited by an illegal move, if anyone
  std::optional<adapters::book::Book> book_;          // BookFile, when loaded
  std::mt19937_64 book_rng_{std::random_device{}()};  // weighted book picks
  std::optional<adapters::nnue::NetFile> eval_file_;  // EvalFile's net, when one is loaded
  std::optional<BoundNet> net_;                       // the current variant's net, if any
  std::shared_ptr<const tables::VariantTables> tables_;  // the current variant's, when any
};

}  // namespace triad::state
