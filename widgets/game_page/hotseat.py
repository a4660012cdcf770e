"""Who is looking: the seats played on this page, the viewer whose view is drawn, and the pass screen
that hides the board until the next person of a hidden-information game takes the tablet."""

from __future__ import annotations

import html
from typing import Any

from rulebook.core import SPECTATOR

from ..i18n import t
from .parts import PageParts


class HotSeatPart(PageParts):
    """The viewer and the pass screen."""

    def human_seats(self) -> list[int]:
        """The seats of people playing on this page (the others are bots or on other devices)."""
        return sorted(self.session.seats_here)

    def hot_seat(self) -> bool:
        """Several people share the screen in a game with secrets: pass screens are needed.

        Not in a lesson: there the other seats are the script's, and the
        learner always sees the first seat.
        """
        return self.game.hidden_information and len(self.human_seats()) >= 2 and self.guide is None

    def _reset_viewer(self) -> None:
        humans = self.human_seats()
        player = self.match.current_player
        self.viewer = player if player in humans else (humans[0] if humans else self._watched_seat())
        self.revealed = not self.hot_seat()
        self.save_ready = False

    def _follow_turn(self) -> None:
        """When another person's move comes up, hide the board until they take the tablet."""
        player = self.match.current_player
        humans = self.human_seats()
        if self.guide is not None and humans:
            self.viewer, self.revealed = humans[0], True
            return
        if self.viewer not in humans:
            self.viewer = humans[0] if humans else self._watched_seat()
        if player >= 0 and player in humans and player != self.viewer:
            self.viewer = player
            self.revealed = not self.hot_seat()
        if self.match.is_over():
            self.revealed = True

    def _watched_seat(self) -> int:
        """The seat a watching page shows (its link's first seat), or ``SPECTATOR``."""
        return min(self.session.watching, default=SPECTATOR)

    def reveal(self) -> None:
        """The next player has the tablet: show their view."""
        self.revealed = True
        self.refresh()

    def viewer_seat(self) -> int:
        """The seat to draw: the viewer, or ``SPECTATOR`` while the pass screen is up (or on a spectator's page)."""
        return self.viewer if self.revealed else SPECTATOR

    def observation(self) -> dict[str, Any]:
        """What the page may show now (views of hidden-information games draw only this)."""
        return self.game.observe(self.match.state, self.viewer_seat())

    def _draw_pass_screen(self) -> None:
        name = t("seat", self.lang) + f" {self.viewer + 1}"
        self.pass_message.value = (
            f'<div class="rb-pass-box"><div class="rb-pass-title">{html.escape(t("pass_to", self.lang, name=name))}</div>'
            f'<div>{html.escape(t("pass_hint", self.lang))}</div></div>'
        )
        self.reveal_button.description = t("reveal", self.lang, name=name)
        wanted = self.play_parts if self.revealed else (self.pass_screen,)
        if self.play_column.children != wanted:
            self.play_column.children = wanted
