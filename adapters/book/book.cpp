// The book file format of docs/books.md: encoding, decoding with every bound checked, keys,
// merging and choosing a book move.
#include "adapters/book/book.h"

#include <algorithm>

#include "adapters/common/file_io.h"
#include "adapters/common/text.h"
#include "engine/core/hash.h"
#include "learn/codec.h"

namespace triad::adapters::book {

namespace {

constexpr char kMagic[8] = {'T', 'R', 'I', 'A', 'D', 'B', 'K', '\n'};
constexpr std::size_t kHeaderFixedBytes = 8 + 4 + 4 + 8 + 8 + 1 + 1;
constexpr std::size_t kEntryFixedBytes = 8 + 8 + 4 + 1 + 1 + 2 + 2;
constexpr std::size_t kMoveFixedBytes = 2 + 4 + 4 + 4 + 4 + 4;
constexpr std::size_t kChecksumBytes = 8;

// The seed of hash_text that makes the file checksum (the key uses seed 0).
constexpr std::uint64_t kChecksumSeed = 0x5452494144424B31ull;

// A multiplicative polynomial hash: the check key, independent of hash_text.
std::uint64_t poly_mixed(std::string_view bytes) {
  std::uint64_t h = 0x243F6A8885A308D3ull;
  for (unsigned char c : bytes) h = (h + c + 1) * 0xD6E8FEB86659FD93ull;
  return engine::splitmix64(h);
}

class Writer {
 public:
  void bytes(std::string_view s) { out_.append(s); }
  template <class T>
  void le(T value) {
    learn::append_le<T>(out_, value);
  }
  std::string& text() { return out_; }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view data) : data_(data) {}
  std::size_t left() const { return data_.size() - pos_; }
  std::size_t pos() const { return pos_; }
  bool bytes(std::size_t n, std::string_view& out) {
    if (left() < n) return false;
    out = data_.substr(pos_, n);
    pos_ += n;
    return true;
  }
  template <class T>
  bool le(T& value) {
    if (left() < sizeof(T)) return false;
    value = learn::get_le<T>(data_.data() + pos_);
    pos_ += sizeof(T);
    return true;
  }

 private:
  std::string_view data_;
  std::size_t pos_ = 0;
};

bool printable_token(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c > ' ' && c < 127; });
}

}  // namespace

PositionKey position_key(std::string_view line) {
  // Trim, then drop the last field when it is the ply counter (all digits) and not the only
  // field after the board and side to move of a game whose lines end there.
  while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  const auto space = line.rfind(' ');
  if (space != std::string_view::npos) {
    const std::string_view last = line.substr(space + 1);
    const std::string_view head = line.substr(0, space);
    // "<board> <side> <ply>": at least two fields must remain.
    if (!last.empty() && head.find(' ') != std::string_view::npos &&
        std::all_of(last.begin(), last.end(), [](char c) { return c >= '0' && c <= '9'; }))
      line = head;
  }
  return {hash_text(line), poly_mixed(line)};
}

BookMove* BookEntry::find(std::string_view token) {
  for (auto& m : moves)
    if (m.token == token) return &m;
  return nullptr;
}

BookMove& BookEntry::add(std::string_view token) {
  if (BookMove* m = find(token)) return *m;
  BookMove m;
  m.token = std::string(token);
  moves.push_back(std::move(m));
  return moves.back();
}

