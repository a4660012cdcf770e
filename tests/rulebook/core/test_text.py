"""Rules text: sections with ids, reading boxes, and a small Markdown renderer that escapes everything."""

from __future__ import annotations

import pytest

from rulebook.core.text import LANGS, RuleText, load_rules, parse_rules, render_markdown, section_html

SAMPLE = """# Sample game

An intro line
with two lines.

## Setting up {#setup}
Take **ten** dice.

> [CT-1] A reading box
> that continues.

## Playing {#play-turn}
- roll
- stack
  continued item

1. first
2. second

| a | b |
|---|---|
| 1 | 2 |

### Sub heading without id
Still in play-turn.

## The end {#end}
> [choice] A site choice.
> [stand-in] Stand-in data.
"""


def test_parse_title_intro_sections():
    rules = parse_rules(SAMPLE, "en")
    assert isinstance(rules, RuleText)
    assert rules.lang == "en" and rules.title == "Sample game"
    assert rules.intro == "An intro line\nwith two lines."
    assert rules.ids == ("setup", "play-turn", "end")
    assert [s.level for s in rules.sections] == [2, 2, 2]
    assert rules.section("setup").title == "Setting up"
    assert "Still in play-turn." in rules.section("play-turn").body
    with pytest.raises(KeyError):
        rules.section("nope")


def test_readings_are_collected_per_section():
    rules = parse_rules(SAMPLE, "en")
    assert rules.section("setup").readings == ("CT-1",)
    assert rules.section("play-turn").readings == ()
    assert rules.section("end").readings == ()  # choice / stand-in are boxes, not readings


def test_duplicate_ids_are_refused():
    with pytest.raises(ValueError):
        parse_rules("## A {#x}\n\n## B {#x}\n", "en")


def test_render_blocks():
    html = render_markdown(parse_rules(SAMPLE, "en").section("play-turn").body)
    assert "<ul><li>roll</li><li>stack continued item</li></ul>" in html
    assert "<ol><li>first</li><li>second</li></ol>" in html
    assert "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>" in html
    assert "<h5>Sub heading without id</h5>" in html


def test_render_inline():
    html = render_markdown("Use `code`, **bold** and *emphasis*; 3*4*5 stays.")
    assert "<code>code</code>" in html and "<strong>bold</strong>" in html and "<em>emphasis</em>" in html
    assert "3*4*5" in html


@pytest.mark.parametrize("lang,label", [("en", "Interpretation CT-1"), ("ja", "解釈 CT-1")])
def test_reading_box_labels(lang, label):
    html = render_markdown("> [CT-1] A reading box\n> that continues.", lang)
    assert 'class="rb-box rb-reading"' in html and 'data-reading="CT-1"' in html
    assert label in html and "A reading box that continues." in html


@pytest.mark.parametrize("tag,ja,en", [("choice", "このサイトの判断", "Site choice"), ("stand-in", "代用データ", "Stand-in data"), ("not-covered", "原典に記載なし", "Not in the source")])
def test_other_boxes(tag, ja, en):
    assert ja in render_markdown(f"> [{tag}] text", "ja")
    assert en in render_markdown(f"> [{tag}] text", "en")
    assert f"rb-{tag}" in render_markdown(f"> [{tag}] text", "en")


def test_consecutive_boxes_stay_separate():
    html = render_markdown("> [choice] one\n> [stand-in] two", "en")
    assert html.count("<aside") == 2


def test_plain_quote():
    assert "<blockquote>just a quote</blockquote>" in render_markdown("> just a quote")


@pytest.mark.parametrize(
    "text",
    ["<script>alert(1)</script>", '<img src=x onerror="alert(1)">', "| <b>x</b> | y |\n|---|---|\n| 1 | 2 |", "- <i>item</i>", "> [CT-1] <svg onload=alert(1)>", "**<u>bold</u>**", "`<code>`"],
)
def test_everything_is_escaped(text):
    html = render_markdown(text)
    for raw in ("<script", "<img", "<b>", "<i>", "<svg", "<u>", "<code><code>"):
        assert raw not in html


def test_title_and_heading_are_escaped():
    rules = parse_rules('# A <b>game</b>\n\n## Risky <i>x</i> {#risky}\nbody "quoted"\n', "en")
    html = rules.html()
    assert "<b>" not in html and "<i>" not in html
    assert "&lt;b&gt;" in html


def test_section_html_hooks_and_highlight():
    rules = parse_rules(SAMPLE, "en")
    plain = section_html(rules.section("setup"), "en")
    assert 'id="rule-setup"' in plain and 'data-rule="setup"' in plain and 'class="rb-rule"' in plain
    assert '<span class="rb-rule-id">setup</span>' in plain
    lit = section_html(rules.section("setup"), "en", highlight=True)
    assert "rb-rule-highlight" in lit
    page = rules.html(highlight="end")
    assert page.count("rb-rule-highlight") == 1 and 'lang="en"' in page
    assert page.index('data-rule="setup"') < page.index('data-rule="play-turn"') < page.index('data-rule="end"')


def test_load_rules_of_chiritsumo():
    rules = load_rules("rulebook.games.chiritsumo")
    assert set(rules) == set(LANGS) == {"ja", "en"}
    assert rules["ja"].ids == rules["en"].ids
    assert rules["ja"].title and rules["en"].title
    for lang in LANGS:
        html = rules[lang].html()
        assert html.count("<section") == len(rules[lang].sections)
