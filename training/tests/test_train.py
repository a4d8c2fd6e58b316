"""triad-train on tiny data made by triad-datagen: the loss falls, the net file reads back
with integer evaluations close to the float net's, a stopped training resumes to the same
net, the calibration table is the trained net's on the validation games, and bad data files,
bad flags and damaged net files each get one clear error; `triad-train wdl` fits the win/draw/loss
model of any game's data."""
import csv
import os
import subprocess
import sys

import numpy as np
import pytest
import torch
import triad  # the module of python/, from the build: PYTHONPATH
from triad import learn

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from triad_train import calibration  # noqa: E402
from triad_train import data as dt  # noqa: E402
from triad_train import model as md  # noqa: E402
from triad_train import net_file  # noqa: E402
from triad_train.train import Dataset, fit_scale, main  # noqa: E402

DATAGEN = os.environ.get("TRIAD_DATAGEN", "triad-datagen")


def make_data(path, variant, games, *more):
    subprocess.run([DATAGEN, "-variant", variant, "-games", str(games), "-nodes", "300",
                    "-quiet", "-output", str(path), *more], check=True, capture_output=True,
                   timeout=120)


@pytest.fixture(scope="module")
def razzle(tmp_path_factory):
    path = tmp_path_factory.mktemp("data") / "razzle.bin"
    make_data(path, "razzledazzle", 40)
    return path


@pytest.fixture(scope="module")
def ives(tmp_path_factory):
    path = tmp_path_factory.mktemp("data") / "ives.bin"
    make_data(path, "ivesdama", 4)
    return path


def train(capsys, *args):
    code = main([str(a) for a in args] + ["-threads", "1", "-quiet"])
    out, err = capsys.readouterr()
    return code, out, err


def losses(out, which):
    return [float(line.split(which + " loss ")[1].split(",")[0].split()[0])
            for line in out.splitlines() if line.startswith("epoch ")]


def test_the_loss_falls_and_the_net_reads_back(razzle, tmp_path, capsys):
    net_path = tmp_path / "r.nnue"
    code, out, err = train(capsys, "-data", razzle, "-out", net_path, "-epochs", 8,
                           "-hidden", 16, "-batch", 64)
    assert code == 0, err
    training, validation = losses(out, "training"), losses(out, "validation")
    assert len(training) == 8 and len(validation) == 8
    # On so little data the net learns its training games (and overfits the others: a
    # validation loss that falls would need far more data than a test should make).
    assert training[-1] < 0.9 * training[0], out
    meta, weights = net_file.read(str(net_path))
    assert (meta["game"], meta["variant"], meta["letters"], meta["points"]) == \
        ("razzledazzle", "razzledazzle", "PBX", 56)
    assert weights[0].shape == (336, 16) and weights[2].shape == (32,)
    # The integer evaluation (what the engine computes) follows the float net's within the
    # rounding of the weights: about one per cent of the scale.
    state = torch.load(str(net_path) + ".ckpt")
    net = md.Network(336, 16)
    net.load_state_dict(state["net"])
    records = dt.DataFile(str(razzle)).records[:200]
    indices, offsets = dt.sparse_inputs(records["board"], records["side"], "PBX")
    with torch.no_grad():
        y = net(torch.from_numpy(indices), torch.from_numpy(offsets)).numpy()
    for i, record in enumerate(records):
        mover, other = dt.active_features(record["board"], record["side"], "PBX")
        got = md.integer_eval(weights, mover, other, meta["scale"])
        assert abs(got - y[i] * meta["scale"]) <= 0.02 * meta["scale"] + 2, i
    # The last validation loss printed is the loss of the saved net on the held-out games
    # (a tenth of the games, by the hash of their index): the squared error of sigmoid(y)
    # against 0.7 sigmoid(score / scale) + 0.3 (result + 1) / 2.
    records = dt.DataFile(str(razzle)).records
    held = records[dt.is_validation(records["game"], 0.1)]
    assert 0 < len(held) < len(records) / 4
    indices, offsets = dt.sparse_inputs(held["board"], held["side"], "PBX")
    with torch.no_grad():
        p = torch.sigmoid(net(torch.from_numpy(indices), torch.from_numpy(offsets))).numpy()
    score, result = held["score"].astype(np.float64), held["result"].astype(np.float64)
    target = 0.7 / (1 + np.exp(-score / state["scale"])) + 0.3 * (result + 1) / 2
    assert abs(np.mean((p - target) ** 2) - validation[-1]) < 2e-6, out


