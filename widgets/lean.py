"""Fewer widget models per page: one layout, and one style per kind, shared by the widgets that never change theirs.

ipywidgets gives every widget its own ``Layout`` model and most of them their
own style model, even when nothing sets them: a game page of ~180 models had
70 layouts and ~45 styles, all at their defaults. The browser makes every
model before it draws the board, all at once, and ipywidgets gives a model
two seconds to appear; on a phone (CPU 4x slower) the repeat visit of
Chiritsumo spent 1.35 s making them, and ten pages opening at once on two
cores ran past the two seconds (``rb_site.macro.html.j2`` widgets_lost_watch).
Built inside ``shared_defaults()``, the same page has 78 models: the repeat
visit drew its board 0.57 s sooner (median of three A/B runs; docs/site.md "On a phone", docs/performance.md).

A shared layout or style must never change, or every widget sharing it would:
they are frozen (``SharedLayout``), and a widget that needs its own gets one
first (``hide``, ``own_layout``, ``own_style``), copy on write.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import ipywidgets as w
from traitlets import HasTraits


class SharedError(AttributeError):
    """Writing to a layout or style that many widgets share (take the widget's own first)."""


class _Frozen:
    """Mixed into a layout or style class: its traits cannot change once it is made."""

    _rb_frozen = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._rb_frozen = True

    def __setattr__(self, name: str, value: Any) -> None:
        # only the state the page sees is frozen (``keys``); the comm and the like still change (close)
        if self._rb_frozen and isinstance(self, HasTraits) and name in getattr(self, "keys", ()):
            raise SharedError(
                f"{type(self).__name__}.{name}: this {type(self).__mro__[2].__name__} is shared by many widgets;"
                " take the widget's own first (widgets.lean.own_layout / own_style / hide)"
            )
        super().__setattr__(name, value)


class SharedLayout(_Frozen, w.Layout):
    """The one default layout of the widgets built in ``shared_defaults()``."""


_shared_style_classes: dict[type, type] = {}


def _shared_class(style_class: type) -> type:
    """A frozen subclass of ``style_class`` (the front end sees the same model: ``_model_name`` is inherited)."""
    if style_class not in _shared_style_classes:
        _shared_style_classes[style_class] = type(f"Shared{style_class.__name__}", (_Frozen, style_class), {})
    return _shared_style_classes[style_class]


def is_shared(part: Any) -> bool:
    return isinstance(part, _Frozen)


def own_layout(widget: w.DOMWidget) -> w.Layout:
    """The widget's own layout (a fresh one replaces a shared one), to change it."""
    if is_shared(widget.layout):
        widget.layout = w.Layout()
    return widget.layout


def own_style(widget: w.DOMWidget) -> Any:
    """The widget's own style (a fresh one of the same kind replaces a shared one), to change it."""
    style = widget.style
    if is_shared(style):
        widget.style = type(style).__mro__[2]()  # Shared<X> -> _Frozen -> X
    return widget.style


def hide(widget: w.DOMWidget, hidden: bool) -> None:
    """Hide (or show again) a widget without taking it out of the page: its place and state stay.

    A widget still on the shared layout is shown already: showing it changes nothing.
    """
    if is_shared(widget.layout):
        if not hidden:
            return
        widget.layout = w.Layout(display="none")
        return
    widget.layout.display = "none" if hidden else None


def _style_traits() -> dict[int, Any]:
    """Every ``style`` trait of ipywidgets' widget classes, once each (subclasses share their parent's)."""
    found: dict[int, Any] = {}
    for value in vars(w).values():
        if isinstance(value, type) and issubclass(value, w.DOMWidget):
            trait = value.class_traits().get("style")
            if trait is not None and getattr(trait, "klass", None) is not None:
                found[id(trait)] = trait
    return found


@contextmanager
def shared_defaults() -> Iterator[None]:
    """Widgets made inside get the one shared layout and the shared style of their kind, unless given their own.

    Only the default changes (traitlets' ``make_dynamic_default`` of each
    trait, put back after): ``w.HTML(layout=w.Layout(...))`` keeps its own.
    Widgets made later (a lesson's steps, a rebuilt panel) get their own as usual.
    """
    layout_trait = w.DOMWidget.class_traits()["layout"]
    shared_layout = SharedLayout()
    patched: list[Any] = [layout_trait]
    layout_trait.make_dynamic_default = lambda: shared_layout
    styles: dict[type, Any] = {}
    for trait in _style_traits().values():
        klass = trait.klass

        def make(klass: type = klass) -> Any:
            if klass not in styles:
                styles[klass] = _shared_class(klass)()
            return styles[klass]

        trait.make_dynamic_default = make
        patched.append(trait)
    try:
        yield
    finally:
        for trait in patched:
            del trait.make_dynamic_default  # the class's method again
