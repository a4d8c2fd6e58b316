"""A net from triad-train in the engine: `setoption name EvalFile` loads it and `eval` prints
the learned score, which equals the trainer's integer reference (model.integer_eval) on
positions of random games, to the point; bad net files are one error line each and the net
loaded before stays. And the trainer's view of the boards against the engine's: the points in
position-line order, and its mirror images, which the rules treat alike. And the
second generation: triad-datagen -evalfile with a trained net, then a net trained on both.
The limits the engine and the trainer share: the widest first layer, and output weights whose
scores fit the engine's integers with their sign (nets made here with the trainer's writer)."""
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from triad_train import data as dt  # noqa: E402
from triad_train import model as md  # noqa: E402
from triad_train import net_file  # noqa: E402
from triad_train.train import main  # noqa: E402

import numpy as np  # noqa: E402
import triad  # noqa: E402  (the module of python/, from the build: PYTHONPATH)
from triad import learn  # noqa: E402

# The games with a learned evaluation, from the registry (each game is a variant of its name).
GAMES = sorted(learn.layouts())

ENGINE = os.environ.get("TRIAD_ENGINE", "triad")
DATAGEN = os.environ.get("TRIAD_DATAGEN", "triad-datagen")


@pytest.fixture(scope="module")
def nets(tmp_path_factory):
    """net_for(variant, folder): a small net of the variant's game, trained once for this
    file's tests, copied into `folder` (the engine's working folder)."""
    made = {}

    def net_for(variant, folder):
        if variant not in made:
            home = tmp_path_factory.mktemp(variant)
            data = home / (variant + ".bin")
            subprocess.run([DATAGEN, "-variant", variant, "-games", "12", "-nodes", "200",
                            "-quiet", "-output", str(data)], check=True, capture_output=True,
                           timeout=120)
            made[variant] = home / (variant + ".nnue")
            assert main(["-data", str(data), "-out", str(made[variant]), "-epochs", "2",
                         "-hidden", "8", "-batch", "64", "-threads", "1", "-quiet"]) == 0
        net = folder / made[variant].name
        shutil.copyfile(made[variant], net)
        return net

    return net_for


