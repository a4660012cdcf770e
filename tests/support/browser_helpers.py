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
