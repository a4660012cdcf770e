"""Helpers shared by the browser tests: wait for the page to finish redrawing after a move."""

from __future__ import annotations

MARKER = "document.querySelector('.rb-drawn [data-version]')"


def drawn(page) -> str:
    """The page's redraw counter (``rb-drawn``: bumped by GameApp once everything is redrawn)."""
    return page.evaluate(f"() => {{ const d = {MARKER}; return d ? d.dataset.version : ''; }}")


def wait_redrawn(page, version: str, timeout: float = 60_000) -> None:
    """Wait until the whole page (board, sheet, action bar, log) has been redrawn since ``version``.

    The marker's own update can reach the page before the new buttons of the
    action bar are attached, so this also waits until the page shows exactly
    the marker's count of this drawing's buttons (``data-fresh``) and none
    of an older one (``rb-fresh rb-v<n>``, set by ``GameApp.fresh_button``).

    A click on a board drawn for the previous move is ignored by design (it
    carries a stale ply), so a test must not click before this.
    """
    page.wait_for_function(
        f"""v => {{
            const d = {MARKER};
            if (!d || d.dataset.version === v) return false;
            // the marker can be drawn before the new buttons are attached: wait until exactly
            // this drawing's buttons are on the page, and no older one
            const now = 'rb-v' + d.dataset.version;
            const fresh = [...document.querySelectorAll('.rb-fresh')];
            return fresh.length === Number(d.dataset.fresh) && fresh.every(b => b.classList.contains(now));
        }}""",
        arg=version,
        timeout=timeout,
    )


def click_and_redraw(page, selector: str) -> None:
    """Click ``selector`` (a move) and wait until the page has redrawn after it."""
    version = drawn(page)
    page.click(selector)
    wait_redrawn(page, version)


# ----- the table behind a page ---------------------------------------------------------------------------
#: Sites started by the browser tests, by port: a page's URL tells which store holds its table.
SITES: dict[int, object] = {}


def table_id(page) -> str:
    """The table a game page shows (its URL carries it after the first drawing)."""
    from urllib.parse import parse_qs, urlsplit

    page.wait_for_function("() => new URLSearchParams(location.search).has('t')")
    return parse_qs(urlsplit(page.url).query)["t"][0]


def stored_record(page) -> dict:
    """The whole game of the page's table, as the site's store holds it (seed included).

    What the tests compare with the engine: the page's own save file is sealed
    while a game runs, so a test reads the table where the server keeps it.
    """
    from urllib.parse import urlsplit

    from rulebook.tables.session import TableSession

    site = SITES[urlsplit(page.url).port]
    session, _ = TableSession.open(site.store(), table_id(page))
    return session.record()


def wait_stored(page, done, timeout_s: float = 60.0) -> dict:
    """The stored record once ``done(record)`` holds (or whatever it is at the deadline)."""
    import time

    deadline = time.monotonic() + timeout_s
    while True:
        record = stored_record(page)
        if done(record) or time.monotonic() > deadline:
            return record
        page.wait_for_timeout(100)


MOVES = "() => { const d = document.querySelector('.rb-drawn [data-moves]'); return d ? d.dataset.moves : ''; }"


def moves_shown(page) -> str:
    """How many moves the page's last drawing showed (``rb-drawn``'s ``data-moves``)."""
    return page.evaluate(MOVES)


def wait_moves_change(page, old: str, timeout: float = 60_000) -> None:
    """Wait until the page has drawn a different number of moves than ``old``."""
    page.wait_for_function(f"old => ({MOVES})() !== old", arg=old, timeout=timeout)


def downloaded_save(page) -> str:
    """Press Save as a person would and return the file's text (a sealed file during a game)."""
    from pathlib import Path

    if page.locator(".rb-save-button").is_visible():
        page.click(".rb-save-button")
    page.wait_for_selector(".rb-save-link")
    with page.expect_download() as download:
        page.click(".rb-save-link")
    return Path(download.value.path()).read_text("utf-8")


# ----- what reached the browser ----------------------------------------------------------------------------
def frame_messages(frames) -> list[dict]:
    """Jupyter messages in WebSocket frames: JSON text frames, or the binary v1 kernel protocol
    (an 8-byte count, 8-byte offsets, then channel, header, parent header, metadata, content, buffers)."""
    import json
    import struct

    messages = []
    for frame in frames:
        try:
            if isinstance(frame, str):
                message = json.loads(frame)
            else:
                (count,) = struct.unpack_from("<Q", frame, 0)
                offsets = list(struct.unpack_from(f"<{count}Q", frame, 8)) + [len(frame)]
                parts = [frame[offsets[k] : offsets[k + 1]] for k in range(count)]
                message = {
                    "channel": parts[0].decode("utf-8"),
                    "header": json.loads(parts[1]),
                    "parent_header": json.loads(parts[2]),
                    "metadata": json.loads(parts[3]),
                    "content": json.loads(parts[4]),
                }
        except (ValueError, struct.error, UnicodeDecodeError, IndexError):
            continue
        if isinstance(message, dict):
            messages.append(message)
    return messages


def frame_text(frames) -> str:
    """Everything the frames carried, as one text to search (binary frames decoded leniently)."""
    return "\n".join(f if isinstance(f, str) else f.decode("utf-8", "replace") for f in frames)


