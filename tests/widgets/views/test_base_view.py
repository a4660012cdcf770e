"""``widgets.views.base``: the shared parsing and checking of typed real dice."""

from __future__ import annotations

import pytest

from rulebook.core import IllegalAction
from widgets.views.base import require_all_pips, typed_pips


def test_typed_pips_reads_digits_and_ignores_spaces() -> None:
    assert typed_pips("3 5\t1", 5, "", "one per die") == [3, 5, 1]
    assert typed_pips("", 5, "", "one per die") is None
    assert typed_pips("   ", 5, "", "one per die") is None


@pytest.mark.parametrize("raw", ["0", "7", "12a", "-1", "1.5", "１２", "123456"])
def test_typed_pips_refuses_anything_but_up_to_count_pips(raw: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        typed_pips(raw, 5, "、左から順に", "one per die from the left")
    assert refused.value.rule_id == "chance"
    assert "5" in refused.value.message_en and "one per die from the left" in refused.value.message_en
    assert "左から順に" in refused.value.message_ja


def test_require_all_pips_names_how_many_dice_are_missing() -> None:
    require_all_pips([1, 6, 3])
    for entry, missing in (([1, 0, 0], 2), ([], 0)):
        with pytest.raises(IllegalAction) as refused:
            require_all_pips(entry)
        assert refused.value.rule_id == "chance" and f"{missing} dice" in refused.value.message_en
