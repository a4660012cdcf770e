"""Tables in real browsers: reload, a seat on every phone, kernels that go away, secrets.

- A reload, a page whose kernel died (a phone that slept past the culling)
  and a restarted server all come back to the very same table.
- A seat's link (its QR code) moves the seat to another browser; moves on
  one show on the other without a reload.
- Secrets stay on the server: for every game with hidden cards, two people
  play a whole game on two browsers; every WebSocket frame each browser
  received and every file it downloaded is searched for the other seat's
  cards and for the seed. For every game, the seed is nowhere on the page,
  in the URL or in what the browser received until the game ends.
"""

from __future__ import annotations

import json
import os
import signal
import time

import pytest
from tests.support.browser_helpers import (
    downloaded_save,
    drawn,
    frame_text,
    stored_record,
    table_id,
    wait_redrawn,
    widget_states,
)

from rulebook.core import CHANCE, SPECTATOR, Match, get_game

pytestmark = pytest.mark.browser


def visible(page, selector: str) -> bool:
    locator = page.locator(selector)
    return locator.count() > 0 and locator.first.is_visible()


def act(page, selector: str) -> None:
    """A move by a click, waited for until the whole page has redrawn."""
    version = drawn(page)
    page.locator(selector).first.click()
    wait_redrawn(page, version)


def revision(page) -> int:
    return page.evaluate("() => { const d = document.querySelector('.rb-drawn [data-revision]'); return d ? Number(d.dataset.revision) : -1; }")


def open_seat(host, other, seat: int) -> None:
    """The host's "Seats & links" panel gives seat ``seat``'s link; ``other`` opens it (a scanned QR code)."""
    if not visible(host, ".rb-seats-panel"):
        host.click(".rb-seats-toggle")
    host.wait_for_selector(f".rb-seat-link-{seat}")
    link = host.locator(f".rb-seat-link-{seat}").input_value()
    assert "claim=1" in link and f"t={table_id(host)}" in link
    other.goto(link)
    other.wait_for_selector(".rb-drawn [data-revision]", state="attached")
    # the page holds the seat (its own address keeps claim=1 now, issue 17: a reload takes the seat back)
    other.wait_for_selector(".rb-my-seats", state="attached")


# ----- a table outlives the page -----------------------------------------------------------------------------
def test_a_reload_resumes_the_exact_table(site, page) -> None:
    page.goto(site.page_url("chiritsumo.ipynb", lang="en"))
    page.wait_for_voila(".rb-roll")
    act(page, ".rb-roll")
    page.click(".rb-tray .rb-die-0")
    page.click(".rb-slot-0-0")
    page.wait_for_selector(".rb-placed-0-0")
    url = page.url
    assert "t=" in url and "k=" in url
    before = stored_record(page)
    pips = page.inner_text(".rb-tray")
    page.reload()
    page.wait_for_voila(".rb-placed-0-0")
    assert page.url == url and page.inner_text(".rb-tray") == pips
    assert stored_record(page)["actions"] == before["actions"]
    assert not page.locator(".rb-undo").first.is_disabled()  # the move is still the player's to take back
    assert page.console_errors == []


def test_a_page_whose_kernel_died_comes_back_by_itself(site, page) -> None:
    """A phone that slept past the culling (or a kernel that crashed): the page's heartbeat reloads it."""
    page.goto(site.page_url("chiritsumo.ipynb", lang="en"))
    page.wait_for_voila(".rb-roll")
    act(page, ".rb-roll")
    kernel = page.kernel_id()
    process = next(k for k in site.kernels() if k.kernel_id == kernel)
    os.kill(process.pid, signal.SIGKILL)
    # (while the reloaded page streams in, its config element may not be there yet)
    page.wait_for_function(
        "k => { const c = document.getElementById('jupyter-config-data'); return !!c && JSON.parse(c.textContent).kernelId !== k; }",
        arg=kernel,
        timeout=90_000,
    )
    page.wait_for_voila(".rb-board")
    assert page.locator(".rb-roll").count() == 0  # the dice rolled before are still there
    assert len(stored_record(page)["actions"]) >= 10


