"""Lemon Poker rules text: every rule id the engine raises has its section in both languages, and the labels."""

from __future__ import annotations

import re
from importlib import resources

from rulebook.core.text import load_rules

RAISED = {"actions", "deal", "sort", "dealer-reveal", "child-reveal", "bet", "session"}


def test_lemon_poker_rule_ids_in_both_languages():
    rules = load_rules("rulebook.games.lemon_poker")
    src = "".join((resources.files("rulebook.games.lemon_poker") / f).read_text("utf-8") for f in ("game.py", "actions.py"))
    raised = set(re.findall(r'_err\(\s*"([a-z-]+)"', src)) | set(re.findall(r'BadOption\(\s*"([a-z-]+)"', src)) | {"actions"}
    raised |= set(re.findall(r'"([a-z-]+)" if p == ', src)) | set(re.findall(r'else "([a-z-]+)"', src))
    assert raised == RAISED
    for lang in ("ja", "en"):
        for rule in RAISED:
            assert rules[lang].section(rule) is not None, (lang, rule)
    ids = {lang: re.findall(r"\{#([a-z-]+)\}", (resources.files("rulebook.games.lemon_poker") / f"rules.{lang}.md").read_text("utf-8"))
           for lang in ("ja", "en")}
    assert ids["ja"] == ids["en"]


def test_lemon_poker_labels_and_unfinished():
    rules = load_rules("rulebook.games.lemon_poker")
    root = resources.files("rulebook.games.lemon_poker")
    for lang in ("ja", "en"):
        text = (root / f"rules.{lang}.md").read_text("utf-8")
        for reading in ("LP-1", "LP-2", "LP-3"):
            assert reading in text
        assert text.count("> [stand-in]") >= 3 and "> [choice]" in text
        assert ("未完成" if lang == "ja" else "unfinished") in text
        assert "LP-3" in rules[lang].section("showdown").readings
        assert "LP-1" in rules[lang].section("payout").readings
    heads = {lang: re.findall(r"^\*\*[^*]+\*\*", (root / f"quick.{lang}.md").read_text("utf-8"), re.M) for lang in ("ja", "en")}
    assert len(heads["ja"]) == len(heads["en"]) == 5
