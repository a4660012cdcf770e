"""The boards' ES modules leave the widget state on the site (issue 18 A): ``widgets.base.ServedModule``."""

from __future__ import annotations

import re

from rulebook.site.served_modules import MODULE_DIR_ENV, module_name
from widgets.base import ServedModule, board_module, esm, rule_panel_class
from widgets.views.chiritsumo import ChiritsumoBoard

LOADED = re.compile(r'import\(new URL\("modules/([0-9a-f]{20}\.js)", base\)\.href\)')


def test_without_the_site_the_module_text_is_the_state(monkeypatch):
    monkeypatch.delenv(MODULE_DIR_ENV, raising=False)
    module = esm("dice.js", "chiritsumo.js")
    assert str(module) == module and str(module).rstrip().endswith("export default { render };")


def test_on_the_site_the_state_carries_a_loader_of_the_module_under_its_hash(monkeypatch, tmp_path):
    monkeypatch.setenv(MODULE_DIR_ENV, str(tmp_path))
    text = str.__str__(ChiritsumoBoard._esm)
    loader = str(ChiritsumoBoard._esm)
    assert len(loader) < 300 < len(text)
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
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([before, after])


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
