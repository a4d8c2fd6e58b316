// What every triad-book command shares: parsing its options (the runner's command-line
// convention, runner/command_line.h), the variants, a book's variant, writing output files
// whole, and the progress bar on a terminal.
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
#include "runner/command_line.h"

namespace triad::tools::book {

namespace po = boost::program_options;
namespace bk = adapters::book;

// The deepest ply any command walks, and the most searches it runs at once.
inline constexpr int kMaxPlies = 10000;
inline constexpr int kMaxConcurrency = 256;
// The largest hash table of one search, in MB.
inline constexpr std::size_t kMaxHashMb = 65536;

// Parses the words after `command` ("build") against `desc`; errors end with "(see
// triad-book <command> -help)". With -help among them, prints the command's help (`summary`
// and `desc`) and returns nothing (the command then has nothing more to do).
Result<std::optional<po::variables_map>> parse_options(const std::string& command,
                                                       const std::string& summary,
                                                       const std::vector<std::string>& args,
                                                       const po::options_description& desc);

// The built-in variants plus those of `variants_file` (may be empty).
Result<adapters::VariantRegistry> load_variants(const std::string& variants_file);
bk::BookVariant book_variant_of(const adapters::Variant& variant);

// Writes `text` over `file` atomically (runner::write_file_atomically); errors name the
// file's role `what`.
Result<void> write_file(const std::filesystem::path& file, const std::string& text,
                        const std::string& what);

}  // namespace triad::tools::book