def test_a_restarted_server_resumes_every_table(start_site, new_page, tmp_path) -> None:
    from rulebook.site.serve import default_notebooks_dir

    db = f"sqlite://{tmp_path / 'tables.sqlite'}"
    first = start_site(default_notebooks_dir(), db_url=db, preheat=False)
    page = new_page()
    page.goto(first.page_url("puniu.ipynb", lang="en", players=2, seats="human,human"))
    page.wait_for_voila(".rb-roll")
    act(page, ".rb-roll")
    record = stored_record(page)
    url, port = page.url, first.port
    page.evaluate("() => { window.rbBeforeRestart = true; }")  # gone once the page has reloaded itself
    first.stop()
    second = start_site(default_notebooks_dir(), db_url=db, port=port, preheat=False)
    # the open page notices its kernel is gone, reloads itself, and finds its table on the new server
    page.wait_for_function("() => !window.rbBeforeRestart && document.querySelector('.rb-board-puniu')", timeout=120_000)
    page.wait_for_function("k => new URLSearchParams(location.search).get('t') === k", arg=record["meta"]["table_id"])
    assert page.url == url
    page.wait_for_voila(".rb-board-puniu")
    assert stored_record(page)["actions"] == record["actions"]
    assert second.kernels()


# ----- a seat on every phone ----------------------------------------------------------------------------------
def test_a_seat_link_moves_the_seat_and_moves_show_everywhere(site, new_page) -> None:
    tablet = new_page(1024, 768)
    tablet.goto(site.page_url("not_my_fault.ipynb", lang="en", players=2, seats="human,human"))
    tablet.wait_for_voila(".rb-pass-screen")  # one tablet, two people: the pass screen
    phone = new_page(390, 844)
    open_seat(tablet, phone, 1)
    tablet.wait_for_function("() => !document.querySelector('.rb-pass-screen') || document.querySelector('.rb-pass-screen').offsetParent === null")
    tablet.wait_for_function("() => document.querySelector('.rb-error').innerText.includes('Seat 2 is now played on another device')")
    assert "this page plays Seat 2" in phone.inner_text(".rb-status")
    assert "this page plays Seat 1" in tablet.inner_text(".rb-status")
    phone.save_screenshot("tables-phone-seat2-390")
    mover, watcher = (tablet, phone) if visible(tablet, ".rb-action-draw") else (phone, tablet)
    mover.wait_for_selector(".rb-action-draw")
    before = revision(watcher)
    start = time.monotonic()
    act(mover, ".rb-action-draw")
    watcher.wait_for_function("r => Number(document.querySelector('.rb-drawn [data-revision]').dataset.revision) > r", arg=before)
    assert time.monotonic() - start < 5
    assert watcher.locator(".rb-pile-card-0").count() == 1  # the card laid face down shows on the other phone
    assert watcher.get_attribute(".rb-pile-card-0", "data-value") == ""  # face down for the other seat
    assert tablet.console_errors == [] and phone.console_errors == []


# ----- secrets stay on the server ---------------------------------------------------------------------------------
#: The Not My Fault! games two people play below, by seed. The test plays each seed through the engine first
#: (``nmf_path``), so it knows every move before a browser makes it, and each move waits until the page of the seat
#: to move shows the table as the store holds it. A game with a random seed, its buttons read while a page was
#: still redrawing, once left the test waiting 90 s for an Audit button (issue 20): the path here is the same on
#: every run. Chosen with the search in ``nmf_path``'s docstring: both seats lay cards face down, a save is made
#: while the game runs, and the game ends (2.0: 6 moves; #41: 34 moves).
NMF_SEEDS = {"not_my_fault": 1257807361205452693, "not_my_fault_41": 1150173160713117588}


