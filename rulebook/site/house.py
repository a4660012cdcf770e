"""The café's house file (``house.toml``): what a host sets once for the whole site.

A café runs the site for its own shelf of games. Instead of flags on every
link, one small TOML file (``rulebook serve --house FILE``, exported to every
page as ``RULEBOOK_HOUSE``) says:

- ``name``: the café's name (the host page's title);
- ``lang``: the language a page opens in when its URL does not say (``ja``/``en``);
- ``host_password`` or ``host_password_hash`` (argon2, from
  ``python -m rulebook.site.house --hash``): the key to the host page, which
  lists the tables and opens new ones. Without one the host page is off;
- ``public_url``: how the phones at the tables reach the site (the address in
  the seat QR codes), e.g. ``http://192.168.1.20:8866`` — the browser of the
  tablet that opened the page may use ``localhost``, which a phone cannot;
- ``shelf``: the games the index lists and the host page offers (default: all);
- ``[games.<name>]``: per game ``options`` and ``seats`` (the defaults of a
  new game on its page and on the host page; a URL still wins) and staff notes
  ``notes_ja`` / ``notes_en`` shown on the game's page.

Every value is checked when the file is loaded, and every mistake is a
``HouseError`` naming the file, the key and what is wrong (in English: it is
read by whoever runs the server), so ``rulebook serve`` refuses to start on a
typo instead of a page silently ignoring it. Game options are judged by the
game itself (``check_setup``, the same check a page applies to URL options).

Pages read the house through ``current_house()``: a file edited while the
site runs is picked up by the next page (cached per path and mtime), and a
file that went bad meanwhile never breaks a page — pages then use the
default house and the host page shows ``house_error()``.

The engine rule holds here too: nothing in this module imports ipywidgets.
"""

from __future__ import annotations

import hmac
import os
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence
from urllib.parse import urlsplit

from rulebook.core import HUMAN, Game, RulebookError, get_game

ENV_HOUSE = "RULEBOOK_HOUSE"
"""Where pages find the house file: set by ``rulebook serve --house``; inherited by every kernel."""

LANGS = ("ja", "en")
MAX_NAME = 80
MAX_NOTES = 2000
"""Staff notes are a few lines on a page, not a manual: longer text is refused, not cut."""
MAX_URL = 200

TOP_KEYS = ("name", "lang", "host_password", "host_password_hash", "public_url", "shelf", "games")
GAME_KEYS = ("options", "seats", "notes_ja", "notes_en")


class HouseError(ValueError):
    """A house file that cannot be used; the message names the file, the key and what is wrong."""


class SetupError(RulebookError):
    """Options or seats a game refuses (JA/EN, like every error a person can cause).

    ``rule_id`` is ``"options"`` or ``"seats"``: which of the two was wrong.
    """


def check_setup(game: Game, options: Mapping[str, Any] | None, seats: Sequence[str] | None = None) -> tuple[dict[str, Any], list[str] | None]:
    """Judge a game's options (and seat kinds) as a new table would: ``(normalized options, seats)``.

    One check for every place a set-up comes from — a page's URL
    (``widgets.page.make_game_app``) and the house file — so they cannot
    disagree: the game's ``normalize_options`` judges the values, the
    set-up must make a starting state, and ``seats`` (when given) has one
    kind per seat, each ``human`` or a bot kind the game declares.
    Raises ``SetupError``.
    """
    try:
        normal = game.normalize_options(options)
        count = game.num_seats(game.initial_state(normal))
    except RulebookError as error:
        raise SetupError("options", error.message_ja, error.message_en) from error
    except (TypeError, ValueError, KeyError) as error:  # a value of a type the game never expected
        raise SetupError("options", f"この設定は使えません（{error}）。", f"These options cannot be used ({error}).") from error
    if seats is None:
        return normal, None
    kinds = [HUMAN, *game.bot_kinds()]
    if len(seats) != count:
        raise SetupError(
            "seats",
            f"席の数（{len(seats)}）が人数（{count}）と合いません。",
            f"{len(seats)} seat kind{'s' if len(seats) != 1 else ''} given for {count} seat{'s' if count != 1 else ''}.",
        )
    unknown = [kind for kind in seats if kind not in kinds]
    if unknown:
        raise SetupError(
            "seats",
            f"席の種類「{str(unknown[0])[:20]}」は使えません（{', '.join(kinds)} のどれか）。",
            f"Unknown seat kind '{str(unknown[0])[:20]}' (one of {', '.join(kinds)}).",
        )
    return normal, list(seats)


