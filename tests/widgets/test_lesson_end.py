"""A lesson ends in an ordinary game (issue 19 A): play on from its end, or a new game with the usual set-up."""

from __future__ import annotations

import json

import pytest

from tests.support.automatic import automatic_moves

from rulebook.core import HUMAN, Match, all_games, get_game
from rulebook.core.lesson import lesson_match, load_lesson
from rulebook.core.playon import play_on_match, play_on_seats
from rulebook.tables.opening import open_store
from rulebook.tables.session import TableSession
from rulebook.tables.store import CLOSED, LESSON, PAGE
from widgets import GameApp
from widgets.i18n import t
from widgets.lesson import LESSON_LABEL

WITH_LESSON = sorted(name for name, game in all_games().items() if load_lesson(game) is not None)


def finished_lesson(name: str, lang: str = "en") -> GameApp:
    """A page whose visitor skipped through the whole lesson (the page's own game started first, as on the site)."""
    app = GameApp(name, lang=lang, store=open_store("memory:"))
    app.start_lesson()
    assert app.guide is not None and app.session.info.origin == LESSON
    for _ in range(200):
        if app.guide.finished:
            break
        app.guide.skip()
    assert app.guide.finished
    return app


def header_text(app: GameApp) -> str:
    return app.status.value.lower()


@pytest.mark.parametrize("name", WITH_LESSON)
def test_play_on_keeps_the_seats_and_the_position_with_the_sites_dice(name):
    app = finished_lesson(name)
    page_seats = app._before_lesson[1]
    lesson_moves = [str(a) for a in app.match.actions]
    lesson_table = app.session.table_id
    app.end_lesson(new_game=False)
    match = app.match
    assert app.guide is None
    if len(page_seats) == len(match.seats):
        assert tuple(match.seats) == tuple(page_seats)  # bots stay bots (the page's seats before the lesson)
    else:  # the lesson has another seat count (Kokkuri-san: 3 of the usual 4): the game's default seats for it
        assert list(match.seats) == app.view.default_seats(match.options)
    assert match.seats[0] == HUMAN and all(kind != HUMAN for kind in match.seats[1:]) == all(k != HUMAN for k in page_seats[1:])
    assert not match.table and app.session.info.label == "" and app.session.info.origin == PAGE
    assert [str(a) for a in match.actions][: len(lesson_moves)] == lesson_moves  # the same position, then bots
    assert match.entered == lesson_match(app.lesson, app.game, len(app.lesson.steps)).chance_index()
    assert not app.session.info.seed_chosen  # a new secret seed: the lesson file's seed is public
    status = header_text(app)
    assert t("lesson_tag", "en").lower() not in status and t("table_on", "en") not in status
    assert "pass the tablet" not in app.pass_message.value.lower() or app.revealed
    assert app.store.info(lesson_table).status in (CLOSED, "over")
    assert app.table_input.value is False
    # the table reads back the same from the store (a reload), entered outcomes and all
    again, _ = TableSession.open(app.store, app.session.table_id, app.session.page_keys())
    assert [str(a) for a in again.match.actions] == [str(a) for a in match.actions] and again.match.entered == match.entered


@pytest.mark.parametrize("name", WITH_LESSON)
def test_a_new_game_after_the_lesson_has_the_usual_set_up(name):
    usual = GameApp(name, lang="en", store=open_store("memory:"))
    app = finished_lesson(name)
    app.end_lesson(new_game=True)
    assert app.guide is None and app.match.actions[:0] == () and not app.match.table
    assert app.match.options == usual.match.options and app.match.seats == usual.match.seats
    assert app.session.info.label != LESSON_LABEL and app.session.info.origin == PAGE
    status = header_text(app)
    assert t("lesson_tag", "en").lower() not in status and t("table_on", "en") not in status
    assert app.table_input.value is False


