"""The card data of Kokkuri-san: play cards and candidate cards, read and validated (KS-1).

The source tells the flow of the game but not what is printed on the cards,
so the site ships a *stand-in* file (``cards.standin.json``, labelled on the
page) that an owner of the game can replace with a file of the same form:

```json
{"format": "kokkuri_san/cards", "version": 1, "stand_in": false,
 "play_cards": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "x-1"],
 "candidates": [{"id": "fox", "name_ja": "狐", "name_en": "Fox",
                 "rounds": [{"points": [6, 3], "effect": {"op": "flip", "may": true}},
                            {"points": [8, 4], "effect": null},
                            {"points": [10, 5], "effect": {"op": "draw", "n": 1}}]}]}
```

- ``play_cards``: the 12 cards every colour has (the same for each colour):
  whole numbers 0–10 and ``"x-1"`` (the ×−1 card, KS-2).
- ``candidates``: 2–8 kinds, each with a card for rounds 1, 2 and 3: the
  points for the 1st and 2nd in influence, and a patron effect (or
  ``null``) in the effect vocabulary below. Optional ``note_ja``/``note_en``.

The effect vocabulary, interpreted by the engine (``"may": true`` makes the
effect optional, as the source's 「〜できる」 texts; otherwise it is
mandatory whenever it can be carried out):

- ``{"op": "draw", "n": 1..3}`` — after refilling to 3, draw ``n`` more cards;
- ``{"op": "flip"}`` — turn one face-down play card on any candidate face up;
- ``{"op": "swap"}`` — swap the places of two candidates (their tokens and
  cards go with them);
- ``{"op": "move"}`` — move one of your tokens from another candidate to the
  right end of this candidate's tokens.

Every mistake in a file is refused with ``CardDataError`` (a ``BadOption``,
rule id ``card-data``) naming the place in the file and what is expected.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from rulebook.core.errors import BadOption

from .observation import CardFile

FORMAT = "kokkuri_san/cards"
VERSION = 1
X = 11
"""Index of the ×−1 card among the card kinds 0..10, x."""
KINDS = 12
"""Card kinds: the values 0..10 and ×−1."""
CARD_COUNT = 12
"""Play cards per colour (the source)."""
ROUNDS = 3
OPS = ("draw", "flip", "swap", "move")
MIN_CANDIDATES, MAX_CANDIDATES = 2, 8
MAX_POINTS = 99
STANDIN_FILE = "cards.standin.json"


class CardDataError(BadOption):
    """A card data file that is not of the documented form (rule id ``card-data``)."""

    def __init__(self, where: str, message_ja: str, message_en: str) -> None:
        self.where = where
        place_ja = f"{where}: " if where else ""
        place_en = f"{where}: " if where else ""
        super().__init__("card-data", f"カードデータの誤り — {place_ja}{message_ja}", f"Card data error — {place_en}{message_en}")

    def __reduce__(self):
        return (_rebuild, (self.rule_id, self.message_ja, self.message_en, self.where))


def _rebuild(rule_id: str, ja: str, en: str, where: str) -> CardDataError:
    error = CardDataError.__new__(CardDataError)
    BadOption.__init__(error, rule_id, ja, en)
    error.where = where
    return error


@dataclass(frozen=True)
class Effect:
    """A patron effect: ``op`` of the vocabulary, ``n`` (draw only), ``may`` (optional)."""

    op: str
    n: int = 0
    may: bool = False


@dataclass(frozen=True)
class RoundCard:
    """One candidate's card for one round: points for the 1st and 2nd in influence, and its effect."""

    points: tuple[int, int]
    effect: Effect | None


@dataclass(frozen=True)
class Candidate:
    id: str
    name_ja: str
    name_en: str
    rounds: tuple[RoundCard, RoundCard, RoundCard]


@dataclass(frozen=True)
class CardSet:
    """A validated card file. ``deck`` counts each colour's cards per kind (0..10, ×−1)."""

    deck: tuple[int, ...]
    candidates: tuple[Candidate, ...]
    stand_in: bool
    note_ja: str = ""
    note_en: str = ""

    def as_json(self) -> CardFile:
        """The file form again (``load_cards(cs.as_json()) == cs``): a fresh value each call, safe to change."""
        data: CardFile = json.loads(_as_text(self))
        return data


