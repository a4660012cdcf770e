"""What a notebook calls: ``game_page("chiritsumo")``, ``index_page()`` or ``host_page()``.

Each reads the page's URL query (``?lang=en&seed=3&mode=hakoniwa&players=3
&seats=human,solver,random&table=1``). A bad value never breaks the page: it
is reported in both languages at the top and the default is used instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Mapping

import ipywidgets as w
from IPython.display import display

from rulebook.core import get_game
from rulebook.core.errors import RulebookError
from rulebook.core.match import check_seed
from rulebook.site.house import House, SetupError, check_setup, current_house, house_error
from rulebook.site.request import query_params
from rulebook.tables import links

from rulebook.core.text import load_rules
from rulebook.tables.opening import open_store
from rulebook.tables.store import TableStore

from .app import GameApp
from .catalogue_page import IndexPage
from .failure import error_id, failed_page, log_error
from .game_page.parts import rules_package
from .i18n import Notice, page_lang
from .lean import shared_defaults
from .views import load_view

if TYPE_CHECKING:
    from rulebook.site.host import LoginGuard

    from .host import HostPage

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


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
    with shared_defaults():  # one layout and one style per kind for the page's widgets (widgets/lean.py)
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


def preload(name: str) -> None:
    """Import the game, its view and rules, and open the store — before the visitor arrives.

    A preheated kernel runs this while it waits for its request
    (``query_params``), so a visitor waits only for the table to be made and
    the page drawn (measured: ~0.2 s less to a clickable board).
    """
    game = get_game(name)
    load_view(name)
    load_rules(rules_package(game))
    # opened (schema checked, driver loaded), then let go: a preheated kernel may wait long for its
    # visitor, and an idle kernel must hold no store connection (the visitor's first call reopens it)
    open_store().release()
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


# ----- the index (the catalogue itself: widgets/catalogue_page.py) ---------------------------------
def index_page() -> IndexPage:
    """The landing page: the catalogue in the house's language, with only the house's shelf if it chose one."""
    params = query_params()
    house = current_house()
    notices: list[Notice] = []
    lang = page_lang(params, notices, house.lang)
    with shared_defaults():
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
    store = store if store is not None else open_store()
    guard = guard if guard is not None else shared_guard(store)
    return HostPage(house, store, lang, notices, guard=guard)


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
