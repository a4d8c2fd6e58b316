"""triad-train: trains a net on triad-datagen data files and writes the quantised net file.

    training/triad-train -data razzle.bin -out razzle.nnue [-epochs 20] [-hidden 128] ...

Each epoch goes once over the training positions in a new random order (seeded), with the
learning rate -lr times -lrdecay to the power of the epochs before it, then measures the loss
on the validation games (whole games, set aside by a fixed hash of the game index). After
every epoch the state is saved to OUT.ckpt (atomically): the same command continues from the
last finished epoch after a stop; OUT.csv gets each epoch's losses, and at the end
OUT.calibration.csv the trained net's calibration on the validation games (calibration.py),
whose draw rate goes into the net for the engine's win/draw/loss estimate. The loss is the squared
error of the predicted expected score sigmoid(y) against a blend of the search's verdict
sigmoid(score / scale) (weight -lambda) and the game's result (1 win, 0.5 draw, 0 loss).
`scale` is fitted to the data first: the engine points at which sigmoid(score / scale) best
predicts the results (so the net's score is a calibrated win probability too). Where the
rules are symmetric (triad.learn.mirror) each batch is followed by its positions' left-right
mirror images, with the same scores and results (-mirror).

    training/triad-train convert OLD.nnue NEW.nnue

writes a net of an older net format version (1, before the architecture hash) in the current
one, its weights unchanged.

    training/triad-train wdl DATA [DATA ...]

fits the win/draw/loss model of the searches' own scores in data files of any game (a net's
scale and draw rate, fitted the same way): the classical evaluations' per-game models
(adapters/<game>/descriptor.cpp, docs/evaluation.md "Win, draw and loss").

Every flag is checked (numbers finite and in range) and every output's folder is tried with a
file of its own before the data is read: a bad command line is one error line, exit status
2. A loss that is not finite (a diverged training) stops the run with one error line and exit
status 1, before that epoch's checkpoint is saved.
"""
import argparse
import math
import os
import sys
import tempfile
import time
from typing import Any, Callable, List, NoReturn, Optional, Tuple

import numpy as np

from triad import learn
from triad_train import calibration
from triad_train import data as dt
from triad_train import model as md
from triad_train import net_file


class UsageError(Exception):
    pass


class TrainingFailed(Exception):
    """The run started and cannot go on (a loss that is not finite)."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def parse_args(argv: List[str]) -> argparse.Namespace:
    p = Parser(prog="triad-train", prefix_chars="-",
               description="Train a learned evaluation on triad-datagen data files.")
    p.add_argument("-data", "--data", nargs="+", required=True, help="data files (one game)")
    p.add_argument("-out", "--out", required=True, help="the net file to write")
    p.add_argument("-epochs", "--epochs", type=int, default=20)
    p.add_argument("-hidden", "--hidden", type=int, default=128,
                   help="first-layer width (1..%d, the engine's widest)" % net_file.MAX_HIDDEN)
    p.add_argument("-batch", "--batch", type=int, default=1024)
    # The real numbers are read by real_flag (finite and in range, the text quoted if not).
    p.add_argument("-lr", "--lr", default="0.002", help="Adam's learning rate")
    p.add_argument("-lrdecay", "--lrdecay", default="1",
                   help="the learning rate's factor per epoch (epoch k: lr * lrdecay^(k-1))")
    p.add_argument("-lambda", "--lambda", dest="blend", default="0.7",
                   help="weight of the search score in the target (1 - it: the result)")
    p.add_argument("-validation", "--validation", default="0.1",
                   help="fraction of the games set aside")
    p.add_argument("-seed", "--seed", type=int, default=1)
    p.add_argument("-threads", "--threads", type=int, default=0, help="0: all cores")
    p.add_argument("-mirror", "--mirror", choices=["on", "off"],
                   help="also train on each position's left-right mirror image (default: on "
                        "for variants whose rules are symmetric)")
    p.add_argument("-quiet", "--quiet", action="store_true")
    a = p.parse_args(argv)
    for flag, low, high, why in (("-epochs", 1, 100000, ""),
                                 ("-hidden", 1, net_file.MAX_HIDDEN,
                                  " (the widest first layer the engine reads)"),
                                 ("-batch", 1, 1 << 20, ""), ("-seed", 0, (1 << 63) - 1, ""),
                                 ("-threads", 0, 1024, "")):
        value = getattr(a, flag[1:])
        if not low <= value <= high:
            raise UsageError("%s '%d' must be %d..%d%s" % (flag, value, low, high, why))
    # Above 1 Adam moves a weight by more than half its range in a step (and PyTorch fails
    # beyond float32's range).
    a.lr = real_flag("-lr", a.lr, lambda v: 0 < v <= 1, "above 0 and at most 1")
    a.lrdecay = real_flag("-lrdecay", a.lrdecay, lambda v: 0 < v <= 1, "above 0 and at most 1")
    a.blend = real_flag("-lambda", a.blend, lambda v: 0 <= v <= 1, "from 0 to 1")
    a.validation = real_flag("-validation", a.validation, lambda v: 0 < v < 1,
                             "between 0 and 1 (both excluded)")
    return a


def real_flag(flag: str, text: str, fits: Callable[[float], bool], range_words: str) -> float:
    """The real number `text` of `flag`: finite and fits(value), else one UsageError."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not fits(value):
        raise UsageError("%s '%s' must be a finite number %s" % (flag, text, range_words))
    return value


