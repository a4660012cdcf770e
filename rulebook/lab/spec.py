"""What a simulation asks for, checked before a single game runs.

A designer who mistypes an option or a bot kind should learn it at once,
with the choices named, not after ten minutes of games played with a
default. Option values are checked by the game itself
(``Game.normalize_options`` and ``initial_state``): the lab knows no rule.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from rulebook.core import BadOption, RulebookError, all_games, check_seed, get_game

MAX_GAMES = 10_000_000
"""Most games one simulation may ask for (a bound on memory: one row each)."""
DEFAULT_ITERATIONS = 48
"""Sampled worlds per decision of a search bot in the lab (no clock; see ``SimSpec.iterations``)."""
MAX_ITERATIONS = 4000


class LabError(RulebookError):
    """A simulation refused before it runs (unknown game, option, value, bot kind; too many games)."""


@dataclass(frozen=True)
class SimSpec:
    """A checked simulation: game ``i`` (0-based) is played with seed ``seed + i``.

    ``iterations``: a search bot plays each decision with exactly this many
    sampled worlds and no time budget, so a game's moves depend on its seed
    alone — not on how busy the machine is or how many workers share it —
    and a rerun (or another worker after a crash) plays the same game.
    ``rotate``: game ``i`` shifts the seat list by ``i`` places, so each
    bot kind sits in every seat equally often (a bot comparison free of
    the first-seat advantage).
    """

    game: str
    games: int
    seats: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 0
    iterations: int = DEFAULT_ITERATIONS
    rotate: bool = False

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The seat kinds of game ``index``."""
        if not self.rotate:
            return self.seats
        n = len(self.seats)
        shift = index % n
        return tuple(self.seats[(k - shift) % n] for k in range(n))

    def options_json(self) -> str:
        """The options as canonical JSON (one text per option set: a column, a group key)."""
        return json.dumps(dict(self.options), sort_keys=True, ensure_ascii=False)

    def describe(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seats": list(self.seats),
            "options": dict(self.options),
            "seed": self.seed,
            "iterations": self.iterations,
            "rotate": self.rotate,
        }


def _refuse(ja: str, en: str) -> LabError:
    return LabError("lab", ja, en)


def parse_value(text: str, default: Any) -> Any:
    """An option value typed as ``k=v`` text, read as the type of the option's default.

    Why by the default's type: ``players=3`` must reach the game as the
    integer 3 (games check ``type(x) is int``), while ``sizes=LMS`` stays text.
    """
    raw = text.strip()
    if isinstance(default, bool):
        lowered = raw.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise _refuse(f"「{raw}」は真偽値ではありません（true / false）。", f"'{raw}' is not true or false.")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise _refuse(f"「{raw}」は整数ではありません。", f"'{raw}' is not a whole number.") from None
    if isinstance(default, float):
        try:
            return float(raw)
        except ValueError:
            raise _refuse(f"「{raw}」は数ではありません。", f"'{raw}' is not a number.") from None
    if isinstance(default, str):
        return raw
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def parse_option_texts(game_name: str, texts: Sequence[str]) -> dict[str, Any]:
    """``["mode=solo2", "players=1"]`` as a dict typed by the game's defaults; unknown keys refused with the choices."""
    game = _game(game_name)
    defaults = game.default_options()
    out: dict[str, Any] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key:
            raise _refuse(f"設定は「名前=値」で書いてください（「{text}」）。", f"Write an option as name=value (not '{text}').")
        if key not in defaults:
            raise _unknown_option(game.name, key, defaults)
        out[key] = parse_value(value, defaults[key])
    return out


def _unknown_option(game: str, key: str, defaults: Mapping[str, Any]) -> LabError:
    choices = ", ".join(sorted(defaults)) or "—"
    return _refuse(
        f"{game} に「{key}」という設定はありません。使える設定: {choices}",
        f"{game} has no option '{key}'. Its options: {choices}",
    )


def _game(name: str):
    try:
        return get_game(name)
    except KeyError:
        choices = ", ".join(sorted(all_games()))
        raise _refuse(f"「{name}」というゲームはありません。ゲーム: {choices}", f"There is no game '{name}'. Games: {choices}") from None


def make_spec(
    game: str,
    games: int,
    seats: Sequence[str] | str,
    options: Mapping[str, Any] | None = None,
    *,
    seed: Any = 0,
    iterations: int = DEFAULT_ITERATIONS,
    rotate: bool = False,
    max_games: int = MAX_GAMES,
) -> SimSpec:
    """A checked ``SimSpec``; raises ``LabError`` (JA + EN, naming the choices) before anything runs."""
    engine = _game(game)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise _refuse("対局数は 1 以上の整数で指定してください。", "The number of games must be a whole number, 1 or more.")
    if games > max_games:
        raise _refuse(
            f"対局数は最大 {max_games:,} です（{games:,} は多すぎます）。",
            f"At most {max_games:,} games per run ({games:,} asked).",
        )
    defaults = engine.default_options()
    for key in options or {}:
        if key not in defaults:
            raise _unknown_option(engine.name, key, defaults)
    try:
        normalized = engine.normalize_options(options or {})
        state = engine.initial_state(normalized)
    except RulebookError as error:
        raise LabError(error.rule_id, error.message_ja, error.message_en) from None
    seat_list = [s.strip() for s in seats.split(",")] if isinstance(seats, str) else [str(s).strip() for s in seats]
    kinds = engine.bot_kinds()
    for kind in seat_list:
        if kind not in kinds:
            choices = ", ".join(kinds)
            raise _refuse(
                f"{engine.name} に「{kind}」というボットはありません。ボット: {choices}",
                f"{engine.name} has no bot '{kind}'. Bots: {choices}",
            )
    n = engine.num_seats(state)
    if len(seat_list) != n:
        raise _refuse(
            f"この設定では {n} 席です（{len(seat_list)} 席分のボットが指定されました）。",
            f"These options make {n} seat(s); {len(seat_list)} bot(s) were given.",
        )
    try:
        checked_seed = check_seed(seed)
    except BadOption as error:
        raise LabError(error.rule_id, error.message_ja, error.message_en) from None
    if checked_seed + games - 1 > 2**63 - 1:
        raise _refuse("シード値が大きすぎます。", "The seed is too large for that many games.")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
        raise _refuse(
            f"探索ボットの試行回数は 1〜{MAX_ITERATIONS} です。",
            f"Search iterations must be from 1 to {MAX_ITERATIONS}.",
        )
    return SimSpec(engine.name, games, tuple(seat_list), normalized, checked_seed, iterations, bool(rotate))
