// Win/draw/loss estimates (see wdl.h).
#include "state/wdl.h"

#include <algorithm>
#include <cmath>

#include "engine/search/search_types.h"

namespace triad::state {

namespace {

int permille(double p) {
  return static_cast<int>(std::lround(1000 * p));
}

double logistic(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

constexpr double kClassicalScale = 70.0;  // the classical model's logistic scale

}  // namespace

double logistic_scale(const WdlModel& model) {
  return model.scale == 0 ? kClassicalScale : model.scale;
}

Wdl estimate_wdl(int score, const WdlModel& model) {
  Wdl wdl;
  if (engine::is_mate_score(score)) {
    (score > 0 ? wdl.win : wdl.loss) = 1000;
    return wdl;
  }
  if (model.scale == 0) {
    // The classical evaluations' fixed model: a logistic in which 100 (one unit of advantage)
    // wins about two games in three; the draw share shrinks as |score| grows.
    wdl.win = permille(logistic((score - 50) / kClassicalScale));
    wdl.loss = permille(logistic((-score - 50) / kClassicalScale));
  } else {
    const double expected = logistic(static_cast<double>(score) / model.scale);
    const double draw = model.draw_permille / 1000.0 * 2 * std::min(expected, 1 - expected);
    wdl.win = permille(expected - draw / 2);
    wdl.loss = permille(1 - expected - draw / 2);
  }
  wdl.draw = std::max(0, 1000 - wdl.win - wdl.loss);
  return wdl;
}

std::string wdl_words(int score, const WdlModel& model) {
  const Wdl wdl = estimate_wdl(score, model);
  return " wdl " + std::to_string(wdl.win) + " " + std::to_string(wdl.draw) + " " +
         std::to_string(wdl.loss);
}

}  // namespace triad::state
