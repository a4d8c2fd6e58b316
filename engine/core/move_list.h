// Fixed-capacity list (no heap allocation): the move list type of every game core.
#pragma once

#include <cassert>
#include <cstddef>
#include <type_traits>

namespace triad::engine {

// The slots are left uninitialised until pushed: a list is made at every search node, and
// zeroing it each time cost 9 % of the Íves dáma search (256 slots; `search_lab nps`).
template <class T, std::size_t Capacity>
class FixedList {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "FixedList holds plain values");

 public:
  FixedList() {}  // NOLINT(modernize-use-equals-default): keeps the slots uninitialised

  void push_back(const T& v) {
    assert(size_ < Capacity);
    items_[size_++] = v;
  }
  void clear() { size_ = 0; }
  void resize(std::size_t n) {
    assert(n <= Capacity);
    size_ = n;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return Capacity; }

  T& operator[](std::size_t i) { return items_[i]; }
  const T& operator[](std::size_t i) const { return items_[i]; }
  T* begin() { return items_; }
  T* end() { return items_ + size_; }
  const T* begin() const { return items_; }
  const T* end() const { return items_ + size_; }

 private:
  union {
    T items_[Capacity];  // only [0, size_) hold values
  };
  std::size_t size_ = 0;
};

}  // namespace triad::engine
