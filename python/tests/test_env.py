"""The learning environment: the action encoding round-trips for every legal move of random
positions of every built-in variant; Env and VecEnv play whole games; Env keeps Gymnasium's API
(checked here as gymnasium's env checker does, without gymnasium) and TwoPlayerEnv
PettingZoo's agent-environment cycle; the examples of docs/python.md run."""
import contextlib
import inspect
import io
import random
import re
import sys
import textwrap
import types

import numpy as np
import pytest

import triad
from triad import env as triad_env
from triad.env import Env
from conftest import SOURCE_DIR, random_game


@pytest.mark.parametrize("variant", triad.variants())
def test_action_encoding_round_trips(variant):
    rng = random.Random(variant)
    for _ in range(3):
        board = triad.Board(variant)
        for b in random_game(board, rng, 100):
            actions = b.legal_actions()
            assert len(actions) == len(b.legal_moves)
            assert len(set(actions.tolist())) == len(actions), "distinct actions"
            assert ((actions >= 0) & (actions < b.action_count)).all()
            mask = b.action_mask()
            assert mask.sum() == len(actions) and mask[actions].all()
            for move, action in zip(b.legal_moves, actions):
                assert b.action_of(move) == action
                assert b.move_of(int(action)) == move


def test_illegal_action_raises():
    board = triad.Board("yinyang")
    illegal = int(np.flatnonzero(~board.action_mask())[0])
    with pytest.raises(triad.IllegalMoveError, match=f"action {illegal} is not a legal move"):
        board.push_action(illegal)


def test_env_random_agent_loop():
    rng = np.random.default_rng(1)
    env = Env("yinyang")
    obs, info = env.reset()
    assert obs.shape == env.observation_shape and obs.dtype == np.float32
    done = False
    total = 0.0
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    assert info["outcome"] is not None and reward in (-1.0, 0.0, 1.0)


def test_vec_env_steps_many_games_and_resets_finished_ones():
    env = triad.VecEnv("yinyang", 16)
    obs, masks = env.reset()
    assert obs.shape == (16, *env.observation_shape) and masks.shape == (16, env.action_count)
    rng = np.random.default_rng(2)
    finished = 0
    boards = [triad.Board("yinyang") for _ in range(16)]
    for _ in range(200):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        movers = env.to_play()
        for board, action in zip(boards, actions):
            board.push_action(int(action))  # the same games on Python boards
        obs, rewards, dones, masks, winners = env.step(actions)
        for i, board in enumerate(boards):
            if dones[i]:
                outcome = board.outcome()
                assert outcome is not None and (outcome.winner or 0) == winners[i]
                expected = 0 if winners[i] == 0 else (1 if winners[i] == movers[i] else -1)
                assert rewards[i] == expected
                boards[i] = triad.Board("yinyang")
                finished += 1
            else:
                assert rewards[i] == 0 and board.position_line() == env.position_lines()[i]
                assert (obs[i] == board.observation()).all()
    assert finished >= 16
    with pytest.raises(triad.IllegalMoveError, match="game 0: action"):
        env.step(np.full(16, -5))


def test_vec_env_step_with_one_illegal_action_changes_no_game():
    env = triad.VecEnv("yinyang", 4)
    obs, masks = env.reset()
    actions = env.sample_actions(seed=3)
    bad = actions.copy()
    bad[2] = int(np.flatnonzero(~masks[2])[0])
    before = env.position_lines()
    message = f"game 2: action {bad[2]} is not a legal move"
    with pytest.raises(triad.IllegalMoveError, match=message):
        env.step(bad)
    assert env.position_lines() == before  # games 0 and 1 were not stepped
    obs, rewards, dones, masks, winners = env.step(actions)  # the retry plays each game once
    assert all(line.endswith(" 1") for line in env.position_lines())


