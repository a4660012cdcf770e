"""A protocol-level visitor of the site: what a browser does to the server, without a browser.

One ``ProtocolVisitor.visit()`` is one phone opening a game page and playing:

1. ``GET /voila/render/<notebook>`` (streamed; a preheated kernel runs the
   rest of the notebook while the page is read), and, as soon as the page's
   head has arrived, the page's assets (the list a real Chromium visit
   requested, given by the caller; else the ``src``/``href`` of the page),
   six at a time as a browser does, with a browser's ``Accept-Encoding``;
   then ``GET /api/kernels/<id>`` as Voilà's front end does.
2. The kernel's websocket in the binary protocol browsers speak
   (``v1.kernel.websocket.jupyter.org``, permessage-deflate as Chromium
   negotiates it), and the same messages Voilà's
   widget manager sends (recorded from Chromium on this site):
   ``kernel_info_request``; ``comm_open`` of ``jupyter.widget.control``
   and ``request_states`` (again until the board's view is there);
   ``comm_close``; the page link's ``origin`` update and its heartbeat
   (``{beat: n}`` every 4 s, as ``widgets/static/page_link.js``).
3. Moves: a click (``{"method": "custom", "content": {"event": "click"}}``)
   on the first button of the action bar (Roll, then Done stacking, ...), each
   timed until the page's redraw marker (``rb-drawn``'s ``data-version``)
   has moved on and the action bar holds exactly that drawing's buttons:
   the test ``benchmarks.load`` makes in Chromium, read from widget states.
4. Leaving: ``{bye: n}``, the websocket closed, and the shutdown beacon
   (``POST /voila/api/shutdown/<id>`` with the ``_xsrf`` cookie's value).

It uses blocking sockets only (``http.client``, ``websockets.sync``), so it
runs as it is in a test and, under Locust's gevent monkey-patching, as one
greenlet per visitor (``benchmarks/capacity.py``). Each visitor may carry
its own ``X-Real-IP`` (the café's proxy tells the site who a phone is), so
the site's per-address limits treat every visitor as its own phone.
"""

from __future__ import annotations

import gzip
import html
import http.client
import inspect
import json
import re
import struct
import threading
import time
import uuid
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any, Callable, Iterable
from urllib.parse import quote, urlencode, urlsplit

from tests.support.site_process import page_kernel_id

#: the kernel websocket's binary subprotocol (jupyter_server >= 2), as Chromium negotiates it
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: what Chromium says it accepts; the site may answer with any of them
ACCEPT_ENCODING = "gzip, deflate, br"
USER_AGENT = "rulebook-capacity/1 (protocol visitor; Chromium-like requests)"
BROWSER_CONNECTIONS = 6  # parallel connections per host, as Chromium opens them
BEAT_SECONDS = 4.0  # widgets/static/page_link.js BEAT_MS
WIDGET_TARGET = "jupyter.widget"
CONTROL_TARGET = "jupyter.widget.control"
#: the action bar, its Roll button, the per-drawing buttons and the redraw marker (widgets/app.py)
ACTIONS_CLASS = "rb-actions"
ROLL_CLASS = "rb-roll"
FRESH_CLASS = "rb-fresh"
DRAWN_CLASS = "rb-drawn"
FULL_CLASS = "rb-site-full"

_VERSION = re.compile(r'data-version="(\d+)"')
_FRESH = re.compile(r'data-fresh="(\d+)"')
_ASSET = re.compile(r"""<(?:script|link)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""", re.I)


class VisitError(Exception):
    """The site did not do what a browser needs (a refused socket, no board in time, a move not redrawn)."""


# ----- the kernel websocket's v1 frames -----------------------------------------------------------------------------
def encode_v1(channel: str, message: dict, buffers: Iterable[bytes] = ()) -> bytes:
    """A message as a v1 binary frame: offsets, then channel, header, parent, metadata, content, buffers.

    The layout ``jupyter_server``'s ``serialize_msg_to_ws_v1`` writes and its
    ``deserialize_msg_from_ws_v1`` reads: the number of offsets, the offsets
    (the last one is the end), then the parts.
    """
    parts = [json.dumps(message.get(key, {}), separators=(",", ":")).encode() for key in ("header", "parent_header", "metadata", "content")]
    parts += [bytes(b) for b in buffers]
    head = channel.encode()
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(head))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    return b"".join([struct.pack("<Q", len(offsets)), *(struct.pack("<Q", o) for o in offsets), head, *parts])


