"""The page's URL query, for notebooks: ``query_params()``.

Call it in a notebook's first code cell::

    from rulebook.site.request import query_params
    params = query_params()          # e.g. {"lang": "en", "seed": "3"}

Voilà gives a kernel the request in the CGI-style ``QUERY_STRING``
environment variable. A *preheated* kernel (``VOILA_PREHEAT=True``) runs the
notebook before anyone asks for the page, so it must first wait for its
visitor; then Voilà sends it the request's variables over a websocket
(``/voila/query/<kernel id>``). ``voila.utils.wait_for_request()`` does
that, but importing ``voila.utils`` imports the whole Voilà server
(jupyter_server, tornado, ...): ~2 s and **~48 MB more in every pooled
kernel** (measured: a pooled kernel 54 MB -> 99 MB). So this module speaks
the same small protocol with ``websockets``' synchronous client (~1.4 MB),
built exactly as ``wait_for_request`` builds it for Voilà 0.5.13, and falls
back to ``voila.utils.wait_for_request()`` only if ``websockets`` (a Voilà
dependency) is too old to have it (< 11).
The protocol itself (the URL, the one JSON message) lives with every other
reach into Voilà's insides in ``voila_compat``, which imports nothing heavy.
The browser tests check the real thing against a preheated Voilà.

Outside Voilà (nbval, a plain Jupyter kernel) there is no query: ``{}``.
"""

from __future__ import annotations

import os
import sys
from urllib.parse import parse_qsl

from . import voila_compat

_request_received = False

#: Seconds to wait for the connection to Voilà (not for the visitor).
OPEN_TIMEOUT = 5


def _preheated() -> bool:
    """Voilà sets ``VOILA_PREHEAT=True`` in pooled kernels, ``False`` otherwise."""
    return os.environ.get("VOILA_PREHEAT", "").strip().lower() not in ("", "false", "0", "no")


def request_info_url(environ: dict | None = None) -> str:
    """Where a preheated kernel hears about its request (``voila_compat.request_info_url``)."""
    return voila_compat.request_info_url(os.environ if environ is None else environ)


def _receive_request_info(url: str) -> dict:
    """Block until Voilà sends this kernel its request's variables."""
    return voila_compat.receive_request_info(url, OPEN_TIMEOUT)


def _wait_for_request() -> None:
    """In a preheated kernel, wait (once) until Voilà hands it a request."""
    global _request_received
    if _request_received or not _preheated():
        return
    try:
        try:
            import websockets.sync.client  # noqa: F401
        except ImportError:
            voila_compat.wait_for_request_with_voila()
        else:
            os.environ.update(_receive_request_info(request_info_url()))
    except Exception as exc:  # never break a page over this: the query is optional
        print(f"rulebook.site.request: no request info ({exc!r})", file=sys.stderr)
    # Voilà sends the request info once: a second wait could never end.
    _request_received = True


def parse_query(query: str) -> dict[str, str]:
    """``"a=1&b=2&a=3"`` -> ``{"a": "1", "b": "2"}``: first value of each key.

    Never raises: a key without ``=`` maps to ``""``, an empty key is left
    out, and percent-escapes that are not UTF-8 are replaced.
    """
    if not isinstance(query, str):
        return {}
    params: dict[str, str] = {}
    for piece in query.lstrip("?").split("&"):
        try:
            pairs = parse_qsl(piece, keep_blank_values=True, errors="replace")
        except Exception:  # pragma: no cover - parse_qsl is lenient
            continue
        for key, value in pairs:
            if key and key not in params:
                params[key] = value
    return params


def query_params() -> dict[str, str]:
    """The page's URL query parameters (first value of each key)."""
    _wait_for_request()
    return parse_query(os.environ.get("QUERY_STRING", ""))
