"""The catalogue of every game in the rule sources, for the index page.

Players, time, age and year are as the sources give them (docs/readings.md,
"Catalogue data"); ``None`` where a source says nothing. Where a source
gives no playing time the page shows our estimate, marked as such, and the
time filter never hides the game (issue 10: 5 of 7 playable games had
vanished behind it). Each game has a one-line description in our own words. A game is *playable* when its engine is registered
and its notebook exists; the rest are listed as *coming*. Sorting and
filtering are plain functions so the page and the tests share them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

from rulebook.core.registry import all_games


@dataclass(frozen=True)
class Entry:
    """One game of the sources. ``players_max`` ``None`` means "or more" (2〜)."""

    slug: str
    title_ja: str
    title_en: str
    players_min: int
    players_max: int | None
    minutes_min: int | None
    minutes_max: int | None
    age: int | None
    year: int | None
    credit: str
    source: str
    note_ja: str = ""
    note_en: str = ""
    blurb_ja: str = ""
    """One line saying what the game is, in our own words."""
    blurb_en: str = ""
    estimate: tuple[int, int] | None = None
    """Our estimate of a game's length in minutes when its source gives none (shown as an estimate)."""

    def title(self, lang: str) -> str:
        return self.title_ja if lang == "ja" else self.title_en

    def note(self, lang: str) -> str:
        return self.note_ja if lang == "ja" else self.note_en

    def blurb(self, lang: str) -> str:
        return self.blurb_ja if lang == "ja" else self.blurb_en

    @property
    def time_published(self) -> bool:
        return self.minutes_min is not None

    def sort_minutes(self) -> int | None:
        """Minutes to sort by: the published time, else our estimate."""
        if self.minutes_min is not None:
            return self.minutes_min
        return self.estimate[0] if self.estimate else None

    def plays_with(self, players: int) -> bool:
        top = self.players_max if self.players_max is not None else 99
        return self.players_min <= players <= top

    def fits_in(self, minutes: int) -> bool:
        """Kept by a "within ``minutes``" filter: its published time fits, or no time was published.

        A game whose source gives no time is never hidden: our estimate is
        only a guess, and hiding a game for a guess would hide most of them.
        """
        if not self.time_published:
            return True
        longest = self.minutes_max if self.minutes_max is not None else self.minutes_min
        return longest is not None and longest <= minutes

    def players_text(self, lang: str) -> str:
        if self.players_max is None:
            return f"{self.players_min}人〜" if lang == "ja" else f"{self.players_min}+"
        if self.players_min == self.players_max:
            return f"{self.players_min}人" if lang == "ja" else str(self.players_min)
        return f"{self.players_min}〜{self.players_max}人" if lang == "ja" else f"{self.players_min}–{self.players_max}"

    def minutes_text(self, lang: str) -> str:
        if self.minutes_min is None:
            if self.estimate is None:
                return "—"
            low, high = self.estimate
            return f"{low}〜{high}分（目安）" if lang == "ja" else f"{low}–{high} min (our estimate)"
        if self.minutes_max is None or self.minutes_max == self.minutes_min:
            return f"約{self.minutes_min}分" if lang == "ja" else f"~{self.minutes_min} min"
        return f"{self.minutes_min}〜{self.minutes_max}分" if lang == "ja" else f"{self.minutes_min}–{self.minutes_max} min"

    def age_text(self, lang: str) -> str:
        if self.age is None:
            return "—"
        return f"{self.age}歳〜" if lang == "ja" else f"{self.age}+"


