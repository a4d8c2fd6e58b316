// Test helpers for books: the built-in variants and a variant's book identity.
#pragma once

#include <string>

#include "adapters/book/book.h"
#include "adapters/common/variants.h"

namespace triad::adapters::book::testing {

inline const VariantRegistry& registry() {
  static const auto r = VariantRegistry::builtin();
  return r;
}

inline BookVariant variant_of(const std::string& name) {
  const Variant* v = registry().find(name);
  return {v->name, v->game, v->rules_fingerprint};
}

}  // namespace triad::adapters::book::testing
