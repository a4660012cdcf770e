"""``sample_state``: deal the cards a seat cannot see, consistently with what it saw.

The unseen cards (the game's deck minus the seat's hand and discard and
every card played face up this round) go at random to the other hands
(their sizes are public), the other seats' face-down discards, the
face-down leftovers and the cards still to be dealt. What the table has
*shown* is respected too: a seat that did not follow a led suit with a
non-Coin card holds none of that suit, and a seat that paid the Coin-only
penalty held nothing but Coins. Such a constraint is met by retrying random
deals and, if they keep failing, by a matching built in a random order, so
a sample always exists (the real deal is one).
"""

from __future__ import annotations

from typing import Any, Mapping

from .cards import CARD_IDS, COIN, SUIT, deck
from .observe import public_state
from .state import NO_CARD, Penalty, State, Trick

ALL_BUT_COINS = frozenset(range(COIN))
_CACHE: dict[int, tuple[Mapping[str, Any], dict[str, Any]]] = {}


def _voids(
    n: int, tricks: tuple[Trick, ...], trick: tuple[int, ...], leader: int, penalties: tuple[Penalty, ...]
) -> list[frozenset[int]]:
    """Suits each seat is known not to hold now (shown by failing to follow, or by the Coin-only penalty)."""
    void: list[set[int]] = [set() for _ in range(n)]
    plays = [(t.leader, t.cards) for t in tricks]
    if trick:
        plays.append((leader, trick))
    for lead, cards in plays:
        led = SUIT[cards[0]]
        for i in range(1, len(cards)):
            s = SUIT[cards[i]]
            if s != led and s != COIN:
                void[(lead + i) % n].add(led)
    for penalty in penalties:
        void[penalty.seat] |= ALL_BUT_COINS
    return [frozenset(v) for v in void]


def _template(obs: Mapping[str, Any], seat: int) -> dict[str, Any]:
    public = public_state(obs)
    n = obs["players"]
    me = seat if isinstance(seat, int) and 0 <= seat < n else None
    mine = tuple(sorted(CARD_IDS[c] for c in obs["hand"])) if me is not None and obs["hand"] is not None else ()
    my_discard = CARD_IDS[obs["my_discard"]] if me is not None and obs["my_discard"] else NO_CARD
    seen = set(mine) | set(public["trick"]) | {c for t in public["tricks"] for c in t.cards}
    if my_discard != NO_CARD:
        seen.add(my_discard)
    unknown = [c for c in deck(n) if c not in seen]
    others = [q for q in range(n) if q != me]
    sizes = {q: obs["hand_sizes"][q] for q in others}
    discarders = [q for q in others if obs["discarded"][q]]
    voids = _voids(n, public["tricks"], public["trick"], public["leader"], public["penalties"])
    constrained = sorted((q for q in others if voids[q] and sizes[q]), key=lambda q: -len(voids[q]))
    free = [q for q in others if q not in constrained]
    need = sum(sizes.values()) + len(discarders) + obs["leftover"] + obs["stock"]
    if need != len(unknown):
        raise ValueError(f"the observation does not add up: {need} unseen places for {len(unknown)} unseen cards")
    return {
        "public": public,
        "me": me,
        "mine": mine,
        "my_discard": my_discard,
        "unknown": unknown,
        "sizes": sizes,
        "discarders": discarders,
        "voids": voids,
        "constrained": constrained,
        "free": free,
        "leftover": obs["leftover"],
        "stock": obs["stock"],
        "n": n,
    }


def _cached(obs: Mapping[str, Any], seat: int) -> dict[str, Any]:
    key = id(obs)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is obs and hit[1]["seat"] == seat:
        return hit[1]
    template = _template(obs, seat)
    template["seat"] = seat
    if len(_CACHE) >= 4:
        _CACHE.clear()
    _CACHE[key] = (obs, template)  # holds obs, so its id is not reused while cached
    return template


def _greedy(t: dict[str, Any], cards: list[int]) -> dict[int, list[int]] | None:
    """Constrained hands first, each taking the first allowed cards of a shuffled list."""
    hands: dict[int, list[int]] = {}
    rest = cards
    for q in t["constrained"]:
        void = t["voids"][q]
        take, keep = [], []
        want = t["sizes"][q]
        for c in rest:
            if len(take) < want and SUIT[c] not in void:
                take.append(c)
            else:
                keep.append(c)
        if len(take) < want:
            return None
        hands[q] = take
        rest = keep
    hands[-1] = rest
    return hands


def _matching(t: dict[str, Any], cards: list[int]) -> dict[int, list[int]]:
    """Kuhn's augmenting paths: constrained hand places ↔ allowed cards, in the shuffled order."""
    places = [q for q in t["constrained"] for _ in range(t["sizes"][q])]
    owner: dict[int, int] = {}  # card -> place index

    def augment(p: int, seen: set[int]) -> bool:
        void = t["voids"][places[p]]
        for c in cards:
            if c in seen or SUIT[c] in void:
                continue
            seen.add(c)
            if c not in owner or augment(owner[c], seen):
                owner[c] = p
                return True
        return False

    for p in range(len(places)):
        if not augment(p, set()):
            raise ValueError("no deal of the unseen cards agrees with the observation")
    hands: dict[int, list[int]] = {q: [] for q in t["constrained"]}
    for c, p in owner.items():
        hands[places[p]].append(c)
    hands[-1] = [c for c in cards if c not in owner]
    return hands


def sample_state(obs: Mapping[str, Any], seat: int, rng: Any) -> State:
    t = _cached(obs, seat)
    unknown = t["unknown"]
    order = rng.permutation(len(unknown)) if unknown else []
    cards = [unknown[i] for i in order]
    if t["constrained"]:
        split = None
        for _ in range(12):
            split = _greedy(t, cards)
            if split is not None:
                break
            order = rng.permutation(len(unknown))
            cards = [unknown[i] for i in order]
        if split is None:
            split = _matching(t, cards)
        rest = split.pop(-1)
    else:
        split, rest = {}, cards
    n = t["n"]
    hands: list[tuple[int, ...]] = [()] * n
    k = 0
    for q in t["free"]:
        size = t["sizes"][q]
        hands[q] = tuple(sorted(rest[k : k + size]))
        k += size
    for q, got in split.items():
        hands[q] = tuple(sorted(got))
    discards = [NO_CARD] * n
    for q in t["discarders"]:
        discards[q] = rest[k]
        k += 1
    me = t["me"]
    if me is not None:
        hands[me] = t["mine"]
        discards[me] = t["my_discard"]
    leftover = tuple(sorted(rest[k : k + t["leftover"]]))
    k += t["leftover"]
    stock = tuple(sorted(rest[k : k + t["stock"]]))
    return State(hands=tuple(hands), stock=stock, leftover=leftover, discards=tuple(discards), **t["public"])


__all__ = ["sample_state"]
