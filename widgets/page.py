"""What a notebook calls: ``game_page("chiritsumo")``, ``index_page()`` or ``host_page()``.

Each reads the page's URL query (``?lang=en&seed=3&mode=hakoniwa&players=3
&seats=human,solver,random&table=1``). A bad value never breaks the page: it
is reported in both languages at the top and the default is used instead.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Iterable, Mapping

import ipywidgets as w
from IPython.display import display

from rulebook.core import get_game
from rulebook.core.errors import RulebookError
from rulebook.core.match import check_seed
from rulebook.site.catalogue import ENTRIES, SORT_KEYS, Entry, filter_entries, is_playable, sort_entries
from rulebook.site.house import House, SetupError, check_setup, current_house, house_error
from rulebook.site.request import query_params
from rulebook.tables import links

from rulebook.core.lesson import LessonError, load_lesson
from rulebook.core.text import load_rules
from rulebook.tables.opening import open_store
from rulebook.tables.store import TableStore

from .app import GameApp, error_id, load_view, log_error, rules_package
from .base import PageLink, StyleSheet
from .i18n import LANGS, t
from .lab import lab_href

if TYPE_CHECKING:
    from rulebook.site.host import LoginGuard

    from .host import HostPage

Notice = tuple[str, str]
TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def page_lang(params: Mapping[str, str], notices: list[Notice], default: str = "ja") -> str:
    """``?lang=`` if it is one of ours; else ``default`` (the house's language)."""
    default = default if default in LANGS else "ja"
    if "lang" not in params:
        return default
    lang = params["lang"].strip().lower()
    if lang not in LANGS:
        shown = "日本語" if default == "ja" else "英語"
        notices.append(
            (
                f"?lang={lang[:20]} は使えません（ja か en）。{shown}で表示します。",
                f"?lang={lang[:20]} is not available (ja or en); showing {'Japanese' if default == 'ja' else 'English'}.",
            )
        )
        return default
    return lang


RESERVED = ("lang", "seed", "seats", "table", "learn", links.TABLE_PARAM, links.KEYS_PARAM, links.CLAIM_PARAM)


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
    settings["learn"] = False
    if "learn" in params:
        flag = params["learn"].strip().lower()
        if flag in TRUE | FALSE:
            settings["learn"] = flag in TRUE
        else:
            notices.append(
                (f"?learn={flag[:20]} は使えません（1 か 0）。ガイドなしで開きます。", f"?learn={flag[:20]} is not 1 or 0: the page opens without the lesson.")
            )
    return settings


def make_game_app(name: str, params: Mapping[str, str], house: House | None = None) -> GameApp:
    """The app for game ``name`` set up from a page query and the café's house (testable without Voilà).

    The house (``house.toml``, default ``current_house()``) gives the
    defaults: the language, the game's options and seats, its staff notes
    and the public address used in seat links. The URL wins: its options
    override the house's key by key (if the two do not fit together, the
    URL's alone are tried before falling back to the house's), its seats
    replace the house's. A game not on the house's shelf still opens here:
    the shelf only decides what the index and the host page offer, so a
    link a designer shared or a player kept never dies.
    """
    house = current_house() if house is None else house
    notices: list[Notice] = []
    lang = page_lang(params, notices, house.lang)
    game = get_game(name)
    settings = game_settings(params, notices, [k for k in game.default_options() if k not in RESERVED])
    in_house = house.game(name)
    url_options: dict[str, Any] = settings["options"]
    candidates: list[tuple[dict[str, Any], bool]] = []  # (options, from the URL)
    if url_options:
        candidates.append(({**in_house.options, **url_options}, True))
        if in_house.options:
            candidates.append((dict(url_options), True))
    candidates += [(dict(in_house.options), False), ({}, False)]
    options: dict[str, Any] = {}
    refused: SetupError | None = None
    for candidate, from_url in candidates:
        try:
            check_setup(game, candidate)
        except SetupError as error:
            refused = error if from_url else refused
            continue
        options = candidate
        if from_url:
            refused = None  # the URL's options are in play (alone, if the house's did not fit them)
        break
    instead: dict[int, str] = {}  # notices that must also say what the page used instead
    if refused is not None:
        instead[len(notices)] = "options"
        notices.append((f"URL の設定: {refused.message_ja}", f"URL settings: {refused.message_en}"))
    seats: list[str] | None = settings["seats"]
    if seats is not None:
        try:
            check_setup(game, options, seats)
        except SetupError as error:
            instead[len(notices)] = "seats"
            notices.append((f"?seats: {error.message_ja}", f"?seats: {error.message_en}"))
            seats = None
    if seats is None and in_house.seats:
        # the house's seats belong to its own set-up: used whenever they fit the options in play
        try:
            check_setup(game, options, in_house.seats)
            seats = list(in_house.seats)
        except SetupError:
            pass
    table_id = params.get(links.TABLE_PARAM, "").strip() or None
    keys = links.parse_keys(params.get(links.KEYS_PARAM))
    app = GameApp(
        game,
        lang=lang,
        options=options or None,
        seed=settings["seed"],
        seats=seats,
        table=settings["table"],
        notices=notices,
        table_id=table_id,
        keys=keys,
        claim=params.get(links.CLAIM_PARAM, "").strip() == "1",
        notes=in_house.notes,
        public_url=house.public_url,
        learn=settings["learn"],
    )
    if settings["learn"] and app.lesson is None:
        app.notices.append(("このゲームの遊び方ガイドはまだありません。", "This game has no lesson yet."))
        app.refresh()
    if instead:
        for index, what in instead.items():
            ja, en = app.notices[index]
            app.notices[index] = (ja + " " + used_instead(app, what, "ja"), en + " " + used_instead(app, what, "en"))
        app.refresh()
    return app


def used_instead(app: GameApp, what: str, lang: str) -> str:
    """What a page uses in place of a refused URL value: the seats or the options now in play."""
    if what == "seats":
        kinds = ", ".join(app.match.seats)
        return f"使う席: {kinds}。" if lang == "ja" else f"Seats used: {kinds}."
    options = app.match.options
    shown = ", ".join(f"{key}={value}" for key, value in options.items()) or ("既定" if lang == "ja" else "the defaults")
    return f"使う設定: {shown}。" if lang == "ja" else f"Settings used: {shown}."


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
    current_house()


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
        self.root = w.VBox([StyleSheet(), self.page_link, header, self.notice, self.intro, filters, self.table])
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
        """Switch the language: the page, its links and the address bar (a reload or a shared link keeps it)."""
        self.lang = lang
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
        self.notice.layout.display = None if notices else "none"
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


def index_page() -> IndexPage:
    """The landing page: the catalogue in the house's language, with only the house's shelf if it chose one."""
    params = query_params()
    house = current_house()
    notices: list[Notice] = []
    lang = page_lang(params, notices, house.lang)
    page = IndexPage(lang, notices, shelf=house.shelf if house.shelf_chosen else None, default_lang=house.lang)
    display(page.root)
    return page


# ----- the host's page ----------------------------------------------------------------------------
def make_host_page(
    params: Mapping[str, str], house: House | None = None, store: TableStore | None = None, guard: LoginGuard | None = None
) -> HostPage:
    """The café host's page from a page query and the house (testable without Voilà).

    A house file that could not be used is said at the top (the site then
    runs on the default house, which has no host password, so the page is
    off until the file is fixed).
    """
    from rulebook.site.host import shared_guard

    from .host import WORDS as HOST_WORDS, HostPage

    problem = house_error() if house is None else ""
    house = current_house() if house is None else house
    notices: list[Notice] = []
    lang = page_lang(params, notices, house.lang)
    if problem:
        ja, en = HOST_WORDS["house_error"]
        notices.append((ja.format(error=problem), en.format(error=problem)))
    guard = guard if guard is not None else shared_guard(house.path)
    return HostPage(house, store if store is not None else open_store(), lang, notices, guard=guard)


def host_page() -> HostPage | None:
    """Show the host's page (``notebooks/host.ipynb``): the password first, then the tables."""
    try:
        page = make_host_page(query_params())
    except Exception:
        ident = error_id()
        log_error("building the host page", ident)
        display(failed_page(ident))
        return None
    display(page.root)
    return page
