"""The host's page limits per network: a named address range gets its own pages per address (issue 30).

A café whose phones reach the site through one public address (its Wi-Fi
behind one router) may need more pages from that address than the site's
``--pages-per-address``. The host names the range ("Café Wi-Fi",
``203.0.113.0/24``, 64 pages); it is kept in the table store, so every
server of the site applies it within a few seconds
(``rulebook.site.shared_limits``). Bad input is refused with a JA/EN
message and changes nothing.
"""

from __future__ import annotations

import html

import ipywidgets as w

from rulebook.site import shared_limits

from ..game_page.parts import classed as _classed
from .parts import HostParts, close_tree as _close_tree
from .words import host_word as _w


class RangesPart(HostParts):
    """The list of page ranges, adding one and removing one."""

    ranges_box: w.VBox
    ranges_list: w.VBox
    ranges_note: w.HTML
    range_name: w.Text
    range_network: w.Text
    range_pages: w.Text

    def _build_ranges(self) -> w.VBox:
        """The ranges' section (built after the password only, like every tool of the page)."""
        lang = self.lang
        title = _classed(w.HTML(html.escape(_w("ranges_title", lang))), "rb-panel-title")
        hint = _classed(w.HTML(), "rb-host-hint")
        hint.value = f"<div class='rb-host-hint'>{html.escape(_w('ranges_hint', lang, n=shared_limits.DEFAULT_PAGES_PER_ADDRESS))}</div>"
        self.ranges_list = _classed(w.VBox(), "rb-host-range-list")
        self.ranges_note = _classed(w.HTML(), "rb-host-range-note")
        self.range_name = _classed(w.Text(description=_w("range_name", lang), placeholder=_w("range_name_hint", lang)), "rb-host-range-name")
        self.range_network = _classed(
            w.Text(description=_w("range_network", lang), placeholder="203.0.113.0/24"), "rb-host-range-network"
        )
        self.range_pages = _classed(w.Text(description=_w("range_pages", lang), placeholder="64"), "rb-host-range-pages")
        add = _classed(w.Button(description=_w("range_add", lang)), "rb-host-range-add")
        add.on_click(lambda _: self.add_range(self.range_name.value, self.range_network.value, self.range_pages.value))
        form = _classed(w.VBox([self.range_name, self.range_network, self.range_pages, add]), "rb-host-range-form")
        self.ranges_box = _classed(w.VBox([title, hint, self.ranges_list, form, self.ranges_note]), "rb-host-ranges")
        self._draw_ranges()
        return self.ranges_box

    def add_range(self, name: str, network: str, pages: str) -> bool:
        """Keep a page range for every server; bad input: a message, and nothing changes."""
        if not self.signed_in:
            return False
        try:
            found = shared_limits.parse_page_range(name, network, pages)
            shared_limits.add_range(self.store, found)
        except shared_limits.RangeError as error:
            self._range_note(error.text(self.lang), bad=True)
            return False
        self.range_name.value = self.range_network.value = self.range_pages.value = ""
        self._range_note(_w("range_added", self.lang, name=found.name, network=found.network, pages=found.pages))
        self._draw_ranges()
        return True

    def remove_range(self, network: str) -> None:
        if not self.signed_in:
            return
        shared_limits.remove_range(self.store, network)
        self._range_note(_w("range_removed", self.lang, network=network))
        self._draw_ranges()

    def _range_note(self, text: str, bad: bool = False) -> None:
        kind = " rb-range-bad" if bad else ""
        self.ranges_note.value = f"<div class='rb-notice-box rb-message{kind}'>{html.escape(text)}</div>"

    def _draw_ranges(self) -> None:
        """The ranges now in the store, each with its Remove button (remade: a handful of rows at most)."""
        lang, e = self.lang, html.escape
        for old in self.ranges_list.children:
            _close_tree(old)
        rows = []
        for found in shared_limits.read_ranges(self.store):
            text = _classed(
                w.HTML(e(_w("range_row", lang, name=found.name, network=found.network, pages=found.pages))), "rb-host-range-text"
            )
            remove = _classed(w.Button(description=_w("range_remove", lang)), "rb-host-range-remove")
            remove.on_click(lambda _, network=found.network: self.remove_range(network))
            rows.append(_classed(w.HBox([text, remove]), "rb-host-range"))
        self.ranges_list.children = tuple(rows) or (_classed(w.HTML(e(_w("no_ranges", lang))), "rb-host-empty"),)
