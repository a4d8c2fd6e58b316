// The reader of a folder of table files (table_set.h).
#include "adapters/tables/table_set.h"

#include <bit>
#include <system_error>

namespace triad::tables {

Result<TableSet> TableSet::open(const std::filesystem::path& dir, const iv::Game& game,
                                int max_stones, bool* foreign) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    return make_error(dir.string() + ": not a folder of table files");
  TableSet set;
  set.game_ = &game;
  std::vector<std::unique_ptr<SliceFile>> total;  // the files of the current stone total
  for (const Material m : materials_up_to(max_stones)) {
    const auto path = dir / slice_file_name(m);
    if (!std::filesystem::exists(path, ec)) break;
    auto file = SliceFile::open(path, slice_key(game, m), foreign);
    if (!file) return file.error();
    total.push_back(std::move(*file));
    if (m.a == m.stones()) {  // the last slice of this total: the total is complete
      for (auto& f : total) set.files_.push_back(std::move(f));
      total.clear();
      set.max_stones_ = m.stones();
    }
  }
  if (set.max_stones_ < 0)
    return make_error(dir.string() + ": no table files (" + slice_file_name({0, 0}) + ", ...)");
  return set;
}

const SliceFile* TableSet::file(Material m) const {
  // materials_up_to() order: totals 0..s-1 hold s(s+1)/2 slices, then a.
  const int s = m.stones();
  return files_[static_cast<std::size_t>(s * (s + 1) / 2 + m.a)].get();
}

std::int16_t TableSet::code(const iv::Position& pos) const {
  if (game_->terminal(pos).over()) return iv::endgame_code::kOver;
  if (dont_care(*game_, pos))
    return code_from_children(*game_, pos, [&](const iv::Position& c) { return code(c); });
  const Material m{std::popcount(pos.pieces[0]), std::popcount(pos.pieces[1])};
  const auto& t = game_->geometry();
  const SliceIndex slice(t.num_points, t.all, m);
  const auto c = file(m)->code(slice.index(pos.pieces[0], pos.pieces[1], pos.side_to_move));
  if (!c) *unreadable_ = true;
  return c.value_or(0);
}

std::optional<iv::EndgameValue> TableSet::probe(const iv::Position& pos) const {
  if (std::popcount(pos.pieces[0]) + std::popcount(pos.pieces[1]) > max_stones_ || *unreadable_)
    return {};
  const std::int16_t c = code(pos);
  // Checked after the look-up: a value read while a file failed is not an answer.
  if (c == iv::endgame_code::kOver || *unreadable_) return {};
  return iv::decode_value(c);
}

Result<void> TableSet::check() const {
  for (const auto& f : files_)
    if (auto r = f->unchanged(); !r) return r;
  if (*unreadable_)
    return make_error("a table file could not be read while in use (changed or damaged)");
  return {};
}

const adapters::TypedGame<iv::Game>* ives_dama(const adapters::AnyGame& game) {
  return dynamic_cast<const adapters::TypedGame<iv::Game>*>(&game);
}

}  // namespace triad::tables
