// libFuzzer target: the protocol command parser must accept or reject any byte sequence
// without crashing, and every error it returns must be one printable line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "protocol/command.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  auto parsed = triad::protocol::parse_command(line);
  if (!parsed) {
    for (char c : parsed.error().message)
      if (c == '\n' || c == '\0') std::abort();  // an error line must stay one line
  }
  return 0;
}
