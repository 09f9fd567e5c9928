"""The rules of the Peloponnes Card Game as a state machine that prompts one player at a time.

The round runs as the rulebook lists it: reveal power cards, catastrophes and supply, bidding,
turn order, gaining power cards, income; after the eighth round's income comes the final supply,
the late restoration of covered cards, and scoring.  The flow is written as a generator that
yields a :class:`~peloponnes_tui.engine.prompts.Prompt` whenever a player must decide; `answer()`
validates the reply completely before the generator applies it, so an illegal answer changes
nothing.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from peloponnes_tui.cards import (
    CARDS_PER_ROUND,
    ROUNDS,
    CardSet,
    CatastropheId,
    CivilizationCard,
    PowerCard,
    load_cards,
)
from peloponnes_tui.engine.log import Event
from peloponnes_tui.engine.position import Position, apply_position
from peloponnes_tui.engine.prompts import (
    ANSWERS_FOR,
    Answer,
    AnyPrompt,
    BidPrompt,
    BidTarget,
    BuildPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    GiveUpBuilding,
    IllegalAnswer,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    Prompt,
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.engine.state import CIV, LUXURY, Placed, Player, Table
from peloponnes_tui.engine.view import View, view_for
from peloponnes_tui.engine.words import halves, plural

MIN_PLAYERS = 2
MAX_PLAYERS = 5
PASS_DRAW = 3  # coin cards drawn for passing or withdrawing
CONQUEST_SURCHARGE = 3
_RESOURCE_INDEX = {"wood": 2, "stone": 3, "grain": 4}  # into Game._stats / Game._civ_stats

Flow = Generator[AnyPrompt, Answer, None]


class GameSetupError(ValueError):
    """A game cannot be set up this way (wrong number of players, and so on)."""


class GameOver(IllegalAnswer):
    """The game has ended; there is nothing left to answer."""


@dataclass(frozen=True, slots=True)
class Score:
    """One player's final reckoning, with every source shown."""

    seat: int
    name: str
    population_tableau: int
    population_coins: int  # inhabitants on coin cards left in hand
    population_luxury_card: int
    power_tableau: int
    coins_left: int  # coin cards in hand that do not show inhabitants
    luxury_goods: int
    power_from_coins: int  # (coins_left + luxury_goods) // 6
    power_luxury_card: int
    rank: int = 0  # 1 = winner (shared ranks on a full tie)

    @property
    def population(self) -> int:
        return self.population_tableau + self.population_coins + self.population_luxury_card

    @property
    def power(self) -> int:
        return self.power_tableau + self.power_from_coins + self.power_luxury_card

    @property
    def score(self) -> int:
        return min(self.population, self.power)

    @property
    def tiebreak(self) -> tuple[int, int, int]:
        return (self.score, max(self.population, self.power), self.luxury_goods)


