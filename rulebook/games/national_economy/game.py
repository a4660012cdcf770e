"""The National Economy engine: 2–4 players, solo rule 1 and solo rule 案2.

Workers are placed one a turn on public or own buildings, each effect
resolved at once (discards to pay, draws as chance events, builds); after
the last worker, wages are paid into the household (selling buildings by
the excess-sale rule, ``sales.legal_sales``), hands are trimmed, and the
next round card's workplace joins the public area. Nine rounds.

Rule ids (the sections of ``rules.{ja,en}.md``) raised by ``check``: setup,
round, worker, workplace-taken, private, passive, cards-short, household,
build, goods, no-effect, hire, pay, architect, excess-sale, hand-limit,
solo-block, solo-sale, end, chance; named by outcomes: score, solo-pay,
solo2; described without a refusal of their own: wages.
"""

from __future__ import annotations

from typing import Any, Mapping

from rulebook.core.errors import BadOption, IllegalAction, UnreadableAction
from rulebook.core.game import CHANCE, TERMINAL, Game, Outcome, rules_bot_kind, search_bot_kind

from .actions import Action, Build, Card, Discard, Pick, Place, Sell, parse
from .bots import RulesBot, make_search_bot
from .observation import NationalEconomyObservation
from .data import (
    CARPENTER, COPIES, FACTORY, FARM, FARMS, GOODS, HAND_LIMIT, HOUSING, INDUSTRY, KINDS_T, MINE,
    N_CARDS, PASSIVE, QUARRY, ROUND_WORKPLACE, ROUNDS, SCHOOL, SOLO2_CLEAR, SOLO_TAX, START_CARDS, START_MONEY,
    START_WORKERS, UNPAID_POINTS, WAGES, WAREHOUSE, WORKER_LIMIT, YAKUZA,
)
from .sales import legal_sales
from .state import (
    BUILD, BUILD2, DEAL, DISCARD, DRAW, MODE_NAMES, NO_PENDING, OVER, PHASE_CODES, PHASE_NAMES, PICK, PLACE,
    REVEAL, SELL, SOLO1, SOLO2, STANDARD, TRIM, Building, Pending, State, seat_en, seat_ja,
)

_ZERO = (0,) * N_CARDS
_EFFECT = tuple(dict(k.effect) for k in KINDS_T)
_COST = tuple(k.cost for k in KINDS_T)
_VALUE = tuple(k.value for k in KINDS_T)
_SELLABLE = tuple(k.sellable for k in KINDS_T)
_WORKPLACE = tuple(k.workplace for k in KINDS_T)
_ANY = tuple(k.any_number for k in KINDS_T)
_PLACES = tuple(Place(i) for i in range(200))
_DISCARDS = tuple(Discard(k) for k in range(N_CARDS))
_BUILDS = tuple(Build(k) for k in range(N_CARDS))
_PICKS = tuple(Pick(k) for k in range(N_CARDS))
_CARDS = tuple(Card(k) for k in range(N_CARDS))
_new = tuple.__new__


def _name(kind: int, lang: str) -> str:
    return KINDS_T[kind].name(lang)


def _err(rule: str, ja: str, en: str) -> IllegalAction:
    return IllegalAction(rule, ja, en)