def nmf_choice(legal: list, k: int) -> object:
    """The move the test makes as its ``k``-th: the lowest declaration, else a card (lowest value first; every
    other turn an audit instead when one is allowed), else an audit every third turn or when nothing may be
    drawn, else a draw. Only moves the engine allows: no button the page shows as refused is ever pressed."""
    from rulebook.games.not_my_fault.actions import Audit, Declare, Draw, Place

    declares = [a for a in legal if isinstance(a, Declare)]
    if declares:
        return min(declares, key=lambda a: a.number)
    places = [a for a in legal if isinstance(a, Place)]
    audit = next((a for a in legal if isinstance(a, Audit)), None)
    draw = next((a for a in legal if isinstance(a, Draw)), None)
    if places and not (audit and k % 2):
        return min(places, key=lambda a: a.value)
    if audit and (k % 3 == 2 or draw is None):
        return audit
    return draw if draw is not None else legal[0]


def nmf_path(name: str, seed: int) -> tuple[Match, list[tuple[int, object]]]:
    """The whole game the browsers will play: (seat, move) for every move a person makes, chance drawn from
    ``seed`` exactly as the table draws it. (The seeds were found by playing random 63-bit seeds this way and
    keeping one whose game ends with both seats' cards laid face down.)"""
    game = get_game(name)
    match = Match.new(game, {"players": 2}, seed=seed, seats=["human", "human"])
    moves: list[tuple[int, object]] = []
    while not match.is_over() and len(moves) < 400:
        if match.current_player == CHANCE:
            match.play(match.sample_chance())
            continue
        seat = match.current_player
        action = nmf_choice(game.legal_actions(match.state), len(moves))
        match.play(action)
        moves.append((seat, action))
    return match, moves


def nmf_selector(action: object) -> str:
    """The element that makes ``action`` on the page of the seat to move."""
    from rulebook.games.not_my_fault.actions import Audit, Declare, Draw, Place

    if isinstance(action, Place):
        return f".rb-hand-clickable .rb-hand-v{action.value}"
    if isinstance(action, Declare):
        return f".rb-num-legal.rb-num-{action.number}"
    if isinstance(action, Draw):
        return ".rb-action-draw:not(.rb-disabled)"
    if isinstance(action, Audit):
        return ".rb-action-audit:not(.rb-disabled)"
    raise AssertionError(f"no button for {action}")


def caught_up(page, table: str, store) -> None:
    """Wait until ``page`` shows the table at the store's revision, every button of that drawing attached."""
    page.wait_for_function(
        """rev => {
            const d = document.querySelector('.rb-drawn [data-revision]');
            if (!d || Number(d.dataset.revision) !== rev) return false;
            const now = 'rb-v' + d.dataset.version;
            const fresh = [...document.querySelectorAll('.rb-fresh')];
            return fresh.length === Number(d.dataset.fresh) && fresh.every(b => b.classList.contains(now));
        }""",
        arg=store.revision(table),
    )


def play_known_path(site, pages: dict, name: str) -> bool:
    """Play ``nmf_path``'s game move by move, each on its seat's page; a save on both pages while it runs.
    Returns whether that save was made (the path is checked to leave room for it)."""
    match, path = nmf_path(name, NMF_SEEDS[name])
    assert match.is_over() and len(path) >= 4 and {seat for seat, _ in path} == {0, 1}, "the seed no longer gives the known game"
    table, store = table_id(pages[0]), site.store()
    saved_midgame = False
    for k, (seat, action) in enumerate(path):
        if k == 2:  # a save during the game (the path has moves left): sealed, nothing to read in it
            for page in pages.values():
                assert json.loads(downloaded_save(page))["format"] == "rulebook-sealed"
            saved_midgame = True
        page = pages[seat]
        caught_up(page, table, store)
        act(page, nmf_selector(action))
    for page in pages.values():
        page.wait_for_selector(".rb-outcome-box")
    assert stored_record(pages[0])["actions"] == match.to_record()["actions"], "the browsers played another game"
    return saved_midgame


