"""Gymnasium without gymnasium, and with it (docs/python.md "Environment"): the spaces are
always there (triad's stand-ins with sample(), contains(), n and shape when gymnasium cannot
be imported), spec, reward_range and metadata; with gymnasium, every variant is registered
for gymnasium.make (checked with a stand-in gymnasium module, the test machines having none)."""
import sys
import types

import numpy as np
import pytest

import triad
from triad import _spaces
from triad import env as triad_env
from triad.env import Env, TwoPlayerEnv
from conftest import docs_examples, run_docs_example


@pytest.fixture
def no_gymnasium(monkeypatch):
    monkeypatch.setitem(sys.modules, "gymnasium", None)  # makes the import fail


def test_without_gymnasium_the_spaces_are_stand_ins_that_sample_and_contain(no_gymnasium):
    env = Env("yinyang")
    space, box = env.action_space, env.observation_space
    assert space.n == env.action_count and space.shape == () and box.shape == env.observation_shape
    assert box.dtype == np.float32 and env.reward_range == (-1.0, 1.0) and env.spec is None
    assert "ansi" in env.metadata["render_modes"]
    space.seed(7)
    first = [space.sample() for _ in range(5)]
    space.seed(7)
    assert [space.sample() for _ in range(5)] == first and all(a in space for a in first)
    obs, info = env.reset(seed=1)
    assert box.contains(obs) and obs in box and box.contains(box.sample())
    assert not box.contains(obs[:-1]) and not box.contains(obs + 2)
    mask = info["action_mask"].astype(np.int8)
    for _ in range(20):
        assert env.board.is_legal(env.board.move_of(space.sample(mask=mask)))
    assert space.sample(mask=np.zeros(space.n, np.int8)) == 0
    assert not space.contains(-1) and not space.contains(space.n) and not space.contains(1.0)
    with pytest.raises(ValueError, match="mask has 3 entries"):
        space.sample(mask=np.ones(3, np.int8))


def test_the_two_player_env_has_stand_in_dict_spaces(no_gymnasium):
    two = TwoPlayerEnv("ivesdama")
    two.reset(seed=3)
    observation = two.observe(two.agent_selection)
    space = two.observation_space("player_1")
    assert space.contains(observation) and set(space.sample()) == {"observation", "action_mask"}
    assert space["action_mask"].shape == (two.env.action_count,)
    assert two.action_space("player_2") == Discrete(two.env.action_count)
    assert not space.contains({"observation": observation["observation"]})


Discrete = _spaces.Discrete


def fake_gymnasium(monkeypatch):
    """A stand-in gymnasium module: spaces, Env, a registry and register()."""
    gymnasium = types.ModuleType("gymnasium")
    gymnasium.spaces = types.SimpleNamespace(Box=_spaces.Box, Discrete=_spaces.Discrete,
                                             Dict=_spaces.DictSpace)
    gymnasium.Env = type("Env", (), {})
    gymnasium.registry = {}

    def register(id, entry_point, kwargs):
        gymnasium.registry[id] = (entry_point, kwargs)
    gymnasium.register = register
    monkeypatch.setitem(sys.modules, "gymnasium", gymnasium)
    return gymnasium


def test_with_gymnasium_every_variant_is_registered_for_make(monkeypatch):
    gymnasium = fake_gymnasium(monkeypatch)
    triad_env._register()
    ids = [f"triad/{v}-v0" for v in triad.variants()]
    assert sorted(gymnasium.registry) == sorted(ids) and "triad/yinyang-v0" in ids
    entry_point, kwargs = gymnasium.registry["triad/yinyang-v0"]
    module, _, name = entry_point.partition(":")
    env = getattr(sys.modules[module], name)(**kwargs)
    assert isinstance(env, gymnasium.Env) and isinstance(env, Env) and env.variant == "yinyang"
    obs, _ = env.reset(seed=0)
    assert obs in env.observation_space and env.unwrapped is env
    triad_env._register()  # registered once
    assert len(gymnasium.registry) == len(ids)


def test_without_gymnasium_nothing_is_registered_and_make_is_refused(no_gymnasium):
    triad_env._register()  # no error
    with pytest.raises(ImportError, match="gymnasium is not installed"):
        triad_env.make_gymnasium_env("yinyang")


def test_the_docs_example_of_the_spaces_prints_what_it_says(capsys, no_gymnasium):
    block, = docs_examples("action_space.sample(")
    run_docs_example(block, capsys)
