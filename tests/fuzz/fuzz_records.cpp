// libFuzzer target: the record reader (adapters/records/) on any bytes must end (every byte
// is consumed or refused) without crashing, and what it reads must write out and read back
// to the same text: write(read(write(r))) == write(r) for every record r read (annotations and
// variations included), when the move tokens are plain (letters, digits, '-', '+', '=', '#';
// other tokens may carry PGN syntax of their own).
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/records/reader.h"
#include "adapters/records/writer.h"

namespace {

bool plain(const std::string& token) {
  for (char c : token)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '=' ||
          c == '#'))
      return false;
  return true;
}

// Every move token of a line and of its variations is plain.
bool plain(const std::vector<triad::adapters::records::RecordMove>& moves) {
  for (const auto& m : moves) {
    if (!plain(m.token)) return false;
    for (const auto& v : m.variations)
      if (!plain(v.moves)) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace rec = triad::adapters::records;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto records = rec::read_records(text, "fuzz");
  if (!records) return 0;
  for (const auto& record : *records) {
    if (!plain(record.moves)) continue;
    const std::string once = rec::write_record(record);
    auto back = rec::read_records(once, "written");
    if (!back || back->size() != 1) std::abort();
    const std::string twice = rec::write_record((*back)[0]);
    if (twice != once) std::abort();  // one write already gives the stable text
  }
  return 0;
}
