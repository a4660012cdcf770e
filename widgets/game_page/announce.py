"""What the page's live region says after a change (``widgets.base.Announcer``), from the log's lines.

Why from the log: each move's line (``BaseView.describe``) is already in the
page's language and says who did what (a seat, a bot, a roll), and it holds
only what every seat may know; the end of the game is the outcome's summary.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

#: At most this many moves are said at once (a bot's long turn arriving together): the latest ones.
MOST_LINES = 4

_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")


def plain(line: str) -> str:
    """A log line (HTML) as the words a screen reader should say."""
    return _SPACE.sub(" ", html.unescape(_TAG.sub(" ", line))).strip()


def announcement(new_lines: Sequence[str | None], ended: str | None = None, most: int = MOST_LINES) -> str:
    """The words for the moves just made (their log lines, oldest first) and the end of the game if it came.

    Lines a view leaves out (``None``, empty) are skipped; only the last
    ``most`` are said, after each other, each ending as a sentence.
    """
    said = [plain(line) for line in new_lines if line]
    said = [text for text in said if text][-most:]
    if ended:
        said.append(plain(ended))
    return " ".join(text if text[-1:] in ".。!！?？" else f"{text}{'。' if _japanese(text) else '.'}" for text in said)


def _japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)
