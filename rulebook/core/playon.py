"""A lesson's position as an ordinary game ("Play on from here", issue 19 A).

A lesson is played on a table-mode match with every seat a person: the
script enters its dice and cards and plays the other seats. Playing on from
there must not stay in table mode (nobody at a café table is rolling real
dice for a lesson) nor make the script's seats people: the game that follows
has the page's own seats (bots stay bots) and a new secret seed that draws
every chance outcome after the script's. ``Match.entered`` records how many
outcomes the script entered, so the table replays from the store and a
save file replays exactly.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .errors import RulebookError
from .match import HUMAN, Match, fresh_seed


def play_on_match(lesson: Match, seats: Sequence[str], options: Mapping[str, Any] | None = None) -> Match:
    """``lesson``'s moves replayed as a digital game with ``seats`` and a fresh secret seed.

    ``options``: the set-up to play on with (a game whose table mode is an
    option, such as Dice of Tower's ``mode``, gets its digital one); when the
    script's moves do not replay under them (a table-only entry was used),
    the lesson's own options are kept. Raises ``BadOption`` for bad seats.
    """
    entered = lesson.chance_index()
    tries = [dict(options)] if options is not None and dict(options) != dict(lesson.options) else []
    tries.append(dict(lesson.options))
    last: RulebookError | None = None
    for opts in tries:
        match = Match.new(lesson.game, opts, seed=fresh_seed(), table=False, seats=seats, entered=entered)
        try:
            match.extend(lesson.steps)
        except RulebookError as error:
            last = error
            continue
        return match
    assert last is not None
    raise last


def play_on_seats(before: Sequence[str] | None, default: Sequence[str]) -> list[str]:
    """The seats of the game after a lesson: the page's seats from before it when they fit, else ``default``.

    They fit when there are as many as the lesson has and the first (the
    learner's, who always plays seat 1 in a lesson) is a person.
    """
    if before is not None and len(before) == len(default) and before and before[0] == HUMAN:
        return list(before)
    return list(default)


__all__ = ["play_on_match", "play_on_seats"]
