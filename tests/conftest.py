"""Shared test set-up: ``tests/support`` holds helper modules any test may import
(e.g. ``toy_cards``, a tiny hidden-information game for platform tests)."""

import sys
from pathlib import Path

SUPPORT = Path(__file__).resolve().parent / "support"
if str(SUPPORT) not in sys.path:
    sys.path.insert(0, str(SUPPORT))
