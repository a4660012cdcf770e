"""The automatic moves of a match for the benchmarks that play whole games without a table.

One copy lives with the test harness (``tests/support/automatic.py``), which
the benchmarks import as they import the rest of it; six game benchmarks
import it under this name, so it is kept here as a re-export.
"""

from __future__ import annotations

from tests.support.automatic import automatic_moves

__all__ = ["automatic_moves"]