def check_outputs(out: str) -> None:
    """Refuses, before any work, outputs that could not be written at the end of an epoch or
    of the run: a name that is not a regular file (the net, OUT.ckpt, OUT.csv,
    OUT.calibration.csv and their temporary files), and a folder where no file can be made
    (missing, not a folder, read-only: tried with a temporary file of its own)."""
    if not os.path.basename(out):
        raise UsageError("-out '%s' names a folder, not a net file" % out)
    for path in (out, out + ".ckpt", out + ".csv", out + ".calibration.csv"):
        for name in (path, path + ".tmp") if path != out else (path,):
            if os.path.lexists(name) and not os.path.isfile(name):
                raise UsageError("'%s' is not a regular file (not replaced)" % name)
    folder = os.path.dirname(os.path.abspath(out))
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".triad-train-")
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        raise UsageError("-out '%s': no file can be written in folder '%s': %s"
                         % (out, folder, e.strerror))


def write_curve(path: str, history: List[Any]) -> None:
    """OUT.csv: a row per finished epoch, rewritten whole (atomically) after each one, so a
    resumed run's file is an uninterrupted run's."""
    with open(path + ".tmp", "w") as f:
        f.write("epoch,training_loss,validation_loss,learning_rate\n")
        for h in history:
            f.write("%d,%.6f,%.6f,%.6g\n" % (h["epoch"], h["train"], h["validation"], h["lr"]))
    os.replace(path + ".tmp", path)


def fit_scale(scores: np.ndarray, results: np.ndarray) -> int:
    """The scale (engine points) at which sigmoid(score / scale) has the least log loss
    against the results: a golden-section search over 10..10000, in log space."""
    target = (results.astype(np.float64) + 1.0) / 2.0
    s = scores.astype(np.float64)

    def loss(log_k: float) -> float:
        p = 1.0 / (1.0 + np.exp(-s / math.exp(log_k)))
        p = np.clip(p, 1e-9, 1 - 1e-9)
        return -np.mean(target * np.log(p) + (1 - target) * np.log(1 - p))

    lo, hi = math.log(10.0), math.log(10000.0)
    g = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if loss(a) < loss(b):
            hi = b
        else:
            lo = a
    return int(round(math.exp((lo + hi) / 2)))


