"""The learned pipeline's formats and features (docs/python.md "Learned evaluations"), from the
C++ library that triad-datagen and the engine use (learn/): the data file's header and record
type, the net file codec with its architecture hash, the feature index in batches (computed in
C++ with the GIL released), and each game's layout and mirror symmetry. The trainer
(training/) takes all of these from here."""
from __future__ import annotations

from triad._triad import (
    _learn_architecture_hash as architecture_hash,
    _learn_data_header as data_header,
    _learn_encode_net as encode_net,
    _learn_feature_count as feature_count,
    _learn_layouts as layouts,
    _learn_limits,
    _learn_mirror as mirror,
    _learn_net_digest as net_digest,
    _learn_read_data as read_data,
    _learn_read_net as read_net,
    _learn_record_dtype as record_dtype,
    _learn_sparse_features as sparse_features,
)

# The net's quantisation factors (first layer, output weights) and its widest first layer:
# the engine's (engine/nnue/network.h).
QA, QB, MAX_HIDDEN = _learn_limits()

__all__ = [
    "MAX_HIDDEN",
    "QA",
    "QB",
    "architecture_hash",
    "data_header",
    "encode_net",
    "feature_count",
    "layouts",
    "mirror",
    "net_digest",
    "read_data",
    "read_net",
    "record_dtype",
    "sparse_features",
]
