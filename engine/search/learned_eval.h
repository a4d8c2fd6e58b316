// LearnedEvaluator<G>: one search worker's learned evaluation. It keeps, for every ply of the
// current line, both sides' first-layer sums (engine/nnue/): the root's made from scratch,
// every child's from its parent's by the rows of the men that changed (a move changes a few
// points: the diff of the two boards' codes, SearchHooks::net_board). The sums are brought up
// to date lazily: a push only records the child's codes, and evaluate() updates the plies
// between the deepest up-to-date one and the top, so a node whose subtree is never evaluated
// (a table cutoff, a solved or finished position) costs no update. The buffers are made when
// a model is attached, never during a search. For a game without a learned evaluation
// (kNetKinds == 0) it is never active and compiles to nothing.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

#include "engine/core/game.h"
#include "engine/nnue/model.h"
#include "engine/search/hooks.h"

namespace triad::engine::detail {

template <Game G>
class LearnedEvaluator {
  using Hooks = SearchHooks<G>;
  using Position = typename G::Position;
  static constexpr bool kAvailable = Hooks::kNetKinds > 0;

 public:
  // Uses `model` from the next reset() on (nullptr: none, the game's own evaluation).
  void attach(std::shared_ptr<const nnue::Model> model, int max_depth) {
    if constexpr (kAvailable) {
      if (model && model->kinds != Hooks::kNetKinds) model = nullptr;  // not for this game
      if (model == model_ && depth_ == max_depth + 1) return;
      model_ = std::move(model);
      depth_ = max_depth + 1;
      if (!model_) return;
      hidden_ = model_->net.hidden;
      sums_.assign(static_cast<std::size_t>(depth_) * 2 * static_cast<std::size_t>(hidden_), 0);
      codes_.assign(static_cast<std::size_t>(depth_), {});
      ready_ = 0;
    }
  }

  bool active() const {
    if constexpr (kAvailable) return model_ != nullptr;
    return false;
  }

  // The root of a search: its sums from scratch.
  void reset(const G& game, const Position& root) {
    if constexpr (kAvailable) {
      top_ = 0;
      ready_ = 0;
      Hooks::net_board(game, root, codes_[0].data());
      for (int view = 0; view < 2; ++view) {
        on_.clear();
        for (int p = 0; p < nnue::kMaxNetPoints; ++p)
          if (const int input = input_for(view, codes_[0][p], p); input >= 0) on_.push_back(input);
        nnue::refresh(model_->net, on_, sums(0, view));
      }
    }
  }

  // The line goes one ply deeper, to `child` (a move from the current top). Its sums are made
  // when a position at or below it is evaluated.
  void push(const G& game, const Position& child) {
    if constexpr (kAvailable) {
      ++top_;
      Hooks::net_board(game, child, codes_[static_cast<std::size_t>(top_)].data());
    }
  }

  void pop() {
    if constexpr (kAvailable) {
      --top_;
      ready_ = std::min(ready_, top_);
    }
  }

  // The learned score of the current top, from `stm`'s view.
  int evaluate(Player stm) {
    if constexpr (kAvailable) {
      while (ready_ < top_) update_from_parent(++ready_);
      const int me = stm == Player::kOne ? 0 : 1;
      return nnue::evaluate(model_->net, sums(top_, me), sums(top_, 1 - me));
    }
    return 0;
  }

 private:
  // Ply `ply`'s sums from its parent's, by the rows of the points whose codes differ.
  void update_from_parent(int ply) {
    const auto& was = codes_[static_cast<std::size_t>(ply - 1)];
    const auto& now = codes_[static_cast<std::size_t>(ply)];
    // The points that changed, found 8 at a time (a move changes a few of them).
    changed_.clear();
    for (int chunk = 0; chunk < nnue::kMaxNetPoints; chunk += 8) {
      std::uint64_t a, b;
      std::memcpy(&a, was.data() + chunk, 8);
      std::memcpy(&b, now.data() + chunk, 8);
      for (std::uint64_t diff = a ^ b; diff != 0;) {
        const int bit = std::countr_zero(diff) & ~7;  // the lowest byte that differs
        diff &= ~(std::uint64_t{0xFF} << bit);
        changed_.push_back(chunk +
                           (std::endian::native == std::endian::little ? bit / 8 : 7 - bit / 8));
      }
    }
    for (int view = 0; view < 2; ++view) {
      off_.clear();
      on_.clear();
      for (const int p : std::span<const int>(changed_)) {
        if (const int input = input_for(view, was[p], p); input >= 0) off_.push_back(input);
        if (const int input = input_for(view, now[p], p); input >= 0) on_.push_back(input);
      }
      nnue::update(model_->net, sums(ply - 1, view), sums(ply, view), off_, on_);
    }
  }

  // The input a code switches on in `view`'s sums at point p (-1: empty or not a point).
  int input_for(int view, std::int8_t code, int p) const {
    if (code == 0) return -1;
    const int index = code > 0 ? code - 1 : Hooks::kNetKinds - code - 1;
    return model_->input(view, index, p);
  }
  std::size_t offset(int ply, int view) const {
    return (static_cast<std::size_t>(ply) * 2 + static_cast<std::size_t>(view)) *
           static_cast<std::size_t>(hidden_);
  }
  std::int16_t* sums(int ply, int view) { return sums_.data() + offset(ply, view); }

  std::shared_ptr<const nnue::Model> model_;
  int depth_ = 0;  // plies the buffers hold
  int hidden_ = 0;
  int top_ = 0;
  int ready_ = 0;                   // the deepest ply whose sums are up to date (<= top_)
  std::vector<std::int16_t> sums_;  // [ply][view][hidden]
  std::vector<std::array<std::int8_t, nnue::kMaxNetPoints>> codes_;  // [ply]
  // The inputs one update switches (at most every point's man twice); reserved once.
  struct Inputs {
    std::array<int, 2 * nnue::kMaxNetPoints> items{};
    int size = 0;
    void clear() { size = 0; }
    void push_back(int v) { items[static_cast<std::size_t>(size++)] = v; }
    operator std::span<const int>() const { return {items.data(), static_cast<std::size_t>(size)}; }
  };
  Inputs off_, on_;
  Inputs changed_;  // the points whose codes differ from the parent's
};

}  // namespace triad::engine::detail
