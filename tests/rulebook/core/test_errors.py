"""Typed errors: a rule id and the message in both languages."""

from __future__ import annotations

import copy
import pickle

import pytest

from rulebook.core.errors import BadOption, BadRecord, IllegalAction, RulebookError


@pytest.mark.parametrize("cls", [RulebookError, IllegalAction, BadRecord, BadOption])
def test_fields_and_text(cls):
    error = cls("place-upper", "上は小さく", "Upper must be smaller")
    assert error.rule_id == "place-upper"
    assert error.message_ja == "上は小さく" and error.message_en == "Upper must be smaller"
    assert str(error) == "[place-upper] Upper must be smaller"
    assert error.message("ja") == "上は小さく"
    assert error.message("en") == "Upper must be smaller"
    assert error.message("fr") == "Upper must be smaller"


@pytest.mark.parametrize("cls", [IllegalAction, BadRecord, BadOption])
def test_hierarchy(cls):
    assert issubclass(cls, RulebookError) and issubclass(cls, ValueError)
    with pytest.raises(ValueError):
        raise cls("x", "ja", "en")


def test_kinds_are_distinct():
    assert not issubclass(IllegalAction, BadRecord) and not issubclass(BadRecord, IllegalAction)
    assert not issubclass(BadOption, IllegalAction)


@pytest.mark.parametrize("cls", [RulebookError, IllegalAction, BadRecord, BadOption])
def test_pickle_and_copy_keep_everything(cls):
    error = cls("seed", "シード", "seed")
    for clone in (pickle.loads(pickle.dumps(error)), copy.copy(error), copy.deepcopy(error)):
        assert type(clone) is cls
        assert (clone.rule_id, clone.message_ja, clone.message_en) == ("seed", "シード", "seed")
        assert str(clone) == str(error)
