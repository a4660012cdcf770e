"""The 指輪を落とさないで page: seats with ring gauges and pedestals, the dice, the trick, your hand.

The drawing layer only: it owns the widgets and the page-local state
(the table-mode dice typed so far, the hint cache), turns board taps into
engine actions, and draws ``present(...)`` (``present.py``; every text in
``texts.py``). A hidden-information view: everything drawn comes from
``self.observation`` (the viewer's own, or the public one while the pass
screen is up), never from the match's full state. Taps come back as
messages carrying the ply they were drawn for; a tap meant for an older
drawing is ignored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

import ipywidgets as w
import numpy as np

from rulebook.core import CHANCE, HUMAN, Outcome, UnreadableAction
from rulebook.core.examples import ExampleSpec
from rulebook.games.ring.actions import DISCARD, PLAY, ROLL, TAKE, Deal, Discard, Play, Roll, Take
from rulebook.games.ring.bots import search_bot
from rulebook.games.ring.cards import CARD_IDS
from rulebook.games.ring.state import DEAL_PHASE, State
from rulebook.games.ring.observation import RingObservation
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ..base import BaseView, require_all_pips
from ..model import Engine, as_int, engine_for, short
from .common import Page, tap_refusal
from .examples import example_view
from .present import present, status
from .report import describe, hint_html, hint_lines, outcome_html
from .texts import WORDS

HINT_BUDGET = 0.3
"""Seconds the search bot thinks for the hint."""


class RingBoard(GameBoard):
    """Seats, dice, trick and hand; draws the view model in ``view``; taps come back as messages (take / card / entry)."""

    _esm = esm("dice.js", "ring.js")
    _css = asset("app.css", "ring.css")


def _junk(content: Any) -> UnreadableAction:
    """A board message that reads as no move (a bad page, or someone poking at it)."""
    ja, en = WORDS.both("unreadable", text=short(content, 60))
    return UnreadableAction("actions", ja, en)


class View(BaseView[RingObservation]):
    """指輪を落とさないで's part of the page (``BaseView`` documents each hook)."""

    players_input: w.Dropdown  # always made in __init__ (the base class allows a game without one)
    chance_parts = "dice_cards"

    example_board = RingBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.board = RingBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.build_dice_entry()
        self._entry_key: tuple | None = None
        self.players_input = w.Dropdown(options=[3, 4, 5], value=4)
        self.players_input.add_class("rb-players")
        self.bonus_input = w.Checkbox(value=False, indent=False)
        self.bonus_input.add_class("rb-just-bonus")
        self.players_input.observe(self.context.guarded(lambda _: self.context.seats_changed()), "value")
        self.options_widget = w.VBox([self.players_input, self.bonus_input])
        self._set_option_labels()
        self._hint_cache: tuple[tuple, str] | None = None

    # ----- words and options ---------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self._set_option_labels()

    def _set_option_labels(self) -> None:
        self.players_input.description = WORDS("players", self.lang)
        self.bonus_input.description = WORDS("just_bonus", self.lang)

    def options(self) -> dict[str, Any]:
        return {"players": int(self.players_input.value), "just_bonus": bool(self.bonus_input.value)}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.players_input.value = int(options.get("players", 4))
        self.bonus_input.value = bool(options.get("just_bonus", False))

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        return [HUMAN] + ["search"] * (int(options.get("players", 4)) - 1)

    def auto_roll(self, state: State) -> bool:
        """The deal happens by itself; the dice wait for the Roll button (a pause between rounds)."""
        return state.phase == DEAL_PHASE

    # ----- page facts ------------------------------------------------------------------------------
    def _acting(self, obs: RingObservation) -> bool:
        """The viewer is the seat to move, a person, and the board is shown to them."""
        match = self.context.match
        turn = obs.turn
        return turn is not None and obs.you == turn and self.context.revealed and match.current_player == turn and not match.is_bot(turn)

    def page(self, obs: RingObservation) -> Page:
        match = self.context.match
        page = Page(
            seats=tuple(match.seats),
            ply=len(match.actions),
            acting=self._acting(obs),
            revealed=self.context.revealed,
            table=match.table,
            chance=match.current_player == CHANCE,
        )
        return replace(page, entry=tuple(self.entry)) if page.entering(obs) else page

    def engine(self, page: Page) -> Engine:
        """The engine's facts for the viewer: legal moves while they act, and why any other is refused."""
        return engine_for(self.context.game, self.context.match.state, page.acting)

    def _sync_entry(self, obs: RingObservation) -> None:
        """A fresh row of empty dice each time the parent's real dice are to be typed in."""
        key = (len(self.context.match.actions), obs.round)
        if key != self._entry_key:
            self._entry_key = key
            self.entry = [0] * (obs.players + 1 - len(obs.pool)) if self.page(obs).entering(obs) else []

    # ----- drawing ----------------------------------------------------------------------------------
    def refresh(self) -> None:
        obs = self.observation
        self._sync_entry(obs)
        page = self.page(obs)
        self.board.view = present(obs, self.engine(page), page, self.lang).to_json()
        example = "3514626"[: obs.players + 1]
        self.entry_confirm.description = WORDS("entry_confirm", self.lang)
        self.entry_text.placeholder = WORDS("entry_example", self.lang, example=example)
        self.entry_text.description = WORDS("entry_pips", self.lang)

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    def status(self) -> str:
        obs = self.observation
        return status(obs, self.page(obs), self.lang)

    def describe(self, before: State, action: Any, after: State) -> str | None:
        return describe(before, action, after, self.context.match.seats, self.lang)

    def outcome_html(self, outcome: Outcome) -> str:
        obs = self.observation
        return outcome_html(obs, outcome, self.page(obs), self.lang)

    def hint_html(self) -> str:
        obs = self.observation
        page = self.page(obs)
        if not page.acting:
            return ""
        key = (page.ply, obs.you, self.lang)
        if self._hint_cache and self._hint_cache[0] == key:
            return self._hint_cache[1]
        legal = list(self.engine(page).legal)
        pick, ranked = None, []
        if len(legal) > 1:
            bot = search_bot(self.context.game, budget=HINT_BUDGET)
            rng = np.random.default_rng([self.context.match.seed, 9, page.ply])
            pick = bot.choose(obs, legal, rng)
            best = sorted(bot.last_stats.items(), key=lambda item: -item[1][1])[:3]
            ranked = [(action, visits, mean) for action, (visits, mean) in best]
        text = hint_html(hint_lines(obs, self.lang), ranked, pick, self.lang)
        self._hint_cache = (key, text)
        return text

    # ----- moves -----------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        return isinstance(action, (Take, Discard, Play, Deal, Roll))

    def extra_controls(self) -> list[w.Widget]:
        obs = self.observation
        page = self.page(obs)
        if page.entering(obs):
            if self.entry and all(self.entry):
                self.entry_text.value = "".join(str(p) for p in self.entry)
            return [self.entry_text, self.entry_confirm]
        if page.dealing_by_hand(obs):
            return [self.context.fresh_button(WORDS("deal_button", self.lang), ("rb-deal", "rb-primary"), self.deal)]
        return []

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            raise _junk(content)
        if content.get("ply") != len(self.context.match.actions):
            return  # a tap on an older drawing (double tap): the page has moved on
        kind = content.get("type")
        obs = self.observation
        page = self.page(obs)
        if kind == "entry":
            index = as_int(content.get("index"), 0, len(self.entry) - 1)
            if index is None or not page.entering(obs):
                raise _junk(content)
            self.entry[index] = self.entry[index] % 6 + 1
            self.context.tapped()
            return
        if kind == "take":
            pips = as_int(content.get("pips"), 1, 6)
            if pips is None:
                raise _junk(content)
            action: Any = TAKE[pips]
        elif kind == "card":
            name = content.get("card")
            if not isinstance(name, str) or name not in CARD_IDS:
                raise _junk(content)
            action = DISCARD[CARD_IDS[name]] if obs.phase == "discard" else PLAY[CARD_IDS[name]]
        else:
            raise _junk(content)
        refusal = tap_refusal(obs, page)
        if refusal is not None:
            raise refusal
        self.context.play(action)  # the engine validates: a refused card or die comes back with its rule

    def deal(self) -> None:
        """Table mode: the page shuffles and deals (the seed's own stream), as one move."""
        match = self.context.match
        game = match.game
        obs = self.observation
        if not self.page(obs).dealing_by_hand(obs):
            return
        state, k = match.state, match.chance_index()
        actions = []
        while game.current_player(state) == CHANCE and state.phase == DEAL_PHASE:
            action = match.sample_at(state, k)  # the deal the seed gives outside table mode too
            actions.append(action)
            state = game.next_state(state, action)
            k += 1
        self.context.play_group(actions)

    def _on_entry_text(self, change: Mapping[str, Any]) -> None:
        obs = self.observation
        if not self.page(obs).entering(obs):
            return
        self.fill_entry(change["new"], WORDS("entry_where", "ja"), WORDS("entry_where", "en"))

    def confirm_entry(self) -> None:
        obs = self.observation
        if not self.page(obs).entering(obs):
            return
        require_all_pips(self.entry)
        rolls = [ROLL[p] for p in self.entry]
        self.entry = []
        self.entry_text.value = ""
        self.context.play_group(rolls)


__all__ = ["RingBoard", "View"]
