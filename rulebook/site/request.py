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
The browser tests check the real thing against a preheated Voilà.

Outside Voilà (nbval, a plain Jupyter kernel) there is no query: ``{}``.
"""

from __future__ import annotations

import inspect
import json
import os
import sys
from urllib.parse import parse_qsl

_request_received = False

#: Seconds to wait for the connection to Voilà (not for the visitor).
OPEN_TIMEOUT = 5


def _preheated() -> bool:
    """Voilà sets ``VOILA_PREHEAT=True`` in pooled kernels, ``False`` otherwise."""
    return os.environ.get("VOILA_PREHEAT", "").strip().lower() not in ("", "false", "0", "no")


def request_info_url(environ: dict | None = None) -> str:
    """Where a preheated kernel hears about its request (as voila.utils builds it)."""
    env = os.environ if environ is None else environ
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    server_ip = env.get("VOILA_APP_IP", "127.0.0.1")
    server_port = env.get("VOILA_APP_PORT", "8866")
    server_url = env.get("VOILA_SERVER_URL", "/")
    ws_base_url = env.get("VOILA_WS_BASE_URL", server_url)
    kernel_id = env.get("VOILA_KERNEL_ID")
    return f"{protocol}://{server_ip}:{server_port}{ws_base_url}voila/query/{kernel_id}"


def _receive_request_info(url: str) -> dict:
    """Block until Voilà sends this kernel its request's variables."""
    from websockets.sync.client import connect

    options = {"open_timeout": OPEN_TIMEOUT}
    if "proxy" in inspect.signature(connect).parameters:
        options["proxy"] = None  # websockets >= 15 would follow http_proxy
    with connect(url, **options) as websocket:
        message = websocket.recv()
    info = json.loads(message)
    return {str(k): str(v) for k, v in info.items()} if isinstance(info, dict) else {}


def _wait_for_request() -> None:
    """In a preheated kernel, wait (once) until Voilà hands it a request."""
    global _request_received
    if _request_received or not _preheated():
        return
    try:
        try:
            import websockets.sync.client  # noqa: F401
        except ImportError:
            from voila.utils import wait_for_request

            wait_for_request()
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
