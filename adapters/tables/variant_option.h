// The Íves dáma variant of a command line's -variant and -variants options: the one reading
// of triad-tables (tables/) and the proof tools (tools/ivesdama_prove/).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include <boost/program_options.hpp>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"

namespace triad::tables {

struct IvesVariant {
  std::string name;
  std::shared_ptr<const adapters::AnyGame> game;  // an Íves dáma game of the variant
};

// -variants' files loaded, then -variant looked up. Errors: "-variants: ...", "-variant: ...";
// a variant of another game: "-variant: 'yinyang' is a yinyang variant; <purpose>".
Result<IvesVariant> read_ives_variant(const boost::program_options::variables_map& vm,
                                      std::string_view purpose);

}  // namespace triad::tables
