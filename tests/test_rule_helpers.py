"""The engine's rule helpers that the app shows agree with what ``answer()`` then does.

Random-bot games (2 to 5 players, seeded) are played through; at every prompt of the kind a helper
serves, the helper's preview is compared with the engine's check of the answer and with the game
after the answer.  Each test first asserts that enough such situations came up, then checks every
one of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TypeVar

from peloponnes_tui.bots.random_bot import RandomBot
from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine import (
    Answer,
    AnyPrompt,
    BidPrompt,
    BidTarget,
    BuildPrompt,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    Event,
    FeedPlan,
    FeedPrompt,
    Game,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    View,
    Withdraw,
)
from peloponnes_tui.engine.bidding import (
    affordable,
    bid_coins,
    conquest_minimum,
    effective_halves,
    most_coins,
    view_targets,
)
from peloponnes_tui.engine.catastrophes import drought_targets
from peloponnes_tui.engine.gaining import luxury_gained
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.payment import payment_outcome
from peloponnes_tui.engine.supply import (
    completion_cost,
    feed_preview,
    grain_balance,
    missing_for,
)
from peloponnes_tui.engine.tableau import row_tallies, stats_for
from peloponnes_tui.engine.view import PlayerView

CARDS = load_cards()
NUMBERS = rule_numbers(CARDS)
NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")
GAMES = 120
HUNGRY = "would still go hungry"


@dataclass(frozen=True)
class Moment:
    """One answered prompt: the game as it was (views, targets), the answer, what followed."""

    prompt: AnyPrompt
    answer: Answer
    before: View  # the deciding player's view before the answer
    after: View  # the same player's view after it
    after_phase: str
    others_after: tuple[tuple[int, tuple[BidTarget, ...]], ...]  # other seats' targets after
    new_events: tuple[Event, ...]
    refusals: tuple[tuple[Answer, str | None], ...]  # probe answers and the engine's check


def probes(game: Game, prompt: AnyPrompt, rng: random.Random) -> list[Answer]:
    """Answers to ask the engine about before the real one (it changes nothing)."""
    match prompt:
        case BidPrompt():
            out: list[Answer] = []
            for t in prompt.targets:
                for need in (t.need_coins - 1, t.need_coins):
                    coins = prompt.hand[:max(0, need)]
                    out.append(PlaceBid(t.card, coins, max(0, need - len(prompt.hand))))
            return out
        case FeedPrompt():
            grain = [c for c in prompt.hand if CARDS.coins[c].resource == "grain"]
            inh = [c for c in prompt.hand if CARDS.coins[c].resource == "inhabitants"]
            plans: list[Answer] = []
            for _ in range(12):
                plans.append(FeedPlan(
                    tuple(c for c in grain if rng.random() < 0.5),
                    tuple(c for c in inh if rng.random() < 0.5),
                    rng.randint(0, prompt.luxury),
                    tuple(c for c in prompt.removable if rng.random() < 0.3)))
            return plans
        case CompletePrompt():
            subsets = [s for k in range(len(prompt.buildings) + 1)
                       for s in combinations(prompt.buildings, k)]
            plans = []
            for s in subsets:
                wood, stone = completion_cost(CARDS, prompt, s)
                plans.append(CompletePlan(s, (), wood + stone))
                plans.append(CompletePlan(s, (), wood + stone + 1))
            return plans
        case _:
            return []


@cache
def moments() -> tuple[Moment, ...]:
    out: list[Moment] = []
    for seed in range(GAMES):
        names = list(NAMES[: 2 + seed % 4])
        game = Game.new(names, seed, CARDS)
        bots = [RandomBot(CARDS, seed * 7919 + i) for i in range(len(names))]
        rng = random.Random(seed)
        while game.pending is not None:
            prompt = game.pending
            seat = prompt.player
            before = game.view_for(seat)
            refusals = tuple((a, game.check(a)) for a in probes(game, prompt, rng))
            answer = bots[seat].decide(prompt, before)
            seen = len(game.log)
            game.answer(answer)
            others = tuple((s, view_targets(CARDS, game.view_for(s), s))
                           for s in range(len(names)) if s != seat)
            out.append(Moment(prompt, answer, before, game.view_for(seat), game.phase, others,
                              tuple(game.log[seen:]), refusals))
    return tuple(out)


def of_kind(prompt_type: type, answer_type: type) -> list[Moment]:
    return [m for m in moments() if isinstance(m.prompt, prompt_type)
            and isinstance(m.answer, answer_type)]


def still_in(m: Moment, phase: str) -> bool:
    """Whether the game after the answer is still in the same round and ``phase``."""
    return m.after_phase == phase and m.after.round == m.before.round


# -- bidding ---------------------------------------------------------------------------------


def test_targets_from_a_view_are_the_engines_targets():
    """What the board shows as each card's minimum (from a view) is what the prompt offers."""
    asked = [m for m in moments() if isinstance(m.prompt, BidPrompt)]
    assert len(asked) > 300
    for m in asked:
        assert isinstance(m.prompt, BidPrompt)
        assert view_targets(CARDS, m.before, m.prompt.player) == m.prompt.targets


