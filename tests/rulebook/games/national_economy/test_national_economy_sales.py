"""The excess-sale rule (NE-2) as a pure function: the source's two examples, every set classified."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.games.national_economy import legal_sales


def every_set(n: int) -> list[tuple[int, ...]]:
    return [c for r in range(n + 1) for c in combinations(range(n), r)]


def test_example_1_every_set_classified() -> None:
    # shortfall $10; buildings worth $10 and $20: selling the $20 one is legal
    values = [10, 20]
    legal = legal_sales(10, values)
    verdict = {s: s in legal for s in every_set(2)}
    assert verdict == {
        (): False,  # does not cover the shortfall
        (0,): True,  # $10 pays exactly, $0 left
        (1,): True,  # $20: $10 left, less than $20 (the source's example)
        (0, 1): False,  # $20 left is not less than the $10 building: it was not needed
    }
    assert legal == [(0,), (1,)]


def test_example_2_every_set_classified() -> None:
    # shortfall $20; buildings worth $10, $18, $20
    values = [10, 18, 20]
    legal = legal_sales(20, values)
    verdict = {s: s in legal for s in every_set(3)}
    assert verdict == {
        (): False,
        (0,): False,  # $10 does not cover $20
        (1,): False,  # $18 does not cover $20
        (2,): True,  # $20 alone: legal (source)
        (0, 1): True,  # $28: $8 left, less than $10 and $18 (source)
        (0, 2): False,  # $20 plus another: not allowed (source); $10 left is not less than $10
        (1, 2): False,  # $18 left is not less than $18
        (0, 1, 2): False,
    }
    assert legal == [(2,), (0, 1)]


def test_nothing_short_and_not_enough() -> None:
    assert legal_sales(0, [10, 20]) == [()]
    assert legal_sales(-5, []) == [()]
    assert legal_sales(50, [10, 20]) == [(0, 1)]  # all of them; the rest becomes unpaid
    assert legal_sales(3, []) == [()]  # nothing to sell: all (none) of them


@settings(max_examples=200, deadline=None)
@given(st.integers(-3, 60), st.lists(st.integers(0, 30), max_size=7))
def test_agrees_with_the_definition(shortfall: int, values: list[int]) -> None:
    legal = legal_sales(shortfall, values)
    n = len(values)
    if shortfall <= 0:
        assert legal == [()]
        return
    if sum(values) < shortfall:
        assert legal == [tuple(range(n))]
        return
    expected = [
        s for s in every_set(n)
        if sum(values[i] for i in s) >= shortfall and all(sum(values[i] for i in s) - shortfall < values[i] for i in s)
    ]
    assert sorted(legal) == sorted(expected)
    assert legal == sorted(legal, key=lambda s: (len(s), s))
    assert legal_sales(shortfall, tuple(values)) == legal
