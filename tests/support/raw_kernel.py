"""A raw client of the site, as an attacker would write one: pages over plain HTTP, kernel websockets by hand.

Used by ``tests/security/``. A browser cannot hold a kernel's websocket
without heartbeats, open thirty of them, or send a malformed ``comm_open``;
these helpers can. Every request goes to 127.0.0.1; a different visitor is
told by the ``X-Real-IP`` header, as the café's reverse proxy sets it.
"""

from __future__ import annotations

import http.client
import json
import uuid
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any

from tests.support.site_process import page_kernel_id


@dataclass
class Visitor:
    """One client: an address (via the proxy's header) and the cookies the site gave it."""

    port: int
    address: str | None = None
    cookies: dict[str, str] = field(default_factory=dict)
    use_cookies: bool = True

    def headers(self) -> dict[str, str]:
        headers = {}
        if self.address:
            headers["X-Real-IP"] = self.address
        if self.use_cookies and self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return headers

    def get(self, path: str, timeout: float = 180) -> tuple[int, str, dict[str, str]]:
        """GET ``path`` sent exactly as given (no normalising): (status, body, headers)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path, headers=self.headers())
            response = connection.getresponse()
            body = response.read().decode("utf-8", "replace")
            for value in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(value).items():
                    self.cookies[name] = morsel.value
            return response.status, body, dict(response.headers.items())
        finally:
            connection.close()

    def open_page(self, notebook: str = "widget.ipynb", query: str = "") -> tuple[int, str | None]:
        """Open a page as a browser would, without ever connecting to it: (status, its kernel id)."""
        status, body, _ = self.get(f"/voila/render/{notebook}" + (f"?{query}" if query else ""))
        return status, page_kernel_id(body) if status == 200 else None

    def socket(self, kernel_id: str, timeout: float = 30) -> "KernelSocket":
        return KernelSocket.connect(self, kernel_id, timeout)


class KernelSocket:
    """A kernel websocket (Jupyter's JSON protocol), held open and silent unless told to send."""

    def __init__(self, connection: Any, session: str) -> None:
        self.connection = connection
        self.session = session

    @classmethod
    def connect(cls, visitor: Visitor, kernel_id: str, timeout: float = 30) -> "KernelSocket":
        """Connect, or raise ``websockets.exceptions.InvalidStatus`` (e.g. 429) when the site refuses."""
        from websockets.sync.client import connect

        session = uuid.uuid4().hex
        url = f"ws://127.0.0.1:{visitor.port}/api/kernels/{kernel_id}/channels?session_id={session}"
        connection = connect(
            url, additional_headers=visitor.headers(), open_timeout=timeout, max_size=None, proxy=None,
            ping_interval=None,
        )
        return cls(connection, session)

    def send(self, msg_type: str, content: dict, channel: str = "shell", metadata: dict | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "session": self.session, "username": "", "version": "5.3",
                  "date": "2026-01-01T00:00:00Z"}
        self.connection.send(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                                         "channel": channel, "buffers": []}))
        return msg_id

    def comm_open(self, target: str, data: Any, comm_id: str | None = None, version: str = "2.1.0") -> str:
        """A ``comm_open`` as a widget front end sends it (``version``: the widget protocol's)."""
        return self.send("comm_open", {"comm_id": comm_id or uuid.uuid4().hex, "target_name": target, "data": data},
                         metadata={"version": version})

    def receive_all(self, seconds: float) -> list[Any]:
        """Every message received within ``seconds`` (raw text or bytes), stopping early if the socket closes."""
        import time

        from websockets.exceptions import ConnectionClosed

        got: list[Any] = []
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                got.append(self.connection.recv(timeout=left))
            except TimeoutError:
                break
            except ConnectionClosed:
                break
        return got

    def close(self) -> None:
        try:
            self.connection.close()
        except Exception:  # noqa: BLE001 - already gone
            pass


def big_widget(n: int, size: int) -> dict:
    """A well-formed ``comm_open`` payload of an HTML widget whose value is ``size`` bytes: the kernel keeps it."""
    controls = {"_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0",
                "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0"}
    state = {"_model_name": "HTMLModel", "_view_name": "HTMLView", **controls, "value": f"{n}" + "x" * size}
    return {"state": state, "buffer_paths": []}