std::string Book::encode() const {
  Writer w;
  w.bytes(std::string_view(kMagic, sizeof kMagic));
  w.le<std::uint32_t>(kFormatVersion);
  w.le<std::uint32_t>(0);  // flags, none defined
  w.le<std::uint64_t>(variant_.fingerprint);
  w.le<std::uint64_t>(entries_.size());
  w.le<std::uint8_t>(static_cast<std::uint8_t>(variant_.variant.size()));
  w.le<std::uint8_t>(static_cast<std::uint8_t>(variant_.game.size()));
  w.bytes(variant_.variant);
  w.bytes(variant_.game);
  for (const auto& [key, e] : entries_) {
    w.le<std::uint64_t>(key.key);
    w.le<std::uint64_t>(key.check);
    w.le<std::int32_t>(e.eval);
    w.le<std::int8_t>(static_cast<std::int8_t>(e.proved));
    w.le<std::uint8_t>(0);
    w.le<std::uint16_t>(e.distance);
    w.le<std::uint16_t>(static_cast<std::uint16_t>(e.moves.size()));
    for (const auto& m : e.moves) {
      w.le<std::uint16_t>(static_cast<std::uint16_t>(m.token.size()));
      w.bytes(m.token);
      w.le<std::uint32_t>(m.weight);
      w.le<std::int32_t>(m.eval);
      w.le<std::uint32_t>(m.stats.wins);
      w.le<std::uint32_t>(m.stats.draws);
      w.le<std::uint32_t>(m.stats.losses);
    }
  }
  const std::uint64_t sum = hash_text(w.text(), kChecksumSeed);
  w.le<std::uint64_t>(sum);
  return std::move(w.text());
}

Result<Book> Book::decode(std::string_view bytes, std::string_view file_name) {
  const std::string where = "book file " + quote(file_name) + ": ";
  if (bytes.size() < sizeof kMagic ||
      bytes.substr(0, sizeof kMagic) != std::string_view(kMagic, sizeof kMagic))
    return make_error(where + "not a Triad book (no TRIADBK header)");
  if (bytes.size() < kHeaderFixedBytes + kChecksumBytes)
    return make_error(where + "truncated (" + std::to_string(bytes.size()) + " bytes)");
  Reader r(bytes.substr(0, bytes.size() - kChecksumBytes));
  std::string_view skip;
  r.bytes(sizeof kMagic, skip);
  std::uint32_t version = 0, flags = 0;
  std::uint64_t fingerprint = 0, count = 0;
  std::uint8_t name_len = 0, game_len = 0;
  r.le(version);
  if (version != kFormatVersion)
    return make_error(where + "format version " + std::to_string(version) +
                      ", this Triad reads version " + std::to_string(kFormatVersion));
  r.le(flags);
  r.le(fingerprint);
  r.le(count);
  r.le(name_len);
  r.le(game_len);
  std::string_view name, game;
  if (!r.bytes(name_len, name) || !r.bytes(game_len, game))
    return make_error(where + "truncated in the header");
  if (!printable_token(name) || !printable_token(game))
    return make_error(where + "corrupt header (variant name)");
  // The stored checksum covers everything before it: truncation and corruption show here.
  Reader tail(bytes.substr(bytes.size() - kChecksumBytes));
  std::uint64_t stored = 0;
  tail.le(stored);
  if (stored != hash_text(bytes.substr(0, bytes.size() - kChecksumBytes), kChecksumSeed))
    return make_error(where + "truncated or corrupt (checksum mismatch)");
  if (count > r.left() / kEntryFixedBytes)
    return make_error(where + "corrupt (" + std::to_string(count) + " positions cannot fit)");
  Book book(BookVariant{std::string(name), std::string(game), fingerprint});
  std::optional<PositionKey> previous;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::string at = where + "position " + std::to_string(i + 1) + ": ";
    PositionKey key;
    BookEntry e;
    std::int8_t proved = 0;
    std::uint8_t reserved = 0;
    std::uint16_t nmoves = 0;
    if (!r.le(key.key) || !r.le(key.check) || !r.le(e.eval) || !r.le(proved) || !r.le(reserved) ||
        !r.le(e.distance) || !r.le(nmoves))
      return make_error(at + "truncated");
    if (proved != 0 && proved != 1 && proved != -1 && proved != 2)
      return make_error(at + "corrupt proved value " + std::to_string(proved));
    e.proved = static_cast<Proved>(proved);
    if (previous && !(*previous < key)) return make_error(at + "corrupt (positions out of order)");
    previous = key;
    if (nmoves > r.left() / kMoveFixedBytes) return make_error(at + "truncated in its moves");
    for (std::uint16_t k = 0; k < nmoves; ++k) {
      BookMove m;
      std::uint16_t len = 0;
      std::string_view token;
      if (!r.le(len) || !r.bytes(len, token) || !r.le(m.weight) || !r.le(m.eval) ||
          !r.le(m.stats.wins) || !r.le(m.stats.draws) || !r.le(m.stats.losses))
        return make_error(at + "truncated in its moves");
      if (!printable_token(token)) return make_error(at + "corrupt move token");
      m.token = std::string(token);
      e.moves.push_back(std::move(m));
    }
    book.entries_.emplace_hint(book.entries_.end(), key, std::move(e));
  }
  if (r.left() != 0)
    return make_error(where + "corrupt (" + std::to_string(r.left()) +
                      " bytes after the last position)");
  return book;
}

