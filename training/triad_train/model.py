"""The network: an NNUE-style evaluation small enough for a board of a few dozen points.

    x_stm, x_opp  (0/1 inputs of the board from the side to move's and the opponent's view;
                  given as the indices of the inputs that are on, data.sparse_inputs)
    a = clamp([W1 x_stm + b1, W1 x_opp + b1], 0, 1)     (one first layer for both views: the
                                                        engine keeps its two sums up to date
                                                        as men move)
    y = w2 . a + b2                                     (the evaluation, in units of `scale`
                                                        engine points: sigmoid(y) is the side
                                                        to move's expected score)

Quantised (net_file.py): W1 and b1 times QA = 255 as int16 (the sums stay within int16: the
weights are kept in [-2, 2] and a board has at most `points` men), w2 times QB = 64 as int16,
b2 times QA * QB as int32 (b2 kept in [-127, 127]: sigmoid is 0 or 1 long before, and every
score stays within the engine's int); the engine's evaluation is (b2 + w2 . clamp(sums, 0,
QA)) * scale / (QA * QB), rounded toward zero. These ranges are the engine's (engine/nnue/
network.h), which refuses a net outside them.
"""
from typing import Any, List, Sequence, Tuple

import numpy as np
import torch
from triad import learn

# The quantisation factors, the engine's (engine/nnue/network.h through triad.learn).
QA = learn.QA
QB = learn.QB
WEIGHT_LIMIT = 2.0  # |W1| and |b1| (so that QA * points * limit fits int16 for 56 points)
OUTPUT_LIMIT = 127.0 / QB  # |w2| (int16 after quantisation, with room)
BIAS_LIMIT = 127.0  # |b2| (a diverged run's bias would overflow int32 after quantisation)


class QuantiseError(Exception):
    """Weights that the net file's integers cannot hold (not finite: a diverged training)."""


class Network(torch.nn.Module):
    """The float net. Its inputs are the on features of a batch of n positions as one
    embedding bag of 2n bags (data.sparse_inputs): bag j the side to move's view of position
    j, bag n + j its opponent's. The first layer's weights are one row per input, as W1 in
    the net file, and a view's sum is the rows of its on inputs plus the bias: what
    W1 x + b1 is for the 0/1 input vector x, without the zeros."""

    def __init__(self, inputs: int, hidden: int) -> None:
        super().__init__()
        self.inputs, self.hidden = inputs, hidden
        self.first = torch.nn.EmbeddingBag(inputs, hidden, mode="sum")
        self.first_bias = torch.nn.Parameter(torch.empty(hidden))
        self.output = torch.nn.Linear(2 * hidden, 1)
        with torch.no_grad():  # small starting weights: the sums begin inside the clamp
            self.first.weight.uniform_(-0.1, 0.1)
            self.first_bias.uniform_(0.0, 0.2)
            self.output.weight.uniform_(-0.1, 0.1)
            self.output.bias.zero_()

    def forward(self, indices: torch.Tensor, offsets: torch.Tensor) -> torch.Tensor:
        sums = self.first(indices, offsets) + self.first_bias
        n = sums.shape[0] // 2
        a = torch.clamp(torch.cat([sums[:n], sums[n:]], dim=1), 0.0, 1.0)
        return self.output(a).squeeze(1)

    def clip(self) -> None:
        """Keeps the weights where quantisation is exact enough and cannot overflow."""
        with torch.no_grad():
            self.first.weight.clamp_(-WEIGHT_LIMIT, WEIGHT_LIMIT)
            self.first_bias.clamp_(-WEIGHT_LIMIT, WEIGHT_LIMIT)
            self.output.weight.clamp_(-OUTPUT_LIMIT, OUTPUT_LIMIT)
            self.output.bias.clamp_(-BIAS_LIMIT, BIAS_LIMIT)


def quantise(net: Network) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.int32]:
    """The integer weights of the net file: W1 (inputs, hidden) and b1 int16, w2 (2 * hidden)
    int16, b2 int32. Weights outside the ranges that clip() keeps (or not finite) are refused
    (QuantiseError), never wrapped around."""
    parts = [("W1", net.first.weight, QA, WEIGHT_LIMIT, np.int16),
             ("b1", net.first_bias, QA, WEIGHT_LIMIT, np.int16),
             ("w2", net.output.weight[0], QB, OUTPUT_LIMIT, np.int16),
             ("b2", net.output.bias, QA * QB, BIAS_LIMIT, np.int32)]
    out = []
    for name, weights, factor, limit, kind in parts:
        w = weights.detach().numpy().astype(np.float64)
        if not np.all(np.isfinite(w)) or np.any(np.abs(w) > limit):
            raise QuantiseError("the trained net's %s has weights that are not finite or beyond "
                                "+-%g (the training diverged: try a lower -lr)" % (name, limit))
        out.append(np.round(w * factor).astype(kind))
    w1, b1, w2, b2 = out
    return w1, b1, w2, np.int32(b2[0])


def integer_eval(weights: Sequence[Any], stm_active: List[int], opp_active: List[int],
                 scale: int) -> int:
    """The engine's integer evaluation of one position (the lists of on features of its two
    views), in engine points from the side to move: the reference the C++ inference matches."""
    w1, b1, w2, b2 = weights
    acc_stm = b1.astype(np.int64) + w1[stm_active].astype(np.int64).sum(axis=0)
    acc_opp = b1.astype(np.int64) + w1[opp_active].astype(np.int64).sum(axis=0)
    a = np.clip(np.concatenate([acc_stm, acc_opp]), 0, QA)
    out = int(b2) + int((a * w2.astype(np.int64)).sum())
    num = out * scale
    q = abs(num) // (QA * QB)
    return q if num >= 0 else -q
