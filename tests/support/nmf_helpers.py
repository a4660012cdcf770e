"""Helpers for the Not My Fault! tests (both versions): scripted games and random reachable states."""

from __future__ import annotations

import random
from typing import Iterable

from rulebook.core import CHANCE, TERMINAL, get_game

V2 = get_game("not_my_fault")
V41 = get_game("not_my_fault_41")


def play(game, players: int, script: Iterable[str]):
    """The state after a scripted game: every move and chance outcome written as text
    (``first 0``, ``draw``, ``card 5``, ``declare 8``, ``place 4``, ``audit``)."""
    state = game.initial_state({"players": players})
    for text in script:
        state = game.apply(state, game.parse_action(text))
    return state


def deal41(players: int, hands: list[list[int]], first: int = 0) -> list[str]:
    """The script of a #41 deal: ``first`` starts, then each seat's hand card by card."""
    script = [f"first {first}"]
    for hand in hands:
        script += [f"card {x}" for x in hand]
    return script


def random_states(game, players: int, seed: int, games: int = 3, policy=None):
    """Every state of ``games`` random games (chance by its probabilities; moves at random)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = game.initial_state({"players": players})
        out.append(state)
        while game.current_player(state) != TERMINAL:
            if game.current_player(state) == CHANCE:
                outcomes = game.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            elif policy is not None:
                action = policy(state, rng)
            else:
                action = rng.choice(game.legal_actions(state))
            state = game.apply(state, action)
            out.append(state)
    return out


def conserved(game, state) -> list[int]:
    """Cards per value over deck + discards + hands + face-down cards (must equal the deck list)."""
    v = game.variant
    total = [a + b for a, b in zip(state.deck, state.discard)]
    for hand in state.hands:
        total = [a + b for a, b in zip(total, hand)]
    for card in state.table:
        total[v.index[card.value]] += 1
    return total
