"""Fast tests of the site's configuration, command line and query_params().

No server, no browser: the served site is tested in tests/browser/test_site.py.
"""

from __future__ import annotations

import json
import re
import sys
import threading
import types
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook import cli
from rulebook.site.limits import memory_wall_mb
from rulebook.site import request, serve
from rulebook.site.serve import SiteOptions, voila_config

REPO = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
TEMPLATE_DIR = serve.TEMPLATES_DATA_DIR / "voila" / "templates" / "rulebook"


# ------------------------------------------------------------ config ------


def make_notebooks(folder: Path) -> Path:
    for name in ["index.ipynb", "game.ipynb", "sub/other.ipynb", ".ipynb_checkpoints/game-checkpoint.ipynb"]:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{}")
    (folder / "notes.txt").write_text("not a notebook")
    return folder


def test_defaults_are_the_production_site():
    options = SiteOptions()
    assert options.port == 8866
    assert options.notebooks == (REPO / "notebooks").resolve()
    assert options.preheat is True and options.pool_size == 1
    # a page-less kernel goes within ~2.5 minutes (the table is in the store),
    # never within a minute of being handed to a page
    assert (options.cull_idle_timeout, options.cull_interval, options.cull_grace) == (120, 30, 60)
    assert options.url == "http://127.0.0.1:8866/"
    assert options.data == (Path.cwd() / "data").resolve()
    assert options.keep_days == 90 and options.max_kernels == 0 and options.db == ""


def test_the_executor_waits_for_a_busy_machine(tmp_path):
    """nbclient's 4 s IOPub timeout left pages blank under load (issue 9)."""
    executor = voila_config(SiteOptions(notebooks=tmp_path))["VoilaExecutor"]
    assert executor["iopub_timeout"] >= 60
    assert executor["startup_timeout"] >= 60
    assert executor["timeout"] >= 120


