"""The "Learn to play" guide on a page (widgets/lesson.py + GameApp), driven as a person would, in Python."""

from __future__ import annotations

import re

import pytest

from rulebook.core import all_games, get_game
from rulebook.core.lesson import load_lesson
from rulebook.tables.opening import open_store
from widgets import GameApp
from widgets.page import IndexPage, make_game_app

WITH_LESSON = sorted(name for name, game in all_games().items() if load_lesson(game) is not None)


def lesson_app(name: str = "treasure_hunt", lang: str = "en") -> GameApp:
    app = GameApp(name, lang=lang, store=open_store("memory:"))
    app.start_lesson()
    assert app.guide is not None
    return app


def box_step(app: GameApp) -> tuple[int, int]:
    found = re.search(r'class="rb-lesson" data-step="(\d+)" data-steps="(\d+)"', app.guide.box.value)
    assert found
    return int(found.group(1)), int(found.group(2))


def test_learn_button_only_where_a_lesson_exists():
    with_lesson = GameApp("treasure_hunt", lang="en", store=open_store("memory:"))
    assert with_lesson.learn_button.layout.display != "none" and with_lesson.learn_button.description == "Learn to play"
    for name in all_games():
        if name not in WITH_LESSON:
            app = GameApp(name, lang="ja", store=open_store("memory:"))
            assert app.learn_button.layout.display == "none"
            break


def test_a_step_to_read_refuses_moves_and_changes_nothing():
    app = lesson_app()
    before = list(app.match.actions)
    app.guarded(lambda: app.play("roll"))()
    assert app.error is not None and "Next" in app.error.message("en")
    assert list(app.match.actions) == before and app.guide.step == 0


def test_a_different_move_is_explained_and_not_played():
    app = lesson_app()
    app.guide.next()
    before = list(app.match.actions)
    app.guarded(lambda: app.play("give-up 3"))()
    assert app.error is not None
    assert app.error.message("en").startswith("This step asks you to do this: Press Roll")
    assert list(app.match.actions) == before and app.guide.step == 1


def test_the_asked_move_goes_on_and_the_script_rolls_the_dice():
    app = lesson_app()
    app.guide.next()
    app.play("roll")
    assert app.guide.step == 2 and [str(a) for a in app.match.actions] == ["roll", "die 1 3", "die 2 4"]
    assert box_step(app) == (3, len(app.lesson.steps))
    assert app.rule_panel.highlight == "chance"  # the rule panel points at what the step teaches


def test_back_rebuilds_the_previous_step_and_the_first_step_has_no_back():
    app = lesson_app()
    assert app.guide.back_button.disabled
    app.guide.next()
    app.play("roll")
    app.play("check 3 4")
    app.guide.back()
    assert app.guide.step == 2 and [str(a) for a in app.match.actions] == ["roll", "die 1 3", "die 2 4"]
    app.play("check 3 4")
    assert app.guide.step == 3


def test_skipping_every_step_reaches_the_end_and_offers_play_on_and_a_new_game():
    app = lesson_app(lang="ja")
    for _ in range(100):
        if app.guide.finished:
            break
        app.guide.skip()
    assert app.guide.finished
    assert box_step(app) == (len(app.lesson.steps), len(app.lesson.steps))
    assert 'data-done="1"' in app.guide.box.value
    assert app.guide.play_on_button in app.guide.buttons.children and app.guide.new_game_button in app.guide.buttons.children
    assert [str(a) for a in app.match.actions] == app.lesson.script(len(app.lesson.steps))
    app.end_lesson(new_game=True)
    assert app.guide is None and not app.match.table and app.match.actions == ()
    assert "learn=1" not in app.page_link.query and app.lesson_area.children == ()


def test_play_on_keeps_the_position():
    app = lesson_app()
    for _ in range(5):
        app.guide.skip()
    moves = list(app.match.actions)
    app.end_lesson(new_game=False)
    assert app.guide is None and list(app.match.actions) == moves
    app.play("roll")  # the game goes on from the same position, the site rolling the dice (issue 19 A)
    assert not app.match.table and len(app.match.actions) == len(moves) + 3  # the roll and its two dice


def test_the_url_carries_the_lesson_and_a_reload_resumes_at_the_step():
    app = lesson_app()
    app.guide.next()
    app.play("roll")
    app.play("check 3 4")
    assert "learn=1" in app.page_link.query
    params = dict(part.split("=", 1) for part in app.page_link.query.split("&"))
    again = make_game_app("treasure_hunt", params)
    assert again.guide is not None and again.guide.step == app.guide.step
    assert [str(a) for a in again.match.actions] == [str(a) for a in app.match.actions]


def test_undo_is_replaced_by_back_during_the_lesson():
    app = lesson_app()
    app.guide.next()
    app.play("roll")
    assert app.undo_button.disabled and app.undo_button.tooltip == "In the lesson, use Back."


def test_learn_1_starts_the_lesson_and_a_bad_value_is_reported():
    app = make_game_app("treasure_hunt", {"learn": "1", "lang": "en"})
    assert app.guide is not None and app.match.table
    bad = make_game_app("treasure_hunt", {"learn": "maybe", "lang": "en"})
    assert bad.guide is None and "?learn=maybe" in bad.notice_box.value


def test_the_catalogue_links_the_lesson_of_each_game_that_has_one():
    page = IndexPage("en")
    for name in WITH_LESSON:
        assert f'href="/voila/render/{name}.ipynb?lang=en&amp;learn=1"' in page.table.value
    assert page.table.value.count("rb-learn-link") == len(WITH_LESSON)


@pytest.mark.parametrize("name", WITH_LESSON)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_lesson_can_be_completed_on_its_page_by_its_asked_moves(name, lang):
    app = lesson_app(name, lang)
    game = get_game(name)
    while not app.guide.finished:
        step = app.guide.current
        if step.reading:
            app.guide.next()
        else:
            app.play(step.scripted_move())
        assert app.error is None
    assert [str(a) for a in app.match.actions] == load_lesson(game).script(len(app.guide.lesson.steps))