@dataclass(frozen=True)
class GameHouse:
    """What the house says about one game (empty for a game without a ``[games.<name>]`` section)."""

    options: dict[str, Any] = field(default_factory=dict)
    """Options as written in the file (checked by the game); the page's defaults, a URL overrides them key by key."""
    seats: list[str] = field(default_factory=list)
    """One kind per seat (``human`` or a bot kind) for the house's options; empty: the page's default."""
    notes_ja: str = ""
    notes_en: str = ""

    @property
    def notes(self) -> tuple[str, str] | None:
        """``(JA, EN)`` for ``GameApp(notes=...)``, or ``None`` when the staff wrote nothing."""
        return (self.notes_ja, self.notes_en) if self.notes_ja or self.notes_en else None


NO_GAME = GameHouse()


@dataclass(frozen=True)
class House:
    """The café's settings (``House()``: a site without a house file — every game, Japanese, no host page)."""

    name: str = ""
    lang: str = "ja"
    host_password: str = field(default="", repr=False)
    host_password_hash: str = field(default="", repr=False)
    public_url: str = ""
    shelf_games: tuple[str, ...] = ()
    """The games the house named (in its order); empty: it named none, so every game is on the shelf."""
    games: dict[str, GameHouse] = field(default_factory=dict)
    path: str = ""
    """The file it was read from ('' for the default house)."""

    @property
    def host_password_set(self) -> bool:
        """Whether the host page can be opened at all (without a password it stays off)."""
        return bool(self.host_password or self.host_password_hash)

    def check_password(self, text: Any) -> bool:
        """Whether ``text`` is the host password, in constant time (no timing hints for a guesser).

        A plain password is compared with ``hmac.compare_digest``; a stored
        hash is checked by argon2 (which is slow on purpose). No password
        set: nothing is right.
        """
        if not isinstance(text, str) or not self.host_password_set:
            return False
        if self.host_password_hash:
            from argon2 import PasswordHasher
            from argon2.exceptions import InvalidHashError, VerificationError

            try:
                return PasswordHasher().verify(self.host_password_hash, text)
            except (VerificationError, InvalidHashError):
                return False
        return hmac.compare_digest(text.encode("utf-8"), self.host_password.encode("utf-8"))

    @property
    def shelf_chosen(self) -> bool:
        """True when the house named its shelf (the index then lists only those games)."""
        return bool(self.shelf_games)

    @property
    def shelf(self) -> list[str]:
        """The games offered: the house's list, or every game the site has."""
        if self.shelf_games:
            return list(self.shelf_games)
        from rulebook.core.registry import all_games

        return sorted(all_games())

    def game(self, name: str) -> GameHouse:
        """The house's settings for game ``name`` (an empty one if it has no section)."""
        return self.games.get(name, NO_GAME)


# ----- reading a house file -------------------------------------------------------------------------
def _known_games() -> str:
    """The games the site has, for a message (imports them all: only on an error)."""
    from rulebook.core.registry import all_games

    return ", ".join(sorted(all_games()))


def _find_game(name: str) -> Game | None:
    """Game ``name`` (importing only its package: every page reads the house), or None."""
    try:
        return get_game(name)
    except KeyError:
        return None


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _string(where: str, key: str, value: Any, limit: int) -> str:
    if not isinstance(value, str):
        raise HouseError(f"{where}: {key} must be a string, not {_show(value)}")
    if len(value) > limit:
        raise HouseError(f"{where}: {key} is {len(value)} characters long (at most {limit})")
    return value