def test_outbid_targets_from_a_view_are_the_engines_targets():
    asked = [m for m in moments() if isinstance(m.prompt, OutbidPrompt)]
    assert len(asked) > 20
    for m in asked:
        assert isinstance(m.prompt, OutbidPrompt)
        movable = tuple(t for t in view_targets(CARDS, m.before, m.prompt.player,
                                                exclude=m.prompt.from_card)
                        if t.need_coins <= m.prompt.coins)
        assert movable == m.prompt.targets
        assert m.prompt.effective_halves == effective_halves(
            m.prompt.coins, m.before.me.bid_bonus_halves)


def test_effective_bid_is_what_the_card_then_holds():
    """A market bid counts effective_halves(coin cards, Market/Agora bonus): the engine then
    shows every other player exactly that figure as the bid to beat on the card."""
    bids = [m for m in of_kind(BidPrompt, PlaceBid)
            if still_in(m, "bidding") and m.answer.card in m.before.market]
    assert len(bids) > 100
    for m in bids:
        assert isinstance(m.answer, PlaceBid) and isinstance(m.prompt, BidPrompt)
        counted = effective_halves(bid_coins(m.answer), m.prompt.bonus_halves)
        target = next(t for t in m.prompt.targets if t.card == m.answer.card)
        assert counted > target.holder_effective_halves
        for _seat, targets in m.others_after:
            standing = next(t for t in targets if t.card == m.answer.card)
            assert (standing.holder, standing.holder_effective_halves) == (
                m.prompt.player, counted)
        assert m.after.me.bid_count == bid_coins(m.answer)


def test_a_conquest_bid_leaves_the_offer():
    bids = [m for m in of_kind(BidPrompt, PlaceBid)
            if still_in(m, "bidding") and m.answer.card in m.before.conquest]
    assert len(bids) > 30
    for m in bids:
        assert isinstance(m.answer, PlaceBid)
        for _seat, targets in m.others_after:
            assert m.answer.card not in {t.card for t in targets}


def test_need_coins_is_the_least_bid_the_engine_accepts():
    """A bid of need_coins is accepted exactly when the target is affordable; one coin card
    fewer is always refused."""
    asked = [m for m in moments() if isinstance(m.prompt, BidPrompt)]
    assert len(asked) > 300
    for m in asked:
        assert isinstance(m.prompt, BidPrompt)
        assert affordable(m.prompt)  # the engine passes for a player who can afford nothing
        reach = {t.card for t in affordable(m.prompt)}
        assert reach == {t.card for t in m.prompt.targets
                         if t.need_coins <= most_coins(m.prompt)}
        for ans, reason in m.refusals:
            assert isinstance(ans, PlaceBid)
            target = next(t for t in m.prompt.targets if t.card == ans.card)
            if bid_coins(ans) < target.need_coins:
                assert reason is not None
            else:
                assert (reason is None) == (ans.card in reach)


