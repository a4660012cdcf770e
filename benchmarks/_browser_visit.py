"""One real Chromium visit, in its own process: the reference ``benchmarks.capacity`` checks its visitors against.

    python -m benchmarks._browser_visit URL [--moves 5]

Prints one JSON line: time to the clickable board, the move round trips
(``benchmarks.load``'s visit: Roll, Done stacking, ...), the kernel the page
connected to, and every same-site path the page requested (the asset list
the protocol visitors then fetch, as this browser did). Its own process
because Locust's gevent monkey-patching and Playwright's event loop do not
mix, and so the browser's own CPU is never counted as the site's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from urllib.parse import urlsplit

from benchmarks.load import visit as browser_visit
from rulebook.publish.chromium import CHROMIUM, CHROMIUM_ARGS

#: what a page requests that is not one of its assets (the page itself, its kernel, its beacon, blobs)
NOT_ASSETS = ("/voila/render/", "/api/", "/voila/api/")


def asset_paths(urls: list[str], origin: str) -> list[str]:
    """The same-origin GET paths (with their query) that are the page's assets, in request order, once each."""
    paths: list[str] = []
    for url in urls:
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" != origin or parts.path.startswith(NOT_ASSETS):
            continue
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if path not in paths:
            paths.append(path)
    return paths


async def one(url: str, moves: int) -> dict:
    from playwright.async_api import async_playwright

    requested: list[tuple[float, str]] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            original = browser.new_context

            async def recording_context(**kwargs):  # every page of the visit records what it requests
                context = await original(**kwargs)
                context.on("request", lambda r: requested.append((time.time(), r.url)) if r.method == "GET" else None)
                return context

            browser.new_context = recording_context
            result = await browser_visit(browser, url, moves, 0.0)
        finally:
            await browser.close()
    parts = urlsplit(url)
    kernels = [urlsplit(u).path.split("/")[3] for _, u in requested if urlsplit(u).path.startswith("/api/kernels/")]
    pages = [t for t, u in requested if urlsplit(u).path.startswith("/voila/render/")]
    return {
        "kernel_id": kernels[0] if kernels else None,
        "requested_at": pages[0] if pages else None,
        "board_s": result.clickable_s,
        "moves_ms": result.moves_ms,
        "full": result.full_page,
        "error": result.error,
        "assets": asset_paths([u for _, u in requested], f"{parts.scheme}://{parts.netloc}"),
        "finished": time.time(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks._browser_visit")
    parser.add_argument("url")
    parser.add_argument("--moves", type=int, default=5)
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(one(args.url, args.moves))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
