"""The designer's lab: play a variant thousands of times and see what changed (issue 22).

``rulebook simulate`` and ``notebooks/lab.ipynb`` both use this package:

- ``spec``: a simulation asked for (game, bots, options, seeds), checked
  before anything runs;
- ``play``: one seeded game played to the end, as one row;
- ``runner``: many games, in this process or on Dask (a LocalCluster or an
  existing cluster), with progress and a cancel that keeps finished games;
- ``analysis``: win shares with intervals, comparisons, distributions.

Heavy libraries (pandas, distributed, matplotlib) are imported where used,
so ``import rulebook.lab`` stays cheap.
"""

from __future__ import annotations

from .spec import MAX_GAMES, LabError, SimSpec, make_spec

__all__ = ["MAX_GAMES", "LabError", "SimSpec", "make_spec", "simulate"]


def simulate(*args, **kwargs):
    """``runner.simulate`` (imported lazily: it needs pandas)."""
    from .runner import simulate as run

    return run(*args, **kwargs)
