"""The boards' ES modules leave the widget state on the site (issue 18 A): ``widgets.base.ServedModule``."""

from __future__ import annotations

import re

from rulebook.site.assets import MODULE_DIR_ENV, module_name
from rulebook.site import assets
from widgets.base import RulePanel, ServedModule, StyleSheet, board_module, esm, rule_panel_class
from widgets.views.chiritsumo import ChiritsumoBoard

LOADED = re.compile(r'import\(new URL\("modules/([0-9a-f]{20}\.js)", base\)\.href\)')
LINKED = re.compile(r'new URL\("modules/([0-9a-f]{20}\.css)", base\)')


def test_without_the_site_the_module_text_is_the_state(monkeypatch):
    monkeypatch.delenv(MODULE_DIR_ENV, raising=False)
    module = esm("dice.js", "chiritsumo.js")
    assert str(module) == module and str(module).rstrip().endswith("export default { render };")


def test_on_the_site_the_state_carries_a_loader_of_the_module_under_its_hash(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    text = str.__str__(ChiritsumoBoard._esm)
    loader = str(ChiritsumoBoard._esm)
    assert len(loader) < 900 < len(text)
    name = LOADED.search(loader).group(1)
    assert name == module_name(text)
    assert (tmp_path / name).read_text("utf-8") == text  # what the server sends is the module itself
    # the module stays text for Python (the rule panel's examples, the static edition)
    assert "return { render };" in board_module(ChiritsumoBoard)


def test_an_edited_board_module_gets_a_new_url(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    before = LOADED.search(str(ChiritsumoBoard._esm)).group(1)
    edited = ServedModule(str.__str__(ChiritsumoBoard._esm).replace("export default { render };", "// edited\nexport default { render };"))
    after = LOADED.search(str(edited)).group(1)
    assert after != before
    assert sorted(p.name for p in tmp_path.glob("*.js")) == sorted([before, after])


def test_the_rule_panel_with_its_example_board_is_served_too(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    panel = rule_panel_class(ChiritsumoBoard)
    name = LOADED.search(str(panel._esm)).group(1)
    assert "const exampleBoard = (() => {" in (tmp_path / name).read_text("utf-8")


def test_a_folder_that_is_gone_falls_back_to_the_text(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path / "gone"))
    assert str(ChiritsumoBoard._esm) == str.__str__(ChiritsumoBoard._esm)


def test_the_static_edition_gets_the_module_text_even_on_the_site(monkeypatch, tmp_path):
    from widgets.edition import board_module_of

    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    board = board_module_of("chiritsumo")
    assert type(board.esm) is str and f"{board.esm}" == str.__str__(ChiritsumoBoard._esm)


# --- the widgets' CSS leaves the state too (a loader links it) -------------------------------------------------------
def test_on_the_site_a_boards_css_is_a_served_stylesheet_and_not_in_its_state(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    css = str.__str__(ChiritsumoBoard._css)
    state = ChiritsumoBoard().get_state()
    assert state["_css"] == ""
    style = LINKED.search(state["_esm"]).group(1)
    assert style == module_name(css, ".css") and (tmp_path / style).read_text("utf-8") == css
    # the loader waits for the stylesheet with the module, so the board never draws unstyled
    assert "Promise.all([import(" in state["_esm"] and "styles.get(href)" in state["_esm"]


def test_without_the_site_the_css_is_the_state(monkeypatch):
    monkeypatch.delenv(MODULE_DIR_ENV, raising=False)
    state = ChiritsumoBoard().get_state()
    assert state["_css"] == str.__str__(ChiritsumoBoard._css) and "rb-" in state["_css"]
    assert "<link" not in state["_esm"] and "createElement(\"link\")" not in state["_esm"]


def test_a_subclass_that_changes_only_its_module_still_brings_its_parents_css(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    panel = rule_panel_class(ChiritsumoBoard)
    state = panel().get_state()
    assert state["_css"] == ""
    assert (tmp_path / LINKED.search(state["_esm"]).group(1)).read_text("utf-8") == str.__str__(RulePanel._css)
    # the example board's CSS stays inside the panel's module (it draws the examples in a shadow root)
    module = (tmp_path / LOADED.search(state["_esm"]).group(1)).read_text("utf-8")
    assert "const exampleCss = " in module and ".rb-" in module


def test_the_catalogues_style_sheet_is_served_as_well(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    state = StyleSheet().get_state()
    assert state["_css"] == "" and LINKED.search(state["_esm"])


def test_a_stylesheet_that_cannot_be_written_stays_in_the_state(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    real = assets.publish_module

    def no_css(text, folder, suffix=".js"):
        if suffix == ".css":
            raise OSError("disk full")
        return real(text, folder, suffix)

    monkeypatch.setattr(assets, "publish_module", no_css)
    state = StyleSheet().get_state()
    assert state["_css"] == str.__str__(StyleSheet._css)  # the page is still styled
    assert "<link" not in state["_esm"] and not LINKED.search(state["_esm"])


def test_the_static_edition_gets_the_css_text_even_on_the_site(monkeypatch, tmp_path):
    from widgets.edition import board_module_of

    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    str(ChiritsumoBoard._esm)  # a kernel on the site has published the stylesheet
    board = board_module_of("chiritsumo")
    assert type(board.css) is str and board.css == str.__str__(ChiritsumoBoard._css)
