"""The National Economy page: the drawing layer.

``present.py`` decides what the page shows from the viewer's observation
only; this module owns the widgets, turns board taps (the text of the move
the tapped control plays, read back through the engine's parser) into
moves, and draws the view model. The legal sale sets are buttons of the
action bar. Table mode is not offered: the cards drawn are not typed in.
"""

from __future__ import annotations

from typing import Any, Mapping, cast

import ipywidgets as w

from rulebook.core import CHANCE, HUMAN, SPECTATOR, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.games.national_economy.advice import sale_advice
from rulebook.games.national_economy.bots import make_search_bot
from rulebook.games.national_economy.game import NationalEconomy
from rulebook.games.national_economy.observation import NationalEconomyObservation
from widgets.views.model import Control, ViewModel, as_int, engine_for, refuse, short
from widgets.game_page.context import PageContext

from ...base import GameBoard, asset, esm
from ...lean import own_style
from ..base import BaseView
from .companion import score_html, wage_html
from .examples import example_view
from .present import Page, not_acting_refusal, present
from .report import action_label, describe, outcome_html, sale_hint_html, search_hint_html, status_html
from .texts import WORDS

MODES = ("standard", "solo1", "solo2")


class NationalEconomyBoard(GameBoard):
    """Round, household, seats, the public area, each player's buildings, your hand."""

    _esm = esm("national_economy.js")
    _css = asset("app.css", "national_economy.css")


class Companion:
    """The two calculators, in a box the view puts in its panel."""

    def __init__(self, lang: str, guarded: Any) -> None:
        self.lang = lang
        self.round = w.BoundedIntText(value=1, min=1, max=9)
        self.workers = w.BoundedIntText(value=2, min=0, max=20)
        self.cash = w.BoundedIntText(value=0, min=0, max=999)
        self.values = w.Text(placeholder="10 18 20")
        self.wage_out = w.HTML()
        self.wage_out.add_class("rb-wage-result")
        self.wage_button = w.Button()
        self.wage_button.add_class("rb-wage-calc")
        self.wage_button.on_click(guarded(lambda _: self.calculate_wages()))
        self.buildings = w.Textarea(placeholder="railway, factory, 鉄道")
        self.money = w.BoundedIntText(value=0, min=0, max=999)
        self.tokens = w.BoundedIntText(value=0, min=0, max=999)
        self.final_workers = w.BoundedIntText(value=2, min=0, max=20)
        self.goods = w.BoundedIntText(value=0, min=0, max=99)
        self.score_out = w.HTML()
        self.score_out.add_class("rb-score-result")
        self.score_button = w.Button()
        self.score_button.add_class("rb-score-calc")
        self.score_button.on_click(guarded(lambda _: self.calculate_score()))
        inner = w.VBox(
            [
                w.VBox([self.round, self.workers, self.cash, self.values, self.wage_button, self.wage_out]),
                w.VBox([self.buildings, self.money, self.tokens, self.final_workers, self.goods, self.score_button, self.score_out]),
            ]
        )
        self.box = w.Accordion(children=[inner], selected_index=None)  # closed: the board comes first
        self.box.add_class("rb-companion")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.box.set_title(0, WORDS("calc_title", lang))
        for widget, key in (
            (self.round, "calc_round"), (self.workers, "calc_workers"), (self.cash, "calc_cash"), (self.values, "calc_values"),
            (self.buildings, "calc_buildings"), (self.money, "calc_money"), (self.tokens, "calc_tokens"),
            (self.final_workers, "calc_workers"), (self.goods, "calc_goods"),
        ):
            widget.description = WORDS(key, lang)
            own_style(widget).description_width = "initial"
        self.wage_button.description = WORDS("calc_wage_button", lang)
        self.score_button.description = WORDS("calc_score_button", lang)

    def calculate_wages(self) -> None:
        self.wage_out.value = wage_html(self.round.value, self.workers.value, self.cash.value, self.values.value, self.lang)

    def calculate_score(self) -> None:
        self.score_out.value = score_html(self.buildings.value, self.money.value, self.tokens.value, self.final_workers.value, self.goods.value, self.lang)