def curve(net):
    with open(str(net) + ".csv") as f:
        return list(csv.reader(f))


def test_a_stopped_training_resumes_to_the_same_net(razzle, tmp_path, capsys):
    whole, part = tmp_path / "whole.nnue", tmp_path / "part.nnue"
    common = ["-data", razzle, "-hidden", 8, "-lr", 0.004, "-lrdecay", 0.5]
    code, out, _ = train(capsys, *common, "-out", whole, "-epochs", 4)
    assert code == 0
    assert train(capsys, *common, "-out", part, "-epochs", 2)[0] == 0
    assert len(curve(part)) == 3
    code, out_part, _ = train(capsys, *common, "-out", part, "-epochs", 4)
    assert code == 0 and "resumed from" in out_part and "after epoch 2" in out_part
    assert whole.read_bytes() == part.read_bytes()
    # OUT.csv: a header and a row per epoch, the losses printed, the learning rate halved
    # each epoch; a resumed run's is an uninterrupted run's.
    rows = curve(whole)
    assert rows[0] == ["epoch", "training_loss", "validation_loss", "learning_rate"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4"]
    assert [float(r[1]) for r in rows[1:]] == losses(out, "training")
    assert [float(r[2]) for r in rows[1:]] == losses(out, "validation")
    assert [float(r[3]) for r in rows[1:]] == [0.004, 0.002, 0.001, 0.0005]
    assert curve(part) == rows
    # Another decay is other settings.
    code, _, err = train(capsys, *common[:-1], 0.9, "-out", part, "-epochs", 5)
    assert code == 2 and "other settings" in err
    # Other settings with the checkpoint: refused, nothing overwritten.
    code, _, err = train(capsys, "-data", razzle, "-hidden", 9, "-out", part, "-epochs", 4)
    assert code == 2 and "other settings" in err
    # A checkpoint of the first trainer's network form (a dense first layer, as Linear
    # names its bias) and a damaged one: one error each.
    state = torch.load(str(part) + ".ckpt")
    state["net"]["first.bias"] = state["net"].pop("first_bias")
    torch.save(state, str(part) + ".ckpt")
    one_error(capsys, [*common, "-out", part, "-epochs", 5], "holds a network of another form")
    (tmp_path / "part.nnue.ckpt").write_bytes(b"PK\3\4 not a checkpoint")
    one_error(capsys, [*common, "-out", part, "-epochs", 5], "is damaged or not a triad-train")
    assert whole.read_bytes() == part.read_bytes()


def test_the_calibration_table_is_the_nets_on_the_validation_games(razzle, tmp_path, capsys):
    net_path = tmp_path / "c.nnue"
    code, out, err = train(capsys, "-data", razzle, "-out", net_path, "-epochs", 2,
                           "-hidden", 8, "-batch", 64)
    assert code == 0, err
    with open(str(net_path) + ".calibration.csv") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == calibration.COLUMNS
    assert [r["bucket"] for r in rows] == [str(b) for b in range(1, 11)] + ["all"]
    # The trained net's expected scores on the validation positions, from its checkpoint.
    state = torch.load(str(net_path) + ".ckpt")
    net = md.Network(336, 8)
    net.load_state_dict(state["net"])
    data = Dataset(dt.open_data([str(razzle)]), 0.1)
    indices, offsets, _, results = data.batch(data.val, torch)
    with torch.no_grad():
        p = torch.sigmoid(net(indices, offsets)).numpy().astype(np.float64)
    results = results.numpy().astype(np.float64)
    actual = (results + 1) / 2
    assert sum(int(r["positions"]) for r in rows[:-1]) == int(rows[-1]["positions"]) \
        == len(data.val) > 0
    filled = 0
    for b, r in enumerate(rows[:-1]):
        assert (float(r["low"]), float(r["high"])) == (b / 10, (b + 1) / 10)
        chosen = (p >= b / 10) & ((p < (b + 1) / 10) if b < 9 else (p <= 1))
        assert int(r["positions"]) == chosen.sum(), r
        if not chosen.any():
            assert r["predicted"] == r["result"] == r["draws"] == r["log_loss"] == ""
            continue
        filled += 1
        assert b / 10 <= float(r["predicted"]) <= (b + 1) / 10
        assert float(r["predicted"]) == pytest.approx(p[chosen].mean(), abs=1e-6)
        assert float(r["result"]) == pytest.approx(actual[chosen].mean(), abs=1e-6)
        assert float(r["draws"]) == pytest.approx((results[chosen] == 0).mean(), abs=1e-6)
    assert filled >= 2, rows  # a trained net's predictions spread over several buckets
    whole = -np.mean(actual * np.log(p) + (1 - actual) * np.log(1 - p))
    assert float(rows[-1]["log_loss"]) == pytest.approx(whole, abs=1e-6)
    assert float(rows[-1]["predicted"]) == pytest.approx(p.mean(), abs=1e-6)
    assert "calibration on %d validation positions (log loss %.4f)" % (len(p), whole) in out
    # The net carries the draw rate fitted on the same positions, for the engine's wdl.
    meta, _ = net_file.read(str(net_path))
    assert meta["draw_permille"] == calibration.draw_permille(p, results)
    assert "draw rate at expected score 0.5: %.1f %%" % (meta["draw_permille"] / 10) in out


def test_the_calibration_buckets_by_expected_score():
    # Edges belong to the bucket above them; 1 to the last bucket; predictions of exactly 0
    # and 1 have a finite log loss.
    rows = calibration.table([0.0, 0.05, 0.1, 0.95, 1.0], [-1, 0, 1, 1, 1])
    counts = [r["positions"] for r in rows]
    assert counts == [2, 1, 0, 0, 0, 0, 0, 0, 0, 2, 5]
    assert rows[0]["predicted"] == pytest.approx(0.025)
    assert rows[0]["result"] == pytest.approx(0.25) and rows[0]["draws"] == pytest.approx(0.5)
    assert rows[1]["result"] == 1.0 and rows[2]["predicted"] is None
    assert rows[-1]["draws"] == pytest.approx(0.2)
    assert 0 < rows[-1]["log_loss"] < 30
    assert rows[-1]["log_loss"] == pytest.approx(calibration.log_loss(
        [0.0, 0.05, 0.1, 0.95, 1.0], [0, 0.5, 1, 1, 1]))


def test_the_draw_rate_is_fitted_to_the_drawn_positions():
    # rate * sum(2 min(E, 1 - E)) is the number of draws: two of four even positions drawn is
    # half the games at an even score; a draw where E is 0.25 and 0.75 weighs half as much.
    assert calibration.draw_permille([0.5] * 4, [0, 0, 1, -1]) == 500
    assert calibration.draw_permille([0.25, 0.75, 0.25, 0.75], [0, 1, -1, 1]) == 500
    assert calibration.draw_permille([0.5, 0.9], [1, -1]) == 0
    assert calibration.draw_permille([0.1, 0.1], [0, 0]) == 1000  # capped: at most every game
    assert calibration.draw_permille([1.0, 0.0], [0, 0]) == 0  # certain predictions: no weight


def test_wdl_fits_the_scale_and_draw_rate_of_any_games_data(razzle, ives, tmp_path, capsys):
    # `triad-train wdl`: the classical evaluations' per-game models come from this (Yin Yang
    # has no learned evaluation, and no draws). The figures are the trainer's own fits.
    yy = tmp_path / "yy.bin"
    make_data(yy, "yinyang", 6)
    for path, game in ((razzle, "razzledazzle"), (ives, "ivesdama"), (yy, "yinyang")):
        assert main(["wdl", str(path)]) == 0
        out, err = capsys.readouterr()
        assert err == ""
        files = dt.open_data([str(path)], features=False)
        scores = files[0].records["score"].astype(np.float64)
        results = files[0].records["result"].astype(np.float64)
        scale = fit_scale(scores, results)
        draws = calibration.draw_permille(1 / (1 + np.exp(-np.clip(scores / scale, -500, 500))),
                                          results)
        assert out == "%s: scale %d, draw rate %d permille (%d positions of %d games)\n" % (
            game, scale, draws, len(scores), len(np.unique(files[0].records["game"])))
        assert 10 <= scale <= 10000
    assert main(["wdl", str(yy)]) == 0
    assert " draw rate 0 permille " in capsys.readouterr().out  # Yin Yang has no draws
    code = main(["wdl"])
    assert code == 2 and "wdl takes one or more data files" in capsys.readouterr().err


def one_error(capsys, args, what):
    code, out, err = train(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1 and what in err, err


def test_bad_data_files_get_one_error(razzle, ives, tmp_path, capsys):
    raw = razzle.read_bytes()
    out = tmp_path / "n.nnue"
    (tmp_path / "cut.bin").write_bytes(raw[:len(raw) // 2])
    one_error(capsys, ["-data", tmp_path / "cut.bin", "-out", out], "is truncated")
    (tmp_path / "foreign.bin").write_bytes(b"PK\3\4" + bytes(200))
    one_error(capsys, ["-data", tmp_path / "foreign.bin", "-out", out],
              "is not a triad-datagen data file")
    (tmp_path / "v3.bin").write_bytes(raw[:8] + (3).to_bytes(4, "little") + raw[12:])
    one_error(capsys, ["-data", tmp_path / "v3.bin", "-out", out],
              "has data format version 3; Triad reads versions 1 to 2")
    (tmp_path / "short.bin").write_bytes(raw[:100])
    one_error(capsys, ["-data", tmp_path / "short.bin", "-out", out],
              "is cut off inside its header (100 of 128 bytes)")
    one_error(capsys, ["-data", tmp_path, "-out", out], "not a regular file")
    one_error(capsys, ["-data", tmp_path / "missing.bin", "-out", out], "No such file")
    one_error(capsys, ["-data", razzle, ives, "-out", out], "game ivesdama with 25 points")
    yy = tmp_path / "yy.bin"
    make_data(yy, "yinyang", 2)
    one_error(capsys, ["-data", yy, "-out", out], "game 'yinyang' has no learned evaluation")
    assert not out.exists()


def test_bad_flags_get_one_error(razzle, tmp_path, capsys):
    out = tmp_path / "n.nnue"
    one_error(capsys, ["-data", razzle], "-out")
    one_error(capsys, ["-data", razzle, "-out", out, "-epochs", 0], "-epochs '0' must be 1..100000")
    one_error(capsys, ["-data", razzle, "-out", out, "-lambda", 2],
              "-lambda '2' must be a finite number from 0 to 1")
    one_error(capsys, ["-data", razzle, "-out", out, "-lrdecay", 0],
              "-lrdecay '0' must be a finite number above 0 and at most 1")
    one_error(capsys, ["-data", razzle, "-out", out, "-lrdecay", 1.5], "-lrdecay '1.5' must be")
    (tmp_path / "n.nnue.csv").mkdir()
    one_error(capsys, ["-data", razzle, "-out", out], "n.nnue.csv' is not a regular file")
    one_error(capsys, ["-data", razzle, "-out", out, "-hidden", "many"], "invalid int value")
    assert not out.exists()


@pytest.mark.parametrize("flag, why", [
    (["-lr", "nan"], "-lr 'nan' must be a finite number above 0 and at most 1"),
    (["-lr", "inf"], "-lr 'inf' must be a finite number above 0 and at most 1"),
    (["-lr", "1e400"], "-lr '1e400' must be"),
    (["-lr", "0"], "-lr '0' must be"),
    (["-lr", "1e6"], "-lr '1e6' must be"),
    (["-lr", "fast"], "-lr 'fast' must be"),
    (["-lrdecay", "nan"], "-lrdecay 'nan' must be a finite number above 0 and at most 1"),
    (["-lambda=-inf"], "-lambda '-inf' must be a finite number from 0 to 1"),
    (["-lambda", "nan"], "-lambda 'nan' must be"),
    (["-validation", "inf"], "-validation 'inf' must be a finite number between 0 and 1"),
    (["-validation", "1"], "-validation '1' must be"),
    (["-seed", "-1"], "-seed '-1' must be 0..9223372036854775807"),
    (["-batch", "0"], "-batch '0' must be 1..1048576"),
    # The engine's widest first layer (engine/nnue/network.h kMaxHidden) is the trainer's.
    (["-hidden", str(net_file.MAX_HIDDEN + 1)],
     "-hidden '1025' must be 1..1024 (the widest first layer the engine reads)"),
])
def test_every_number_flag_is_finite_and_in_range(razzle, tmp_path, capsys, flag, why):
    out = tmp_path / "n.nnue"
    code, stdout, err = train(capsys, "-data", razzle, "-out", out, "-epochs", 1, *flag)
    assert code == 2 and err.startswith("triad-train: error: " + why), err
    assert err.count("\n") == 1, err
    assert stdout == "" and list(tmp_path.iterdir()) == []


def test_outputs_that_cannot_be_written_are_refused_before_training(razzle, tmp_path, capsys):
    # Each is found before the data is read or an epoch trained: one error line, exit 2,
    # nothing printed or written.
    (tmp_path / "file").write_text("a file, not a folder")
    (tmp_path / "n.nnue.ckpt.tmp").mkdir()
    cases = [(tmp_path / "missing" / "n.nnue", "no file can be written in folder '%s': No such "
              "file or directory" % (tmp_path / "missing")),
             (tmp_path / "file" / "n.nnue", "Not a directory"),
             (str(tmp_path) + os.sep, "names a folder, not a net file"),
             (tmp_path / "n.nnue", "n.nnue.ckpt.tmp' is not a regular file (not replaced)")]
    for out, why in cases:
        code, stdout, err = train(capsys, "-data", razzle, "-out", out, "-epochs", 1)
        assert code == 2 and err.startswith("triad-train: error: ") and why in err, err
        assert err.count("\n") == 1 and stdout == "", (out, stdout)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "n.nnue.ckpt.tmp"]


def test_a_damaged_net_file_is_refused(razzle, tmp_path, capsys):
    good = tmp_path / "g.nnue"
    assert train(capsys, "-data", razzle, "-out", good, "-epochs", 1, "-hidden", 4)[0] == 0
    raw = bytearray(good.read_bytes())
    raw[200] ^= 1
    (tmp_path / "flip.nnue").write_bytes(bytes(raw))
    with pytest.raises(net_file.NetError, match="checksum mismatch"):
        net_file.read(str(tmp_path / "flip.nnue"))
    (tmp_path / "cut.nnue").write_bytes(bytes(raw[:-9]))
    with pytest.raises(net_file.NetError, match="truncated or damaged"):
        net_file.read(str(tmp_path / "cut.nnue"))
    (tmp_path / "v9.nnue").write_bytes(bytes(raw[:8]) + (9).to_bytes(4, "little") + bytes(raw[12:]))
    with pytest.raises(net_file.NetError, match="net format version 9"):
        net_file.read(str(tmp_path / "v9.nnue"))
    # A draw rate above every game, with a checksum that fits: a damaged header.
    meta, weights = net_file.read(str(good))
    drawn = dict(meta, draw_permille=1001)
    net_file.write(str(tmp_path / "drawn.nnue"), drawn, weights)
    with pytest.raises(net_file.NetError, match="damaged header"):
        net_file.read(str(tmp_path / "drawn.nnue"))
    # Bytes 120..123 hold the architecture hash of the net's layout, board and width: another
    # (a net made for another feature set or network) is refused by name.
    raw = good.read_bytes()
    assert int.from_bytes(raw[120:124], "little") == learn.architecture_hash("PBX", 56, 4)
    # A net written over a folder is refused, the folder kept.
    (tmp_path / "dir.nnue").mkdir()
    one_error(capsys, ["-data", razzle, "-out", tmp_path / "dir.nnue", "-epochs", 1, "-hidden", 4],
              "not a regular file")


def test_a_loss_that_is_not_finite_stops_the_training(razzle, tmp_path, capsys):
    # A net whose weights are no longer numbers (here the checkpoint of one, as the trainers
    # before the flags were checked wrote after -lr inf) gives a loss of nan: the run stops
    # with one error line and exit status 1, keeps the last good checkpoint and writes no net.
    out = tmp_path / "d.nnue"
    common = ["-data", razzle, "-out", out, "-hidden", 4]
    assert train(capsys, *common, "-epochs", 1)[0] == 0
    out.unlink()
    state = torch.load(str(out) + ".ckpt")
    state["net"]["first.weight"][3, 1] = float("nan")
    torch.save(state, str(out) + ".ckpt")
    kept = (tmp_path / "d.nnue.ckpt").read_bytes()
    code, stdout, err = train(capsys, *common, "-epochs", 2)
    assert code == 1 and "resumed from" in stdout and "epoch 2:" not in stdout, stdout
    assert err == ("triad-train: error: epoch 2: the training loss is nan: the training "
                   "diverged (try a lower -lr); stopped, '%s.ckpt' keeps epoch 1\n" % out), err
    assert not out.exists() and (tmp_path / "d.nnue.ckpt").read_bytes() == kept
    assert len(curve(out)) == 2


def test_quantised_weights_always_fit_the_net_file():
    # A diverged output bias (1e7: the integer 1.6e11) is kept at +-127 by the clip, which
    # quantises to b2 = 127 * QA * QB, inside int32 and the engine's range; a weight that is
    # not a number is refused, never written as some int16.
    net = md.Network(50, 4)
    with torch.no_grad():
        net.output.bias.fill_(1e7)
        net.first.weight[0, 0] = 1e9
    net.clip()
    w1, b1, w2, b2 = md.quantise(net)
    assert int(b2) == 127 * md.QA * md.QB == 2072640 and int(w1[0, 0]) == 510
    with torch.no_grad():
        net.output.bias.fill_(-1e7)
    net.clip()
    assert int(md.quantise(net)[3]) == -2072640
    with torch.no_grad():
        net.output.weight[0, 5] = float("nan")
    net.clip()
    with pytest.raises(md.QuantiseError, match="the trained net's w2 has weights that are not "
                       "finite or beyond"):
        md.quantise(net)


def test_every_layout_is_a_registered_games_and_names_its_men():
    # The layouts come from the registry's games (learn/layouts.h; the engine's search hooks
    # count the same kinds, checked when it compiles): each names every man of its game's
    # positions, upper case for Player 1's, lower case for Player 2's.
    games = {triad.Board(v).game for v in triad.variants()}
    layouts = learn.layouts()
    assert layouts and set(layouts) <= games
    for game, letters in layouts.items():
        board = triad.Board(game)
        seen = set()
        for _ in range(30):
            seen |= set(board.position_line().split(" ")[0])
            if board.is_game_over():
                break
            board.push(list(board.legal_moves)[0])
        men = {c for c in seen if c.isalpha()}
        assert men and men <= set(letters.upper() + letters.lower()), (game, men, letters)


def test_the_trainers_reader_reads_what_the_cpp_reader_reads(razzle, ives):
    # The trainer maps the records with the library's record type; the C++ reader (the one
    # the datagen tests use) decodes them field by field: the same header and records.
    for path in (razzle, ives):
        mapped = dt.DataFile(str(path))
        header, columns = learn.read_data(str(path))
        assert header == mapped.header
        assert len(columns["game"]) == len(mapped.records) == header["records"] > 0
        for name in ("game", "move", "score", "ply", "side", "result", "board"):
            assert columns[name].dtype == mapped.records[name].dtype, name
            assert (columns[name] == mapped.records[name]).all(), name


def test_a_batch_is_its_positions_one_by_one(razzle, ives):
    # The batch (computed in C++ with the GIL released) holds each position's features in
    # the order of its men on the board, bag by bag; each bag is what active_features gives
    # for that position alone, and the engine's accumulators add up (test_engine_net.py).
    for path in (razzle, ives):
        f = dt.DataFile(str(path))
        records = f.records[:200]
        indices, offsets = dt.sparse_inputs(records["board"], records["side"], f.letters)
        bounds = list(offsets) + [len(indices)]
        n = len(records)
        for j, r in enumerate(records):
            mover, other = dt.active_features(r["board"], r["side"], f.letters)
            assert sorted(indices[bounds[j]:bounds[j + 1]]) == mover
            assert sorted(indices[bounds[n + j]:bounds[n + j + 1]]) == other
    boards = np.frombuffer(b"P" * 55 + b"q", np.uint8).reshape(1, 56)
    with pytest.raises(dt.DataError, match="position 0, point 55: letter 'q' is not in the "
                                           "net's layout PBX"):
        dt.sparse_inputs(boards, np.zeros(1, np.uint8), "PBX")


def test_the_inputs_are_the_board_seen_by_each_side(razzle):
    # Written out point by point from docs/evaluation.md: the mover's view is the board as
    # written for Player 1 to move, turned half a turn and the case swapped for Player 2;
    # input c * points + i is on when point i holds the c-th of P, B, X, p, b, x.
    def view(board, player2):
        return board[::-1].swapcase() if player2 else board

    records = dt.DataFile(str(razzle)).records[:300]
    indices, offsets = dt.sparse_inputs(records["board"], records["side"], "PBX")
    bounds = list(offsets) + [len(indices)]
    n = len(records)
    assert len(offsets) == 2 * n and set(records["side"]) == {0, 1}
    for j, record in enumerate(records):
        board = bytes(record["board"]).decode()
        for bag, player2 in ((j, record["side"] == 1), (n + j, record["side"] == 0)):
            seen = view(board, player2)
            want = sorted("PBXpbx".index(ch) * 56 + i for i, ch in enumerate(seen) if ch != ".")
            assert sorted(indices[bounds[bag]:bounds[bag + 1]]) == want, (j, board)


def test_positions_of_several_files_are_read_from_each(razzle, tmp_path):
    # Positions are numbered through the files one after the other; the boards of a batch
    # come from each file's memory map.
    other = tmp_path / "other.bin"
    make_data(other, "razzledazzle", 3)
    files = dt.open_data([str(razzle), str(other)])
    data = Dataset(files, 0.1)
    first, second = files[0].records, files[1].records
    index = np.array([0, len(first) - 1, len(first), len(first) + len(second) - 1])
    boards, sides = data.boards(index)
    want = [first[0], first[-1], second[0], second[-1]]
    assert (boards == np.stack([r["board"] for r in want])).all()
    assert list(sides) == [r["side"] for r in want]
    assert list(data.scores[index]) == [r["score"] for r in want]
    assert len(data.train) + len(data.val) == len(first) + len(second)


def test_files_of_both_format_versions_are_read(razzle, tmp_path):
    # Version 2 adds -randommoves in two bytes that were the high half of version 1's random
    # plies (always 0 there), so a version 1 file reads as one without random moves.
    random = tmp_path / "random.bin"
    make_data(random, "ivesdama", 3, "-randommoves", "20", "-randomplies", "3")
    header = dt.DataFile(str(random)).header
    assert (header["version"], header["random_plies"], header["random_moves"]) == (2, 3, 20)
    raw = bytearray(razzle.read_bytes())
    raw[8:12] = (1).to_bytes(4, "little")
    old = tmp_path / "v1.bin"
    old.write_bytes(bytes(raw))
    v1, v2 = dt.DataFile(str(old)), dt.DataFile(str(razzle))
    assert (v1.header["version"], v1.header["random_plies"], v1.header["random_moves"]) == (1, 8, 0)
    assert (v1.records == v2.records).all()


def point_names(variant):
    """The names of the variant's points in position-line order (docs/notation.md: the ranks
    from the top down, each from left to right), from the board of `query board`."""
    points = triad.Board(variant).board_dict()["points"]
    return [p["name"] for p in sorted(points, key=lambda p: (-p["y"], p["x"]))]


def mirrored_by_name(board, names):
    """The board with every man moved to the point of the other file across the middle:
    a <-> g (Razzle Dazzle), a <-> e (Íves dáma), looked up by the points' names."""
    files = sorted({n[0] for n in names})
    across = {f: g for f, g in zip(files, reversed(files))}
    where = {n: i for i, n in enumerate(names)}
    return bytes(board[where[across[n[0]] + n[1:]]] for n in names)


def test_a_mirrored_batch_is_the_mirror_image_of_the_boards(razzle, tmp_path):
    files = dt.open_data([str(razzle)])
    names = point_names("razzledazzle")
    assert names[:8] == ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "a7"] and names[-1] == "g1"
    data = Dataset(files, 0.1, learn.mirror("razzledazzle", "razzledazzle", 56))
    index = data.train[:100]
    indices, offsets, scores, results = data.batch(index, torch, mirrored=True)
    records = files[0].records[index]
    mirrored = np.stack([np.frombuffer(mirrored_by_name(bytes(r["board"]), names), np.uint8)
                         for r in records])
    assert (mirrored != records["board"]).any()
    boards = np.concatenate([records["board"], mirrored])
    sides = np.concatenate([records["side"], records["side"]])
    want = dt.sparse_inputs(boards, sides, "PBX")
    assert (indices.numpy() == want[0]).all() and (offsets.numpy() == want[1]).all()
    assert (scores.numpy() == np.tile(records["score"], 2)).all()
    assert (results.numpy() == np.tile(records["result"], 2)).all()


def test_the_mirror_is_on_where_the_rules_are_symmetric(razzle, ives, tmp_path, capsys):
    code, out, err = train(capsys, "-data", razzle, "-out", tmp_path / "m.nnue", "-epochs", 1,
                           "-hidden", 4)
    assert code == 0 and "positions for training and their mirror images" in out, err
    code, out, err = train(capsys, "-data", razzle, "-out", tmp_path / "n.nnue", "-epochs", 1,
                           "-hidden", 4, "-mirror", "off")
    assert code == 0 and "mirror images" not in out, err
    # Íves dáma's built-in variants are on the default board, which is symmetric; a variant
    # of another name may have any board (a board file): refused with -mirror on, and
    # trained without mirror images by default.
    code, out, err = train(capsys, "-data", ives, "-out", tmp_path / "i.nnue", "-epochs", 1,
                           "-hidden", 4)
    assert code == 0 and "and their mirror images" in out, err
    raw = bytearray(ives.read_bytes())
    raw[40:72] = b"ivesdama-alquerque".ljust(32, b"\0")
    other = tmp_path / "alquerque.bin"
    other.write_bytes(bytes(raw))
    one_error(capsys, ["-data", other, "-out", tmp_path / "a.nnue", "-mirror", "on"],
              "holds variant 'ivesdama-alquerque', whose rules are not known to be the same")
    one_error(capsys, ["-data", ives, other, "-out", tmp_path / "a.nnue", "-mirror", "on"],
              "holds variant 'ivesdama-alquerque'")
    code, out, err = train(capsys, "-data", other, "-out", tmp_path / "a.nnue", "-epochs", 1,
                           "-hidden", 4)
    assert code == 0 and "mirror images" not in out, err
    one_error(capsys, ["-data", razzle, "-out", tmp_path / "a.nnue", "-mirror", "yes"],
              "invalid choice")
