// Win/draw/loss estimates in permille for `info ... wdl W D L` (UCI_ShowWDL), `eval` and the
// review's expected scores (docs/protocol.md "UCI_ShowWDL"). Two kinds of model: a fitted
// one — a net's, calibrated on the validation games of its net (the trainer fits the net's
// scale and draw rate), or a game's classical evaluation's, fitted the same way on self-play
// (adapters' GameDescriptor::classical_wdl) — and the generic fixed model, for an evaluation
// without a fit.
#pragma once

#include <string>

namespace triad::state {

struct Wdl {
  int win = 0, draw = 0, loss = 0;  // permille, summing to 1000
};

struct WdlModel {
  // A fitted model: expected score E = sigmoid(score / scale), draw share
  // draw_permille * 2 min(E, 1 - E) / 1000 (every draw taken half from the wins and half from
  // the losses, so that win + draw / 2 = E). scale 0: the fixed model (classical()).
  int scale = 0;
  int draw_permille = 0;

  static WdlModel classical() { return {}; }
  static WdlModel fitted(int scale, int draw_permille) { return {scale, draw_permille}; }
};

// The model's score per logistic unit of expected score (the fitted scale, or the fixed
// model's 70).
double logistic_scale(const WdlModel& model);

// The estimate for `score` (engine points from the side to move; mate scores are certain).
Wdl estimate_wdl(int score, const WdlModel& model);

// " wdl W D L", as it follows the score in an info line.
std::string wdl_words(int score, const WdlModel& model);

}  // namespace triad::state