def random_positions(variant, count, seed):
    rng = random.Random(seed)
    lines = []
    while len(lines) < count:
        board = triad.Board(variant)
        for _ in range(rng.randrange(1, 40)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            lines.append(board.position_line())
    return lines


def expand(line):
    """The board field of a position line, one letter per point ('.' empty)."""
    out, run = [], 0
    for c in line.split(" ")[0]:
        if c.isdigit():
            run = run * 10 + int(c)
            continue
        out.append("." * run)
        run = 0
        if c != "/":
            out.append(c)
    out.append("." * run)
    return "".join(out)


def engine(variant, folder, *commands):
    """triad's output for the commands, run in `folder` (file names stay short: the engine
    shortens long quoted names in its lines)."""
    r = subprocess.run([ENGINE, "--variant", variant, *commands], capture_output=True,
                       text=True, timeout=60, cwd=folder)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("variant", GAMES)
def test_eval_shows_the_trainers_integer_score(variant, tmp_path, nets):
    net = nets(variant, tmp_path)
    meta, weights = net_file.read(str(net))
    lines = random_positions(variant, 30, 7)
    commands = ["setoption name EvalFile value " + net.name]
    for line in lines:
        commands += ["position fen " + line, "eval"]
    out = engine(variant, tmp_path, *commands)
    assert "info string net '%s' loaded: game %s" % (net.name, meta["game"]) in out
    got = [int(m) for m in re.findall(r"^Learned evaluation \(net '[^']*'\): (-?\d+) ", out, re.M)]
    assert len(got) == len(lines), out
    for line, score in zip(lines, got):
        side = 0 if line.split(" ")[1] == "1" else 1
        board = np.frombuffer(expand(line).encode(), dtype=np.uint8)
        mover, other = dt.active_features(board, side, meta["letters"])
        want = md.integer_eval(weights, mover, other, meta["scale"])
        assert score == want, line


def mirror_line(line, names, perm):
    """The position line of the mirror image: the board's points permuted (and written back
    rank by rank, runs of empty points as numbers), Razzle Dazzle's last knight moves
    mirrored square by square; the other fields as they are."""
    fields = line.split(" ")
    board = expand(fields[0])
    mirrored = "".join(board[j] for j in perm)
    ranks, at = [], 0
    for rank in dict.fromkeys(n[1:] for n in names):  # the ranks in position-line order
        width = sum(1 for n in names if n[1:] == rank)
        ranks.append(re.sub(r"\.+", lambda m: str(len(m.group())), mirrored[at:at + width]))
        at += width
    fields[0] = "/".join(ranks)
    where = {n: i for i, n in enumerate(names)}
    for k in (2, 3) if len(names) == 56 else ():
        if fields[k] != "-":
            squares = [fields[k][:2], fields[k][2:]]
            fields[k] = "".join(names[perm[where[s]]] for s in squares)
    return " ".join(fields)


@pytest.mark.parametrize("variant", GAMES)
def test_the_mirror_is_a_symmetry_of_the_rules(variant, tmp_path):
    # The points sorted by their drawing coordinates (top rank first, left to right) are the
    # position line's order; the trainer's mirror (triad.learn.mirror, made from those
    # coordinates) maps the board's links, arcs and base points onto themselves, and a
    # position and its mirror image have the same number of move sequences (perft 3).
    game = triad.Board(variant).game
    points = triad.Board(variant).board_dict()["points"]
    names = [p["name"] for p in sorted(points, key=lambda p: (-p["y"], p["x"]))]
    perm = learn.mirror(game, variant, len(names))
    assert perm is not None
    lines = random_positions(variant, 8, 11)
    commands = []
    for line in lines:
        commands += ["position fen " + line, "query board", "go perft 3",
                     "position fen " + mirror_line(line, names, perm), "go perft 3"]
    out = engine(variant, tmp_path, *commands)
    assert "error" not in out, out
    boards = [json.loads(line[len("response "):]) for line in out.splitlines()
              if line.startswith("response {")]
    for line, board in zip(lines, boards):
        piece = {p["name"]: p["piece"] for p in board["points"]}
        assert sorted(piece) == sorted(names)
        assert "".join(piece[n] for n in names) == expand(line), line
    mirror = {n: names[perm[i]] for i, n in enumerate(names)}
    board = boards[0]

    def pair(a, b):
        return tuple(sorted((mirror[a], mirror[b])))

    for key in ("links", "arcs"):
        links = [tuple(sorted(link)) if key == "links"
                 else tuple(sorted((link["from"], link["to"])))
                 for link in board.get(key, [])]
        assert sorted(pair(*link) for link in links) == sorted(links)
    for bases in board.get("bases", {}).values():
        assert sorted(mirror[b] for b in bases) == sorted(bases)
    counts = re.findall(r"^Nodes searched: (\d+)", out, re.M)
    assert len(counts) == 2 * len(lines)
    assert counts[0::2] == counts[1::2], out


def expected_wdl(score, scale, draw_permille):
    """state/wdl.h's learned model: win + draw / 2 = sigmoid(score / scale), the draws
    draw_permille * 2 min(E, 1 - E) per 1000."""
    e = 1 / (1 + math.exp(-score / scale))
    draw = draw_permille / 1000 * 2 * min(e, 1 - e)
    win, loss = round(1000 * (e - draw / 2)), round(1000 * (1 - e - draw / 2))
    return win, 1000 - win - loss, loss


@pytest.mark.parametrize("variant", GAMES)
def test_the_wdl_is_the_nets_calibrated_estimate(variant, tmp_path, nets):
    # The net's draw rate (here set to 300 per 1000) reaches the engine through the file:
    # with UCI_ShowWDL, `eval` and the search's info lines give the net's estimate for their
    # score; with the classical evaluation the info lines use the fixed model instead.
    meta, weights = net_file.read(str(nets(variant, tmp_path)))
    meta["draw_permille"] = 300
    net_file.write(str(tmp_path / "drawn.nnue"), meta, weights)
    line = random_positions(variant, 1, 5)[0]
    common = ["setoption name EvalFile value drawn.nnue", "setoption name UCI_ShowWDL value true",
              "position fen " + line]
    out = engine(variant, tmp_path, *common, "eval", "go depth 3")
    shown = re.search(r"^Learned evaluation \(net 'drawn.nnue'\): (-?\d+) \(expected score "
                      r"[\d.]+ %, wdl (\d+) (\d+) (\d+)\)$", out, re.M)
    assert shown, out
    wdl = tuple(int(shown[k]) for k in (2, 3, 4))
    assert wdl == expected_wdl(int(shown[1]), meta["scale"], 300)
    infos = re.findall(r"^info depth .* score cp (-?\d+) (?:\w+bound )?wdl (\d+) (\d+) (\d+) ",
                       out, re.M)
    assert infos, out
    for score, *got in infos:
        want = expected_wdl(int(score), meta["scale"], 300)
        assert all(abs(int(g) - w) <= 1 for g, w in zip(got, want)), (score, got, want)
    classical = engine(variant, tmp_path, *common, "setoption name Evaluation value classical",
                       "go depth 3")
    infos = re.findall(r"^info depth .* score cp (-?\d+) (?:\w+bound )?wdl (\d+) (\d+) (\d+) ",
                       classical, re.M)
    assert infos, classical
    assert any(tuple(int(g) for g in got) != expected_wdl(int(score), meta["scale"], 300)
               for score, *got in infos), classical


def test_bad_net_files_are_one_error_and_the_loaded_net_stays(tmp_path, nets):
    good = nets("razzledazzle", tmp_path)
    raw = good.read_bytes()
    (tmp_path / "cut.nnue").write_bytes(raw[:-20])
    (tmp_path / "flip.nnue").write_bytes(raw[:300] + bytes([raw[300] ^ 4]) + raw[301:])
    (tmp_path / "v3.nnue").write_bytes(raw[:8] + (3).to_bytes(4, "little") + raw[12:])
    (tmp_path / "foreign.nnue").write_bytes(b"TRIADBK\n" + raw[8:])
    cases = [("missing.nnue", "cannot open"),
             (".", "not a regular file"),
             ("cut.nnue", "is truncated or damaged"),
             ("flip.nnue", "checksum mismatch"),
             ("v3.nnue", "has net format version 3; this engine reads version 2"),
             ("foreign.nnue", "is not a Triad net file")]
    commands = ["setoption name EvalFile value " + good.name]
    for name, _ in cases:
        commands += ["setoption name EvalFile value " + name, "eval"]
    out = engine("razzledazzle", tmp_path, *commands)
    errors = [line for line in out.splitlines()
              if line.startswith("info string error setoption EvalFile")]
    assert len(errors) == len(cases), out
    for line, (_, why) in zip(errors, cases):
        assert why in line, line
    shown = re.findall(r"^Learned evaluation \(net '([^']*)'\)", out, re.M)
    assert shown == [good.name] * len(cases), out
    # An empty value goes back to the game's built-in net (nets/razzledazzle.nnue), if any.
    out = engine("razzledazzle", tmp_path, "setoption name EvalFile value " + good.name,
                 "setoption name EvalFile value", "eval")
    assert "Total:" in out and good.name not in out.split("Total:")[1], out
    assert ("Learned evaluation (net '<built-in razzledazzle>')" in out or
            "Learned evaluation: none (no net for this variant)" in out), out


def test_a_net_for_another_game_waits_for_a_variant_of_its_game(tmp_path, nets):
    # GUIs and scripts may send EvalFile before UCI_Variant (docs/protocol.md, EvalFile).
    ives = nets("ivesdama", tmp_path)
    out = engine("razzledazzle", tmp_path, "setoption name EvalFile value " + ives.name, "eval",
                 "setoption name UCI_Variant value ivesdama", "eval")
    assert "info string error" not in out, out
    assert (f"info string net '{ives.name}' is not used for razzledazzle: it is a net for ivesdama"
            in out), out
    shown = re.findall(r"^Learned evaluation \(net '([^']*)'\)", out, re.M)
    assert shown == ["<built-in razzledazzle>", ives.name], out


def test_the_second_generation(nets, tmp_path, capsys):
    # docs/evaluation.md "The second generation" in small: data of the classical engine, data
    # of the engine searching with a trained net (its digest in the header), a net trained on
    # both files.
    net = nets("razzledazzle", tmp_path)
    first, second = tmp_path / "first.bin", tmp_path / "second.bin"
    for data, more in ((first, []), (second, ["-evalfile", str(net), "-seed", "2"])):
        subprocess.run([DATAGEN, "-variant", "razzledazzle", "-games", "8", "-nodes", "200",
                        "-quiet", "-output", str(data)] + more, check=True, capture_output=True,
                       timeout=120)
    files = dt.open_data([str(first), str(second)])
    assert files[0].header["net_digest"] == 0
    assert files[1].header["net_digest"] == learn.net_digest(net.read_bytes())
    assert main(["-data", str(first), str(second), "-out", str(tmp_path / "two.nnue"),
                 "-epochs", "1", "-hidden", "8", "-batch", "64", "-threads", "1",
                 "-mirror", "off"]) == 0
    out = capsys.readouterr().out
    counts = re.search(r"(\d+) positions for training, (\d+) for validation", out)
    assert int(counts[1]) + int(counts[2]) == sum(len(f.records) for f in files), out
    meta, _ = net_file.read(str(tmp_path / "two.nnue"))
    assert meta["positions"] == int(counts[1])


def constant_net(path, hidden, scale, b1, w2, b2):
    """An Íves dáma net written by the trainer's writer whose every first-layer row is 0: each
    position has sums b1 in both views, so every score is (b2 + 2 hidden clamp(b1, 0, QA) w2)
    * scale / (QA QB)."""
    meta = {"game": "ivesdama", "variant": "ivesdama", "letters": "P", "points": 25,
            "qa": md.QA, "qb": md.QB, "scale": scale, "positions": 1}
    weights = (np.zeros((50, hidden), np.int16), np.full(hidden, b1, np.int16),
               np.full(2 * hidden, w2, np.int16), np.int32(b2))
    net_file.write(str(path), meta, weights)
    return path.name


def test_the_engine_reads_the_trainers_widest_first_layer_and_names_a_wider_one(tmp_path):
    widest = constant_net(tmp_path / "widest.nnue", net_file.MAX_HIDDEN, 100, 0, 1, 0)
    wider = constant_net(tmp_path / "wider.nnue", net_file.MAX_HIDDEN + 1, 100, 0, 1, 0)
    out = engine("ivesdama", tmp_path, "setoption name EvalFile value " + widest,
                 "setoption name EvalFile value " + wider, "eval")
    assert "info string net 'widest.nnue' loaded: game ivesdama" in out, out
    assert ("info string error setoption EvalFile : net file 'wider.nnue': its first layer is "
            "1025 wide; this engine reads widths 1 to 1024\n") in out, out
    assert "Learned evaluation (net 'widest.nnue'): 0 " in out, out


def test_every_score_of_a_net_fits_with_its_sign(tmp_path):
    # The net of issue 40: b2 = 2^31 - 1 at scale 20000 scores 2.6e9 everywhere, which eval
    # showed as -1661977141 and the search clamped to the losing end. Beyond the trainer's
    # range (|b2| <= 127 QA QB), it is refused, and the net loaded before stays.
    before = constant_net(tmp_path / "before.nnue", 4, 100, 0, 1, 0)
    huge = constant_net(tmp_path / "huge.nnue", 4, 20000, 0, 0, 2**31 - 1)
    out = engine("ivesdama", tmp_path, "setoption name EvalFile value " + before,
                 "setoption name EvalFile value " + huge, "eval")
    assert ("info string error setoption EvalFile : net file 'huge.nnue': weights outside the "
            "trainer's ranges (|W1|, |b1| <= 510, |w2| <= 127, |b2| <= 2072640)\n") in out, out
    assert "Learned evaluation (net 'before.nnue'): 0 " in out, out
    # The largest scores a net may give: the widest layer at the largest scale, every weight
    # at its bound: +-(2072640 + 2 * 1024 * 255 * 127) * 100000 / 16320 = +-419100000 in eval;
    # the search clamps them to its largest score below a mate, on the right side: at depth 1
    # every child is as good for its mover, so the root's score is the lowest for a net that
    # likes the side to move's position and the highest for one that does not.
    for sign in (1, -1):
        net = constant_net(tmp_path / "largest.nnue", net_file.MAX_HIDDEN, 100000, 510,
                           sign * 127, sign * 127 * md.QA * md.QB)
        out = engine("ivesdama", tmp_path, "setoption name EvalFile value " + net, "eval",
                     "go depth 1")
        assert "Learned evaluation (net 'largest.nnue'): %d " % (sign * 419100000) in out, out
        scores = re.findall(r"^info depth 1 .*score cp (-?\d+) ", out, re.M)
        assert scores and all(int(s) == -sign * 30975 for s in scores), out