# ----- validation ------------------------------------------------------------------------------
def _where(*parts: Any) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _kind(value: Any) -> str:
    return "null" if value is None else {bool: "true/false", int: "a number", float: "a number", str: "text", list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _check_keys(obj: dict, allowed: set[str], required: set[str], where: str) -> None:
    for key in obj:
        if key not in allowed:
            raise CardDataError(where, f"知らない項目「{key}」があります（使える項目: {', '.join(sorted(allowed))}）。", f"unknown field '{key}' (allowed: {', '.join(sorted(allowed))}).")
    for key in sorted(required):
        if key not in obj:
            raise CardDataError(where, f"項目「{key}」がありません。", f"the field '{key}' is missing.")


def _text(value: Any, where: str) -> str:
    if type(value) is not str or not value.strip() or len(value) > 40:
        raise CardDataError(where, f"1〜40 文字の文字列が必要です（{_kind(value)} が書かれています）。", f"expected text of 1-40 characters (found {_kind(value)}).")
    return value


def _card(value: Any, where: str) -> int:
    if value == "x-1" and type(value) is str:
        return X
    if type(value) is not int or not 0 <= value <= 10:
        raise CardDataError(where, f"プレイカードは 0〜10 の整数か \"x-1\" です（{value!r} は使えません）。", f"a play card is a whole number 0-10 or \"x-1\" (not {value!r}).")
    return value


def _effect(value: Any, where: str) -> Effect | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise CardDataError(where, f"効果は null かオブジェクトです（{_kind(value)} が書かれています）。", f"an effect is null or an object (found {_kind(value)}).")
    _check_keys(value, {"op", "n", "may"}, {"op"}, where)
    op = value["op"]
    if op not in OPS:
        raise CardDataError(_where(where, "op"), f"効果「{op}」は語彙にありません（{', '.join(OPS)}）。", f"the effect '{op}' is not in the vocabulary ({', '.join(OPS)}).")
    may = value.get("may", False)
    if type(may) is not bool:
        raise CardDataError(_where(where, "may"), "may は true か false です。", "may is true or false.")
    n = value.get("n")
    if op == "draw":
        if type(n) is not int or not 1 <= n <= 3:
            raise CardDataError(_where(where, "n"), "draw には 1〜3 の枚数 n が必要です。", "draw needs a number of cards n from 1 to 3.")
    elif n is not None:
        raise CardDataError(_where(where, "n"), f"n は draw だけの項目です（{op} には使えません）。", f"n belongs to draw only (not to {op}).")
    return Effect(op, n or 0, may)


def _round(value: Any, where: str) -> RoundCard:
    if not isinstance(value, dict):
        raise CardDataError(where, f"ラウンドのカードはオブジェクトです（{_kind(value)} が書かれています）。", f"a round's card is an object (found {_kind(value)}).")
    _check_keys(value, {"points", "effect"}, {"points", "effect"}, where)
    points = value["points"]
    here = _where(where, "points")
    if not isinstance(points, list) or len(points) != 2:
        raise CardDataError(here, "支配点は [1位, 2位] の 2 つの数のリストです。", "points is a list of two numbers [1st, 2nd].")
    for k, p in enumerate(points):
        if type(p) is not int or not 0 <= p <= MAX_POINTS:
            raise CardDataError(_where(here, k), f"支配点は 0〜{MAX_POINTS} の整数です（{p!r} は使えません）。", f"points are whole numbers 0-{MAX_POINTS} (not {p!r}).")
    if points[0] < points[1]:
        raise CardDataError(here, "影響順位 1 位の支配点は 2 位以上にしてください。", "the 1st place's points must be at least the 2nd place's.")
    return RoundCard((points[0], points[1]), _effect(value["effect"], _where(where, "effect")))


def load_cards(data: Any) -> CardSet:
    """Validate card data (a parsed JSON object, or JSON text) and build a ``CardSet``.

    Raises ``CardDataError`` naming the place of the first mistake.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except (ValueError, UnicodeDecodeError) as error:
            raise CardDataError("", f"JSON として読めません（{str(error)[:80]}）。", f"not readable as JSON ({str(error)[:80]}).") from None
    if not isinstance(data, dict):
        raise CardDataError("", f"ファイル全体は JSON オブジェクトです（{_kind(data)} が書かれています）。", f"the file is one JSON object (found {_kind(data)}).")
    _check_keys(data, {"format", "version", "stand_in", "note_ja", "note_en", "play_cards", "candidates"}, {"format", "version", "play_cards", "candidates"}, "")
    if data["format"] != FORMAT:
        raise CardDataError("format", f"format は \"{FORMAT}\" です。", f"format must be \"{FORMAT}\".")
    if data["version"] != VERSION or type(data["version"]) is not int:
        raise CardDataError("version", f"version は {VERSION} です。", f"version must be {VERSION}.")
    stand_in = data.get("stand_in", False)
    if type(stand_in) is not bool:
        raise CardDataError("stand_in", "stand_in は true か false です。", "stand_in is true or false.")
    notes = []
    for key in ("note_ja", "note_en"):
        note = data.get(key, "")
        if type(note) is not str or len(note) > 400:
            raise CardDataError(key, "注記は 400 文字までの文字列です。", "a note is text of at most 400 characters.")
        notes.append(note)
    cards = data["play_cards"]
    if not isinstance(cards, list) or len(cards) != CARD_COUNT:
        found = len(cards) if isinstance(cards, list) else _kind(cards)
        raise CardDataError("play_cards", f"各色のプレイカードは {CARD_COUNT} 枚のリストです（{found}）。", f"each colour has a list of {CARD_COUNT} play cards (found {found}).")
    deck = [0] * KINDS
    for k, card in enumerate(cards):
        deck[_card(card, _where("play_cards", k))] += 1
    candidates = data["candidates"]
    if not isinstance(candidates, list) or not MIN_CANDIDATES <= len(candidates) <= MAX_CANDIDATES:
        found = len(candidates) if isinstance(candidates, list) else _kind(candidates)
        raise CardDataError("candidates", f"候補者は {MIN_CANDIDATES}〜{MAX_CANDIDATES} 種類のリストです（{found}）。", f"candidates is a list of {MIN_CANDIDATES}-{MAX_CANDIDATES} kinds (found {found}).")
    built, seen = [], set()
    for i, cand in enumerate(candidates):
        where = _where("candidates", i)
        if not isinstance(cand, dict):
            raise CardDataError(where, f"候補者はオブジェクトです（{_kind(cand)} が書かれています）。", f"a candidate is an object (found {_kind(cand)}).")
        _check_keys(cand, {"id", "name_ja", "name_en", "rounds"}, {"id", "name_ja", "name_en", "rounds"}, where)
        ident = _text(cand["id"], _where(where, "id"))
        if ident in seen:
            raise CardDataError(_where(where, "id"), f"id「{ident}」が重複しています。", f"the id '{ident}' appears twice.")
        seen.add(ident)
        rounds = cand["rounds"]
        if not isinstance(rounds, list) or len(rounds) != ROUNDS:
            raise CardDataError(_where(where, "rounds"), f"ラウンド 1〜{ROUNDS} のカードを {ROUNDS} 枚並べてください。", f"list exactly {ROUNDS} cards, for rounds 1-{ROUNDS}.")
        built.append(
            Candidate(
                ident,
                _text(cand["name_ja"], _where(where, "name_ja")),
                _text(cand["name_en"], _where(where, "name_en")),
                tuple(_round(r, _where(where, "rounds", k)) for k, r in enumerate(rounds)),  # type: ignore[arg-type]
            )
        )
    return CardSet(tuple(deck), tuple(built), stand_in, notes[0], notes[1])


@lru_cache(maxsize=None)
def standin_text() -> str:
    return resources.files(__package__).joinpath(STANDIN_FILE).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def standin() -> CardSet:
    """The stand-in card set shipped with the site (KS-1)."""
    return load_cards(standin_text())


@lru_cache(maxsize=64)
def _as_text(cards: CardSet) -> str:
    return json.dumps(_as_json(cards), ensure_ascii=False)


def _as_json(cards: CardSet) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "stand_in": cards.stand_in,
        "play_cards": [k if k != X else "x-1" for k, c in enumerate(cards.deck) for _ in range(c)],
        "candidates": [
            {
                "id": c.id,
                "name_ja": c.name_ja,
                "name_en": c.name_en,
                "rounds": [
                    {
                        "points": list(r.points),
                        "effect": None if r.effect is None else ({"op": r.effect.op, "n": r.effect.n, "may": r.effect.may} if r.effect.op == "draw" else {"op": r.effect.op, "may": r.effect.may}),
                    }
                    for r in c.rounds
                ],
            }
            for c in cards.candidates
        ],
    }
    if cards.note_ja:
        out["note_ja"] = cards.note_ja
    if cards.note_en:
        out["note_en"] = cards.note_en
    return out


def card_text(kind: int) -> str:
    """A card kind as written in actions and on the page: "0".."10", "x"."""
    return "x" if kind == X else str(kind)


def describe(effect: Effect | None, lang: str) -> str:
    """The patron effect in words, generated from the vocabulary (so the text never disagrees with the rules)."""
    if effect is None:
        return "効果なし" if lang == "ja" else "No effect"
    may = effect.may
    if lang == "ja":
        text = {
            "draw": f"補充のあと、山札からさらに {effect.n} 枚引く",
            "flip": "どれかの候補者の裏向きのプレイカード 1 枚を表にする",
            "swap": "候補者 2 人の位置を入れ替える（トークンとカードごと）",
            "move": "別の候補者に置いた自分のトークン 1 つを、この候補者のトークンの右端へ動かす",
        }[effect.op]
        return text + ("ことができる。" if may else "。")
    text = {
        "draw": f"after refilling, draw {effect.n} more card{'s' if effect.n > 1 else ''}",
        "flip": "turn one face-down play card on any candidate face up",
        "swap": "swap the places of two candidates (with their tokens and cards)",
        "move": "move one of your tokens from another candidate to the right end of this candidate's tokens",
    }[effect.op]
    return ("You may " + text if may else text[0].upper() + text[1:]) + "."


__all__ = ["CARD_COUNT", "CardDataError", "CardSet", "Candidate", "Effect", "KINDS", "OPS", "ROUNDS", "RoundCard", "X", "card_text", "describe", "load_cards", "standin", "standin_text"]
