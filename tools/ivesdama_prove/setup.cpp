// The variant and tables options (setup.h).
#include "tools/ivesdama_prove/setup.h"

#include "adapters/tables/variant_option.h"

namespace triad::tools::ivesdama {

namespace po = boost::program_options;

const games::ivesdama::Game& Setup::ives() const {
  return tables::ives_dama(*game)->game();
}

void add_setup_options(po::options_description& options) {
  options.add_options()("variant", po::value<std::string>()->default_value("ivesdama"),
                        "NAME: an Íves dáma variant")(
      "variants", po::value<std::vector<std::string>>()->composing(),
      "FILE: more variants (YAML, docs/protocol.md); may be repeated")(
      "tables", po::value<std::string>()->required(),
      "DIR: the variant's endgame tables (triad-tables); their positions are the proof's "
      "leaves");
}

Result<Setup> open_setup(const po::variables_map& vm) {
  auto variant = tables::read_ives_variant(vm, "proofs are for Íves dáma");
  if (!variant) return variant.error();
  Setup s{variant->name, std::move(variant->game), {}};
  auto set = tables::TableSet::open(vm["tables"].as<std::string>(), s.ives());
  if (!set) return make_error("-tables: " + set.error().message);
  s.tables.emplace(std::move(*set));
  return s;
}

}  // namespace triad::tools::ivesdama