Result<Book> Book::load(const std::filesystem::path& file) {
  auto bytes = read_regular_file(file, "book file", kMaxBookFileBytes);
  if (!bytes) return bytes.error();
  return decode(*bytes, file.string());
}

Result<void> Book::check_variant(const BookVariant& v) const {
  if (variant_.game == v.game && variant_.fingerprint == v.fingerprint) return {};
  return make_error("the book is for variant " + quote(variant_.variant) + " (game " +
                    quote(variant_.game) + "), not for " + quote(v.variant) +
                    (variant_.game == v.game ? " (other rule settings)" : ""));
}

const BookEntry* Book::find(std::string_view position_line) const {
  const auto it = entries_.find(position_key(position_line));
  return it == entries_.end() ? nullptr : &it->second;
}

BookEntry& Book::at(std::string_view position_line) {
  return entries_[position_key(position_line)];
}

Result<std::uint64_t> Book::merge(const Book& other) {
  if (!check_variant(other.variant_))
    return make_error("a book of variant " + quote(other.variant_.variant) +
                      " cannot be merged into one of " + quote(variant_.variant));
  std::uint64_t cut = 0;
  for (const auto& [key, theirs] : other.entries_) {
    BookEntry& mine = entries_[key];
    if (mine.eval == kNoEval) mine.eval = theirs.eval;
    if (mine.proved == Proved::kNone) {
      mine.proved = theirs.proved;
      mine.distance = theirs.distance;
    }
    for (const auto& m : theirs.moves) {
      BookMove& into = mine.add(m.token);
      if (into.eval == kNoEval) into.eval = m.eval;
      const std::pair<std::uint32_t*, std::uint32_t> sums[] = {
          {&into.weight, m.weight},
          {&into.stats.wins, m.stats.wins},
          {&into.stats.draws, m.stats.draws},
          {&into.stats.losses, m.stats.losses}};
      for (auto [sum, part] : sums) {
        bool capped = false;
        *sum = add_counts(*sum, part, &capped);
        cut += capped;
      }
    }
  }
  return cut;
}

std::optional<BookMove> pick_move(const Book& book, const AnyGame& game, PickMode mode,
                                  std::mt19937_64& rng) {
  const BookEntry* e = book.find(game.position_line());
  if (!e || game.outcome().over()) return std::nullopt;
  std::vector<const BookMove*> usable;
  std::uint64_t total = 0;
  for (const auto& m : e->moves)
    if (m.weight > 0 && game.is_legal(m.token)) {
      usable.push_back(&m);
      total += m.weight;
    }
  if (usable.empty()) return std::nullopt;
  if (mode == PickMode::kBest)
    return **std::max_element(
        usable.begin(), usable.end(),
        [](const BookMove* a, const BookMove* b) { return a->weight < b->weight; });
  std::uint64_t ticket = std::uniform_int_distribution<std::uint64_t>(0, total - 1)(rng);
  for (const BookMove* m : usable) {
    if (ticket < m->weight) return *m;
    ticket -= m->weight;
  }
  return *usable.back();
}

}  // namespace triad::adapters::book
