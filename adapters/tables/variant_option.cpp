// -variant and -variants read once (variant_option.h).
#include "adapters/tables/variant_option.h"

#include <vector>

#include "adapters/common/variants.h"
#include "adapters/tables/table_set.h"

namespace triad::tables {

Result<IvesVariant> read_ives_variant(const boost::program_options::variables_map& vm,
                                      std::string_view purpose) {
  auto variants = adapters::VariantRegistry::builtin();
  if (vm.count("variants"))
    for (const auto& file : vm["variants"].as<std::vector<std::string>>())
      if (auto r = variants.load_file(file); !r)
        return make_error("-variants: " + r.error().message);
  const auto variant = variants.lookup(vm["variant"].as<std::string>());
  if (!variant) return make_error("-variant: " + variant.error().message);
  IvesVariant out{(*variant)->name, (*variant)->factory()};
  if (!ives_dama(*out.game))
    return make_error("-variant: '" + out.name + "' is a " + (*variant)->game + " variant; " +
                      std::string(purpose));
  return out;
}

}  // namespace triad::tables
