"""``rulebook publish`` refuses bad options and folders with a message naming the choices, and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook import cli
from rulebook.core.registry import all_games
from rulebook.publish import PublishError, PublishOptions
from rulebook.publish.build import MARKER, check_url, parse_games, parse_langs


def test_languages_default_to_both_and_keep_the_given_order() -> None:
    assert parse_langs(None) == ("ja", "en")
    assert parse_langs("en, ja,en") == ("en", "ja")


@pytest.mark.parametrize("text", ["fr", "ja,xx", "", " , "])
def test_an_unknown_language_names_the_choices(text: str) -> None:
    with pytest.raises(PublishError, match="choose from ja, en"):
        parse_langs(text)


def test_games_come_from_the_registry() -> None:
    assert parse_games(None, all_games()) == tuple(all_games())
    one = next(iter(all_games()))
    assert parse_games(f"{one},{one}", all_games()) == (one,)


def test_an_unknown_game_names_every_registered_one() -> None:
    with pytest.raises(PublishError) as error:
        parse_games("puniu,chess", all_games())
    assert "chess" in str(error.value)
    for name in all_games():
        assert name in str(error.value)


@pytest.mark.parametrize("url", ["example.org", "ftp://example.org", "https://", "https://x.org/?a=1", "https://x.org/#top", "javascript:alert(1)"])
def test_a_bad_address_is_refused(url: str) -> None:
    with pytest.raises(PublishError, match="--play-url"):
        check_url(url, "--play-url")


def test_a_good_address_loses_its_trailing_slash() -> None:
    assert check_url("https://rules.example.org/site/", "--play-url") == "https://rules.example.org/site"
    assert check_url(None, "--play-url") == ""


def test_a_folder_that_is_not_an_edition_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(PublishError, match="not empty"):
        PublishOptions.from_args(tmp_path)
    (tmp_path / "notes.txt").unlink()
    (tmp_path / MARKER).write_text("")
    assert PublishOptions.from_args(tmp_path).out == tmp_path


def test_a_file_is_not_a_folder(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.write_text("x")
    with pytest.raises(PublishError, match="is a file"):
        PublishOptions.from_args(target)


@pytest.mark.parametrize(
    "args, said",
    [
        (["--lang", "de"], "choose from ja, en"),
        (["--games", "nope"], "not a registered game"),
        (["--play-url", "rules.example.org"], "--play-url"),
        (["--base-url", "http://x.org/?q"], "--base-url"),
    ],
)
def test_the_command_says_what_is_wrong_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str) -> None:
    out = tmp_path / "edition"
    assert cli.main(["publish", str(out), "--no-cards", *args]) == 2
    assert said in capsys.readouterr().err
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_without_chromium_pdf_is_refused_and_cards_are_left_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rulebook.publish import chromium, publish

    monkeypatch.setattr(chromium, "available", lambda: False)
    out = tmp_path / "e"
    with pytest.raises(PublishError, match="--pdf needs Chromium"):
        publish(PublishOptions.from_args(out, games="ring", pdf=True))
    assert not out.exists() and list(tmp_path.iterdir()) == []
    report = publish(PublishOptions.from_args(out, games="ring"))
    assert report.cards == 0 and any("no share-card pictures" in note for note in report.notes)
    page = (out / "en" / "ring" / "index.html").read_text("utf-8")
    assert '<meta property="og:title"' in page and "og:image" not in page


def test_the_publish_package_imports_no_widget_until_it_draws() -> None:
    """Rules code imports no ipywidgets: the views are imported only to compute pictures (content.gather)."""
    import subprocess
    import sys

    code = (
        "import sys, rulebook.publish, rulebook.publish.live, rulebook.publish.pages;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget', 'widgets')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
