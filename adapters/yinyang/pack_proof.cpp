// triad_yinyang_pack_proof PROOF OUT: a build step, not an installed program. Reads a Yin Yang
// proof text (proof_text.h), checks every line, and writes its ProofTable's records to OUT
// (written whole and renamed), which start_proof.S compiles into the engine's built-in book.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include "adapters/common/file_io.h"
#include "adapters/yinyang/proof_table.h"
#include "adapters/yinyang/proof_text.h"

int main(int argc, char** argv) {
  namespace yb = triad::adapters::yinyang;
  if (argc != 3) {
    std::cerr << "usage: triad_yinyang_pack_proof PROOF OUT\n";
    return 2;
  }
  // Bounded as triad-yinyang-prove bounds its proof files (256 MiB).
  const auto text =
      triad::adapters::read_regular_file(argv[1], "proof file", std::uintmax_t{256} << 20);
  if (!text) {
    std::cerr << "triad_yinyang_pack_proof: " << text.error().message << "\n";
    return 1;
  }
  const auto proofs = yb::parse_proof_text(*text);
  if (!proofs) {
    std::cerr << "triad_yinyang_pack_proof: " << argv[1] << ": " << proofs.error().message << "\n";
    return 1;
  }
  const yb::ProofTable table(*proofs);
  const std::filesystem::path out = argv[2], temporary = out.string() + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    const auto bytes = table.bytes();
    file.write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
    if (!file.flush()) {
      std::cerr << "triad_yinyang_pack_proof: cannot write " << temporary.string() << "\n";
      return 1;
    }
  }
  std::filesystem::rename(temporary, out);
  return 0;
}