class Game:
    """One game.  Create it with :meth:`new` (or :meth:`replay`), then answer :attr:`pending`."""

    def __init__(self, names: Sequence[str], seed: int, cards: CardSet,
                 position: Position | None = None) -> None:
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise GameSetupError(f"the game is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                                 f"not {len(names)}")
        if any(not str(n).strip() for n in names):
            raise GameSetupError("every player needs a name")
        self.cards = cards
        self.seed = seed
        self.names = tuple(str(n) for n in names)
        self.rng = random.Random(seed)
        self.answers: list[Answer] = []
        self.answer_seats: list[int] = []  # who gave each answer
        # whether applying each answer turned up hidden cards (coin draws, revealed power
        # cards): such an answer cannot be taken back as if nothing had been seen
        self.answer_revealed: list[bool] = []
        self._turned_up = 0  # hidden cards turned up so far (coins drawn, power cards revealed)
        self.log: list[Event] = []
        self.round = 0
        self.phase = "setup"
        self.scores: tuple[Score, ...] = ()
        self.winners: tuple[int, ...] = ()
        self._power = cards.power_by_id
        self._coin_res = [c.resource for c in cards.coins]
        self._coin_amt = [c.amount for c in cards.coins]
        # (inhabitants, power, wood, stone, grain) per card, for the tableau sums (hot paths)
        self._stats = {c.id: (c.inhabitants, c.power, c.production.wood, c.production.stone,
                              c.production.grain) for c in cards.power_cards}
        self._civ_stats = {c.id: (c.inhabitants, c.power, c.production.wood,
                                  c.production.stone, c.production.grain)
                           for c in cards.civilizations}
        self._function = {c.id: c.function for c in cards.power_cards}
        self.position = position
        self._setup()
        start = 1
        if position is not None:
            try:
                self.order = apply_position(position, self.players, self.table, cards)
            except (KeyError, ValueError) as exc:
                raise GameSetupError(str(exc)) from None
            start = position.round
            self._event("position", f"Play starts from a prepared position in round {start}.")
        self._log_setup()
        self._flow = self._run(start)
        self.pending: AnyPrompt | None = next(self._flow, None)

    # ----------------------------------------------------------------------------------------
    # construction, replay, saving

    @classmethod
    def new(cls, players: Sequence[str], seed: int, cards: CardSet | None = None,
            position: Position | None = None) -> Game:
        return cls(players, seed, cards if cards is not None else load_cards(), position)

    @classmethod
    def replay(cls, players: Sequence[str], seed: int, answers: Iterable[Answer],
               cards: CardSet | None = None, position: Position | None = None) -> Game:
        """Rebuild a game from its seed and answers (raises IllegalAnswer on a bad answer)."""
        game = cls.new(players, seed, cards, position)
        for i, ans in enumerate(answers):
            try:
                game.answer(ans)
            except IllegalAnswer as exc:
                raise IllegalAnswer(f"answer {i + 1} does not fit the game: {exc}") from None
        return game

    def undo(self, count: int = 1) -> Game:
        """A copy of this game without its last ``count`` answers."""
        count = max(0, min(count, len(self.answers)))
        return Game.replay(self.names, self.seed, self.answers[: len(self.answers) - count],
                           self.cards, self.position)

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """A copy of this game in which everything hidden from ``seat`` is dealt afresh.

        The other players' hands and face-down bids (same sizes), the order of the coin pile and
        the order of the power pile within each of A, B and C are redrawn at random; what
        ``seat`` can see stays as it is. Search bots play their look-ahead on such copies, so
        they never use what their player could not know. The copy is for thinking only: its
        future draws no longer follow the seed.
        """
        g = Game.replay(self.names, self.seed, self.answers, self.cards, self.position)
        t = g.table
        pool = list(t.coin_pile)
        others = [p for p in g.players if p.seat != seat]
        for p in others:
            pool += p.hand
            pool += p.bid_coins
        rng.shuffle(pool)
        for p in others:
            n = len(p.hand)
            p.hand, pool = pool[:n], pool[n:]
            n = len(p.bid_coins)
            p.bid_coins, pool = pool[:n], pool[n:]
        t.coin_pile = pool
        letters = [self._power[c].pile for c in t.power_pile]
        by_letter: dict[str, list[str]] = {}
        for c in t.power_pile:
            by_letter.setdefault(self._power[c].pile, []).append(c)
        for cards in by_letter.values():
            rng.shuffle(cards)
        t.power_pile = [by_letter[letter].pop() for letter in letters]
        g.rng = random.Random(rng.getrandbits(64))
        # The copy must not lead back to the real game: without its seed and answers it cannot
        # be replayed into the true hands and piles.
        g.answers, g.answer_seats, g.answer_revealed = [], [], []
        g.seed, g.position = -1, None
        return g

    @property
    def over(self) -> bool:
        return self.pending is None

    def check(self, ans: Answer) -> str | None:
        """Why ``ans`` would be refused (a sentence for the player), or None if it is legal.

        Nothing changes either way; the app uses this to grey out an illegal choice before it
        is confirmed.
        """
        try:
            self._check_answer(ans)
        except IllegalAnswer as exc:
            return str(exc)
        return None

    def _check_answer(self, ans: Answer) -> Prompt:
        prompt = self.pending
        if prompt is None:
            raise GameOver("the game is over")
        allowed = ANSWERS_FOR[prompt.kind]
        if not isinstance(ans, allowed):
            names = " or ".join(a.kind.replace("_", " ") for a in allowed)
            raise IllegalAnswer(f"{self.names[prompt.player]} must answer with {names}")
        self._validate(prompt, ans)
        return prompt

    def answer(self, ans: Answer) -> None:
        """Apply the pending player's answer, or raise IllegalAnswer and change nothing."""
        prompt = self._check_answer(ans)
        self.answers.append(ans)
        self.answer_seats.append(prompt.player)
        before = self._turned_up
        try:
            self.pending = self._flow.send(ans)
        except StopIteration:
            self.pending = None
        self.answer_revealed.append(self._turned_up != before)

    # ----------------------------------------------------------------------------------------
    # setup

    def _setup(self) -> None:
        rng, cards = self.rng, self.cards
        civs = [c.id for c in cards.civilizations]
        rng.shuffle(civs)
        n = len(self.names)
        self.players = [Player(seat=i, name=self.names[i], civ=civs[i]) for i in range(n)]
        coins = list(range(len(cards.coins)))
        rng.shuffle(coins)
        pile: list[str] = []
        for letter in ("C", "B", "A"):  # C at the bottom (start of the list), A on top
            part = [c.id for c in cards.power_cards if c.pile == letter]
            rng.shuffle(part)
            pile.extend(part)
        self.table = Table(power_pile=pile, coin_pile=coins, civ_box=civs[n:],
                           luxury_box=cards.luxury.count - n,
                           markers={c.id: 0 for c in cards.catastrophes})
        self.order = sorted(range(n), key=lambda s: cards.civ_by_id[self.players[s].civ].number)
        for p in self.players:
            p.hand = self._draw(cards.civ_by_id[p.civ].coins)

    def _log_setup(self) -> None:
        for p in self.players:
            civ = self.cards.civ_by_id[p.civ]
            self._event("setup", f"{p.name} leads {civ.name.en} (start number {civ.number}) "
                        f"and holds {len(p.hand)} coin cards.", p.seat, data=(("civ", civ.id),))
        self._event("start_order", "Start order: " + ", ".join(self.names[s] for s in self.order)
                    + ".", data=(("order", tuple(self.order)),))

    # ----------------------------------------------------------------------------------------
    # the flow of play

    def _run(self, start: int) -> Flow:
        for rnd in range(start, ROUNDS + 1):
            self.round = rnd
            self.phase = "reveal"
            strikes, supply = self._reveal()
            for cat in strikes:
                self.phase = "catastrophe"
                yield from self._catastrophe(cat)
            if supply:
                self.phase = "supply"
                yield from self._supply(final=False)
            self.phase = "bidding"
            yield from self._bidding()
            self.phase = "turn_order"
            self._turn_order()
            self.phase = "gain"
            yield from self._gain()
            self.phase = "income"
            self._income(final=rnd == ROUNDS)
        self.phase = "supply"
        yield from self._supply(final=True)
        self.phase = "restoration"
        self._restore()
        self.phase = "scoring"
        self._score()
        self.phase = "over"

    # -- 1. reveal ------------------------------------------------------------------------------

    def _reveal(self) -> tuple[list[CatastropheId], bool]:
        t = self.table
        n = len(self.players)
        drawn = [t.power_pile.pop() for _ in range(min(CARDS_PER_ROUND, len(t.power_pile)))]
        self._turned_up += len(drawn)
        t.market = drawn[:n]
        t.conquest = drawn[n:]
        pile = self._power[drawn[0]].pile if drawn else "?"
        self._event("reveal", f"Round {self.round} ({pile} cards): "
                    + ", ".join(self._cname(c) for c in t.market) + " go to the market; "
                    + (", ".join(self._cname(c) for c in t.conquest) or "nothing")
                    + " to the conquest row.", cards=tuple(drawn))
        strikes: list[CatastropheId] = []
        for cid in drawn[:2]:
            cat = self._power[cid].catastrophe
            if cat is None:
                continue
            if cat in t.struck:
                self._event("track", f"{self._cname(cid)} shows {self._catname(cat)}, which has "
                            "already struck: its marker stays.", cards=(cid,))
                continue
            t.markers[cat] += 1
            steps = self.cards.catastrophe_by_id[cat].steps
            left = steps - t.markers[cat]
            self._event("track", f"{self._cname(cid)} moves {self._catname(cat)} one space on "
                        + ("to its last space." if left == 0 else f"({left} to go)."),
                        cards=(cid,), data=(("catastrophe", cat), ("left", left)))
            if left == 0:
                t.struck.append(cat)
                strikes.append(cat)
        supply = any(self._power[c].supply for c in drawn)
        return strikes, supply

    # -- 2. catastrophes -----------------------------------------------------------------------

    def _catastrophe(self, cat: CatastropheId) -> Flow:
        self._event("strike", f"{self._catname(cat)} strikes!", data=(("catastrophe", cat),))
        for seat in list(self.order):
            p = self.players[seat]
            reason = self.protection(p, cat)
            if reason:
                self._event("protected", f"{p.name} is protected from {self._catname(cat)} "
                            f"by {reason}.", seat, data=(("catastrophe", cat),))
                continue
            prompt = self._catastrophe_prompt(p, cat)
            if prompt is None:
                continue
            forced = (not prompt.hand and not prompt.luxury_usable
                      and prompt.count >= len(prompt.candidates))
            ans: Answer
            if forced:
                ans = CatastropheAnswer(tuple((c, "remove") for c in prompt.candidates))
            else:
                ans = yield prompt
            assert isinstance(ans, CatastropheAnswer)
            self._apply_catastrophe(p, cat, ans, forced)

    def _catastrophe_prompt(self, p: Player, cat: CatastropheId) -> CatastrophePrompt | None:
        luxury_usable = self._luxury_for_coins(p)
        what: str
        if cat == "decline":
            if p.luxury:
                self._event("luxury_lost", f"{p.name} loses all {p.luxury} luxury goods.",
                            p.seat, data=(("lost", p.luxury),))
                p.luxury = 0
            if p.luxury_state != "active":
                return None
            candidates: tuple[str, ...] = (LUXURY,)
            count = 1
            luxury_usable = 0
            what = ("Decline: cover your luxury card with a coin card (it then holds at most "
                    "3 luxury goods) or give it up (no more luxury goods this game).")
        elif cat == "plague":
            if p.civ_state != "active":
                self._event("unaffected", f"{p.name} has no civilization left to lay waste.",
                            p.seat)
                return None
            candidates, count = (CIV,), 1
            what = "Plague: cover your civilization card with a coin card, or remove it."
        elif cat in ("earthquake", "tempest"):
            row = p.buildings if cat == "earthquake" else p.landscapes
            candidates = tuple(x.card for x in row if not x.covered)
            count = -(-len(candidates) // 3)
            noun = "buildings" if cat == "earthquake" else "landscapes"
            if count == 0:
                self._event("unaffected", f"{p.name} has no {noun} to lose.", p.seat)
                return None
            what = (f"{self._catname(cat)}: choose {count} of your {noun} and cover each with a "
                    "coin card or remove it.")
        else:  # drought
            grains = [(self._power[x.card].production.grain, x.card)
                      for x in p.placed() if not x.covered]
            top = max((g for g, _ in grains), default=0)
            if top == 0:
                self._event("unaffected", f"{p.name} has no power card that produces grain.",
                            p.seat)
                return None
            candidates = tuple(c for g, c in grains if g == top)
            count = 1
            what = ("Drought: your power card with the most grain is hit"
                    + (" (choose one of the tied cards)" if len(candidates) > 1 else "")
                    + "; cover it with a coin card or remove it.")
        return CatastrophePrompt(player=p.seat, text=what, catastrophe=cat, count=count,
                                 candidates=candidates, hand=tuple(p.hand),
                                 luxury_usable=luxury_usable)

    def _apply_catastrophe(self, p: Player, cat: CatastropheId, ans: CatastropheAnswer,
                           forced: bool) -> None:
        for card, how in ans.treatments:
            label = self._label(p, card)
            if how == "remove":
                self._remove(p, card)
                self._event("removed", f"{p.name} {'must remove' if forced else 'removes'} "
                            f"{label} ({self._catname(cat)}).", p.seat, self._cards_of(card),
                            data=(("catastrophe", cat),))
                continue
            if how == "luxury":
                p.luxury -= 1
                coin = self._draw(1)[0]
                paid = "a coin card drawn for one luxury good"
            else:
                assert isinstance(how, int)
                p.hand.remove(how)
                coin = how
                paid = "a coin card"
            if card == CIV:
                p.civ_state, p.civ_cover = "covered", coin
            elif card == LUXURY:
                p.luxury_state, p.luxury_cover = "covered", coin
            else:
                placed = p.find(card)
                assert placed is not None
                placed.cover, placed.cover_cause = coin, cat
            self._event("covered", f"{p.name} covers {label} with {paid} "
                        f"({self._catname(cat)}).", p.seat, self._cards_of(card),
                        data=(("catastrophe", cat),))

    # -- supply ------------------------------------------------------------------------------

    def _supply(self, final: bool) -> Flow:
        self._event("supply", "Final supply: every inhabitant must be fed and every building "
                    "under construction completed." if final else
                    "Supply: every inhabitant must be fed and every building under "
                    "construction completed.")
        for seat in list(self.order):
            p = self.players[seat]
            need, grain = self.inhabitants(p), self.production(p, "grain")
            if need <= grain:
                self._event("fed", f"{p.name} feeds {need} inhabitants from {grain} grain.",
                            p.seat)
                if grain > need:
                    self._gain_luxury(p, grain - need, "excess grain")
            else:
                removable = tuple(x for x in self._inhabited(p))
                ans = yield FeedPrompt(
                    player=seat, text=f"Supply: {need} inhabitants need grain but your cards "
                    f"produce {grain}. Cover the {need - grain} missing with grain or "
                    "inhabitant coin cards or luxury goods, or remove cards.",
                    inhabitants=need, grain=grain, shortfall=need - grain, removable=removable,
                    hand=tuple(p.hand), luxury=p.luxury)
                assert isinstance(ans, FeedPlan)
                self._apply_feed(p, ans)
            pending = [x.card for x in p.buildings if x.under_construction]
            if pending:
                wood, stone = self.production(p, "wood"), self.production(p, "stone")
                ans = yield CompletePrompt(
                    player=seat, text="Supply: pay for your buildings under construction "
                    "(production counts once for all of them); any you leave unpaid is lost.",
                    buildings=tuple(pending), production_wood=wood, production_stone=stone,
                    hand=tuple(p.hand), luxury=p.luxury)
                assert isinstance(ans, CompletePlan)
                self._apply_complete(p, ans)

    def _inhabited(self, p: Player) -> list[str]:
        out = [CIV] if p.civ_state == "active" and self._civ(p).inhabitants > 0 else []
        out += [x.card for x in p.placed()
                if not x.covered and self._power[x.card].inhabitants > 0]
        return out

    def _apply_feed(self, p: Player, plan: FeedPlan) -> None:
        for card in plan.remove:
            label = self._label(p, card)
            self._remove(p, card)
            self._event("removed", f"{p.name} removes {label} for want of grain.", p.seat,
                        self._cards_of(card))
        for coin in plan.grain_coins + plan.inhabitant_coins:
            p.hand.remove(coin)
            self.table.discard.append(coin)
        p.luxury -= plan.luxury
        need, grain = self.inhabitants(p), self.production(p, "grain")
        parts = []
        if plan.grain_coins:
            parts.append(plural(len(plan.grain_coins), "grain coin card"))
        if plan.inhabitant_coins:
            parts.append(plural(len(plan.inhabitant_coins), "inhabitant coin card"))
        if plan.luxury:
            parts.append(plural(plan.luxury, "luxury good"))
        self._event("fed", f"{p.name} feeds {need} inhabitants with {grain} grain"
                    + (" and " + ", ".join(parts) if parts else "") + ".", p.seat)
        if grain > need:
            self._gain_luxury(p, grain - need, "excess grain")

    def _apply_complete(self, p: Player, plan: CompletePlan) -> None:
        for coin in plan.coins:
            p.hand.remove(coin)
            self.table.discard.append(coin)
        p.luxury -= plan.luxury
        for x in list(p.buildings):
            if not x.under_construction:
                continue
            if x.card in plan.complete:
                assert x.pledge is not None
                self.table.discard.append(x.pledge)
                x.pledge = None
                self._event("completed", f"{p.name} completes {self._cname(x.card)}.", p.seat,
                            (x.card,))
            else:
                self._remove(p, x.card)
                self._event("lost", f"{p.name} cannot or will not pay for "
                            f"{self._cname(x.card)}: it is lost.", p.seat, (x.card,))

    # -- 3. bidding ------------------------------------------------------------------------------

    def _bidding(self) -> Flow:
        for p in self.players:
            p.bid_card, p.bid_coins, p.bid_count = None, [], 0
        for seat in list(self.order):
            p = self.players[seat]
            prompt = self._bid_prompt(p)
            affordable = len(p.hand) + prompt.luxury_usable
            if not any(t.need_coins <= affordable for t in prompt.targets):
                self._pass(p, "cannot afford any card and passes")
                continue
            ans = yield prompt
            if isinstance(ans, Pass):
                self._pass(p, "passes")
                continue
            assert isinstance(ans, PlaceBid)
            for coin in ans.coins:
                p.hand.remove(coin)
            extra: list[int] = []
            if ans.luxury:
                p.luxury -= ans.luxury
                extra = self._draw(ans.luxury)
            p.bid_card, p.bid_coins = ans.card, list(ans.coins) + extra
            p.bid_count = len(p.bid_coins)
            target = next(t for t in prompt.targets if t.card == ans.card)
            self._event("bid", f"{p.name} bids {p.bid_count} on {self._cname(ans.card)}"
                        + (" in the conquest row" if target.row == "conquest" else "")
                        + (f" ({ans.luxury} of them drawn for luxury goods)" if ans.luxury
                           else "") + ".", seat, (ans.card,),
                        data=(("coins", p.bid_count), ("row", target.row)))
            displaced = target.holder
            while displaced is not None:
                d = self.players[displaced]
                targets = tuple(t for t in self._targets(d, exclude=d.bid_card)
                                if t.need_coins <= d.bid_count)
                self._event("outbid", f"{d.name} is outbid on {self._cname(d.bid_card or '')}.",
                            displaced, (d.bid_card or "",))
                if not targets:
                    self._withdraw(d, "has nowhere to move the bid and takes it back")
                    break
                reply = yield OutbidPrompt(
                    player=displaced, text=f"Your bid of {d.bid_count} on "
                    f"{self._cname(d.bid_card or '')} was beaten. Move it unchanged to another "
                    "card, or take it back and draw 3 coin cards.",
                    from_card=d.bid_card or "", coins=d.bid_count,
                    effective2=self._effective2(d, d.bid_count), targets=targets)
                if isinstance(reply, Withdraw):
                    self._withdraw(d, "takes the bid back")
                    break
                assert isinstance(reply, MoveBid)
                moved_to = next(t for t in targets if t.card == reply.card)
                d.bid_card = reply.card
                self._event("move_bid", f"{d.name} moves the bid of {d.bid_count} to "
                            f"{self._cname(reply.card)}"
                            + (" in the conquest row" if moved_to.row == "conquest" else "")
                            + ".", displaced, (reply.card,))
                displaced = moved_to.holder
        t = self.table
        taken = {p.bid_card for p in self.players if p.bid_card}
        for row in (t.market, t.conquest):
            for card in row:
                if card not in taken:
                    t.box.append(card)
                    self._event("discarded", f"Nobody bid on {self._cname(card)}: it leaves "
                                "the game.", cards=(card,))
            row[:] = [card for card in row if card in taken]  # the box now holds the others

    def _pass(self, p: Player, why: str) -> None:
        drawn = self._draw(PASS_DRAW)  # fewer if the coin cards run out (R18)
        p.hand.extend(drawn)
        self._event("pass", f"{p.name} {why} and draws {plural(len(drawn), 'coin card')}.", p.seat)

    def _withdraw(self, p: Player, why: str) -> None:
        p.hand.extend(p.bid_coins)
        p.bid_card, p.bid_coins, p.bid_count = None, [], 0
        drawn = self._draw(PASS_DRAW)
        p.hand.extend(drawn)
        self._event("withdraw", f"{p.name} {why} and draws {plural(len(drawn), 'coin card')}.",
                    p.seat)

    def bid_bonus2(self, p: Player) -> int:
        """Market and Agora: each adds half a coin to every bid (in half coins)."""
        return self._count_function(p, "bid_bonus")

    def conquest_discount(self, p: Player) -> int:
        """Barracks and Stockade: each lowers the conquest row minimum by one coin."""
        return self._count_function(p, "conquest_discount")

    def _effective2(self, p: Player, coins: int) -> int:
        return 2 * coins + self.bid_bonus2(p)

    def _holders(self) -> dict[str, int]:
        return {p.bid_card: p.seat for p in self.players if p.bid_card is not None}

    def _targets(self, p: Player, exclude: str | None = None) -> list[BidTarget]:
        holders = self._holders()
        bonus2, discount = self.bid_bonus2(p), self.conquest_discount(p)
        out: list[BidTarget] = []
        for card in self.table.market:
            if card == exclude:
                continue
            value = self._power[card].value
            holder = holders.get(card)
            if holder is None:
                out.append(BidTarget(card, "market", value, None, 0, value))
            else:
                eff = self._effective2(self.players[holder], self.players[holder].bid_count)
                beat = (eff - bonus2) // 2 + 1  # fewest coins c with 2c + bonus2 > eff
                out.append(BidTarget(card, "market", value, holder, eff, max(value, beat)))
        for card in self.table.conquest:
            if card == exclude or card in holders:
                continue  # a conquest bid can never be beaten
            need = max(1, self._power[card].value + CONQUEST_SURCHARGE - discount)
            out.append(BidTarget(card, "conquest", need, None, 0, need))
        return out

    def _bid_prompt(self, p: Player) -> BidPrompt:
        return BidPrompt(
            player=p.seat, text="Bid coin cards on a power card (at least its value; more than "
            "any bid already on it; +3 in the conquest row), or pass and draw 3 coin cards.",
            targets=tuple(self._targets(p)), hand=tuple(p.hand),
            luxury_usable=self._luxury_for_coins(p), bonus2=self.bid_bonus2(p),
            discount=self.conquest_discount(p))

    # -- 4. turn order -------------------------------------------------------------------------

    def _turn_order(self) -> None:
        # Highest number of coin cards first; ties keep their order; the Market/Agora bonus is
        # ignored here.  sorted() is stable, so equal bids keep the previous order.
        self.order = sorted(self.order, key=lambda s: -self.players[s].bid_count)
        self._event("turn_order", "New turn order: " + ", ".join(
            f"{self.names[s]} ({self.players[s].bid_count})" for s in self.order) + ".",
            data=(("order", tuple(self.order)),))

    # -- 5. gain power cards ---------------------------------------------------------------------

    def _gain(self) -> Flow:
        t = self.table
        for seat in self.order:
            p = self.players[seat]
            if p.bid_card is not None:
                t.discard.extend(p.bid_coins)
                p.bid_coins = []
        for seat in list(self.order):
            p = self.players[seat]
            card = p.bid_card
            if card is None:
                continue
            p.bid_card = None
            # A won building stays in its row while its winner decides (the BuildPrompt below),
            # so every power card lies in exactly one place at every prompt.
            row = t.market if card in t.market else t.conquest
            info = self._power[card]
            if info.kind == "landscape":
                row.remove(card)
                p.landscapes.append(Placed(card))
                p.won.append(card)
                self._event("gain", f"{p.name} adds the landscape {info.name.en}.", seat, (card,))
                continue
            prompt = self._build_prompt(p, info)
            if not prompt.can_pay and not prompt.can_construct:
                row.remove(card)
                t.box.append(card)
                self._event("lost", f"{p.name} can neither pay for {info.name.en} nor put it "
                            "under construction: it is lost.", seat, (card,))
                continue
            ans = yield prompt
            row.remove(card)
            if isinstance(ans, GiveUpBuilding):
                t.box.append(card)
                self._event("lost", f"{p.name} gives up {info.name.en}.", seat, (card,))
            elif isinstance(ans, StartConstruction):
                if ans.coin is None:
                    p.luxury -= 1
                    coin = self._draw(1)[0]
                else:
                    p.hand.remove(ans.coin)
                    coin = ans.coin
                p.buildings.append(Placed(card, pledge=coin))
                p.won.append(card)
                self._event("construction", f"{p.name} puts {info.name.en} under construction"
                            + (" with a coin card drawn for a luxury good" if ans.coin is None
                               else "") + ".", seat, (card,))
            else:
                assert isinstance(ans, PayBuilding)
                for coin in ans.coins:
                    p.hand.remove(coin)
                    t.discard.append(coin)
                p.luxury -= ans.luxury
                p.buildings.append(Placed(card))
                p.won.append(card)
                paid = []
                if ans.coins:
                    paid.append(plural(len(ans.coins), "coin card"))
                if ans.luxury:
                    paid.append(plural(ans.luxury, "luxury good"))
                self._event("build", f"{p.name} builds {info.name.en}"
                            + (" paying " + " and ".join(paid) + " beside production" if paid
                               else " from production") + ".", seat, (card,))
                if not ans.luxury and prompt.excess:
                    self._gain_luxury(p, prompt.excess, "excess production")

    def _build_prompt(self, p: Player, info: PowerCard) -> BuildPrompt:
        wood, stone = self.production(p, "wood"), self.production(p, "stone")
        mw, ms = max(0, info.cost.wood - wood), max(0, info.cost.stone - stone)
        excess = max(0, wood - info.cost.wood) + max(0, stone - info.cost.stone)
        have_w = sum(self._coin_amt[c] for c in p.hand if self._coin_res[c] == "wood")
        have_s = sum(self._coin_amt[c] for c in p.hand if self._coin_res[c] == "stone")
        short = max(0, mw - have_w) + max(0, ms - have_s)
        lux_usable = self._luxury_for_coins(p)
        return BuildPrompt(
            player=p.seat, text=f"You won {info.name.en} (costs {info.cost.wood} wood, "
            f"{info.cost.stone} stone). Pay now, put it under construction with a coin card, or "
            "give it up.", card=info.id, cost_wood=info.cost.wood, cost_stone=info.cost.stone,
            production_wood=wood, production_stone=stone, missing_wood=mw, missing_stone=ms,
            excess=excess, hand=tuple(p.hand), luxury=p.luxury, luxury_usable=lux_usable,
            can_pay=short <= p.luxury, can_construct=bool(p.hand) or lux_usable > 0)

    # -- 6. income -------------------------------------------------------------------------------

    def _income(self, final: bool) -> None:
        for seat in list(self.order):
            p = self.players[seat]
            for card in p.won:
                info = self._power[card]
                if p.find(card) is None:
                    continue
                if info.income.coins:
                    once = self._draw(info.income.coins)
                    p.hand.extend(once)
                    self._event("income", f"{p.name} draws {plural(len(once), 'coin card')}, "
                                f"the one-time income of {info.name.en}.", seat, (card,))
                if info.income.luxury:
                    self._gain_luxury(p, info.income.luxury,
                                      f"the one-time income of {info.name.en}")
            p.won = []
            inhabitants = self.inhabitants(p)
            row = self.cards.income_for(inhabitants)
            extra = self._count_function(p, "coin_income")
            drawn = self._draw(row.coins + extra)
            p.hand.extend(drawn)
            self._event("income", f"{p.name} has {inhabitants} inhabitants and draws "
                        f"{plural(len(drawn), 'coin card')}"
                        + (f" ({extra} from Port/Temple)" if extra else "")
                        + (" (final income)" if final else "") + ".", seat,
                        data=(("coins", len(drawn)),))
            if row.luxury:
                self._gain_luxury(p, row.luxury, f"{inhabitants} inhabitants")

    # -- game end ------------------------------------------------------------------------------

    def _restore(self) -> None:
        discard = self.table.discard
        for p in self.players:
            changed = True
            while changed:
                changed = False
                for cat in self.table.struck:
                    if not self.protection(p, cat):
                        continue
                    for x in p.placed():
                        if x.cover is not None and x.cover_cause == cat:
                            discard.append(x.cover)
                            x.cover, x.cover_cause = None, None
                            changed = True
                            self._event("restored", f"{p.name} is now protected from "
                                        f"{self._catname(cat)}: {self._cname(x.card)} is "
                                        "uncovered.", p.seat, (x.card,))
                    if cat == "plague" and p.civ_cover is not None:
                        discard.append(p.civ_cover)
                        p.civ_state, p.civ_cover = "active", None
                        changed = True
                        self._event("restored", f"{p.name} is now protected from "
                                    f"{self._catname(cat)}: the civilization card is uncovered.",
                                    p.seat)
                    if cat == "decline" and p.luxury_cover is not None:
                        discard.append(p.luxury_cover)
                        p.luxury_state, p.luxury_cover = "active", None
                        changed = True
                        self._event("restored", f"{p.name} is now protected from "
                                    f"{self._catname(cat)}: the luxury card counts again.", p.seat)

    def _score(self) -> None:
        lux = self.cards.luxury
        raw: list[Score] = []
        for p in self.players:
            inh_coins = sum(self._coin_amt[c] for c in p.hand
                            if self._coin_res[c] == "inhabitants")
            coins_left = sum(1 for c in p.hand if self._coin_res[c] != "inhabitants")
            card_on = p.luxury_state == "active"
            raw.append(Score(
                seat=p.seat, name=p.name, population_tableau=self.inhabitants(p),
                population_coins=inh_coins,
                population_luxury_card=lux.inhabitants if card_on else 0,
                power_tableau=self.power_points(p), coins_left=coins_left,
                luxury_goods=p.luxury, power_from_coins=(coins_left + p.luxury) // 6,
                power_luxury_card=lux.power if card_on else 0))
        # standard competition ranking: 1, 1, 3 when two share first place
        self.scores = tuple(
            replace(s, rank=1 + sum(1 for o in raw if o.tiebreak > s.tiebreak)) for s in raw)
        self.winners = tuple(s.seat for s in self.scores if s.rank == 1)
        for s in sorted(self.scores, key=lambda s: s.rank):
            self._event("score", f"{s.name}: population {s.population}, power {s.power}, "
                        f"score {s.score}.", s.seat,
                        data=(("score", s.score), ("rank", s.rank)))
        self._event("winner", " and ".join(self.names[w] for w in self.winners)
                    + (" win" if len(self.winners) > 1 else " wins") + " the game.",
                    data=(("winners", self.winners),))

    # ----------------------------------------------------------------------------------------
    # what the tableau adds up to

    def _civ(self, p: Player) -> CivilizationCard:
        return self.cards.civ_by_id[p.civ]

    def _active_cards(self, p: Player) -> list[PowerCard]:
        return [self._power[x.card] for x in p.buildings + p.landscapes if x.cover is None]

    def _tableau_sum(self, p: Player, idx: int) -> int:
        """Sum of one entry of ``_stats`` over the uncovered cards and the active civilization."""
        stats = self._stats
        total = 0
        for x in p.buildings:
            if x.cover is None:
                total += stats[x.card][idx]
        for x in p.landscapes:
            if x.cover is None:
                total += stats[x.card][idx]
        if p.civ_state == "active":
            total += self._civ_stats[p.civ][idx]
        return total

    def tallies(self, p: Player) -> tuple[int, int, int, int, int]:
        """(inhabitants, power, wood, stone, grain) of the tableau in one pass (for views)."""
        stats = self._stats
        inh = power = wood = stone = grain = 0
        for row in (p.buildings, p.landscapes):
            for x in row:
                if x.cover is None:
                    a, b, c, d, e = stats[x.card]
                    inh += a
                    power += b
                    wood += c
                    stone += d
                    grain += e
        if p.civ_state == "active":
            a, b, c, d, e = self._civ_stats[p.civ]
            inh += a
            power += b
            wood += c
            stone += d
            grain += e
        return inh, power, wood, stone, grain

    def inhabitants(self, p: Player) -> int:
        """Inhabitants on the tableau (civilization and uncovered power cards; not luxury)."""
        return self._tableau_sum(p, 0)

    def production(self, p: Player, resource: str) -> int:
        return self._tableau_sum(p, _RESOURCE_INDEX[resource])

    def power_points(self, p: Player) -> int:
        return self._tableau_sum(p, 1)

    def _count_function(self, p: Player, fn: str) -> int:
        function = self._function
        n = 0
        for x in p.buildings:
            if x.cover is None and function[x.card] == fn:
                n += 1
        return n

    def symbols(self, p: Player, cat: CatastropheId) -> int:
        """Catastrophe symbols of one kind in the tableau (covered cards still show them)."""
        n = sum(1 for x in p.buildings + p.landscapes if self._power[x.card].catastrophe == cat)
        if p.civ_state != "removed":
            n += self._civ(p).catastrophes.count(cat)
        return n

    def protection(self, p: Player, cat: CatastropheId) -> str | None:
        """Why the player ignores this catastrophe, or None when they do not."""
        for x in p.buildings:
            if x.cover is None and self._power[x.card].protection == cat:
                return self._cname(x.card)
        if self.symbols(p, cat) >= 3:
            return f"three {self._catname(cat)} symbols"
        return None

    def protections(self, p: Player) -> tuple[tuple[str, str | None], ...]:
        """``(catastrophe, protection(p, catastrophe))`` for every catastrophe, in one pass."""
        power = self._power
        building: dict[str, str] = {}  # catastrophe -> the first uncovered building against it
        symbols: dict[str, int] = {}
        for x in p.buildings:
            info = power[x.card]
            if x.cover is None and info.protection is not None:
                building.setdefault(info.protection, x.card)
            if info.catastrophe is not None:
                symbols[info.catastrophe] = symbols.get(info.catastrophe, 0) + 1
        for x in p.landscapes:
            cat = power[x.card].catastrophe
            if cat is not None:
                symbols[cat] = symbols.get(cat, 0) + 1
        if p.civ_state != "removed":
            for cat in self._civ(p).catastrophes:
                symbols[cat] = symbols.get(cat, 0) + 1
        out: list[tuple[str, str | None]] = []
        for c in self.cards.catastrophes:
            if c.id in building:
                out.append((c.id, self._cname(building[c.id])))
            elif symbols.get(c.id, 0) >= 3:
                out.append((c.id, f"three {c.name.en} symbols"))
            else:
                out.append((c.id, None))
        return tuple(out)

    def luxury_cap(self, p: Player) -> int:
        if p.luxury_state == "active":
            return self.cards.luxury.cap
        if p.luxury_state == "covered":
            return self.cards.luxury.declined_cap
        return 0

    def _gain_luxury(self, p: Player, amount: int, why: str) -> None:
        cap = self.luxury_cap(p)
        new = min(cap, p.luxury + amount)
        got = new - p.luxury
        p.luxury = new
        if got < amount:
            note = (" (no luxury card left)" if cap == 0 else f" (capped at {cap})")
        else:
            note = ""
        self._event("luxury", f"{p.name} gains {plural(got, 'luxury good')} for {why}{note}.",
                    p.seat, data=(("gained", got), ("why", why)))

    def _luxury_for_coins(self, p: Player) -> int:
        """Luxury goods that can be traded for blind coin cards right now."""
        return min(p.luxury, len(self.table.coin_pile) + len(self.table.discard))

    # ----------------------------------------------------------------------------------------
    # moving cards

    def _draw(self, n: int) -> list[int]:
        t = self.table
        out: list[int] = []
        for _ in range(n):
            if not t.coin_pile and not self._reshuffle():
                self._event("coins_out", "The coin cards have run out: nothing more to draw.")
                break
            out.append(t.coin_pile.pop())
        self._turned_up += len(out)
        if out and not t.coin_pile:
            # "As soon as the pile is used up" (German rulebook: "sobald"), not at the next draw
            self._reshuffle()
        return out

    def _reshuffle(self) -> bool:
        """Shuffle the discard pile into a new coin pile; False if there is nothing to shuffle."""
        t = self.table
        if not t.discard:
            return False
        t.coin_pile = t.discard
        t.discard = []
        self.rng.shuffle(t.coin_pile)
        self._event("reshuffle", f"The discard pile ({len(t.coin_pile)} coin cards) is "
                    "shuffled into a new draw pile.")
        return True

    def _remove(self, p: Player, card: str) -> None:
        """Return a tableau card to the box; coins on or under it go to the discard pile."""
        t = self.table
        if card == CIV:
            if p.civ_cover is not None:
                t.discard.append(p.civ_cover)
            p.civ_state, p.civ_cover = "removed", None
            t.civ_box.append(p.civ)
            return
        if card == LUXURY:
            if p.luxury_cover is not None:
                t.discard.append(p.luxury_cover)
            p.luxury_state, p.luxury_cover, p.luxury = "removed", None, 0
            t.luxury_box += 1
            return
        for row in (p.buildings, p.landscapes):
            for i, x in enumerate(row):
                if x.card == card:
                    del row[i]
                    for coin in (x.pledge, x.cover):
                        if coin is not None:
                            t.discard.append(coin)
                    t.box.append(card)
                    return
        raise AssertionError(f"{card} is not in {p.name}'s tableau")

    # ----------------------------------------------------------------------------------------
    # validation (never changes anything)

    def _validate(self, prompt: Prompt, ans: Answer) -> None:
        p = self.players[prompt.player]
        if isinstance(prompt, BidPrompt):
            if isinstance(ans, PlaceBid):
                self._check_bid(p, prompt, ans)
        elif isinstance(prompt, OutbidPrompt):
            # compare, not hash: a malformed (unhashable) card must be refused, not crash
            if isinstance(ans, MoveBid) and not any(t.card == ans.card for t in prompt.targets):
                raise IllegalAnswer(self._why_not_move(prompt, ans.card))
        elif isinstance(prompt, BuildPrompt):
            if isinstance(ans, PayBuilding):
                if not prompt.can_pay:
                    raise IllegalAnswer("you cannot pay for this building: put it under "
                                        "construction or give it up")
                self._check_payment(p, prompt.missing_wood, prompt.missing_stone, ans.coins,
                                    ans.luxury)
            elif isinstance(ans, StartConstruction):
                if ans.coin is None:
                    if self._luxury_for_coins(p) < 1:
                        raise IllegalAnswer("you have no luxury good to trade for a coin card")
                elif (not isinstance(ans.coin, int) or isinstance(ans.coin, bool)
                      or ans.coin not in p.hand):
                    raise IllegalAnswer("that coin card is not in your hand")
        elif isinstance(prompt, CatastrophePrompt):
            assert isinstance(ans, CatastropheAnswer)
            self._check_catastrophe(p, prompt, ans)
        elif isinstance(prompt, FeedPrompt):
            assert isinstance(ans, FeedPlan)
            self._check_feed(p, ans)
        elif isinstance(prompt, CompletePrompt):
            assert isinstance(ans, CompletePlan)
            self._check_complete(p, prompt, ans)

    def _check_coins(self, p: Player, coins: Any, resource: str | None = None) -> None:
        if not isinstance(coins, tuple) or not all(
            isinstance(c, int) and not isinstance(c, bool) for c in coins
        ):
            raise IllegalAnswer("coin cards must be given as a list of coin card numbers")
        if len(set(coins)) != len(coins):
            raise IllegalAnswer("the same coin card is named twice")
        for c in coins:
            if c not in p.hand:
                raise IllegalAnswer(f"coin card {c} is not in your hand")
            if resource is not None and self._coin_res[c] != resource:
                raise IllegalAnswer(f"coin card {c} shows {self._coin_res[c]}, not {resource}")

    def _check_luxury(self, p: Player, amount: Any, limit: int | None = None) -> None:
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise IllegalAnswer("luxury goods must be a whole number, zero or more")
        if amount > p.luxury:
            raise IllegalAnswer(f"you have only {plural(p.luxury, 'luxury good')}")
        if limit is not None and amount > limit:
            raise IllegalAnswer(f"only {limit} coin cards are left to draw for luxury goods")

    def _check_bid(self, p: Player, prompt: BidPrompt, ans: PlaceBid) -> None:
        target = next((t for t in prompt.targets if t.card == ans.card), None)
        if target is None:
            if ans.card in self.table.conquest:
                raise IllegalAnswer(f"{self._cname(ans.card)} in the conquest row already has a "
                                    "bid, and a conquest bid cannot be beaten")
            raise IllegalAnswer(f"{ans.card!r} is not a power card on offer this round")
        self._check_coins(p, ans.coins)
        self._check_luxury(p, ans.luxury, prompt.luxury_usable)
        total = len(ans.coins) + ans.luxury
        if total < target.min_coins:
            where = " in the conquest row (value + 3" + (
                f" − {prompt.discount} for Barracks/Stockade" if prompt.discount else "") + ")" \
                if target.row == "conquest" else ""
            raise IllegalAnswer(f"{self._cname(ans.card)} needs at least "
                                f"{plural(target.min_coins, 'coin card')}{where}; you offered "
                                f"{total}")
        if total < target.need_coins:
            holder = self.players[target.holder if target.holder is not None else 0]
            raise IllegalAnswer(f"{holder.name}'s bid on {self._cname(ans.card)} counts "
                                f"{halves(target.holder_effective2)}; yours would count "
                                f"{halves(2 * total + prompt.bonus2)}: you must bid more")

    def _why_not_move(self, prompt: OutbidPrompt, card: str) -> str:
        if card == prompt.from_card:
            return "you must move your bid to a different card"
        p = self.players[prompt.player]
        for t in self._targets(p):
            if t.card == card:
                if prompt.coins < t.min_coins:
                    return (f"your bid of {prompt.coins} is below the minimum of {t.min_coins} "
                            f"for {self._cname(card)}")
                return (f"your bid counts {halves(prompt.effective2)}, not more than the "
                        f"{halves(t.holder_effective2)} already on {self._cname(card)}")
        if card in self.table.conquest:
            return "that conquest row card already has a bid, which cannot be beaten"
        return f"{card!r} is not a power card on offer this round"

    def _check_payment(self, p: Player, missing_wood: int, missing_stone: int, coins: Any,
                       luxury: Any) -> None:
        self._check_coins(p, coins)
        self._check_luxury(p, luxury)
        got = {"wood": 0, "stone": 0}
        smallest = {"wood": 99, "stone": 99}
        missing = {"wood": missing_wood, "stone": missing_stone}
        for c in coins:
            res = self._coin_res[c]
            if res not in got or not missing[res]:
                raise IllegalAnswer(f"coin card {c} shows {res}, which is not missing")
            got[res] += self._coin_amt[c]
            smallest[res] = min(smallest[res], self._coin_amt[c])
        for res in ("wood", "stone"):
            if got[res] and got[res] - smallest[res] >= missing[res]:
                raise IllegalAnswer(f"you give more {res} coin cards than the {missing[res]} "
                                    f"{res} missing")
        rest = max(0, missing_wood - got["wood"]) + max(0, missing_stone - got["stone"])
        if luxury < rest:
            raise IllegalAnswer(f"{rest} more wood/stone is missing: give coin cards or "
                                "luxury goods for it")
        if luxury > rest:
            raise IllegalAnswer("no luxury goods are needed" if rest == 0 else
                                f"only {plural(rest, 'luxury good')} needed, not {luxury}")

    def _check_catastrophe(self, p: Player, prompt: CatastrophePrompt,
                           ans: CatastropheAnswer) -> None:
        tr = ans.treatments
        if not isinstance(tr, tuple) or not all(isinstance(t, tuple) and len(t) == 2 for t in tr):
            raise IllegalAnswer("name each card hit and how it is treated")
        cards = [c for c, _ in tr]
        if len(tr) != prompt.count:
            raise IllegalAnswer(f"{plural(prompt.count, 'card')} must be chosen, not {len(tr)}")
        for c in cards:  # before the set below: a malformed (unhashable) card stops here
            if c not in prompt.candidates:
                raise IllegalAnswer(f"{c!r} is not one of the cards this catastrophe can hit")
        if len(set(cards)) != len(cards):
            raise IllegalAnswer("the same card is named twice")
        coins = tuple(h for _, h in tr if not isinstance(h, str))
        self._check_coins(p, coins)
        for _, h in tr:
            if isinstance(h, str) and h not in ("luxury", "remove"):
                raise IllegalAnswer(f"{h!r}: cover with a coin card, with a luxury good, or "
                                    "remove")
        lux = sum(1 for _, h in tr if h == "luxury")
        if lux > prompt.luxury_usable:
            raise IllegalAnswer("you cannot trade that many luxury goods for coin cards now")

    def _check_feed(self, p: Player, plan: FeedPlan) -> None:
        self._check_coins(p, plan.grain_coins, "grain")
        self._check_coins(p, plan.inhabitant_coins, "inhabitants")
        self._check_luxury(p, plan.luxury)
        if not isinstance(plan.remove, tuple) or not all(isinstance(c, str) for c in plan.remove):
            raise IllegalAnswer("cards to remove must be a list of card ids")
        if len(set(plan.remove)) != len(plan.remove):
            raise IllegalAnswer("the same card is named twice")
        inhabited = set(self._inhabited(p))
        for c in plan.remove:
            if c not in inhabited:
                raise IllegalAnswer(f"{self._label(p, c)} cannot be removed to save grain "
                                    "(it is not an uncovered card of yours with inhabitants)")
        paid_units = [self._coin_amt[c] for c in plan.grain_coins + plan.inhabitant_coins]
        paid_units += [1] * plan.luxury
        paid = sum(paid_units)

        def shortfall(removed: set[str]) -> int:
            need, grain = self.inhabitants(p), self.production(p, "grain")
            for c in removed:
                if c == CIV:
                    civ = self._civ(p)
                    need -= civ.inhabitants
                    grain -= civ.production.grain
                else:
                    info = self._power[c]
                    need -= info.inhabitants
                    grain -= info.production.grain
            return need - grain

        removed = set(plan.remove)
        short = shortfall(removed)
        if short > paid:
            raise IllegalAnswer(f"{plural(short - paid, 'inhabitant')} would still go hungry: "
                                "pay more or remove more cards")
        if paid_units and paid - min(paid_units) >= max(short, 0):
            raise IllegalAnswer("you pay more than the shortfall needs")
        for c in plan.remove:
            if shortfall(removed - {c}) <= paid:
                raise IllegalAnswer(f"{self._label(p, c)} need not be removed: the others "
                                    "and your payment already cover the shortfall")

    def _check_complete(self, p: Player, prompt: CompletePrompt, plan: CompletePlan) -> None:
        if not isinstance(plan.complete, tuple) or not all(
            isinstance(c, str) for c in plan.complete
        ):
            raise IllegalAnswer("name the buildings to complete as a list of card ids")
        if len(set(plan.complete)) != len(plan.complete):
            raise IllegalAnswer("the same building is named twice")
        for c in plan.complete:
            if c not in prompt.buildings:
                raise IllegalAnswer(f"{c!r} is not one of your buildings under construction")
        wood = sum(self._power[c].cost.wood for c in plan.complete)
        stone = sum(self._power[c].cost.stone for c in plan.complete)
        self._check_payment(p, max(0, wood - prompt.production_wood),
                            max(0, stone - prompt.production_stone), plan.coins, plan.luxury)

    # ----------------------------------------------------------------------------------------
    # names, events, snapshots

    def _cname(self, card: str) -> str:
        info = self._power.get(card)
        return info.name.en if info else card

    def _catname(self, cat: str) -> str:
        return self.cards.catastrophe_by_id[cat].name.en

    def card_label(self, seat: int, card: str) -> str:
        """A readable name for a card id used in prompts ("civ" and "luxury" included)."""
        return self._label(self.players[seat], card)

    def bid_targets(self, seat: int) -> tuple[BidTarget, ...]:
        """Where ``seat`` could bid right now and what each card would need (for display)."""
        return tuple(self._targets(self.players[seat]))

    def _label(self, p: Player, card: str) -> str:
        if card == CIV:
            return f"the civilization card {self._civ(p).name.en}"
        if card == LUXURY:
            return "the luxury card"
        return self._cname(card)

    @staticmethod
    def _cards_of(card: str) -> tuple[str, ...]:
        return () if card in (CIV, LUXURY) else (card,)

    def _event(self, kind: str, text: str, player: int | None = None,
               cards: tuple[str, ...] = (), data: tuple[tuple[str, Any], ...] = ()) -> None:
        self.log.append(Event(len(self.log), self.round, self.phase, kind, text, player, cards,
                              data))

    def view_for(self, seat: int) -> View:
        """What the player in ``seat`` may see (own hand; sizes only of hidden piles)."""
        return view_for(self, seat)

    def coin_resource(self, coin: int) -> str:
        return self._coin_res[coin]

    def coin_amount(self, coin: int) -> int:
        return self._coin_amt[coin]

    def state_json(self) -> dict[str, Any]:
        """The whole state (including what is hidden from players), for tests and debugging."""
        return {
            "round": self.round, "phase": self.phase, "order": list(self.order),
            "players": [p.to_json() for p in self.players], "table": self.table.to_json(),
            "rng": hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest(),
            "answers": [a.to_dict() for a in self.answers],
            "log": [e.to_json() for e in self.log],
            "pending": None if self.pending is None else {
                "kind": self.pending.kind, "player": self.pending.player,
                "text": self.pending.text},
            "winners": list(self.winners),
        }

    def snapshot(self) -> str:
        return json.dumps(self.state_json(), sort_keys=True, default=str)
