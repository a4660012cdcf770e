"""The phone benchmark's repeat figure: the median of its repeat visits, each of them shown."""

from __future__ import annotations

from benchmarks.phone import Visit, line, median_visit


def _visit(seconds: float, requests: int) -> Visit:
    return Visit(seconds, requests, requests * 1000, 80, 0)


def test_the_repeat_figure_is_the_median_visit_with_its_own_traffic():
    visits = [_visit(3.4, 15), _visit(2.6, 14), _visit(2.9, 16)]
    middle = median_visit(visits)
    assert (middle.seconds, middle.requests, middle.bytes) == (2.9, 16, 16000)  # a visit that happened, not an average
    assert middle.samples == (3.4, 2.6, 2.9)  # in the order they were made
    shown = line("page", _visit(8.0, 20), middle)
    assert "repeat   2.90 s" in shown and "[median of 3.40 2.60 2.90]" in shown


def test_one_visit_is_its_own_median():
    only = median_visit([_visit(2.5, 15)])
    assert only.seconds == 2.5 and "median of" not in line("page", _visit(8.0, 20), only)
