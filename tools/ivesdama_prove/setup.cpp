// The variant and tables options (setup.h).
#include "tools/ivesdama_prove/setup.h"

#include "adapters/common/variants.h"

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
  auto variants = adapters::VariantRegistry::builtin();
  if (vm.count("variants"))
    for (const auto& file : vm["variants"].as<std::vector<std::string>>())
      if (auto r = variants.load_file(file); !r)
        return make_error("-variants: " + r.error().message);
  const auto variant = variants.lookup(vm["variant"].as<std::string>());
  if (!variant) return make_error("-variant: " + variant.error().message);
  Setup s;
  s.variant = (*variant)->name;
  s.game = (*variant)->factory();
  if (!tables::ives_dama(*s.game))
    return make_error("-variant: '" + s.variant + "' is a " + (*variant)->game +
                      " variant; proofs are for Íves dáma");
  auto set = tables::TableSet::open(vm["tables"].as<std::string>(), s.ives());
  if (!set) return make_error("-tables: " + set.error().message);
  s.tables.emplace(std::move(*set));
  return s;
}

}  // namespace triad::tools::ivesdama