def test_conquest_minimum_is_value_plus_the_surcharge_less_the_discount():
    asked = [m for m in moments() if isinstance(m.prompt, BidPrompt)]
    conquest = [(m.prompt, t) for m in asked if isinstance(m.prompt, BidPrompt)
                for t in m.prompt.targets if t.row == "conquest"]
    assert len(conquest) > 300
    for prompt, t in conquest:
        value = CARDS.power_by_id[t.card].value
        assert t.min_coins == conquest_minimum(value, prompt.discount) == max(
            NUMBERS.conquest_minimum, value + NUMBERS.conquest_surcharge - prompt.discount)


def test_passing_draws_the_coin_cards_the_rule_numbers_say():
    passes = [m for m in of_kind(BidPrompt, Pass) if still_in(m, "bidding")
              and m.before.coin_pile_size + len(m.before.discard) >= NUMBERS.coins_for_passing]
    assert len(passes) > 50
    for m in passes:
        assert m.after.me.hand_size == m.before.me.hand_size + NUMBERS.coins_for_passing


def test_taking_a_bid_back_draws_the_coin_cards_the_rule_numbers_say():
    back = [m for m in of_kind(OutbidPrompt, Withdraw) if still_in(m, "bidding")
            and m.before.coin_pile_size + len(m.before.discard) >= NUMBERS.coins_for_passing]
    assert len(back) > 10
    for m in back:
        assert isinstance(m.prompt, OutbidPrompt)
        assert m.after.me.hand_size == (m.before.me.hand_size + m.prompt.coins
                                        + NUMBERS.coins_for_passing)


# -- gaining a building ---------------------------------------------------------------------


def test_luxury_gained_is_what_a_payment_brings():
    paid = of_kind(BuildPrompt, PayBuilding)
    assert len(paid) > 100
    assert any(luxury_gained(m.prompt, 0) for m in paid if isinstance(m.prompt, BuildPrompt))
    for m in paid:
        assert isinstance(m.prompt, BuildPrompt) and isinstance(m.answer, PayBuilding)
        got = sum(e.data.gained for e in m.new_events if e.kind == "luxury"
                  and e.player == m.prompt.player and e.data.why == "excess_production")
        assert got == luxury_gained(m.prompt, m.answer.luxury)


def test_payment_outcome_leaves_what_the_luxury_goods_pay():
    paid = of_kind(BuildPrompt, PayBuilding)
    assert len(paid) > 100
    for m in paid:
        assert isinstance(m.prompt, BuildPrompt) and isinstance(m.answer, PayBuilding)
        outcome = payment_outcome(CARDS, m.prompt.missing_wood, m.prompt.missing_stone,
                                  m.answer.coins)
        assert outcome.luxury_needed == m.answer.luxury == outcome.missing


# -- supply ----------------------------------------------------------------------------------


def test_feed_preview_goes_hungry_exactly_when_the_engine_refuses_a_shortfall():
    fed = [m for m in moments() if isinstance(m.prompt, FeedPrompt)]
    assert len(fed) > 40
    probes_seen = [(m, ans, reason) for m in fed for ans, reason in m.refusals]
    assert any(HUNGRY in (reason or "") for _m, _a, reason in probes_seen)
    assert any(reason is None for _m, _a, reason in probes_seen)
    for m, ans, reason in probes_seen:
        assert isinstance(m.prompt, FeedPrompt) and isinstance(ans, FeedPlan)
        preview = feed_preview(CARDS, m.before.me.civ, m.prompt, ans)
        assert (preview.hungry > 0) == (HUNGRY in (reason or ""))
        assert preview.remaining == max(0, m.prompt.shortfall - preview.saved)


