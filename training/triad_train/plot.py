"""triad-plot: draws the loss curves that triad-train writes (OUT.csv, a row per epoch) as
one PNG chart, for the docs and for comparing runs.

    training/triad-plot -csv razzle1.nnue.csv razzle.nnue.csv -out loss.png [-title TEXT]

Each file is one run: its validation loss as a solid line, its training loss dashed, in one
colour per run, named by the file (without `.csv`) or by -label; the title and the names are
plain text (matplotlib reads no TeX in them: `$` is a dollar sign). The PNG is written
atomically (never over a folder or device). A file that is not a regular file, too large,
or not in triad-train's form is one error line naming the file, the line and why.
"""
import argparse
import math
import os
import sys
from typing import List, NoReturn, Optional, Tuple

import matplotlib

matplotlib.use("Agg")  # no display: files only
import matplotlib.pyplot as plt  # noqa: E402

from triad_train import files  # noqa: E402

HEADER = "epoch,training_loss,validation_loss,learning_rate"
MAX_BYTES = 1 << 20  # a curve of 100 000 epochs is about 5 MB; real ones are a few hundred bytes
# One colour per run, in order (a colour-blind-safe palette).
COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"]


Curve = Tuple[List[int], List[float], List[float]]  # epochs, training and validation losses


class PlotError(Exception):
    """A bad flag or curve file: the message says which and why."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise PlotError(message)


def parse_args(argv: List[str]) -> argparse.Namespace:
    p = Parser(prog="triad-plot", description="Plot triad-train's loss curves (OUT.csv) as a PNG.")
    p.add_argument("-csv", "--csv", nargs="+", required=True, help="curve files of triad-train")
    p.add_argument("-out", "--out", required=True, help="the PNG file to write")
    p.add_argument("-label", "--label", nargs="+", help="a name per curve file (default: its name)")
    p.add_argument("-title", "--title", default="Loss per epoch")
    a = p.parse_args(argv)
    if len(a.csv) > len(COLOURS):
        raise PlotError("at most %d curve files in one chart" % len(COLOURS))
    if a.label is not None and len(a.label) != len(a.csv):
        raise PlotError("-label needs one name per -csv file (%d files, %d names)"
                        % (len(a.csv), len(a.label)))
    return a


def read_curve(path: str) -> Curve:
    """The epochs, training and validation losses of one triad-train curve file."""
    what = "curve file '%s'" % path
    st = files.regular_file(path, what, PlotError)
    if st.st_size > MAX_BYTES:
        raise PlotError("%s: %d bytes, more than a curve file's %d" % (what, st.st_size, MAX_BYTES))
    with open(path, "rb") as f:
        try:
            lines = f.read().decode("ascii").splitlines()
        except UnicodeDecodeError:
            raise PlotError("%s: not text (triad-train's OUT.csv is ASCII)" % what)
    if not lines or lines[0] != HEADER:
        raise PlotError("%s: line 1 is not triad-train's header '%s'" % (what, HEADER))
    epochs: List[int] = []
    training: List[float] = []
    validation: List[float] = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split(",")
        try:
            if len(fields) != 4:
                raise ValueError
            epoch, train_loss, val_loss = int(fields[0]), float(fields[1]), float(fields[2])
        except ValueError:
            raise PlotError("%s: line %d is not 'epoch,training,validation,rate' numbers"
                            % (what, number))
        losses_valid = all(math.isfinite(x) and x >= 0 for x in (train_loss, val_loss))
        if epoch != len(epochs) + 1 or not losses_valid:
            raise PlotError("%s: line %d: epoch %d with losses %s, %s (epochs count from 1, losses "
                            "are finite and not negative)"
                            % (what, number, epoch, fields[1][:20], fields[2][:20]))
        epochs.append(epoch)
        training.append(train_loss)
        validation.append(val_loss)
    if not epochs:
        raise PlotError("%s: no epoch (the header alone)" % what)
    return epochs, training, validation


def draw(curves: List[Curve], labels: List[str], title: str, out: str) -> None:
    """Writes the chart of `curves` (read_curve's tuples) to `out`, atomically."""
    if os.path.lexists(out) and not os.path.isfile(out):
        raise PlotError("'%s' is not a regular file (not replaced)" % out)
    figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
    for (epochs, training, validation), label, colour in zip(curves, labels, COLOURS):
        axes.plot(epochs, validation, color=colour, marker="o", label=label + " validation")
        axes.plot(epochs, training, color=colour, linestyle="--", label=label + " training")
    axes.set_xlabel("epoch")
    axes.set_ylabel("loss (squared error of the expected score)")
    axes.set_title(title, parse_math=False)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.grid(alpha=0.3)
    for text in axes.legend(fontsize="small").get_texts():
        text.set_parse_math(False)
    figure.tight_layout()
    temporary = out + ".tmp"
    try:
        figure.savefig(temporary, format="png")
        os.replace(temporary, out)
    except OSError as e:
        raise PlotError("cannot write '%s': %s" % (out, e.strerror))
    finally:
        plt.close(figure)
        if os.path.lexists(temporary):
            os.remove(temporary)


def run(argv: List[str]) -> int:
    a = parse_args(argv)
    curves = [read_curve(path) for path in a.csv]
    labels = a.label or [os.path.basename(p)[:-4] if p.endswith(".csv") else os.path.basename(p)
                         for p in a.csv]
    draw(curves, labels, a.title, a.out)
    print("triad-plot: %d curve%s in %s" % (len(curves), "" if len(curves) == 1 else "s", a.out))
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    try:
        return run(sys.argv[1:] if argv is None else argv)
    except PlotError as e:
        print("triad-plot: error: %s" % e, file=sys.stderr)
        return 2