def _public_url(where: str, value: Any) -> str:
    text = _string(where, "public_url", value, MAX_URL).strip()
    if not text:
        return ""
    problem = ""
    try:
        parts = urlsplit(text)
        parts.port  # a port that is not a number raises here
    except ValueError as error:
        problem = str(error)
    else:
        if parts.scheme not in ("http", "https") or not parts.hostname:
            problem = "it must start with http:// or https:// and name a host"
        elif parts.username is not None or parts.password is not None:
            problem = "it must not carry a user name or password"
        elif parts.path not in ("", "/") or parts.query or parts.fragment:
            problem = "only scheme://host[:port] is used (seat links add their own path), so it must have no path, query or fragment"
        elif any(ch in parts.netloc for ch in "\"'<> \\"):
            problem = "the host contains characters a link cannot carry"
    if problem:
        raise HouseError(f"{where}: public_url {_show(text)} is not usable: {problem} (e.g. \"http://192.168.1.20:8866\")")
    return f"{parts.scheme}://{parts.netloc}"


def _game_section(where: str, name: str, game: Game, section: Any) -> GameHouse:
    key = f"games.{name}"
    if not isinstance(section, dict):
        raise HouseError(f"{where}: {key} must be a table ([games.{name}]), not {_show(section)}")
    unknown = sorted(set(section) - set(GAME_KEYS))
    if unknown:
        raise HouseError(f"{where}: unknown key {key}.{unknown[0]} (allowed: {', '.join(GAME_KEYS)})")
    options = section.get("options", {})
    if not isinstance(options, dict):
        raise HouseError(f"{where}: {key}.options must be a table of option = value, not {_show(options)}")
    for option, value in options.items():
        if isinstance(value, float) or not isinstance(value, (str, int, bool)):
            raise HouseError(f"{where}: {key}.options.{option} must be a string, a whole number or true/false, not {_show(value)}")
    seats = section.get("seats")
    if seats is not None and (not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats)):
        raise HouseError(f"{where}: {key}.seats must be a list of seat kinds such as [\"human\", \"random\"], not {_show(seats)}")
    try:
        check_setup(game, options, seats)
    except SetupError as error:
        raise HouseError(f"{where}: {key}.{error.rule_id}: {error.message_en}") from error
    return GameHouse(
        options=dict(options),
        seats=list(seats or []),
        notes_ja=_string(where, f"{key}.notes_ja", section.get("notes_ja", ""), MAX_NOTES).strip(),
        notes_en=_string(where, f"{key}.notes_en", section.get("notes_en", ""), MAX_NOTES).strip(),
    )


