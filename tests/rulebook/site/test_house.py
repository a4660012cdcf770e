"""The café's house file: every key, good and bad; passwords plain and hashed; the page-time house."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulebook.core import get_game
from rulebook.core.registry import all_games
from rulebook.site import house as house_module
from rulebook.site.house import (
    ENV_HOUSE,
    House,
    HouseError,
    check_setup,
    current_house,
    forget_house,
    hash_password,
    house_error,
    load_house,
)

REPO = Path(__file__).resolve().parents[3]


def write(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(text: str, tmp_path: Path) -> str:
    with pytest.raises(HouseError) as info:
        load_house(write(tmp_path, text))
    message = str(info.value)
    assert str(tmp_path / "house.toml") in message  # the file is named
    return message


@pytest.fixture(autouse=True)
def fresh_house(monkeypatch):
    monkeypatch.delenv(ENV_HOUSE, raising=False)
    forget_house()
    yield
    forget_house()


# ----- the default house -------------------------------------------------------------------------------
def test_the_default_house_offers_every_game_in_japanese_with_the_host_page_off() -> None:
    house = House()
    assert house.name == "" and house.lang == "ja" and house.public_url == ""
    assert not house.host_password_set and not house.check_password("") and not house.check_password("anything")
    assert house.shelf == sorted(all_games()) and not house.shelf_chosen
    empty = house.game("ring")
    assert empty.options == {} and empty.seats == [] and empty.notes_ja == "" and empty.notes_en == "" and empty.notes is None


def test_an_empty_file_is_the_default_house(tmp_path) -> None:
    house = load_house(write(tmp_path, ""))
    assert house.lang == "ja" and not house.host_password_set and not house.shelf_chosen


# ----- every key, valid ------------------------------------------------------------------------------------
def test_every_key_is_read(tmp_path) -> None:
    house = load_house(
        write(
            tmp_path,
            """
name = "  Café Dé  "
lang = "en"
host_password = "open sesame"
public_url = "http://192.168.1.20:8866/"
shelf = ["ring", "puniu"]

[games.ring]
options = { players = 3, just_bonus = true }
seats = ["human", "rules", "search"]
notes_ja = "カードは引き出しに。"
notes_en = "Cards are in the drawer."

