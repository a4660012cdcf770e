"""Shared test set-up. ``tests/support`` holds helper modules any test may import
by full name (e.g. ``tests.support.toy_cards``, a tiny hidden-information game
for platform tests); the checkout's root is on the import path through
``pythonpath`` in pyproject.toml."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

#: Every game's package folder name (``rulebook/games/<name>``): read as folders, so choosing a game imports none.
GAMES = frozenset(
    p.name for p in (Path(__file__).resolve().parents[1] / "rulebook" / "games").iterdir() if (p / "__init__.py").is_file()
)


def pytest_addoption(parser) -> None:
    parser.addoption(
        "--game",
        metavar="NAME",
        help="run only the tests of one game: its folder, its test files, and the cross-game tests run on it "
        "(make test-game GAME=NAME)",
    )
    parser.addoption(
        "--with-cross-game",
        action="store_true",
        help="with --game: also the game-independent tests of every cross-game module (one that runs some test per "
        "game), e.g. that the catalogue or the action-text corpus agrees with the registry. A new game is checked "
        "this way (tests/rulebook/scaffold/test_generated_game_suite.py).",
    )


def game_of_module(stem: str) -> str | None:
    """The game a test file is named after (``test_puniu_page`` -> ``puniu``); the longest name wins
    (``test_not_my_fault_41_page`` is not_my_fault_41's, not not_my_fault's)."""
    named = [g for g in GAMES if stem == f"test_{g}" or stem.startswith(f"test_{g}_")]
    return max(named, key=len) if named else None


def games_of(item) -> set[str]:
    """Every game a test belongs to (see ``belongs_to_game``): none for a game-independent test."""
    return {game for game in GAMES if belongs_to_game(item, game)}


def cross_game_modules(items) -> set:
    """The modules that run some of their tests per game (a test parametrized by a game's name), by path."""
    return {item.path for item in items if getattr(item, "callspec", None) is not None and games_of(item)
            and game_of_module(item.path.stem) is None and not (set(item.path.parent.parts[-1:]) & GAMES)}


def belongs_to_game(item, game: str) -> bool:
    """A test is one game's when it lives in the game's folder, its file is named after the game, or it
    is a cross-game test run on that game (a parameter, or a part of the parameters' id, is the name)."""
    if game in item.path.parent.parts[-1:] or game_of_module(item.path.stem) == game:
        return True
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return False
    return game in callspec.id.split("-") or any(value == game for value in callspec.params.values())


@pytest.fixture(scope="session")
def postgres_server() -> Iterator["object"]:
    """A private PostgreSQL server for the whole run (``tests/support/pg_server.py``).

    Without PostgreSQL on the machine the tests that need it are skipped with
    the reason, except under CI (``CI=true``), where ``make test`` has
    installed it and its absence is a failure, not a silent skip.
    """
    from tests.support.pg_server import PostgresServer, PostgresUnavailable

    try:
        server = PostgresServer()
    except PostgresUnavailable as error:
        if os.environ.get("CI"):
            pytest.fail(str(error))
        pytest.skip(str(error))
    server.start()
    try:
        yield server
    finally:
        server.remove()


@pytest.fixture
def fresh_postgres_url(postgres_server) -> str:
    """The URL of a new, empty database on the test server."""
    return postgres_server.new_database()


@pytest.fixture
def start_nginx(request) -> Iterator["object"]:
    """``start_nginx({name: port, ...})`` -> a running ``tests.support.nginx_proxy.NginxProxy`` (the
    configuration of docs/deploy.md on a free port of 127.0.0.1), stopped after the test; its logs are
    copied to ``test-artifacts/``. Without nginx: skipped, except under CI (``make test`` installs it).
    """
    import re
    import shutil

    from tests.support.nginx_proxy import NginxProxy, NginxUnavailable, nginx_binary

    try:
        nginx_binary()
    except NginxUnavailable as error:
        if os.environ.get("CI"):
            pytest.fail(str(error))
        pytest.skip(str(error))
    started = []

    def start(upstreams: dict, port: int | None = None) -> NginxProxy:
        proxy = NginxProxy(upstreams, port)
        started.append(proxy)
        return proxy.start()

    try:
        yield start
    finally:
        artifacts = Path(__file__).resolve().parents[1] / "test-artifacts"
        label = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)[:80]
        for k, proxy in enumerate(started):
            proxy.stop()
            artifacts.mkdir(exist_ok=True)
            for log in (proxy.log_path, proxy.error_log_path):
                if log.exists():
                    shutil.copy(log, artifacts / f"nginx-{label}-{k}-{log.name}")
            proxy.remove()


@pytest.fixture
def postgres_url(fresh_postgres_url: str) -> str:
    """A PostgreSQL store URL for a test (a fresh database each time: tests never share tables)."""
    return fresh_postgres_url


def pytest_collection_modifyitems(session, config, items) -> None:
    """Browser tests run last.

    Playwright's sync API keeps an event loop running in the main thread for
    as long as the session's browser is open; any later test calling
    ``asyncio.run`` (the kernel cap's tests, Tornado's test cases) would fail
    with "cannot be called from a running event loop". Last, they also
    leave the fast tests to report first.
    """
    game = config.getoption("--game")
    if game:
        if game not in GAMES:
            raise pytest.UsageError(f"--game {game}: no such game (one of {', '.join(sorted(GAMES))})")
        cross = cross_game_modules(items) if config.getoption("--with-cross-game") else set()
        chosen = [item for item in items if belongs_to_game(item, game) or (item.path in cross and not games_of(item))]
        config.hook.pytest_deselected(items=[item for item in items if item not in chosen])
        items[:] = chosen
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)