def parse_house(data: Mapping[str, Any], where: str = "house.toml") -> House:
    """A ``House`` from the file's parsed TOML; ``HouseError`` on the first wrong value (``where`` names the file)."""
    unknown = sorted(set(data) - set(TOP_KEYS))
    if unknown:
        raise HouseError(f"{where}: unknown key {unknown[0]} (allowed: {', '.join(TOP_KEYS)})")
    name = _string(where, "name", data.get("name", ""), MAX_NAME).strip()
    lang = data.get("lang", "ja")
    if lang not in LANGS:
        raise HouseError(f"{where}: lang must be \"ja\" or \"en\", not {_show(lang)}")
    plain = data.get("host_password")
    hashed = data.get("host_password_hash")
    if plain is not None and hashed is not None:
        raise HouseError(f"{where}: give host_password or host_password_hash, not both")
    if plain is not None:
        # the value itself is never repeated in a message: the error may be shown on the host page
        if not isinstance(plain, str) or not plain:
            raise HouseError(f"{where}: host_password must be a non-empty string (leave it out to turn the host page off)")
    if hashed is not None:
        if not isinstance(hashed, str) or not hashed.startswith("$argon2"):
            raise HouseError(f"{where}: host_password_hash must be an argon2 hash (\"$argon2id$...\"; make one with python -m rulebook.site.house --hash)")
        from argon2 import extract_parameters
        from argon2.exceptions import InvalidHashError

        try:
            extract_parameters(hashed)
        except InvalidHashError as error:
            raise HouseError(f"{where}: host_password_hash is not a readable argon2 hash") from error
    public_url = _public_url(where, data.get("public_url", ""))
    shelf = data.get("shelf")
    shelf_games: tuple[str, ...] = ()
    if shelf is not None:
        if not isinstance(shelf, list) or not all(isinstance(g, str) for g in shelf):
            raise HouseError(f"{where}: shelf must be a list of game names, not {_show(shelf)}")
        if not shelf:
            raise HouseError(f"{where}: shelf is empty (leave it out to offer every game; known games: {_known_games()})")
        for game_name in shelf:
            if _find_game(game_name) is None:
                raise HouseError(f"{where}: shelf names an unknown game {_show(game_name)} (known games: {_known_games()})")
        if len(set(shelf)) != len(shelf):
            twice = next(g for g in shelf if shelf.count(g) > 1)
            raise HouseError(f"{where}: shelf names {twice!r} twice")
        shelf_games = tuple(shelf)
    sections = data.get("games", {})
    if not isinstance(sections, dict):
        raise HouseError(f"{where}: games must be tables [games.<name>], not {_show(sections)}")
    games: dict[str, GameHouse] = {}
    for game_name, section in sections.items():
        game = _find_game(game_name)
        if game is None:
            raise HouseError(f"{where}: unknown game in [games.{game_name}] (known games: {_known_games()})")
        games[game_name] = _game_section(where, game_name, game, section)
    return House(
        name=name,
        lang=lang,
        host_password=plain or "",
        host_password_hash=hashed or "",
        public_url=public_url,
        shelf_games=shelf_games,
        games=games,
        path=where,
    )


def load_house(path: str | os.PathLike[str]) -> House:
    """Read and check a house file; ``HouseError`` with a message a host can act on."""
    where = str(path)
    try:
        with open(path, "rb") as file:
            data = tomllib.load(file)
    except FileNotFoundError as error:
        raise HouseError(f"{where}: no such file") from error
    except OSError as error:
        raise HouseError(f"{where}: cannot be read ({error.strerror or error})") from error
    except UnicodeDecodeError as error:
        raise HouseError(f"{where}: is not UTF-8 text") from error
    except tomllib.TOMLDecodeError as error:
        raise HouseError(f"{where}: is not valid TOML: {error}") from error
    return parse_house(data, where)


# ----- which notebooks the site keeps preheated ---------------------------------------------------------
LANDING_NOTEBOOK = "index.ipynb"


def game_packages() -> frozenset[str]:
    """The names of the game packages (``rulebook/games/<name>``), found without importing any game.

    The server decides its pools at start: importing every game there would
    cost it the memory of all of them for a list of names.
    """
    import importlib.util
    import pkgutil

    spec = importlib.util.find_spec("rulebook.games")
    if spec is None or not spec.submodule_search_locations:
        return frozenset()
    return frozenset(info.name for info in pkgutil.iter_modules(spec.submodule_search_locations) if info.ispkg)


def house_for_pools(path: str | os.PathLike[str] | None) -> House:
    """The house read at start to choose the pools: the default house when there is no file or it cannot be used
    (``rulebook serve`` refuses a bad file anyway, in ``serve.check_site``)."""
    if path is None:
        return DEFAULT_HOUSE
    try:
        return load_house(path)
    except HouseError:
        return DEFAULT_HOUSE


