"""``PageContext``: all a game's view may ask of its page, typed — never the whole ``GameApp``.

A view (``widgets/views/<game>``) draws the table and turns taps into
moves. What it reads: the game, the table's match, the page's language, the
seat it shows and whether that seat acts now (``acting``), the hint switch.
What it does: play a move (or a group), say that a tap changed only this page
(``tapped``), make a button valid for one drawing (``fresh_button``), hand the
shared tablet to a seat (``hand_to``). Everything else of the page (its
store, session, undo, lesson, save files) stays out of the view's reach.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

import ipywidgets as w

from rulebook.core import Game, Match
from rulebook.tables.session import TableSession


class ContextPage(Protocol):
    """What ``PageContext`` reads and calls of its page: the part of ``GameApp`` a view may reach.

    A protocol, not an import of ``GameApp``: the app is made of this file's
    neighbours (``widgets.game_page``), so naming it here would close a
    circle; ``GameApp`` has all of these (``PageContext(self)`` in ``app.py``).
    """

    game: Game
    lang: str
    session: TableSession
    hint_on: bool
    viewer: int
    revealed: bool
    table_input: w.Checkbox

    @property
    def match(self) -> Match: ...

    def viewer_seat(self) -> int: ...

    def observation(self) -> Mapping[str, Any]: ...

    def human_seats(self) -> list[int]: ...

    def hot_seat(self) -> bool: ...

    def play(self, action: Any) -> None: ...

    def play_group(self, actions: Sequence[Any]) -> None: ...

    def tapped(self) -> None: ...

    def refresh(self) -> None: ...

    def guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]: ...

    def fresh_button(self, description: str, classes: Sequence[str], callback: Callable[[], Any]) -> w.Button: ...

    def seats_changed(self) -> None: ...


class PageContext:
    """One game page as its view sees it (made by ``GameApp`` for its view)."""

    __slots__ = ("_page",)

    def __init__(self, page: ContextPage) -> None:
        self._page = page

    # ----- what the view reads --------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._page.game

    @property
    def match(self) -> Match:
        """The table's game as the store has it (changed only through ``play``/``play_group``)."""
        return self._page.match

    @property
    def table_id(self) -> str:
        """The table's id: a key for caches that must not outlive the table (a new game is a new table)."""
        return self._page.session.table_id

    @property
    def lang(self) -> str:
        return self._page.lang

    @property
    def hint_on(self) -> bool:
        """The visitor switched the hint on (views compute advice only then)."""
        return self._page.hint_on

    @property
    def viewer(self) -> int:
        """The seat whose view the page shows (hidden-information games)."""
        return self._page.viewer

    @property
    def revealed(self) -> bool:
        """False while the pass screen waits for ``viewer`` to take the tablet."""
        return self._page.revealed

    def viewer_seat(self) -> int:
        """The seat drawn now: the viewer, or ``SPECTATOR`` while the pass screen is up (or on a spectator's page)."""
        return self._page.viewer_seat()

    def observation(self) -> Mapping[str, Any]:
        """What the page may show now (views of hidden-information games draw only this)."""
        return self._page.observation()

    def human_seats(self) -> list[int]:
        """The seats of people playing on this page (the others are bots or on other devices)."""
        return self._page.human_seats()

    def hot_seat(self) -> bool:
        """Several people share this screen in a game with secrets (pass screens come up between them)."""
        return self._page.hot_seat()

    def table_mode_chosen(self) -> bool:
        """The new-game panel's switch for real dice or cards is on (the next game's table mode, not this one's)."""
        return bool(self._page.table_input.value)

    def acting(self) -> bool:
        """The seat this page shows is to move now, and this page may make that move.

        Not while the pass screen is up (the seat drawn is nobody's), not on
        a bot's or chance's turn, not for a seat played on another device,
        not at a closed table: then the board only shows, and a tap is
        refused with the rule. The one answer every view uses.
        """
        you = self.viewer_seat()
        match = self.match
        return you >= 0 and match.current_player == you and match.waiting_for_user() and self._page.session.can_act()

    # ----- what the view does ---------------------------------------------------------------------
    def play(self, action: Any) -> None:
        """Make a move (action value or text); raises ``RulebookError`` if refused (``guarded`` shows it)."""
        self._page.play(action)

    def play_group(self, actions: Sequence[Any]) -> None:
        """Make several moves as one (all stored, or none)."""
        self._page.play_group(actions)

    def tapped(self) -> None:
        """A tap changed only this page (a die held, a card typed in): earlier refusals go, the page redraws."""
        self._page.tapped()

    def refresh(self) -> None:
        """Redraw the page (after the view changed something of its own, keeping any message shown)."""
        self._page.refresh()

    def guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """Wrap a widget callback: a rule error is shown with its rule, nothing else escapes."""
        return self._page.guarded(fn)

    def fresh_button(self, description: str, classes: Sequence[str], callback: Callable[[], Any]) -> w.Button:
        """A button valid for this drawing only (a late second tap cannot act on the next state)."""
        return self._page.fresh_button(description, classes, callback)

    def seats_changed(self) -> None:
        """The view's new-game options changed: the panel rebuilds its seat choosers."""
        self._page.seats_changed()

    def hand_to(self, seat: int) -> None:
        """The person of ``seat`` holds the shared tablet now: show their view (the caller redraws)."""
        self._page.viewer, self._page.revealed = seat, True
