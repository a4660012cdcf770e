"""What a seat's page shows once the café's host closed its table (issue 19 B).

A closed table takes no more moves (``TableSession.close``), so nothing on
the page may still ask for one: the header drops whose turn it was, the
action bar empties, the board's caption and taps are switched off (by the
``rb-table-shut`` class on the page), and a banner says the host closed the
table, how the game stood, and where to go next. A reload shows the same,
since it is drawn from the table's status in the store.
"""

from __future__ import annotations

import html
import re
from typing import Any

from rulebook.tables import links

from .i18n import t

SHUT_CLASS = "rb-table-shut"

_TURN_ENDINGS = ("to play", "to play.", "to move", "to move.", "の番", "の番です", "の番です。")


def _plain(part: str) -> str:
    return re.sub(r"<[^>]*>", "", part).strip()


def without_turn(status: str) -> str:
    """A view's header line (parts joined by " · ") without the part naming whose turn it is."""
    parts = [part for part in status.split(" · ") if not _plain(part).endswith(_TURN_ENDINGS)]
    return " · ".join(parts)


def is_shut(app: Any) -> bool:
    """The host closed the table before the game ended (a finished game shows its own result)."""
    return not app.session.is_open and not app.match.is_over()


def closed_banner_html(app: Any) -> str:
    """The banner of a closed table: who closed it, the game as it stood, and the ways on (catalogue, a new game)."""
    lang = app.lang
    e = html.escape
    standing = without_turn(app.view.status())
    moves = len(app.match.actions)
    home = f"/voila/render/index.ipynb?lang={lang}"
    again = f"{links.page_path(app.game.name)}?lang={lang}"
    title = app.game.title_ja if lang == "ja" else app.game.title_en
    return (
        f'<div class="rb-closed-banner" role="status">'
        f'<div class="rb-closed-title">{e(t("host_closed", lang))}</div>'
        f'<div class="rb-closed-standing">{e(t("closed_standing", lang, moves=moves))}'
        + (f' <span class="rb-closed-status">{standing}</span>' if standing else "")
        + "</div>"
        f'<div class="rb-closed-next">{e(t("closed_next", lang))} '
        f'<a class="rb-closed-home rb-home-link" href="{e(home)}">{e(t("closed_home", lang))}</a>'
        f'<a class="rb-closed-again" href="{e(again)}">{e(t("closed_again", lang, game=title))}</a></div></div>'
    )


__all__ = ["SHUT_CLASS", "closed_banner_html", "is_shut", "without_turn"]