def test_lemon_poker_new_game_is_ten_hands_not_the_lessons_two():
    app = finished_lesson("lemon_poker")
    assert app.lesson.options.get("hands") == 2
    app.end_lesson(new_game=True)
    assert app.match.options["hands"] == 10


def test_national_economy_play_on_keeps_the_bot_and_deals_on_screen():
    app = finished_lesson("national_economy")
    assert app._before_lesson[1] == (HUMAN, "rules")
    app.end_lesson(new_game=False)
    assert app.match.seats == (HUMAN, "rules") and not app.match.table
    assert not app.hot_seat() and "Pass the tablet" not in app.pass_message.value or app.revealed
    assert app.match.current_player in (0, -2) or app.match.is_over()  # the bot moved; the learner is to play
    words = " ".join(button.description for button in app.actions.children).lower()
    assert "real card" not in words


def test_the_lessons_last_words_fit_the_game():
    cards = finished_lesson("national_economy")
    dice = finished_lesson("dice_of_tower")
    assert "dice" not in cards.guide.box.value.lower() and "deals" in cards.guide.box.value
    assert "rolls the dice" in dice.guide.box.value
    assert cards.table_input.description == t("table_mode_cards", "en")
    assert dice.table_input.description == t("table_mode_dice", "en")
    assert "dice" not in t("table_mode_cards", "en").lower()


def test_a_page_opened_on_the_lesson_link_plays_on_with_the_games_default_seats():
    """No game of the page's own before the lesson (``?learn=1`` opened the lesson's table): default seats."""
    first = finished_lesson("kokkuri_san")
    params = dict(part.split("=", 1) for part in first.page_link.query.split("&"))
    from widgets.page import make_game_app

    again = make_game_app("kokkuri_san", params)
    assert again.guide is not None and again._before_lesson is None
    again.end_lesson(new_game=False)
    assert again.match.seats == tuple(again.view.default_seats(again.match.options)) and not again.match.table


def test_play_on_match_replays_the_script_and_refuses_nothing_it_entered():
    game = get_game("dice_of_tower")
    lesson = load_lesson(game)
    done = lesson_match(lesson, game, len(lesson.steps))
    match = play_on_match(done, [HUMAN, "rules"], {**done.options, "mode": "digital"})
    assert match.options["mode"] == "digital" and not match.table and match.entered == done.chance_index()
    assert [str(a) for a in match.actions] == [str(a) for a in done.actions]
    # the record replays exactly (entered outcomes kept; the seed draws the rest)
    automatic_moves(match)
    again = Match.from_record(json.loads(match.to_json()), get_game)
    assert [str(a) for a in again.actions] == [str(a) for a in match.actions]
    # without the entered count the lesson's dice are refused as not the seed's
    record = json.loads(match.to_json())
    record["meta"]["entered"] = 0
    with pytest.raises(Exception):
        Match.from_record(record, get_game)


def test_play_on_seats_keep_the_page_seats_only_when_they_fit():
    assert play_on_seats(("human", "rules"), ["human", "search"]) == ["human", "rules"]
    assert play_on_seats(("human",), ["human", "search"]) == ["human", "search"]
    assert play_on_seats(("rules", "human"), ["human", "search"]) == ["human", "search"]
    assert play_on_seats(None, ["human", "search"]) == ["human", "search"]


def test_a_plain_record_with_entered_outcomes_is_refused_until_the_game_is_over():
    """Entered outcomes are not the seed's: a plain (unsealed) file claiming some could choose the dice."""
    app = finished_lesson("dice_of_tower")
    app.end_lesson(new_game=False)
    record = app.match.to_record()
    assert record["meta"]["entered"] > 0 and not app.match.is_over()
    table = app.session.table_id
    app.guarded(lambda: app.load_json(json.dumps(record)))()
    assert app.error is not None and app.session.table_id == table
    sealed_name, sealed = app.save_record()  # the site's own sealed save resumes exactly
    app.load_json(sealed)
    assert app.match.entered == record["meta"]["entered"] and [str(a) for a in app.match.actions] == record["actions"]
