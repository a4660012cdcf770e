"""The static edition as files: every registered game in every language, the same rules text as the rule panel."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulebook.core.registry import all_games
from rulebook.core.text import load_quick, load_rules, quick_html
from rulebook.publish import PublishOptions, publish
from rulebook.publish.build import edition_paths, page_for
from rulebook.publish.content import gather, rules_package
from rulebook.publish.live import LiveEdition
from rulebook.publish.pages import Edition, script_json
from widgets.edition import board_module_of, example_views

PLAY = "https://play.example.org/site"


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("publish") / "edition"
    report = publish(PublishOptions.from_args(out, play_url=PLAY, cards=False))
    assert report.pages == 2 * (len(all_games()) + 1) + 1
    return out


def views_of(page: str) -> dict:
    match = re.search(r'<script type="application/json" id="rb-example-views">(.*?)</script>', page, re.S)
    return json.loads(match.group(1)) if match else {}


def test_every_registered_game_has_a_page_per_language(edition: Path) -> None:
    for lang in ("ja", "en"):
        catalogue = (edition / lang / "index.html").read_text("utf-8")
        for name in all_games():
            assert f'href="../{lang}/{name}/"' in catalogue
            assert (edition / lang / name / "index.html").is_file()


def test_a_page_holds_the_rule_panel_s_own_text(edition: Path) -> None:
    for name, game in all_games().items():
        package = rules_package(game)
        for lang, rules in load_rules(package).items():
            page = (edition / lang / name / "index.html").read_text("utf-8")
            assert rules.html() in page
            quick = load_quick(package).get(lang)
            if quick:
                assert quick_html(quick, lang) in page
            for section in rules.sections:
                assert f'id="rule-{section.id}"' in page


def test_every_example_the_rule_panel_draws_is_drawn_from_the_same_view_model(edition: Path) -> None:
    for name, game in all_games().items():
        board = board_module_of(name)
        for lang, rules in load_rules(rules_package(game)).items():
            page = (edition / lang / name / "index.html").read_text("utf-8")
            expected = example_views(game, rules.examples, lang) if board else {}
            assert views_of(page) == json.loads(json.dumps(expected))
            if board:
                assert (edition / "assets" / name / "board.js").read_text("utf-8") == board.esm
                assert (edition / "assets" / name / "board.css").read_text("utf-8") == board.css
                for key in expected:
                    assert f'data-example="{key}"' in page


def test_the_games_with_worked_examples_all_get_pictures(edition: Path) -> None:
    drawn = [name for name in all_games() if views_of((edition / "en" / name / "index.html").read_text("utf-8"))]
    assert len(drawn) >= 10  # every game of the tree but none has examples drawn by its board


def test_play_buttons_point_at_the_live_site(edition: Path) -> None:
    page = (edition / "en" / "puniu" / "index.html").read_text("utf-8")
    assert f'href="{PLAY}/voila/render/puniu.ipynb?lang=en"' in page
    assert f'href="{PLAY}/voila/render/puniu.ipynb?lang=en&amp;learn=1"' in page


def test_without_a_play_url_there_is_no_play_button(tmp_path: Path) -> None:
    out = tmp_path / "e"
    publish(PublishOptions.from_args(out, games="puniu", langs="en", cards=False))
    page = (out / "en" / "puniu" / "index.html").read_text("utf-8")
    assert "rb-ed-play" not in page and "voila/render" not in page
    assert not (out / "ja").exists()
    assert sorted(p.name for p in (out / "assets").iterdir()) == ["app.css", "catalogue.js", "edition.css", "edition.js", "puniu"]


def test_share_cards_without_a_picture_still_say_title_and_description(edition: Path) -> None:
    page = (edition / "ja" / "puniu" / "index.html").read_text("utf-8")
    assert '<meta property="og:title" content="ぷにぅダイス — ルール">' in page
    assert '<meta property="og:description"' in page and '<meta name="twitter:card" content="summary">' in page
    assert "og:image" not in page  # built with cards=False


class Parser(HTMLParser):
    """Checks that every page parses: tags closed in order (void elements aside)."""

    VOID = {"meta", "link", "br", "img", "input", "hr", "source"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes {self.stack[-1:]}")
        else:
            self.stack.pop()


def test_every_page_is_well_formed(edition: Path) -> None:
    for path in edition.rglob("*.html"):
        parser = Parser()
        parser.feed(path.read_text("utf-8"))
        assert parser.problems == [] and parser.stack == [], path


def test_the_live_site_serves_the_same_bytes() -> None:
    live = LiveEdition(play_url=PLAY)
    edition = live.edition
    contents = {name: gather(game) for name, game in all_games().items()}
    for path in edition_paths(edition):
        built = page_for(path, edition, contents.__getitem__, lambda: contents)
        assert (live.file(path) or b"").decode("utf-8") == (built or ""), path
    assert live.file("ja/") == live.file("ja/index.html")
    assert live.file("ja/no_such_game/index.html") is None
    assert live.file("../../etc/passwd") is None


def test_json_in_a_page_cannot_close_its_script() -> None:
    text = script_json({"caption": "</script><script>alert(1)</script><!--"})
    assert "</script" not in text and "<!--" not in text
    assert json.loads(text)["caption"].startswith("</script>")


def test_a_game_missing_from_the_catalogue_is_still_published(monkeypatch: pytest.MonkeyPatch) -> None:
    import rulebook.publish.content as content
    import rulebook.publish.pages as pages

    monkeypatch.setattr(content, "ENTRIES", ())
    monkeypatch.setattr(pages, "ENTRIES", ())
    game = all_games()["puniu"]
    gathered = gather(game, pictures=False)
    assert gathered.entry is None
    assert gathered.title("en") == game.title_en
    assert gathered.description("en")
    page = page_for("en/index.html", Edition(langs=("en",), games=("puniu",)), {"puniu": gathered}.__getitem__, lambda: {"puniu": gathered})
    assert 'href="../en/puniu/"' in page and page.count('class="rb-ed-row"') == 1
    assert 'data-pmin=""' in page  # no figures: the filters never hide it


def test_with_a_base_url_share_cards_carry_absolute_links() -> None:
    from rulebook.publish.pages import share_meta

    gathered = gather(all_games()["ring"], pictures=False)
    edition = Edition(langs=("ja", "en"), games=("ring",), base_url="https://rules.example.org/ed", cards=frozenset({"en/ring"}))
    meta = share_meta(gathered, edition, "en", "../../")
    assert '<meta property="og:image" content="https://rules.example.org/ed/en/ring/card.png">' in meta
    assert '<meta property="og:url" content="https://rules.example.org/ed/en/ring/">' in meta
    assert '<link rel="canonical" href="https://rules.example.org/ed/en/ring/">' in meta
    assert '<meta name="twitter:card" content="summary_large_image">' in meta
    assert "og:image" not in share_meta(gathered, edition, "ja", "../../")  # no picture rendered for ja


def test_the_command_reports_what_it_wrote(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rulebook import cli

    assert cli.main(["publish", str(tmp_path / "e"), "--games", "ring", "--lang", "ja", "--no-cards"]) == 0
    said = capsys.readouterr().out
    assert "3 pages" in said and "0 PDFs" in said
    assert (tmp_path / "e" / "index.html").is_file() and (tmp_path / "e" / "ja" / "ring" / "index.html").is_file()


def test_every_page_says_its_language(edition: Path) -> None:
    # issue 31: a Japanese screen reader reads a page marked English with English rules
    for page in edition.rglob("index.html"):
        parts = page.relative_to(edition).parts
        lang = parts[0] if len(parts) > 1 else "ja"  # the root page is the first language's catalogue
        assert page.read_text("utf-8").startswith(f'<!doctype html>\n<html lang="{lang}">'), page
