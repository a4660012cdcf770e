"""Links to a table: a page's URL query, each seat's link and its QR code.

A table's page is ``/voila/render/<game>.ipynb?t=<table id>`` (what a
spectator opens) plus ``&k=<token>`` for each seat the page plays, several
tokens joined by dots for a tablet shared by several people. The token is
the only thing that lets a page see and move for its seat, so a seat's link
is given to that player only; the QR code (drawn by ``segno`` as SVG, with
no network) is how a phone at the table picks it up.
"""

from __future__ import annotations

from typing import Iterable
from urllib.parse import urlencode, urlsplit


TABLE_PARAM = "t"
KEYS_PARAM = "k"
CLAIM_PARAM = "claim"
"""On a seat's link: opening it moves the seat to the opening device (pages that held it let it go)."""
KEY_SEPARATOR = "."
MAX_KEYS = 8


def page_path(game: str) -> str:
    """Where a game's page is served (notebooks are named after their game)."""
    return f"/voila/render/{game}.ipynb"


def page_query(table_id: str, tokens: Iterable[str] = (), lang: str | None = None, claim: bool = False) -> str:
    """The query of a page onto ``table_id`` holding ``tokens`` (none: a spectator's page)."""
    params = [(TABLE_PARAM, table_id)]
    keys = [t for t in tokens if t]
    if keys:
        params.append((KEYS_PARAM, KEY_SEPARATOR.join(keys)))
        if claim:
            params.append((CLAIM_PARAM, "1"))
    if lang:
        params.append(("lang", lang))
    return urlencode(params, safe=KEY_SEPARATOR)


def clean_origin(origin: str | None) -> str:
    """``scheme://host[:port]`` of an origin the browser reported (or a house's public URL); '' if odd."""
    if not origin:
        return ""
    parts = urlsplit(str(origin).strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or any(ch in parts.netloc for ch in "\"'<> \\"):
        return ""
    return f"{parts.scheme}://{parts.netloc}"


def page_url(
    origin: str | None, game: str, table_id: str, tokens: Iterable[str] = (), lang: str | None = None, claim: bool = False
) -> str:
    """The full link (absolute when the origin is known, so a phone can scan it)."""
    return f"{clean_origin(origin)}{page_path(game)}?{page_query(table_id, tokens, lang, claim)}"


def parse_keys(text: str | None) -> list[str]:
    """The tokens of a ``k=`` value, in order, duplicates and malformed pieces left out."""
    keys: list[str] = []
    for piece in str(text or "").split(KEY_SEPARATOR)[:MAX_KEYS]:
        piece = piece.strip()
        if piece and piece not in keys:
            keys.append(piece)
    return keys


def qr_svg(url: str, scale: int = 3) -> str:
    """The QR code of ``url`` as an inline ``<svg>`` (medium error correction, a quiet zone of 2)."""
    import segno  # only pages that show links pay for it

    return segno.make(url, error="m").svg_inline(scale=scale, border=2, dark="#1f2a36", light="#ffffff")
