"""The Dice of Tower page: pick a die, tap a top, re-roll and pass, burst and loss, table-mode entries, options."""

from __future__ import annotations

import pytest

from rulebook.core import CHANCE
from rulebook.games.dice_of_tower.actions import Burst, Face, Place
from rulebook.games.dice_of_tower.state import Phase
from widgets import GameApp


def board(app: GameApp) -> dict:
    return app.view.board.view["board"]


def control(app: GameApp, key: str) -> dict:
    return next(c for c in app.view.board.view["controls"] if c["key"] == key)


def send(app: GameApp, message: dict) -> None:
    if "ply" not in message:
        message = {**message, "ply": len(app.match.actions)}
    app.view.board._handle_custom_msg(message, [])


def dice(app: GameApp) -> dict:
    return {d["id"]: d for t in board(app)["towers"] for d in t["dice"]}


@pytest.fixture
def app() -> GameApp:
    app = GameApp("dice_of_tower", lang="en", seed=7)
    app.start({"players": 2}, seed=7, seats=["human", "human"])
    return app


def test_the_roll_is_drawn_at_once_and_the_first_seat_picks(app: GameApp) -> None:
    assert app.match.current_player == 0 and board(app)["mode"] == "decide"
    assert all(1 <= d["face"] <= 6 for d in dice(app).values())
    assert not app.actions.children  # every move is on the board


def test_pick_then_place_by_two_taps(app: GameApp) -> None:
    legal = app.game.legal_actions(app.match.state)
    place = next(a for a in legal if isinstance(a, Place))
    send(app, {"type": "die", "die": place.die})
    assert dice(app)[place.die]["picked"] and dice(app)[place.onto]["target"]
    send(app, {"type": "die", "die": place.onto})
    assert app.match.actions[16] == place


def test_a_tap_on_a_refused_top_says_why(app: GameApp) -> None:
    state = app.match.state
    legal = app.game.legal_actions(state)
    place = next(a for a in legal if isinstance(a, Place))
    send(app, {"type": "die", "die": place.die})
    wrong = next(d for d in range(8, 16) if Place(place.die, d) not in legal)  # an opponent's die it may not go on
    send(app, {"type": "die", "die": wrong})
    assert app.match.state is state or app.match.state == state
    assert app.error is not None and app.error.rule_id in ("pick", "place", "opponent", "faces", "size")
    send(app, {"type": "die", "die": "x"})
    assert app.error.rule_id == "pick"


def test_options_carry_the_collapse_parameters_and_table_mode(app: GameApp) -> None:
    view = app.view
    view.hands_input.value = "perfect"
    assert [b.value for b in view.risk_inputs.values()] == [0, 0, 0]
    view.players_input.value = 4
    app.table_input.value = True
    options = view.options()
    assert options == {"players": 4, "sizes": "SSSMMMLL", "height_risk": 0, "step_risk": 0, "reroll_risk": 0, "mode": "table"}
    app.start(options, seed=3, seats=["human"] * 4, table=True)
    assert app.match.current_player == CHANCE and board(app)["mode"] == "entry"
    assert [c["key"] for c in app.view.board.view["controls"]][:7] == [f"face-{v}" for v in range(1, 7)] + ["off"]
    send(app, {"type": "play", "action": "face 5"})
    assert tuple(app.match.actions) == (Face(5),)
    send(app, {"type": "play", "action": "off"})
    assert app.match.state.removed[1]


