"""The phone benchmark's repeat figure: the median of its repeat visits, each of them shown."""

from __future__ import annotations

from benchmarks.phone import Visit, closing_note, line, median_visit


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


def test_a_repeat_visit_shows_playwrights_round_trip_against_the_pages_own_figure():
    timed = Visit(2.90, 3, 13000, 20, 0, revalidated=0, round_trip=3.02, busy=2.41)
    shown = line("page", _visit(8.0, 20), timed)
    assert "(20 from cache, 0 revalidated)" in shown
    assert "Playwright round trip 3.02 s (+0.12 s from the page's own figure), main thread busy 2.41 s" in shown


def test_the_closing_note_sets_each_game_against_the_floor_of_the_same_run():
    repeats = {"chiritsumo": _visit(2.95, 3), "national_economy": _visit(4.14, 3), "floor": _visit(2.70, 2), "index": _visit(5.0, 3)}
    note = closing_note(repeats)
    assert note[0] == "repeat visits (phone profile, median of 3): 1 of 2 game pages <= 3 s"  # the index is no game page
    assert "floor (Voila's front end, one button, this run): repeat 2.70 s" in note[1]
    assert "  national_economy  4.14 s = floor +1.44 s" in note
    assert "  over 3 s: national_economy 4.14 s" in note


def test_without_the_floor_the_note_says_how_to_measure_it():
    note = closing_note({"chiritsumo": _visit(3.5, 3)})
    assert any("--pages ...,floor" in entry for entry in note) and note[-1] == "  over 3 s: chiritsumo 3.50 s"
