"""docs/security.md and docs/site.md say the limits' defaults that ``rulebook serve`` really has (a doc is code)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.cli import build_parser
from rulebook.site import shared_limits
from rulebook.site.host import GLOBAL_LIMIT, LOCK_AFTER, LOCK_SECONDS, TRIES_KEPT

ROOT = Path(__file__).resolve().parents[2]
SECURITY = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
SITE = (ROOT / "docs" / "site.md").read_text(encoding="utf-8")


def serve_default(flag: str) -> str:
    """``flag``'s default as ``rulebook serve`` parses it."""
    parser = build_parser()
    args = parser.parse_args(["serve"])
    dest = next(
        action.dest for group in parser._subparsers._group_actions for sub in group.choices.values()
        for action in sub._actions if flag in action.option_strings
    )
    return str(getattr(args, dest))


@pytest.mark.parametrize("flag", ["--pages-per-address", "--pages-per-browser", "--sockets-per-kernel", "--sockets-per-address"])
def test_the_flags_table_and_the_site_page_give_the_real_defaults(flag):
    default = serve_default(flag)
    row = re.search(rf"^\| `{flag} N` \| (\d+) \|", SECURITY, re.M)
    assert row and row.group(1) == default
    assert f"`{flag} {default}`" in SITE


def test_the_shared_limits_numbers_in_the_doc_are_the_codes():
    section = SECURITY.split("## Several servers, one count", 1)[1].split("\n## ", 1)[0]
    assert f"every {shared_limits.BEAT_SECONDS:.0f} s" in section
    assert f"not seen for {shared_limits.DEAD_SECONDS:.0f} s" in section
    assert f"at most\n  {shared_limits.RANGES_SECONDS:.0f} s late" in section or f"at most {shared_limits.RANGES_SECONDS:.0f} s late" in section
    assert f"/{shared_limits.WIDEST_PREFIX[4]} (IPv4) or /{shared_limits.WIDEST_PREFIX[6]}" in section
    assert f"from 1 to {shared_limits.MAX_RANGE_PAGES}" in section and f"more than {shared_limits.MAX_RANGES} ranges" in section
    assert f"over {shared_limits.MAX_RANGE_NAME} characters" in section
    for path in re.findall(r"`((?:rulebook|tests)/[\w/]+\.py)`", section):
        assert (ROOT / path).is_file(), path
    login = SECURITY.split("## The host login", 1)[1].split("\n## ", 1)[0]
    assert f"{LOCK_AFTER} wrong tries in a row" in login and f"for {LOCK_SECONDS:.0f} s" in login
    assert f"Only {GLOBAL_LIMIT} wrong tries" in login and TRIES_KEPT == 3600.0 and "expire an hour" in login
