"""Not My Fault! #41 prototype: the shared engine with the #41 variant (hands, milestone cards, reprimands)."""

from __future__ import annotations

from rulebook.games.not_my_fault.game import NotMyFault
from rulebook.games.not_my_fault.variants import V41


class NotMyFault41(NotMyFault):
    """Same rules code as ver.2.0; only the data differ (``V41``). Its own module, so
    the page finds this package's ``rules.*.md``."""

    name = "not_my_fault_41"
    version = 1
    title_ja = "Not My Fault!（#41 試作版）"
    title_en = "Not My Fault! (#41 prototype)"
    variant = V41
    penalty_rule = "reprimands"
    penalty_ja = "戒告"
    penalty_en = "reprimand"


__all__ = ["NotMyFault41"]
