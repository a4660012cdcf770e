"""docs/deploy.md's nginx configuration runs as written (no browser, no rulebook server).

The block after ``<!-- tested: tests/support/nginx_proxy.py -->`` is what
``NginxProxy`` renders: every line of it is kept, only the listen port and
the servers change. ``nginx -t`` accepts it, and in front of small
stand-in servers (each answers with its name and the headers it got, sets the
``rb_route`` cookie like ``rulebook serve``, can drain with 503, and
upgrades a websocket-like request) it routes as the doc says: a browser
without a cookie goes to a server, one with a cookie to that server, a dead
or draining server's requests to another, the client's address is passed,
gzip is left to the server, and ``/metrics`` is not reachable through it.
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.support.nginx_proxy import (
    DOC,
    HOST,
    MARKER,
    NginxUnavailable,
    block_shape,
    check_config,
    doc_block,
    nginx_binary,
    nginx_conf,
    render,
)

# ------------------------------------------------------------ rendering ---


def test_the_doc_marks_one_nginx_block_and_it_names_two_servers() -> None:
    text = DOC.read_text("utf-8")
    assert text.count(MARKER) == 1
    shape = block_shape(doc_block())
    assert shape.servers == {"a": "10.0.0.11:8866", "b": "10.0.0.12:8866"}


def test_rendering_for_the_docs_own_servers_changes_only_addresses_and_the_listen_line() -> None:
    """What the fixture runs is the doc's block: rendered for two servers it is the block line for line,
    but for the addresses and the listen port."""
    block = doc_block()
    rendered = render(block, {"a": 18866, "b": 18867}, 18080)
    as_doc = (
        rendered.replace("127.0.0.1:18866", "10.0.0.11:8866")
        .replace("127.0.0.1:18867", "10.0.0.12:8866")
        .replace("listen 127.0.0.1:18080;", "listen 80;")
    )
    assert as_doc == block


def test_rendering_three_servers_gives_each_its_upstream_with_the_others_as_backup() -> None:
    rendered = render(doc_block(), {"x": 1001, "y-2": 1002, "z": 1003}, 1000)
    assert re.search(r"^\s+y-2\s+rb_y-2;", rendered, re.M)
    for name, port in {"x": 1001, "y-2": 1002, "z": 1003}.items():
        body = re.search(rf"upstream rb_{re.escape(name)} \{{\n(.*?)\n\}}", rendered, re.S).group(1).splitlines()
        assert f"127.0.0.1:{port} " in body[0] and "backup" not in body[0]
        assert len(body) == 3 and all("backup" in line for line in body[1:])
    pool = re.search(r"upstream rulebook \{\n(.*?)\n\}", rendered, re.S).group(1)
    assert "least_conn;" in pool and pool.count("server 127.0.0.1:") == 3
    assert "10.0.0." not in rendered and "listen 127.0.0.1:1000;" in rendered


@pytest.mark.parametrize(
    ("upstreams", "message"),
    [({}, "at least one"), ({"a b": 1}, "not a server name"), ({"a": 70000}, "out of range"), ({"x" * 41: 1}, "not a server name")],
)
def test_bad_servers_are_refused(upstreams, message) -> None:
    with pytest.raises(ValueError, match=message):
        render(doc_block(), upstreams, 1000)


def test_a_doc_without_the_marker_is_refused(tmp_path) -> None:
    doc = tmp_path / "deploy.md"
    doc.write_text("```nginx\nserver { listen 80; }\n```\n")
    with pytest.raises(ValueError, match="tested nginx block cannot be found"):
        doc_block(doc)


def test_nginx_accepts_the_rendered_block(tmp_path) -> None:
    try:
        nginx_binary()
    except NginxUnavailable as error:  # skipped (or failed under CI) like the start_nginx fixture
        if os.environ.get("CI"):
            pytest.fail(str(error))
        pytest.skip(str(error))
    tmp_path.chmod(0o755)
    site = render(doc_block(), {"a": 18866, "b": 18867}, 18080)
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_conf(tmp_path, site, as_root=os.geteuid() == 0))
    assert "test is successful" in check_config(conf, tmp_path)


# ------------------------------------------------------------ stand-in servers ---


class StandIn:
    """A tiny HTTP server playing one ``rulebook serve``: ``/page`` sets ``rb_route``, ``/echo`` tells
    what it got, ``/big`` is compressible text, ``/ws`` upgrades; ``draining`` answers 503."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.draining = False
        self.hits: list[str] = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # quiet
                pass

            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                stand_in.hits.append(self.path)
                if self.path.startswith("/ws"):
                    return self.upgrade()
                if stand_in.draining and self.path.startswith("/page"):
                    return self.answer(503, b"draining\n", {"Retry-After": "5"})
                if self.path == "/big":
                    return self.answer(200, b"the same words again " * 500, {"Content-Type": "text/html"})
                body = json.dumps({"server": stand_in.name, "headers": dict(self.headers)}).encode()
                cookie = {"Set-Cookie": f"rb_route={stand_in.name}; Path=/; HttpOnly; SameSite=Lax"}
                return self.answer(200, body, cookie if self.path.startswith("/page") else {})

            def answer(self, status: int, body: bytes, headers: dict[str, str]) -> None:
                self.send_response(status)
                for key, value in {"Content-Length": str(len(body)), **headers}.items():
                    self.send_header(key, value)
                self.end_headers()
                self.wfile.write(body)

            def upgrade(self) -> None:
                if self.headers.get("Upgrade", "").lower() != "websocket" or "upgrade" not in self.headers.get("Connection", "").lower():
                    return self.answer(400, b"no upgrade\n", {})
                self.send_response(101)
                self.send_header("Upgrade", "websocket")
                self.send_header("Connection", "Upgrade")
                self.end_headers()
                self.wfile.flush()
                self.connection.sendall(f"hello from {stand_in.name}\n".encode())
                self.close_connection = True

        self.server = ThreadingHTTPServer((HOST, 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def stand_ins():
    servers = {name: StandIn(name) for name in ("a", "b")}
    try:
        yield servers
    finally:
        for server in servers.values():
            if server.thread.is_alive():
                server.stop()


def get(proxy, path: str, cookie: str | None = None, headers: dict | None = None) -> tuple[int, dict, bytes]:
    conn = http.client.HTTPConnection(HOST, proxy.port, timeout=10)
    sent = dict(headers or {})
    if cookie:
        sent["Cookie"] = f"rb_route={cookie}"
    conn.request("GET", path, headers=sent)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_routing_stickiness_failover_and_drain_through_the_doc_block(stand_ins, start_nginx) -> None:
    proxy = start_nginx({name: s.port for name, s in stand_ins.items()})
    # no cookie: some server answers and names itself in the cookie
    status, headers, body = get(proxy, "/page")
    first = json.loads(body)["server"]
    assert status == 200 and headers["set-cookie"].startswith(f"rb_route={first};")
    # a cookie sends every request, page or not, to its server
    for name in ("a", "b"):
        for path in ("/page", "/echo", "/static/x.js"):
            assert json.loads(get(proxy, path, cookie=name)[2])["server"] == name
    # an unknown server name in the cookie: treated as no cookie
    assert json.loads(get(proxy, "/echo", cookie="gone")[2])["server"] in ("a", "b")
    # the client's address, and the host as typed (with its port: the websocket origin check)
    sent = json.loads(get(proxy, "/echo", cookie="a", headers={"X-Forwarded-For": "203.0.113.9"})[2])["headers"]
    assert sent["X-Real-IP"] == "127.0.0.1"
    assert sent["X-Forwarded-For"] == "203.0.113.9, 127.0.0.1"  # the proxy appends the peer; the server walks from the right
    assert sent["Host"] == f"{HOST}:{proxy.port}"
    # a draining server's new page goes to the other one (503 -> next upstream); its other requests still reach it
    stand_ins["a"].draining = True
    status, headers, body = get(proxy, "/page", cookie="a")
    assert status == 200 and json.loads(body)["server"] == "b" and headers["set-cookie"].startswith("rb_route=b;")
    assert "/page" in stand_ins["a"].hits[-1]  # a was asked first
    # both draining: the 503 itself reaches the browser (with its Retry-After), not an nginx error page
    stand_ins["b"].draining = True
    status, headers, body = get(proxy, "/page", cookie="b")
    assert status == 503 and body == b"draining\n" and headers["retry-after"] == "5"
    stand_ins["a"].draining = stand_ins["b"].draining = False
    # a dead server's browser is served by the other
    stand_ins["a"].stop()
    status, headers, body = get(proxy, "/page", cookie="a")
    assert status == 200 and json.loads(body)["server"] == "b" and headers["set-cookie"].startswith("rb_route=b;")
    assert proxy.served_by("/page")[-1] == "b"


def test_websocket_upgrade_compression_and_metrics(stand_ins, start_nginx) -> None:
    proxy = start_nginx({name: s.port for name, s in stand_ins.items()})
    # the upgrade reaches the browser's server and the connection then carries its bytes
    with socket.create_connection((HOST, proxy.port), timeout=10) as sock:
        sock.sendall(
            f"GET /ws HTTP/1.1\r\nHost: {HOST}:{proxy.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Cookie: rb_route=b\r\n\r\n".encode()
        )
        received = b""
        while b"hello from" not in received:
            chunk = sock.recv(4096)
            if not chunk:
                break
            received += chunk
    assert received.startswith(b"HTTP/1.1 101") and b"hello from b\n" in received
    # gzip is the server's: nginx (gzip on in Debian's http block) does not compress what the server sent plain
    status, headers, body = get(proxy, "/big", cookie="a", headers={"Accept-Encoding": "gzip"})
    assert status == 200 and "content-encoding" not in headers and body == b"the same words again " * 500
    assert len(gzip.compress(body)) < len(body) / 10  # it was well worth compressing: nginx left it to the server
    # /metrics is for each server's own address only
    status, _, _ = get(proxy, "/metrics", cookie="a")
    assert status == 404 and "/metrics" not in stand_ins["a"].hits


def test_reload_adds_a_server(stand_ins, start_nginx) -> None:
    proxy = start_nginx({"a": stand_ins["a"].port})
    assert json.loads(get(proxy, "/echo", cookie="b")[2])["server"] == "a"  # b is not listed yet
    proxy.reload({name: s.port for name, s in stand_ins.items()})
    assert json.loads(get(proxy, "/echo", cookie="b")[2])["server"] == "b"


def test_nginx_runs_its_workers_unprivileged_and_stops_cleanly(stand_ins, start_nginx) -> None:
    """As root (a CI container) the workers run as nobody (``user nobody nogroup``); nginx stops on request."""
    from rulebook.site.process import descendants

    proxy = start_nginx({name: s.port for name, s in stand_ins.items()})
    workers = descendants(proxy.process.pid)
    assert workers, "nginx started no worker"
    for pid in workers:
        uid = int(next(line for line in Path(f"/proc/{pid}/status").read_text().splitlines() if line.startswith("Uid:")).split()[1])
        assert uid == (65534 if os.geteuid() == 0 else os.geteuid())
    proxy.stop()
    assert proxy.process.returncode == 0
    with pytest.raises(OSError):
        socket.create_connection((HOST, proxy.port), timeout=2).close()


# ------------------------------------------------------------ the doc's other claims ---


def server_command() -> list[str]:
    """The ``rulebook serve`` command of "Several servers behind nginx", as argv (continuations joined)."""
    import shlex

    text = DOC.read_text("utf-8")
    section = text[text.index("## Several servers behind nginx") :]
    block = section[section.index("```sh\n") + 6 :]
    block = block[: block.index("```")]
    lines = [line for line in block.replace("\\\n", " ").splitlines() if line.strip() and not line.startswith("#")]
    assert len(lines) == 1, lines
    return shlex.split(lines[0])


def test_the_docs_server_command_is_one_rulebook_serve_accepts() -> None:
    from rulebook.cli import build_parser

    argv = server_command()
    assert argv[0] == ".venv/bin/rulebook" and argv[1] == "serve"
    args = build_parser().parse_args(argv[1:])
    assert (args.server_name, args.ip, args.port) == ("a", "10.0.0.11", 8866)
    # the server's name is the doc block's first example, at the address its upstream names
    assert block_shape(doc_block()).servers["a"] == f"{args.ip}:{args.port}"


def test_debians_nginx_conf_is_as_the_doc_says() -> None:
    """The block goes in conf.d (included inside ``http``), and Debian turns gzip on there (hence ``gzip off``)."""
    conf = Path("/etc/nginx/nginx.conf")
    if not conf.exists():
        pytest.skip("Debian's nginx is not installed (make nginx)")
    text = conf.read_text()
    http = text[text.index("http {") :]
    assert "include /etc/nginx/conf.d/*.conf;" in http
    assert re.search(r"^\s*gzip on;", http, re.M)
    assert "gzip off;" in doc_block()
