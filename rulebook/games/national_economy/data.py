"""The figures of National Economy, read once from ``data/buildings.json``.

Card kinds are small integers used as indices into the count tuples of a
hand, the deck and the discards: 0 is a consumer good, 1..24 the building
cards of the deck, 25.. the public workplaces (never in a hand).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).resolve().parent / "data" / "buildings.json"
RAW: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Kind:
    """One kind of card or workplace, with its figures and effect."""

    index: int
    code: str
    ja: str
    en: str
    cost: int
    value: int
    copies: int
    deck: bool
    groups: tuple[str, ...]
    sellable: bool
    effect: tuple[tuple[str, Any], ...]
    any_number: str
    round: int
    source: str

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.effect).get(key, default)

    @property
    def workplace(self) -> bool:
        """False for the passive buildings (key icon): nobody places a worker there."""
        return "passive" not in self.groups

    def name(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


GOODS = 0
KINDS: list[Kind] = [
    Kind(0, "goods", "消費財", "Consumer goods", 0, 0, 0, False, ("goods",), False, (), "never", 0, "source"),
]
for entry in RAW["buildings"]:
    KINDS.append(
        Kind(
            len(KINDS), entry["code"], entry["ja"], entry["en"], entry["cost"], entry["value"], entry["copies"], True,
            tuple(entry["groups"]), entry["sellable"], tuple(sorted(entry["effect"].items())), "never", 0, entry["source"],
        )
    )
N_CARDS = len(KINDS)
"""Length of a hand / deck / discard count tuple (goods and the deck kinds)."""
for entry in RAW["public"]:
    KINDS.append(
        Kind(
            len(KINDS), entry["code"], entry["ja"], entry["en"], 0, 0, 0, False, ("public",), False,
            tuple(sorted(entry["effect"].items())), entry["any_number"], entry["round"], "source",
        )
    )
KINDS_T = tuple(KINDS)
BY_CODE = {k.code: k.index for k in KINDS_T}
COPIES = tuple(k.copies for k in KINDS_T[:N_CARDS])
WAGES = tuple(RAW["wages"]["values"])
START_MONEY = tuple(RAW["start_money"]["values"])
START_WORKERS = RAW["start_workers"]
START_CARDS = RAW["start_cards"]
HAND_LIMIT = RAW["hand_limit"]
WORKER_LIMIT = RAW["worker_limit"]
ROUNDS = RAW["rounds"]
UNPAID_POINTS = RAW["unpaid_penalty"]["points"]
SOLO_TAX = tuple(RAW["solo_tax"]["values"])
SOLO2_CLEAR = RAW["solo2_clear"]["points"]
ROUND_WORKPLACE = {k.round: k.index for k in KINDS_T if k.round}
"""Round number -> the workplace its round card adds at the start of that round."""

FARM, BURN, DESIGN, ORCHARD, FACTORY = (BY_CODE[c] for c in ("farm", "burn", "design", "orchard", "factory"))
WAREHOUSE, HOUSING, YAKUZA, STATUE = (BY_CODE[c] for c in ("warehouse", "housing", "yakuza", "statue"))
QUARRY, MINE, CARPENTER, SCHOOL = (BY_CODE[c] for c in ("quarry", "mine", "carpenter", "school"))
FARMS = frozenset(k.index for k in KINDS_T if "farm" in k.groups)
INDUSTRY = frozenset(k.index for k in KINDS_T if "industry" in k.groups)
PASSIVE = frozenset(k.index for k in KINDS_T if "passive" in k.groups)

__all__ = [n for n in dir() if n.isupper() or n == "Kind"]