def test_feed_preview_saves_what_the_removals_take_off_the_need():
    """After the answer, the player's inhabitants less grain are the shortfall less what the
    preview says the removals save."""
    fed = [m for m in of_kind(FeedPrompt, FeedPlan) if still_in(m, "supply")]
    assert len(fed) > 30
    assert any(m.answer.remove for m in fed if isinstance(m.answer, FeedPlan))
    for m in fed:
        assert isinstance(m.prompt, FeedPrompt) and isinstance(m.answer, FeedPlan)
        preview = feed_preview(CARDS, m.before.me.civ, m.prompt, m.answer)
        assert preview.hungry == 0
        after = m.after.me
        assert after.inhabitants - after.production[2] == m.prompt.shortfall - preview.saved


def test_completion_cost_is_what_the_engine_asks_for():
    """Paying a choice of constructions with luxury goods alone: exactly the completion cost is
    accepted (when the player has that many), one more is refused."""
    asked = [m for m in moments() if isinstance(m.prompt, CompletePrompt)]
    assert len(asked) > 20
    for m in asked:
        assert isinstance(m.prompt, CompletePrompt)
        for ans, reason in m.refusals:
            assert isinstance(ans, CompletePlan)
            wood, stone = completion_cost(CARDS, m.prompt, ans.complete)
            if ans.luxury == wood + stone:
                assert (reason is None) == (ans.luxury <= m.prompt.luxury)
            else:
                assert ans.luxury == wood + stone + 1
                assert reason is not None


def test_half_coins_are_written_as_players_write_them():
    """A bid's worth in half coins (Market and Agora add ½ per card): no "0½" for one half."""
    from peloponnes_tui.engine.words import halves

    assert [halves(n) for n in range(6)] == ["0", "½", "1", "1½", "2", "2½"]


P = TypeVar("P")


def asked_with_rows(kind: type[P], at_least: int = 0
                    ) -> list[tuple[P, PlayerView, list[tuple[str, bool]]]]:
    """Every moment of the games in :func:`moments` that asked a ``kind`` prompt: the prompt,
    the player's own view before the answer and their tableau's row of (card, covered)."""
    out = []
    for m in moments():
        if isinstance(m.prompt, kind):
            me = m.before.me
            out.append((m.prompt, me, [(x.card, x.covered)
                                       for x in (*me.buildings, *me.landscapes)]))
    assert len(out) > at_least
    return out


def test_missing_for_the_tableaus_production_is_the_completion_cost():
    """What the heuristic weighs for its buildings under construction (their costs less the
    production of its row, as the engine counts the row) is what completing them costs."""
    stats = stats_for(CARDS)
    for prompt, me, row in asked_with_rows(CompletePrompt, at_least=20):
        _, _, wood, stone, _ = row_tallies(stats, me.civ, me.civ_state, row)
        for k in range(len(prompt.buildings) + 1):
            for chosen in combinations(prompt.buildings, k):
                assert missing_for(CARDS, chosen, wood, stone) == completion_cost(
                    CARDS, prompt, chosen)


def test_drought_targets_of_a_row_are_the_cards_a_drought_asks_about():
    asked = [(prompt, row) for prompt, _me, row in asked_with_rows(CatastrophePrompt)
             if prompt.catastrophe == "drought"]
    assert len(asked) > 5
    for prompt, row in asked:
        assert drought_targets(CARDS, row) == prompt.candidates
        # a covered card is never hit, and without grain nothing is
        assert drought_targets(CARDS, [(c, True) for c, _ in row]) == ()


def test_grain_balance_of_the_row_is_the_shortfall_a_supply_asks_to_feed():
    """The shortfall the heuristic counts for its row at a supply (grain_balance over the
    engine's tallies of the row) is the one the supply's prompt asks the player to feed."""
    stats = stats_for(CARDS)
    for prompt, me, row in asked_with_rows(FeedPrompt, at_least=20):
        inh, _, _, _, grain = row_tallies(stats, me.civ, me.civ_state, row)
        assert grain_balance(inh, grain) == (prompt.shortfall, 0)
    assert grain_balance(3, 5) == (0, 2)
