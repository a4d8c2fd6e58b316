// What every triad-book command shares: parsing its options (Boost.Program_options, `-name`
// or `--name`), the variants, a book's variant, writing output files whole, and the progress
// bar on a terminal.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "adapters/book/book.h"
#include "adapters/common/progress_bar.h"
#include "adapters/common/variants.h"
#include "engine/core/result.h"

namespace triad::tools::book {

namespace po = boost::program_options;
namespace bk = adapters::book;

// Parses `args` against `desc` (`-name value` or `--name value`); po errors become one
// message. With `-help` among the args, prints `desc` and returns nothing (the command then
// has nothing more to do).
Result<std::optional<po::variables_map>> parse_options(const std::vector<std::string>& args,
                                                       const po::options_description& desc);

// The built-in variants plus those of `variants_file` (may be empty).
Result<adapters::VariantRegistry> load_variants(const std::string& variants_file);
Result<const adapters::Variant*> find_variant(const adapters::VariantRegistry& registry,
                                              const std::string& name);
bk::BookVariant book_variant_of(const adapters::Variant& variant);

// Writes `text` over `file` atomically (runner::write_file_atomically); errors name the
// file's role `what`.
Result<void> write_file(const std::filesystem::path& file, const std::string& text,
                        const std::string& what);

}  // namespace triad::tools::book