def test_the_action_table_of_the_docs_matches_the_encoding():
    text = (SOURCE_DIR / "docs/python.md").read_text()
    for game, variant in (("Yin Yang", "yinyang"), ("Razzle Dazzle", "razzledazzle"),
                          ("Íves dáma", "ivesdama")):
        row = re.search(rf"^\| {game} \|[^|]*= ([\d ]+)", text, re.M)
        assert row, game
        assert int(row.group(1).replace(" ", "")) == triad.Board(variant).action_count, game


def check_env_api(env, seed):
    """What gymnasium's env checker verifies, for an Env without gymnasium: reset's keyword
    parameters and return types, observations of the documented shape, dtype and bounds, the
    step tuple's types, masks matching the legal actions, and one seed replaying one game."""
    parameters = inspect.signature(env.reset).parameters
    assert parameters["seed"].default is None and parameters["options"].default is None
    assert "ansi" in env.metadata["render_modes"]

    def check_observation(obs):
        assert isinstance(obs, np.ndarray) and obs.dtype == np.float32
        assert obs.shape == env.observation_shape
        assert ((obs == 0) | (obs == 1)).all()

    def check_mask(info):
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (env.action_count,)
        assert (info["action_mask"] == mask).all()
        assert sorted(np.flatnonzero(mask)) == sorted(env.legal_actions().tolist())
        assert sorted(env.legal_actions().tolist()) == sorted(env.board.legal_actions().tolist())

    def play():
        result = env.reset(seed=seed)
        assert isinstance(result, tuple) and len(result) == 2
        obs, info = result
        assert isinstance(info, dict) and info["outcome"] is None
        check_observation(obs)
        check_mask(info)
        trajectory = [obs]
        while True:
            result = env.step(env.sample_action())
            assert isinstance(result, tuple) and len(result) == 5
            obs, reward, terminated, truncated, info = result
            check_observation(obs)
            check_mask(info)
            assert isinstance(reward, float) and reward in (-1.0, 0.0, 1.0)
            assert isinstance(terminated, bool) and isinstance(truncated, bool)
            assert isinstance(info, dict) and info["to_play"] in (1, 2)
            assert not (terminated and truncated)
            trajectory.append((obs, reward, terminated, truncated))
            if terminated or truncated:
                assert (info["outcome"] is not None) == terminated
                assert reward == 0.0 or terminated
                return trajectory, env.board.position_line()

    first, line = play()
    second, line2 = play()
    assert line == line2 and len(first) == len(second), "reset(seed=...) replays the game"
    assert (first[0] == second[0]).all()
    for a, b in zip(first[1:], second[1:]):
        assert (a[0] == b[0]).all() and a[1:] == b[1:]
    return first


@pytest.mark.parametrize("variant", triad.variants())
def test_env_passes_the_checks_of_gymnasiums_env_checker(variant):
    env = Env(variant, max_plies=60)
    trajectory = check_env_api(env, seed=5)
    assert len(trajectory) <= 61


def test_env_reset_seeds_np_random_as_gymnasium_does():
    env = Env("yinyang")
    env.reset(seed=3)
    drawn = env.np_random.integers(1 << 30, size=4)
    env.reset(seed=3)
    assert (env.np_random.integers(1 << 30, size=4) == drawn).all()
    env.reset(seed=4)
    assert (env.np_random.integers(1 << 30, size=4) != drawn).any()
    env.reset(seed=3)
    env.np_random.integers(1 << 30, size=2)
    env.reset()  # seed=None keeps the generator where it is
    assert (env.np_random.integers(1 << 30, size=2) == drawn[2:]).all()
    assert isinstance(env.np_random, np.random.Generator)


