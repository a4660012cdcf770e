"""The catalogue: facts as the sources give them, and its sort/filter rules."""

from __future__ import annotations

from pathlib import Path

from rulebook.site.catalogue import ENTRIES, filter_entries, is_playable, sort_entries

SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"
BY_SLUG = {e.slug: e for e in ENTRIES}


def test_every_seed_file_has_games_in_the_catalogue() -> None:
    sources = {e.source for e in ENTRIES}
    if SEEDS.is_dir():
        assert {p.stem for p in SEEDS.glob("*.txt")} == sources
    assert len(ENTRIES) == 11


def test_facts_from_the_sources() -> None:
    c = BY_SLUG["chiritsumo"]
    assert (c.players_min, c.players_max, c.minutes_min, c.minutes_max, c.age, c.year) == (1, 4, 10, 20, 10, 2018)
    k = BY_SLUG["kokkuri"]
    assert (k.players_min, k.players_max, k.minutes_min, k.minutes_max, k.age, k.year) == (3, 4, 15, 30, 8, 2016)
    r = BY_SLUG["ring"]
    assert (r.players_min, r.players_max, r.age, r.year) == (3, 5, 10, 2023)
    assert (BY_SLUG["dice_of_tower"].players_min, BY_SLUG["dice_of_tower"].players_max) == (2, 4)
    assert BY_SLUG["puniu"].players_max is None and BY_SLUG["puniu"].players_text("ja") == "1人〜"
    assert (BY_SLUG["national_economy"].minutes_min, BY_SLUG["national_economy"].minutes_max) == (30, 45)


def test_unknown_time_never_fits_a_time_filter() -> None:
    assert "puniu" not in {e.slug for e in filter_entries(ENTRIES, minutes=999)}
    assert {e.slug for e in filter_entries(ENTRIES, minutes=30)} == {"chiritsumo", "kokkuri", "ring"}


def test_sort_puts_unknown_last_and_playable_first_on_ties() -> None:
    ordered = sort_entries(ENTRIES, "age", "en", frozenset({"chiritsumo"}))
    assert [e.age for e in ordered][:3] == [8, 10, 10]
    assert ordered[1].slug == "chiritsumo"
    assert all(e.age is None for e in ordered[3:])


def test_a_game_is_playable_once_its_engine_and_notebook_exist() -> None:
    assert is_playable(BY_SLUG["chiritsumo"])
    assert not is_playable(BY_SLUG["kokkuri"])  # no engine yet
    assert not is_playable(BY_SLUG["dice_of_tower"])
