"""The learning environment: the action encoding round-trips for every legal move of random
positions of every built-in variant; Env and VecEnv play whole games."""
import random
import re

import numpy as np
import pytest

import triad
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