def decode_v1(frame: bytes) -> dict:
    """A v1 binary frame as a message dict (``channel``, ``header``, ..., ``buffers``)."""
    (count,) = struct.unpack_from("<Q", frame, 0)
    offsets = struct.unpack_from(f"<{count}Q", frame, 8)
    parts = [frame[offsets[k] : offsets[k + 1]] for k in range(count - 1)]
    if len(parts) < 5:
        raise ValueError(f"a v1 frame of {len(parts)} parts")
    return {
        "channel": parts[0].decode(),
        "header": json.loads(parts[1]),
        "parent_header": json.loads(parts[2]),
        "metadata": json.loads(parts[3]),
        "content": json.loads(parts[4]),
        "buffers": parts[5:],
    }


def decode_frame(frame: bytes | str) -> dict:
    """A frame of either protocol (text frames are the legacy JSON one)."""
    return json.loads(frame) if isinstance(frame, str) else decode_v1(frame)


# ----- the widget models the page would hold ------------------------------------------------------------------------
@dataclass
class WidgetModels:
    """Every widget model's state as the page's widget manager would hold it, from the kernel's messages."""

    states: dict[str, dict] = field(default_factory=dict)

    def apply(self, message: dict) -> None:
        kind = message.get("header", {}).get("msg_type")
        content = message.get("content") or {}
        data = content.get("data") or {}
        if not isinstance(data, dict):
            return
        comm_id = content.get("comm_id")
        if kind == "comm_open" and content.get("target_name") == WIDGET_TARGET and isinstance(data.get("state"), dict):
            self.states[comm_id] = dict(data["state"])
        elif kind == "comm_msg" and data.get("method") == "update_states" and isinstance(data.get("states"), dict):
            for model_id, item in data["states"].items():
                if isinstance(item, dict) and isinstance(item.get("state"), dict):
                    self.states.setdefault(model_id, {}).update(item["state"])
        elif kind == "comm_msg" and data.get("method") in ("update", "echo_update") and isinstance(data.get("state"), dict):
            self.states.setdefault(comm_id, {}).update(data["state"])
        elif kind == "comm_close":
            self.states.pop(comm_id, None)

    def with_class(self, name: str) -> list[str]:
        return [k for k, s in self.states.items() if name in (s.get("_dom_classes") or ())]

    def children(self, model_id: str) -> list[str]:
        refs = self.states.get(model_id, {}).get("children") or []
        return [r[len("IPY_MODEL_"):] for r in refs if isinstance(r, str) and r.startswith("IPY_MODEL_")]

    def classes(self, model_id: str) -> tuple[str, ...]:
        return tuple(self.states.get(model_id, {}).get("_dom_classes") or ())

    def drawing(self) -> tuple[int, int] | None:
        """(version, fresh buttons) of the redraw marker, or None before the page first drew."""
        for model_id in self.with_class(DRAWN_CLASS):
            value = str(self.states[model_id].get("value") or "")
            version, fresh = _VERSION.search(value), _FRESH.search(value)
            if version and fresh:
                return int(version.group(1)), int(fresh.group(1))
        return None

    def action_buttons(self) -> list[str]:
        """The action bar's buttons that a tap can press (Roll, or this drawing's buttons), in order."""
        bars = self.with_class(ACTIONS_CLASS)
        if not bars:
            return []
        return [c for c in self.children(bars[0]) if c in self.states and {ROLL_CLASS, FRESH_CLASS} & set(self.classes(c))]

    def caught_up(self) -> bool:
        """The action bar shows exactly the buttons of the current drawing (``benchmarks.load``'s REDRAWN)."""
        drawing = self.drawing()
        if drawing is None:
            return False
        version, fresh = drawing
        bars = self.with_class(ACTIONS_CLASS)
        if not bars:
            return False
        children = self.children(bars[0])
        if any(c not in self.states for c in children):
            return False
        buttons = [c for c in children if FRESH_CLASS in self.classes(c)]
        return len(buttons) == fresh and all(f"rb-v{version}" in self.classes(c) for c in buttons)

    def board_ready(self) -> bool:
        """The clickable board: the page has drawn and its action bar has a button to tap."""
        return self.caught_up() and bool(self.action_buttons())

    def page_link(self) -> str | None:
        for model_id, state in self.states.items():
            if "pong" in state and "origin" in state:
                return model_id
        return None


