// Fixed-capacity list (no heap allocation): the move list type of every game core.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace triad::engine {

template <class T, std::size_t Capacity>
class FixedList {
 public:
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
  T* begin() { return items_.data(); }
  T* end() { return items_.data() + size_; }
  const T* begin() const { return items_.data(); }
  const T* end() const { return items_.data() + size_; }

 private:
  std::array<T, Capacity> items_{};
  std::size_t size_ = 0;
};

}  // namespace triad::engine
