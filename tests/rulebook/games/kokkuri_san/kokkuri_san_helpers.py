"""Helpers for the Kokkuri-san tests: a test card file, scripted games, states built by hand."""

from __future__ import annotations

import copy
import json
import random

from rulebook.core import CHANCE, TERMINAL
from rulebook.games.kokkuri_san import KOKKURI_SAN as GAME
from rulebook.games.kokkuri_san.cards import standin_text
from rulebook.games.kokkuri_san.state import TURN, Played, State


def standin_data() -> dict:
    """A fresh copy of the stand-in file as parsed JSON (tests mutate it)."""
    return json.loads(standin_text())


def make_cards(effects: list | None = None, points: list | None = None) -> dict:
    """A card file of 4 kinds (A, B, C, D) whose round cards carry ``effects[k]`` and ``points[k]`` in every round."""
    effects = effects or [None, None, None, None]
    points = points or [[6, 3], [5, 2], [4, 1], [3, 0]]
    return {
        "format": "kokkuri_san/cards",
        "version": 1,
        "stand_in": False,
        "play_cards": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, "x-1"],
        "candidates": [
            {"id": name, "name_ja": name, "name_en": name, "rounds": [{"points": list(points[k]), "effect": effects[k]} for _ in range(3)]}
            for k, name in enumerate("ABCD")
        ],
    }


def play(options: dict, script: list[str]) -> State:
    state = GAME.initial_state(options)
    for text in script:
        state = GAME.apply(state, GAME.parse_action(text))
    return state


def opening(players: int, hands: list[list[str]], first: int = 0, order: str = "0 1 2 3") -> list[str]:
    """The script of a set-up: the row, the start player, then each seat's 3 cards."""
    script = [f"order {order}", f"first {first}"]
    for hand in hands:
        script += [f"card {c}" for c in hand]
    return script


def board_state(cards: dict, players: int, board: list[list[tuple[int, str]]], *, last: int, scores=None, round=1, starter=None, settled=0):
    """A round's last play about to be made, and that play: ``(state, action)``.

    ``board`` lists, per position, every (seat, card) of the round in the order
    played, including the last play, which is the last entry of position
    ``last``: it is taken back into its seat's hand and returned as a
    face-down ``Play``. Tokens follow the cards. Hands and decks hold each
    seat's remaining cards, so the state looks reachable.
    """
    from rulebook.games.kokkuri_san.actions import CARD, Play

    start = GAME.initial_state({"players": players, "cards": cards})
    k = len(start.cards.candidates)
    columns = [list(column) for column in board] + [[] for _ in range(k - len(board))]
    seat, card = columns[last].pop()
    action = Play(last, CARD.read(card), False)
    rows = tuple(tuple(Played(s, CARD.read(c), False) for s, c in column) for column in columns)
    toks = tuple(tuple(s for s, _ in column) for column in columns)
    hands, decks = [], []
    for s in range(players):
        remaining = list(start.cards.deck)
        for column in rows:
            for p in column:
                if p.seat == s:
                    remaining[p.card] -= 1
        hand = [0] * 12
        if s == seat:
            hand[action.card] += 1
            remaining[action.card] -= 1
        pool = [c for c, n in enumerate(remaining) for _ in range(n)]
        while sum(hand) < 3:
            hand[pool.pop(0)] += 1
        deck = [0] * 12
        for c in pool:
            deck[c] += 1
        assert min(remaining) >= 0
        hands.append(tuple(hand))
        decks.append(tuple(deck))
    placed = sum(len(t) for t in toks)
    state = start._replace(
        phase=TURN,
        order=tuple(range(k)),
        tokens=toks,
        board=rows,
        hands=tuple(hands),
        decks=tuple(decks),
        turns=placed,
        turn=seat,
        starter=(seat - placed) % players if starter is None else starter,
        round=round,
        settled=settled,
        scores=tuple(scores or (0,) * players),
    )
    return state, action


def random_states(players: int, seed: int, games: int = 1, policy=None, cards=None) -> list[State]:
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = GAME.initial_state({"players": players, "cards": cards})
        out.append(state)
        while GAME.current_player(state) != TERMINAL:
            if GAME.current_player(state) == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
            elif policy is not None:
                action = policy(state, rng)
            else:
                action = rng.choice(GAME.legal_actions(state))
            state = GAME.apply(state, action)
            out.append(state)
    return out


def conserved(state: State) -> list[list[int]]:
    """Per seat, its cards per kind over hand + deck + board + front (must equal the colour's deck)."""
    out = []
    for seat in range(state.players):
        total = [a + b + c for a, b, c in zip(state.hands[seat], state.decks[seat], state.fronts[seat])]
        for column in state.board:
            for p in column:
                if p.seat == seat:
                    total[p.card] += 1
        out.append(total)
    return out


__all__ = ["GAME", "board_state", "conserved", "copy", "opening", "play", "random_states", "standin_data", "make_cards"]
