"""``BaseView``: what ``GameApp`` asks of a game's view, with plain defaults.

A game's page is ``widgets/views/<game>.py`` defining ``View(BaseView)``.
The app owns the match, the shared controls and the error handling; the view
draws the game (``widget``, ``panel``), names its moves, and builds the few
controls only that game needs. It sees its page only through ``self.context``
(a ``PageContext``: the match, the language, ``acting()``, ``play``,
``tapped``…), never the app itself. Override what the game needs; the defaults
give a working page for a game whose moves are all plain buttons.
"""

from __future__ import annotations

import html
from typing import Any, Callable, Generic, Mapping, Sequence, TypeVar, cast

import ipywidgets as w
import numpy as np

from rulebook.core import HUMAN, IllegalAction, Outcome
from rulebook.core.examples import ExampleSpec
from rulebook.core.observation import Observation

from widgets.game_page.context import PageContext


def typed_pips(raw: Any, count: int, where_ja: str, where_en: str) -> list[int] | None:
    """The pips typed into a table-mode entry box (``"3 5 1"`` → ``[3, 5, 1]``), or None for an empty box.

    Shared by every page that lets people type real dice: spaces are
    ignored, and anything but up to ``count`` digits 1–6 is refused with the
    chance rule and where the digits go (``where_*``, e.g. "one per die").
    """
    text = "".join(ch for ch in str(raw) if not ch.isspace())
    if not text:
        return None
    if not text.isdigit() or any(ch not in "123456" for ch in text) or len(text) > count:
        raise IllegalAction(
            "chance",
            f"目は 1〜6 の数字を {count} 個まで{where_ja}入力してください。",
            f"Type up to {count} digits 1-6, {where_en}.",
        )
    return [int(ch) for ch in text]


def require_all_pips(entry: list[int]) -> None:
    """Refuse to confirm typed dice while a die still has no pips (0), citing the chance rule."""
    missing = sum(1 for p in entry if not 1 <= p <= 6)
    if missing or not entry:
        raise IllegalAction(
            "chance",
            f"まだ目が入っていないダイスが {missing} 個あります。",
            f"{missing} dice have no pips entered yet.",
        )


O = TypeVar("O", bound=Observation)
"""The game's observation class (``View(BaseView[RingObservation])``), so a view's reads are type-checked."""


