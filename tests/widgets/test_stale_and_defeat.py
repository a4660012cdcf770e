"""No stale screen (issue 10 D): a refused move's rule is not highlighted after the next move; defeat never looks like success."""

from __future__ import annotations

from rulebook.tables.opening import open_store
from widgets import GameApp
from widgets.views.model import outcome_kind


def test_outcome_kind():
    assert outcome_kind((0,), [0]) == "success"
    assert outcome_kind((), [0]) == "defeat"  # a solo game lost: nobody wins
    assert outcome_kind((1,), [0]) == "defeat"
    assert outcome_kind((1,), [0, 1]) == "success"
    assert outcome_kind((0,), []) == "neutral"  # a spectator


def lost_treasure_hunt() -> GameApp:
    """A Treasure Hunt page whose explorer gives up three times: three crosses lose the game."""
    app = GameApp("treasure_hunt", lang="en", store=open_store("memory:"), seed=5)
    for n in (1, 2, 3):
        app.play(f"give-up {n}")
    assert app.match.is_over()
    return app


def test_a_lost_solo_game_is_drawn_as_a_defeat():
    app = lost_treasure_hunt()
    assert "rb-outcome-defeat" in app.outcome_box.value and "rb-outcome-success" not in app.outcome_box.value


def test_a_refused_moves_rule_stops_being_highlighted_after_the_next_move():
    app = GameApp("treasure_hunt", lang="en", store=open_store("memory:"), seed=5)
    app.guarded(lambda: app.play("bring scarab"))()
    assert app.error is not None and app.rule_panel.highlight == app.error.rule_id
    app.play("roll")
    assert app.error is None and app.rule_panel.highlight == ""
    assert "rb-rule-highlight" not in app.rule_panel.html


def test_a_refusal_goes_when_a_tap_changes_the_page_without_a_move():
    """Holding a die (a page-only change) after a refused tap: the refusal no longer describes the page."""
    app = GameApp("puniu", lang="en", store=open_store("memory:"), seed=3, seats=["human"])
    app.roll()
    board = app.view.board
    board._handle_custom_msg({"type": "hold", "die": 9, "ply": len(app.match.actions)}, [])  # no such die
    assert app.error is not None and "rb-error-box" in app.error_box.value
    board._handle_custom_msg({"type": "hold", "die": 0, "ply": len(app.match.actions)}, [])
    assert app.error is None and app.view.held == {0}
    assert "rb-error-box" not in app.error_box.value
