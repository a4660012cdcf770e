"""The static edition in Chromium, served by ``python -m http.server`` on 127.0.0.1.

Built once per session (with its share-card pictures), then every page is
opened at 390×844 and 1024×768 in one page per size: pictures drawn, no
console error, no sideways scroll; axe-core finds nothing serious or critical
(every page at 390×844, the catalogues at both sizes).
A link check walks every page's links and anchors; one PDF is printed and
its first page rasterised.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin

import pytest

from rulebook.core.registry import all_games
from tests.support.site_process import free_port

pytestmark = pytest.mark.browser

PLAY = "https://play.example.org"
SIZES = [(390, 844), (1024, 768)]
#: The catalogue's layout changes with the width (a table, or cards on a phone): axe checks it at both sizes.
CATALOGUE_PAGES = ("ja/index.html", "en/index.html")


def serve_folder(folder: Path) -> tuple[subprocess.Popen, str]:
    """``python -m http.server`` on a free port of 127.0.0.1, once it answers."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 20
    while True:
        try:
            urllib.request.urlopen(base, timeout=2).close()
            return process, base
        except OSError:
            if time.monotonic() > deadline:
                process.kill()
                raise
            time.sleep(0.2)


def run_publish(out: Path, *args: str) -> str:
    """``rulebook publish`` in its own process, as a person runs it (its Chromium never meets the tests' own)."""
    done = subprocess.run(
        [sys.executable, "-m", "rulebook.cli", "publish", str(out), *args],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture(scope="session")
def edition(tmp_path_factory: pytest.TempPathFactory):
    out = tmp_path_factory.mktemp("edition") / "site"
    said = run_publish(out, "--play-url", PLAY)
    process, base = serve_folder(out)
    try:
        yield out, base, said
    finally:
        process.terminate()
        process.wait(10)


def html_pages(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("index.html"))


def expected_pictures(out: Path, path: str) -> int:
    text = (out / path).read_text("utf-8")
    match = re.search(r'id="rb-example-views">(.*?)</script>', text, re.S)
    views = json.loads(match.group(1)) if match else {}
    return sum(1 for key in re.findall(r'data-example="([0-9a-f]+)"', text) if key in views)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_page_draws_its_pictures_fits_and_passes_axe(edition, new_page, size) -> None:
    from axe_playwright_python.sync_playwright import Axe

    out, base, _ = edition
    axe = Axe()
    page = new_page(*size)
    problems: list[str] = []
    for path in html_pages(out):
        page.console_errors.clear()
        page.bad_responses.clear()
        page.goto(base + path.removesuffix("index.html"))
        if (out / path).read_text("utf-8").count("data-board="):
            page.wait_for_function("() => document.documentElement.dataset.examples", timeout=30_000)
        drawn = page.eval_on_selector_all(".rb-example-board[data-drawn]", "els => els.map(e => e.dataset.drawn)")
        want = expected_pictures(out, path)
        if len(drawn) != want or "error" in drawn:
            problems.append(f"{path}: {len(drawn)} of {want} pictures drawn {drawn}")
        wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        if wide > 0:
            problems.append(f"{path}: scrolls sideways by {wide}px")
        if page.console_errors or page.bad_responses or page.external_requests:
            problems.append(f"{path}: {page.console_errors} {page.bad_responses} {page.external_requests}")
        if size != SIZES[0] and not path.endswith(CATALOGUE_PAGES):
            continue  # axe once per rules page (at the phone's size; the wide layout differs only in the catalogue)
        results = axe.run(page)
        for violation in results.response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                nodes = [n["target"] for n in violation["nodes"][:3]]
                problems.append(f"{path}: axe {violation['id']} ({violation['impact']}) at {nodes}")
    if problems:
        page.save_screenshot(f"publish-{size[0]}")
    assert problems == []


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"])
        for name in ("href", "src"):
            if values.get(name) and not values[name].startswith("data:"):
                self.links.append(values[name])
        if tag == "meta" and values.get("property", "").startswith("og:image") and values.get("content", "").endswith(".png"):
            self.links.append(values["content"])


def parsed(text: str) -> Links:
    parser = Links()
    parser.feed(text)
    return parser


def test_no_broken_link_or_anchor(edition) -> None:
    out, base, _ = edition
    broken: list[str] = []
    pages: dict[str, Links] = {}
    checked: dict[str, int] = {}

    def fetch(url: str) -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(url, timeout=20) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, b""

    for path in html_pages(out):
        page_url = base + path
        for link in parsed((out / path).read_text("utf-8")).links:
            target = urljoin(page_url, link)
            if not target.startswith(base):
                if not target.startswith(PLAY + "/voila/render/"):
                    broken.append(f"{path}: leaves the edition for {target}")
                continue
            address, anchor = urldefrag(target)
            if address not in checked:
                status, body = fetch(address)
                checked[address] = status
                if status == 200 and (address.endswith("/") or address.endswith(".html")):
                    pages[address] = parsed(body.decode("utf-8"))
            if checked[address] != 200:
                broken.append(f"{path}: {link} -> {checked[address]}")
            elif anchor and anchor not in pages[address].ids:
                broken.append(f"{path}: {link} has no #{anchor}")
    assert broken == []
    assert len(checked) > 3 * len(all_games())


def test_share_cards_carry_a_picture_of_the_board(edition) -> None:
    out, _, said = edition
    cards = 2 * sum(1 for name in all_games() if (out / "assets" / name / "board.js").exists())
    assert f"{cards} share-card pictures" in said
    assert len(list(out.glob("*/*/card.png"))) == cards
    page = (out / "en" / "puniu" / "index.html").read_text("utf-8")
    assert '<meta property="og:image" content="card.png">' in page
    assert '<meta name="twitter:card" content="summary_large_image">' in page
    card = (out / "en" / "puniu" / "card.png").read_bytes()
    assert card.startswith(b"\x89PNG") and len(card) > 2000


def test_a_tap_on_a_picture_says_it_is_one_and_the_catalogue_filters(edition, new_page) -> None:
    _, base, _ = edition
    page = new_page(390, 844)
    page.goto(base + "en/puniu/")
    page.wait_for_function("() => document.documentElement.dataset.examples === 'drawn'")
    page.locator(".rb-example-board").first.click()
    assert "picture" in page.locator(".rb-example-note").first.inner_text()
    page.goto(base + "en/")
    page.select_option(".rb-ed-players", "1")
    visible = page.eval_on_selector_all(".rb-ed-row:not([hidden])", "rows => rows.map(r => r.dataset.slug)")
    assert "treasure_hunt" in visible and "ring" not in visible  # ring is 3-5 players
    page.select_option(".rb-ed-players", "")
    page.select_option(".rb-ed-time", "15")
    visible = page.eval_on_selector_all(".rb-ed-row:not([hidden])", "rows => rows.map(r => r.dataset.slug)")
    assert "puniu" in visible  # no published time: never hidden
    assert "national_economy" not in visible  # 30-45 min
    assert "players" not in page.url and "time=15" in page.url
    page.select_option(".rb-ed-sort", "year")
    years = page.eval_on_selector_all(".rb-ed-row:not([hidden])", "rows => rows.map(r => r.dataset.year)")
    known = [int(y) for y in years if y]
    assert known == sorted(known) and years[: len(known)] == [str(y) for y in known]
    assert page.console_errors == []


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_a_pdf_prints_the_rules_with_their_pictures(tmp_path: Path) -> None:
    out = tmp_path / "pdf"
    assert "1 PDF," in run_publish(out, "--games", "puniu", "--lang", "en", "--pdf", "--no-cards")
    pdf = out / "en" / "puniu" / "puniu-en.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    page = (out / "en" / "puniu" / "index.html").read_text("utf-8")
    assert 'href="puniu-en.pdf"' in page
    subprocess.run(["pdftoppm", "-png", "-r", "40", "-f", "1", "-l", "3", str(pdf), str(tmp_path / "p")], check=True)
    pictures = sorted(tmp_path.glob("p-*.png"))
    assert len(pictures) == 3  # the quick reference, then the rules on pages of their own
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout if shutil.which("pdftotext") else ""
    if text:
        assert "Quick reference" in text and "Example" in text
        assert "All games" not in text and "Contents" not in text  # the print stylesheet leaves the navigation out
