"""``Outcome.as_dict``: what observations carry to the page."""

from __future__ import annotations

import json

from rulebook.core import Outcome


def test_outcome_as_dict_is_plain_and_json_ready() -> None:
    outcome = Outcome((3, 1), (0,), "end", "席1の勝ち", "Seat 1 wins", (("rounds", 4),))
    plain = outcome.as_dict()
    assert plain == {
        "scores": [3, 1],
        "winners": [0],
        "reason": "end",
        "summary_ja": "席1の勝ち",
        "summary_en": "Seat 1 wins",
        "detail": {"rounds": 4},
    }
    assert json.loads(json.dumps(plain)) == plain
