"""The docs' words on the table feed (issue 30) are the code's: paths, names and limits."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.site import feed
from rulebook.tables import feed_client

REPO = Path(__file__).resolve().parents[2]


def test_the_named_files_modules_and_variable_exist():
    text = "".join((REPO / p).read_text("utf-8") for p in ("README.md", "docs/site.md", "docs/deploy.md", "docs/architecture.md", "docs/security.md"))
    for path in ("rulebook/site/feed.py", "tests/rulebook/site/test_feed.py"):
        assert path in text and (REPO / path).is_file()
    assert "`rulebook.site.feed`" in text and "`RULEBOOK_FEED`" in text
    assert feed_client.ENV_FEED == "RULEBOOK_FEED"


def test_the_security_docs_limits_are_the_servers():
    section = (REPO / "docs/security.md").read_text("utf-8").split("## The table feed", 1)[1].split("\n## ", 1)[0]
    numbers = [int(n) for n in re.findall(r"\b(\d+) (?:bytes|tables|seats|of them)", section)]
    assert numbers == [feed_client.MAX_LINE, feed_client.MAX_WATCHED, feed_client.MAX_SEATS, feed.MAX_ERRORS]
    assert f"every {feed.PRESENCE_SECONDS} s" in section


def test_the_deploy_doc_says_what_the_site_test_measures():
    """``tests/benchmarks/test_store_stats.py`` checks the two connections a server holds and none per idle page."""
    text = " ".join((REPO / "docs/deploy.md").read_text("utf-8").split())
    assert "A server holds two connections (its store and that listener) however many pages are open; an idle page's kernel holds none." in text
    assert 'by_app == {"rulebook": 1, "rulebook-feed": 1}' in (REPO / "tests/benchmarks/test_store_stats.py").read_text("utf-8")


def test_no_doc_says_a_served_page_polls_the_store_four_times_a_second():
    for path in ("README.md", "docs/site.md", "docs/deploy.md", "docs/architecture.md"):
        text = (REPO / path).read_text("utf-8")
        assert "each page polls the store" not in text and "kernel polls the\n  table's revision" not in text
