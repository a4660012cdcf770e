"""The lab page: pick a game, bots and options, run games with a live bar, read what they show.

Runs are bounded on the site (``PAGE_MAX_GAMES``) and played in a thread of
the page's kernel — or on the Dask cluster named by ``RULEBOOK_DASK`` — so
the page stays responsive: the Cancel button keeps the games finished so
far. Everything shown is computed by ``rulebook.lab.analysis`` and drawn by
``rulebook.lab.plots``; this module only lays it out, in JA or EN.
"""

from __future__ import annotations

import html
import threading
import time
from typing import Any, Callable, Mapping

import ipywidgets as w
from IPython.display import display

from rulebook.core import RulebookError, all_games, get_game
from rulebook.lab.runner import Progress, RunResult, simulate
from rulebook.lab.spec import DEFAULT_ITERATIONS, LabError, SimSpec, make_spec, parse_option_texts
from rulebook.site.request import query_params

from ..base import Announcer, PageLink, StyleSheet, asset
from ..failure import error_id, failed_page, log_error
from ..i18n import page_lang, t
from ..lean import hide
from .results import WORDS, lab_word as _w, results_html

PAGE_MAX_GAMES = 20_000
"""Most games one run of the site's page may ask for (the terminal's ``rulebook simulate`` allows far more)."""
PROGRESS_EVERY = 0.25
"""Seconds between two redraws of the bar (each one is a message to the browser)."""

def _classed(widget: w.Widget, *classes: str) -> w.Widget:
    for name in classes:
        widget.add_class(name)
    return widget


class LabStyle(StyleSheet):
    """The shared CSS plus the lab's own (``widgets/static/lab.css``)."""

    _css = asset("app.css", "index.css", "lab.css")


def _duration(seconds: float | None, lang: str) -> str:
    if seconds is None:
        return "?"
    s = int(round(seconds))
    if s < 60:
        return f"{s} 秒" if lang == "ja" else f"{s} s"
    return f"{s // 60} 分 {s % 60:02d} 秒" if lang == "ja" else f"{s // 60} min {s % 60:02d} s"


def default_seats(game_name: str) -> str:
    """The strongest bot in seat 1 and random bots elsewhere, for the game's default seat count."""
    game = get_game(game_name)
    n = game.num_seats(game.initial_state(game.normalize_options({})))
    strongest = next(iter(game.all_bots()))
    return ",".join([strongest] + ["random"] * (n - 1))


def options_lines(text: str) -> list[str]:
    return [line.strip() for line in text.replace(";", "\n").splitlines() if line.strip()]


