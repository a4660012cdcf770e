"""The shared cache of compiled templates (rulebook/site/jinja_cache.py) and its place in nbconvert."""

from __future__ import annotations

import asyncio
import re

import nbformat
import pytest
from jinja2 import DictLoader, Environment

from rulebook.site import jinja_cache, voila_compat
from rulebook.site.jinja_cache import EXTENSION_PATH, SharedBytecode, SharedTemplateCode


def environment(cache: SharedBytecode, templates: dict[str, str], **options) -> Environment:
    env = Environment(loader=DictLoader(templates), **options)
    env.bytecode_cache = cache
    return env


def count_compiles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Names of the templates Jinja compiles from source from now on."""
    compiled: list[str] = []
    original = Environment.compile

    def counting(self, source, name=None, filename=None, raw=False, defer_init=False):
        compiled.append(name)
        return original(self, source, name, filename, raw, defer_init)

    monkeypatch.setattr(Environment, "compile", counting)
    return compiled


def test_a_second_environment_uses_the_code_the_first_compiled(monkeypatch):
    cache = SharedBytecode()
    templates = {"page.html": "{% for x in items %}<i>{{ x }}</i>{% endfor %}"}
    compiled = count_compiles(monkeypatch)
    first = environment(cache, templates).get_template("page.html").render(items=[1, 2])
    second = environment(cache, templates).get_template("page.html").render(items=[1, 2])
    assert first == second == "<i>1</i><i>2</i>"
    assert compiled == ["page.html"]
    assert (cache.hits, cache.misses) == (1, 1)


def test_an_edited_template_is_compiled_again():
    cache = SharedBytecode()
    assert environment(cache, {"t": "old {{ a }}"}).get_template("t").render(a=1) == "old 1"
    assert environment(cache, {"t": "new {{ a }}"}).get_template("t").render(a=1) == "new 1"
    assert environment(cache, {"t": "old {{ a }}"}).get_template("t").render(a=2) == "old 2"


def test_environments_that_compile_differently_do_not_share_code(monkeypatch):
    """Async and sync environments, or other delimiters, compile the same source to different code."""
    cache = SharedBytecode()
    source = {"t": "{% for x in items %}[{{ x }}]{% endfor %}<% x %>"}
    compiled = count_compiles(monkeypatch)
    sync = environment(cache, source).get_template("t")
    asynchronous = environment(cache, source, enable_async=True).get_template("t")
    other_syntax = environment(cache, source, variable_start_string="<%", variable_end_string="%>").get_template("t")
    assert sync.render(items=[1]) == "[1]<% x %>"
    assert asyncio.run(asynchronous.render_async(items=[1])) == "[1]<% x %>"
    assert other_syntax.render(items=[1], x="y") == "[{{ x }}]y"
    assert compiled == ["t", "t", "t"]


def test_globals_and_filters_stay_each_environments_own():
    """Shared code looks filters and globals up at render time, in the environment that renders."""
    cache = SharedBytecode()
    source = {"t": "{{ word | shout }} {{ where }}"}
    loud = environment(cache, source)
    loud.filters["shout"] = str.upper
    loud.globals["where"] = "here"
    quiet = environment(cache, source)
    quiet.filters["shout"] = str.lower
    quiet.globals["where"] = "there"
    assert loud.get_template("t").render(word="Hi") == "HI here"
    assert quiet.get_template("t").render(word="Hi") == "hi there"
    assert cache.hits == 1


def test_the_cache_is_bounded():
    cache = SharedBytecode(max_entries=3)
    for k in range(10):
        environment(cache, {f"t{k}": f"{k}"}).get_template(f"t{k}").render()
        assert len(cache) <= 3


def test_the_extension_gives_the_shared_cache_unless_the_environment_has_one():
    env = Environment(extensions=[SharedTemplateCode])
    assert env.bytecode_cache is jinja_cache.SHARED
    own = SharedBytecode()
    # Environment.__init__ sets bytecode_cache before loading extensions: one passed in is kept
    kept = Environment(extensions=[EXTENSION_PATH], bytecode_cache=own)
    assert kept.bytecode_cache is own


def notebook() -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Rules\n\nRoll **two** dice."), nbformat.v4.new_code_cell("1 + 1")]
    return nb


def without_ids(html: str) -> str:
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>", html)


def test_nbconvert_exporters_share_compiled_templates_and_render_the_same_page(monkeypatch):
    """What Voilà does per page (a new exporter, so a new environment) compiles each template once per process."""
    from nbconvert import HTMLExporter
    from nbconvert.exporters import templateexporter

    monkeypatch.setattr(templateexporter, "JINJA_EXTENSIONS", list(templateexporter.JINJA_EXTENSIONS))
    monkeypatch.setattr(jinja_cache, "SHARED", SharedBytecode())
    nb = notebook()
    before, _ = HTMLExporter().from_notebook_node(nb)
    voila_compat.share_compiled_templates()
    voila_compat.share_compiled_templates()  # idempotent
    assert templateexporter.JINJA_EXTENSIONS.count(EXTENSION_PATH) == 1
    compiled = count_compiles(monkeypatch)
    first, _ = HTMLExporter().from_notebook_node(nb)
    compiled_first = len(compiled)
    second, _ = HTMLExporter().from_notebook_node(nb)
    assert compiled_first > 3  # the lab template and the base templates it extends
    assert len(compiled) == compiled_first  # the second exporter compiled nothing
    assert without_ids(first) == without_ids(second) == without_ids(before)
