// The plan of a build from the slice sizes (plan.h).
#include "tables/plan.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "adapters/tables/table_file.h"
#include "tables/builder.h"

namespace triad::tables {

namespace {

constexpr std::uint64_t kStateBytes = 3;  // a code and a count of open steps per entry

std::string gigabytes(std::uint64_t bytes) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(1) << static_cast<double>(bytes) / 1e9 << " GB";
  return text.str();
}

}  // namespace

std::string plan_text(const iv::Game& game, int max_stones, std::uint64_t memory) {
  const auto& geometry = game.geometry();
  std::ostringstream out;
  out << std::setw(6) << "stones" << std::setw(7) << "slices" << std::setw(16) << "positions"
      << "  " << std::setw(8) << "largest" << std::setw(16) << "its positions";
  if (memory)
    out << std::setw(8) << "pieces" << std::setw(12) << "its state" << std::setw(11) << "in pieces";
  out << "\n";
  const std::uint64_t piece = memory ? piece_entries(memory) : 0;
  std::uint64_t all = 0, largest_all = 0;
  int slices_all = 0;
  for (int stones = 0; stones <= max_stones; ++stones) {
    std::uint64_t positions = 0, largest = 0;
    Material biggest;
    int slices = 0, split = 0;
    for (const Material m : materials_up_to(stones)) {
      if (m.stones() != stones) continue;
      const std::uint64_t n = SliceIndex(geometry.num_points, geometry.all, m).size();
      ++slices;
      positions += n;
      split += memory && n > piece;
      if (n > largest) largest = n, biggest = m;
    }
    all += positions;
    slices_all += slices;
    largest_all = std::max(largest_all, largest);
    out << std::setw(6) << stones << std::setw(7) << slices << std::setw(16) << positions << "  "
        << std::setw(8) << material_text(biggest) << std::setw(16) << largest;
    if (memory) {
      const std::uint64_t pieces = (largest + piece - 1) / piece;
      out << std::setw(8) << pieces << std::setw(12)
          << (pieces > 1 ? gigabytes(kStateBytes * largest) : "in memory") << std::setw(11)
          << split;
    }
    out << "\n";
  }
  out << std::setw(6) << "all" << std::setw(7) << slices_all << std::setw(16) << all << "  "
      << std::setw(8) << "" << std::setw(16) << largest_all << "\n";
  return out.str();
}

}  // namespace triad::tables
