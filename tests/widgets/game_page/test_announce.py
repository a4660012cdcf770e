"""The page's live region (issue 31): what it says after a move, a roll, a bot's turn and the end."""

from __future__ import annotations

from rulebook.core import CHANCE
from rulebook.tables.opening import open_store
from widgets import GameApp
from widgets.game_page.announce import announcement, plain


def test_plain_drops_markup_and_entities():
    assert plain("<b>Seat 1</b> rolls &amp; holds  <i>5</i>") == "Seat 1 rolls & holds 5"


def test_announcement_says_the_latest_lines_then_the_end():
    lines = [None, "a", "", "b", "c", "d", "e"]
    assert announcement(lines, most=3) == "c. d. e."
    assert announcement(["1 を出した"], ended="ゲーム終了: 勝者 席 1") == "1 を出した。 ゲーム終了: 勝者 席 1。"
    assert announcement([None, ""]) == ""


def _play_one(app: GameApp) -> None:
    match = app.match
    if match.current_player == CHANCE:
        app.roll()
    else:
        app.play(app.game.legal_actions(match.state)[0])


def test_the_first_drawing_says_nothing_and_each_move_is_said_in_the_pages_language():
    for lang in ("ja", "en"):
        app = GameApp("pig", lang=lang, store=open_store("memory:"), seed=4, options={"players": 2}, seats=["human", "human"])
        assert app.announcer.count == 0 and app.announcer.text == ""
        before = len(app.match.actions)
        _play_one(app)
        assert len(app.match.actions) > before
        assert app.announcer.count == 1
        assert app.announcer.lang == lang
        m = app.match
        lines = [app.view.describe(m.states[k], m.actions[k], m.states[k + 1]) for k in range(before, len(m.actions))]
        said = [plain(line) for line in lines if line]
        assert said and all(text in app.announcer.text for text in said), (said, app.announcer.text)


def test_a_bots_turn_and_the_end_are_said():
    app = GameApp("pig", lang="en", store=open_store("memory:"), seed=4, options={"players": 2}, seats=["human", "hold20"])
    assert app.match.seats == ("human", "hold20"), app.notices
    bot_said = False
    for _ in range(400):
        if app.game.outcome(app.match.state) is not None:
            break
        before = len(app.match.actions)
        _play_one(app)
        # the bot plays right after the human's move: its lines are said in the same announcement
        bot_said = bot_said or any(
            (line := app.view.describe(app.match.states[k], app.match.actions[k], app.match.states[k + 1])) and "Seat 2" in line
            and plain(line) in app.announcer.text
            for k in range(before, len(app.match.actions))
        )
    assert app.game.outcome(app.match.state) is not None
    assert bot_said
    assert app.announcer.text.count("Game over") == 1, app.announcer.text