BLOG = "003_d7d25f781a4b54c2"
SOURCE_ENTRIES: tuple[Entry, ...] = (
    Entry(
        "chiritsumo", "ちりつも", "Chiritsumo", 1, 4, 10, 20, 10, 2018, "くまのす (Kumanosu Games)", "000_34695685fd28a73e",
        blurb_ja="ふった 10 個のダイスをピラミッドに積み、同じ色が作る形で得点する。",
        blurb_en="Roll ten dice, stack them into a pyramid and score the shapes each colour makes.",
    ),
    Entry(
        "dice_of_tower", "ダイスオブタワー", "Dice of Tower", 2, 4, None, None, None, None, "ドミッチ (domi)", "001_94e225f8e878f636",
        "4人はペア戦", "4 players play in pairs",
        blurb_ja="大小のダイスを相手の塔に積み、崩さずに高い塔の頂上を取る。",
        blurb_en="Stack dice of every size on your rivals' towers and hold the top without a collapse.",
        estimate=(20, 30),
    ),
    Entry(
        "kokkuri_san", "狐狗狸太陽（こっくりサン）", "Kokkuri-san", 3, 4, 15, 30, 8, 2016, "—", "002_0e57f93b5ca001b0",
        blurb_ja="候補者にこっそり票を入れ、選挙の順位と後ろ盾の効果で点を取る。",
        blurb_en="Slip votes under the candidates and score from the ranking and your patrons.",
    ),
    Entry(
        "puniu", "ぷにぅダイス", "Puniu Dice", 1, None, None, None, None, None, "#44", BLOG,
        blurb_ja="5 個のダイスで役を埋める。失点がかさむと高い得点から消えていく。",
        blurb_en="Fill a score sheet with five dice; too many penalty points wipe out your best scores.",
        estimate=(10, 20),
    ),
    Entry(
        "not_my_fault", "Not My Fault! ver.2.0", "Not My Fault! ver.2.0", 2, None, None, None, None, None, "#41 / ver.2.0", BLOG,
        blurb_ja="カードを伏せて山の合計を申告し、次の人は信じるか監査するかを選ぶはったりゲーム。",
        blurb_en="A bluffing game: add a card face down, say what the pile adds up to, and the next player believes you or calls an audit.",
        estimate=(15, 30),
    ),
    Entry(
        "not_my_fault_41", "Not My Fault!（#41 試作版）", "Not My Fault! (#41 prototype)", 2, 5, None, None, None, None, "#41", BLOG,
        blurb_ja="Not My Fault! の試作版: 7 枚の手札とマイルストーンカード、けん責処分。",
        blurb_en="The first version of Not My Fault!: seven-card hands, milestone cards and reprimands.",
        estimate=(15, 30),
    ),
    Entry(
        "treasure_hunt", "宝探し", "Treasure Hunt", 1, 1, None, None, None, None, "#43", BLOG,
        blurb_ja="紙と 2 個のダイスで遊ぶ 1 人用の探検。数字にしるしを付け、失敗する前に宝を持ち帰る。",
        blurb_en="A solo expedition with paper and two dice: tick numbers and bring a treasure home before you fail.",
        estimate=(5, 10),
    ),
    Entry(
        "lemon_poker", "レモンポーカー", "Lemon Poker", 2, None, None, None, None, None, "#42", BLOG,
        "作者いわく未完成・このページは 2 人用", "marked unfinished by its designer; this page seats 2",
        blurb_ja="親が並べた 2 組の手札の一部を見て、子がどちらが勝つかに賭ける。",
        blurb_en="The dealer lays out two sorted hands; the other player sees a few cards and bets on one.",
        estimate=(10, 20),
    ),
    Entry(
        "national_economy", "ナショナルエコノミー（試作版）", "National Economy (prototype)", 1, 4, 30, 45, None, None, "#37", BLOG,
        "カード名は仮", "card names are provisional",
        blurb_ja="労働者を職場に送り、建物を建てて賃金を払いながら経済を回す。",
        blurb_en="Send workers to workplaces, build, and keep paying their wages as the economy grows.",
    ),
    Entry(
        "magos_solo", "マゴス 1人用パッチ v1.1", "Magos solo patch v1.1", 1, 1, None, None, None, None, "Magos", BLOG,
        "ターン表の補助のみ（本体のルールは原典にない）", "a turn helper only (the base game is not in the source)",
        blurb_ja="マゴスを 1 人で遊ぶときの敵ダイスの手番表を進める補助。",
        blurb_en="Runs the enemy dice's turn table when you play Magos alone.",
        estimate=(20, 40),
    ),
    Entry(
        "ring", "指輪を落とさないで", "Don't Drop the Ring", 3, 5, 20, 20, 10, 2023, "酔いどれ趣造", "004_01eb4be809c2fa9b",
        blurb_ja="取ったダイスの目のぶんだけトリックを取れれば指輪は動かない。外すと指先へずれていく。",
        blurb_en="Draft a die, then win exactly as many trick steps as it shows, or your ring slides towards your fingertip.",
    ),
)

CATALOGUE_FILE = "catalogue.json"
"""A game package's own catalogue entry (a game not in the sources, e.g. one made with ``rulebook new``)."""
ENTRY_FIELDS = frozenset(Entry.__dataclass_fields__) - {"slug"}


class CatalogueError(ValueError):
    """A game package's ``catalogue.json`` that cannot be read: the message names the file and the field."""