def test_env_reset_starts_from_a_position_line_and_refuses_unknown_options():
    env = Env("yinyang")
    start = triad.Board("yinyang")
    start.push(start.legal_moves[0])
    line = start.position_line()
    obs, info = env.reset(options={"position": line})
    assert env.board.position_line() == line and info["to_play"] == start.turn
    assert (obs == start.observation()).all()
    assert env.reset(options={})[0].shape == env.observation_shape
    with pytest.raises(ValueError, match="unknown reset options"):
        env.reset(options={"fen": line})
    with pytest.raises(triad.InvalidPositionError):
        env.reset(options={"position": "no such position"})
    with pytest.raises(TypeError):
        env.reset(line)  # keyword-only, as Gymnasium's


def test_env_illegal_action_raises_and_changes_nothing():
    env = Env("razzledazzle")
    with pytest.raises(RuntimeError, match="before reset"):
        env.step(0)
    env.reset(seed=1)
    before = env.board.position_line()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    for action in (illegal, -1, env.action_count):
        with pytest.raises(triad.IllegalMoveError, match=f"action {action} is not a legal"):
            env.step(action)
        assert env.board.position_line() == before
    env.step(env.sample_action())
    assert env.board.ply == 1


def test_env_truncates_at_max_plies_and_refuses_steps_after_the_end():
    env = Env("yinyang", max_plies=3)
    env.reset(seed=0)
    results = [env.step(env.sample_action()) for _ in range(3)]
    assert [r[3] for r in results] == [False, False, True]
    assert [r[2] for r in results] == [False] * 3 and results[-1][1] == 0.0
    assert results[-1][4]["outcome"] is None and results[-1][4]["action_mask"].any()
    with pytest.raises(RuntimeError, match="game is over"):
        env.step(env.sample_action())
    env.reset()
    env.step(env.sample_action())  # a new game after reset


def test_env_terminated_game_rewards_the_mover_and_refuses_more_steps():
    for seed in range(50):
        env = Env("yinyang", max_plies=10_000)
        env.reset(seed=seed)
        terminated = False
        while not terminated:
            mover = env.board.turn
            obs, reward, terminated, truncated, info = env.step(env.sample_action())
        outcome = info["outcome"]
        if outcome.winner is not None:
            break
    assert reward == (1.0 if outcome.winner == mover else -1.0)
    assert not env.action_masks().any()
    with pytest.raises(ValueError, match="no legal action"):
        env.sample_action()
    with pytest.raises(RuntimeError, match="game is over"):
        env.step(0)
    finished = env.board.position_line()
    obs, info = env.reset(options={"position": finished})  # a finished game starts over
    assert info["outcome"] == outcome and not info["action_mask"].any()
    with pytest.raises(RuntimeError, match="game is over"):
        env.step(0)
    two = triad_env.TwoPlayerEnv("yinyang")
    two.reset(options={"position": finished})
    assert all(two.terminations.values()) and two.rewards == {"player_1": 0.0, "player_2": 0.0}
    left = []
    for agent in two.agent_iter():
        assert two.last()[2] and two.last()[4]["outcome"] == outcome
        left.append(agent)
        two.step(None)
    assert sorted(left) == ["player_1", "player_2"] and two.agents == []


def test_env_render_close_and_metadata():
    env = Env("yinyang", render_mode="ansi")
    env.reset()
    assert env.render() == str(env.board) and "a b c d e f" in env.render()
    assert env.metadata["render_modes"] == ["ansi"] and env.unwrapped is env
    env.close()
    quiet = Env("yinyang")
    quiet.reset()
    assert quiet.render_mode is None and quiet.render() is None
    with pytest.raises(ValueError, match="render_mode 'human'"):
        Env("yinyang", render_mode="human")