class View(BaseView[NationalEconomyObservation]):
    """National Economy's part of the page (``BaseView`` documents each hook)."""

    players_input: w.Dropdown  # always made in __init__ (the base class allows a game without one)

    @property
    def _game(self) -> NationalEconomy:
        """The match's game, typed as the one this view draws."""
        return cast(NationalEconomy, self.context.game)  # the page of this game only: widgets.app picks a view by its game's name

    table_mode = False
    chance_parts = "cards"
    example_board = NationalEconomyBoard

    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.board = NationalEconomyBoard()
        self.board.add_class("rb-board-widget")
        self.board.on_msg(self.context.guarded(self._on_message))
        self.widget = self.board
        self.mode_input = w.Dropdown(options=[(m, m) for m in MODES], value="standard")
        self.mode_input.add_class("rb-mode")
        self.mode_input.observe(self.context.guarded(lambda _: self.context.seats_changed()), "value")
        self.players_input = self.players_dropdown([2, 3, 4], 2)
        self.options_widget = w.VBox([self.mode_input, self.players_input])
        self.companion = Companion(context.lang, self.context.guarded)
        self.panel = self.companion.box
        self.vm = ViewModel()
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        labels = {"ja": ("通常（2〜4人）", "1人用ルール", "1人用ルール案2"), "en": ("Standard (2-4)", "Solo rule 1", "Solo rule 案2")}[lang if lang == "ja" else "en"]
        value = self.mode_input.value
        self.mode_input.options = list(zip(labels, MODES))
        self.mode_input.value = value
        self.mode_input.description = "モード" if lang == "ja" else "Mode"
        self.companion.set_lang(lang)
        self.players_input.description = "人数" if lang == "ja" else "Players"

    # ----- options and seats ------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        mode = self.mode_input.value
        if mode == "standard":
            return {"mode": mode, "players": int(self.players_input.value)}
        return {"mode": mode, "players": 1}

    def set_options(self, options: Mapping[str, Any]) -> None:
        self.mode_input.value = options.get("mode", "standard")
        if options.get("mode", "standard") == "standard":
            self.players_input.value = int(options.get("players", 2))

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        n = 1 if options.get("mode", "standard") != "standard" else int(options.get("players", 2))
        return [HUMAN] + ["rules"] * (n - 1)

    def auto_roll(self, state: Any) -> bool:
        return True

    # ----- facts ---------------------------------------------------------------------------------------
    def page(self, o: NationalEconomyObservation | None = None) -> Page:
        o = self.observation if o is None else o
        ctx, match = self.context, self.context.match
        acting = ctx.acting()
        return Page(
            seats=tuple(match.seats), humans=tuple(ctx.human_seats()), acting=acting, viewer=ctx.viewer, ply=len(match.actions), table=match.table
        )

    def engine(self, page: Page) -> Any:
        return engine_for(self.context.game, self.context.match.state, page.acting)

    # ----- drawing ----------------------------------------------------------------------------------------
    def refresh(self) -> None:
        o = self.observation
        page = self.page(o)
        self.vm = present(o, self.engine(page), page, self.lang)
        self.board.view = self.vm.to_json()

    def status(self) -> str:
        o = self.observation
        return status_html(o, self.page(o), self.lang)

    def describe(self, before: Any, action: Any, after: Any) -> str | None:
        game = self.context.game
        return describe(self.observe(before, SPECTATOR), action, self.observe(after, SPECTATOR), game.outcome(after), self.page(), self.lang)

    def outcome_html(self, outcome: Outcome) -> str:
        o = self.observation
        parts = [self._game.forecast(o, s) for s in range(o.players)]
        return outcome_html(outcome, o, self.page(o), self.lang, parts)

    def hint_html(self) -> str:
        o = self.observation
        page = self.page(o)
        if not page.acting:
            return ""
        game, state = self._game, self.context.match.state
        if o.phase == "sell":
            return sale_hint_html(o, sale_advice(game, state, o.you), self.lang)
        best, stats = self.search_advice(o, lambda game: make_search_bot(game, budget=0.3))
        return search_hint_html(o, best, stats, self.lang, lambda a: action_label(o, a, self.lang))

    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        return example_view(self.context.game, spec, lang)

    # ----- moves ----------------------------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        return True

    def action_label(self, action: Any) -> str:
        return action_label(self.observation, action, self.lang)

    def extra_controls(self) -> list[w.Widget]:
        return [self.control_button(c, "rb-enter" if c.key.startswith("enter-") else "rb-sell", primary=False) for c in self.vm.controls]

    def _press(self, control: Control) -> None:
        self._play_text(control.action)

    def _play_text(self, text: str) -> None:
        action = self.context.game.parse_action(short(text, 60))
        o = self.observation
        page = self.page(o)
        entering = page.table and self.context.match.current_player == CHANCE
        if not page.acting and not entering:
            raise not_acting_refusal(o, page, self.engine(page), action)
        self.context.play(action)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A tap on the board: {type: "act", action: "<move text>", ply}."""
        if not isinstance(content, dict) or content.get("type") != "act" or not isinstance(content.get("action"), str):
            return
        ply = content.get("ply")
        if ply is not None and as_int(ply) != len(self.context.match.actions):
            raise refuse(WORDS, "round", "stale_tap")
        self._play_text(content["action"])


__all__ = ["NationalEconomyBoard", "View"]
