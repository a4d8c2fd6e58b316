"""The calibration of a net on the validation games (docs/evaluation.md "Calibration"): the
positions bucketed by the net's expected score sigmoid(y) in ten buckets of width 0.1 (the
last one includes 1), and for each bucket and for all positions the count, the mean
predicted score, the mean actual result ((result + 1) / 2: 1 win, 0.5 draw, 0 loss), the
share of draws and the log loss of the predictions against the results. A calibrated net's
mean predicted score is its mean result in every bucket. And the net's draw rate: the draws
per 1000 games at expected score 0.5 of the engine's win/draw/loss model, in which the draw
share at expected score E is rate * 2 min(E, 1 - E) (state/wdl.h)."""
import os
from typing import Any, Dict, List

import numpy as np
from numpy.typing import ArrayLike

Row = Dict[str, Any]  # one row of the table, COLUMNS' keys
BUCKETS = 10
COLUMNS = ["bucket", "low", "high", "positions", "predicted", "result", "draws", "log_loss"]
_EPSILON = 1e-12  # log loss of a prediction of exactly 0 or 1: finite


def log_loss(predicted: ArrayLike, actual: ArrayLike) -> float:
    p = np.clip(np.asarray(predicted, dtype=np.float64), _EPSILON, 1 - _EPSILON)
    a = np.asarray(actual, dtype=np.float64)
    return float(-np.mean(a * np.log(p) + (1 - a) * np.log(1 - p)))


def table(predicted: ArrayLike, results: ArrayLike) -> List[Row]:
    """The rows of the table (dicts with COLUMNS' keys): buckets 1..10, then "all". A bucket
    without positions has None for its means."""
    p = np.asarray(predicted, dtype=np.float64)
    r = np.asarray(results, dtype=np.float64)
    actual = (r + 1) / 2
    # Bucket b holds b / 10 <= p < (b + 1) / 10 (the last one p = 1 too).
    bucket = np.minimum(np.searchsorted(np.arange(1, BUCKETS) / BUCKETS, p, side="right"),
                        BUCKETS - 1)

    def row(name: str, low: float, high: float, chosen: np.ndarray) -> Row:
        n = int(chosen.sum())
        out = {"bucket": name, "low": low, "high": high, "positions": n, "predicted": None,
               "result": None, "draws": None, "log_loss": None}
        if n:
            out.update(predicted=float(p[chosen].mean()), result=float(actual[chosen].mean()),
                       draws=float((r[chosen] == 0).mean()),
                       log_loss=log_loss(p[chosen], actual[chosen]))
        return out

    rows = [row(str(b + 1), b / BUCKETS, (b + 1) / BUCKETS, bucket == b) for b in range(BUCKETS)]
    rows.append(row("all", 0.0, 1.0, np.ones(len(p), dtype=bool)))
    return rows


def draw_permille(predicted: ArrayLike, results: ArrayLike) -> int:
    """The draw rate (0..1000) at which the model's expected number of draws on these
    positions is the number of drawn positions among them."""
    p = np.asarray(predicted, dtype=np.float64)
    weight = float(np.sum(2 * np.minimum(p, 1 - p)))
    draws = int(np.sum(np.asarray(results) == 0))
    if weight <= 0:
        return 0
    return int(min(1000, round(1000 * draws / weight)))


def write_csv(path: str, rows: List[Row]) -> None:
    """OUT.calibration.csv, written whole (atomically); the means of an empty bucket empty."""

    def cell(v: Any) -> str:
        return "" if v is None else ("%.6f" % v if isinstance(v, float) else str(v))

    with open(path + ".tmp", "w") as f:
        f.write(",".join(COLUMNS) + "\n")
        for r in rows:
            f.write(",".join(cell(r[c]) if c not in ("low", "high") else "%.1f" % r[c]
                             for c in COLUMNS) + "\n")
    os.replace(path + ".tmp", path)


def text(rows: List[Row]) -> str:
    """The table as printed after training."""
    lines = ["calibration on %d validation positions (log loss %.4f):"
             % (rows[-1]["positions"], rows[-1]["log_loss"] or 0.0),
             "  expected score  positions  predicted  result  draws  log loss"]
    for r in rows:
        name = "all" if r["bucket"] == "all" else "%.1f-%.1f" % (r["low"], r["high"])
        if r["positions"] == 0:
            lines.append("  %-14s  %9d" % (name, 0))
        else:
            lines.append("  %-14s  %9d  %9.3f  %6.3f  %4.1f %%  %8.4f"
                         % (name, r["positions"], r["predicted"], r["result"], 100 * r["draws"],
                            r["log_loss"]))
    return "\n".join(lines)
