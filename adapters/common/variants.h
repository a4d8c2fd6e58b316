// Variants: a name -> a base game of the registry (game_registry.h) with its rule settings.
// The built-in ones are YAML shipped in adapters/variants/builtin.yaml and compiled in; users
// add more from YAML files. Settings are parsed once, when a variant is loaded: the registry
// keeps a factory of ready games, so creating a game reads no YAML (and is thread-safe).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "adapters/common/game_descriptor.h"
#include "engine/core/result.h"

namespace triad::adapters {

struct Variant {
  std::string name;     // e.g. "ivesdama-arc"
  std::string game;     // the base game's registry name: "razzledazzle", "yinyang", …
  GameFactory factory;  // fresh games with the variant's rule settings
  // A hash of the base game, its start position and the rule settings as written (opening
  // books carry it, so a book of other rules is refused).
  std::uint64_t rules_fingerprint = 0;
};

class VariantRegistry {
 public:
  // The built-in variants of docs/protocol.md (from the compiled-in YAML), then the default
  // variant of every registered game builtin.yaml does not name (add_default_variants).
  static VariantRegistry builtin();

  // Adds, for each game of the registry without a variant of its own name, that variant
  // with the game's default settings (so every registered game can be selected by name).
  void add_default_variants();

  // Adds (or replaces) the variants of a YAML file; on any error nothing is added and the
  // message names the file, the line and the reason.
  Result<void> load_file(const std::filesystem::path& file);
  Result<void> load_text(const std::string& yaml_text, const std::filesystem::path& base_dir,
                         const std::string& source_name);

  const Variant* find(const std::string& name) const;
  // The variant of that name, or the one error every program gives for an unknown one:
  // "unknown variant 'NAME' (known: a, b, ...)".
  Result<const Variant*> lookup(const std::string& name) const;
  std::vector<std::string> names() const;  // in definition order
  // A fresh game of that variant at its start position.
  Result<std::unique_ptr<AnyGame>> create(const std::string& name) const;

 private:
  std::vector<Variant> variants_;
};

}  // namespace triad::adapters
