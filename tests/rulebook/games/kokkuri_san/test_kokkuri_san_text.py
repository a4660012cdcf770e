"""The rules text of Kokkuri-san: the same sections in both languages, one for every rule id the engine raises,
the readings and stand-ins labelled, and the worked examples agreeing with the engine."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from rulebook.core.examples import check_examples, load_kinds
from rulebook.core.text import load_quick, load_rules

PACKAGE = "rulebook.games.kokkuri_san"
SOURCE = Path(resources.files(PACKAGE))
RAISED = {"end", "setup", "chance", "turn", "hand", "patron-effect", "actions", "card-data", "players"}


def test_both_languages_have_the_same_sections_and_every_raised_rule_id():
    rules = load_rules(PACKAGE)
    assert rules["ja"].ids == rules["en"].ids
    assert RAISED <= set(rules["en"].ids)


def test_the_engine_raises_no_rule_id_the_text_lacks():
    """Every literal rule id in the engine's refusals is a section of the rules."""
    ids = set(load_rules(PACKAGE)["en"].ids)
    code = "".join((SOURCE / name).read_text(encoding="utf-8") for name in ("game.py", "cards.py", "actions.py"))
    raised = set(re.findall(r'(?:IllegalAction|BadOption|UnreadableAction)\(\s*"([a-z-]+)"', code)) | {"card-data", "actions"}
    assert raised and raised <= ids, raised - ids
    assert raised == RAISED


@pytest.mark.parametrize("section, labels", [("card-data", ["KS-1", "[stand-in]"]), ("settlement", ["KS-2"]), ("influence", ["KS-2"]), ("next-round", ["KS-3"]), ("start-player", ["KS-3", "[choice]"]), ("end", ["[choice]"])])
def test_readings_stand_ins_and_choices_are_labelled(section, labels):
    for lang, rules in load_rules(PACKAGE).items():
        body = rules.section(section).body
        for label in labels:
            assert label in body or label in rules.section(section).readings, (lang, section, label)


def test_worked_examples_agree_with_the_engine():
    kinds = load_kinds(PACKAGE)
    for lang in ("ja", "en"):
        text = (SOURCE / f"rules.{lang}.md").read_text(encoding="utf-8")
        assert "```example" in text
        assert check_examples(text, kinds) == [], lang


def test_the_quick_reference_fits_one_screen_in_both_languages():
    quick = load_quick(PACKAGE)
    assert len(quick["en"].split()) <= 200 and len(quick["ja"]) <= 600
    headings = {lang: re.findall(r"\*\*(.+?)\*\*", text) for lang, text in quick.items()}
    assert 3 <= len(headings["en"]) == len(headings["ja"])
    assert set(re.findall(r"\d+", quick["en"])) <= set(re.findall(r"\d+", quick["ja"]))
