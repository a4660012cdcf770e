"""The baseline bot: a uniformly random legal action, from the driver's generator only."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from rulebook.bots import Bot, RandomBot


def test_choice_is_one_of_the_legal_actions():
    bot = RandomBot()
    legal = ["a", "b", "c"]
    for seed in range(50):
        assert bot.choose({}, legal, np.random.default_rng(seed)) in legal


def test_same_generator_same_choice():
    bot = RandomBot()
    legal = list(range(100))
    a = [bot.choose({}, legal, np.random.default_rng([1, 2, k])) for k in range(20)]
    b = [RandomBot().choose({"anything": 1}, legal, np.random.default_rng([1, 2, k])) for k in range(20)]
    assert a == b


def test_roughly_uniform():
    bot = RandomBot()
    rng = np.random.default_rng(0)
    counts = Counter(bot.choose({}, ["x", "y", "z", "w"], rng) for _ in range(4000))
    assert set(counts) == {"x", "y", "z", "w"}
    assert all(850 < n < 1150 for n in counts.values())


def test_single_and_no_choice():
    bot = RandomBot()
    assert bot.choose({}, ("only",), np.random.default_rng(1)) == "only"
    with pytest.raises(ValueError):
        bot.choose({}, [], np.random.default_rng(1))


def test_fits_the_bot_protocol():
    bot: Bot = RandomBot()
    assert bot.name == "random" and callable(bot.choose)