# ----- one visit ----------------------------------------------------------------------------------------------------
@dataclass
class Visit:
    """What one visitor saw (times in seconds from the page's request, move round trips in ms)."""

    kernel_id: str | None = None
    requested_at: float = 0.0  # time.time() when the page was asked for (its kernel is handed out then)
    status: int = 0
    board_s: float | None = None
    full_page: bool = False
    answered_s: float | None = None  # a board or the "full" page
    moves_ms: list[float] = field(default_factory=list)
    requests: int = 0
    bytes_in: int = 0
    bad_assets: list[str] = field(default_factory=list)
    error: str = ""
    phases: dict[str, float] = field(default_factory=dict)  # seconds from the request: head, page, assets, socket, board
    server: str = ""  # the server that served the page, as its ``rb_route`` cookie names it (behind a proxy)


def _decompress(body: bytes, encoding: str) -> bytes:
    encoding = (encoding or "").strip().lower()
    if encoding == "gzip":
        return gzip.decompress(body)
    if encoding == "deflate":
        return zlib.decompress(body)
    if encoding == "br":
        import brotli

        return brotli.decompress(body)
    return body


def page_assets(page_html: str, base_path: str) -> list[str]:
    """Same-site ``<script src>`` / ``<link href>`` paths of a page (the fallback asset list)."""
    found: list[str] = []
    for ref in _ASSET.findall(page_html):
        ref = html.unescape(ref)
        parts = urlsplit(ref)
        if parts.scheme or parts.netloc or ref.startswith(("data:", "#")):
            continue
        path = ref if ref.startswith("/") else base_path.rsplit("/", 1)[0] + "/" + ref
        if path not in found:
            found.append(path)
    return found


