// What triad-ivesdama-prove and triad-ivesdama-check both read from their command line: the
// variant (-variant, -variants) and its endgame tables (-tables).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <boost/program_options.hpp>

#include "adapters/common/any_game.h"
#include "adapters/tables/table_set.h"

namespace triad::tools::ivesdama {

struct Setup {
  std::string variant;                            // its name
  std::shared_ptr<const adapters::AnyGame> game;  // keeps the game tables refers to
  std::optional<tables::TableSet> tables;
  const games::ivesdama::Game& ives() const;
};

void add_setup_options(boost::program_options::options_description& options);
// Errors: "-variant: ...", "-tables: ..." (the folder's own error).
Result<Setup> open_setup(const boost::program_options::variables_map& vm);

}  // namespace triad::tools::ivesdama
