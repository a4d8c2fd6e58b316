// Shared helpers of the triad-book commands (see common.h).
#include "tools/book/common.h"

#include <cstdio>
#include <iostream>

#include "adapters/common/text.h"
#include "runner/output_files.h"

namespace triad::tools::book {

Result<std::optional<po::variables_map>> parse_options(const std::string& command,
                                                       const std::string& summary,
                                                       const std::vector<std::string>& args,
                                                       const po::options_description& desc) {
  const std::string program = "triad-book " + command;
  if (runner::asks_help(args)) {
    std::cout << runner::help_text({program + " [options]", summary, "", ""}, desc);
    return std::optional<po::variables_map>();
  }
  auto vm = runner::parse_words(program, args, desc);
  if (!vm) return vm.error();
  return std::optional<po::variables_map>(std::move(*vm));
}

Result<adapters::VariantRegistry> load_variants(const std::string& variants_file) {
  auto registry = adapters::VariantRegistry::builtin();
  if (!variants_file.empty())
    if (auto r = registry.load_file(variants_file); !r)
      return make_error("-variants: " + r.error().message);
  return registry;
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
