"""Triad's trainer for learned evaluations (docs/evaluation.md, "Training").

It reads triad-datagen data files (data.py), trains a small NNUE-style network on them with
PyTorch (model.py, train.py) and writes the quantised net file the engine loads (net_file.py);
the formats, the features, the layouts and the symmetries are the C++ library's, through
`import triad` (triad.learn).
The command is `training/triad-train`.
"""
