"""One layout and one style per kind for a page's widgets (widgets/lean.py), copied on write."""

from __future__ import annotations

import ipywidgets as w
import pytest

from rulebook.core import registry
from widgets.lean import SharedError, hide, is_shared, own_layout, own_style, shared_defaults
from widgets.page import make_game_app


def dom_widgets(root: w.Widget) -> list[w.DOMWidget]:
    """Every DOM widget under ``root`` (boxes' children, depth first)."""
    found: list[w.DOMWidget] = []
    stack: list[w.Widget] = [root]
    while stack:
        widget = stack.pop()
        if isinstance(widget, w.DOMWidget):
            found.append(widget)
        stack.extend(getattr(widget, "children", ()) or ())
    return found


def test_widgets_made_inside_share_one_layout_and_one_style_per_kind():
    with shared_defaults():
        a, b = w.HTML("a"), w.Button(description="b")
        c = w.Button(description="c")
        own = w.HTML("own", layout=w.Layout(width="3em"))
    assert a.layout is b.layout and is_shared(a.layout)
    assert b.style is c.style and is_shared(b.style) and is_shared(a.style) and a.style is not b.style  # one per kind
    assert not is_shared(own.layout) and own.layout.width == "3em"
    later = w.HTML("later")
    assert not is_shared(later.layout) and later.layout is not a.layout  # the default is put back


def test_a_shared_layout_or_style_cannot_change_and_a_widget_takes_its_own_first():
    with shared_defaults():
        a, b = w.HTML("a"), w.HTML("b")
        x, y = w.Button(), w.Button()
    with pytest.raises(SharedError, match="shared by many widgets"):
        a.layout.display = "none"
    with pytest.raises(SharedError):
        x.style.button_color = "red"
    hide(b, False)  # shown already: nothing to copy
    assert b.layout is a.layout
    hide(a, True)
    assert a.layout.display == "none" and b.layout.display is None and not is_shared(a.layout)
    hide(a, False)
    assert a.layout.display is None
    own_layout(b).width = "2em"
    assert b.layout.width == "2em" and not is_shared(b.layout)
    own_style(x).button_color = "red"
    assert x.style.button_color == "red" and y.style.button_color is None and type(x.style) is w.ButtonStyle
    a.close()
    b.close()  # closing widgets never touches what they shared


@pytest.mark.parametrize("name", sorted(registry.all_games()))
def test_a_game_page_makes_few_layout_models(name):
    """Most of a page's widgets share one layout: only those hidden at some point have their own."""
    app = make_game_app(name, {"lang": "en"})
    widgets = dom_widgets(app.root)
    layouts = {id(widget.layout) for widget in widgets}
    shared = sum(1 for widget in widgets if is_shared(widget.layout))
    assert shared >= len(widgets) // 2, f"{shared} of {len(widgets)} widgets share the layout"
    assert len(layouts) <= len(widgets) - shared + 1
    app.refresh()  # drawing again still works on shared parts
