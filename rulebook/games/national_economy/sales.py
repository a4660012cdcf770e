"""The excess-sale rule (NE-2) as a pure function.

When a player's cash does not cover the wages, sellable buildings must be
sold; any set may be chosen, but none that sells more than needed: after
paying, the cash left must be less than the value of *every* building sold
(no "I did not need to sell that one"). If even all sellable buildings do
not cover the shortfall, all of them are sold and the rest is unpaid.
"""

from __future__ import annotations

from typing import Sequence


def legal_sales(shortfall: int, values: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal set of buildings to sell, as sorted index tuples into ``values``.

    ``shortfall`` is what the cash lacks; ``values`` the sale values of the
    sellable buildings. Order: fewer buildings first, then by indices.
    ``[()]`` when nothing is short; all indices when all of them do not cover it.
    """
    values = list(values)
    n = len(values)
    if shortfall <= 0:
        return [()]
    if sum(values) < shortfall:
        return [tuple(range(n))]
    found: list[tuple[int, ...]] = []

    def grow(start: int, chosen: tuple[int, ...], total: int, low: int) -> None:
        # a superset only raises the total and never raises the lowest value: prune
        for i in range(start, n):
            v = values[i]
            t = total + v
            m = v if v < low else low
            if t - shortfall >= m:
                continue
            pick = chosen + (i,)
            if t >= shortfall:
                found.append(pick)
            else:
                grow(i + 1, pick, t, m)

    grow(0, (), 0, 1 << 60)
    found.sort(key=lambda s: (len(s), s))
    return found


def leftover(shortfall: int, values: Sequence[int], sale: Sequence[int]) -> int:
    """Cash left after paying when ``sale`` is sold (negative: still unpaid)."""
    return sum(values[i] for i in sale) - shortfall


__all__ = ["legal_sales", "leftover"]