class ProtocolVisitor:
    """One phone: its cookies, its address (``X-Real-IP``), its HTTP connections and its kernel websocket."""

    def __init__(
        self,
        port: int,
        notebook: str = "chiritsumo.ipynb",
        query: dict[str, str] | None = None,
        assets: list[str] | None = None,
        address: str | None = None,
        timeout: float = 120.0,
        on_request: Callable[[str, str, float, int, Exception | None], None] | None = None,
    ) -> None:
        self.port = port
        self.notebook = notebook
        self.query = dict(query or {})
        self.assets = assets
        self.address = address
        self.timeout = timeout
        self.on_request = on_request  # (kind, name, seconds, bytes, error): Locust's request event
        self.cookies: dict[str, str] = {}
        self.models = WidgetModels()
        self.session = uuid.uuid4().hex
        self.socket: Any = None
        self._send_lock = threading.Lock()
        self._beat = 0
        self._stop_beats = threading.Event()
        self.ws_frames = 0
        self.ws_bytes = 0  # the kernel's frames as received (after permessage-deflate is undone)

    # -- HTTP
    def headers(self) -> dict[str, str]:
        headers = {"Accept-Encoding": ACCEPT_ENCODING, "User-Agent": USER_AGENT, "Connection": "keep-alive"}
        if self.address:
            headers["X-Real-IP"] = self.address
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return headers

    def _keep_cookies(self, response: http.client.HTTPResponse) -> None:
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value

    def _report(self, kind: str, name: str, seconds: float, size: int, error: Exception | None) -> None:
        if self.on_request is not None:
            self.on_request(kind, name, seconds, size, error)

    def _fetch_all(self, paths: list[str], visit: Visit) -> None:
        """GET ``paths`` over up to six keep-alive connections, as a browser fetches a page's assets."""
        if not paths:
            return
        lock = threading.Lock()
        queue = list(paths)

        def worker() -> None:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            try:
                while True:
                    with lock:
                        if not queue:
                            return
                        path = queue.pop(0)
                    start = time.perf_counter()
                    try:
                        connection.request("GET", path, headers=self.headers())
                        response = connection.getresponse()
                        body = response.read()
                        error = None if response.status < 400 else VisitError(f"HTTP {response.status}")
                    except (OSError, http.client.HTTPException) as exc:
                        connection.close()
                        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
                        body, error = b"", exc
                    with lock:
                        visit.requests += 1
                        visit.bytes_in += len(body)
                        if error is not None:
                            visit.bad_assets.append(f"{path.split('?')[0]}: {error}")
                    self._report("GET", "asset", time.perf_counter() - start, len(body), error)
            finally:
                connection.close()

        with ThreadPoolExecutor(max_workers=min(BROWSER_CONNECTIONS, len(paths))) as pool:
            for future in [pool.submit(worker) for _ in range(min(BROWSER_CONNECTIONS, len(paths)))]:
                future.result()

    def page_path(self) -> str:
        path = f"/voila/render/{quote(self.notebook)}"
        return path + ("?" + urlencode(self.query) if self.query else "")

    def open_page(self, visit: Visit, started: float) -> str:
        """The page (and its assets, fetched while the page streams): its HTML text."""
        path = self.page_path()
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            connection.request("GET", path, headers=self.headers())
            response = connection.getresponse()
            visit.phases["head"] = time.perf_counter() - started
            self._keep_cookies(response)
            visit.status = response.status
            assets_thread = None
            if response.status == 200:
                # the head is here: a browser starts on the scripts and styles while the body streams
                known = self.assets
                if known is not None:
                    assets_thread = threading.Thread(target=self._fetch_all, args=(list(known), visit), daemon=True)
                    assets_thread.start()
            body = response.read()
            visit.requests += 1
            visit.bytes_in += len(body)
            text = _decompress(body, response.getheader("Content-Encoding", "")).decode("utf-8", "replace")
            visit.phases["page"] = time.perf_counter() - started
        finally:
            connection.close()
        self._report("GET", "page", time.perf_counter() - started, len(body), None)
        if visit.status == 200:
            if assets_thread is None:
                self._fetch_all(page_assets(text, path), visit)
            else:
                assets_thread.join()
            visit.phases["assets"] = time.perf_counter() - started
        return text

    # -- the kernel websocket
    def connect(self, kernel_id: str) -> None:
        from websockets.sync.client import connect

        url = f"ws://127.0.0.1:{self.port}/api/kernels/{kernel_id}/channels?session_id={self.session}"
        headers = {k: v for k, v in self.headers().items() if k not in ("Accept-Encoding", "Connection")}
        options: dict[str, Any] = {"proxy": None} if "proxy" in inspect.signature(connect).parameters else {}
        if "legacy" in inspect.signature(connect).parameters:
            options["legacy"] = True  # websockets >= 16: a connection held open across calls, on purpose
        self.socket = connect(
            url, additional_headers=headers, subprotocols=[V1_PROTOCOL], open_timeout=self.timeout,
            max_size=None, ping_interval=None, **options,
        )

    def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg_id = str(uuid.uuid4())
        header = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "msg_id": msg_id, "msg_type": msg_type,
                  "session": self.session, "username": "", "version": "5.2"}
        message = {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content}
        frame = encode_v1("shell", message) if self.socket.subprotocol == V1_PROTOCOL else json.dumps(
            {**message, "channel": "shell", "buffers": []})
        with self._send_lock:
            self.socket.send(frame)
        return msg_id

    def comm_msg(self, comm_id: str, data: dict) -> str:
        return self.send("comm_msg", {"comm_id": comm_id, "data": data})

    def receive(self, until: Callable[[], bool], seconds: float) -> bool:
        """Apply the kernel's messages to the models until ``until()`` holds (True) or ``seconds`` pass (False)."""
        deadline = time.monotonic() + seconds
        while not until():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                frame = self.socket.recv(timeout=left)
            except TimeoutError:
                return False
            self.ws_frames += 1
            self.ws_bytes += len(frame)
            try:
                message = decode_frame(frame)
            except (ValueError, struct.error, UnicodeDecodeError):
                continue
            self.models.apply(message)
        return True

    def request_states(self, wait: float) -> bool:
        """What Voilà's widget manager does: ask the control comm for every model's state; True once the board is there."""
        control = str(uuid.uuid4())
        self.send("comm_open", {"comm_id": control, "target_name": CONTROL_TARGET, "data": {}}, metadata={"version": "1.0.0"})
        self.comm_msg(control, {"method": "request_states"})
        ready = self.receive(self.models.board_ready, wait)
        self.send("comm_close", {"comm_id": control, "data": {}})
        return ready

    def _beats(self) -> None:
        while not self._stop_beats.wait(BEAT_SECONDS):
            self.beat()

    def beat(self, key: str = "beat") -> None:
        link = self.models.page_link()
        if link is None or self.socket is None:
            return
        if key == "beat":
            self._beat += 1
        try:
            self.comm_msg(link, {"method": "custom", "content": {key: self._beat}})
        except Exception:  # noqa: BLE001 - the socket went away; the visit itself reports it
            pass

    def move(self) -> float:
        """Tap the action bar's first button and wait for the page's redraw: milliseconds."""
        buttons = self.models.action_buttons()
        if not buttons:
            raise VisitError("no button to tap in the action bar")
        before = self.models.drawing()
        start = time.perf_counter()
        self.comm_msg(buttons[0], {"method": "custom", "content": {"event": "click"}})

        def redrawn() -> bool:
            now = self.models.drawing()
            return now is not None and (before is None or now[0] != before[0]) and self.models.caught_up()

        if not self.receive(redrawn, self.timeout):
            raise VisitError("the page did not redraw after a tap")
        elapsed = time.perf_counter() - start
        self._report("WS", "move", elapsed, 0, None)
        return elapsed * 1000

    def leave(self, kernel_id: str | None) -> None:
        """pagehide's goodbye, the websocket closed, and the shutdown beacon with the ``_xsrf`` cookie."""
        self._stop_beats.set()
        if self.socket is not None:
            self.beat("bye")
            try:
                self.socket.close()
            except Exception:  # noqa: BLE001 - already closed
                pass
        if not kernel_id:
            return
        body = urlencode({"_xsrf": self.cookies.get("_xsrf", "")})
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            headers = {**self.headers(), "Content-Type": "application/x-www-form-urlencoded"}
            connection.request("POST", f"/voila/api/shutdown/{kernel_id}", body=body, headers=headers)
            connection.getresponse().read()
        except (OSError, http.client.HTTPException):
            pass
        finally:
            connection.close()

    # -- the whole visit
    def visit(self, moves: int = 5, board_timeout: float | None = None, stay: float = 0.0) -> Visit:
        """Open the page, wait for the board, make ``moves`` moves, stay ``stay`` seconds, leave.

        Never raises for what the site does: a refusal or a timeout is the
        visit's ``error`` (a "site is full" page is ``full_page``, not an error).
        """
        visit = Visit()
        board_timeout = self.timeout if board_timeout is None else board_timeout
        started = time.perf_counter()
        visit.requested_at = time.time()
        beats = None
        try:
            text = self.open_page(visit, started)
            if visit.status == 503 and FULL_CLASS in text:
                visit.full_page = True
                visit.answered_s = time.perf_counter() - started
                self._report("GET", "full page", visit.answered_s, 0, None)
                return visit
            if visit.status != 200:
                raise VisitError(f"the page answered HTTP {visit.status}")
            visit.kernel_id = page_kernel_id(text)
            if not visit.kernel_id:
                raise VisitError("the page names no kernel")
            self._fetch_all([f"/api/kernels/{visit.kernel_id}?{int(time.time() * 1000)}"], visit)
            self.connect(visit.kernel_id)
            visit.phases["socket"] = time.perf_counter() - started
            self.send("kernel_info_request", {})
            deadline = started + board_timeout
            while not self.request_states(min(5.0, max(0.1, deadline - time.perf_counter()))):
                if time.perf_counter() >= deadline:
                    done = ", ".join(f"{k} {v:.1f} s" for k, v in visit.phases.items())
                    raise VisitError(f"no board within {board_timeout:.0f} s ({done})")
            # the page's early socket asks the kernel once more before Voilà takes the states (early_kernel.js)
            self.send("kernel_info_request", {})
            visit.board_s = visit.answered_s = time.perf_counter() - started
            self._report("WS", "time to board", visit.board_s, 0, None)
            link = self.models.page_link()
            if link is not None:
                self.comm_msg(link, {"method": "update", "state": {"origin": f"http://127.0.0.1:{self.port}"}, "buffer_paths": []})
                self.beat()
                beats = threading.Thread(target=self._beats, daemon=True)
                beats.start()
            for _ in range(moves):
                visit.moves_ms.append(self.move())
            if stay:
                self.receive(lambda: False, stay)
        except Exception as error:  # noqa: BLE001 - the visit's outcome, reported by the caller
            visit.error = f"{type(error).__name__}: {str(error).splitlines()[0][:160] if str(error) else ''}"
            self._report("VISIT", "failed", time.perf_counter() - started, 0, error)
        finally:
            self.leave(visit.kernel_id)
            visit.server = self.cookies.get("rb_route", "")
            if beats is not None:
                beats.join(1)
        return visit