class BaseView(Generic[O]):
    """Defaults for every hook ``GameApp`` calls (see each docstring)."""

    # Supplied by the views that call ``build_dice_entry`` / ``control_button`` (declared, never defined here,
    # so a view that forgets one still fails as before).
    _on_entry_text: Callable[[Any], None]
    confirm_entry: Callable[[], None]
    _press: Callable[[Any], None]

    def __init__(self, context: PageContext) -> None:
        self.context = context
        """The page this view draws on: all it may ask of it (``widgets.game_page.context``)."""
        self.widget: w.Widget = w.HTML()
        """The board, drawn at the top of the play column."""
        self.panel: w.Widget = w.VBox()
        """Below the buttons: score sheets, breakdowns (empty by default)."""
        self.options_widget: w.Widget = w.VBox()
        """Game options in the new-game panel (none by default)."""

    table_mode = True
    """Offer table mode (real components) in the new-game panel; False for games without chance."""

    chance_parts = "dice"
    """What people enter in table mode: ``"dice"``, ``"cards"`` or ``"dice_cards"`` (the new-game
    switch and the lesson's last words name them, so a card game never speaks of dice)."""

    example_board: Any = None
    """The board widget class whose ES module draws the rules' worked examples (None: captions only)."""

    # ----- worked examples of the rules text -----------------------------------------------------
    def example_view(self, spec: ExampleSpec, lang: str) -> dict[str, Any] | None:
        """The board's view model (JSON) for one worked example, or None when this view draws none.

        Read-only: built from the position the example's fields describe
        (``rulebook/games/<game>/examples.py``), never from the match.
        """
        return None

    def example_views(self, specs: Sequence[ExampleSpec], lang: str) -> dict[str, dict[str, Any]]:
        """Every example's view model by key; one that cannot be drawn is left out (its caption still reads)."""
        out: dict[str, dict[str, Any]] = {}
        for spec in specs:
            if spec.key in out:
                continue
            view = self.example_view(spec, lang)
            if view is not None:
                out[spec.key] = view
        return out

    # ----- the table-mode dice box (for games whose views type real dice) -------------------------
    def build_dice_entry(self) -> None:
        """Create ``entry`` (pips typed so far, 0 = none), the text box and its Confirm button.

        The view supplies ``_on_entry_text(change)`` and ``confirm_entry()``;
        ``fill_entry`` and ``require_all_pips`` do the shared checking.
        """
        self.entry: list[int] = []
        self.entry_text = w.Text(continuous_update=False)
        self.entry_text.add_class("rb-entry-text")
        self.entry_text.observe(self.context.guarded(self._on_entry_text), "value")
        self.entry_confirm = w.Button()
        self.entry_confirm.add_class("rb-entry-confirm")
        self.entry_confirm.add_class("rb-primary")
        self.entry_confirm.on_click(self.context.guarded(lambda _: self.confirm_entry()))

    def fill_entry(self, raw: Any, where_ja: str, where_en: str) -> None:
        """Copy the typed pips (``typed_pips``) into ``entry`` from the left and redraw; an empty box changes nothing."""
        pips = typed_pips(raw, len(self.entry), where_ja, where_en)
        if pips is None:
            return
        self.entry[: len(pips)] = pips
        self.context.refresh()

    def _end_note(self, after: Any) -> str:
        """Appended to the log line of the move that ended the game: the result, in bold."""
        outcome = self.context.game.outcome(after)
        return "" if outcome is None else " — <b>" + html.escape(outcome.summary(self.lang)) + "</b>"

    # ----- words ----------------------------------------------------------------
    @property
    def lang(self) -> str:
        return self.context.lang

    def _w(self, ja: str, en: str) -> str:
        """Pick the text for the page's language."""
        return ja if self.lang == "ja" else en

    def set_lang(self, lang: str) -> None:
        """The language changed: relabel controls the view owns (``refresh`` follows)."""

    # ----- options and seats ------------------------------------------------------------
    players_input: w.Dropdown | None = None
    """The player-count dropdown made by ``players_dropdown`` (None: the game has no such option)."""
    players_default = 1

    def options(self) -> dict[str, Any]:
        """Options chosen in ``options_widget`` for the next game (by default the player count, if any)."""
        return {} if self.players_input is None else {"players": int(self.players_input.value)}

    def set_options(self, options: Mapping[str, Any]) -> None:
        """Show ``options`` (the running game's) in ``options_widget`` (by default the player count, if any)."""
        if self.players_input is not None:
            self.players_input.value = int(options.get("players", self.players_default))

    def table_options(self, options: Mapping[str, Any], table: bool) -> dict[str, Any]:
        """The options of a new game, told whether it is played with real components (table mode).

        For a game whose rules change at a real table (an entry that only
        exists there), whichever way the game was started: the new-game
        panel, a ``?table=1`` link or a rematch. By default nothing changes.
        """
        return dict(options)

    def digital_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The same set-up played with the site's dice and cards (a lesson played on from its end)."""
        return self.table_options(options, False)

    def default_seats(self, options: Mapping[str, Any]) -> list[str]:
        """Seat kinds for a new game with ``options``: one human, bots in the rest."""
        game = self.context.game
        n = game.num_seats(game.initial_state(options))
        bots = [kind for kind in game.bot_kinds() if kind != "random"] or ["random"]
        return [HUMAN] + [bots[0]] * (n - 1)

    # ----- reading the match ------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The table's current state (views of hidden-information games draw ``observation`` instead)."""
        return self.context.match.state

    def players_dropdown(self, choices: list[int], value: int) -> w.Dropdown:
        """The new-game panel's player count (``rb-players``); a change rebuilds the seat choosers."""
        dropdown = w.Dropdown(options=choices, value=value)
        self.players_input, self.players_default = dropdown, value
        dropdown.add_class("rb-players")
        dropdown.observe(self.context.guarded(lambda _: self.context.seats_changed()), "value")
        return dropdown

    # ----- the search bot's advice (games with hidden information) --------------------------------
    def search_advice(self, observation: Mapping[str, Any], make_bot: Any) -> tuple[Any, dict[Any, Any]]:
        """The search bot's choice for the viewer's move and its estimates per action, from the viewer's observation.

        Cached per position (a redraw must not search again), with the
        bot made once per page by ``make_bot(game)`` and its rng drawn from the
        match's seed and ply, so the same position always gets the same advice.
        """
        match = self.context.match
        key = (len(match.actions), observation.get("you"), match.seed)
        cache: dict[tuple[Any, ...], tuple[Any, dict[Any, Any]]] = self.__dict__.setdefault("_search_advice", {})
        if key not in cache:
            if len(cache) > 32:
                cache.clear()
            bot = self.__dict__.get("_search_bot") or self.__dict__.setdefault("_search_bot", make_bot(self.context.game))
            legal = self.context.game.legal_actions(match.state)
            best = bot.choose(observation, legal, np.random.default_rng([match.seed, 7, len(match.actions)]))
            cache[key] = (best, dict(getattr(bot, "last_stats", {}) or {}))
        return cache[key]

    # ----- drawing ----------------------------------------------------------------------
    @property
    def observation(self) -> O:
        """What the page may show now: the viewer's observation, or the public one
        while the pass screen is up. Views of hidden-information games draw only
        this (anything put in a widget reaches the browser, even if not shown).

        Typed as the view's own observation class: it is what the game's
        ``observe`` returns (``Game.observe`` is declared with the base class only)."""
        return cast(O, self.context.observation())

    def observe(self, state: Any, seat: int) -> O:
        """``game.observe(state, seat)`` typed as this view's observation class (for log lines drawn from two states)."""
        return cast(O, self.context.game.observe(state, seat))

    def refresh(self) -> None:
        """Redraw from ``self.context.match`` (called after every change).

        In a hidden-information game draw from ``self.observation`` only.
        """

    def status(self) -> str:
        """One line of HTML for the header: round, whose turn (the app adds the table's tags).

        Never the seed: it would tell every future roll and hidden card
        (docs/architecture.md, "Secrets stay on the server"); the page shows it once the
        game is over.
        """
        player = self.context.match.current_player
        return html.escape(self._w(f"席 {player + 1} の番", f"Seat {player + 1} to play")) if player >= 0 else ""

    def outcome_html(self, outcome: Outcome) -> str:
        """The end of the game, as HTML inside the outcome box."""
        return f"<div class='rb-outcome-summary'>{html.escape(outcome.summary(self.lang))}</div>"

    def hint_html(self) -> str:
        """Advice for the move at hand (HTML), shown while the hint is on."""
        return ""

    # ----- moves ----------------------------------------------------------------------------
    def handles(self, action: Any) -> bool:
        """True for moves the board or ``extra_controls`` make (no plain button)."""
        return False

    def action_label(self, action: Any) -> str:
        """The text of a plain move button."""
        return str(action)

    def extra_controls(self) -> list[w.Widget]:
        """Game-specific controls shown in the action bar for the move at hand.

        Buttons that make a move should come from ``self.context.fresh_button`` so
        a double tap cannot act on the next state (``control_button`` makes one
        from a view model's ``Control``).
        """
        return []

    def control_button(self, control: Any, group: str | None = None, primary: bool = True) -> w.Button:
        """A view model's ``Control`` as an action-bar button: class ``rb-<key>`` (and ``group``; ``rb-primary``
        when highlighted; ``rb-disabled`` when refused, the reason as its tooltip: a tap on it still goes to
        ``self._press``, which says why)."""
        highlight = "rb-primary" if primary and control.highlight else None
        classes = tuple(x for x in (group, f"rb-{control.key}", highlight, None if control.enabled else "rb-disabled") if x)
        button = self.context.fresh_button(control.label, classes, lambda: self._press(control))
        if control.reason:
            button.tooltip = control.reason
        return button

    def auto_roll(self, state: Any) -> bool:
        """Draw the chance outcome at ``state`` at once (True) or wait for Roll (False)."""
        return False

    def describe(self, before: Any, action: Any, after: Any) -> str | None:
        """One log line (HTML-escaped) for ``action``, or ``None`` to leave it out.

        The log is shown to everyone at the table: in a hidden-information
        game write only what every seat may know (no card drawn or laid face
        down, no hand).
        """
        return html.escape(str(action))
