// The data file's bytes (see data_file.h): little-endian fields at fixed offsets.
#include "learn/data_file.h"

#include <cstdio>
#include <cstring>

#include "learn/codec.h"

namespace triad::learn {

std::uint32_t net_digest(std::string_view net_file_bytes) {
  const auto low = static_cast<std::uint32_t>(hash_bytes(net_file_bytes));
  return low == 0 ? 1 : low;
}

std::string net_digest_text(std::uint32_t digest) {
  char out[16];
  std::snprintf(out, sizeof out, "%08x", digest);
  return out;
}

std::array<char, kHeaderBytes> encode_header(const Header& h) {
  std::array<char, kHeaderBytes> b{};
  std::memcpy(b.data(), kMagic.data(), kMagic.size());
  char* p = b.data();
  put_le<std::uint32_t>(p + 8, h.version);
  put_le<std::uint32_t>(p + 12, kHeaderBytes);
  put_le<std::uint32_t>(p + 16, static_cast<std::uint32_t>(h.record_bytes()));
  put_le<std::uint32_t>(p + 20, h.points);
  put_name(p + 24, 16, h.game);
  put_name(p + 40, 32, h.variant);
  put_le<std::uint64_t>(p + 72, h.seed);
  put_le<std::uint64_t>(p + 80, h.nodes);
  put_le<std::uint16_t>(p + 88, static_cast<std::uint16_t>(h.random_plies));
  put_le<std::uint16_t>(p + 90, static_cast<std::uint16_t>(h.random_moves));
  put_le<std::uint32_t>(p + 92, h.max_plies);
  put_le<std::uint32_t>(p + 96, h.hash_mb);
  put_le<std::uint32_t>(p + 100, h.net_digest);
  put_le<std::uint64_t>(p + 104, h.openings_digest);
  put_le<std::uint64_t>(p + 112, h.games);
  put_le<std::uint64_t>(p + 120, h.records);
  return b;
}

Result<Header> decode_header(std::string_view bytes, const std::string& what) {
  if (bytes.size() < kMagic.size() || bytes.substr(0, kMagic.size()) != kMagic)
    return make_error(what + " is not a triad-datagen data file (it does not start with " +
                      std::string(kMagic) + ")");
  if (bytes.size() < kHeaderBytes)
    return make_error(what + " is cut off inside its header (" + std::to_string(bytes.size()) +
                      " of " + std::to_string(kHeaderBytes) + " bytes)");
  const char* p = bytes.data();
  Header h;
  h.version = get_le<std::uint32_t>(p + 8);
  if (h.version < kOldestFormatVersion || h.version > kFormatVersion)
    return make_error(what + " has data format version " + std::to_string(h.version) +
                      "; Triad reads versions " + std::to_string(kOldestFormatVersion) + " to " +
                      std::to_string(kFormatVersion) + " and writes version " +
                      std::to_string(kFormatVersion));
  h.points = get_le<std::uint32_t>(p + 20);
  const auto header_bytes = get_le<std::uint32_t>(p + 12);
  const auto record_bytes = get_le<std::uint32_t>(p + 16);
  if (header_bytes != kHeaderBytes || h.points == 0 || h.points > kMaxPoints ||
      record_bytes != h.record_bytes())
    return make_error(what + " has a damaged header (header " + std::to_string(header_bytes) +
                      " bytes, records " + std::to_string(record_bytes) + " bytes, " +
                      std::to_string(h.points) + " board points)");
  h.game = get_name(p + 24, 16);
  h.variant = get_name(p + 40, 32);
  h.seed = get_le<std::uint64_t>(p + 72);
  h.nodes = get_le<std::uint64_t>(p + 80);
  h.random_plies = get_le<std::uint16_t>(p + 88);
  h.random_moves = get_le<std::uint16_t>(p + 90);
  h.max_plies = get_le<std::uint32_t>(p + 92);
  h.hash_mb = get_le<std::uint32_t>(p + 96);
  h.net_digest = get_le<std::uint32_t>(p + 100);
  h.openings_digest = get_le<std::uint64_t>(p + 104);
  h.games = get_le<std::uint64_t>(p + 112);
  h.records = get_le<std::uint64_t>(p + 120);
  if (h.games > kMaxGames)
    return make_error(what + " has a damaged header (it counts " + std::to_string(h.games) +
                      " games; a run has at most " + std::to_string(kMaxGames) + ")");
  return h;
}

std::string settings_difference(const Header& file, const Header& wanted) {
  const auto differ = [](const std::string& name, const auto& in_file, const auto& here) {
    return name + " " + in_file + " in the file, " + here + " here";
  };
  const auto number = [](std::uint64_t v) { return std::to_string(v); };
  if (file.variant != wanted.variant) return differ("variant", file.variant, wanted.variant);
  if (file.game != wanted.game) return differ("game", file.game, wanted.game);
  if (file.points != wanted.points)
    return differ("board points", number(file.points), number(wanted.points));
  if (file.seed != wanted.seed) return differ("-seed", number(file.seed), number(wanted.seed));
  if (file.nodes != wanted.nodes) return differ("-nodes", number(file.nodes), number(wanted.nodes));
  if (file.random_plies != wanted.random_plies)
    return differ("-randomplies", number(file.random_plies), number(wanted.random_plies));
  if (file.random_moves != wanted.random_moves)
    return differ("-randommoves", number(file.random_moves), number(wanted.random_moves));
  if (file.max_plies != wanted.max_plies)
    return differ("-maxplies", number(file.max_plies), number(wanted.max_plies));
  if (file.hash_mb != wanted.hash_mb)
    return differ("-hash", number(file.hash_mb), number(wanted.hash_mb));
  if (file.openings_digest != wanted.openings_digest)
    return "-openings: the file was made from " +
           std::string(file.openings_digest == 0 ? "no openings file"
                                                 : "an openings file of other contents") +
           ", here " + (wanted.openings_digest == 0 ? "none is given" : "another is given");
  if (file.net_digest != wanted.net_digest)
    return "-evalfile: the file was made with " +
           std::string(file.net_digest == 0
                           ? "the classical evaluation"
                           : "the net of digest " + net_digest_text(file.net_digest)) +
           ", here " +
           (wanted.net_digest == 0
                ? "with the classical evaluation"
                : "with the net of digest " + net_digest_text(wanted.net_digest));
  return "";
}

Result<std::uint64_t> complete_bytes(const Header& h, std::uint64_t size, const std::string& what) {
  // Divided, not multiplied: header + records * record_bytes may wrap around 2^64.
  const std::uint64_t present = size < kHeaderBytes ? 0 : (size - kHeaderBytes) / h.record_bytes();
  if (present < h.records)
    return make_error(what + " is truncated: its header counts " + std::to_string(h.records) +
                      " records, " + std::to_string(present) + " are there");
  return kHeaderBytes + h.records * h.record_bytes();  // at most size
}

void append_record(std::string& out, const Record& r, std::uint32_t points) {
  char fixed[kRecordFixedBytes];
  put_le<std::uint32_t>(fixed, r.game);
  put_le<std::uint32_t>(fixed + 4, r.move);
  put_le<std::int16_t>(fixed + 8, r.score);
  put_le<std::uint16_t>(fixed + 10, r.ply);
  put_le<std::uint8_t>(fixed + 12, r.side);
  put_le<std::int8_t>(fixed + 13, r.result);
  out.append(fixed, kRecordFixedBytes);
  out.append(r.board, 0, points);
  out.append(points - std::min<std::size_t>(points, r.board.size()), '.');
}

Record decode_record(std::string_view bytes, std::uint32_t points) {
  const char* p = bytes.data();
  Record r;
  r.game = get_le<std::uint32_t>(p);
  r.move = get_le<std::uint32_t>(p + 4);
  r.score = get_le<std::int16_t>(p + 8);
  r.ply = get_le<std::uint16_t>(p + 10);
  r.side = get_le<std::uint8_t>(p + 12);
  r.result = get_le<std::int8_t>(p + 13);
  r.board.assign(p + kRecordFixedBytes, points);
  return r;
}

Result<DataFile> decode_data_file(std::string_view bytes, const std::string& what) {
  auto header = decode_header(bytes, what);
  if (!header) return header.error();
  if (auto complete = complete_bytes(*header, bytes.size(), what); !complete)
    return complete.error();
  const std::size_t size = header->record_bytes();
  DataFile out{*header, {}};
  out.records.reserve(header->records);
  for (std::uint64_t i = 0; i < header->records; ++i)
    out.records.push_back(
        decode_record(bytes.substr(kHeaderBytes + i * size, size), header->points));
  return out;
}

}  // namespace triad::learn
