// A game's accuracy per player (docs/analysis.md "Accuracy"), the way lichess combines its
// per-move accuracies: each move's accuracy (review.h's move_accuracy of its loss) weighted by
// how volatile the game was around it (the standard deviation of Player 1's expected score
// over a sliding window), and the weighted mean averaged with the harmonic mean, so that a
// few large losses pull the figure down more than many small gains lift it. Pure functions.
#pragma once

#include <optional>
#include <vector>

namespace triad::analysis {

// One weight per move from Player 1's expected score along the game: `curve` holds the value
// before the first move, then after each move (moves + 1 points). The window is a tenth of
// the points (2..8); the first moves, before a full window, take the first window's weight.
// Each weight is that window's standard deviation in percent, clamped to 0.5..12.
std::vector<double> volatility_weights(const std::vector<double>& curve);

// A player's accuracy in percent from the accuracies of the moves that count and their
// weights (the same length): (weighted mean + harmonic mean) / 2, the harmonic mean 0 when a
// move's accuracy is 0 (its limit); nothing when no move counts.
std::optional<double> game_accuracy(const std::vector<double>& accuracies,
                                    const std::vector<double>& weights);

// Whether a move says nothing about the player's skill, so that it does not count: forced (one
// legal move), or played in a decided position it stays in, for the mover: the proven result
// unchanged, or an expected score beyond doubt (within kDecided of 0 or 1) before and after.
inline constexpr double kDecided = 0.02;
bool uninformative(bool forced, bool proven_unchanged, double mover_before, double mover_after);

}  // namespace triad::analysis
