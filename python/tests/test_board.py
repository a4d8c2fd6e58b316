"""Boards in-process: perft against the published figures of every built-in variant, moves,
take-back, copies, position lines, JSON and arrays, user variants, errors, threads."""
import random
import re
import subprocess
import sys
import textwrap

import pytest
import yaml

import triad
from conftest import SOURCE_DIR, random_game

PERFT = yaml.safe_load((SOURCE_DIR / "tests/data/perft.yaml").read_text())


def test_every_builtin_variant_has_perft_figures_and_they_match():
    missing = [v for v in triad.variants() if v not in PERFT]
    assert missing == [], f"variants without figures in tests/data/perft.yaml: {missing}"
    for variant, entry in PERFT.items():
        board = triad.Board(variant, entry["fen"])
        # the cheap depths (the deepest figures are the C++ slow suite's)
        for depth, expected in enumerate(entry["perft"][:5], 1):
            assert board.perft(depth) == expected, (variant, depth)


def test_perft_divide_sums_to_perft_and_names_legal_moves():
    board = triad.Board("yinyang")
    divide = board.perft_divide(3)
    assert sum(divide.values()) == board.perft(3)
    assert sorted(divide) == sorted(str(m) for m in board.legal_moves)


def test_push_pop_and_copy():
    board = triad.Board("razzledazzle")
    start = board.position_line()
    moves = list(board.legal_moves)
    assert len(moves) == 18 and len(board.legal_moves) == 18
    copy = board.copy()
    board.push(moves[0])
    assert board.position_line() != start and copy.position_line() == start
    assert board.move_stack == [moves[0]] and board.ply == 1
    copy.push(moves[0])  # listed on the original in the same state: valid on the copy too
    assert copy.position_line() == board.position_line()
    assert board.pop() == moves[0]
    assert board.position_line() == start and board.move_stack == []
    with pytest.raises(IndexError):
        board.pop()


def test_random_games_undo_to_the_start():
    rng = random.Random(7)
    for variant in ("razzledazzle", "yinyang", "ivesdama"):
        board = triad.Board(variant)
        lines = [b.position_line() for b in random_game(board, rng, 80)]
        for line in reversed(lines):
            board.pop()
            assert board.position_line() == line


def test_moves_parse_from_tokens_with_and_without_dashes():
    board = triad.Board("yinyang")
    first = board.legal_moves[0]
    token = str(first)
    dashed = token[:2] + "-" + token[2:]
    assert board.parse_move(dashed) == first
    assert dashed in board.legal_moves and token in board.legal_moves
    board.push(triad.Move(dashed))
    assert [str(m) for m in board.move_stack] == [token]  # the canonical spelling is kept
    assert repr(first) == f"Move('{token}')"


def test_outcome_and_score_of_a_finished_yinyang_game():
    rng = random.Random(3)
    board = triad.Board("yinyang")
    for _ in random_game(board, rng, 200):
        assert board.outcome() is None and not board.is_game_over()
    outcome = board.outcome()
    assert board.is_game_over() and outcome is not None
    p1, p2 = board.score()
    assert outcome.reason in ("score", "no-moves", "goal", "repetition")
    if outcome.reason == "score":
        assert outcome.winner == (1 if p1 > p2 else 2)
    assert outcome.result_token() in ("1-0", "0-1", "1/2-1/2")
    assert triad.Board("razzledazzle").score() is None


def test_board_json_and_array():
    for variant in ("razzledazzle", "yinyang", "ivesdama"):
        board = triad.Board(variant)
        data = board.board_dict()
        assert data["game"] == board.game
        array = board.board_array()
        assert array.ndim == 2
        pieces = "".join(p["piece"] for p in data["points"])
        for p in data["points"]:
            assert array[p["y"], p["x"]] == p["piece"]
        assert (array != " ").sum() == len(data["points"])
        assert sorted(pieces) == sorted(c for c in array.flatten() if c != " ")


