"""What the parts of the host page share: its attributes (set by ``widgets.host.HostPage``), declared once."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from rulebook.tables.store import TableStore

from ..base import PageLink


def close_tree(widget: w.Widget) -> None:
    """Close a widget and everything inside it (a closed box leaves its children alive in the kernel)."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    widget.close()


class HostParts:
    """The host page's shared attributes (each part reads some; ``HostPage`` makes them)."""

    house: Any
    store: TableStore
    lang: str
    signed_in: bool
    message: str
    closing: str | None
    sheet_table: str | None
    page_link: PageLink
    main: w.VBox
    sheet: w.HTML
    sheet_box: w.VBox
    game_input: w.Dropdown
    players_input: w.Dropdown
    seat_inputs: w.VBox
    table_mode_input: w.Checkbox
    label_input: w.Text
    show_all: w.Checkbox
    _rows: dict[str, tuple[w.HBox, w.HTML, w.Button, w.Button, w.HTML]]
    _quiet: bool
