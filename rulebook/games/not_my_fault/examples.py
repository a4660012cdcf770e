"""Not My Fault!'s worked examples (see ``rulebook.core.examples``), for both versions: the engine plays them.

A block describes one round from its first card, Seat 1 opening and the
seats following in turn:

- ``players``: how many seats;
- ``cards``: the cards laid face down, in the order laid (ver.2.0: drawn
  from the deck; #41: laid from the hand);
- ``claims``: what each of those players declared after laying their card;
- ``before`` (optional): red cards / reprimands each seat already holds
  from earlier rounds (Seat 1 first);
- ``hand`` (optional, #41): the cards left in the hand of the seat that
  moves next (the auditor), shown in the picture.

The example plays those moves with the engine (ver.2.0: ``draw``, the card,
``declare``; #41: ``place``, ``declare``) from a position built as an engine
state, so an illegal declaration is refused by the engine's own check. In
#41 the cards of the other hands are not part of the example: every seat
starts the round with as many cards as the auditor did (7 unless ``hand``
says otherwise), the other hands are filled with the commonest cards left,
the set-aside cards are the ones never dealt and the rest lie in the
discards from the earlier rounds.

Kinds:

- ``audit``: the next seat audits → figures ``auditor``, ``claim``,
  ``total`` (the cards turned up), ``penalty_to`` (the seat that takes the
  red card / reprimand), ``after`` (every seat's red cards / reprimands
  after the audit), then ``starts`` (who opens the next round) or, when the
  game is over, ``loses`` and ``winners``. Seats count from 1.
- ``completion`` (ver.2.0): the last claim is 30, which turns the cards up at
  once → ``claim``, ``total``, and ``winner`` (a success) or ``penalty_to``,
  ``after`` and ``starts`` (a failure).
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.examples import ExampleError, ExampleKind, numbers

from .actions import AUDIT, DRAW, Card, Declare, First, Place
from .game import TURN, NotMyFault, State

INPUTS = ("players", "cards", "claims")
OPTIONAL = ("before", "hand")


def _count(game: NotMyFault, values: list[int], name: str) -> list[int]:
    """Counts per card value (the variant's order), or ``ExampleError`` for a value the deck has not."""
    v = game.variant
    counts = [0] * len(v.values)
    for x in values:
        if x not in v.index:
            raise ExampleError(f"{name}: there is no card {x} ({', '.join(map(str, v.values))})")
        counts[v.index[x]] += 1
    return counts


def _take(pool: list[int], how_many: int) -> list[int]:
    """``how_many`` cards from ``pool`` (counts), the commonest value first (the lower on a tie)."""
    out = [0] * len(pool)
    for _ in range(how_many):
        k = max(range(len(pool)), key=lambda i: (pool[i], -i))
        if not pool[k]:
            raise ExampleError("the deck has not enough cards for these hands")
        pool[k] -= 1
        out[k] += 1
    return out


def _opening(game: NotMyFault, fields: Mapping[str, str], n: int, cards: list[int], before: tuple[int, ...]) -> State:
    """The table as the round starts, Seat 1 to open, as an engine state."""
    v = game.variant
    state = game.initial_state({"players": n})
    if v.draws:
        if fields.get("hand", "").strip():
            raise ExampleError("hand: ver.2.0 has no hands (each card is drawn from the deck)")
        return game.apply(state, First(0))._replace(marks=before, round=1 + sum(before))
    auditor = len(cards) % n
    laid = [_count(game, cards[s::n], "cards") for s in range(n)]
    hand = _count(game, numbers(fields["hand"], "hand"), "hand") if fields.get("hand", "").strip() else None
    size = sum(laid[auditor]) + sum(hand) if hand is not None else v.hand_size
    if size > v.hand_size:
        raise ExampleError(f"hand: a hand holds at most {v.hand_size} cards")
    pool = list(v.copies)
    fixed = [list(laid[s]) for s in range(n)]
    if hand is not None:
        fixed[auditor] = [a + b for a, b in zip(fixed[auditor], hand)]
    for counts in fixed:
        if sum(counts) > size:
            raise ExampleError(f"cards: a seat lays more cards than the {size} it holds")
        pool = [p - c for p, c in zip(pool, counts)]
    if min(pool) < 0:
        raise ExampleError("cards: more cards of one value than the deck holds")
    hands = [tuple(a + b for a, b in zip(counts, _take(pool, size - sum(counts)))) for counts in fixed]
    set_aside = tuple(_take(pool, v.deck_size - v.hand_size * n))
    return state._replace(
        phase=TURN, turn=0, starter=0, hands=tuple(hands), deck=set_aside, discard=tuple(pool), marks=before, round=1 + sum(before)
    )


def play_round(game: NotMyFault, fields: Mapping[str, str]) -> State:
    """The round of the example played with the engine, up to its last declaration."""
    v = game.variant
    (n,) = numbers(fields["players"], "players") or [0]
    if not v.min_players <= n <= v.max_players:
        raise ExampleError(f"players: {v.min_players} to {v.max_players}, not {n}")
    cards, claims = numbers(fields["cards"], "cards"), numbers(fields["claims"], "claims")
    if not cards or len(cards) != len(claims):
        raise ExampleError("cards and claims: one declaration for each card laid")
    before = tuple(numbers(fields.get("before", ""), "before")) or (0,) * n
    if len(before) != n or not all(0 <= b < v.penalty_limit for b in before):
        raise ExampleError(f"before: one count per seat, each below {v.penalty_limit}")
    state = _opening(game, fields, n, cards, before)
    for card, claim in zip(cards, claims):
        if state.last is not None:
            raise ExampleError("the round is already over before the last card")
        if v.draws:
            state = game.apply(game.apply(state, DRAW), Card(card))
        else:
            state = game.apply(state, Place(card))
        state = game.apply(state, Declare(claim))
    return state


def _after_round(game: NotMyFault, after: State) -> dict[str, Any]:
    """What the end of a round decides: the seat penalised, everyone's count, and who opens next or who won."""
    last = after.last
    assert last is not None
    out: dict[str, Any] = {"claim": last.claim, "total": last.total}
    if last.loser >= 0:
        out["penalty_to"] = last.loser + 1
        out["after"] = list(after.marks)
    outcome = game.outcome(after)
    if outcome is None:
        out["starts"] = (after.turn if after.phase == TURN else after.starter) + 1
    elif outcome.reason == "completion":
        out["winner"] = outcome.winners[0] + 1
    else:
        out["loses"] = after.result.seat + 1  # type: ignore[union-attr]
        out["winners"] = [s + 1 for s in outcome.winners]
    return out


def audited(game: NotMyFault, state: State) -> State:
    """The state after the next seat audits (the engine's own audit)."""
    return game.apply(state, AUDIT)


def make_kinds(game: NotMyFault) -> dict[str, ExampleKind]:
    """The example kinds of one version (``game`` plays them)."""

    def audit_position(fields: Mapping[str, str]) -> State:
        state = play_round(game, fields)
        if state.last is not None:
            raise ExampleError("the last declaration ended the round: there is nothing left to audit")
        return state

    def audit_figures(fields: Mapping[str, str]) -> dict[str, Any]:
        state = audit_position(fields)
        return {"auditor": state.turn + 1, **_after_round(game, audited(game, state))}

    def completion_position(fields: Mapping[str, str]) -> State:
        state = play_round(game, fields)
        if state.last is None or state.last.kind != "completion":
            raise ExampleError(f"claims: the last declaration must be {game.variant.top}, a completion")
        return state

    def completion_figures(fields: Mapping[str, str]) -> dict[str, Any]:
        return _after_round(game, completion_position(fields))

    kinds = {"audit": ExampleKind(INPUTS + OPTIONAL, audit_figures, optional=OPTIONAL, position=audit_position)}
    if game.variant.completion:
        kinds["completion"] = ExampleKind(INPUTS + OPTIONAL, completion_figures, optional=OPTIONAL, position=completion_position)
    return kinds


KINDS = make_kinds(NotMyFault())
