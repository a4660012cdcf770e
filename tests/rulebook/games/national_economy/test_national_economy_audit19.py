"""Scenarios for the rules the issue-19 audit found off (NE-2, NE-6, NE-7), each citing its reading."""

from __future__ import annotations

from rulebook.core import TERMINAL
from rulebook.core.text import load_rules
from rulebook.games.national_economy import ENGINE as G
from rulebook.games.national_economy.actions import Discard, Sell
from rulebook.games.national_economy.data import BY_CODE
from rulebook.games.national_economy.state import OVER, SELL, TRIM

from tests.rulebook.games.national_economy.test_national_economy_rules import finish_round, hand, index_of, table

K = BY_CODE


def test_hand_limit_applies_after_round_nine_too() -> None:
    """NE-7: round 9's end trims the hand before the game is over; the kept cards are what scores."""
    s = table(hands=[hand(goods=8), hand()], round=9, money=(50, 50), extra=[("coop", 0)])
    s = finish_round(s)
    assert s.phase == TRIM and G.current_player(s) == 0
    before = G.score_parts(s, 0)
    while s.phase == TRIM:
        s = G.apply(s, Discard(K["goods"]))
    assert s.phase == OVER and G.current_player(s) == TERMINAL
    assert sum(s.hands[0]) == 5
    after = G.score_parts(s, 0)
    assert sum(after.values()) < sum(before.values())  # the co-op counts only the goods kept


def test_round_nine_within_the_limit_ends_at_once() -> None:
    s = table(hands=[hand(goods=1), hand()], round=9, money=(50, 50))
    s = finish_round(s)
    assert s.phase == OVER


def test_solo_sells_everything_when_even_all_do_not_cover() -> None:
    """NE-2 in solo rule 案2: 4 farms + a design office at half price ($16) against $24: all five are sold."""
    s = table({"mode": "solo2"}, extra=[("farm", 0)] * 4 + [("design", 0)], money=(0,), workers=(5,), idle=(2,), round=8)
    s = finish_round(s)
    assert s.phase == SELL
    mine = tuple(sorted(i for i, b in enumerate(s.buildings) if b.owner == 0))
    assert len(mine) == 5
    assert G.legal_actions(s) == [Sell(mine)]
    t = G.apply(s, Sell(mine))
    assert t.phase == OVER and t.lost and all(b.owner != 0 for b in t.buildings)


def test_solo1_sells_one_of_each_kind_when_even_all_do_not_cover() -> None:
    """NE-8 (issue 32 replaced this audit's reading): solo rule 1 never sells two of a kind, even when nothing is
    enough: one farm goes, the other stays, and the game is lost."""
    s = table({"mode": "solo1"}, extra=[("farm", 0), ("farm", 0)], money=(0,), workers=(5,), idle=(2,), round=8)
    s = finish_round(s)
    assert s.phase == SELL
    farms = tuple(sorted(i for i, b in enumerate(s.buildings) if b.owner == 0))
    assert G.legal_actions(s) == [Sell(farms[:1])]


def test_solo1_one_of_a_kind_when_a_pair_would_cover() -> None:
    """NE-8: two farms could cover $10 together, but only one of a kind may go public."""
    s = table({"mode": "solo1"}, extra=[("farm", 0), ("farm", 0)], money=(0,), workers=(3,), idle=(2,), round=3)
    s = finish_round(s)
    assert s.phase == SELL
    assert len(G.legal_actions(s)) == 1 and len(G.legal_actions(s)[0].buildings) == 1


def test_readings_are_labelled_on_the_page() -> None:
    """NE-6, NE-7 and the 案2 sale price are stated in both languages; NE-7 is no longer a [choice]."""
    rules = load_rules("rulebook.games.national_economy")
    for lang, r in rules.items():
        assert "NE-6" in r.section("solo-block").readings, lang
        assert "NE-7" in r.section("hand-limit").readings, lang
        assert "[choice]" not in r.section("hand-limit").body, lang
    assert "まだ塞がれていない" in rules["en"].section("solo-block").body
    assert "sale price" in rules["en"].section("solo2").body
    assert "売却額と比べ" in rules["ja"].section("solo2").body
