"""Intervals against known binomial cases, the comparison sentences, shares with ties, files round trip."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from rulebook.lab.analysis import (
    compare,
    event_tokens,
    events_table,
    first_seat_advantage,
    kind_win_shares,
    newcombe,
    read_rows,
    to_csv_bytes,
    to_parquet_bytes,
    welch,
    wilson,
    win_shares,
)


def rows(winners, seats=("a", "b"), scores=None, moves=None, **extra):
    n = len(winners)
    data = {
        "seed": list(range(n)),
        "options": ["{}"] * n,
        "seats": [list(seats)] * n,
        "winners": [list(w) for w in winners],
        "scores": scores or [[1] * len(seats)] * n,
        "turns": [3] * n,
        "moves": moves or [10] * n,
        "end_rule": ["end"] * n,
    }
    data.update(extra)
    data["seconds"] = [0.01] * n
    return pd.DataFrame(data)


def test_wilson_matches_known_binomial_intervals():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.40383, abs=1e-5) and hi == pytest.approx(0.59617, abs=1e-5)
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)
    lo, hi = wilson(81, 263)  # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662
    assert (lo, hi) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_newcombe_difference_matches_the_published_example():
    # Newcombe (1998), Statistics in Medicine 17, example (a): 56/70 vs 48/80 -> +0.2000, 0.0524 to 0.3339.
    d, lo, hi = newcombe(48, 80, 56, 70)
    assert d == pytest.approx(0.2) and lo == pytest.approx(0.0524, abs=1e-4) and hi == pytest.approx(0.3339, abs=1e-4)


def test_welch_interval_of_two_small_samples():
    d, lo, hi = welch([0, 2], [1, 3])
    assert d == 1.0 and hi - d == pytest.approx(1.959964 * math.sqrt(2), abs=1e-5) and d - lo == pytest.approx(hi - d)


def test_win_shares_split_ties_and_sum_to_one_per_game():
    frame = rows([[0], [0], [1], [0, 1]])
    shares = win_shares(frame)
    assert list(shares["share"]) == [0.625, 0.375]
    assert shares["share"].sum() == pytest.approx(1.0)
    assert list(shares["fair"]) == [0.5, 0.5]


def test_first_seat_sentence_says_whether_the_data_show_an_advantage():
    clear = first_seat_advantage(rows([[0]] * 80 + [[1]] * 20))
    assert clear["shows"] and "show a first-seat effect" in clear["sentence_en"] and "表れています" in clear["sentence_ja"]
    even = first_seat_advantage(rows([[0]] * 52 + [[1]] * 48))
    assert not even["shows"] and "no first-seat effect" in even["sentence_en"] and "表れていません" in even["sentence_ja"]


def test_kind_shares_follow_the_bot_not_the_seat():
    frame = pd.concat([rows([[0]] * 30, seats=("search", "random")), rows([[1]] * 30, seats=("random", "search"))], ignore_index=True)
    by_kind = kind_win_shares(frame).set_index("kind")
    assert by_kind.loc["search", "share"] == 1.0 and by_kind.loc["random", "share"] == 0.0
    assert by_kind.loc["search", "seats_played"] == 60


def test_comparison_sentence_when_the_data_show_a_difference_and_when_not():
    a = rows([[0]] * 30 + [[]] * 70, seats=("rules",))
    b = rows([[0]] * 2 + [[]] * 98, seats=("rules",))
    shown = compare(a, b, "win")
    assert shown.difference == pytest.approx(-0.28) and shown.shows
    assert "The data show B is lower." in shown.sentence("en") and "B の方が低い" in shown.sentence("ja")
    same = compare(a, rows([[0]] * 33 + [[]] * 67, seats=("rules",)), "win")
    assert not same.shows and "do not show a difference" in same.sentence("en") and "差があるとは言えません" in same.sentence("ja")
    higher = compare(rows([[0]] * 4, scores=[[1, 2]] * 4), rows([[0]] * 4, scores=[[5, 6], [5, 7], [6, 6], [5, 6]]), "score")
    assert higher.shows and higher.difference > 0 and "B is higher" in higher.sentence("en")
    with pytest.raises(ValueError, match="metrics"):
        compare(a, b, "luck")


def test_events_numeric_means_and_text_tokens():
    frame = rows([[0]] * 4, ev_collapses=[0, 1, 2, 1], ev_winner_builds=["farm mine", "farm", "", "mine farm"])
    table = events_table(frame).set_index("event")
    assert table.loc["collapses", "mean"] == 1.0 and table.loc["collapses", "games_with"] == 0.75
    assert event_tokens(frame)["winner_builds"].to_dict() == {"farm": 3, "mine": 2}


@pytest.mark.parametrize("name", ["rows.csv", "rows.parquet"])
def test_rows_round_trip_through_csv_and_parquet(name):
    frame = rows([[0], [0, 1]], scores=[[3, 1], [2, 2]], ev_collapses=[1, 0])
    data = to_csv_bytes(frame) if name.endswith(".csv") else to_parquet_bytes(frame)
    back = read_rows(data, name)
    assert back["winners"].tolist() == [[0], [0, 1]] and back["scores"].tolist() == [[3, 1], [2, 2]]
    assert back["seats"].tolist() == [["a", "b"], ["a", "b"]] and back["ev_collapses"].tolist() == [1, 0]