def widget_states(frames) -> list[dict]:
    """Every widget state the browser received, in order (comm opens, state replies and updates)."""
    states = []
    for message in frame_messages(frames):
        content = message.get("content") or {}
        data = content.get("data") or {}
        if not isinstance(data, dict):
            continue
        state = data.get("state")
        if isinstance(state, dict):
            states.append(state)
        # the widget manager's "request_states" reply carries every model's state at once
        for item in (data.get("states") or {}).values() if isinstance(data.get("states"), dict) else ():
            if isinstance(item, dict) and isinstance(item.get("state"), dict):
                states.append(item["state"])
    return states


# Every visible text smaller than 12 px as shown (an SVG label's size times its drawing's scale), and every
# button whose text does not fit. Returns {small: [...], truncated: [...]} (issue 10 D).
MEASURE_LABELS = r"""
() => {
  const out = {small: [], truncated: []};
  const shown = (e) => { const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  for (const e of document.querySelectorAll('body *')) {
    if (!shown(e)) continue;
    if (![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    let size = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement && e.getScreenCTM) { const m = e.getScreenCTM(); if (m) size *= Math.hypot(m.a, m.b); }
    if (size < 11.95) out.small.push(`${e.tagName}.${(e.getAttribute('class') || '').split(' ').filter(c => c.startsWith('rb-')).join('.')} "${e.textContent.trim().slice(0, 24)}" ${size.toFixed(1)}px`);
  }
  for (const e of document.querySelectorAll('button, .jupyter-button')) {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1)
      out.truncated.push(`"${e.textContent.trim().slice(0, 30)}" ${e.scrollWidth}>${e.clientWidth}`);
  }
  return out;
}
"""


#: Before a page's scripts run: worked examples' shadow roots open, so a test can measure inside them
#: (the page makes them closed so its own selectors never reach an example; nothing else changes).
OPEN_EXAMPLE_SHADOWS = r"""
(() => {
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) { return attach.call(this, { ...init, mode: "open" }); };
})();
"""

#: The worked examples' pictures as shown (issue 19 D): text holding a digit under 12 px, dice under
#: 28 px, and dice whose selection outline reaches their pips. Needs ``OPEN_EXAMPLE_SHADOWS``.
MEASURE_EXAMPLES = r"""
() => {
  const out = {examples: 0, small: [], dice: 0, small_dice: [], hidden_pips: []};
  const zoomOf = (e) => { let z = 1; for (let n = e; n && n.nodeType === 1; n = n.parentElement) z *= parseFloat(getComputedStyle(n).zoom) || 1; return z; };
  for (const host of document.querySelectorAll('.rb-example-board')) {
    const root = host.shadowRoot;
    if (!root) continue;
    out.examples += 1;
    const key = host.closest('figure') ? host.closest('figure').dataset.example : '?';
    for (const e of root.querySelectorAll('*')) {
      const r = e.getBoundingClientRect(); const s = getComputedStyle(e);
      if (!(r.width > 0 && r.height > 0) || s.visibility === 'hidden' || s.display === 'none') continue;
      if (e.classList && e.classList.contains('rb-die-face')) {
        out.dice += 1;
        const side = Math.min(r.width, r.height);
        if (side < 27.95) out.small_dice.push(`${key}: die ${side.toFixed(1)}px`);
        const body = e.querySelector('.rb-die-body');
        if (body) {
          const x = body.x.baseVal.value, y = body.y.baseVal.value, w = body.width.baseVal.value, h = body.height.baseVal.value;
          const half = (parseFloat(getComputedStyle(body).strokeWidth) || 0) / 2;
          for (const pip of e.querySelectorAll('.rb-pip')) {
            const cx = pip.cx.baseVal.value, cy = pip.cy.baseVal.value, pr = pip.r.baseVal.value;
            if (cx - pr < x + half || cx + pr > x + w - half || cy - pr < y + half || cy + pr > y + h - half) {
              out.hidden_pips.push(`${key}: ${(e.getAttribute('class') || '').trim()}`); break;
            }
          }
        }
      }
      const text = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
      if (!/[0-9０-９]/.test(text)) continue;
      let size = parseFloat(s.fontSize);
      if (e instanceof SVGElement && e.getScreenCTM) { const m = e.getScreenCTM(); if (m) size *= Math.hypot(m.a, m.b); }
      else size *= zoomOf(e);
      if (size < 11.95) out.small.push(`${key}: ${e.tagName}.${(e.getAttribute('class') || '').split(' ').filter(c => c.startsWith('rb-')).join('.')} "${text.slice(0, 20)}" ${size.toFixed(1)}px`);
    }
  }
  return out;
}
"""


def reach_every_example(page, timeout: float = 30_000) -> list[str]:
    """Bring each worked example of the rules on screen in turn, as a reader scrolling the rules does, and wait
    for it to be drawn (``rules.js`` draws an example when it comes near the screen); each one's ``data-drawn``."""
    page.locator(".rb-rules-panel[data-drawn]").first.wait_for(state="attached", timeout=timeout)  # the text is in
    boards = page.locator("figure.rb-example .rb-example-board")
    drawn = []
    for k in range(boards.count()):
        board = boards.nth(k)
        board.scroll_into_view_if_needed()
        page.wait_for_function("(el) => !!el.dataset.drawn", arg=board.element_handle(), timeout=timeout)
        drawn.append(board.get_attribute("data-drawn"))
    return drawn
