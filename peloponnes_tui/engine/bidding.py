"""Phase 3 of a round: bidding.

In turn order each player either bids coin cards face down on one power card or passes and draws
three coin cards.  A bid must reach the card's value (in the conquest row the value plus three,
less one for each Barracks/Stockade), and on a market card it must count more than the bid lying
there; Market and Agora each add half a coin to every bid of their owner.  The player outbid moves
the bid unchanged to another card it can win, or takes it back and draws three coin cards.  A bid
in the conquest row cannot be beaten.  Luxury goods can be traded for coin cards drawn blind and
added to a bid.  Power cards nobody bid on leave the game.

Bids are compared in half coins (``*_halves``), so the half coins of Market and Agora stay whole
numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from peloponnes_tui.cards import CardSet
from peloponnes_tui.engine.core import Flow, GameCore
from peloponnes_tui.engine.log import (
    BidData,
    DiscardedData,
    MoveBidData,
    OutbidData,
    PassData,
    PassReason,
    WithdrawData,
    WithdrawReason,
)
from peloponnes_tui.engine.names import shown
from peloponnes_tui.engine.payment import check_coins, check_luxury
from peloponnes_tui.engine.prompts import (
    BidPrompt,
    BidTarget,
    IllegalAnswer,
    MoveBid,
    OutbidPrompt,
    Pass,
    PlaceBid,
    Withdraw,
)
from peloponnes_tui.engine.state import Player
from peloponnes_tui.engine.view import View
from peloponnes_tui.engine.words import halves
from peloponnes_tui.message import Message, Param, message, message_n

COINS_FOR_PASSING = 3  # coin cards drawn for passing, or for taking back an outbid bid
CONQUEST_SURCHARGE = 3  # added to a card's value in the conquest row
CONQUEST_MINIMUM = 1  # however many Barracks/Stockades, a conquest bid needs one coin card


def effective_halves(coins: int, bonus_halves: int) -> int:
    """What a bid of ``coins`` coin cards counts, in half coins, with a Market/Agora bonus."""
    return 2 * coins + bonus_halves


def bid_coins(ans: PlaceBid) -> int:
    """The coin cards a bid puts down: those from the hand plus one drawn blind per luxury good."""
    return len(ans.coins) + ans.luxury


def coins_to_beat(standing_halves: int, bonus_halves: int) -> int:
    """The fewest coin cards whose bid counts more than ``standing_halves``."""
    return (standing_halves - bonus_halves) // 2 + 1


def conquest_minimum(value: int, discount: int) -> int:
    """The least bid on a conquest row card: its value plus the surcharge, less the discount."""
    return max(CONQUEST_MINIMUM, value + CONQUEST_SURCHARGE - discount)


def coins_drawn_for_passing(pile: int, discard: int) -> int:
    """The coin cards a pass (or taking an outbid bid back) draws now: three, fewer only when the
    draw pile and the discard pile together hold fewer (ruling R18)."""
    return min(COINS_FOR_PASSING, pile + discard)


def most_coins(prompt: BidPrompt) -> int:
    """The biggest bid the player can make now: every coin card in hand, plus one coin card
    drawn blind for each luxury good that may be traded."""
    return len(prompt.hand) + prompt.luxury_usable


def affordable(prompt: BidPrompt) -> tuple[BidTarget, ...]:
    """The targets the hand (with luxury goods traded for coin cards) can reach."""
    most = most_coins(prompt)
    return tuple(t for t in prompt.targets if t.need_coins <= most)


def bidding(core: GameCore) -> Flow:
    for p in core.players:
        p.bid_card, p.bid_coins, p.bid_count = None, [], 0
    for seat in list(core.order):
        p = core.players[seat]
        prompt = bid_prompt(core, p)
        if not affordable(prompt):
            pass_(core, p, "cannot_afford")
            continue
        ans = yield prompt
        if isinstance(ans, Pass):
            pass_(core, p, "chose")
            continue
        assert isinstance(ans, PlaceBid)
        for coin in ans.coins:
            p.hand.remove(coin)
        extra: list[int] = []
        if ans.luxury:
            p.luxury -= ans.luxury
            extra = core.draw(ans.luxury)
        p.bid_card, p.bid_coins = ans.card, list(ans.coins) + extra
        p.bid_count = len(p.bid_coins)
        target = next(t for t in prompt.targets if t.card == ans.card)
        core.event(BidData(p.bid_count, target.row, ans.luxury), seat, (ans.card,))
        yield from _outbid_chain(core, target.holder)
    t = core.table
    taken = {p.bid_card for p in core.players if p.bid_card}
    for row in (t.market, t.conquest):
        for card in row:
            if card not in taken:
                t.box.append(card)
                core.event(DiscardedData(), cards=(card,))
        row[:] = [card for card in row if card in taken]  # the box now holds the others


def _outbid_chain(core: GameCore, displaced: int | None) -> Flow:
    """The outbid player moves the bid on (possibly outbidding another) or takes it back."""
    while displaced is not None:
        d = core.players[displaced]
        bid_card = d.bid_card or ""
        targets = tuple(t for t in targets_for(core, d, exclude=d.bid_card)
                        if t.need_coins <= d.bid_count)
        core.event(OutbidData(), displaced, (bid_card,))
        if not targets:
            withdraw(core, d, "nowhere_to_move")
            return
        reply = yield OutbidPrompt(
            player=displaced, from_card=bid_card, coins=d.bid_count,
            effective_halves=effective_halves(d.bid_count, core.bid_bonus_halves(d)),
            targets=targets, draws=_draws(core))
        if isinstance(reply, Withdraw):
            withdraw(core, d, "chose")
            return
        assert isinstance(reply, MoveBid)
        moved_to = next(t for t in targets if t.card == reply.card)
        d.bid_card = reply.card
        core.event(MoveBidData(d.bid_count, moved_to.row), displaced, (reply.card,))
        displaced = moved_to.holder


def pass_(core: GameCore, p: Player, why: PassReason) -> None:
    drawn = core.draw(COINS_FOR_PASSING)  # fewer if the coin cards run out (R18)
    p.hand.extend(drawn)
    core.event(PassData(why, len(drawn)), p.seat)


def withdraw(core: GameCore, p: Player, why: WithdrawReason) -> None:
    p.hand.extend(p.bid_coins)
    p.bid_card, p.bid_coins, p.bid_count = None, [], 0
    drawn = core.draw(COINS_FOR_PASSING)
    p.hand.extend(drawn)
    core.event(WithdrawData(why, len(drawn)), p.seat)


def targets_for(core: GameCore, p: Player, exclude: str | None = None) -> list[BidTarget]:
    """Where ``p`` could bid now, and what a bid on each card must reach."""
    standing = standing_bids((q.bid_card, q.seat, effective_halves(q.bid_count,
                                                                 core.bid_bonus_halves(q)))
                             for q in core.players)
    return bid_targets(core.cards, core.table.market, core.table.conquest, standing,
                       core.bid_bonus_halves(p), core.conquest_discount(p), exclude)


def view_standing_bids(view: View) -> dict[str, tuple[int, int]]:
    """card -> (seat, half coins) of the standing bid on it in the position ``view`` shows
    (:func:`standing_bids`; an outbid player's beaten bid is not among them)."""
    return standing_bids((q.bid_card, q.seat, effective_halves(q.bid_count, q.bid_bonus_halves))
                         for q in view.players)


def view_targets(cards: CardSet, view: View, seat: int,
                 exclude: str | None = None) -> tuple[BidTarget, ...]:
    """Where ``seat`` could bid in the position ``view`` shows (public information only)."""
    standing = view_standing_bids(view)
    me = view.players[seat]
    return tuple(bid_targets(cards, view.market, view.conquest, standing, me.bid_bonus_halves,
                             me.conquest_discount, exclude))


def standing_bids(bids: Iterable[tuple[str | None, int, int]]) -> dict[str, tuple[int, int]]:
    """card -> (seat, half coins) of the highest bid on it, from (card, seat, half coins) bids.

    While an outbid player decides, their beaten bid still lies on the card beside the one that
    beat it; the standing bid is the higher.
    """
    out: dict[str, tuple[int, int]] = {}
    for card, seat, halves_ in bids:
        if card is not None and (card not in out or halves_ > out[card][1]):
            out[card] = (seat, halves_)
    return out


def bid_targets(cards: CardSet, market: Sequence[str], conquest: Sequence[str],
                standing: Mapping[str, tuple[int, int]], bonus_halves: int, discount: int,
                exclude: str | None = None) -> list[BidTarget]:
    """The cards a bidder with ``bonus_halves`` and ``discount`` could bid on, each with what
    its bid must reach; ``standing`` maps each card with a bid to (holder's seat, that bid in
    half coins)."""
    power_cards = cards.power_by_id
    out: list[BidTarget] = []
    for card in market:
        if card == exclude:
            continue
        value = power_cards[card].value
        held = standing.get(card)
        if held is None:
            out.append(BidTarget(card, "market", value, None, 0, value))
        else:
            holder, halves_ = held
            out.append(BidTarget(card, "market", value, holder, halves_,
                                 max(value, coins_to_beat(halves_, bonus_halves))))
    for card in conquest:
        if card == exclude or card in standing:
            continue  # a conquest bid can never be beaten
        need = conquest_minimum(power_cards[card].value, discount)
        out.append(BidTarget(card, "conquest", need, None, 0, need))
    return out


def bid_prompt(core: GameCore, p: Player) -> BidPrompt:
    return BidPrompt(
        player=p.seat, targets=tuple(targets_for(core, p)), hand=tuple(p.hand),
        luxury_usable=core.luxury_for_coins(p), bonus_halves=core.bid_bonus_halves(p),
        discount=core.conquest_discount(p), draws=_draws(core))


def _draws(core: GameCore) -> int:
    return coins_drawn_for_passing(len(core.table.coin_pile), len(core.table.discard))


def minimum_reason(cards: CardSet, target: BidTarget, discount: int) -> Message | None:
    """How a conquest row card's minimum comes about (``in the conquest row (value 2 + 3 − 1
    for Barracks/Stockade)``); None in the market, where the minimum is the card's value."""
    if target.row != "conquest":
        return None
    value = cards.power_by_id[target.card].value
    floored = target.min_coins != value + CONQUEST_SURCHARGE - discount
    numbers: dict[str, Param] = {"value": value, "surcharge": CONQUEST_SURCHARGE,
                                 "discount": discount, "minimum": CONQUEST_MINIMUM}
    if discount and floored:
        return message("in the conquest row (value {value} + {surcharge} − {discount} for "
                       "Barracks/Stockade, never below {minimum})", **numbers)
    if discount:
        return message("in the conquest row (value {value} + {surcharge} − {discount} for "
                       "Barracks/Stockade)", **numbers)
    if floored:
        return message("in the conquest row (value {value} + {surcharge}, never below "
                       "{minimum})", **numbers)
    return message("in the conquest row (value {value} + {surcharge})", **numbers)


def too_low(cards: CardSet, card: Param, target: BidTarget, discount: int, offered: Message
            ) -> Message:
    """The refusal of a bid below a card's minimum: the number needed and the one offered."""
    reason = minimum_reason(cards, target, discount)
    if reason is None:
        return message_n("{card} needs at least {n} coin card; {offered}",
                         "{card} needs at least {n} coin cards; {offered}", target.min_coins,
                         card=card, offered=offered)
    return message_n("{card} needs at least {n} coin card {reason}; {offered}",
                     "{card} needs at least {n} coin cards {reason}; {offered}",
                     target.min_coins, card=card, reason=reason, offered=offered)


def check_bid(core: GameCore, prompt: BidPrompt, ans: PlaceBid) -> None:
    p = core.players[prompt.player]
    target = next((t for t in prompt.targets if t.card == ans.card), None)
    if target is None:
        if ans.card in core.table.conquest:
            raise IllegalAnswer("{card} in the conquest row already has a bid, and a conquest "
                                "bid cannot be beaten", card=core.ref(ans.card))
        raise IllegalAnswer("{card} is not a power card on offer this round",
                            card=shown(ans.card))
    check_coins(core.cards, prompt.hand, ans.coins)
    check_luxury(p.luxury, ans.luxury, prompt.luxury_usable)
    total = bid_coins(ans)
    if total < target.min_coins:
        offered = message("you offered {offered}", offered=total)
        raise IllegalAnswer(too_low(core.cards, core.ref(ans.card), target, prompt.discount,
                                    offered))
    if total < target.need_coins:
        holder = core.players[target.holder if target.holder is not None else 0]
        raise IllegalAnswer(message_n(
            "{holder}'s bid on {card} counts {theirs}; yours would count {yours}: you must bid "
            "more — at least {n} coin card; you offered {offered}",
            "{holder}'s bid on {card} counts {theirs}; yours would count {yours}: you must bid "
            "more — at least {n} coin cards; you offered {offered}",
            target.need_coins, holder=holder.name, card=core.ref(ans.card),
            theirs=halves(target.holder_effective_halves),
            yours=halves(effective_halves(total, prompt.bonus_halves)), offered=total))


def check_move(core: GameCore, prompt: OutbidPrompt, ans: MoveBid) -> None:
    if any(t.card == ans.card for t in prompt.targets):
        return
    card = ans.card
    if card == prompt.from_card:
        raise IllegalAnswer("you must move your bid to a different card")
    p = core.players[prompt.player]
    for t in targets_for(core, p):
        if t.card == card:
            if prompt.coins < t.min_coins:
                offered = message("your bid is {coins}", coins=prompt.coins)
                raise IllegalAnswer(too_low(core.cards, core.ref(card), t,
                                            core.conquest_discount(p), offered))
            raise IllegalAnswer(message_n(
                "your bid counts {yours}, not more than the {theirs} already on {card}: "
                "beating it takes {n} coin card; your bid is {coins}",
                "your bid counts {yours}, not more than the {theirs} already on {card}: "
                "beating it takes {n} coin cards; your bid is {coins}",
                t.need_coins, yours=halves(prompt.effective_halves),
                theirs=halves(t.holder_effective_halves), card=core.ref(card),
                coins=prompt.coins))
    if card in core.table.conquest:
        raise IllegalAnswer("that conquest row card already has a bid, which cannot be beaten")
    raise IllegalAnswer("{card} is not a power card on offer this round", card=shown(card))