def test_reroll_pass_and_burst_loss_through_the_page() -> None:
    app = GameApp("dice_of_tower", lang="en", seed=1)
    app.start({"players": 2, "mode": "table"}, seed=1, seats=["human", "human"], table=True)
    faces = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
    for f in faces:
        send(app, {"type": "play", "action": f"face {f}"})
    assert control(app, "reroll")["enabled"] and not control(app, "pass")["enabled"]
    send(app, {"type": "play", "action": "reroll"})
    for f in (6, 6, 6, 6, 6, 6, 6, 6):
        send(app, {"type": "play", "action": f"face {f}"})
    assert app.match.state.phase == Phase.AFTER_REROLL
    send(app, {"type": "die", "die": 0})
    send(app, {"type": "die", "die": 8})
    assert app.match.actions[-1] == Place(0, 8)
    send(app, {"type": "play", "action": "burst 8"})
    assert app.match.state.removed[0]
    send(app, {"type": "play", "action": "face 2"})
    assert app.match.current_player == 1
    assert "Burst!" in " ".join(m["text"] for m in app.view.board.view["messages"])


def test_japanese_page_and_status() -> None:
    app = GameApp("dice_of_tower", lang="ja", seed=2)
    app.start({"players": 3}, seed=2, seats=["human", "rules", "search"])
    assert "ラウンド" in app.view.status()
    assert board(app)["mode"] in ("decide", "watch", "over")


def test_a_lone_die_with_nowhere_to_go_is_explained(app: GameApp) -> None:
    state = app.match.state
    legal = app.game.legal_actions(state)
    pickable = {a.die for a in legal if isinstance(a, Place)}
    stuck = [d for d in range(8) if (d,) in state.towers and d not in pickable]
    if not stuck:
        pytest.skip("every lone die of seat 1 has a placement in this deal")
    send(app, {"type": "die", "die": stuck[0]})
    assert app.error.rule_id == "place" and "cannot go anywhere now" in app.error.message_en
    assert app.match.state is state


def test_a_table_mode_link_starts_the_real_table_rules():
    """``?table=1`` alone (no mode in the address) gives the table's own entries, as the panel's switch does."""
    from widgets import GameApp

    app = GameApp("dice_of_tower", lang="en", table=True)
    assert app.match.table and app.match.options["mode"] == "table"
    assert GameApp("dice_of_tower", lang="en").match.options["mode"] == "digital"


def test_dt9_a_partial_burst_is_entered_with_two_taps_on_the_page() -> None:
    """DT-9 at a real table: tap the tower that fell, then how many levels still stand (`burst 8 keep 1`);
    "back" returns to the entries; a page-only key that is no entry is refused and changes nothing."""
    app = GameApp("dice_of_tower", lang="en", seed=1)
    app.start({"players": 2, "mode": "table", "height_risk": 0, "step_risk": 0, "reroll_risk": 0}, seed=1, seats=["human", "human"], table=True)
    state = app.match.state
    faces, removed = [0] * 16, [True] * 16
    for die, face in ((6, 2), (8, 5), (1, 2), (14, 5), (10, 3)):
        faces[die], removed[die] = face, False
    app.match._states[-1] = state._replace(faces=tuple(faces), removed=tuple(removed), towers=((6,), (8, 1, 14), (10,)), phase=Phase.TURN, turn=0, queue=())
    app.view.refresh()
    send(app, {"type": "die", "die": 6})
    send(app, {"type": "die", "die": 14})
    assert app.match.state.phase == Phase.PLACE_RISK and board(app)["mode"] == "entry"
    plies = len(app.match.actions)
    send(app, {"type": "control", "key": "burst-8"})
    assert [c["key"] for c in app.view.board.view["controls"]] == ["keep-0", "keep-1", "keep-2", "fall-back"]
    send(app, {"type": "control", "key": "fall-back"})
    assert control(app, "burst-8")["action"] == "" and len(app.match.actions) == plies
    send(app, {"type": "control", "key": "burst-99"})
    assert app.error is not None and app.error.rule_id == "collapse" and len(app.match.actions) == plies
    send(app, {"type": "control", "key": "burst-8"})
    send(app, {"type": "play", "action": control(app, "keep-1")["action"]})
    assert app.match.actions[-1] == Burst(8, 1)
    assert (8,) in app.match.state.towers and app.match.state.queue == (1, 14)
    assert [c["key"] for c in app.view.board.view["controls"]][:6] == [f"face-{v}" for v in range(1, 7)]  # the fallen dice are entered
