"""``process.trim_heap``: the server's freed memory goes back to the system (rulebook/site/process.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest

# In a fresh process: allocate 60 MB in 2 kB blocks (glibc malloc, not Python's small-object arenas), keep the
# last one (so the heap cannot simply shrink from the top), free the rest, and print RSS before and after.
SCRIPT = """
import sys
from rulebook.site.process import rss_kb, trim_heap
import os
blocks = [bytearray(2000) for _ in range(30000)]
last = blocks[-1]
del blocks
before = rss_kb(os.getpid())
trimmed = trim_heap() if sys.argv[1] == "trim" else None
after = rss_kb(os.getpid())
print(before, after, trimmed)
"""


def run(mode: str) -> tuple[int, int]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, timeout=60, check=True)
    before, after, _ = done.stdout.split()
    return int(before), int(after)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim and /proc are Linux's")
def test_freed_memory_below_a_live_block_goes_back_to_the_system_only_when_trimmed():
    before, after = run("keep")
    assert before - after < 10_000  # freeing alone keeps the pages (kB)
    before, after = run("trim")
    assert before - after > 40_000  # most of the 60 MB is given back
