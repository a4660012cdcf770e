"""Compression and caching of the site's responses (rulebook/site/assets.py), on a real Tornado server."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
import tempfile
from pathlib import Path

import brotli
import pytest
import tornado.web
from tornado.testing import AsyncHTTPTestCase

from rulebook.site.assets import (
    BUNDLE_KEY,
    DIGEST_MARK,
    IMMUTABLE,
    REVALIDATE,
    CompressTransform,
    PageConfigHook,
    accepted_encoding,
    chunk_bundle,
    compressed,
    entry_file,
    is_chunk,
    lab_extension_folders,
    asset_rules,
    cache_control,
    folder_digest,
    PRELOAD_KEY,
    PRELOAD_LIST,
    PRELOAD_OFF_ENV,
    NO_TYPESETTER_KEY,
    preload_entries,
    page_scripts,
    notebook_holds_tex,
    typesetter_module,
)
from rulebook.site.served_modules import module_loader, module_name, publish_module

SCRIPT = ("function render({ el }) { el.textContent = 'a board'; }\n" * 200).encode()


def test_brotli_is_preferred_and_q0_refuses():
    assert accepted_encoding("gzip, deflate, br") == "br"
    assert accepted_encoding("gzip, br;q=0") == "gzip"
    assert accepted_encoding("identity") is None
    assert accepted_encoding("") is None


@pytest.mark.parametrize(
    ("path", "version_arg", "current", "digest_ok", "expected"),
    [
        ("static/voila.js", None, None, True, IMMUTABLE),  # under the folder's digest
        ("static/528.d9f5934c.js", None, None, False, IMMUTABLE),  # a content hash in the name
        ("static/84.09c61a35dce1705f.js", "09c61a35d", "sha-of-file", False, IMMUTABLE),  # JupyterLab's ?v= of that hash
        ("rulebook/static/site.css", "abc", "abc", False, IMMUTABLE),  # Tornado's ?v= that matches
        ("rulebook/static/site.css", "old", "abc", False, REVALIDATE),  # an old page's ?v=: answered, not kept
        ("static/voila.js", None, None, False, REVALIDATE),  # a name that does not change with the content
        ("package.json", None, None, False, REVALIDATE),
    ],
)
def test_only_a_url_that_changes_with_the_content_is_kept_a_year(path, version_arg, current, digest_ok, expected):
    assert cache_control(path, version_arg, current, digest_ok) == expected


def test_the_digest_changes_when_any_file_does(tmp_path):
    (tmp_path / "voila.js").write_text("one")
    (tmp_path / "2829.voila.js").write_text("chunk")
    before = folder_digest([tmp_path])
    assert folder_digest([tmp_path]) == before
    (tmp_path / "2829.voila.js").write_text("chunk, edited")
    assert folder_digest([tmp_path]) != before
    hook = PageConfigHook(folder_digest([tmp_path]))
    config = hook({"fullStaticUrl": "/voila/static", "baseUrl": "/"}, base_url="/", notebook_path="x.ipynb")
    assert config["fullStaticUrl"] == f"/voila/static/{DIGEST_MARK}{folder_digest([tmp_path])}"


PAGE_CONFIG = {
    "fullStaticUrl": "/voila/static",
    "fullLabextensionsUrl": "/voila/labextensions",
    "federated_extensions": [{"name": "anywidget", "load": "static/remoteEntry.698dcaf7.js"}],
}


def test_the_preload_hints_name_only_files_the_page_can_fetch(tmp_path):
    (tmp_path / "voila.js").write_text("main")
    (tmp_path / "2829.voila.js").write_text("chunk")
    entries = [
        "static:voila.js", "static:2829.voila.js",
        "static:9999.voila.js",  # gone (another Voilà): no hint, it would be a 404
        "lab:anywidget/static/remoteEntry.698dcaf7.js",
        "lab:@jupyter-widgets/jupyterlab-manager/static/7.2a0ce575775f5aad.js?v=2a0ce575775f5aad",  # not loaded here
        "static:../secret.js",  # never outside the folder
    ]
    hook = PageConfigHook("d1g35t", [tmp_path])
    config = versioned = hook(dict(PAGE_CONFIG))
    urls = [url for _, url in page_scripts(versioned, entries, [tmp_path])]
    assert urls == [
        "/voila/static/~d1g35t/voila.js",  # under the digest, as the page's scripts ask for them
        "/voila/static/~d1g35t/2829.voila.js",
        "/voila/labextensions/anywidget/static/remoteEntry.698dcaf7.js",
    ]
    assert config["fullStaticUrl"] == "/voila/static/~d1g35t"


def test_the_recorded_preload_list_is_read_unless_preloading_is_off(monkeypatch, tmp_path):
    monkeypatch.delenv(PRELOAD_OFF_ENV, raising=False)
    entries = preload_entries()
    assert entries and entries[0] == "static:voila.js" and all(e.split(":")[0] in ("static", "lab") for e in entries)
    assert preload_entries(tmp_path / "none.json") == []
    monkeypatch.setenv(PRELOAD_OFF_ENV, "1")
    assert preload_entries(PRELOAD_LIST) == []
    hook = PageConfigHook("d1g35t", [tmp_path])
    assert PRELOAD_KEY not in hook(dict(PAGE_CONFIG))


# ----- the chunks every page runs, in one script ---------------------------------------------------------------------
STRICT_CHUNK = '/*! licence */\n"use strict";(self.webpackChunk_X=self.webpackChunk_X||[]).push([[1],{11:(e,t)=>{t.strict=function(){return this===undefined}}}]);\n//# sourceMappingURL=1.js.map\n'
SLOPPY_CHUNK = '(self["webpackChunk_X"] = self["webpackChunk_X"] || []).push([["2"], {\n22(e, t) { t.strict = function () { return this === undefined; }; }\n}]);'
ENTRY = 'var runtime = {}; (self.webpackChunk_X = self.webpackChunk_X || []).push([[3], {}]); startTheApplication();'


def test_a_chunk_is_told_from_an_entry():
    assert is_chunk(STRICT_CHUNK) and is_chunk(SLOPPY_CHUNK)
    assert not is_chunk(ENTRY)
    assert not is_chunk(SLOPPY_CHUNK + "\nstartTheApplication();")  # something runs at once after the push
    assert not is_chunk("")


def test_every_recorded_script_of_this_voila_is_a_chunk_but_its_entries():
    static = [VOILA_STATIC]
    lab = lab_extension_folders()
    kinds = {}
    for entry in preload_entries(PRELOAD_LIST):
        path = entry_file(entry, static, lab)
        assert path is not None, entry  # the list names files this install has
        kinds[entry] = is_chunk(path.read_text("utf-8"))
    entries = [e for e, chunk in kinds.items() if not chunk]
    assert sorted(entries) == sorted(e for e in kinds if e == "static:voila.js" or "/remoteEntry." in e), entries
    assert sum(kinds.values()) >= 40


def test_an_entry_never_names_a_file_outside_its_folders(tmp_path):
    (tmp_path / "static").mkdir()
    (tmp_path / "secret.js").write_text("x")
    (tmp_path / "static" / "1.voila.js").write_text("x")
    assert entry_file("static:1.voila.js", [tmp_path / "static"], []) == (tmp_path / "static" / "1.voila.js").resolve()
    assert entry_file("static:../secret.js", [tmp_path / "static"], []) is None
    assert entry_file("lab:../secret.js?v=1", [], [tmp_path / "static"]) is None
    assert entry_file("other:1.voila.js", [tmp_path / "static"], [tmp_path / "static"]) is None


def test_the_bundle_keeps_each_chunk_in_a_function_of_its_own():
    text = chunk_bundle([("static:1.js", STRICT_CHUNK), ("lab:x/2.js", SLOPPY_CHUNK)])
    assert text.index("t.strict=function") < text.index("t.strict = function")  # in the list's order
    assert text.count("(function () {") == 2 and text.count("}).call(self);") == 2
    assert "sourceMappingURL" not in text
    # each chunk's own "use strict" is still the first statement of its function (a directive)
    first = text.split("(function () {\n", 1)[1]
    assert first.startswith("/*! licence */\n\"use strict\";")


def test_the_page_config_names_the_bundle_and_hints_only_what_it_left_out(tmp_path, monkeypatch):
    monkeypatch.delenv(PRELOAD_OFF_ENV, raising=False)
    static, lab, modules = tmp_path / "static", tmp_path / "lab", tmp_path / "modules"
    for folder in (static, lab / "anywidget" / "static", modules):
        folder.mkdir(parents=True)
    (static / "voila.js").write_text(ENTRY)
    (static / "1.voila.js").write_text(STRICT_CHUNK)
    (lab / "anywidget" / "static" / "remoteEntry.698dcaf7.js").write_text(ENTRY)
    (lab / "anywidget" / "static" / "2.3dbf81c0.js").write_text(SLOPPY_CHUNK)
    listing = tmp_path / "preload.json"
    listing.write_text(json.dumps(["static:voila.js", "static:1.voila.js", "lab:anywidget/static/remoteEntry.698dcaf7.js",
                                   "lab:anywidget/static/2.3dbf81c0.js"]))
    config = PageConfigHook("d1g35t", [static], module_dir=modules, lab_folders=[lab], preload_list=listing)(dict(PAGE_CONFIG))
    name = config[BUNDLE_KEY]
    assert name == module_name((modules / name).read_text("utf-8"))  # served under its content's hash, like a board's module
    assert config[PRELOAD_KEY] == ["/voila/static/~d1g35t/voila.js", "/voila/labextensions/anywidget/static/remoteEntry.698dcaf7.js"]
    bundle = (modules / name).read_text("utf-8")
    assert "[[1]" in bundle and '[["2"]' in bundle and "startTheApplication" not in bundle
    # joined and compressed before any visitor asks (the server's start)
    prepared = PageConfigHook("d1g35t", [static], module_dir=modules, lab_folders=[lab], preload_list=listing)
    prepared.prepare()
    path = str((modules / name).resolve())
    assert any(key[0] == path and key[3] == "br" for key in compressed.entries)
    assert prepared(dict(PAGE_CONFIG))[BUNDLE_KEY] == name
    # no folder to serve it from: every script hinted, as before
    monkeypatch.setenv("RULEBOOK_MODULE_DIR", "")
    plain = PageConfigHook("d1g35t", [static], lab_folders=[lab], preload_list=listing)(dict(PAGE_CONFIG))
    assert BUNDLE_KEY not in plain and len(plain[PRELOAD_KEY]) == 4


# ----- no typesetter on a page without TeX ------------------------------------------------------------------------
VOILA_STATIC = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / "base" / "static"
SHARE = 'm:()=>c("default","@jupyterlab/mathjax-extension",!1,[1,4,0,0],(()=>x.e(3307).then((()=>()=>x(85688)))))'
CHUNK = '(self.webpackChunk_X=self.webpackChunk_X||[]).push([[3307],{85688:(e,t,n)=>{n.d(t,{default:()=>o});const o={id:"@jupyterlab/mathjax-extension:plugin"}}}]);'


def _notebook(path: Path, *sources: str) -> Path:
    path.write_text(json.dumps({"cells": [{"cell_type": "markdown", "source": [s]} for s in sources], "metadata": {}}), "utf-8")
    return path


def test_the_typesetter_is_found_in_this_voilas_bundle():
    found = typesetter_module([VOILA_STATIC])
    assert found is not None and found["global"].startswith("webpackChunk")
    chunk = (VOILA_STATIC / f"{found['chunk']}.voila.js").read_text("utf-8")
    assert '"@jupyterlab/mathjax-extension:plugin"' in chunk and f"{found['module']}:(" in chunk


def test_a_bundle_that_says_it_another_way_keeps_the_typesetter(tmp_path):
    (tmp_path / "voila.js").write_text("self.webpackChunk_X;" + SHARE)
    assert typesetter_module([tmp_path]) is None  # the chunk's file is not there
    (tmp_path / "3307.voila.js").write_text(CHUNK.replace("85688", "85689"))
    assert typesetter_module([tmp_path]) is None  # not the module voila.js names
    (tmp_path / "3307.voila.js").write_text(CHUNK)
    assert typesetter_module([tmp_path]) == {"global": "webpackChunk_X", "chunk": 3307, "module": 85688}
    (tmp_path / "voila.js").write_text("self.webpackChunk_X;" + SHARE.replace("mathjax-extension", "mathjax3-extension"))
    assert typesetter_module([tmp_path]) is None


def test_a_notebook_holds_tex_when_any_cell_has_a_delimiter(tmp_path):
    assert not notebook_holds_tex(_notebook(tmp_path / "plain.ipynb", "# Rules", "Roll two dice."))
    for text in ("costs $5 and $1", "\\(x^2\\)", "\\[ \\sum \\]"):
        assert notebook_holds_tex(_notebook(tmp_path / "tex.ipynb", "# Rules", text)), text
    assert notebook_holds_tex(tmp_path / "missing.ipynb")  # unreadable: keep the typesetter
    (tmp_path / "broken.ipynb").write_text("{not json")
    assert notebook_holds_tex(tmp_path / "broken.ipynb")


def test_the_page_config_names_the_typesetter_to_leave_out_only_for_a_page_without_tex(tmp_path):
    (tmp_path / "voila.js").write_text("self.webpackChunk_X;" + SHARE)
    (tmp_path / "3307.voila.js").write_text(CHUNK)
    _notebook(tmp_path / "game.ipynb", "# A game")
    _notebook(tmp_path / "maths.ipynb", "Odds: $1/6$")
    hook = PageConfigHook("d1g35t", [tmp_path], tmp_path)
    assert hook(dict(PAGE_CONFIG), notebook_path="game.ipynb")[NO_TYPESETTER_KEY] == {"global": "webpackChunk_X", "chunk": 3307, "module": 85688}
    assert NO_TYPESETTER_KEY not in hook(dict(PAGE_CONFIG), notebook_path="maths.ipynb")
    assert NO_TYPESETTER_KEY not in hook(dict(PAGE_CONFIG))  # no notebook named: as before


class Streamed(tornado.web.RequestHandler):
    """A page written in several flushes, as Voilà streams one while its kernel works."""

    async def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Cache-Control", "no-store")
        for part in range(3):
            self.write(f"<div>cell {part}</div>" * 200)
            await self.flush()


class Tiny(tornado.web.RequestHandler):
    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.write('{"ok": 1}')


class AssetsServer(AsyncHTTPTestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp())
        (self.folder / "voila.js").write_bytes(SCRIPT)
        (self.folder / "528.d9f5934c.js").write_bytes(SCRIPT)
        (self.folder / "font.woff2").write_bytes(bytes(range(256)) * 20)
        self.digest = folder_digest([self.folder])
        self.modules = Path(tempfile.mkdtemp())
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        shutil.rmtree(self.folder, ignore_errors=True)
        shutil.rmtree(self.modules, ignore_errors=True)

    def get_app(self) -> tornado.web.Application:
        rules = [
            (r"/page", Streamed),
            (r"/tiny", Tiny),
            (r"/voila/static/(.*)", tornado.web.StaticFileHandler, {"path": str(self.folder)}),
        ]
        return tornado.web.Application(
            asset_rules(rules, "/voila/static/(.*)", self.digest, module_dir=str(self.modules)), transforms=[CompressTransform]
        )

    def fetch_with(self, path: str, encoding: str = "gzip, deflate, br", **headers: str):
        return self.fetch(path, headers={"Accept-Encoding": encoding, **headers}, decompress_response=False)

    def test_a_streamed_page_is_brotli_and_stays_uncacheable(self) -> None:
        response = self.fetch_with("/page")
        assert response.headers["Content-Encoding"] == "br"
        assert response.headers["Cache-Control"] == "no-store"
        text = brotli.decompress(response.body).decode()
        assert text.count("<div>cell 2</div>") == 200 and len(response.body) < len(text) / 10

    def test_gzip_for_a_browser_without_brotli_and_nothing_for_a_tiny_answer(self) -> None:
        response = self.fetch_with("/page", encoding="gzip")
        assert response.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(response.body).decode().startswith("<div>cell 0</div>")
        assert "Content-Encoding" not in self.fetch_with("/tiny").headers
        assert "Content-Encoding" not in self.fetch_with("/page", encoding="identity").headers

    def test_voila_static_under_the_digest_is_immutable_and_compressed_once(self) -> None:
        response = self.fetch_with(f"/voila/static/{DIGEST_MARK}{self.digest}/voila.js")
        assert response.code == 200
        assert response.headers["Cache-Control"] == IMMUTABLE
        assert response.headers["Content-Encoding"] == "br"
        assert brotli.decompress(response.body) == SCRIPT
        assert int(response.headers["Content-Length"]) == len(response.body)
        again = self.fetch_with(f"/voila/static/{DIGEST_MARK}{self.digest}/voila.js", **{"If-None-Match": response.headers["Etag"]})
        assert again.code == 304

    def test_an_old_digest_or_a_plain_name_must_revalidate(self) -> None:
        old = self.fetch_with(f"/voila/static/{DIGEST_MARK}0000000000000000/voila.js")
        assert old.code == 200 and old.headers["Cache-Control"] == REVALIDATE
        plain = self.fetch_with("/voila/static/voila.js")
        assert plain.headers["Cache-Control"] == REVALIDATE
        hashed = self.fetch_with("/voila/static/528.d9f5934c.js", encoding="gzip")
        assert hashed.headers["Cache-Control"] == IMMUTABLE and gzip.decompress(hashed.body) == SCRIPT

    def test_a_binary_file_is_sent_as_it_is(self) -> None:
        response = self.fetch_with(f"/voila/static/{DIGEST_MARK}{self.digest}/font.woff2")
        assert "Content-Encoding" not in response.headers
        assert response.body == bytes(range(256)) * 20

    def test_a_byte_range_is_of_the_file_itself(self) -> None:
        response = self.fetch_with("/voila/static/voila.js", **{"Range": "bytes=0-9"})
        assert response.code == 206 and response.body == SCRIPT[:10]
        assert "Content-Encoding" not in response.headers

    def test_an_edited_file_gets_a_new_digest_url(self) -> None:
        (self.folder / "voila.js").write_bytes(SCRIPT + b"// edited\n")
        assert folder_digest([self.folder]) != self.digest

    def test_a_board_module_is_served_under_its_hash_for_a_year_and_an_edit_is_a_new_url(self) -> None:
        text = SCRIPT.decode() + "export default { render };\n"
        name = publish_module(text, self.modules)
        assert name == module_name(text) and f'"modules/{name}"' in module_loader(name)
        response = self.fetch_with(f"/voila/modules/{name}")
        assert response.code == 200 and response.headers["Cache-Control"] == IMMUTABLE
        assert response.headers["Content-Encoding"] == "br" and brotli.decompress(response.body).decode() == text
        assert "javascript" in response.headers["Content-Type"]
        edited = publish_module(text + "// edited\n", self.modules)
        assert edited != name and self.fetch_with(f"/voila/modules/{edited}").code == 200
        assert publish_module(text, self.modules) == name  # the same module again: the same file, not rewritten

    def test_only_hash_named_modules_are_answered(self) -> None:
        (self.modules / "notes.txt").write_text("private")
        for path in ("notes.txt", "../voila.js", "abc.js", "0" * 20 + ".js"):
            assert self.fetch_with(f"/voila/modules/{path}").code == 404, path