class NationalEconomy(Game[State, Action]):
    """National Economy for 1 (two solo rule sets) to 4 players."""

    name = "national_economy"
    version = 1
    title_ja = "ナショナルエコノミー"
    title_en = "National Economy"
    hidden_information = True

    # ----- options ------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {"mode": "standard", "players": 2}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        merged = super().normalize_options(options)
        mode, players = merged["mode"], merged["players"]
        if mode not in MODE_NAMES:
            raise BadOption("setup", f"「{mode}」という遊び方はありません（standard, solo1, solo2）。", f"There is no mode '{mode}' (standard, solo1, solo2).")
        if mode != "standard" and "players" not in (options or {}):
            merged["players"] = players = 1
        if type(players) is not int:
            raise BadOption("setup", "人数は整数で指定してください。", "The number of players must be a whole number.")
        if mode == "standard" and not 2 <= players <= 4:
            raise BadOption("setup", "通常ルールは 2〜4 人で遊びます。", "The standard game is for 2 to 4 players.")
        if mode != "standard" and players != 1:
            raise BadOption("setup", "1人用ルールは 1 人で遊びます。", "The solo rules are for one player.")
        return merged

    def num_seats(self, state: State) -> int:
        return state.players

    # ----- bots -----------------------------------------------------------------------
    bots = {
        "rules": rules_bot_kind(RulesBot),
        "search": search_bot_kind(make_search_bot),
    }

    # ----- set-up ------------------------------------------------------------------------
    def initial_state(self, options: Mapping[str, Any] | None = None) -> State:
        o = self.normalize_options(options)
        mode = MODE_NAMES.index(o["mode"])
        n = o["players"]
        if mode == STANDARD:
            kinds = [QUARRY, SCHOOL, MINE] + [CARPENTER] * (n - 1)
        else:  # [choice] arrival order: 鉱山, 大工, 学校, then 工場 (案2: 農場) newest (NE-6)
            kinds = [MINE, CARPENTER, SCHOOL, FACTORY if mode == SOLO1 else FARM]
        buildings = tuple(Building(k, -1) for k in kinds)
        deck = list(COPIES)
        if mode != STANDARD:  # the solo starting building comes out of the deck
            deck[kinds[-1]] -= 1
        return State(
            mode=mode,
            players=n,
            phase=DEAL,
            round=1,
            turn=0,
            start=0,
            money=tuple(START_MONEY[:n]),
            household=0,
            tokens=(0,) * n,
            workers=(START_WORKERS,) * n,
            idle=(START_WORKERS,) * n,
            hands=(_ZERO,) * n,
            deck=tuple(deck),
            discard=_ZERO,
            removed=0,
            buildings=buildings,
            placed=((),) * len(buildings),
            pending=Pending(draws=START_CARDS),
        )

    # ----- whose move ----------------------------------------------------------------------
    def current_player(self, state: State) -> int:
        phase = state.phase
        if phase == DEAL or phase == DRAW or phase == REVEAL:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return state.turn

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        phase = state.phase
        if phase == DEAL or phase == DRAW or phase == REVEAL:
            deck = state.deck
            total = sum(deck)
            return [(_CARDS[k], c / total) for k, c in enumerate(deck) if c]
        return []

    # ----- helpers ---------------------------------------------------------------------------
    def hand_limit(self, state: State, seat: int) -> int:
        return HAND_LIMIT + 4 * self._owned_count(state, seat, WAREHOUSE)

    def worker_limit(self, state: State, seat: int) -> int:
        return WORKER_LIMIT + self._owned_count(state, seat, HOUSING)

    @staticmethod
    def _owned_count(state: State, seat: int, kind: int) -> int:
        return sum(1 for b in state.buildings if b.kind == kind and b.owner == seat)

    def wage(self, state: State) -> int:
        return WAGES[state.round - 1]

    def tax(self, state: State) -> int:
        return SOLO_TAX[state.round - 1] if state.mode == SOLO1 else 0

    def sale_value(self, state: State, kind: int) -> int:
        v = _VALUE[kind]
        return v // 2 if state.mode == SOLO2 else v

    def sellable(self, state: State, seat: int) -> list[int]:
        """Building numbers ``seat`` may sell (solo rule 1: not a kind already in the public area)."""
        out = [i for i, b in enumerate(state.buildings) if b.owner == seat and _SELLABLE[b.kind]]
        if state.mode == SOLO1:
            public = {b.kind for b in state.buildings if b.owner < 0}
            out = [i for i in out if state.buildings[i].kind not in public]
        return out

    def due(self, state: State, seat: int) -> int:
        """Wages (and solo rule 1's tax) ``seat`` owes at the end of this round."""
        return state.workers[seat] * self.wage(state) + self.tax(state)

    def sale_options(self, state: State, seat: int) -> list[tuple[int, ...]]:
        """The legal sets of building numbers to sell (NE-2; solo rule 1: one per kind, NE-8)."""
        idx = self.sellable(state, seat)
        shortfall = self.due(state, seat) - state.money[seat]
        if state.mode == SOLO1:
            return self._solo1_sale_options(state, idx, shortfall)
        values = [self.sale_value(state, state.buildings[i].kind) for i in idx]
        return [tuple(idx[j] for j in s) for s in legal_sales(shortfall, values)]

    def one_of_each_kind(self, state: State, idx: list[int]) -> tuple[int, ...]:
        """The first building (lowest number) of every kind among ``idx``: the most solo rule 1 can ever sell.

        Once one building of a kind is sold it stands in the public area, and a kind already there
        cannot be sold (「建物は1種類につき1つしか共有建物置き場に並べられない」), so a sale never holds
        two of a kind; buildings of one kind are worth the same, so which one goes does not matter.
        """
        first: dict[int, int] = {}
        for i in idx:
            first.setdefault(state.buildings[i].kind, i)
        return tuple(sorted(first.values()))

    def _solo1_sale_options(self, state: State, idx: list[int], shortfall: int) -> list[tuple[int, ...]]:
        """NE-8: the excess-sale rule over sets of one building per kind; when even one of every sellable
        kind does not cover what is owed, that set is the only sale (and the wages then end the game)."""
        if shortfall <= 0:
            return [()]
        each = self.one_of_each_kind(state, idx)
        if sum(self.sale_value(state, state.buildings[i].kind) for i in each) < shortfall:
            return [each]
        values = [self.sale_value(state, state.buildings[i].kind) for i in idx]
        kinds = state.buildings
        sets = [tuple(idx[j] for j in s) for s in legal_sales(shortfall, values)]
        # one of every kind covers it, so a set of one per kind that is not too much exists (drop any
        # building from a covering set while it still covers): the list is never empty
        return [s for s in sets if len({kinds[i].kind for i in s}) == len(s)]

    def _hire_target(self, state: State, seat: int, kind: int) -> int:
        eff = _EFFECT[kind]
        limit = self.worker_limit(state, seat)
        if "hire_to" in eff:
            return min(eff["hire_to"], limit)
        return min(state.workers[seat] + eff["hire"], limit)

    def _buildable(self, state: State, seat: int, mode: str) -> list[int]:
        """Card kinds in hand that may be built with this build mode (first card of a twin)."""
        hand = state.hands[seat]
        size = sum(hand)
        out = []
        for k in range(1, N_CARDS):
            c = hand[k]
            if not c:
                continue
            cost = _COST[k]
            if mode == "normal":
                ok = size - 1 >= cost
            elif mode == "discount":
                ok = size - 1 >= max(cost - 1, 0)
            elif mode == "farm_free":
                ok = k in FARMS
            else:  # twin
                ok = size - 2 >= cost and (c >= 2 or any(hand[j] and _COST[j] == cost for j in range(1, N_CARDS) if j != k))
            if ok:
                out.append(k)
        return out

    def _any_number(self, state: State, kind: int) -> bool:
        a = _ANY[kind]
        return a == "always" or (a == "3+" and state.players >= 3)

    def _place_problem(self, state: State, i: int) -> str | None:
        """Why a worker may not go to building ``i`` now (a code), or None."""
        seat = state.turn
        if not 0 <= i < len(state.buildings):
            return "missing"
        b = state.buildings[i]
        kind = b.kind
        if b.owner >= 0 and b.owner != seat:
            return "private"
        if not _WORKPLACE[kind]:
            return "passive"
        if i in state.blocked:
            return "blocked"
        if state.placed[i] and not self._any_number(state, kind):
            return "taken"
        eff = _EFFECT[kind]
        hand = state.hands[seat]
        need = eff.get("discard", 0)
        if need and sum(hand) < need:
            return "cards"
        if "gain" in eff and state.household < eff["gain"]:
            return "household"
        if "build" in eff and not self._buildable(state, seat, eff["build"]):
            return "build"
        if ("hire" in eff or "hire_to" in eff) and self._hire_target(state, seat, kind) <= state.workers[seat]:
            return "hire"
        if "goods_to" in eff and sum(hand) >= eff["goods_to"]:
            return "no-effect"
        if "reveal" in eff and not (sum(state.deck) or sum(state.discard)):
            return "no-effect"
        return None

    # ----- legal moves ----------------------------------------------------------------------
    def legal_actions(self, state: State) -> list[Action]:
        phase = state.phase
        if phase == PLACE:
            problem = self._place_problem
            return [_PLACES[i] for i in range(len(state.buildings)) if problem(state, i) is None]
        if phase == DISCARD or phase == TRIM:
            hand = state.hands[state.turn]
            return [_DISCARDS[k] for k in range(N_CARDS) if hand[k]]
        if phase == BUILD:
            return [_BUILDS[k] for k in self._buildable(state, state.turn, state.pending.build)]
        if phase == BUILD2:
            hand = state.hands[state.turn]
            cost = state.pending.cost
            return [_BUILDS[k] for k in range(1, N_CARDS) if hand[k] and _COST[k] == cost]
        if phase == PICK:
            return [_PICKS[k] for k in sorted(set(state.revealed))]
        if phase == SELL:
            return [Sell(s) for s in self.sale_options(state, state.turn)]
        if phase == OVER:
            return []
        return [a for a, _ in self.chance_outcomes(state)]

    # ----- validation ------------------------------------------------------------------------
    def check(self, state: State, action: Action) -> None:
        phase = state.phase
        if phase == OVER:
            raise _err("end", "ゲームは終わっています。", "The game is over.")
        if not isinstance(action, (Place, Discard, Build, Pick, Sell, Card)):
            raise UnreadableAction("actions", f"「{action}」はこのゲームの行動ではありません。", f"'{action}' is not a move of this game.")
        if phase == DEAL or phase == DRAW or phase == REVEAL:
            if type(action) is not Card:
                raise _err("chance", f"いまは山札からカードを引いているところです（「{action}」はまだできません）。", f"A card is being drawn from the deck; '{action}' must wait.")
            if not state.deck[action.kind]:
                raise _err("chance", f"山札に「{_name(action.kind, 'ja')}」は残っていません。", f"No {_name(action.kind, 'en')} can be left in the deck.")
            return
        if type(action) is Card:
            raise _err("chance", f"「{action}」は山札から引かれるカードで、手番の行動ではありません。", f"'{action}' is a card drawn by chance, not a player's move.")
        seat = state.turn
        who_ja, who_en = seat_ja(seat), seat_en(seat)
        expected = {
            PLACE: ("round", "労働者を 1 人職場に置く番です（place）。", "It is time to place a worker (place)."),
            DISCARD: ("pay", f"あと {state.pending.need} 枚の手札を捨てて支払います（discard）。", f"Discard {state.pending.need} more card(s) to pay (discard)."),
            BUILD: ("build", "建てる建物カードを手札から選びます（build）。", "Choose the building card to build (build)."),
            BUILD2: ("build", "同じコストの 2 つ目の建物カードを選びます（build）。", "Choose the second building card, of the same cost (build)."),
            PICK: ("architect", "めくったカードから 1 枚を選んで手札に加えます（pick）。", "Keep one of the revealed cards (pick)."),
            SELL: ("excess-sale", "給料を払うために売る建物を選びます（sell）。", "Choose the buildings to sell to pay wages (sell)."),
            TRIM: ("hand-limit", "手札が上限を超えています。1 枚ずつ捨てます（discard）。", "Your hand is over its limit: discard one card at a time (discard)."),
        }[phase]
        wanted = {PLACE: Place, DISCARD: Discard, BUILD: Build, BUILD2: Build, PICK: Pick, SELL: Sell, TRIM: Discard}[phase]
        if type(action) is not wanted:
            raise _err(expected[0], f"{who_ja}: " + expected[1], f"{who_en}: " + expected[2])
        if phase == PLACE:
            self._check_place(state, action.building)  # type: ignore[union-attr]
        elif phase == DISCARD or phase == TRIM:
            if not state.hands[seat][action.kind]:  # type: ignore[union-attr]
                rule = "pay" if phase == DISCARD else "hand-limit"
                raise _err(rule, f"{who_ja} の手札に「{_name(action.kind, 'ja')}」はありません。", f"{who_en} holds no {_name(action.kind, 'en')}.")  # type: ignore[union-attr]
        elif phase == BUILD or phase == BUILD2:
            self._check_build(state, action.kind)  # type: ignore[union-attr]
        elif phase == PICK:
            if action.kind not in state.revealed:  # type: ignore[union-attr]
                raise _err("architect", f"めくったカードに「{_name(action.kind, 'ja')}」はありません。", f"No {_name(action.kind, 'en')} was revealed.")  # type: ignore[union-attr]
        elif phase == SELL:
            self._check_sell(state, action.buildings)  # type: ignore[union-attr]

    def _check_place(self, state: State, i: int) -> None:
        seat = state.turn
        who_ja, who_en = seat_ja(seat), seat_en(seat)
        if not state.idle[seat]:  # cannot happen in PLACE (seats without workers are skipped), kept for safety
            raise _err("worker", f"{who_ja} には置ける労働者がいません。", f"{who_en} has no worker left to place.")
        problem = self._place_problem(state, i)
        if problem is None:
            return
        if problem == "missing":
            raise _err("workplace-taken", f"建物 {i} はありません。", f"There is no building {i}.")
        b = state.buildings[i]
        ja, en = _name(b.kind, "ja"), _name(b.kind, "en")
        eff = _EFFECT[b.kind]
        messages = {
            "private": ("private", f"「{ja}」は{seat_ja(b.owner)}の個人建物です。使えるのは持ち主だけです。", f"{en} is a private building of {seat_en(b.owner)}: only its owner may use it."),
            "passive": ("passive", f"「{ja}」は常在型の建物（鍵）で、職場ではありません。", f"{en} is a passive building (key icon), not a workplace."),
            "blocked": ("solo-block", f"「{ja}」はこのラウンド塞がれています。", f"{en} is blocked this round."),
            "taken": ("workplace-taken", f"「{ja}」にはもう労働者がいます。このラウンドは使えません。", f"{en} already has a worker: it cannot be used again this round."),
            "cards": ("cards-short", f"「{ja}」には手札を {eff.get('discard')} 枚捨てる必要がありますが、足りません。", f"{en} needs {eff.get('discard')} card(s) to discard and your hand is short."),
            "household": ("household", f"家計に ${state.household} しかないので「{ja}」（${eff.get('gain')}）は使えません。", f"The household holds only ${state.household}: {en} (${eff.get('gain')}) cannot be used."),
            "build": ("build", f"「{ja}」で建てられる建物カードが手札にありません（コスト分の手札も必要です）。", f"No building card in your hand can be built with {en} (you need cards to pay its cost too)."),
            "hire": ("hire", f"「{ja}」では労働者が増えません（上限 {self.worker_limit(state, seat)} 人）。", f"{en} would add no worker (limit {self.worker_limit(state, seat)})."),
            "no-effect": ("no-effect", f"いま「{ja}」を使っても何も起きません。", f"Using {en} now would do nothing."),
        }
        rule, mja, men = messages[problem]
        raise _err(rule, f"{who_ja}: {mja}", f"{who_en}: {men}")

    def _check_build(self, state: State, kind: int) -> None:
        seat = state.turn
        hand = state.hands[seat]
        ja, en = _name(kind, "ja"), _name(kind, "en")
        if kind == GOODS:
            raise _err("goods", "消費財は建てられません。コストとして捨てるためだけに使えます。", "Consumer goods cannot be built: they are only discarded to pay costs.")
        if not hand[kind]:
            raise _err("build", f"手札に「{ja}」はありません。", f"Your hand holds no {en}.")
        if state.phase == BUILD2:
            if _COST[kind] != state.pending.cost:
                raise _err("build", f"2 つ目はコスト {state.pending.cost} の建物でなければなりません（「{ja}」はコスト {_COST[kind]}）。", f"The second building must cost {state.pending.cost} ({en} costs {_COST[kind]}).")
            return
        mode = state.pending.build
        if kind not in self._buildable(state, seat, mode):
            if mode == "farm_free":
                raise _err("build", f"開拓民で建てられるのは消費財を引く建物だけです（「{ja}」は違います）。", f"Pioneers build only a building that draws consumer goods ({en} does not).")
            if mode == "twin":
                raise _err("build", f"二胡市建設には同じコストの建物カード 2 枚と、コスト分の手札が要ります（「{ja}」）。", f"Twin-city builders needs two building cards of the same cost and cards for the cost ({en}).")
            raise _err("build", f"「{ja}」のコストを払う手札が足りません。", f"Your hand cannot pay the cost of {en}.")

    def _check_sell(self, state: State, chosen: tuple[int, ...]) -> None:
        options = self.sale_options(state, state.turn)
        if chosen in options:
            return
        mine = set(self.sellable(state, state.turn))
        bad = [i for i in chosen if i not in mine]
        if bad:
            rule = "solo-sale" if state.mode == SOLO1 and all(0 <= i < len(state.buildings) and state.buildings[i].owner == state.turn and _SELLABLE[state.buildings[i].kind] for i in bad) else "excess-sale"
            if rule == "solo-sale":
                raise _err(rule, "1人用ルールでは、共有建物置き場に既にある種類の建物は売れません。", "Solo rule 1: a kind already in the public area cannot be sold.")
            raise _err(rule, f"建物 {bad[0]} はあなたが売れる建物ではありません（売却不可か、他人のものです）。", f"Building {bad[0]} is not one you may sell (unsellable, or not yours).")
        if list(chosen) != sorted(set(chosen)):
            raise _err("excess-sale", "売る建物は番号の小さい順に、重複なしで書きます。", "List the buildings to sell once each, in ascending order.")
        if state.mode == SOLO1 and len({state.buildings[i].kind for i in chosen}) < len(chosen):
            raise _err("solo-sale", "1人用ルールでは同じ種類の建物は 1 つしか売れません。", "Solo rule 1: only one building of a kind may be sold.")
        each = self.one_of_each_kind(state, sorted(mine))
        shortfall = self.due(state, state.turn) - state.money[state.turn]
        if state.mode == SOLO1 and each and sum(self.sale_value(state, state.buildings[i].kind) for i in each) < shortfall:
            shown = ",".join(str(i) for i in each)
            raise _err(
                "solo-sale",
                f"各種類 1 つずつ売っても払えないので、売れる種類を 1 つずつすべて売ります: sell {shown}（そのあとゲームオーバー）。",
                f"Even one of every sellable kind does not cover what you owe, so you sell one of each kind: sell {shown} (and the game is lost).",
            )
        total = sum(self.sale_value(state, state.buildings[i].kind) for i in chosen)
        if total < shortfall:
            raise _err("excess-sale", f"売却額 ${total} では不足 ${shortfall} を払えません。売れる建物は売らなければなりません。", f"Selling ${total} does not cover the shortfall of ${shortfall}: sellable buildings must be sold.")
        raise _err("excess-sale", f"売りすぎです: 支払い後の残り ${total - shortfall} が売った建物の価値以上になります。", f"That sells too much: the ${total - shortfall} left after paying is not less than the value of every building sold.")

    # ----- transitions --------------------------------------------------------------------------
    def next_state(self, state: State, action: Action) -> State:
        phase = state.phase
        t = type(action)
        if t is Card:
            return self._drawn(state, action.kind)  # type: ignore[union-attr]
        if phase == PLACE:
            return self._place(state, action.building)  # type: ignore[union-attr]
        if phase == DISCARD:
            state = self._discard(state, action.kind)  # type: ignore[union-attr]
            p = state.pending
            if p.need > 1:
                return state._replace(pending=p._replace(need=p.need - 1))
            if p.gain:
                seat = state.turn
                state = state._replace(money=_add(state.money, seat, p.gain), household=state.household - p.gain)
            if p.draws:
                return self._start_draw(state._replace(phase=DRAW, pending=Pending(draws=p.draws)))
            return self._advance(state)
        if phase == TRIM:
            state = self._discard(state, action.kind)  # type: ignore[union-attr]
            if sum(state.hands[state.turn]) > self.hand_limit(state, state.turn):
                return state
            return self._trim_next(state, state.turn + 1)
        if phase == BUILD or phase == BUILD2:
            return self._build(state, action.kind)  # type: ignore[union-attr]
        if phase == PICK:
            return self._pick(state, action.kind)  # type: ignore[union-attr]
        if phase == SELL:
            return self._sell(state, action.buildings)  # type: ignore[union-attr]
        return state

    def _discard(self, state: State, kind: int) -> State:
        seat = state.turn
        hands = _hand_add(state.hands, seat, kind, -1)
        if kind == GOODS:  # consumer goods return to their own pile
            return state._replace(hands=hands)
        return state._replace(hands=hands, discard=_add(state.discard, kind, 1))

    def _place(self, state: State, i: int) -> State:
        seat = state.turn
        placed = list(state.placed)
        placed[i] = placed[i] + (seat,)
        state = state._replace(placed=tuple(placed), idle=_add(state.idle, seat, -1))
        if state.mode != STANDARD:
            state = self._block_newest(state)
        kind = state.buildings[i].kind
        eff = _EFFECT[kind]
        hand = state.hands[seat]
        if "discard" in eff:
            return state._replace(phase=DISCARD, pending=Pending(need=eff["discard"], gain=eff.get("gain", 0), draws=eff.get("draw", 0)))
        if "gain" in eff:
            return self._advance(state._replace(money=_add(state.money, seat, eff["gain"]), household=state.household - eff["gain"]))
        if "draw" in eff:
            n = eff["draw"]
            if "draw_if_empty" in eff and not sum(hand):
                n = eff["draw_if_empty"]
            if eff.get("start"):
                state = state._replace(start=seat)
            return self._start_draw(state._replace(phase=DRAW, pending=Pending(draws=n)))
        if "goods" in eff or "goods_to" in eff:
            n = eff["goods"] if "goods" in eff else eff["goods_to"] - sum(hand)
            state = state._replace(hands=_hand_add(state.hands, seat, GOODS, n))
            if eff.get("remove"):
                state = self._remove_building(state, i)
            return self._advance(state)
        if "build" in eff:
            return state._replace(phase=BUILD, pending=Pending(build=eff["build"], draws=eff.get("draw_after", 0)))
        if "reveal" in eff:
            return self._start_draw(state._replace(phase=REVEAL, pending=Pending(draws=eff["reveal"]), revealed=()))
        if "hire" in eff or "hire_to" in eff:
            target = self._hire_target(state, seat, kind)
            added = target - state.workers[seat]
            state = state._replace(workers=_set(state.workers, seat, target))
            if eff.get("awake"):
                state = state._replace(idle=_add(state.idle, seat, added))
            return self._advance(state)
        return self._advance(state)  # pragma: no cover - every workplace has an effect

    def _block_newest(self, state: State) -> State:
        """Solo rule 1 (NE-6): block the newest public workplace that is free and not yet blocked."""
        for j in range(len(state.buildings) - 1, -1, -1):
            b = state.buildings[j]
            if b.owner < 0 and j not in state.blocked and not state.placed[j]:
                return state._replace(blocked=state.blocked + (j,))
        return state

    def _remove_building(self, state: State, i: int) -> State:
        """焼畑 leaves the game after use."""
        buildings = state.buildings[:i] + state.buildings[i + 1 :]
        placed = state.placed[:i] + state.placed[i + 1 :]
        blocked = tuple(j - 1 if j > i else j for j in state.blocked if j != i)
        return state._replace(buildings=buildings, placed=placed, blocked=blocked, removed=state.removed + 1)

    def _start_draw(self, state: State) -> State:
        """Before a draw: reshuffle the discards when the deck is empty; stop when no card is left."""
        if state.pending.draws <= 0:
            return self._after_draws(state)
        if not any(state.deck):
            if not any(state.discard):  # [choice] nothing left to draw: the remaining draws are lost
                return self._after_draws(state)
            state = state._replace(deck=state.discard, discard=_ZERO)
        return state

    def _drawn(self, state: State, kind: int) -> State:
        phase = state.phase
        deck = _add(state.deck, kind, -1)
        p = state.pending
        if phase == REVEAL:
            state = state._replace(deck=deck, revealed=state.revealed + (kind,), pending=p._replace(draws=p.draws - 1))
        else:
            state = state._replace(deck=deck, hands=_hand_add(state.hands, state.turn, kind, 1), pending=p._replace(draws=p.draws - 1))
        return self._start_draw(state)

    def _after_draws(self, state: State) -> State:
        phase = state.phase
        if phase == DEAL:
            seat = state.turn + 1
            if seat < state.players:
                return self._start_draw(state._replace(turn=seat, pending=Pending(draws=START_CARDS)))
            return state._replace(phase=PLACE, turn=state.start, pending=NO_PENDING)
        if phase == REVEAL:
            if not state.revealed:
                return self._advance(state)
            return state._replace(phase=PICK, pending=NO_PENDING)
        return self._advance(state)

    def _pick(self, state: State, kind: int) -> State:
        rest = list(state.revealed)
        rest.remove(kind)
        discard = list(state.discard)
        for k in rest:  # [choice] the other revealed cards go to the discards
            discard[k] += 1
        state = state._replace(hands=_hand_add(state.hands, state.turn, kind, 1), discard=tuple(discard), revealed=())
        return self._advance(state)

    def _build(self, state: State, kind: int) -> State:
        seat = state.turn
        p = state.pending
        state = state._replace(
            hands=_hand_add(state.hands, seat, kind, -1),
            buildings=state.buildings + (_new(Building, (kind, seat)),),
            placed=state.placed + ((),),
        )
        if state.phase == BUILD and p.build == "twin":
            return state._replace(phase=BUILD2, pending=p._replace(cost=_COST[kind]))
        cost = _COST[kind]
        if p.build == "discount":
            cost = max(cost - 1, 0)
        elif p.build == "farm_free":
            cost = 0
        elif p.build == "twin":
            cost = p.cost
        if cost:
            # the build mode stays in ``pending`` while the cost is discarded: the page draws the new building as unpaid
            return state._replace(phase=DISCARD, pending=Pending(need=cost, draws=p.draws, build=p.build or "normal"))
        if p.draws:
            return self._start_draw(state._replace(phase=DRAW, pending=Pending(draws=p.draws)))
        return self._advance(state)

    def _advance(self, state: State) -> State:
        """The effect is done: the next seat with a worker to place, or the end of the round."""
        n = state.players
        for step in range(1, n + 1):
            seat = (state.turn + step) % n
            if state.idle[seat]:
                ready = state._replace(phase=PLACE, turn=seat, pending=NO_PENDING)
                if any(self._place_problem(ready, i) is None for i in range(len(state.buildings))):
                    return ready
                # [choice] no workplace can take this seat's workers (solo blocking): they stay home this round
                state = state._replace(idle=_set(state.idle, seat, 0))
        return self._end_round(state._replace(pending=NO_PENDING))

    # ----- end of round ---------------------------------------------------------------------------
    def _end_round(self, state: State) -> State:
        n = state.players
        order = tuple((state.start + k) % n for k in range(n))
        state = state._replace(placed=((),) * len(state.buildings), blocked=(), idle=state.workers, paying=order)
        return self._pay_next(state)

    def _pay_next(self, state: State) -> State:
        while state.paying:
            seat = state.paying[0]
            if state.money[seat] < self.due(state, seat) and self.sellable(state, seat):
                return state._replace(phase=SELL, turn=seat)
            state = self._settle(state, seat)
            if state.phase == OVER:
                return state
        return self._trim_next(state, 0)  # NE-7: the hand limit applies after every round's wages, round 9 too

    def _settle(self, state: State, seat: int) -> State:
        """Pay this round's wages (into the household) and tax (to the supply); short: tokens, or a solo loss."""
        wages = state.workers[seat] * self.wage(state)
        tax = self.tax(state)
        cash = state.money[seat]
        paid = min(cash, wages)
        cash -= paid
        state = state._replace(household=state.household + paid, paying=state.paying[1:])
        if paid < wages:
            if state.mode != STANDARD:
                return state._replace(money=_set(state.money, seat, cash), phase=OVER, lost=True)
            return state._replace(money=_set(state.money, seat, cash), tokens=_add(state.tokens, seat, wages - paid))
        if tax:
            if cash < tax:
                return state._replace(money=_set(state.money, seat, cash), phase=OVER, lost=True)
            cash -= tax
            state = state._replace(supply_out=state.supply_out - tax)
        return state._replace(money=_set(state.money, seat, cash))

    def _sell(self, state: State, chosen: tuple[int, ...]) -> State:
        seat = state.turn
        total = sum(self.sale_value(state, state.buildings[i].kind) for i in chosen)
        kept = [b for i, b in enumerate(state.buildings) if i not in chosen]
        sold = [Building(state.buildings[i].kind, -1) for i in chosen]  # sold buildings join the public area, newest
        buildings = tuple(kept + sold)
        state = state._replace(
            buildings=buildings,
            placed=((),) * len(buildings),
            money=_add(state.money, seat, total),
            supply_out=state.supply_out + total,
        )
        state = self._settle(state, seat)
        if state.phase == OVER:
            return state
        return self._pay_next(state)

    def _trim_next(self, state: State, start_index: int) -> State:
        for seat in range(start_index, state.players):
            if sum(state.hands[seat]) > self.hand_limit(state, seat):
                return state._replace(phase=TRIM, turn=seat)
        if state.round >= ROUNDS:  # the game ends after the last round's wages and hand limit (NE-7)
            return state._replace(phase=OVER)
        return self._new_round(state)

    def _new_round(self, state: State) -> State:
        r = state.round + 1
        buildings = state.buildings
        kind = ROUND_WORKPLACE.get(r)
        if kind is not None:
            buildings = buildings + (_new(Building, (kind, -1)),)
        return state._replace(
            round=r, phase=PLACE, turn=state.start, buildings=buildings, placed=((),) * len(buildings), blocked=(), paying=()
        )

    # ----- the end --------------------------------------------------------------------------------------
    def score_parts(self, state: State, seat: int) -> dict[str, int]:
        """Final points of ``seat`` (NE-1, NE-4): buildings, end bonuses, money, unpaid tokens."""
        own = [b.kind for b in state.buildings if b.owner == seat]
        values = sum(_VALUE[k] for k in own)
        bonus = 0
        for k in own:
            eff = _EFFECT[k]
            what = eff.get("bonus")
            if what == "buildings":
                bonus += eff["points"] * len(own)
            elif what == "goods":
                bonus += eff["points"] * state.hands[seat][GOODS]
            elif what == "workers":
                bonus += eff["points"] * state.workers[seat]
            elif what == "industry":
                bonus += eff["points"] * sum(1 for j in own if j in INDUSTRY)
            elif what == "passive":
                bonus += eff["points"] * sum(1 for j in own if j in PASSIVE)
        per_token = 1 if YAKUZA in own else UNPAID_POINTS
        unpaid = -per_token * state.tokens[seat]
        money = state.money[seat]
        return {"buildings": values, "bonus": bonus, "money": money, "unpaid": unpaid, "total": values + bonus + money + unpaid}

    def forecast(self, observation: Mapping[str, Any], seat: int) -> dict[str, int]:
        """``score_parts`` of ``seat`` from public facts only (buildings, money, tokens, workers, goods in hand)."""
        o = observation
        n = o["players"]
        hands = tuple(tuple([o["goods"][s]] + [0] * (N_CARDS - 1)) for s in range(n))
        state = self.initial_state({"mode": o["mode"], "players": n})._replace(
            buildings=tuple(Building(k, w) for k, w in o["buildings"]),
            money=tuple(o["money"]),
            tokens=tuple(o["tokens"]),
            workers=tuple(o["workers"]),
            hands=hands,
        )
        return self.score_parts(state, seat)

    def score(self, state: State, seat: int) -> int:
        return self.score_parts(state, seat)["total"]

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != OVER:
            return None
        n = state.players
        scores = tuple(self.score(state, s) for s in range(n))
        detail: tuple[tuple[str, Any], ...] = (("round", state.round), ("mode", MODE_NAMES[state.mode]))
        if state.mode != STANDARD:
            s = scores[0]
            if state.lost:
                return Outcome(scores, (), "solo-pay", f"ラウンド {state.round} の支払いができずゲームオーバー（{s} 点）", f"Could not pay in round {state.round}: game over ({s} points)", detail)
            if state.mode == SOLO2:
                won = s >= SOLO2_CLEAR
                ja = f"{s} 点で{'クリア！' if won else 'クリアならず（100 点以上でクリア）'}"
                en = f"{s} points: {'cleared!' if won else 'not cleared (100 points clear)'}"
                return Outcome(scores, (0,) if won else (), "solo2", ja, en, detail)
            return Outcome(scores, (0,), "score", f"9 ラウンドを乗り切って {s} 点", f"Survived nine rounds with {s} points", detail)
        best = max(scores)
        winners = tuple(s for s in range(n) if scores[s] == best)  # [choice] a tie shares the win
        names_ja = "・".join(seat_ja(s) for s in winners)
        names_en = " and ".join(seat_en(s) for s in winners)
        return Outcome(scores, winners, "score", f"{names_ja} の勝ち（{best} 点）", f"{names_en} win{'s' if len(winners) == 1 else ''} with {best} points", detail)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def reveals(self, state: State, action: Action) -> bool:
        """Discarding or building shows a card from a hidden hand; other moves show nothing new
        (a card drawn is a chance outcome, which stops undo by itself)."""
        return type(action) is Discard or type(action) is Build

    # ----- what a seat knows -------------------------------------------------------------------------------
    def unseen(self, state: State, seat: int) -> list[int]:
        """Counts per card kind of the building cards ``seat`` cannot see (deck and the others' hands)."""
        out = list(state.deck)
        for s, hand in enumerate(state.hands):
            if s != seat:
                for k in range(1, N_CARDS):
                    out[k] += hand[k]
        return out

    def observe(self, state: State, seat: int) -> NationalEconomyObservation:
        n = state.players
        mine = 0 <= seat < n
        return NationalEconomyObservation(
            game=self.name,
            you=seat,
            mode=MODE_NAMES[state.mode],
            players=n,
            phase=PHASE_NAMES[state.phase],
            round=state.round,
            wage=WAGES[min(state.round, ROUNDS) - 1],
            turn=state.turn,
            start=state.start,
            money=list(state.money),
            household=state.household,
            tokens=list(state.tokens),
            workers=list(state.workers),
            idle=list(state.idle),
            hand=list(state.hands[seat]) if mine else None,
            hand_sizes=[sum(h) for h in state.hands],
            goods=[h[GOODS] for h in state.hands],
            deck=sum(state.deck),
            discard=list(state.discard),
            removed=state.removed,
            buildings=[[b.kind, b.owner] for b in state.buildings],
            placed=[list(p) for p in state.placed],
            blocked=list(state.blocked),
            pending=list(state.pending),
            revealed=list(state.revealed),
            paying=list(state.paying),
            lost=state.lost,
            supply_out=state.supply_out,
            unseen=self.unseen(state, seat) if mine else None,
            hand_limits=[self.hand_limit(state, s) for s in range(n)],
            due=[self.due(state, s) if state.round <= ROUNDS else 0 for s in range(n)],
            sale_values=[self.sale_value(state, b.kind) for b in state.buildings],
        )

    def sample_state(self, observation: Mapping[str, Any], seat: int, rng: Any) -> State:
        """Deal the building cards ``seat`` cannot see at random among the deck and the other hands."""
        o = observation
        n = o["players"]
        pool = [k for k, c in enumerate(o["unseen"]) for _ in range(c)]
        _shuffle(pool, rng)
        hands = []
        for s in range(n):
            if s == seat:
                hands.append(tuple(o["hand"]))
                continue
            counts = [0] * N_CARDS
            counts[GOODS] = o["goods"][s]
            for _ in range(o["hand_sizes"][s] - o["goods"][s]):
                counts[pool.pop()] += 1
            hands.append(tuple(counts))
        deck = [0] * N_CARDS
        for k in pool:
            deck[k] += 1
        return State(
            mode=MODE_NAMES.index(o["mode"]),
            players=n,
            phase=PHASE_CODES[o["phase"]],
            round=o["round"],
            turn=o["turn"],
            start=o["start"],
            money=tuple(o["money"]),
            household=o["household"],
            tokens=tuple(o["tokens"]),
            workers=tuple(o["workers"]),
            idle=tuple(o["idle"]),
            hands=tuple(hands),
            deck=tuple(deck),
            discard=tuple(o["discard"]),
            removed=o["removed"],
            buildings=tuple(Building(k, w) for k, w in o["buildings"]),
            placed=tuple(tuple(p) for p in o["placed"]),
            blocked=tuple(o["blocked"]),
            pending=Pending(*o["pending"]),
            revealed=tuple(o["revealed"]),
            paying=tuple(o["paying"]),
            lost=o["lost"],
            supply_out=o["supply_out"],
        )


def _add(values: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[i] += delta
    return tuple(out)


def _set(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    out = list(values)
    out[i] = value
    return tuple(out)


def _hand_add(hands: tuple[tuple[int, ...], ...], seat: int, kind: int, delta: int) -> tuple[tuple[int, ...], ...]:
    hand = list(hands[seat])
    hand[kind] += delta
    out = list(hands)
    out[seat] = tuple(hand)
    return tuple(out)


def _shuffle(items: list, rng: Any) -> None:
    n = len(items)
    if n < 2:
        return
    draws = rng.random(n - 1)
    for i in range(n - 1, 0, -1):
        j = int(draws[i - 1] * (i + 1))
        items[i], items[j] = items[j], items[i]


__all__ = ["NationalEconomy", "State"]
