// libFuzzer target (built once per game from TRIAD_GAMES: TRIAD_FUZZ_GAME is its core type,
// TRIAD_FUZZ_NOTATION its notation header; the game's own variant is fuzzed): the
// position-line parser must never crash, and a position it accepts must format to a line
// that parses back to the same position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "adapters/common/variants.h"
#include TRIAD_FUZZ_NOTATION

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto registry = triad::adapters::VariantRegistry::builtin();
  static auto game = registry.create(std::string(TRIAD_FUZZ_GAME::kName)).value();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (!game->reset(text)) return 0;
  const std::string formatted = game->position_line();
  if (!game->reset(formatted) || game->position_line() != formatted) std::abort();  // round trip
  for (const auto& move : game->legal_moves())
    if (!game->is_legal(move)) std::abort();  // every generated move re-parses
  return 0;
}