class LabPage:
    """The lab page's widgets and what its buttons do (testable without Voilà: ``run_now`` plays in this thread)."""

    def __init__(self, lang: str = "ja", game: str = "", notices: list[tuple[str, str]] | None = None) -> None:
        self.lang = lang
        self.notices = notices or []
        self.games_by_name = all_games()
        self.thread: threading.Thread | None = None
        self.cancel_event = threading.Event()
        self.result: RunResult | None = None
        self.result_b: RunResult | None = None
        self.skill: tuple[RunResult, RunResult, str] | None = None
        self.error_key = ""
        self.error: RulebookError | None = None
        self.runs = 0
        self._build(game if game in self.games_by_name else "national_economy" if "national_economy" in self.games_by_name else next(iter(self.games_by_name)))
        self.draw()

    # ----- building ------------------------------------------------------------------------
    def _build(self, game: str) -> None:
        self.title = _classed(w.HTML(), "rb-title")
        self.lang_button = _classed(w.Button(), "rb-lang")
        self.lang_button.on_click(self._guard(lambda _: self.set_lang("en" if self.lang == "ja" else "ja")))
        self.header = _classed(w.HBox([self.title, self.lang_button]), "rb-header")
        self.notice = _classed(w.HTML(), "rb-notice")
        self.intro = _classed(w.HTML(), "rb-intro")
        self.game = _classed(w.Dropdown(options=sorted(self.games_by_name), value=game), "rb-lab-game")
        self.game.observe(self._guard(lambda change: self._game_changed()), "value")
        self.seats = _classed(w.Text(value=default_seats(game)), "rb-lab-seats")
        self.seats_hint = _classed(w.HTML(), "rb-lab-hint")
        self.options_a = _classed(w.Textarea(rows=2), "rb-lab-options-a")
        self.options_b = _classed(w.Textarea(rows=2), "rb-lab-options-b")
        self.options_hint = _classed(w.HTML(), "rb-lab-hint")
        self.n_games = _classed(w.BoundedIntText(value=200, min=1, max=PAGE_MAX_GAMES * 10), "rb-lab-games")
        self.seed = _classed(w.Text(value="0"), "rb-lab-seed")
        self.iterations = _classed(w.BoundedIntText(value=DEFAULT_ITERATIONS, min=1, max=4000), "rb-lab-iterations")
        self.rotate = _classed(w.Checkbox(value=False, indent=False), "rb-lab-rotate")
        self.run_button = _classed(w.Button(), "rb-lab-run", "rb-primary")
        self.run_button.on_click(self._guard(lambda _: self.start("run")))
        self.skill_button = _classed(w.Button(), "rb-lab-skill")
        self.skill_button.on_click(self._guard(lambda _: self.start("skill")))
        self.cancel_button = _classed(w.Button(disabled=True), "rb-lab-cancel")
        self.cancel_button.on_click(self._guard(lambda _: self.cancel()))
        self.bar = _classed(w.IntProgress(value=0, min=0, max=1), "rb-lab-bar")
        self.bar_text = _classed(w.HTML(), "rb-lab-progress")
        self.error_box = _classed(w.HTML(), "rb-error", "rb-lab-error")
        self.results = _classed(w.HTML(), "rb-lab-results")
        form = _classed(
            w.VBox([
                self.game, self.seats, self.seats_hint, self.options_a, self.options_b, self.options_hint,
                _classed(w.HBox([self.n_games, self.seed, self.iterations]), "rb-lab-numbers"), self.rotate,
                _classed(w.HBox([self.run_button, self.skill_button, self.cancel_button]), "rb-lab-buttons"),
                self.bar, self.bar_text, self.error_box,
            ]),
            "rb-lab-form",
        )
        self.page_link = PageLink()
        self.page_link.on_msg(self._on_beat)
        self.language = Announcer(lang=self.lang)
        """Carries the page's language to ``<html lang>`` when the switch redraws in place."""
        self.root = _classed(w.VBox([LabStyle(), self.header, self.notice, self.intro, form, self.results, self.page_link, self.language]), "rb-app", "rb-lab")

    def _on_beat(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "beat" in content:
            self.page_link.pong += 1

    def _guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except RulebookError as error:
                self.error, self.error_key = error, ""
                self._draw_error()
            except Exception:
                ident = error_id()
                log_error("the lab page", ident)
                self.error, self.error_key = None, ident
                self._draw_error()
            return None

        return run

    # ----- drawing -------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.language.lang = lang
        self.page_link.query = f"game={self.game.value}&lang={lang}"
        self.draw()

    def _game_changed(self) -> None:
        self.seats.value = default_seats(self.game.value)
        self.options_a.value = self.options_b.value = ""
        self.result = self.result_b = None
        self.skill = None
        self.page_link.query = f"game={self.game.value}&lang={self.lang}"
        self.draw()

    def draw(self) -> None:
        lang = self.lang
        e = html.escape
        self.title.value = e(_w("title", lang))
        self.lang_button.description = t("lang_switch", lang)
        notices = "".join(f"<div>{e(ja if lang == 'ja' else en)}</div>" for ja, en in self.notices)
        self.notice.value = f'<div class="rb-notice-box">{notices}</div>' if notices else ""
        self.intro.value = f"<p>{e(_w('intro', lang))}</p>"
        game = get_game(self.game.value)
        self.game.description = _w("game", lang)
        self.seats.description = _w("seats", lang)
        self.seats_hint.value = e(_w("seats_hint", lang, kinds=", ".join(game.bot_kinds())))
        self.options_a.description = _w("options", lang)
        self.options_b.description = _w("options_b", lang)
        defaults = game.default_options()
        names = ", ".join(f"{k}={v}" for k, v in defaults.items()) or "—"
        self.options_hint.value = e(_w("options_hint", lang, names=names))
        self.n_games.description = _w("games", lang)
        self.seed.description = _w("seed", lang)
        self.iterations.description = _w("iterations", lang)
        self.rotate.description = _w("rotate", lang)
        self.run_button.description = _w("run", lang)
        self.skill_button.description = _w("skill", lang)
        self.cancel_button.description = _w("cancel", lang)
        self._draw_error()
        self.draw_results()

    def _draw_error(self) -> None:
        if self.error is not None:
            self.error_box.value = f'<div class="rb-error-box">{html.escape(self.error.message(self.lang))}</div>'
        elif self.error_key:
            self.error_box.value = f'<div class="rb-error-box">{html.escape(_w("failed", self.lang, id=self.error_key))}</div>'
        else:
            self.error_box.value = ""
        hide(self.error_box, not self.error_box.value)

    def show_progress(self, p: Progress) -> None:
        self.bar.max = max(1, p.total)
        self.bar.value = p.done
        self.bar_text.value = html.escape(_w("progress", self.lang, done=p.done, total=p.total, rate=p.rate, left=_duration(p.remaining, self.lang)))

    # ----- running ---------------------------------------------------------------------------
    def _spec(self, options_text: str, games: int | None = None, seats: str | None = None, rotate: bool | None = None) -> SimSpec:
        name = self.game.value
        n = self.n_games.value if games is None else games
        if n > PAGE_MAX_GAMES:
            raise LabError("lab", *(WORDS["page_cap"][k].format(cap=PAGE_MAX_GAMES) for k in (0, 1)))
        options = parse_option_texts(name, options_lines(options_text))
        return make_spec(name, n, self.seats.value if seats is None else seats, options, seed=self.seed.value.strip() or "0",
                         iterations=self.iterations.value, rotate=self.rotate.value if rotate is None else rotate, max_games=PAGE_MAX_GAMES)

    def plan(self, kind: str) -> list[tuple[str, SimSpec]]:
        """The runs a button asks for, all checked before any runs (``LabError`` otherwise)."""
        if kind == "skill":
            game = get_game(self.game.value)
            strongest = next(iter(game.all_bots()))
            base = self._spec(self.options_a.value)
            n = len(base.seats)
            if n < 2:
                raise LabError("lab", "腕と運は 2 人以上のゲームで測ります。", "Skill against luck needs a game of two seats or more.")
            vs_random = self._spec(self.options_a.value, seats=",".join([strongest] + ["random"] * (n - 1)), rotate=True)
            mirror = self._spec(self.options_a.value, seats=",".join([strongest] * n), rotate=False)
            return [("vs_random", vs_random), ("mirror", mirror)]
        plan = [("a", self._spec(self.options_a.value))]
        if options_lines(self.options_b.value):
            plan.append(("b", self._spec(self.options_b.value)))
        return plan

    def start(self, kind: str) -> None:
        """Check the form, then play in a thread (the page keeps answering: Cancel works)."""
        if self.thread is not None and self.thread.is_alive():
            self.error, self.error_key = LabError("lab", WORDS["busy"][0], WORDS["busy"][1]), ""
            self._draw_error()
            return
        self.error, self.error_key = None, ""
        self._draw_error()
        plan = self.plan(kind)
        self.cancel_event = threading.Event()
        self._set_running(True)
        self.thread = threading.Thread(target=self._guard(lambda: self.run_plan(kind, plan)), daemon=True, name="rulebook-lab")
        self.thread.start()

    def run_now(self, kind: str) -> None:
        """``start`` without the thread (tests and scripts)."""
        self.error, self.error_key = None, ""
        self.cancel_event = threading.Event()
        self.run_plan(kind, self.plan(kind))

    def cancel(self) -> None:
        self.cancel_event.set()

    def _set_running(self, running: bool) -> None:
        self.run_button.disabled = self.skill_button.disabled = running
        self.cancel_button.disabled = not running

    def run_plan(self, kind: str, plan: list[tuple[str, SimSpec]]) -> None:
        last = [0.0]

        def progress(p: Progress) -> None:
            now = time.monotonic()
            if p.done >= p.total or now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                self.show_progress(p)

        try:
            results: dict[str, RunResult] = {}
            for name, spec in plan:
                if self.cancel_event.is_set():
                    break
                self.show_progress(Progress(0, spec.games, 0.0))
                results[name] = simulate(spec, workers=0, progress=progress, cancel=self.cancel_event)
            if kind == "skill":
                if "vs_random" in results and "mirror" in results:
                    self.skill = (results["vs_random"], results["mirror"], plan[0][1].seats[0])
                self.result = results.get("vs_random", self.result)
                self.result_b = None
            else:
                self.result, self.result_b = results.get("a"), results.get("b")
                self.skill = None
            self.runs += 1
            self.draw_results()
        finally:
            self._set_running(False)

    # ----- results ---------------------------------------------------------------------------
    def draw_results(self) -> None:
        lang = self.lang
        if self.result is None:
            self.results.value = f'<p class="rb-lab-empty">{html.escape(_w("no_games", lang))}</p>'
            return
        self.results.value = results_html(self.result, self.result_b, self.skill, lang, self.runs)


def make_lab_page(params: Mapping[str, str]) -> LabPage:
    """The page from its URL query (``?game=``, ``?lang=``); an unknown game is said and the default shown."""
    notices: list[tuple[str, str]] = []
    lang = page_lang(params, notices)
    game = params.get("game", "")
    if game and game not in all_games():
        notices.append((f"「{game[:30]}」というゲームはありません。", f"There is no game '{game[:30]}'."))
    return LabPage(lang, game, notices)


def show_lab_page() -> LabPage | None:
    try:
        page = make_lab_page(query_params())
    except Exception:
        ident = error_id()
        log_error("building the lab page", ident)
        display(failed_page(ident))
        return None
    display(page.root)
    return page
