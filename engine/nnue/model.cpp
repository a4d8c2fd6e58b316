// Binding a network to a board's points (see model.h).
#include "engine/nnue/model.h"

namespace triad::engine::nnue {

std::shared_ptr<const Model> make_model(Network net, int kinds, std::span<const int> line_index) {
  auto model = std::make_shared<Model>();
  int points = 0;
  for (const int i : line_index) points += i >= 0 ? 1 : 0;
  model->net = std::move(net);
  model->kinds = kinds;
  model->input_of.assign(static_cast<std::size_t>(2 * 2 * kinds * kMaxNetPoints), -1);
  for (int p = 0; p < static_cast<int>(line_index.size()) && p < kMaxNetPoints; ++p) {
    const int i = line_index[static_cast<std::size_t>(p)];
    if (i < 0) continue;
    for (int owner = 0; owner < 2; ++owner) {
      for (int kind = 0; kind < kinds; ++kind) {
        const int code = owner * kinds + kind;
        // Player 1's view: its own men are the first `kinds` letters.
        const int p1 = (owner * kinds + kind) * points + i;
        const int p2 = ((1 - owner) * kinds + kind) * points + (points - 1 - i);
        model->input_of[static_cast<std::size_t>((0 * 2 * kinds + code) * kMaxNetPoints + p)] = p1;
        model->input_of[static_cast<std::size_t>((1 * 2 * kinds + code) * kMaxNetPoints + p)] = p2;
      }
    }
  }
  return model;
}

}  // namespace triad::engine::nnue
