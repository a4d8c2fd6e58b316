// Shared helpers of the triad-book commands (see common.h).
#include "tools/book/common.h"

#include <cstdio>
#include <iostream>

#include "adapters/common/text.h"
#include "runner/output_files.h"

namespace triad::tools::book {

Result<std::optional<po::variables_map>> parse_options(const std::vector<std::string>& args,
                                                       const po::options_description& desc) {
  for (const auto& a : args)
    if (a == "-help" || a == "--help") {
      std::cout << desc;
      return std::optional<po::variables_map>();
    }
  po::variables_map vm;
  try {
    po::store(
        po::command_line_parser(args)
            .options(desc)
            .style(po::command_line_style::unix_style | po::command_line_style::allow_long_disguise)
            .run(),
        vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return make_error(e.what());
  }
  return std::optional<po::variables_map>(std::move(vm));
}

Result<adapters::VariantRegistry> load_variants(const std::string& variants_file) {
  auto registry = adapters::VariantRegistry::builtin();
  if (!variants_file.empty())
    if (auto r = registry.load_file(variants_file); !r) return r.error();
  return registry;
}

Result<const adapters::Variant*> find_variant(const adapters::VariantRegistry& registry,
                                              const std::string& name) {
  const auto* v = registry.find(name);
  if (!v) {
    std::string known;
    for (const auto& n : registry.names()) known += (known.empty() ? "" : ", ") + n;
    return make_error("unknown variant " + adapters::quote(name) + " (known: " + known +
                      "; more with -variants FILE)");
  }
  return v;
}

bk::BookVariant book_variant_of(const adapters::Variant& variant) {
  return {variant.name, variant.game, variant.rules_fingerprint};
}

Result<void> write_file(const std::filesystem::path& file, const std::string& text,
                        const std::string& what) {
  if (auto r = runner::write_file_atomically(file, text); !r)
    return make_error(what + ": " + r.error().message);
  return {};
}

}  // namespace triad::tools::book