class Dataset:
    """The positions of the files, split into training and validation positions by game.
    Only the scores, results and game indices are held in memory (a few bytes a position);
    the boards are read from the memory-mapped files batch by batch and turned into the
    indices of their on inputs there (a position is numbered by its place in the files, one
    file after the other)."""

    def __init__(self, files: List[dt.DataFile], validation: float,
                 mirror: Optional[Any] = None) -> None:
        self.files = files
        self.mirror = mirror  # the mirror's permutation of the points (None: no mirror images)
        self.letters = files[0].letters
        self.points = files[0].points
        self.inputs = learn.feature_count(self.letters, self.points)
        sizes = [len(f.records) for f in files]
        self.starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
        self.scores = np.concatenate([f.records["score"] for f in files]).astype(np.float32)
        self.results = np.concatenate([f.records["result"] for f in files]).astype(np.float32)
        # Game indices restart in each file: the file's number keeps them apart.
        games = np.concatenate([f.records["game"].astype(np.uint64) + np.uint64(i << 32)
                                for i, f in enumerate(files)])
        held_out = dt.is_validation(games, validation)
        self.val = np.nonzero(held_out)[0]
        self.train = np.nonzero(~held_out)[0]

    def boards(self, index: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """The boards (as written) and sides to move of the positions `index` (ascending)."""
        boards, sides = [], []
        for f, start, end in zip(self.files, self.starts[:-1], self.starts[1:]):
            lo, hi = np.searchsorted(index, [start, end])
            if lo < hi:
                rows = f.records[index[lo:hi] - start]
                boards.append(rows["board"])
                sides.append(rows["side"])
        return np.concatenate(boards), np.concatenate(sides)

    def batch(self, index: np.ndarray, torch: Any, mirrored: bool = False) -> Tuple[Any, ...]:
        """The inputs, scores and results of the positions `index`, followed by their mirror
        images (same scores and results) if `mirrored`."""
        boards, sides = self.boards(index)
        scores, results = self.scores[index], self.results[index]
        if mirrored:
            scores, results = np.tile(scores, 2), np.tile(results, 2)
        indices, offsets = dt.sparse_inputs(boards, sides, self.letters,
                                            self.mirror if mirrored else None)
        return (torch.from_numpy(indices), torch.from_numpy(offsets), torch.from_numpy(scores),
                torch.from_numpy(results))


def mirror_of(files: List[dt.DataFile], wanted: str) -> Optional[Any]:
    """The mirror permutation to train with (None: none): -mirror on refuses a variant whose
    rules are not known to be symmetric; by default the mirror is used where they are."""
    if wanted == "off":
        return None
    perms = [learn.mirror(f.header["game"], f.header["variant"], f.points) for f in files]
    for f, perm in zip(files, perms):
        if perm is None:
            if wanted == "on":
                raise UsageError("-mirror on: data file '%s' holds variant '%s', whose rules are "
                                 "not known to be the same on the mirrored board (docs/"
                                 "evaluation.md \"Mirror images\")" % (f.path, f.header["variant"]))
            return None
    return perms[0]


def run(argv: List[str]) -> int:
    args = parse_args(argv)
    check_outputs(args.out)
    files = dt.open_data(args.data)
    import torch  # late: a bad command line is refused without the second it takes

    if args.threads:
        torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    mirror = mirror_of(files, args.mirror)
    data = Dataset(files, args.validation, mirror)
    if len(data.train) == 0 or len(data.val) == 0:
        raise dt.DataError("too few games for a validation split: %d positions for training, "
                           "%d for validation" % (len(data.train), len(data.val)))
    header = files[0].header
    scale = fit_scale(data.scores[data.train], data.results[data.train])
    net = md.Network(data.inputs, args.hidden)
    optimiser = torch.optim.Adam(net.parameters(), lr=args.lr)
    checkpoint, curve = args.out + ".ckpt", args.out + ".csv"
    calibration_file = args.out + ".calibration.csv"
    history, start_epoch = [], 0
    settings = {"data": [os.path.abspath(p) for p in args.data], "hidden": args.hidden,
                "batch": args.batch, "lr": args.lr, "lrdecay": args.lrdecay, "blend": args.blend,
                "validation": args.validation, "seed": args.seed, "mirror": mirror is not None}
    if os.path.exists(checkpoint):
        try:
            state = torch.load(checkpoint)
            made_with = state["settings"]
        except Exception:
            raise UsageError("checkpoint '%s' is damaged or not a triad-train checkpoint; "
                             "remove it to start afresh" % checkpoint)
        if made_with != settings:
            raise UsageError("checkpoint '%s' was made with other settings; remove it to start "
                             "afresh" % checkpoint)
        try:
            net.load_state_dict(state["net"])
            optimiser.load_state_dict(state["optimiser"])
        except (KeyError, RuntimeError, ValueError):
            raise UsageError("checkpoint '%s' holds a network of another form (an older "
                             "triad-train's); remove it to start afresh" % checkpoint)
        history, start_epoch, scale = state["history"], state["epoch"], state["scale"]
        print("resumed from %s after epoch %d" % (checkpoint, start_epoch), flush=True)
    print("%s (%s): %d positions for training%s, %d for validation, %d inputs, scale %d"
          % (header["game"], header["variant"], len(data.train),
             " and their mirror images" if mirror is not None else "", len(data.val),
             data.inputs, scale), flush=True)

    def predicted(index: np.ndarray) -> np.ndarray:
        """The net's expected scores sigmoid(y) of the positions `index` (as played)."""
        indices, offsets, _, _ = data.batch(index, torch)
        return torch.sigmoid(net(indices, offsets)).numpy()

    def loss_of(index: np.ndarray, mirrored: bool = False) -> Any:
        indices, offsets, score, result = data.batch(index, torch, mirrored)
        target = args.blend * torch.sigmoid(score / scale) + (1 - args.blend) * (result + 1) / 2
        return torch.mean((torch.sigmoid(net(indices, offsets)) - target) ** 2)

    rng = np.random.default_rng(args.seed)
    for _ in range(start_epoch):  # the same orders as an uninterrupted run
        rng.permutation(len(data.train))
    for epoch in range(start_epoch, args.epochs):
        began = time.time()
        lr = args.lr * args.lrdecay ** epoch
        for group in optimiser.param_groups:
            group["lr"] = lr
        order = data.train[rng.permutation(len(data.train))]
        total = 0.0
        net.train()
        for at in range(0, len(order), args.batch):
            index = np.sort(order[at:at + args.batch])
            loss = loss_of(index, mirror is not None)
            finite_loss(float(loss), "training", epoch, checkpoint)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            net.clip()
            total += float(loss) * len(index)
        net.eval()
        with torch.no_grad():
            val = sum(float(loss_of(data.val[at:at + 8192])) * len(data.val[at:at + 8192])
                      for at in range(0, len(data.val), 8192)) / len(data.val)
        finite_loss(val, "validation", epoch, checkpoint)
        seconds = time.time() - began
        history.append({"epoch": epoch + 1, "train": total / len(order), "validation": val,
                        "lr": lr, "seconds": seconds})
        print("epoch %d: training loss %.6f, validation loss %.6f (%.1f s, %.0f positions/s)"
              % (epoch + 1, total / len(order), val, seconds, len(order) / max(seconds, 1e-9)),
              flush=True)
        state = {"settings": settings, "net": net.state_dict(), "optimiser": optimiser.state_dict(),
                 "history": history, "epoch": epoch + 1, "scale": scale}
        torch.save(state, checkpoint + ".tmp")
        os.replace(checkpoint + ".tmp", checkpoint)
        write_curve(curve, history)
    net.eval()
    with torch.no_grad():
        p = np.concatenate([predicted(data.val[at:at + 8192])
                            for at in range(0, len(data.val), 8192)])
    rows = calibration.table(p, data.results[data.val])
    calibration.write_csv(calibration_file, rows)
    print(calibration.text(rows), flush=True)
    draws = calibration.draw_permille(p, data.results[data.val])
    print("draw rate at expected score 0.5: %.1f %%" % (draws / 10), flush=True)
    meta = {"game": header["game"], "variant": header["variant"], "letters": data.letters,
            "points": data.points, "qa": md.QA, "qb": md.QB, "scale": scale,
            "positions": len(data.train), "draw_permille": draws}
    try:
        weights = md.quantise(net)
    except md.QuantiseError as e:
        raise TrainingFailed("%s; no net written" % e)
    net_file.write(args.out, meta, weights)
    print("net %s: %d inputs, %d hidden, %d bytes"
          % (args.out, data.inputs, args.hidden, os.path.getsize(args.out)), flush=True)
    return 0


def finite_loss(value: float, which: str, epoch: int, checkpoint: str) -> None:
    """Stops the run (TrainingFailed) on a loss that is not finite, saying what was kept."""
    if math.isfinite(value):
        return
    kept = ("'%s' keeps epoch %d" % (checkpoint, epoch) if epoch > 0 else "nothing was written")
    raise TrainingFailed("epoch %d: the %s loss is %s: the training diverged (try a lower -lr); "
                         "stopped, %s" % (epoch + 1, which, value, kept))


def convert(argv: List[str]) -> int:
    """triad-train convert OLD NEW: the net OLD (any format version this build reads, 1
    included) written to NEW in the current version, its weights unchanged."""
    if len(argv) != 2:
        raise UsageError("convert takes the net file to read and the net file to write")
    meta, weights = net_file.read(argv[0], convert=True)
    net_file.write(argv[1], meta, weights)
    print("net %s: written in the current format (architecture hash %08x)"
          % (argv[1], learn.architecture_hash(meta["letters"], meta["points"],
                                              weights[0].shape[1])), flush=True)
    return 0


def fit_wdl(argv: List[str]) -> int:
    """triad-train wdl DATA...: the scale at which sigmoid(score / scale) best predicts the
    games' results (fit_scale), and the draw rate of state/wdl.h's model with that scale
    (calibration.draw_permille), over every position of the files."""
    if not argv:
        raise UsageError("wdl takes one or more data files")
    files = dt.open_data(argv, features=False)
    scores = np.concatenate([f.records["score"] for f in files]).astype(np.float64)
    results = np.concatenate([f.records["result"] for f in files]).astype(np.float64)
    games = sum(len(np.unique(f.records["game"])) for f in files)
    scale = fit_scale(scores, results)
    expected = 1.0 / (1.0 + np.exp(-np.clip(scores / scale, -500, 500)))  # mates: 0 or 1
    draws = calibration.draw_permille(expected, results)
    print("%s: scale %d, draw rate %d permille (%d positions of %d games)"
          % (files[0].header["game"], scale, draws, len(scores), games), flush=True)
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv[:1] == ["convert"]:
            return convert(argv[1:])
        if argv[:1] == ["wdl"]:
            return fit_wdl(argv[1:])
        return run(argv)
    except (UsageError, dt.DataError, net_file.NetError) as e:
        print("triad-train: error: %s" % e, file=sys.stderr)
        return 2
    except TrainingFailed as e:
        print("triad-train: error: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("triad-train: stopped (the last finished epoch is in the checkpoint)",
              file=sys.stderr)
        return 130
