"""What a notebook calls: ``game_page("chiritsumo")`` or ``index_page()``.

Both read the page's URL query (``?lang=en&seed=3&mode=hakoniwa&players=3
&seats=human,solver,random&table=1``). A bad value never breaks the page: it
is reported in both languages at the top and the default is used instead.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Mapping

import ipywidgets as w
from IPython.display import display

from rulebook.core import HUMAN, get_game
from rulebook.core.errors import RulebookError
from rulebook.core.match import check_seed
from rulebook.site.catalogue import ENTRIES, SORT_KEYS, Entry, filter_entries, is_playable, sort_entries
from rulebook.site.request import query_params
from rulebook.tables import links

from rulebook.core.text import load_rules
from rulebook.tables.store import open_store

from .app import GameApp, error_id, load_view, log_error, rules_package
from .base import StyleSheet
from .i18n import LANGS, t

Notice = tuple[str, str]
TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def page_lang(params: Mapping[str, str], notices: list[Notice]) -> str:
    lang = params.get("lang", "ja").strip().lower()
    if lang not in LANGS:
        notices.append(
            (
                f"?lang={lang[:20]} は使えません（ja か en）。日本語で表示します。",
                f"?lang={lang[:20]} is not available (ja or en); showing Japanese.",
            )
        )
        return "ja"
    return lang


RESERVED = ("lang", "seed", "seats", "table", links.TABLE_PARAM, links.KEYS_PARAM, links.CLAIM_PARAM)


def game_settings(params: Mapping[str, str], notices: list[Notice], option_keys: Iterable[str] = ()) -> dict[str, Any]:
    """Options, seed, seats and table mode from the query; bad values become notices.

    Any of the game's own option names (``option_keys``: the keys of its
    ``default_options``) may be set from the URL too, e.g. ``?mode=hakoniwa``;
    the game's ``normalize_options`` judges the values.
    """
    settings: dict[str, Any] = {"options": {}, "seed": None, "seats": None, "table": False}
    if "seed" in params:
        try:
            settings["seed"] = check_seed(params["seed"])
        except RulebookError as error:
            notices.append((f"?seed: {error.message_ja} おまかせで始めます。", f"?seed: {error.message_en} Using a random seed."))
    for key in option_keys:
        if key in params:
            value: Any = params[key].strip()
            settings["options"][key] = int(value) if value.isascii() and value.isdigit() and len(value) < 10 else value.lower()
    if "seats" in params:
        settings["seats"] = [s.strip().lower() for s in params["seats"].split(",") if s.strip()]
    if "table" in params:
        flag = params["table"].strip().lower()
        if flag in TRUE | FALSE:
            settings["table"] = flag in TRUE
        else:
            notices.append(("?table は 1 か 0 で指定してください。", "?table must be 1 or 0."))
    return settings


def make_game_app(name: str, params: Mapping[str, str]) -> GameApp:
    """The app for game ``name`` set up from a page query (testable without Voilà)."""
    notices: list[Notice] = []
    lang = page_lang(params, notices)
    game = get_game(name)
    settings = game_settings(params, notices, [k for k in game.default_options() if k not in RESERVED])
    options = settings["options"] or None
    seats = settings["seats"]
    try:
        opts = game.normalize_options(options)
        if seats is not None and len(seats) != game.num_seats(game.initial_state(opts)):
            raise ValueError
    except (RulebookError, ValueError) as error:
        if isinstance(error, RulebookError):
            notices.append((f"URL の設定: {error.message_ja}", f"URL settings: {error.message_en}"))
        else:
            notices.append(("?seats の数が人数と合いません。", "?seats does not match the number of players."))
        seats = None
        if isinstance(error, RulebookError):
            options = None
    if seats is not None and any(kind != HUMAN and kind not in game.bot_kinds() for kind in seats):
        notices.append(
            (
                f"?seats に使えない種類があります（human, {', '.join(game.bot_kinds())}）。",
                f"?seats names an unknown kind (human, {', '.join(game.bot_kinds())}).",
            )
        )
        seats = None
    table_id = params.get(links.TABLE_PARAM, "").strip() or None
    keys = links.parse_keys(params.get(links.KEYS_PARAM))
    return GameApp(
        game,
        lang=lang,
        options=options,
        seed=settings["seed"],
        seats=seats,
        table=settings["table"],
        notices=notices,
        table_id=table_id,
        keys=keys,
        claim=params.get(links.CLAIM_PARAM, "").strip() == "1",
    )


def failed_page(ident: str) -> w.HTML:
    """What a visitor sees if a page could not be built: a short message and the error id, never a traceback."""
    box = w.HTML(
        f'<div class="rb-error-box rb-page-failed" data-error-id="{ident}">'
        f"<div>このページを準備できませんでした（エラー番号 {ident}）。再読み込みしてください。テーブルは無事です。</div>"
        f"<div>This page could not be prepared (error {ident}). Please reload; your table is safe.</div></div>"
    )
    box.add_class("rb-page-failed")
    return box


def preload(name: str) -> None:
    """Import the game, its view and rules, and open the store — before the visitor arrives.

    A preheated kernel runs this while it waits for its request
    (``query_params``), so a visitor waits only for the table to be made and
    the page drawn (measured: ~0.2 s less to a clickable board).
    """
    game = get_game(name)
    load_view(name)
    load_rules(rules_package(game))
    open_store()


def game_page(name: str) -> GameApp | None:
    """Show the playable page of game ``name`` (reads the page's query) and watch its table."""
    try:
        preload(name)
        app = make_game_app(name, query_params())
    except Exception:
        ident = error_id()
        log_error(f"building the {name} page", ident)
        display(failed_page(ident))
        return None
    display(app.root)
    app.start_watching()
    return app


# ----- the index ----------------------------------------------------------------------------------
class IndexPage:
    """The catalogue: every game of the sources, sortable and filterable."""

    def __init__(self, lang: str = "ja", notices: list[Notice] | None = None, playable: frozenset[str] | None = None) -> None:
        self.lang = lang
        self.notices = notices or []
        self.playable = playable if playable is not None else frozenset(e.slug for e in ENTRIES if is_playable(e))
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
        header = w.HBox([self.title, self.lang_button])
        header.add_class("rb-header")
        filters = w.HBox([self.players, self.minutes, self.sort])
        filters.add_class("rb-filters")
        self.root = w.VBox([StyleSheet(), header, self.notice, self.intro, filters, self.table])
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
        self.lang = lang
        self._set_choices()
        self.draw()

    def entries(self) -> list[Entry]:
        shown = filter_entries(ENTRIES, self.players.value or None, self.minutes.value or None)
        return sort_entries(shown, self.sort.value, self.lang, self.playable)

    def draw(self) -> None:
        e = html.escape
        self.title.value = e(self._w("ボードゲームの遊べるルールブック", "The playable rulebook"))
        self.lang_button.description = t("lang_switch", self.lang)
        self.intro.value = e(
            self._w(
                "ルールを読みながら、その場で遊べます。遊べるゲームはリンクから。ほかのゲームは準備中です。",
                "Read the rules and play them right there. Playable games link to their page; the others are coming.",
            )
        )
        notices = "".join(f"<div>{e(ja if self.lang == 'ja' else en)}</div>" for ja, en in self.notices)
        self.notice.value = f'<div class="rb-notice-box">{notices}</div>' if notices else ""
        self.notice.layout.display = None if notices else "none"
        head = [self._w(x, y) for x, y in (("ゲーム", "Game"), ("人数", "Players"), ("時間", "Time"), ("年齢", "Age"), ("年", "Year"), ("状態", "Status"))]
        rows = []
        suffix = "?lang=en" if self.lang == "en" else ""
        for entry in self.entries():
            playable = entry.slug in self.playable
            name = e(entry.title(self.lang))
            if playable:
                name = f'<a class="rb-play-link" href="/voila/render/{entry.slug}.ipynb{suffix}">{name}</a>'
            note = f'<div class="rb-entry-note">{e(entry.note(self.lang))}</div>' if entry.note(self.lang) else ""
            status = self._w("遊べる", "playable") if playable else self._w("準備中", "coming")
            cells = [
                f"{name}{note}",
                e(entry.players_text(self.lang)),
                e(entry.minutes_text(self.lang)),
                e(entry.age_text(self.lang)),
                str(entry.year) if entry.year else "—",
                f'<span class="rb-status-{"playable" if playable else "coming"}">{status}</span>',
            ]
            rows.append(f'<tr class="rb-game-row rb-game-{entry.slug}" data-slug="{entry.slug}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        if not rows:
            rows.append(f'<tr class="rb-empty"><td colspan="6">{e(self._w("条件に合うゲームはありません。", "No game matches."))}</td></tr>')
        self.table.value = (
            '<table class="rb-catalogue-table"><thead><tr>'
            + "".join(f"<th>{h}</th>" for h in head)
            + "</tr></thead><tbody>"
            + "".join(rows)
            + "</tbody></table>"
            + f'<p class="rb-count">{e(self._w(f"{len(self.entries())} 件", f"{len(self.entries())} games"))}</p>'
        )


def index_page() -> IndexPage:
    params = query_params()
    notices: list[Notice] = []
    lang = page_lang(params, notices)
    page = IndexPage(lang, notices)
    display(page.root)
    return page