[games.chiritsumo]
options = { mode = "hakoniwa" }
""",
        )
    )
    assert house.name == "Café Dé" and house.lang == "en"
    assert house.host_password_set and house.check_password("open sesame") and not house.check_password("open sesame ")
    assert house.public_url == "http://192.168.1.20:8866"
    assert house.shelf == ["ring", "puniu"] and house.shelf_chosen
    ring = house.game("ring")
    assert ring.options == {"players": 3, "just_bonus": True} and ring.seats == ["human", "rules", "search"]
    assert ring.notes == ("カードは引き出しに。", "Cards are in the drawer.")
    assert house.game("chiritsumo").options == {"mode": "hakoniwa"} and house.game("chiritsumo").seats == []
    assert house.game("puniu").options == {}  # on the shelf, no section: an empty one
    assert house.path == str(tmp_path / "house.toml")


def test_a_game_off_the_shelf_may_still_have_a_section(tmp_path) -> None:
    house = load_house(write(tmp_path, 'shelf = ["puniu"]\n[games.ring]\nnotes_en = "ask at the bar"\n'))
    assert house.shelf == ["puniu"] and house.game("ring").notes == ("", "ask at the bar")


@pytest.mark.parametrize("url", ["https://cafe.example", "http://cafe.example:8080", "http://[::1]:8866", "  http://10.0.0.2  "])
def test_public_urls(tmp_path, url) -> None:
    assert load_house(write(tmp_path, f'public_url = "{url}"\n')).public_url == url.strip()


# ----- every key, invalid ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, words",
    [
        ('colour = "red"\n', ["unknown key colour", "allowed:"]),
        ("name = 3\n", ["name must be a string"]),
        (f'name = "{"x" * 81}"\n', ["name is 81 characters"]),
        ('lang = "fr"\n', ["lang must be", "'fr'"]),
        ("lang = 1\n", ["lang must be"]),
        ('public_url = "ftp://cafe"\n', ["public_url", "http://"]),
        ('public_url = "cafe.example:8866"\n', ["public_url"]),
        ('public_url = "http://cafe:port"\n', ["public_url"]),
        ('public_url = "http://cafe/rulebook"\n', ["public_url", "no path"]),
        ('public_url = "http://cafe/?a=1"\n', ["public_url"]),
        ('public_url = "http://user:pw@cafe"\n', ["public_url", "user name"]),
        ("public_url = 8866\n", ["public_url must be a string"]),
        ('shelf = "ring"\n', ["shelf must be a list"]),
        ("shelf = []\n", ["shelf is empty", "known games:", "ring"]),
        ('shelf = ["ring", "chess"]\n', ["unknown game 'chess'", "known games:", "puniu"]),
        ('shelf = ["ring", "ring"]\n', ["'ring' twice"]),
        ('games = "ring"\n', ["games must be tables"]),
        ("[games.chess]\n", ["unknown game in [games.chess]", "known games:"]),
        ('[games]\nring = "x"\n', ["games.ring must be a table"]),
        ("[games.ring]\ncolour = 1\n", ["unknown key games.ring.colour", "allowed: options, seats, notes_ja, notes_en"]),
        ('[games.ring]\noptions = "players=3"\n', ["games.ring.options must be a table"]),
        ("[games.ring]\noptions = { players = 9 }\n", ["games.ring.options", "3 to 5 players"]),
        ("[games.ring]\noptions = { colour = 9 }\n", ["games.ring.options", "no option named 'colour'"]),
        ("[games.ring]\noptions = { players = 3.0 }\n", ["games.ring.options.players must be"]),
        ("[games.ring]\noptions = { players = [3] }\n", ["games.ring.options.players must be"]),
        ('[games.chiritsumo]\noptions = { mode = "Hakoniwa" }\n', ["games.chiritsumo.options", "no mode 'Hakoniwa'"]),
        ('[games.ring]\nseats = "human"\n', ["games.ring.seats must be a list"]),
        ("[games.ring]\nseats = []\n", ["games.ring.seats must be a list"]),
        ('[games.ring]\nseats = ["human", "human"]\n', ["games.ring.seats", "2 seat kinds given for 4 seats"]),
        ('[games.ring]\nseats = ["human", "human", "human", "wizard"]\n', ["games.ring.seats", "'wizard'", "rules"]),
        ('[games.puniu]\noptions = { players = 2 }\nseats = ["human"]\n', ["games.puniu.seats", "1 seat kind given for 2 seats"]),
        ("[games.ring]\nnotes_ja = 1\n", ["games.ring.notes_ja must be a string"]),
        (f'[games.ring]\nnotes_en = "{"x" * 2001}"\n', ["games.ring.notes_en is 2001 characters"]),
    ],
)
def test_bad_values_are_refused_naming_the_key(tmp_path, text, words) -> None:
    message = refused(text, tmp_path)
    for word in words:
        assert word in message


def test_files_that_cannot_be_read(tmp_path) -> None:
    assert "no such file" in str(pytest.raises(HouseError, load_house, tmp_path / "none.toml").value)
    assert "not valid TOML" in refused("name = \n", tmp_path)
    (tmp_path / "house.toml").write_bytes(b'name = "\xff"\n')
    assert "not UTF-8" in str(pytest.raises(HouseError, load_house, tmp_path / "house.toml").value)
    assert "cannot be read" in str(pytest.raises(HouseError, load_house, tmp_path).value)  # a folder


# ----- passwords ---------------------------------------------------------------------------------------------
def test_a_plain_password_is_compared_in_constant_time(tmp_path, monkeypatch) -> None:
    house = load_house(write(tmp_path, 'host_password = "café 42"\n'))
    calls = []
    real = house_module.hmac.compare_digest
    monkeypatch.setattr(house_module.hmac, "compare_digest", lambda a, b: calls.append((a, b)) or real(a, b))
    assert house.check_password("café 42") and not house.check_password("cafe 42") and not house.check_password("")
    assert len(calls) == 3
    assert not house.check_password(None) and not house.check_password(42)  # type: ignore[arg-type]
    assert "café 42" not in repr(house)


def test_a_hashed_password_is_checked_by_argon2(tmp_path) -> None:
    hashed = hash_password("s3cret")
    assert hashed.startswith("$argon2id$")
    house = load_house(write(tmp_path, f'host_password_hash = "{hashed}"\n'))
    assert house.host_password_set and house.host_password == ""
    assert house.check_password("s3cret") and not house.check_password("s3cret!") and not house.check_password("")
    assert hashed not in repr(house)


@pytest.mark.parametrize(
    "text, words",
    [
        ('host_password = ""\n', ["host_password must be a non-empty string"]),
        ("host_password = 1234\n", ["host_password must be a non-empty string"]),
        ('host_password_hash = "s3cret"\n', ["host_password_hash must be an argon2 hash"]),
        ('host_password_hash = "$argon2id$broken"\n', ["host_password_hash is not a readable argon2 hash"]),
        ('host_password = "a"\nhost_password_hash = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2g"\n', ["not both"]),
    ],
)
def test_bad_passwords_are_refused_without_repeating_them(tmp_path, text, words) -> None:
    message = refused(text, tmp_path)
    for word in words:
        assert word in message
    assert "s3cret" not in message and "1234" not in message


# ----- the shared set-up check ----------------------------------------------------------------------------------
def test_check_setup_is_the_games_own_judgement() -> None:
    ring = get_game("ring")
    assert check_setup(ring, {"players": "3"}) == ({"players": 3, "just_bonus": False}, None)
    assert check_setup(ring, {}, ["human", "rules", "search", "random"])[1] == ["human", "rules", "search", "random"]
    for options, seats, part in [({"players": 2}, None, "options"), ({}, ["human"], "seats"), ({}, ["human"] * 3 + ["nobody"], "seats")]:
        with pytest.raises(Exception) as info:
            check_setup(ring, options, seats)
        assert info.value.rule_id == part and info.value.message_ja and info.value.message_en


# ----- the house a page uses ----------------------------------------------------------------------------------
def test_no_house_file_named_gives_the_default_house(monkeypatch) -> None:
    assert current_house() == House() and house_error() == ""
    monkeypatch.setenv(ENV_HOUSE, "   ")
    assert current_house() == House() and house_error() == ""


def test_the_named_file_is_read_once_and_again_when_it_changes(tmp_path, monkeypatch) -> None:
    path = write(tmp_path, 'name = "One"\n')
    monkeypatch.setenv(ENV_HOUSE, str(path))
    loads = []
    real = house_module.load_house
    monkeypatch.setattr(house_module, "load_house", lambda p: loads.append(p) or real(p))
    first = current_house()
    assert first.name == "One" and current_house() is first and house_error() == ""
    assert len(loads) == 1  # cached
    path.write_text('name = "Two, longer"\n', encoding="utf-8")
    stamp = os.stat(path).st_mtime_ns + 5_000_000_000
    os.utime(path, ns=(stamp, stamp))
    assert current_house().name == "Two, longer" and len(loads) == 2
    other = write(tmp_path, 'name = "Other"\n', "other.toml")
    monkeypatch.setenv(ENV_HOUSE, str(other))
    assert current_house().name == "Other"  # cached per path


def test_a_bad_file_at_page_time_gives_the_default_house_and_says_why(tmp_path, monkeypatch) -> None:
    path = write(tmp_path, 'host_password = "pw"\nlang = "fr"\n')
    monkeypatch.setenv(ENV_HOUSE, str(path))
    house = current_house()
    assert house == House() and not house.host_password_set  # a broken file never opens the host page
    assert "lang must be" in house_error() and str(path) in house_error()
    path.write_text('host_password = "pw"\nlang = "en"\n', encoding="utf-8")
    stamp = os.stat(path).st_mtime_ns + 5_000_000_000
    os.utime(path, ns=(stamp, stamp))
    assert current_house().lang == "en" and house_error() == ""  # fixed while the site runs
    monkeypatch.setenv(ENV_HOUSE, str(tmp_path / "gone.toml"))
    assert current_house() == House() and "no such file" in house_error()


# ----- the example and the command ---------------------------------------------------------------------------------
def test_the_example_file_loads_and_names_every_key() -> None:
    example = REPO / "house.example.toml"
    house = load_house(example)
    assert house.shelf_chosen and house.public_url and house.name
    assert not house.host_password_set  # the password lines are commented out
    text = example.read_text("utf-8")
    for key in house_module.TOP_KEYS + house_module.GAME_KEYS:
        assert key in text
    assert "# host_password = " in text and "# host_password_hash = " in text


def test_the_command_checks_a_file(tmp_path, capsys) -> None:
    assert house_module.main([str(REPO / "house.example.toml")]) == 0
    assert "fine" in capsys.readouterr().out
    assert house_module.main([str(write(tmp_path, 'lang = "fr"\n'))]) == 1
    assert "lang must be" in capsys.readouterr().err
    assert house_module.main([]) == 2


# ----- the shelf decides the preheated notebooks (issue 18 C) -------------------------------------------
def test_the_shelf_decides_which_notebooks_are_preheated_and_in_what_order():
    from rulebook.site.house import game_packages, house_for_pools, parse_house, preheat_notebooks

    games = game_packages()
    assert {"chiritsumo", "puniu", "pig"} <= games and "site" not in games
    notebooks = ["chiritsumo.ipynb", "host.ipynb", "index.ipynb", "lab.ipynb", "pig.ipynb", "puniu.ipynb", "sub/pig.ipynb"]
    # no shelf: every notebook, the catalogue first, then the games, then the other pages
    assert preheat_notebooks(notebooks, House(), games) == [
        "index.ipynb", "chiritsumo.ipynb", "pig.ipynb", "puniu.ipynb", "host.ipynb", "lab.ipynb", "sub/pig.ipynb"]
    # a shelf: only its games, in its order (a game off the shelf gets no pool)
    house = parse_house({"shelf": ["puniu", "chiritsumo"]})
    assert preheat_notebooks(notebooks, house, games) == [
        "index.ipynb", "puniu.ipynb", "chiritsumo.ipynb", "host.ipynb", "lab.ipynb", "sub/pig.ipynb"]
    assert house_for_pools(None) == House()


def test_the_site_preheats_the_shelf(tmp_path):
    from rulebook.site.serve import SiteOptions, voila_config

    for name in ("index", "pig", "puniu", "chiritsumo", "host"):
        (tmp_path / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    house = tmp_path / "house.toml"
    house.write_text('shelf = ["puniu", "pig"]\n', encoding="utf-8")
    options = SiteOptions(notebooks=tmp_path, house=house)
    assert options.preheated_notebooks == ["index.ipynb", "puniu.ipynb", "pig.ipynb", "host.ipynb"]
    pools = voila_config(options)["VoilaKernelManager"]["kernel_pools_config"]
    assert list(pools) == ["default", "index.ipynb", "puniu.ipynb", "pig.ipynb", "host.ipynb"]  # the refill order
    house.write_text('shelf = ["nope"]\n', encoding="utf-8")  # a bad file: serve refuses it; the pools fall back to all
    assert "chiritsumo.ipynb" in SiteOptions(notebooks=tmp_path, house=house).preheated_notebooks