def entry_from_json(slug: str, data: object, where: str) -> Entry:
    """One ``catalogue.json`` as an ``Entry``: the same fields as the sources' entries, checked.

    Why a file beside the engine: a designer's new game then needs no change
    to this core module to appear in the catalogue (issue 21).
    """
    if not isinstance(data, dict):
        raise CatalogueError(f"{where}: the file must hold a JSON object")
    unknown = set(data) - ENTRY_FIELDS
    if unknown:
        raise CatalogueError(f"{where}: unknown fields {sorted(unknown)} (known: {sorted(ENTRY_FIELDS)})")
    for name in ("title_ja", "title_en", "credit", "blurb_ja", "blurb_en"):
        if not isinstance(data.get(name), str) or not data[name].strip():
            raise CatalogueError(f"{where}: '{name}' must be a non-empty string")
    for name in ("players_min",):
        if type(data.get(name)) is not int or data[name] < 1:
            raise CatalogueError(f"{where}: '{name}' must be a whole number of at least 1")
    for name in ("players_max", "minutes_min", "minutes_max", "age", "year"):
        if data.get(name) is not None and (type(data[name]) is not int or data[name] < 0):
            raise CatalogueError(f"{where}: '{name}' must be a whole number or null")
    estimate = data.get("estimate")
    if estimate is not None:
        if not (isinstance(estimate, list) and len(estimate) == 2 and all(type(v) is int and v > 0 for v in estimate)):
            raise CatalogueError(f"{where}: 'estimate' must be [low, high] minutes or null")
        estimate = (estimate[0], estimate[1])
    if data.get("minutes_min") is None and estimate is None:
        raise CatalogueError(f"{where}: give 'minutes_min' or an 'estimate' (the catalogue sorts by time)")
    fields = {k: v for k, v in data.items() if k != "estimate"}
    fields.setdefault("players_max", None)
    fields.setdefault("minutes_min", None)
    fields.setdefault("minutes_max", None)
    fields.setdefault("age", None)
    fields.setdefault("year", None)
    fields.setdefault("source", "")
    return Entry(slug=slug, estimate=estimate, **fields)


def declared_entries(skip: frozenset[str] = frozenset()) -> tuple[Entry, ...]:
    """The entries game packages declare in their own ``catalogue.json`` (sorted by slug; ``skip``: slugs listed already).

    Read as files, without importing the games: the index must stay cheap.
    """
    import rulebook.games as games_pkg

    found = []
    for folder in games_pkg.__path__:
        for path in sorted(Path(folder).glob(f"*/{CATALOGUE_FILE}")):
            slug = path.parent.name
            if slug in skip or not slug.isidentifier():
                continue
            try:
                data = json.loads(path.read_text("utf-8"))
            except ValueError as error:
                raise CatalogueError(f"{path}: not valid JSON ({error})") from None
            found.append(entry_from_json(slug, data, str(path)))
    return tuple(sorted(found, key=lambda e: e.slug))


ENTRIES: tuple[Entry, ...] = SOURCE_ENTRIES + declared_entries(frozenset(e.slug for e in SOURCE_ENTRIES))
"""Every game of the catalogue: the sources' games, then the games that declare their own entry."""

SORT_KEYS = ("title", "players", "time", "age", "year")


def is_playable(entry: Entry, notebooks: Path | None = None) -> bool:
    """Playable = a registered engine and a notebook page to play it on."""
    from rulebook.site.paths import default_notebooks_dir

    folder = notebooks if notebooks is not None else default_notebooks_dir()
    return entry.slug in all_games() and (folder / f"{entry.slug}.ipynb").is_file()


def filter_entries(entries: Iterable[Entry], players: int | None = None, minutes: int | None = None) -> list[Entry]:
    """Games playable with ``players`` and known to end within ``minutes`` (``None``: any)."""
    out = []
    for entry in entries:
        if players is not None and not entry.plays_with(players):
            continue
        if minutes is not None and not entry.fits_in(minutes):
            continue
        out.append(entry)
    return out


def sort_entries(entries: Sequence[Entry], key: str, lang: str = "ja", playable: frozenset[str] = frozenset()) -> list[Entry]:
    """Sort by ``key`` (one of ``SORT_KEYS``); unknown values go last; playable games first on ties."""
    if key not in SORT_KEYS:
        raise ValueError(key)

    def value(entry: Entry) -> tuple:
        unknown = 10**6
        number = {
            "players": entry.players_min,
            "time": entry.sort_minutes() if entry.sort_minutes() is not None else unknown,
            "age": entry.age if entry.age is not None else unknown,
            "year": entry.year if entry.year is not None else unknown,
            "title": 0,
        }[key]
        return (number, entry.slug not in playable, entry.title(lang))

    return sorted(entries, key=value)
