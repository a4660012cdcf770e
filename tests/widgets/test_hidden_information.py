"""Pages of hidden-information games: one seat's view at a time, pass screens between people."""

from __future__ import annotations

import ipywidgets as w
import pytest
from tests.support import toy_cards
from tests.support.toy_cards import GAME, Say

import widgets.app as app_module
from rulebook.core import SPECTATOR
from widgets import GameApp
from widgets.views.base import BaseView


class ToyView(BaseView):
    """Draws exactly the observation, as a hidden-information view must."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.widget = w.HTML()

    def refresh(self) -> None:
        seen = self.observation
        self.widget.value = f"you={seen['you']} card={seen['card']}"


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(app_module, "load_view", lambda name: ToyView)
    monkeypatch.setattr(app_module, "load_rules", lambda package: toy_cards.RULES)

    def make(seats: list[str]) -> GameApp:
        app = GameApp(GAME, lang="en", seed=5, seats=seats)
        app.roll()
        return app

    return make


def test_one_person_against_a_bot_sees_only_their_card(toy) -> None:
    app = toy(["human", "random"])
    assert app.revealed and app.play_column.children == app.play_parts
    cards = app.match.state.cards
    assert app.view.widget.value == f"you=0 card={cards[0]}"
    assert app.observation()["card"] == cards[0]


def test_hot_seat_hides_each_hand_behind_a_pass_screen(toy) -> None:
    app = toy(["human", "human"])
    cards = app.match.state.cards
    assert not app.revealed
    assert app.play_column.children == (app.pass_screen,)
    assert "Seat 1" in app.pass_message.value
    assert app.view.widget.value == f"you={SPECTATOR} card=None"  # nothing private reached the widget
    app.reveal_button.click()
    assert app.view.widget.value == f"you=0 card={cards[0]}"
    app.play(Say("bet"))
    assert not app.revealed and "Seat 2" in app.pass_message.value
    assert f"card={cards[0]}" not in app.view.widget.value
    app.reveal_button.click()
    assert app.view.widget.value == f"you=1 card={cards[1]}"
    app.undo_button.click()  # back to seat 1's decision: hand the tablet back first
    assert not app.revealed and app.viewer == 0
    assert "card=None" in app.view.widget.value


def test_the_end_of_the_game_shows_the_result_without_a_pass_screen(toy) -> None:
    app = toy(["human", "human"])
    app.reveal()
    app.play(Say("check"))
    assert app.match.is_over() and app.revealed


def test_the_save_file_is_made_only_on_request(toy) -> None:
    app = toy(["human", "random"])
    assert app.save_link.value == "" and app.save_button.layout.display is None
    app.save_button.click()
    assert "data:application/json;base64," in app.save_link.value
    app.play(Say("check"))
    assert app.save_link.value == ""


def test_games_without_secrets_build_the_sealed_save_on_request_too() -> None:
    app = GameApp("chiritsumo", lang="en", seed=1)
    assert app.save_link.value == "" and app.save_button.layout.display is None
    app.save_button.click()
    assert "data:application/json" in app.save_link.value and "Save (sealed JSON)" in app.save_link.value
    assert app.revealed
