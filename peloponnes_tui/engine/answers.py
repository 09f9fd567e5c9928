"""The legal answers of a prompt, each once in every way that matters.

A prompt's answers are combinatorial where coin cards are named (which three of seven coin cards
go on a bid), but two answers that name coin cards of the same kind (resource and amount) do
exactly the same thing.  :func:`legal_answers` lists every decision a player really has: which
card to bid on and with how many coin cards and luxury goods, whether to pass, where to move an
outbid bid, how to add a won building, which cards a catastrophe hits and how each is treated,
how to feed, which buildings to complete.  The coin cards themselves are taken in the caller's
``order`` (the ones it would rather give first), so a computer player keeps its own taste in
coins while the engine says what may be chosen.  Every answer listed passes the engine's checks.

:func:`answer_key` tells when two answers cannot be told apart (the coach merges them), and
:func:`coin_kinds` what coin cards an answer names, by kind.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import assert_never

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.bidding import affordable, most_coins
from peloponnes_tui.engine.plans import feed_plan, pick_coins, resource_payment
from peloponnes_tui.engine.prompts import (
    Answer,
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    Treatment,
    Withdraw,
)
from peloponnes_tui.engine.supply import (
    card_hunger,
    completion_cost,
    feed_refusal,
    feed_units,
    shortfall_after,
)

# Buildings under construction beyond which only "all" and "none" are offered for completing
# (2**n subsets; there are rarely more than three).
MAX_COMPLETE_SUBSETS = 6
# Removable cards beyond which feeding plans remove cards only in the order given.
MAX_FEED_SUBSETS = 10

CoinKind = tuple[str, int]  # (resource, amount) of a coin card


def coin_kinds(cards: CardSet, coins: Sequence[int]) -> tuple[CoinKind, ...]:
    """The kinds of ``coins`` (resource, amount), sorted: what a player can tell them apart by."""
    backs = cards.coins
    return tuple(sorted((backs[c].resource, backs[c].amount) for c in coins))


def answer_key(cards: CardSet, answer: Answer) -> tuple[object, ...]:
    """The answer with its coin cards named by kind: two answers with the same key do the same
    thing (they differ at most in which of two coin cards of one kind is given)."""
    match answer:
        case PlaceBid(card=card, coins=coins, luxury=luxury):
            return ("place_bid", card, coin_kinds(cards, coins), luxury)
        case PayBuilding(coins=coins, luxury=luxury):
            return ("pay_building", coin_kinds(cards, coins), luxury)
        case StartConstruction(coin=coin):
            return ("start_construction",
                    None if coin is None else coin_kinds(cards, (coin,)))
        case CatastropheAnswer(treatments=treatments):
            return ("catastrophe", tuple(sorted(
                (card, (how, 0) if isinstance(how, str) else coin_kinds(cards, (how,))[0])
                for card, how in treatments)))
        case FeedPlan(grain_coins=grain, inhabitant_coins=inh, luxury=luxury, remove=remove):
            return ("feed", coin_kinds(cards, grain + inh), luxury, tuple(sorted(remove)))
        case CompletePlan(complete=complete, coins=coins, luxury=luxury):
            return ("complete", tuple(sorted(complete)), coin_kinds(cards, coins), luxury)
        case _:
            return (answer.kind, *(getattr(answer, f) for f in answer.__dataclass_fields__))


def answer_coins(answer: Answer) -> tuple[int, ...]:
    """The coin cards from the hand an answer names (to bid, pay, cover, feed or pledge)."""
    match answer:
        case PlaceBid(coins=coins) | PayBuilding(coins=coins) | CompletePlan(coins=coins):
            return coins
        case StartConstruction(coin=coin):
            return () if coin is None else (coin,)
        case CatastropheAnswer(treatments=treatments):
            return tuple(how for _, how in treatments if isinstance(how, int))
        case FeedPlan(grain_coins=grain, inhabitant_coins=inh):
            return grain + inh
        case _:
            return ()


def interchangeable(cards: CardSet, hand: Sequence[int], answer: Answer) -> tuple[CoinKind, ...]:
    """The kinds of coin card the answer gives of which the hand holds more than it gives: which
    of those cards go makes no difference (the answers are one, :func:`answer_key`)."""
    given = coin_kinds(cards, answer_coins(answer))
    held = coin_kinds(cards, hand)
    return tuple(k for k in sorted(set(given)) if held.count(k) > given.count(k))


def _distinct(cards: CardSet, coins: Sequence[int]) -> list[int]:
    """The first coin card of each kind in ``coins``, in their order."""
    seen: set[CoinKind] = set()
    out: list[int] = []
    backs = cards.coins
    for c in coins:
        kind = (backs[c].resource, backs[c].amount)
        if kind not in seen:
            seen.add(kind)
            out.append(c)
    return out


def legal_answers(prompt: AnyPrompt, cards: CardSet, civ: str, order: Sequence[int] | None = None,
                  raises: int | None = 0, removals: Sequence[Sequence[str]] | None = None
                  ) -> tuple[Answer, ...]:
    """Every distinct legal answer to ``prompt`` (see the module's docstring).

    ``civ`` is the deciding player's civilization (feeding depends on it); ``order`` the coin
    cards of the prompt's hand in the order they are given (default: the hand's order); a bid
    offers from the least it may (``need_coins``) up to ``raises`` coin cards more (None: up to
    everything the player holds); feeding offers the sets of cards in ``removals`` (each paid as
    the rules allow; None: every set the rules allow).  Answers that name coin cards of the same
    kinds are listed once.
    """
    return tuple(iter_answers(prompt, cards, civ, order, raises, removals))


def iter_answers(prompt: AnyPrompt, cards: CardSet, civ: str, order: Sequence[int] | None = None,
                 raises: int | None = 0, removals: Sequence[Sequence[str]] | None = None
                 ) -> Iterator[Answer]:
    """:func:`legal_answers` one at a time, in the same order (a caller that needs only the
    first few stops early)."""
    hand = list(prompt.hand) if not isinstance(prompt, OutbidPrompt) else []
    coins = list(order) if order is not None else hand
    match prompt:
        case BidPrompt():
            return _bids(prompt, coins, raises)
        case OutbidPrompt():
            return iter((Withdraw(), *(MoveBid(t.card) for t in prompt.targets)))
        case BuildPrompt():
            return _builds(prompt, cards, coins)
        case CatastrophePrompt():
            return _catastrophes(prompt, cards, coins)
        case FeedPrompt():
            return _feeds(prompt, cards, civ, coins, removals)
        case CompletePrompt():
            return _completes(prompt, cards, coins)
        case _:
            assert_never(prompt)


def _bids(prompt: BidPrompt, coins: Sequence[int], raises: int | None) -> Iterator[Answer]:
    yield Pass()
    most = most_coins(prompt)
    for t in affordable(prompt):
        top = most if raises is None else min(most, t.need_coins + raises)
        for amount in range(t.need_coins, top + 1):
            for lux in range(max(0, amount - len(coins)), min(prompt.luxury_usable, amount) + 1):
                yield PlaceBid(t.card, tuple(coins[: amount - lux]), lux)


def _builds(prompt: BuildPrompt, cards: CardSet, coins: Sequence[int]) -> Iterator[Answer]:
    if prompt.can_pay:
        paid, rest = resource_payment(coins, cards, prompt.missing_wood, prompt.missing_stone)
        if rest <= prompt.luxury:
            yield PayBuilding(tuple(paid), rest)
    if prompt.can_construct:
        for c in _distinct(cards, coins):
            yield StartConstruction(c)
        if prompt.luxury_usable:
            yield StartConstruction(None)


def _catastrophes(prompt: CatastrophePrompt, cards: CardSet, coins: Sequence[int]
                  ) -> Iterator[Answer]:
    for hit in itertools.combinations(prompt.candidates, prompt.count):
        # each card hit is removed, covered with the next coin card, or with a luxury good
        for ways in itertools.product(("remove", "coin", "luxury"), repeat=len(hit)):
            if ways.count("coin") > len(coins) or ways.count("luxury") > prompt.luxury_usable:
                continue
            left = iter(coins)
            treatments: list[tuple[str, Treatment]] = []
            for card, way in zip(hit, ways, strict=True):
                how: Treatment = next(left) if way == "coin" else (
                    "luxury" if way == "luxury" else "remove")
                treatments.append((card, how))
            yield CatastropheAnswer(tuple(treatments))


def _feeds(prompt: FeedPrompt, cards: CardSet, civ: str, coins: Sequence[int],
           removals: Sequence[Sequence[str]] | None) -> Iterator[FeedPlan]:
    """Every set of cards to remove that the rules allow, each paid for (grain coin cards first,
    then inhabitant coin cards or luxury goods first, both when they differ)."""
    backs = cards.coins
    can_pay = feed_units(cards, FeedPlan(
        tuple(c for c in coins if backs[c].resource == "grain"),
        tuple(c for c in coins if backs[c].resource == "inhabitants"), prompt.luxury))
    saving = [c for c in prompt.removable if card_hunger(cards, civ, c) > 0]
    sets: Iterable[tuple[str, ...]]
    if removals is not None:
        sets = [tuple(r) for r in removals if all(c in saving for c in r)]
    elif len(saving) <= MAX_FEED_SUBSETS:
        sets = itertools.chain.from_iterable(
            itertools.combinations(saving, k) for k in range(len(saving) + 1))
    else:
        sets = (tuple(saving[:k]) for k in range(len(saving) + 1))
    hunger = {c: card_hunger(cards, civ, c) for c in saving}
    seen: set[FeedPlan] = set()
    for removed in sets:
        short = shortfall_after(cards, civ, prompt.shortfall, removed)
        if short > can_pay:
            continue
        if short < 0 and any(short + hunger[c] <= 0 for c in removed):
            continue  # a card removed that the others make unnecessary: never legal
        need = max(0, short)
        for lux_first in (True, False):
            grain = pick_coins(coins, cards, "grain", need)
            rest = need - sum(backs[c].amount for c in grain)
            inh: list[int] = []
            lux = 0
            if lux_first:
                lux = min(prompt.luxury, max(0, rest))
                inh = pick_coins(coins, cards, "inhabitants", rest - lux)
            else:
                inh = pick_coins(coins, cards, "inhabitants", rest)
                lux = min(prompt.luxury, max(0, rest - sum(backs[c].amount for c in inh)))
            plan = FeedPlan(tuple(grain), tuple(inh), lux, removed)
            if plan not in seen and feed_refusal(cards, civ, prompt, plan) is None:
                seen.add(plan)
                yield plan
    if not seen:  # the plain plan (pay what the hand can, remove cards in order for the rest)
        g, i, lx, rem = feed_plan(cards, civ, prompt.shortfall, coins, prompt.luxury, saving)
        yield FeedPlan(tuple(g), tuple(i), lx, tuple(rem))


def _completes(prompt: CompletePrompt, cards: CardSet, coins: Sequence[int]
               ) -> Iterator[CompletePlan]:
    yield CompletePlan((), (), 0)
    blds = list(prompt.buildings)
    n = len(blds)
    masks = range(1, 1 << n) if n <= MAX_COMPLETE_SUBSETS else [(1 << n) - 1]
    for mask in masks:
        chosen = tuple(b for i, b in enumerate(blds) if mask >> i & 1)
        mw, ms = completion_cost(cards, prompt, chosen)
        paid, rest = resource_payment(coins, cards, mw, ms)
        if rest <= prompt.luxury:
            yield CompletePlan(chosen, tuple(paid), rest)


__all__ = ["CoinKind", "answer_coins", "answer_key", "coin_kinds", "interchangeable",
           "iter_answers", "legal_answers"]