def test_user_yaml_variants(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("variants:\n  - name: razzle-mine\n    game: razzledazzle\n    rules: basic\n"
                    "    repetition: position\n")
    before = set(triad.variants())
    triad.load_variants(str(path))
    added = set(triad.variants()) - before
    assert added == {"razzle-mine"}
    for name in added:
        board = triad.Board(name)
        assert board.perft(2) > 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("variants:\n  - name: x\n    game: chess\n")
    with pytest.raises(triad.TriadError, match="bad.yaml"):
        triad.load_variants(str(bad))


def test_bad_input_raises_with_a_message():
    with pytest.raises(triad.UnknownVariantError, match="'chess' is not one of the allowed values"):
        triad.Board("chess")
    with pytest.raises(triad.InvalidPositionError):
        triad.Board("yinyang", "6/6/6 1 0")
    board = triad.Board("yinyang")
    with pytest.raises(triad.IllegalMoveError):
        board.push("a1a1")
    with pytest.raises(triad.IllegalMoveError):
        board.parse_move("zz")
    assert board.ply == 0 and board.move_stack == []
    assert issubclass(triad.IllegalMoveError, ValueError)


def test_batch_playouts_count_plies():
    board = triad.Board("yinyang")
    plies = board.random_playouts(10, max_plies=1000, seed=5)
    assert 10 * 20 <= plies <= 10 * 200  # Yin Yang games fill the board: tens of plies each
    assert board.ply == 0
    assert board.random_playouts(10, max_plies=3, seed=5) == 30


# Run in a child interpreter: before the fix this aborted the process (heap corruption), which
# would have taken pytest down with it.
SHARED_BOARD_SCRIPT = textwrap.dedent("""
    import threading
    import triad

    board = triad.Board("razzledazzle")
    first = board.legal_moves[0]
    after = board.copy()
    after.push(first)
    calls = {
        "playouts": lambda b: b.random_playouts(20, 200, 1),
        "perft": lambda b: b.perft(3),
        "divide": lambda b: tuple(sorted(b.perft_divide(2).items())),
    }
    # The batch calls release the GIL: each must see the board before or after the other
    # thread's push, never a board half-way through it.
    expected = {name: {call(board), call(after)} for name, call in calls.items()}
    done = threading.Event()

    def push_and_pop():
        while not done.is_set():
            board.push(first)
            board.pop()

    mover = threading.Thread(target=push_and_pop)
    mover.start()
    try:
        for _ in range(100):
            for name, call in calls.items():
                assert call(board) in expected[name], name
    finally:
        done.set()
        mover.join()
    print("ok", board.ply)
""")


def test_batch_calls_while_another_thread_moves_on_the_same_board():
    run = subprocess.run([sys.executable, "-c", SHARED_BOARD_SCRIPT], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["ok", "0"]


def described(doc, name):
    """The lines of a pybind11 docstring that are not its signatures."""
    lines = [line.strip() for line in (doc or "").splitlines() if line.strip()]
    numbered = {f"{i}." for i in range(1, 10)}
    return [line for line in lines
            if not (line.startswith((name + "(", "(")) or line == "Overloaded function."
                    or line[:2] in numbered)]


def test_every_public_name_of_the_compiled_module_has_a_docstring():
    compiled = sys.modules["triad._triad"]
    missing = []
    for name in dir(compiled):
        obj = getattr(compiled, name)
        if name.startswith("_"):
            continue
        if not described(obj.__doc__, name):
            missing.append(name)
        if isinstance(obj, type) and not issubclass(obj, BaseException):
            missing += [f"{name}.{member}" for member, value in vars(obj).items()
                        if not member.startswith("_") and not described(value.__doc__, member)]
    assert missing == []


def test_the_first_legal_move_the_docs_name():
    text = (SOURCE_DIR / "docs/python.md").read_text()
    line = re.search(r'^board = triad.Board\("yinyang", "([^"]+)"\)'
                     r'.*?legal_moves\[0\] +# Move\(\'(\w+)\'\)', text, re.M | re.S)
    assert line, "the Boards example of docs/python.md"
    assert str(triad.Board("yinyang", line.group(1)).legal_moves[0]) == line.group(2)
