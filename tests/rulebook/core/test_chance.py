"""``draw_index`` draws what ``Generator.choice`` draws, bit for bit, and refuses what it refuses."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.core.chance import draw_index, draw_outcome

weights = st.lists(
    st.one_of(st.just(0.0), st.floats(min_value=1e-12, max_value=1e6, allow_nan=False, allow_infinity=False)),
    min_size=1,
    max_size=300,
).filter(lambda w: sum(w) > 0)


def numpy_choice(w: list[float], rng: np.random.Generator) -> int:
    probs = np.array(w, dtype=float)
    return int(rng.choice(len(probs), p=probs / probs.sum()))


@settings(max_examples=400, deadline=None)
@given(weights, st.integers(min_value=0, max_value=2**63), st.integers(min_value=0, max_value=5))
def test_the_same_index_as_choice_and_the_same_generator_afterwards(w: list[float], seed: int, before: int) -> None:
    ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
    ours.random(before), theirs.random(before)
    assert draw_index(w, ours) == numpy_choice(w, theirs)
    assert ours.random() == theirs.random()


def test_many_draws_of_a_die_and_a_lopsided_node_agree_with_choice() -> None:
    for w in ([1 / 6] * 6, [0.998, 0.002], [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], [0.0, 1.0, 0.0], [1e-9, 1.0]):
        for k in range(2000):
            assert draw_index(w, np.random.default_rng([7, 1, k])) == numpy_choice(w, np.random.default_rng([7, 1, k]))


def test_draw_outcome_returns_the_outcome_not_the_index() -> None:
    outcomes = [("stand", 0.5), ("fall", 0.5)]
    got = {draw_outcome(outcomes, np.random.default_rng(k)) for k in range(50)}
    assert got == {"stand", "fall"}


@pytest.mark.parametrize("w", [[], [-1.0, 2.0], [float("nan"), 1.0], [0.0, 0.0], [float("inf"), 1.0]])
def test_refuses_what_choice_refuses(w: list[float]) -> None:
    with pytest.raises(ValueError):
        numpy_choice(w, np.random.default_rng(0))
    with pytest.raises(ValueError):
        draw_index(w, np.random.default_rng(0))


def test_a_draw_that_lands_exactly_on_a_boundary_goes_right_as_in_choice() -> None:
    """``searchsorted(side="right")``: a uniform number equal to a cumulative probability picks the next outcome."""
    ties = 0
    for seed in range(200):
        u = np.random.default_rng(seed).random()
        w = [u, 1.0 - u]
        if w[0] + w[1] != 1.0 or (w[0] / (w[0] + w[1])) != u:
            continue
        ties += 1
        assert draw_index(w, np.random.default_rng(seed)) == numpy_choice(w, np.random.default_rng(seed)) == 1
    assert ties > 50