def preheat_notebooks(notebooks: Sequence[str], house: House, games: frozenset[str] | None = None) -> list[str]:
    """The notebooks given preheated kernels, in the order their pools are filled.

    The house shelf decides (issue 18 C): a game's notebook (``<game>.ipynb``
    at the top of the folder) is preheated only if the game is on the shelf,
    and shelf games come in the shelf's order. The catalogue
    (``index.ipynb``, every visitor's first page) comes first, then the
    games, then the other pages (the host's, the lab). The pools only hold
    part of the kernel cap (``kernels.pool_budget``), so the order says who
    is preheated first; once the site runs, the most-visited notebooks go
    first (``kernels.preheat_order``), this order breaking ties.
    """
    games = game_packages() if games is None else games
    shelf = list(house.shelf_games)

    def game_of(notebook: str) -> str | None:
        stem, dot, ext = notebook.rpartition(".")
        return stem if dot and ext == "ipynb" and "/" not in stem and stem in games else None

    landing = [n for n in notebooks if n == LANDING_NOTEBOOK]
    game_books = [n for n in notebooks if n != LANDING_NOTEBOOK and game_of(n) is not None]
    others = sorted(n for n in notebooks if n != LANDING_NOTEBOOK and game_of(n) is None)
    if shelf:
        game_books = [n for n in game_books if game_of(n) in shelf]
        game_books.sort(key=lambda n: shelf.index(game_of(n)))
    else:
        game_books.sort()
    return landing + game_books + others


# ----- the house a page uses ---------------------------------------------------------------------------
DEFAULT_HOUSE = House()
_cache: dict[tuple[str, int, int], tuple[House, str]] = {}


def _current() -> tuple[House, str]:
    """The house named by ``$RULEBOOK_HOUSE`` and the error that replaced it by the default ('' if none)."""
    path = os.environ.get(ENV_HOUSE, "").strip()
    if not path:
        return DEFAULT_HOUSE, ""
    try:
        stat = os.stat(path)
    except OSError:
        return DEFAULT_HOUSE, f"{path}: no such file"
    key = (path, stat.st_mtime_ns, stat.st_size)
    found = _cache.get(key)
    if found is None:
        try:
            found = (load_house(path), "")
        except HouseError as error:
            found = (DEFAULT_HOUSE, str(error))
        _cache.clear()  # only the file as it is now matters
        _cache[key] = found
    return found


def current_house() -> House:
    """The house of this site, for a page.

    Read from the file ``$RULEBOOK_HOUSE`` names (unset or empty: the
    default house), again only when the file changed (path, mtime and size).
    A file that cannot be used gives the default house rather than an
    error: a typo made while the café is open must not take every page down.
    The default house has no host password, so a broken file never opens
    the host page; ``house_error()`` says what is wrong.
    """
    return _current()[0]


def house_error() -> str:
    """Why ``current_house()`` fell back to the default house ('' when the file is fine or none is set)."""
    return _current()[1]


def forget_house() -> None:
    """Drop the cached house (tests that rewrite a file within one mtime tick)."""
    _cache.clear()


def hash_password(text: str) -> str:
    """An argon2id hash of ``text`` for ``host_password_hash`` (the file then holds no password)."""
    from argon2 import PasswordHasher

    return PasswordHasher().hash(text)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rulebook.site.house --hash``: ask for a password, print its hash;
    ``python -m rulebook.site.house FILE``: check a house file."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--hash"]:
        import getpass

        first = getpass.getpass("host password: ")
        if not first or getpass.getpass("again: ") != first:
            print("the two entries differ (or are empty): nothing made", file=sys.stderr)
            return 1
        print(f'host_password_hash = "{hash_password(first)}"')
        return 0
    if len(args) == 1 and not args[0].startswith("-"):
        try:
            house = load_house(Path(args[0]))
        except HouseError as error:
            print(error, file=sys.stderr)
            return 1
        print(f"{args[0]}: fine ({len(house.shelf)} games on the shelf, host page {'on' if house.host_password_set else 'off'})")
        return 0
    print("usage: python -m rulebook.site.house --hash | FILE", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
