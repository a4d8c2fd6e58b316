# Script mode (cmake -P), run when a net of nets/ changes (adapters/nnue/CMakeLists.txt):
# writes OUTPUT, a C++ file defining triad::adapters::nnue::builtin_net() with the bytes of
# each file of NETS (a list of nets/<name>.nnue) as the built-in net of <name>: a game, or a
# built-in variant whose net is its own.
string(REPLACE "|" ";" NETS "${NETS}")  # joined by '|' (adapters/nnue/CMakeLists.txt)
set(arrays "")
set(entries "")
foreach(net IN LISTS NETS)
  get_filename_component(name "${net}" NAME_WE)
  string(MAKE_C_IDENTIFIER "${name}" id)
  file(READ "${net}" hex HEX)
  file(SIZE "${net}" size)
  string(REGEX REPLACE "(..)" "0x\\1," bytes "${hex}")
  # 20 bytes to a line.
  string(REGEX REPLACE "((0x..,){20})" "\\1\n    " bytes "${bytes}")
  string(APPEND arrays "const unsigned char k_${id}[${size}] = {\n    ${bytes}};\n")
  string(APPEND entries "    {\"${name}\", {reinterpret_cast<const char*>(k_${id}), ${size}}},\n")
endforeach()
set(content "// Generated at build time by cmake/embed_nets.cmake from nets/*.nnue: the built-in nets.
#include <utility>

#include \"adapters/nnue/builtin_nets.h\"

namespace triad::adapters::nnue {

namespace {

${arrays}
// game or variant -> net file bytes; the empty entry ends the list (and keeps it valid
// without nets).
const std::pair<std::string_view, std::string_view> kNets[] = {
${entries}    {\"\", {}}};

}  // namespace

std::optional<std::string_view> builtin_net(std::string_view name) {
  for (const auto& [entry, bytes] : kNets)
    if (!entry.empty() && entry == name) return bytes;
  return std::nullopt;
}

std::vector<std::string_view> builtin_net_names() {
  std::vector<std::string_view> out;
  for (const auto& [name, bytes] : kNets)
    if (!name.empty()) out.push_back(name);
  return out;
}

}  // namespace triad::adapters::nnue
")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUTPUT}" "${content}")
endif()
