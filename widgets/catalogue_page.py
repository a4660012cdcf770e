"""The landing page's catalogue (``IndexPage``): every game of the sources (or the café's shelf),
filtered by players and time, sorted, each playable game linked to its page, its lesson, its rules
and its lab. ``widgets.page.index_page`` shows it from a page query."""

from __future__ import annotations

import html
from typing import Any, Iterable

import ipywidgets as w

from rulebook.core import get_game
from rulebook.core.lesson import LessonError, load_lesson
from rulebook.site.catalogue import ENTRIES, SORT_KEYS, Entry, filter_entries, is_playable, sort_entries

from .base import Announcer, PageLink, StyleSheet
from .i18n import t
from .lab import lab_href
from .lean import hide

Notice = tuple[str, str]


def has_lesson(slug: str) -> bool:
    """The game has a lesson file that reads (a broken one is reported by its page, not the index)."""
    try:
        return load_lesson(get_game(slug)) is not None
    except (KeyError, LessonError):
        return False


class IndexPage:
    """The catalogue: every game of the sources, sortable and filterable.

    ``shelf``: the café's games (``house.toml``); only those are listed. None
    (no shelf chosen): every game of the sources, playable or coming.
    ``default_lang``: the language pages open in without ``?lang=`` (the
    house's), so links carry ``?lang=`` only when the visitor switched.
    """

    def __init__(
        self,
        lang: str = "ja",
        notices: list[Notice] | None = None,
        playable: frozenset[str] | None = None,
        shelf: Iterable[str] | None = None,
        default_lang: str = "ja",
    ) -> None:
        self.lang = lang
        self.default_lang = default_lang
        self.notices = notices or []
        self.playable = playable if playable is not None else frozenset(e.slug for e in ENTRIES if is_playable(e))
        self.lessons = frozenset(slug for slug in self.playable if has_lesson(slug))
        """Games whose page has a "Learn to play" lesson: the catalogue links it."""
        self.shelf = None if shelf is None else list(shelf)
        self.title = w.HTML()
        self.title.add_class("rb-title")
        self.lang_button = w.Button()
        self.lang_button.add_class("rb-lang")
        self.lang_button.on_click(lambda _: self.set_lang("en" if self.lang == "ja" else "ja"))
        self.players = w.Dropdown()
        self.players.add_class("rb-filter-players")
        self.minutes = w.Dropdown()
        self.minutes.add_class("rb-filter-time")
        self.sort = w.Dropdown()
        self.sort.add_class("rb-sort")
        self.table = w.HTML()
        self.table.add_class("rb-catalogue")
        self.notice = w.HTML()
        self.notice.add_class("rb-notice")
        self.intro = w.HTML()
        self.intro.add_class("rb-intro")
        self.page_link = PageLink()
        self.page_link.on_msg(self._on_beat)
        header = w.HBox([self.title, self.lang_button])
        header.add_class("rb-header")
        filters = w.HBox([self.players, self.minutes, self.sort])
        filters.add_class("rb-filters")
        self.language = Announcer(lang=lang)
        """Carries the page's language to ``<html lang>`` when the switch redraws in place (no moves to say here)."""
        self.root = w.VBox([StyleSheet(), self.page_link, self.language, header, self.notice, self.intro, filters, self.table])
        self.root.add_class("rb-app")
        self.root.add_class("rb-index")
        self._set_choices()
        for control in (self.players, self.minutes, self.sort):
            control.observe(lambda _: self.draw(), "value")
        self.draw()

    def _w(self, ja: str, en: str) -> str:
        return ja if self.lang == "ja" else en

    def _set_choices(self) -> None:
        keep = (self.players.value, self.minutes.value, self.sort.value)
        # their names for a screen reader: a label each, kept out of sight (index.css .rb-filters .widget-label):
        # the first choice already says what the list is ("Players: any")
        self.players.description = self._w("人数で絞り込む", "Filter by players")
        self.minutes.description = self._w("時間で絞り込む", "Filter by time")
        self.sort.description = self._w("並べ替え", "Sort")
        self.players.options = [(self._w("人数: すべて", "Players: any"), 0)] + [
            (self._w(f"{n}人で遊べる", f"{n} player{'s' if n > 1 else ''}"), n) for n in range(1, 7)
        ]
        self.minutes.options = [(self._w("時間: すべて", "Time: any"), 0)] + [
            (self._w(f"{m}分以内", f"within {m} min"), m) for m in (15, 20, 30, 45)
        ]
        names = {"title": ("名前", "name"), "players": ("人数", "players"), "time": ("時間", "time"), "age": ("対象年齢", "age"), "year": ("発売年", "year")}
        self.sort.options = [(self._w(f"並び順: {names[k][0]}", f"Sort by {names[k][1]}"), k) for k in SORT_KEYS]
        self.players.value = keep[0] or 0
        self.minutes.value = keep[1] or 0
        self.sort.value = keep[2] or "title"

    def set_lang(self, lang: str) -> None:
        """Switch the language: the page, its links and the address bar (a reload or a shared link keeps it)."""
        self.lang = lang
        self.language.lang = lang
        self.page_link.query = f"lang={lang}"
        self._set_choices()
        self.draw()

    def _on_beat(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """Answer the page's heartbeat (``PageLink``), so the catalogue is not reloaded as if its kernel were gone."""
        if isinstance(content, dict) and "beat" in content:
            self.page_link.pong += 1

    def entries(self) -> list[Entry]:
        listed = ENTRIES if self.shelf is None else [e for e in ENTRIES if e.slug in self.shelf]
        shown = filter_entries(listed, self.players.value or None, self.minutes.value or None)
        return sort_entries(shown, self.sort.value, self.lang, self.playable)

    def draw(self) -> None:
        e = html.escape
        self.title.value = e(self._w("ボードゲームの遊べるルールブック", "The playable rulebook"))
        self.lang_button.description = t("lang_switch", self.lang)
        if self.shelf is None and all(e.slug in self.playable for e in ENTRIES):
            intro = self._w(
                "ルールを読みながら、その場で遊べます。ゲーム名から始めるか、「遊び方を覚える」で 1 手ずつ教わりましょう。",
                "Read the rules and play them right there: start from a game's name, or learn it step by step with Learn to play.",
            )
        elif self.shelf is None:
            intro = self._w(
                "ルールを読みながら、その場で遊べます。遊べるゲームはリンクから。ほかのゲームは準備中です。",
                "Read the rules and play them right there. Playable games link to their page; the others are coming.",
            )
        else:  # the café's shelf: only games it offers
            intro = self._w("ルールを読みながら、その場で遊べます。ゲーム名から始めましょう。", "Read the rules and play them right there: start from a game's name.")
        self.intro.value = e(intro)
        notices = "".join(f"<div>{e(ja if self.lang == 'ja' else en)}</div>" for ja, en in self.notices)
        self.notice.value = f'<div class="rb-notice-box">{notices}</div>' if notices else ""
        hide(self.notice, not notices)
        head = [self._w(x, y) for x, y in (("ゲーム", "Game"), ("人数", "Players"), ("時間", "Time"), ("年齢", "Age"), ("年", "Year"), ("状態", "Status"))]
        rows = []
        suffix = "" if self.lang == self.default_lang else f"?lang={self.lang}"
        for entry in self.entries():
            playable = entry.slug in self.playable
            name = e(entry.title(self.lang))
            if playable:
                name = f'<a class="rb-play-link" href="/voila/render/{entry.slug}.ipynb{suffix}">{name}</a>'
                if entry.slug in self.lessons:
                    learn_query = f"{suffix}&amp;learn=1" if suffix else "?learn=1"
                    learn = e(self._w("遊び方を覚える", "Learn to play"))
                    name += f' <a class="rb-learn-link" href="/voila/render/{entry.slug}.ipynb{learn_query}">{learn}</a>'
                # the rules as a plain page (rulebook.publish.live): reading them starts no kernel
                rules = e(self._w("ルールを読む", "Read the rules"))
                name += f' <a class="rb-rules-link" href="/rules/{self.lang}/{entry.slug}/">{rules}</a>'
                name += f' <a class="rb-lab-link" href="{e(lab_href(entry.slug, self.lang if suffix else ""))}">{e(self._w("設計ラボ", "Lab"))}</a>'
            note = f'<div class="rb-entry-note">{e(entry.note(self.lang))}</div>' if entry.note(self.lang) else ""
            if entry.blurb(self.lang):
                note = f'<div class="rb-entry-blurb">{e(entry.blurb(self.lang))}</div>' + note
            minutes = e(entry.minutes_text(self.lang))
            if not entry.time_published and entry.estimate is not None:
                minutes = f'<span class="rb-time-estimate" title="{e(self._w("原典に時間の記載がないため、このサイトの目安です。時間で絞り込んでも隠れません。", "The source gives no time: this is our estimate. The time filter never hides this game."))}">{minutes}</span>'

            status = self._w("遊べる", "playable") if playable else self._w("準備中", "coming")
            cells = [
                f"{name}{note}",
                e(entry.players_text(self.lang)),
                minutes,
                e(entry.age_text(self.lang)),
                str(entry.year) if entry.year else "—",
                f'<span class="rb-status-{"playable" if playable else "coming"}">{status}</span>',
            ]
            # data-label: a phone shows each row as a card, the column's name before its value (index.css)
            rows.append(
                f'<tr class="rb-game-row rb-game-{entry.slug}" data-slug="{entry.slug}">'
                + "".join(f'<td data-label="{e(h)}">{c}</td>' for h, c in zip(head, cells))
                + "</tr>"
            )
        if not rows:
            rows.append(f'<tr class="rb-empty"><td colspan="6">{e(self._w("条件に合うゲームはありません。", "No game matches."))}</td></tr>')
        # the count first: after a filter, a phone sees how many games match without scrolling the list
        self.table.value = (
            f'<p class="rb-count">{e(self._w(f"{len(self.entries())} 件", f"{len(self.entries())} games"))}</p>'
            + '<table class="rb-catalogue-table"><thead><tr>'
            + "".join(f"<th>{h}</th>" for h in head)
            + "</tr></thead><tbody>"
            + "".join(rows)
            + "</tbody></table>"
        )