def test_spaces_are_built_when_gymnasium_imports(monkeypatch):
    """The guarded path, with a stand-in for gymnasium.spaces that records its calls."""
    spaces = types.ModuleType("gymnasium.spaces")
    spaces.Box = lambda low, high, shape, dtype: ("Box", low, high, tuple(shape), dtype)
    spaces.Discrete = lambda n: ("Discrete", n)
    spaces.Dict = lambda mapping: ("Dict", mapping)
    gymnasium = types.ModuleType("gymnasium")
    gymnasium.spaces = spaces
    monkeypatch.setitem(sys.modules, "gymnasium", gymnasium)
    monkeypatch.setitem(sys.modules, "gymnasium.spaces", spaces)
    env = Env("razzledazzle")
    assert env.observation_space == ("Box", 0.0, 1.0, env.observation_shape, np.float32)
    assert env.action_space == ("Discrete", 25088)
    two = triad_env.TwoPlayerEnv("razzledazzle")
    assert two.observation_space("player_1") == ("Dict", {
        "observation": env.observation_space,
        "action_mask": ("Box", 0, 1, (25088,), np.int8)})
    assert two.action_space("player_2") == env.action_space


def play_aec(env, seed):
    """Plays a random game through PettingZoo's loop; returns each agent's last reward and
    termination, and the outcome."""
    env.reset(seed=seed)
    assert env.agents == ["player_1", "player_2"] and env.agent_selection == "player_1"
    final = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        assert set(observation) == {"observation", "action_mask"}
        assert observation["action_mask"].dtype == np.int8
        other = "player_2" if agent == "player_1" else "player_1"
        if other in env.agents:
            assert not env.observe(other)["action_mask"].any()
        if terminated or truncated:
            final[agent] = (reward, terminated, truncated, info["outcome"])
            assert not observation["action_mask"].any()
            env.step(None)
            continue
        assert reward == 0.0
        assert env.agent_selection == ("player_1" if env.env.board.turn == 1 else "player_2")
        mask = observation["action_mask"]
        assert (mask == env.env.action_masks()).all()
        env.step(int(env.np_random.choice(np.flatnonzero(mask))))
    assert env.agents == [] and set(final) == {"player_1", "player_2"}
    return final


def test_two_player_env_plays_decisive_games_and_draws():
    decisive = None
    for seed in range(40):
        final = play_aec(triad_env.TwoPlayerEnv("yinyang", max_plies=10_000), seed)
        outcome = final["player_1"][3]
        assert final["player_2"][3] == outcome and outcome is not None
        assert final["player_1"][1] and final["player_2"][1]  # both terminated
        rewards = final["player_1"][0], final["player_2"][0]
        assert sum(rewards) == 0
        if outcome.winner is None:
            assert rewards == (0.0, 0.0)
        else:
            decisive = outcome
            assert rewards[outcome.winner - 1] == 1.0
            break
    assert decisive is not None
    final = play_aec(triad_env.TwoPlayerEnv("razzledazzle", max_plies=6), 1)
    assert final["player_1"][:3] == final["player_2"][:3] == (0.0, False, True)
    assert final["player_1"][3] is None


def test_two_player_env_refuses_bad_steps():
    env = triad_env.TwoPlayerEnv("yinyang")
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    env.reset(seed=2)
    before = env.env.board.position_line()
    illegal = int(np.flatnonzero(env.observe("player_1")["action_mask"] == 0)[0])
    with pytest.raises(triad.IllegalMoveError):
        env.step(illegal)
    with pytest.raises(ValueError, match="None is no action"):
        env.step(None)
    assert env.env.board.position_line() == before and env.agent_selection == "player_1"
    assert env.num_agents == env.max_num_agents == 2
    assert env.metadata["render_modes"] == ["ansi"]
    env.step(int(env.env.sample_action()))
    assert env.agent_selection == "player_2" and env.rewards == {"player_1": 0.0,
                                                                 "player_2": 0.0}


def test_the_random_agents_of_the_docs_run():
    text = (SOURCE_DIR / "docs/python.md").read_text()
    section = text[text.index("## Environment"):text.index("The action encoding is fixed")]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 3  # the spaces', Env's and TwoPlayerEnv's
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(textwrap.dedent(block), "docs/python.md", "exec"), {})
        assert out.getvalue()
    assert "Outcome(" in out.getvalue()
