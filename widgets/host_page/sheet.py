"""The printable seat sheet of a table: one card per person's seat (QR code and link) and the spectator
link, printed alone from a hidden frame (``PRINT_ESM``)."""

from __future__ import annotations

import html

from rulebook.core import HUMAN, get_game
from rulebook.tables import links
from rulebook.tables.store import NoSuchTable

from ..base import StyleSheet, asset
from ..i18n import t
from ..lean import hide
from .parts import HostParts
from .words import host_word as _w

PRINT_ESM = """
// Printing the seat sheet alone: Voila's page scrolls inside clipped panels, so print CSS on the
// page itself cuts the sheet off. The sheet is copied, with the site's styles, into a hidden
// frame, and that frame is printed.
function sheetDocument(button) {
  const sheet = button.closest(".rb-sheet");
  if (!sheet) return "";
  const styles = [...document.querySelectorAll("style")]
    .filter((s) => s.textContent.includes(".rb-sheet"))
    .map((s) => s.outerHTML)
    .join("");
  const title = sheet.querySelector(".rb-sheet-title");
  return "<!doctype html><html><head><meta charset='utf-8'><title>" + (title ? title.innerHTML : "") + "</title>" +
    styles + "</head><body><div class='rb-app rb-host'>" + sheet.outerHTML + "</div></body></html>";
}
function printSheet(button) {
  const html = sheetDocument(button);
  if (!html) { window.print(); return; }
  const frame = document.createElement("iframe");
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;";
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  doc.open();
  doc.write(html);
  doc.close();
  setTimeout(() => {
    frame.contentWindow.focus();
    frame.contentWindow.print();
    setTimeout(() => frame.remove(), 2000);
  }, 150);
}
function render({ el }) {
  el.style.display = "none";
  globalThis.rbSheetDocument = sheetDocument;
  globalThis.rbPrintSheet = printSheet;
}
export default { render };
"""
PRINT_ONCLICK = "(window.rbPrintSheet || function () { window.print(); })(this)"


class HostStyle(StyleSheet):
    """The shared CSS plus the host page's own (``widgets/static/host.css``), and the sheet's Print button."""

    _esm = PRINT_ESM
    _css = asset("app.css", "index.css", "host.css")


class SheetPart(HostParts):
    """Showing and hiding a table's seat sheet."""

    def origin(self) -> str:
        """How phones reach the site: the house's public URL, else what this browser used."""
        return links.clean_origin(self.house.public_url) or links.clean_origin(self.page_link.origin)

    def show_sheet(self, table_id: str) -> None:
        """A printable sheet: one card per person's seat (QR code and link) and the spectator link."""
        if not self.signed_in:
            return
        try:
            info = self.store.info(table_id)
        except NoSuchTable:
            self.message = _w("gone", self.lang)
            self.draw()
            return
        game = get_game(info.game)
        tokens = self.store.seat_tokens(table_id)
        e = html.escape
        lang = self.lang
        origin = self.origin()
        title = (game.title_ja if lang == "ja" else game.title_en) + (f" · {info.label}" if info.label else "")
        cards = []
        for seat, kind in enumerate(info.seats):
            if kind != HUMAN or seat not in tokens:
                continue
            url = links.page_url(origin, info.game, table_id, [tokens[seat]], lang, claim=True)
            cards.append(
                f"<div class='rb-sheet-card rb-sheet-seat-{seat}'><div class='rb-sheet-seat'>{e(t('seat', lang))} {seat + 1}</div>"
                f"{links.qr_svg(url, scale=4)}<div class='rb-sheet-link'><a href='{e(url)}' target='_blank'>{e(url)}</a></div></div>"
            )
        watch = links.page_url(origin, info.game, table_id, [], lang)
        cards.append(
            f"<div class='rb-sheet-card rb-sheet-spectator'><div class='rb-sheet-seat'>{e(_w('watch', lang))}</div>"
            f"{links.qr_svg(watch, scale=4)}<div class='rb-sheet-link'><a href='{e(watch)}' target='_blank'>{e(watch)}</a></div></div>"
        )
        self.sheet_table = table_id
        self.sheet.value = (
            f'<div class="rb-sheet" data-table="{e(table_id)}">'
            f"<div class='rb-sheet-title'>{e(title)}</div><div class='rb-sheet-note'>{e(_w('scan', lang))}</div>"
            f"<div class='rb-sheet-cards'>{''.join(cards)}</div>"
            f"<button class='rb-sheet-print jupyter-button' onclick='{PRINT_ONCLICK}'>{e(_w('print', lang))}</button></div>"
        )
        hide(self.sheet_box, False)

    def hide_sheet(self) -> None:
        if not self.signed_in:
            return
        self.sheet_table = None
        self.sheet.value = ""
        hide(self.sheet_box, True)
