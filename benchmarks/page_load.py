"""Page load: time from navigation to a clickable element, in Chromium.

A game's page against the empty page (``benchmarks/fixtures/empty.ipynb``:
the request wait every page does, then one button ``.rb-ready``), measured
in the same run, alternating, several runs each, once with preheated kernels
(the site's default) and once with kernels started on request. Each page is
served by ``rulebook serve`` as on the site (the game from ``notebooks/``,
the empty page from its fixtures folder: one server each, same settings).

"Clickable": the element has a box, is not hidden and not disabled, timed in
the page (``performance.now()``, from navigation start); Playwright's
actionability check then confirms it (untimed). The browser's HTTP
cache is warm (one untimed visit first), as for a visitor moving from page
to page; between visits the page is left (its kernel shut down) and the
servers are let settle until their pools are refilled and quiet.

    python -m benchmarks.page_load [--notebook chiritsumo.ipynb] [--selector .rb-slot-0-0]
        [--notebooks DIR] [--runs 5] [--modes preheated,cold]

Targets quoted in docs/performance.md: ratio <= 1.5, <= 1.0 s with preheated kernels.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
from pathlib import Path

from benchmarks._common import (
    DEFAULT_NOTEBOOK,
    DEFAULT_SELECTOR,
    EMPTY_NOTEBOOK,
    EMPTY_SELECTOR,
    FIXTURES,
    NOTEBOOKS,
    chromium,
    leave,
    served,
    summary,
    target_or_none,
)

TIMEOUT_MS = 120_000
MODES = {"preheated": True, "cold": False}


#: Runs in the page from its first moment: notes performance.now() (ms since
#: navigation start) when the element first has a box, is not hidden and not
#: disabled. Measured in the page, so Playwright's polling adds nothing.
WATCH_CLICKABLE = """
(selector) => {
  const clickable = (el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== "hidden"
      && style.pointerEvents !== "none" && !el.disabled;
  };
  const check = () => {
    if (window.__rbClickable) return true;
    const el = document.querySelector(selector);
    if (el && clickable(el)) { window.__rbClickable = performance.now(); return true; }
    return false;
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
}
"""


def time_to_clickable(context, url: str, selector: str) -> float:
    """Seconds from navigation start to ``selector`` being clickable."""
    page = context.new_page()
    try:
        page.add_init_script(f"({WATCH_CLICKABLE})({json.dumps(selector)})")
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
        page.wait_for_function("() => window.__rbClickable", timeout=TIMEOUT_MS, polling=100)
        seconds = page.evaluate("() => window.__rbClickable") / 1000
        # Playwright agrees that it can be clicked (not timed)
        page.locator(selector).first.click(trial=True, timeout=TIMEOUT_MS)
        return seconds
    finally:
        leave(page)
        page.close()


def run_mode(browser, preheat: bool, target: Path | None, selector: str, runs: int) -> dict[str, list[float]]:
    label = "preheated" if preheat else "cold"
    with contextlib.ExitStack() as stack:
        empty_site = stack.enter_context(served(FIXTURES, f"empty-{label}", preheat=preheat))
        pages = [("empty", empty_site, EMPTY_NOTEBOOK, EMPTY_SELECTOR)]
        sites = [empty_site]
        if target:
            target_site = stack.enter_context(served(target.parent, f"target-{label}", preheat=preheat))
            pages.append(("target", target_site, target.name, selector))
            sites.append(target_site)
        for site in sites:
            if preheat:
                site.wait_pools()
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        try:
            times: dict[str, list[float]] = {name: [] for name, *_ in pages}

            def settle() -> None:
                for site in sites:
                    site.wait_kernels_quiet(timeout=120)

            for name, site, notebook, sel in pages:  # warm-up, untimed
                time_to_clickable(context, site.page_url(notebook), sel)
                settle()
            for run in range(runs):
                order = pages if run % 2 == 0 else list(reversed(pages))
                for name, site, notebook, sel in order:
                    times[name].append(time_to_clickable(context, site.page_url(notebook), sel))
                    settle()
            return times
        finally:
            context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.page_load", description=__doc__.split("\n")[0])
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="folder of the notebook (default notebooks/)")
    parser.add_argument("--notebook", default=DEFAULT_NOTEBOOK, help="default %(default)s")
    parser.add_argument("--selector", default=DEFAULT_SELECTOR, help="its clickable element (default %(default)s)")
    parser.add_argument("--runs", type=int, default=5, help="timed visits per page and mode (default %(default)s)")
    parser.add_argument("--modes", default="preheated,cold", help="preheated,cold (default %(default)s)")
    args = parser.parse_args([] if argv is None else argv)
    modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    unknown = [m for m in modes if m not in MODES]
    if unknown:
        parser.error(f"unknown mode(s): {', '.join(unknown)}")

    target = target_or_none(args.notebooks, args.notebook)
    print(
        f"page load, navigation -> clickable, Chromium headless 1024x768, warm HTTP cache, "
        f"{args.runs} runs per page, alternating"
    )
    with chromium() as browser:
        if browser is None:
            return
        for mode in modes:
            preheat = MODES[mode]
            times = run_mode(browser, preheat, target, args.selector, args.runs)
            title = "preheated kernels (pool of 1 per notebook)" if preheat else "kernels started on request (--no-preheat)"
            print(f"{title}:")
            print(f"  {EMPTY_NOTEBOOK:<22} {EMPTY_SELECTOR:<16} {summary(times['empty'])}")
            if target:
                print(f"  {target.name:<22} {args.selector:<16} {summary(times['target'])}")
                empty = statistics.median(times["empty"])
                page = statistics.median(times["target"])
                line = f"  ratio {target.stem}/empty: {page / empty:.2f} (target <= 1.5)"
                if preheat:
                    line += f"; {target.stem} clickable in {page:.2f} s (target <= 1.0 s)"
                print(line)
            sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
