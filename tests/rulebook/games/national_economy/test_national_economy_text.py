"""The rules text: every rule id the engine uses is a section in both languages; readings and stand-ins are labelled."""

from __future__ import annotations

import re

from rulebook.core.text import load_quick, load_rules
from rulebook.games.national_economy.data import KINDS_T, N_CARDS, RAW

PACKAGE = "rulebook.games.national_economy"
USED = {
    "setup", "round", "worker", "workplace-taken", "private", "passive", "cards-short", "household", "build", "goods",
    "no-effect", "hire", "pay", "architect", "wages", "excess-sale", "hand-limit", "solo-block", "solo-sale",
    "solo-pay", "solo2", "score", "end", "chance", "actions",
}


def test_every_rule_id_is_a_section_in_both_languages() -> None:
    rules = load_rules(PACKAGE)
    assert rules["ja"].ids == rules["en"].ids
    assert USED <= set(rules["en"].ids)


def test_the_engine_raises_only_ids_of_the_text() -> None:
    source = open("rulebook/games/national_economy/game.py", encoding="utf-8").read()
    raised = set(re.findall(r'_err\(\s*"([a-z0-9-]+)"', source)) | set(re.findall(r'\("([a-z0-9-]+)", f?"', source))
    raised -= {"missing"}
    ids = set(load_rules(PACKAGE)["en"].ids)
    assert raised and raised <= ids, sorted(raised - ids)


def test_readings_and_stand_ins_are_labelled_in_both_languages() -> None:
    for lang, rules in load_rules(PACKAGE).items():
        cited = {r for s in rules.sections for r in s.readings}
        assert {"NE-1", "NE-2", "NE-3", "NE-4", "NE-5", "NE-6"} <= cited, lang
        assert "NE-2" in rules.section("excess-sale").readings
        assert "NE-4" in rules.section("score").readings
        assert "NE-6" in rules.section("solo-block").readings
        assert "[stand-in]" in rules.section("solo-pay").body
        assert "[choice]" in rules.section("solo-block").body


def test_the_building_table_matches_the_data_file() -> None:
    body = load_rules(PACKAGE)["ja"].section("buildings").body
    for kind in KINDS_T[1:N_CARDS]:
        assert f"| {kind.ja} | {kind.cost} | {kind.value} | {kind.copies} |" in body, kind.ja
    body_en = load_rules(PACKAGE)["en"].section("buildings").body
    for kind in KINDS_T[1:N_CARDS]:
        assert f"| {kind.en} | {kind.cost} | {kind.value} | {kind.copies} |" in body_en, kind.en
    assert "stand-in" in RAW["solo_tax"]["source"]


def test_quick_reference_has_the_same_headings() -> None:
    quick = load_quick(PACKAGE)
    heads = {lang: re.findall(r"^\*\*", text, flags=re.M) for lang, text in quick.items()}
    assert len(heads["ja"]) == len(heads["en"]) == 4


def test_worked_examples_agree_with_the_engine() -> None:
    from importlib import resources

    from rulebook.core.examples import check_examples, find_examples, load_kinds

    kinds = load_kinds(PACKAGE)
    root = resources.files(PACKAGE)
    for lang in ("ja", "en"):
        text = (root / f"rules.{lang}.md").read_text("utf-8")
        assert len(find_examples(text)) == 3
        assert check_examples(text, kinds) == [], lang


def test_a_wrong_figure_in_an_example_is_caught() -> None:
    from rulebook.core.examples import check_examples, load_kinds

    text = "```example sale\nshort: 20\nvalues: 10 18 20\nlegal: 20; 10+18+20\n---\nWrong: 20 and 10+18+20.\n```\n"
    assert check_examples(text, load_kinds(PACKAGE))
