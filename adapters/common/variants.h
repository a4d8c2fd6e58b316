// Variants: a name -> a base game + rule settings. The built-in ones are YAML shipped in
// adapters/variants/builtin.yaml and compiled in; users add more from YAML files.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"

namespace triad::adapters {

struct Variant {
  std::string name;                // e.g. "ivesdama-arc"
  std::string game;                // "razzledazzle" | "yinyang" | "ivesdama"
  YAML::Node settings;             // rule settings passed to Notation<G>::make_game
  std::filesystem::path base_dir;  // where relative paths in settings resolve
};

class VariantRegistry {
 public:
  // The built-in variants of docs/protocol.md (from the compiled-in YAML).
  static VariantRegistry builtin();

  // Adds (or replaces) the variants of a YAML file; on any error nothing is added and the
  // message names the file, the line and the reason.
  Result<void> load_file(const std::filesystem::path& file);
  Result<void> load_text(const std::string& yaml_text, const std::filesystem::path& base_dir,
                         const std::string& source_name);

  const Variant* find(const std::string& name) const;
  std::vector<std::string> names() const;  // in definition order
  // A fresh game of that variant at its start position.
  Result<std::unique_ptr<AnyGame>> create(const std::string& name) const;

 private:
  std::vector<Variant> variants_;
};

}  // namespace triad::adapters
