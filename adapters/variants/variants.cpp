// VariantRegistry (adapters/common/variants.h): loading variant YAML (built-in and user
// files), turning every entry into a factory of games once (through the game registry), and
// creating games by variant name.
#include "adapters/common/variants.h"

#include <algorithm>
#include <stdexcept>

#include <yaml-cpp/yaml.h>

#include "adapters/common/file_io.h"
#include "adapters/common/game_registry.h"
#include "adapters/common/text.h"
#include "triad_builtin_variants.h"

namespace triad::adapters {

namespace {

// The factory of games of base game `game` with the rule settings in `entry` (a variant
// entry: its own keys name, game and description are allowed among the settings).
Result<GameFactory> make_factory(const std::string& game, const YAML::Node& entry,
                                 const std::filesystem::path& base_dir) {
  const GameDescriptor* descriptor = find_game(game);
  if (!descriptor)
    return make_error("unknown game " + quote(game) + " (expected " + game_names_text() + ")");
  try {
    return descriptor->configure(entry, base_dir);
  } catch (const std::exception& e) {  // a settings node of an unexpected shape
    return make_error(std::string("bad settings: ") + e.what());
  }
}

bool valid_name(const std::string& name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

// A required scalar field of a variant entry, or why it is missing.
Result<std::string> scalar_field(const YAML::Node& entry, const char* key) {
  const YAML::Node node = entry[key];
  if (!node || !node.IsScalar())
    return make_error(std::string("missing or non-scalar '") + key + "'");
  return node.Scalar();
}

// Variant::rules_fingerprint: the base game, the start position of a fresh game and the rule
// settings of the entry (every key but name, game and description, in key order).
std::uint64_t rules_fingerprint(const std::string& game, const GameFactory& factory,
                                const YAML::Node& entry) {
  std::string text = game + "\n" + factory()->start_position_line() + "\n";
  std::vector<std::pair<std::string, std::string>> settings;
  if (entry.IsMap())
    for (const auto& kv : entry) {
      const std::string key = kv.first.as<std::string>();
      if (key != "name" && key != "game" && key != "description")
        settings.emplace_back(key, YAML::Dump(kv.second));
    }
  std::sort(settings.begin(), settings.end());
  for (const auto& [key, value] : settings) text += key + "=" + value + "\n";
  return hash_text(text);
}

}  // namespace

VariantRegistry VariantRegistry::builtin() {
  VariantRegistry registry;
  // The compiled-in text is checked by the tests; a failure here is a build defect.
  if (auto r = registry.load_text(kBuiltinVariantsYaml, {}, "builtin.yaml"); !r)
    throw std::logic_error(r.error().message);
  registry.add_default_variants();
  return registry;
}

void VariantRegistry::add_default_variants() {
  for (const GameDescriptor* game : all_games()) {
    const std::string name(game->name);
    if (find(name)) continue;
    auto factory = game->configure(YAML::Node(), {});
    // Default settings are the game's own: a failure is a build defect (tests cover it).
    if (!factory) throw std::logic_error(name + " default settings: " + factory.error().message);
    const auto fingerprint = rules_fingerprint(name, *factory, YAML::Node());
    variants_.push_back(Variant{name, name, std::move(*factory), fingerprint});
  }
}

Result<void> VariantRegistry::load_file(const std::filesystem::path& file) {
  auto text = read_text_file(file, "variant file");
  if (!text) return text.error();
  return load_text(*text, file.parent_path(), sanitize(file.string(), kMaxShownPathBytes));
}

Result<void> VariantRegistry::load_text(const std::string& yaml_text,
                                        const std::filesystem::path& base_dir,
                                        const std::string& source_name) {
  std::vector<Variant> loaded;
  try {
    const YAML::Node root = YAML::Load(yaml_text);
    const YAML::Node list = root.IsMap() ? root["variants"] : YAML::Node();
    if (!list || !list.IsSequence())
      return make_error(source_name + ":1: expected a map with a 'variants' list");
    for (const auto& entry : list) {
      const std::string where = source_name + ":" + std::to_string(entry.Mark().line + 1) + ": ";
      if (!entry.IsMap()) return make_error(where + "a variant entry must be a map");
      auto name = scalar_field(entry, "name");
      if (!name) return make_error(where + name.error().message);
      if (!valid_name(*name))
        return make_error(where + "variant name " + quote(*name) +
                          " must be 1-64 letters, digits, '-', '_' or '.'");
      auto game = scalar_field(entry, "game");
      if (!game) return make_error(where + "variant '" + *name + "': " + game.error().message);
      for (const auto& other : loaded)
        if (other.name == *name) return make_error(where + "variant '" + *name + "' defined twice");
      auto factory = make_factory(*game, entry, base_dir);
      if (!factory)
        return make_error(where + "variant '" + *name + "': " + factory.error().message);
      const auto fingerprint = rules_fingerprint(*game, *factory, entry);
      loaded.push_back(Variant{*name, *game, std::move(*factory), fingerprint});
    }
  } catch (const YAML::Exception& e) {
    return make_error(source_name + ":" + std::to_string(std::max(e.mark.line, 0) + 1) + ": " +
                      e.msg);
  }
  for (auto& v : loaded) {
    auto same = std::find_if(variants_.begin(), variants_.end(),
                             [&](const Variant& old) { return old.name == v.name; });
    if (same != variants_.end()) {
      *same = std::move(v);
    } else {
      variants_.push_back(std::move(v));
    }
  }
  return {};
}

const Variant* VariantRegistry::find(const std::string& name) const {
  for (const auto& v : variants_)
    if (v.name == name) return &v;
  return nullptr;
}

std::vector<std::string> VariantRegistry::names() const {
  std::vector<std::string> out;
  for (const auto& v : variants_) out.push_back(v.name);
  return out;
}

Result<const Variant*> VariantRegistry::lookup(const std::string& name) const {
  if (const Variant* v = find(name)) return v;
  std::string known;
  for (const auto& n : names()) known += (known.empty() ? "" : ", ") + n;
  return make_error("unknown variant " + quote(name) + " (known: " + known + ")");
}

Result<std::unique_ptr<AnyGame>> VariantRegistry::create(const std::string& name) const {
  auto v = lookup(name);
  if (!v) return v.error();
  return (*v)->factory();
}

}  // namespace triad::adapters