def play_until_the_end(pages: dict, step) -> bool:
    """Both pages press what ``step`` finds until both show the outcome; a save on both pages while the game runs.
    Returns whether that save was made."""
    moves, saved_midgame = 0, False
    one = pages[0]
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if visible(one, ".rb-outcome-box") and visible(pages[1], ".rb-outcome-box"):
            return saved_midgame
        moved = False
        for page in pages.values():
            if step(page, moves):
                moves += 1
                moved = True
        if moves >= 2 and not saved_midgame and not Match.from_record(stored_record(one), get_game).is_over():
            # a save during the game: sealed, nothing to read in it (early, while the game surely runs)
            for page in pages.values():
                text = downloaded_save(page)
                assert json.loads(text)["format"] == "rulebook-sealed"
            saved_midgame = True
        if not moved:
            one.wait_for_timeout(150)
    raise AssertionError(f"the game did not end ({moves} moves)")


def ring_step(page, moves: int) -> bool:
    mode = page.evaluate("() => { const b = document.querySelector('.rb-board-ring'); return b ? b.dataset.mode : ''; }")
    if visible(page, ".rb-actions .rb-roll"):
        try:
            act(page, ".rb-actions .rb-roll")  # both phones may press Roll: one roll is stored, the other page is told
        except Exception:
            return False
    elif mode == "draft" and visible(page, ".rb-pool-active"):
        act(page, ".rb-pool-active")
    elif mode in ("discard", "play") and visible(page, ".rb-hand .rb-card-legal"):
        act(page, ".rb-hand .rb-card-legal")
    else:
        return False
    return True


def hands_held(record: dict, seat: int) -> set[tuple]:
    """Every hand ``seat`` held during the game (from the stored record replayed), as sorted tuples."""
    match = Match.from_record(record, get_game)
    game = match.game
    held = set()
    for state in match.states:
        hand = game.observe(state, seat).get("hand")
        if hand is not None:
            held.add(tuple(sorted(map(str, hand))))
    return held


def board_views(page) -> list[dict]:
    """The board part of every view model the browser received (the boards draw ``view["board"]``)."""
    views = [state["view"] for state in widget_states(page.ws_frames) if isinstance(state.get("view"), dict)]
    return [view["board"] if isinstance(view.get("board"), dict) else view for view in views]


@pytest.mark.parametrize(
    "name, options, step",
    [
        ("not_my_fault", {"players": 2, "seats": "human,human", "seed": NMF_SEEDS["not_my_fault"]}, None),
        ("not_my_fault_41", {"players": 2, "seats": "human,human", "seed": NMF_SEEDS["not_my_fault_41"]}, None),
        ("ring", {"players": 3, "seats": "human,human,rules"}, ring_step),
    ],
)
def test_two_people_play_to_the_end_and_neither_browser_ever_gets_the_others_cards(site, new_page, name, options, step) -> None:
    one = new_page(1024, 768)
    one.goto(site.page_url(f"{name}.ipynb", lang="en", **options))
    one.wait_for_selector(".rb-drawn [data-revision]", state="attached")
    two = new_page(390, 844)
    open_seat(one, two, 1)
    one.wait_for_function("() => document.querySelector('.rb-error').innerText.includes('another device')")
    pages = {0: one, 1: two}
    saved_midgame = play_known_path(site, pages, name) if step is None else play_until_the_end(pages, step)
    assert saved_midgame, "no save was made while the game ran: the sealed-save check proves nothing"
    record = stored_record(one)
    seed = str(record["seed"])
    assert len(seed) >= 12  # a 63-bit seed (random, or one of NMF_SEEDS): no page text matches it by chance
    for me, page in pages.items():
        other = 1 - me
        frames = page.ws_frames
        text = frame_text(frames)
        end = text.find("rb-outcome-box")
        assert end > 0
        assert seed not in text[:end], f"seat {me + 1}'s browser received the seed before the end"
        for filename, content in page.downloads:
            if "replay" not in filename:
                assert seed not in content and '"actions"' not in content, f"seat {me + 1}'s save file reveals the game"
        mine = hands_held(record, me) | {()}
        theirs = hands_held(record, other)
        views = board_views(page)
        assert views, "no board state was captured"
        others_face_down = hands_shown = 0
        for view in views:
            assert view.get("you") in (me, SPECTATOR, None), view.get("you")
            if name == "ring":
                hand = tuple(sorted(card["card"] for card in view.get("hand") or []))
            else:
                hand = tuple(sorted(map(str, view.get("hand") or [])))
            assert hand in mine, f"seat {me + 1}'s browser got a hand it never held: {hand}"
            hands_shown += bool(hand)
            if name == "not_my_fault":
                for card in view.get("pile") or []:
                    assert card["seat"] == me or card["card"] is None, f"seat {me + 1} saw another seat's face-down card"
                    others_face_down += card["seat"] != me
        if name == "not_my_fault":
            assert others_face_down, "the other seat laid no card face down: the check proves nothing"
        else:
            assert hands_shown, "no hand was ever shown: the check proves nothing"
            assert theirs - mine, "the two seats' hands should differ somewhere, or the check proves nothing"
    assert all(p.console_errors == [] for p in pages.values())


