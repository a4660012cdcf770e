"""狐狗狸太陽 Kokkuri-san: tokens and votes for candidates, 3–4 players.

The card data is a replaceable file (``cards.py``; the shipped one is a
labelled stand-in, KS-1). ``KOKKURI_SAN`` is the engine instance.
"""

from .cards import CardDataError, CardSet, load_cards, standin
from .game import KokkuriSan, State

KOKKURI_SAN = KokkuriSan()
GAME = KOKKURI_SAN

OPTION_SETS = [{"players": 3, "cards": None}, {"players": 4, "cards": None}]
"""Set-ups the shared contract tests walk."""

__all__ = ["CardDataError", "CardSet", "GAME", "KOKKURI_SAN", "KokkuriSan", "State", "load_cards", "standin"]