def test_store_url_and_environment(tmp_path, monkeypatch):
    monkeypatch.delenv("RULEBOOK_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    options = SiteOptions(notebooks=tmp_path, data=tmp_path / "d", max_kernels=7)
    assert options.store_url == f"sqlite://{tmp_path / 'd' / 'tables.sqlite'}"
    env = serve.site_environment(options)
    assert env == {
        "RULEBOOK_DB": options.store_url,
        "RULEBOOK_MAX_KERNELS": "7",
        "RULEBOOK_HOUSE": "",
        "RULEBOOK_KERNEL_WALL_MB": str(memory_wall_mb(options.limits.kernel_memory_mb)),  # the kernels' memory wall
        "RULEBOOK_MAX_STORE_MB": "2048",  # issue 17: the store's size cap
        "RULEBOOK_SERVER": options.server_name,  # issue 30: which server a page is on
        "VOILA_APP_IP": "127.0.0.1",  # where a preheated kernel asks for its request
        "RULEBOOK_FEED": "",  # no feed socket given: the pages poll (issue 30: the server's feed, rulebook.site.feed)
    }
    monkeypatch.setenv("RULEBOOK_DB", "postgresql://x@localhost/y")
    assert options.store_url == "postgresql://x@localhost/y"
    given = SiteOptions(notebooks=tmp_path, db="sqlite:///tmp/z.sqlite")
    assert given.store_url == "sqlite:///tmp/z.sqlite"
    # a house.toml in the working folder is used when none is named
    assert options.house_file is None
    (tmp_path / "house.toml").write_text('name = "x"\n')
    assert options.house_file == tmp_path / "house.toml"
    assert SiteOptions(notebooks=tmp_path, house=tmp_path / "other.toml").house_file == tmp_path / "other.toml"


def test_check_site_makes_the_data_folder_and_opens_the_store(tmp_path, monkeypatch):
    monkeypatch.delenv("RULEBOOK_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    options = SiteOptions(notebooks=tmp_path, data=tmp_path / "new" / "data")
    serve.check_site(options)
    assert (tmp_path / "new" / "data" / "tables.sqlite").exists()
    with pytest.raises(SystemExit, match="no house file"):
        serve.check_site(SiteOptions(notebooks=tmp_path, data=tmp_path / "d2", house=tmp_path / "missing.toml"))


def test_check_site_names_a_database_it_cannot_reach_without_its_password(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    options = SiteOptions(notebooks=tmp_path, data=tmp_path / "data", db="postgresql://cafe:hunter2@127.0.0.1:1/tables")
    with pytest.raises(SystemExit) as stopped:
        serve.check_site(options)
    message = str(stopped.value)
    assert "cannot open the table store postgresql://cafe@127.0.0.1:1/tables" in message
    assert "hunter2" not in message


def test_voila_config_serves_locally_with_the_site_template(tmp_path):
    config = voila_config(SiteOptions(port=9123, notebooks=make_notebooks(tmp_path)))
    voila = config["Voila"]
    assert voila["ip"] == "127.0.0.1"
    assert voila["port"] == 9123
    assert voila["port_retries"] == 0
    assert voila["open_browser"] is False
    assert voila["root_dir"] == str(tmp_path.resolve())
    assert voila["config_file_paths"] == []
    vc = config["VoilaConfiguration"]
    assert vc["template"] == "rulebook"
    assert vc["allow_template_override"] == "NO"
    assert vc["allow_theme_override"] == "NO"
    assert vc["strip_sources"] is True
    assert vc["show_tracebacks"] is False
    assert config["VoilaExecutor"]["show_tracebacks"] is False
    assert "Voil" not in config["VoilaExecutor"]["cell_error_instruction"]


def test_preheated_pools_per_notebook(tmp_path):
    options = SiteOptions(notebooks=make_notebooks(tmp_path), pool_size=2)
    config = voila_config(options)
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    assert config["VoilaConfiguration"]["default_pool_size"] == 2
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools == {
        "default": {"pool_size": 0},
        "game.ipynb": {"pool_size": 2},
        "index.ipynb": {"pool_size": 2},
        "sub/other.ipynb": {"pool_size": 2},
    }
    assert options.pool_kernels == 6


@pytest.mark.parametrize("fields", [{"preheat": False}, {"pool_size": 0}])
def test_no_preheat(tmp_path, fields):
    options = SiteOptions(notebooks=make_notebooks(tmp_path), **fields)
    config = voila_config(options)
    assert config["VoilaConfiguration"]["preheat_kernel"] is False
    assert "VoilaKernelManager" not in config
    assert options.pool_kernels == 0


def test_culling_settings(tmp_path):
    config = voila_config(SiteOptions(notebooks=tmp_path, cull_idle_timeout=7, cull_interval=3))
    assert config["MappingKernelManager"] == {
        "cull_idle_timeout": 7,
        "cull_interval": 3,
        "cull_connected": False,
        "cull_busy": False,
        "kernel_manager_class": "rulebook.site.memory.WalledKernelManager",
    }


@pytest.mark.parametrize(
    "fields",
    [
        {"port": 0},
        {"port": 70000},
        {"pool_size": -1},
        {"cull_idle_timeout": -1},
        {"cull_interval": 0},
        {"cull_grace": -1},
        {"keep_days": -1},
        {"max_kernels": -2},
        {"db": "mysql://nope"},
        {"ip": "localhost"},
        {"ip": "300.1.2.3"},
        {"ip": ""},
        {"trusted_proxies": ("proxy.example",)},
        {"trusted_proxies": ("10.0.0.5/24",)},
        {"trusted_proxies": ()},
        {"server_name": "café"},
        {"server_name": "a" * 41},
        {"server_name": "two words"},
        {"drain_seconds": -1},
    ],
)
def test_bad_options_are_refused(tmp_path, fields):
    with pytest.raises(ValueError):
        SiteOptions(notebooks=tmp_path, **fields)


def test_command_line_round_trips_through_the_cli(tmp_path):
    options = SiteOptions(
        port=9001,
        notebooks=tmp_path,
        preheat=False,
        pool_size=3,
        cull_idle_timeout=5,
        cull_interval=1,
        cull_grace=2,
        data=tmp_path / "data",
        db="sqlite:///tmp/x.sqlite",
        keep_days=3,
        house=tmp_path / "house.toml",
        max_kernels=9,
        ip="::1",
        trusted_proxies=("10.0.0.0/8", "192.168.1.1"),
        server_name="cafe_b-2",
        drain_seconds=30,
    )
    argv = serve.command_line(options)
    assert argv[:3] == [sys.executable, "-m", "rulebook.cli"]
    assert run_cli(argv[3:]) == [options]
    nobody = SiteOptions(notebooks=tmp_path, trusted_proxies=("none",))
    assert nobody.trusted_networks == () and run_cli(serve.cli_arguments(nobody)) == [nobody]


def test_the_edge_flags_from_the_command_line(tmp_path):
    [options] = run_cli(["serve", "--notebooks", str(tmp_path), "--ip", "10.0.0.5", "--trusted-proxy", "10.0.0.1",
                         "--trusted-proxy", "10.2.0.0/16,::1", "--server-name", "web-1", "--drain-seconds", "5"])
    assert options.ip == "10.0.0.5" and options.url == "http://10.0.0.5:8866/"
    assert [str(n) for n in options.trusted_networks] == ["10.0.0.1/32", "10.2.0.0/16", "::1/128"]
    assert options.server_name == "web-1" and options.drain_seconds == 5
    assert voila_config(options)["Voila"]["ip"] == "10.0.0.5"
    assert serve.site_environment(options)["RULEBOOK_SERVER"] == "web-1"
    assert SiteOptions(notebooks=tmp_path, ip="[::1]", port=9000).url == "http://[::1]:9000/"
    assert SiteOptions(notebooks=tmp_path, ip="0.0.0.0").url == "http://127.0.0.1:8866/"
    assert serve.site_environment(SiteOptions(notebooks=tmp_path, ip="::"))["VOILA_APP_IP"] == "[::1]"
    assert serve.site_environment(options)["VOILA_APP_IP"] == "10.0.0.5"


def test_the_server_name_defaults_to_the_host_and_port():
    assert serve.default_server_name(8866, "cafe.example.org") == "cafe-8866"
    assert serve.default_server_name(9000, "my box!") == "my-box-9000"
    assert serve.default_server_name(9000, "") == "rulebook-9000"
    long = serve.default_server_name(65535, "x" * 80)
    assert len(long) == 40 and long.endswith("-65535") and serve.SERVER_NAME.match(long)
    assert serve.SERVER_NAME.match(SiteOptions().server_name)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--ip", "localhost"], "rulebook serve: --ip: not an IP address"),
        (["--ip", "1.2.3"], "rulebook serve: --ip: not an IP address"),
        (["--trusted-proxy", "proxy.lan"], "rulebook serve: --trusted-proxy: not an IP address or network"),
        (["--trusted-proxy", "10.0.0.5/24"], "host bits set"),
        (["--server-name", "a/b"], "rulebook serve: --server-name"),
        (["--drain-seconds", "-3"], "rulebook serve: drain seconds"),
    ],
)
def test_bad_edge_flags_are_refused_with_a_clear_message(argv, words, capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["serve", *argv])
    assert stopped.value.code == 2
    assert words in capsys.readouterr().err


def test_check_site_refuses_an_address_this_machine_does_not_have(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    options = SiteOptions(notebooks=tmp_path, data=tmp_path / "data", ip="192.0.2.77")  # TEST-NET-1: nobody's
    with pytest.raises(SystemExit, match=r"rulebook serve: cannot listen on 192\.0\.2\.77 \(--ip\)"):
        serve.check_site(options)


@pytest.mark.parametrize(
    "db",
    ["postgresql://cafe@127.0.0.1:notaport/tables", "postgresql://nobody@127.0.0.1:1/tables", "postgresql://cafe@[::1/tables"],
)
def test_check_site_refuses_a_malformed_or_unreachable_store(tmp_path, monkeypatch, db):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit, match="rulebook serve: cannot open the table store"):
        serve.check_site(SiteOptions(notebooks=tmp_path, data=tmp_path / "data", db=db))


def run_cli(argv: list[str]) -> list[SiteOptions]:
    """The options ``rulebook <argv>`` would serve with."""
    seen: list[SiteOptions] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(serve, "serve", lambda options, **_wiring: seen.append(options))
        assert cli.main(argv) == 0
    return seen


def test_rulebook_serve_hands_the_site_the_editions_pages():
    """``/rules/`` comes from the edition (rulebook.publish), which the server never imports: the command wires it."""
    from rulebook.publish.live import LiveEdition

    wiring: list[dict] = []
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(serve, "serve", lambda options, **given: wiring.append(given))
        assert cli.main(["serve"]) == 0
    assert wiring == [{"edition_for": LiveEdition}]
    pages = wiring[0]["edition_for"]("/")
    assert pages.content_type("en/pig/") == "text/html; charset=utf-8" and pages.file("en/no_such_game/") is None


def test_cli_defaults():
    assert run_cli(["serve"]) == [SiteOptions()]


def test_cli_rejects_bad_values(capsys):
    with pytest.raises(SystemExit):
        cli.main(["serve", "--port", "0"])
    with pytest.raises(SystemExit):
        cli.main([])


def test_serve_refuses_a_missing_folder(tmp_path):
    with pytest.raises(SystemExit):
        serve.serve(SiteOptions(notebooks=tmp_path / "missing"))


# ---------------------------------------------------------- template ------


def test_jupyter_path_puts_the_template_first():
    path = serve.jupyter_path_with_template({"JUPYTER_PATH": "/a:/b"})
    assert path.split(":") == [str(serve.TEMPLATES_DATA_DIR), "/a", "/b"]
    assert serve.jupyter_path_with_template({}) == str(serve.TEMPLATES_DATA_DIR)


def test_template_extends_lab():
    conf = json.loads((TEMPLATE_DIR / "conf.json").read_text())
    assert conf == {"base_template": "lab"}
    for name in ["index.html.j2", "page.html", "404.html", "error.html", "static/site.css"]:
        assert (TEMPLATE_DIR / name).is_file(), name


def test_voila_finds_the_template(monkeypatch):
    monkeypatch.setenv("JUPYTER_PATH", serve.jupyter_path_with_template({}))
    from voila.paths import collect_static_paths, collect_template_paths

    paths = collect_template_paths(["voila", "nbconvert"], "rulebook", prune=True)
    assert paths[0] == str(TEMPLATE_DIR)
    assert any(p.endswith("voila/templates/lab") for p in paths)
    statics = collect_static_paths(["voila", "nbconvert"], "rulebook")
    assert statics[0] == str(TEMPLATE_DIR / "static")


def test_template_names_no_other_host():
    """Offline cafés: nothing in the template may point at another host."""
    for path in TEMPLATE_DIR.rglob("*"):
        if path.is_file():
            text = path.read_text("utf-8")
            assert not re.search(r"(?<![\w.])(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", text, re.I), path


def test_error_pages_never_show_the_message():
    expressions = []
    for name in ["page.html", "error.html", "404.html"]:
        expressions += re.findall(r"{{(.*?)}}", (TEMPLATE_DIR / name).read_text(), re.S)
    assert any("status_code" in e for e in expressions)
    for expression in expressions:
        assert not re.search(r"message|exception|traceback", expression, re.I), expression


# ------------------------------------------------------- query_params -----


@pytest.fixture
def fresh_request(monkeypatch):
    """query_params() as in a new kernel: nothing received, no Voilà env."""
    monkeypatch.setattr(request, "_request_received", False)
    for name in ["QUERY_STRING", "VOILA_PREHEAT", "VOILA_KERNEL_ID", "VOILA_APP_PORT", "VOILA_APP_IP",
                 "VOILA_SERVER_URL", "VOILA_WS_BASE_URL", "VOILA_WS_PROTOCOL"]:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_no_query_outside_voila(fresh_request):
    assert request.query_params() == {}


@pytest.mark.parametrize(
    "query, expected",
    [
        ("lang=en&seed=3", {"lang": "en", "seed": "3"}),
        ("?lang=en", {"lang": "en"}),
        ("a=1&a=2&b=", {"a": "1", "b": ""}),
        ("flag&x=1", {"flag": "", "x": "1"}),
        ("name=%E3%81%A1%E3%82%8A&sp=a+b", {"name": "ちり", "sp": "a b"}),
        ("bad=%ZZ&&=v&ok=1", {"bad": "%ZZ", "ok": "1"}),
        ("x=%ff%fe", {"x": "\ufffd\ufffd"}),
        ("a=1;b=2", {"a": "1;b=2"}),
        ("", {}),
        ("&&&", {}),
    ],
)
def test_query_params_from_the_environment(fresh_request, query, expected):
    fresh_request.setenv("QUERY_STRING", query)
    fresh_request.setenv("VOILA_PREHEAT", "False")
    assert request.query_params() == expected


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_parse_query_never_raises(text):
    params = request.parse_query(text)
    assert isinstance(params, dict)
    assert all(isinstance(k, str) and k and isinstance(v, str) for k, v in params.items())


def test_parse_query_ignores_non_strings():
    assert request.parse_query(None) == {}  # type: ignore[arg-type]


def test_not_preheated_never_waits(fresh_request):
    def boom(url):
        raise AssertionError("a kernel started for its request must not wait")

    fresh_request.setattr(request, "_receive_request_info", boom)
    fresh_request.setenv("VOILA_PREHEAT", "False")
    fresh_request.setenv("QUERY_STRING", "seed=1")
    assert request.query_params() == {"seed": "1"}


class FakeVoilaQueryServer:
    """Voilà's /voila/query/<kernel id> websocket: sends the request info once."""

    def __init__(self, payload: dict):
        from websockets.sync.server import serve as ws_serve

        self.payload = payload
        self.paths: list[str] = []
        self.server = ws_serve(self.handle, "127.0.0.1", 0)
        self.port = self.server.socket.getsockname()[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def handle(self, connection):
        self.paths.append(connection.request.path)
        connection.send(json.dumps(self.payload))

    def close(self):
        self.server.shutdown()
        self.thread.join(5)


def test_preheated_kernel_waits_for_its_request(fresh_request):
    kernel_id = "0f0e0d0c-0000-4000-8000-123456789abc"
    server = FakeVoilaQueryServer({"QUERY_STRING": "lang=en&seed=3", "SCRIPT_NAME": "/voila/render/x.ipynb"})
    try:
        fresh_request.setenv("VOILA_PREHEAT", "True")
        fresh_request.setenv("VOILA_APP_PORT", str(server.port))
        fresh_request.setenv("VOILA_SERVER_URL", "/")
        fresh_request.setenv("VOILA_KERNEL_ID", kernel_id)
        assert request.query_params() == {"lang": "en", "seed": "3"}
        # once only: Voilà sends the request info a single time
        assert request.query_params() == {"lang": "en", "seed": "3"}
        assert server.paths == [f"/voila/query/{kernel_id}"]
    finally:
        server.close()


def test_request_info_url_is_built_like_voila():
    env = {"VOILA_APP_PORT": "9999", "VOILA_SERVER_URL": "/base/", "VOILA_KERNEL_ID": "k"}
    assert request.request_info_url(env) == "ws://127.0.0.1:9999/base/voila/query/k"
    env["VOILA_WS_BASE_URL"] = "/ws/"
    env["VOILA_WS_PROTOCOL"] = "wss"
    assert request.request_info_url(env) == "wss://127.0.0.1:9999/ws/voila/query/k"


def test_preheated_without_websockets_uses_voila_utils(fresh_request):
    calls = []

    def wait_for_request():
        calls.append(1)
        fresh_request.setenv("QUERY_STRING", "seed=42")

    fake_utils = types.ModuleType("voila.utils")
    fake_utils.wait_for_request = wait_for_request
    fake_voila = types.ModuleType("voila")
    fake_voila.utils = fake_utils
    fresh_request.setitem(sys.modules, "voila", fake_voila)
    fresh_request.setitem(sys.modules, "voila.utils", fake_utils)
    fresh_request.setitem(sys.modules, "websockets.sync.client", None)  # ImportError
    fresh_request.setenv("VOILA_PREHEAT", "True")
    assert request.query_params() == {"seed": "42"}
    assert request.query_params() == {"seed": "42"}
    assert calls == [1]


def test_preheated_with_no_server_gives_what_it_has(fresh_request, capsys):
    fresh_request.setenv("VOILA_PREHEAT", "True")
    fresh_request.setenv("VOILA_APP_PORT", "1")  # nothing listens there
    fresh_request.setenv("VOILA_KERNEL_ID", "k")
    fresh_request.setenv("QUERY_STRING", "lang=ja")
    assert request.query_params() == {"lang": "ja"}
    assert "no request info" in capsys.readouterr().err


def test_the_cell_timeout_spares_the_cells_that_wait_for_their_visitor():
    from nbformat.v4 import new_code_cell

    from rulebook.site.serve import CELL_TIMEOUT, CellTimeout, SiteOptions, voila_config

    timeout = CellTimeout(300)
    assert timeout(new_code_cell('from widgets.page import game_page\n\napp = game_page("ring")')) is None
    assert timeout(new_code_cell("params = query_params()")) is None
    assert timeout(new_code_cell("x = 1")) == 300
    assert CellTimeout(0)(new_code_cell("x = 1")) is None  # 0: no limit
    executor = voila_config(SiteOptions(cell_timeout=42))["VoilaExecutor"]
    assert executor["timeout"] == 42 and executor["timeout_func"] == CellTimeout(42)
    assert SiteOptions().cell_timeout == CELL_TIMEOUT
    with pytest.raises(ValueError, match="cell timeout"):
        SiteOptions(cell_timeout=-1)


def _block(template: str, name: str) -> str:
    """A Jinja block's body without comments and whitespace (what it does, not how it is laid out)."""
    body = template[template.index("{%- block " + name + " -%}") : template.index("{%- endblock " + name + " -%}")]
    body = re.sub(r"\{#.*?#\}", "", body, flags=re.S)
    return re.sub(r"\s+", "", body)


def test_the_templates_copy_of_voilas_cell_loop_differs_only_by_the_early_kernel_and_chunk_scripts():
    """``index.html.j2`` copies Voilà's lab ``body_loop`` to put ``early_kernel.js`` after the page's config,
    and the joined chunks (``assets.chunk_bundle``) after the cells, before Voilà's footer loads ``voila.js``.

    A new Voilà whose block changed fails here: the copy must follow it.
    """
    from jupyter_core.paths import jupyter_path

    lab = next(
        Path(folder) / "index.html.j2" for folder in jupyter_path("voila", "templates", "lab")
        if (Path(folder) / "index.html.j2").is_file()
    )
    ours = _block((TEMPLATE_DIR / "index.html.j2").read_text("utf-8"), "body_loop")
    voilas = _block(lab.read_text("utf-8"), "body_loop")
    bundle = '{{site.chunk_bundle(resources.base_url,page_config.get("rbBundle"))}}'
    assert "{{site.early_kernel()}}" in ours and ours.endswith("{%endwith%}" + bundle)
    assert ours.replace("{{site.early_kernel()}}", "").replace(bundle, "") == voilas


def test_the_early_kernel_script_follows_the_pages_config():
    ours = (TEMPLATE_DIR / "index.html.j2").read_text("utf-8")
    assert ours.index('id="jupyter-config-data"') < ours.index("site.early_kernel()") < ours.index("cell_generator(")
    macro = (TEMPLATE_DIR / "rb_site.macro.html.j2").read_text("utf-8")
    assert '{% include "early_kernel.js" %}' in macro and (TEMPLATE_DIR / "early_kernel.js").is_file()


def test_the_deploy_guide_s_edge_flags_are_the_command_line_s():
    """docs/deploy.md "A server's flags behind a proxy": every flag exists, with the default the doc says."""
    text = (REPO / "docs" / "deploy.md").read_text("utf-8")
    section = text[text.index("## A server's flags behind a proxy"):]
    section = section[: section.find("\n## ", 5) if "\n## " in section[5:] else len(section)]
    documented = dict(re.findall(r"^- `(--[a-z-]+) [^`]*` \(default `?([^`;)]+)`?", section, re.M))
    assert set(documented) == {"--ip", "--trusted-proxy", "--server-name", "--drain-seconds"}
    parser = cli.build_parser()
    serve_parser = next(a for a in parser._subparsers._group_actions[0].choices.values() if a.prog.endswith("serve"))
    flags = {opt: action for action in serve_parser._actions for opt in action.option_strings}
    assert set(documented) <= set(flags)
    defaults = SiteOptions()
    assert documented["--ip"] == defaults.ip
    assert documented["--trusted-proxy"] == ",".join(defaults.trusted_proxies)
    assert documented["--drain-seconds"] == str(defaults.drain_seconds)
    assert documented["--server-name"] == "<short hostname>-<port>"
    assert "`--server-name NAME` (default `<short hostname>-<port>`; letters, digits" in section
    assert "`GET /healthz` answers `ready` (200), `draining` or `not ready`" in section


@pytest.mark.parametrize("fork, name", [(True, "rulebook-zygote"), (False, "local-provisioner")])
def test_forked_kernels_start_through_the_sites_provisioner(tmp_path, fork, name):
    """``--no-fork-kernels`` keeps jupyter_client's own provisioner (the wall then comes from the kernel manager)."""
    config = voila_config(SiteOptions(notebooks=tmp_path, fork_kernels=fork))
    assert config["KernelProvisionerFactory"] == {"default_provisioner_name": name}
