"""The pieces of ``benchmarks.scale`` that read the machine: proportional memory, process trees, CPU.

The benchmark's figures are only as good as these readers; each is checked
against a process whose size or children the test itself made.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from benchmarks.scale import CpuWatch, machine_busy_s, parser, pss_kb, tree, tree_cpu_s
from rulebook.site.process import rss_kb


def test_pss_of_this_process_is_positive_and_at_most_its_resident_size() -> None:
    pss = pss_kb(os.getpid())
    assert 0 < pss <= rss_kb(os.getpid()) + 64  # a few kB of slack: the two files are read a moment apart


def test_pss_of_a_process_that_is_gone_is_zero() -> None:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert pss_kb(child.pid) == 0


def test_a_tree_holds_the_process_and_its_children_and_counts_their_cpu() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.3: pass\ntime.sleep(30)"])
    try:
        time.sleep(1.0)
        pids = tree(os.getpid())
        assert pids[0] == os.getpid() and child.pid in pids
        assert tree_cpu_s(os.getpid()) >= 0.25  # the child's spin, at least
    finally:
        child.kill()
        child.wait()


def test_the_machine_is_busy_for_a_spin_and_the_cpu_line_says_where() -> None:
    busy0, total0 = machine_busy_s()
    watch = CpuWatch([os.getpid()])
    watch.start()
    t = time.process_time()
    while time.process_time() - t < 0.3:
        pass
    busy1, total1 = machine_busy_s()
    assert busy1 - busy0 >= 0.25 and total1 > total0
    line = watch.line()
    assert line.startswith("CPU: the machine") and "site" in line and "PostgreSQL" in line


def test_quick_and_default_arguments() -> None:
    args = parser().parse_args([])
    assert args.servers == "1,2" and args.idle_pages > 0
    assert parser().parse_args(["--quick"]).quick


def test_the_command_the_docs_quote_is_the_benchmarks() -> None:
    """docs/performance.md and docs/deploy.md quote ``python -m benchmarks.scale ...``: it parses, and the figures' table is there."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for doc in ("docs/performance.md", "docs/deploy.md"):
        text = (root / doc).read_text("utf-8")
        commands = re.findall(r"`python -m benchmarks\.scale([^`]*)`", text)
        assert commands, doc
        for arguments in commands:
            args = parser().parse_args(arguments.split())
            assert all(int(rate) > 0 for rate in args.rates.split(","))
    assert "| PostgreSQL connections, 48 idle pages open |" in (root / "docs/performance.md").read_text("utf-8")
    assert parser().parse_args([]).idle_pages == 48
