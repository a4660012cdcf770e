"""Kernel memory: resident memory (VmRSS, /proc) of the kernel serving one page.

The site is served as ``rulebook serve`` serves it (preheated pools of 1).
One page of the notebook is opened in Chromium and used until its element
is clickable (or, without Chromium, fetched over HTTP, which runs it all the
same); then the kernel it is connected to is found among the server's
processes and its VmRSS read. The same for the empty page, for comparison,
and the price of the preheated pools: the kernels that wait, one per
notebook, while nobody visits.

    python -m benchmarks.kernel_memory [--notebook chiritsumo.ipynb] [--selector .rb-slot-0-0] [--notebooks DIR]

Target quoted in docs/performance.md: one kernel <= 120 MB.
"""

from __future__ import annotations

import argparse
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
    mb,
    served,
    target_or_none,
)
from rulebook.site.process import rss_kb
from tests.support.site_process import page_kernel_id

TIMEOUT_MS = 120_000


def page_kernel_rss(site, browser, notebook: str, selector: str) -> int:
    """VmRSS (kB) of the kernel serving one rendered page of ``notebook``."""
    if browser is None:
        status, html = site.fetch(site.page_url(notebook))
        if status != 200:
            raise RuntimeError(f"{notebook}: HTTP {status}")
        kernel = page_kernel_id(html)
        page = None
    else:
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        page.goto(site.page_url(notebook), timeout=TIMEOUT_MS)
        page.locator(selector).first.click(trial=True, timeout=TIMEOUT_MS)
        kernel = page.evaluate(
            "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
        )
    try:
        # let the kernel finish what the page asked of it
        site.wait_kernels_quiet(timeout=120, count=site.pool_kernels + 1)
        process = next((k for k in site.kernels() if k.kernel_id == kernel), None)
        if process is None:
            raise RuntimeError(f"{notebook}: kernel {kernel} not found among the server's processes")
        return process.rss_kb
    finally:
        if page is not None:
            leave(page)
            page.context.close()


def pool_rss(site) -> list[int]:
    site.wait_pools()
    return [k.rss_kb for k in site.kernels()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.kernel_memory", description=__doc__.split("\n")[0])
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="folder of the notebook (default notebooks/)")
    parser.add_argument("--notebook", default=DEFAULT_NOTEBOOK, help="default %(default)s")
    parser.add_argument("--selector", default=DEFAULT_SELECTOR, help="its clickable element (default %(default)s)")
    args = parser.parse_args([] if argv is None else argv)

    target = target_or_none(args.notebooks, args.notebook)
    with chromium() as browser:
        how = "opened in Chromium" if browser else "fetched over HTTP (no Chromium)"
        print(f"kernel memory (VmRSS), one page {how}, preheated pools of 1 per notebook")
        with served(FIXTURES, "memory-empty") as site:
            pooled = pool_rss(site)
            empty = page_kernel_rss(site, browser, EMPTY_NOTEBOOK, EMPTY_SELECTOR)
            print(f"  {EMPTY_NOTEBOOK:<22} kernel {mb(empty)}")
            print(f"  a waiting pooled kernel: {mb(statistics.median(pooled))}")
        if target is None:
            return
        with served(target.parent, "memory-target") as site:
            pooled = pool_rss(site)
            notebooks = site.options.preheated_notebooks
            page = page_kernel_rss(site, browser, target.name, args.selector)
            server = rss_kb(site.pid)
        print(f"  {target.name:<22} kernel {mb(page)} (target <= 120 MB)")
        print(
            f"  pools of {target.parent.name}/: {len(pooled)} kernels for {len(notebooks)} notebooks "
            f"({', '.join(notebooks)}) = {mb(sum(pooled))} while nobody visits "
            f"(each {', '.join(mb(r) for r in sorted(pooled))})"
        )
        print(f"  the Voilà server itself: {mb(server)}")
        sys.stdout.flush()


if __name__ == "__main__":
    main(sys.argv[1:])
