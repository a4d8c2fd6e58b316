"""triad-plot: the chart of triad-train's loss curves has a line in each run's colour, its title
and names are plain text, and bad curve files and flags are one error line each with nothing
written."""
import os
import subprocess
import sys

import matplotlib.image
import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from triad_train import plot  # noqa: E402

COMMAND = os.path.join(os.path.dirname(__file__), "..", "triad-plot")


def write_curve(path, rows):
    path.write_text(plot.HEADER + "\n" + "".join("%d,%s,%s,0.002\n" % r for r in rows))
    return str(path)


def pixels_of(image, colour):
    """How many pixels of `image` (RGBA floats) have the colour '#rrggbb'."""
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)]) / 255.0
    return int(np.sum(np.all(np.abs(image[:, :, :3] - rgb) < 0.02, axis=2)))


def test_each_run_is_drawn_in_its_colour(tmp_path):
    first = write_curve(tmp_path / "first.nnue.csv", [(1, 0.036, 0.034), (2, 0.030, 0.033)])
    out = tmp_path / "loss.png"
    done = subprocess.run([COMMAND, "-csv", first, "-out", str(out)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    one = matplotlib.image.imread(str(out))
    assert one.shape[:2] == (450, 800)
    assert pixels_of(one, plot.COLOURS[0]) > 100
    assert pixels_of(one, plot.COLOURS[1]) == 0

    second = write_curve(tmp_path / "second.csv",
                         [(1, 0.035, 0.0335), (2, 0.029, 0.0325), (3, 0.028, 0.032)])
    assert plot.main(["-csv", first, second, "-label", "a", "b", "-out", str(out)]) == 0
    two = matplotlib.image.imread(str(out))
    assert pixels_of(two, plot.COLOURS[0]) > 100
    assert pixels_of(two, plot.COLOURS[1]) > 100
    assert not os.path.exists(str(out) + ".tmp")


def test_the_title_and_names_are_plain_text(tmp_path):
    # Text that matplotlib's TeX reader cannot parse (an unfinished fraction, a lone
    # superscript) is drawn as written.
    good = write_curve(tmp_path / "good.csv", [(1, 0.036, 0.034)])
    out = tmp_path / "tex.png"
    done = subprocess.run([COMMAND, "-csv", good, "-out", str(out), "-title", r"$\frac{$",
                           "-label", "$x^$"], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("content, why", [
    ("", "line 1 is not triad-train's header"),
    ("epoch,loss\n1,0.1\n", "line 1 is not triad-train's header"),
    (plot.HEADER + "\n", "no epoch"),
    (plot.HEADER + "\n1,0.1,x,0.002\n", "line 2 is not"),
    (plot.HEADER + "\n1,0.1,0.2\n", "line 2 is not"),
    (plot.HEADER + "\n1,0.1,0.2,0.002\n3,0.1,0.2,0.002\n", "line 3: epoch 3"),
    (plot.HEADER + "\n1,nan,0.2,0.002\n", "line 2: epoch 1 with losses nan"),
    ("\xff\xfe", "not text"),
])
def test_a_bad_curve_file_is_one_error_and_nothing_is_written(tmp_path, capsys, content, why):
    bad = tmp_path / "bad.csv"
    bad.write_bytes(content.encode("latin-1"))
    out = tmp_path / "loss.png"
    assert plot.main(["-csv", str(bad), "-out", str(out)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("triad-plot: error: curve file '%s': " % bad), error
    assert why in error and error.count("\n") == 1, error
    assert not out.exists()


def test_files_and_flags_that_cannot_be_used(tmp_path, capsys):
    good = write_curve(tmp_path / "good.csv", [(1, 0.036, 0.034)])
    huge = tmp_path / "huge.csv"
    huge.write_bytes(b"0" * (plot.MAX_BYTES + 1))
    folder = tmp_path / "folder.png"
    folder.mkdir()
    cases = [
        (["-csv", str(tmp_path / "none.csv"), "-out", "x.png"], "No such file"),
        (["-csv", str(tmp_path), "-out", "x.png"], "not a regular file"),
        (["-csv", str(huge), "-out", "x.png"], "more than a curve file's"),
        (["-csv", good, "-out", str(folder)], "is not a regular file (not replaced)"),
        (["-csv", good, good, "-label", "one", "-out", "x.png"], "one name per -csv file"),
        (["-csv", good], "required"),
        (["-csv"] + [good] * 8 + ["-out", "x.png"], "at most 7 curve files"),
    ]
    for argv, why in cases:
        assert plot.main(argv) == 2, argv
        error = capsys.readouterr().err
        assert error.startswith("triad-plot: error: ") and why in error, (argv, error)
    assert folder.is_dir() and not os.listdir(folder)