# ----- the seed is nowhere until the end ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, query, moves",
    [
        ("chiritsumo", {"mode": "hakoniwa", "players": 2, "seats": "human,solver"}, ".rb-actions .rb-roll, .rb-actions .rb-fresh"),
        ("puniu", {"players": 2}, ".rb-actions .rb-roll, .rb-category:not(.rb-disabled)"),
        ("treasure_hunt", {}, ".rb-actions .rb-fresh"),
        ("magos_solo", {}, ".rb-next-turn"),
        ("not_my_fault", {"players": 3}, ".rb-num-legal, .rb-action-draw"),
        ("not_my_fault_41", {"players": 3}, ".rb-num-legal, .rb-hand-clickable .rb-hand-card"),
        ("ring", {"players": 3}, ".rb-actions .rb-roll, .rb-pool-active, .rb-hand .rb-card-legal"),
    ],
)
def test_the_seed_is_nowhere_on_the_page_before_the_end(site, page, name, query, moves) -> None:
    for _attempt in range(4):
        # a game with a random seed can, rarely, end within six moves (a Chiritsumo Hakoniwa game did in CI):
        # its seed is then rightly shown, so such a game proves nothing and a fresh one is dealt
        page.goto(site.page_url(f"{name}.ipynb", lang="en", **query))
        page.wait_for_selector(".rb-drawn [data-revision]", state="attached")
        for _ in range(6):
            if not visible(page, moves) or visible(page, ".rb-outcome-box"):
                break
            act(page, moves)
        if not visible(page, ".rb-outcome-box"):
            break
    if visible(page, ".rb-save-button"):
        page.click(".rb-save-button")
        page.wait_for_selector(".rb-save-link")
    seed = str(stored_record(page)["seed"])
    # four games in a row ending within six moves means the set-up is too short to test anything
    assert not visible(page, ".rb-outcome-box"), "every game ended within six moves: choose a longer set-up"
    html = page.content()
    assert seed not in html and seed not in page.url
    assert seed not in frame_text(page.ws_frames)
    href = page.locator(".rb-save-link").get_attribute("href") if page.locator(".rb-save-link").count() else ""
    assert seed not in (href or "")
    assert page.console_errors == []


def test_once_the_game_is_over_the_seed_and_the_replay_are_given(site, page) -> None:
    page.goto(site.page_url("chiritsumo.ipynb", lang="en", mode="hakoniwa", players=2, seats="solver,solver"))
    page.wait_for_voila(".rb-roll")
    for _ in range(80):
        if visible(page, ".rb-outcome-box"):
            break
        act(page, ".rb-actions .rb-roll")
    seed = str(stored_record(page)["seed"])
    page.wait_for_selector(".rb-outcome-box")
    assert seed in page.inner_text(".rb-outcome-box")
    page.wait_for_selector(".rb-save-link")
    with page.expect_download() as download:
        page.click(".rb-save-link")
    assert download.value.suggested_filename.endswith("-replay.json")
    assert json.loads(open(download.value.path(), encoding="utf-8").read())["seed"] == int(seed)
