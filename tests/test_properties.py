"""Property tests of the engine over many seeded random games.

* Invariants after every answer of 1,000 random-bot games (2–5 players): every coin, power,
  civilization and luxury card lies in exactly one place, no count is negative, luxury stays under
  its cap, markers stay on their tracks; at the end the scores are recomputed independently.
* Fuzzed illegal answers raise :class:`IllegalAnswer` (never anything else) and change nothing.
* Saves: dumps → loads gives the same state; damaged save texts raise :class:`SaveError` only.
* Undo → redo, determinism, and what a player's view hides.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from peloponnes_tui.bots import make_bot
from peloponnes_tui.bots.base import Bot
from peloponnes_tui.cards import (
    CARDS_PER_ROUND,
    DEFAULT_CARDS_PATH,
    ROUNDS,
    load_cards,
    parse_cards,
)
from peloponnes_tui.engine import (
    ANSWER_TYPES,
    ANSWERS_FOR,
    CIV,
    LUXURY,
    Answer,
    BidPrompt,
    BuildPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    Game,
    GameOver,
    GiveUpBuilding,
    IllegalAnswer,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    Prompt,
    StartConstruction,
    View,
    Withdraw,
    answer_from_dict,
)
from peloponnes_tui.engine.plans import feed_plan, resource_payment
from peloponnes_tui.engine.save import SaveError, dumps, loads

CARDS = load_cards()
NAMES = ("Helena", "Leonidas", "Dimitrios", "Ariadne", "Perikles")
POWER = CARDS.power_by_id
CIVS = CARDS.civ_by_id
COINS = CARDS.coins
COIN_RES = [c.resource for c in COINS]
COIN_AMT = [c.amount for c in COINS]
ALL_COINS = list(range(len(COINS)))
ALL_POWER = sorted(POWER)
ALL_CIVS = sorted(CIVS)
STEPS = {c.id: c.steps for c in CARDS.catastrophes}
LUX = CARDS.luxury
LUX_CAP = {"active": LUX.cap, "covered": LUX.declined_cap, "removed": 0}

GAMES = 1000
CHUNKS = 10

FUZZ_SETTINGS = settings(derandomize=True, deadline=None, database=None,
                         suppress_health_check=list(HealthCheck))


# --------------------------------------------------------------------------------------------
# playing


def players_for(seed: int) -> list[str]:
    return list(NAMES[: 2 + seed % 4])


def new_game(seed: int) -> tuple[Game, list[Bot]]:
    names = players_for(seed)
    game = Game.new(names, seed, CARDS)
    bots = [make_bot("random", CARDS, seed * 7919 + i) for i in range(len(names))]
    return game, bots


def bot_answer(game: Game, bots: list[Bot]) -> Answer:
    prompt = game.pending
    assert prompt is not None
    return bots[prompt.player].decide(prompt, game.view_for(prompt.player))


def play(seed: int, each: Callable[[Game], None] | None = None) -> Game:
    """A whole random-bot game; ``each`` sees the game before every answer and at the end."""
    game, bots = new_game(seed)
    while game.pending is not None:
        if each is not None:
            each(game)
        game.answer(bot_answer(game, bots))
    if each is not None:
        each(game)
    return game


def states(seed: int, count: int) -> Iterator[Game]:
    """The live game of a random-bot game at ``count`` random prompts (in order of play)."""
    answers = play(seed).answers
    picks = set(random.Random(seed).sample(range(len(answers)), min(count, len(answers))))
    game = Game.new(players_for(seed), seed, CARDS)
    for step, answer in enumerate(answers):
        if step in picks:
            yield game
        game.answer(answer)


# --------------------------------------------------------------------------------------------
# invariants


def check_invariants(game: Game) -> None:
    t = game.table
    players = game.players
    coins: list[int] = t.coin_pile + t.discard
    power: list[str] = t.power_pile + t.market + t.conquest + t.box
    civs: list[str] = list(t.civ_box)
    luxury_cards = t.luxury_box
    assert t.luxury_box >= 0
    for p in players:
        coins += p.hand
        coins += p.bid_coins
        for x in p.buildings:
            power.append(x.card)
            if x.pledge is not None:
                coins.append(x.pledge)
            if x.cover is not None:
                coins.append(x.cover)
            assert (x.cover is None) == (x.cover_cause is None), (p.name, x)
        for x in p.landscapes:
            power.append(x.card)
            assert x.pledge is None, f"landscape {x.card} under construction"
            if x.cover is not None:
                coins.append(x.cover)
            assert (x.cover is None) == (x.cover_cause is None), (p.name, x)
        assert (p.civ_state == "covered") == (p.civ_cover is not None), p
        assert (p.luxury_state == "covered") == (p.luxury_cover is not None), p
        if p.civ_cover is not None:
            coins.append(p.civ_cover)
        if p.luxury_cover is not None:
            coins.append(p.luxury_cover)
        if p.civ_state != "removed":
            civs.append(p.civ)
        if p.luxury_state != "removed":
            luxury_cards += 1
        assert 0 <= p.luxury <= LUX_CAP[p.luxury_state], (p.name, p.luxury, p.luxury_state)
        assert p.bid_count >= 0
        assert p.bid_card is not None or not p.bid_coins, p
        if p.bid_card is not None:
            assert p.bid_card in t.market or p.bid_card in t.conquest, p.bid_card
    assert all(type(c) is int for c in coins), coins
    assert sorted(coins) == ALL_COINS, f"coin cards out of place: {sorted(coins)}"
    assert sorted(power) == ALL_POWER, f"power cards out of place: {sorted(power)}"
    assert sorted(civs) == ALL_CIVS, f"civilization cards out of place: {sorted(civs)}"
    assert luxury_cards == LUX.count, luxury_cards
    for cat, steps in STEPS.items():
        assert 0 <= t.markers[cat] <= steps, (cat, t.markers[cat])
        assert (t.markers[cat] == steps) == (cat in t.struck), (cat, t.markers, t.struck)
    assert len(set(t.struck)) == len(t.struck)
    assert sorted(game.order) == list(range(len(players))), game.order
    assert 1 <= game.round <= ROUNDS
    prompt = game.pending
    if prompt is not None:
        p = players[prompt.player]
        hand = getattr(prompt, "hand", None)
        if hand is not None:
            assert hand == tuple(p.hand), (prompt, p.hand)
        luxury = getattr(prompt, "luxury", None)
        if luxury is not None and not isinstance(prompt, (BidPrompt, CatastrophePrompt)):
            assert luxury == p.luxury, (prompt, p.luxury)


def expected_scores(game: Game) -> tuple[list[tuple[int, int, int]], list[int], tuple[int, ...]]:
    """(population, power, score) per seat, ranks and winners, from the final state alone."""
    rows: list[tuple[int, int, int]] = []
    keys: list[tuple[int, int, int]] = []
    for p in game.players:
        population = power = 0
        for x in p.buildings + p.landscapes:
            if x.cover is None:  # a covered card shows only its catastrophe symbol
                population += POWER[x.card].inhabitants
                power += POWER[x.card].power
        if p.civ_state == "active":
            population += CIVS[p.civ].inhabitants
            power += CIVS[p.civ].power
        others = 0
        for c in p.hand:
            if COINS[c].resource == "inhabitants":
                population += COINS[c].amount
            else:
                others += 1
        power += (others + p.luxury) // 6
        if p.luxury_state == "active":
            population += LUX.inhabitants
            power += LUX.power
        score = min(population, power)
        rows.append((population, power, score))
        keys.append((score, max(population, power), p.luxury))
    ranks = [1 + sum(1 for o in keys if o > k) for k in keys]  # 1, 1, 3 after a shared first
    winners = tuple(i for i, r in enumerate(ranks) if r == 1)
    return rows, ranks, winners


def check_final(game: Game) -> None:
    assert game.over and game.phase == "over"
    t = game.table
    assert not t.power_pile and not t.market and not t.conquest
    assert len(t.box) + sum(len(p.buildings) + len(p.landscapes) for p in game.players) == len(
        POWER)
    for p in game.players:
        assert p.bid_card is None and not p.bid_coins
        assert all(x.pledge is None for x in p.buildings), "a construction survived the end"
    assert [e.seq for e in game.log] == list(range(len(game.log)))
    rows, ranks, winners = expected_scores(game)
    got = [(s.population, s.power, s.score) for s in game.scores]
    assert [s.seat for s in game.scores] == list(range(len(game.players)))
    assert got == rows
    assert [s.rank for s in game.scores] == ranks
    assert game.winners == winners
    for s in game.scores:
        assert s.power_from_coins == (s.coins_left + s.luxury_goods) // 6


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_invariants_after_every_answer(chunk: int) -> None:
    per = GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        try:
            game = play(seed, check_invariants)
            check_final(game)
        except AssertionError as exc:
            raise AssertionError(f"seed {seed}: {exc}") from exc
        assert len(game.scores) == len(players_for(seed))
        assert game.round == ROUNDS and len(game.answers) > 0


def test_one_game_deals_all_power_cards() -> None:
    assert len(POWER) == ROUNDS * CARDS_PER_ROUND


# --------------------------------------------------------------------------------------------
# fuzzed illegal answers


class _Odd:
    """Not an answer at all."""


NOT_ANSWERS: tuple[Any, ...] = (None, "pass", 3, {"kind": "pass"}, _Odd(), Pass)


def _outside_coins(game: Game, seat: int) -> list[int]:
    """Coin ids that exist but are not in this player's hand, plus ids that do not exist."""
    hand = set(game.players[seat].hand)
    inside = [c for c in ALL_COINS if c not in hand][:3]
    return [*inside, -1, len(COINS), 10**12]


def _wrong_types(prompt: Prompt) -> list[Any]:
    allowed = ANSWERS_FOR[prompt.kind]
    samples: list[Answer] = [
        PlaceBid("market"), Pass(), MoveBid("market"), Withdraw(), PayBuilding(),
        StartConstruction(), GiveUpBuilding(), CatastropheAnswer(), FeedPlan(), CompletePlan()]
    return [a for a in samples if not isinstance(a, allowed)] + list(NOT_ANSWERS)


def illegal_answers(game: Game, rng: random.Random) -> list[Any]:
    """Answers to the pending prompt that the rules refuse, each for a known reason."""
    prompt = game.pending
    assert prompt is not None
    seat = prompt.player
    p = game.players[seat]
    hand = list(p.hand)
    outside = _outside_coins(game, seat)
    out: list[Any] = _wrong_types(prompt)
    garbage_cards: list[Any] = ["no-such-card", "", None, 7, ["market"], {"a": 1}]
    unknown_coins: list[Any] = [(c,) for c in outside] + [
        [hand[0]] if hand else [0], (True,), ("3",), (1.0,), "12", None]
    bad_luxury: list[Any] = [-1, -(10**9), 10**9, p.luxury + 1, True, 1.5, "1", None]

    if isinstance(prompt, BidPrompt):
        target = rng.choice(prompt.targets)
        out += [PlaceBid(c, tuple(hand[:1])) for c in garbage_cards]
        out += [PlaceBid(c, tuple(hand)) for c in t_not_on_offer(game, prompt)]
        out += [PlaceBid(target.card, coins) for coins in unknown_coins]
        out += [PlaceBid(target.card, tuple(hand), lux) for lux in bad_luxury]
        if hand:
            out.append(PlaceBid(target.card, (hand[0], *hand)))
        low = target.need_coins - 1
        if low <= len(hand):
            out.append(PlaceBid(target.card, tuple(hand[:low])))
        if low >= 1 and p.luxury:
            # short by one even with a luxury good added
            out.append(PlaceBid(target.card, tuple(hand[: max(0, low - 1)]), 1))
        out.append(PlaceBid(target.card, (), 0))
    elif isinstance(prompt, OutbidPrompt):
        offered = {t.card for t in prompt.targets}
        out += [MoveBid(c) for c in garbage_cards]
        out.append(MoveBid(prompt.from_card))
        out += [MoveBid(c) for c in game.table.market + game.table.conquest
                if c not in offered]
        out += [MoveBid(c) for c in game.table.box[:2] + game.table.power_pile[-2:]]
    elif isinstance(prompt, BuildPrompt):
        coins, rest = resource_payment(hand, CARDS, prompt.missing_wood, prompt.missing_stone)
        if not prompt.can_pay:
            out.append(PayBuilding(tuple(coins), rest))
        else:
            out += [PayBuilding(c, rest) for c in unknown_coins]
            out += [PayBuilding(tuple(coins), lux) for lux in bad_luxury if lux != rest]
            if p.luxury > rest:
                out.append(PayBuilding(tuple(coins), rest + 1))  # a luxury good too many
            if rest:
                out.append(PayBuilding(tuple(coins), rest - 1))  # one short
            # any further card shows a resource that is not missing or is spare
            out += [PayBuilding((*coins, c), rest) for c in hand if c not in coins]
            if coins:
                out.append(PayBuilding((*coins, coins[0]), rest))
        out += [StartConstruction(c) for c in outside]
        out += [StartConstruction(c) for c in (True, False, "1", 1.0, [0])]
        if game.luxury_for_coins(p) < 1:
            out.append(StartConstruction(None))
    elif isinstance(prompt, CatastrophePrompt):
        cands = list(prompt.candidates)
        legal_hit = cands[: prompt.count]
        cover: Any = hand[0] if hand else "remove"
        out.append(CatastropheAnswer(tuple((c, "remove") for c in cands[: prompt.count - 1])))
        out.append(CatastropheAnswer(tuple((c, "remove") for c in [*legal_hit, "no-such"])))
        out.append(CatastropheAnswer(tuple(("no-such-card", "remove") for _ in legal_hit)))
        other = CIV if CIV not in cands else LUXURY  # never hit together with the other
        out.append(CatastropheAnswer(((other, "remove"), *[(c, "remove") for c in legal_hit[1:]])))
        if legal_hit:
            first, tail = legal_hit[0], tuple((c, "remove") for c in legal_hit[1:])
            for how in ("cover", "", "REMOVE", None, True, 1.5, [0], *outside):
                out.append(CatastropheAnswer(((first, how), *tail)))
            out.append(CatastropheAnswer(((first, "remove"), (first, "remove"), *tail)))
            for garbage in garbage_cards[2:]:
                out.append(CatastropheAnswer(((garbage, cover), *tail)))
            if prompt.luxury_usable == 0:
                out.append(CatastropheAnswer(((first, "luxury"), *tail)))
            out.append(CatastropheAnswer(((first,),)))
            out.append(CatastropheAnswer(((first, "remove", "x"),)))
            out.append(CatastropheAnswer([(c, "remove") for c in legal_hit]))
        if prompt.count >= 2 and hand:
            out.append(CatastropheAnswer(tuple((c, hand[0]) for c in legal_hit)))
        if prompt.count > prompt.luxury_usable:
            out.append(CatastropheAnswer(tuple((c, "luxury") for c in legal_hit)))
    elif isinstance(prompt, FeedPrompt):
        order = list(prompt.removable)
        rng.shuffle(order)
        plan = feed_plan(CARDS, p.civ, prompt.shortfall, hand, p.luxury, order)
        grain, inh, lux, removed = tuple(plan[0]), tuple(plan[1]), plan[2], tuple(plan[3])
        out.append(FeedPlan())  # nobody fed
        for c in hand:
            if c in grain or c in inh:
                continue
            # a further grain/inhabitant card overpays; any other resource is the wrong one
            if COIN_RES[c] != "inhabitants":
                out.append(FeedPlan((*grain, c), inh, lux, removed))
            if COIN_RES[c] != "grain":
                out.append(FeedPlan(grain, (*inh, c), lux, removed))
        if p.luxury > lux:
            out.append(FeedPlan(grain, inh, lux + 1, removed))
        out += [FeedPlan(grain, inh, lux, (*removed, c)) for c in prompt.removable
                if c not in removed]  # a card removed without need
        if removed:
            out.append(FeedPlan(grain, inh, lux, (*removed, removed[0])))
        out += [FeedPlan(grain, inh, lux, (*removed, c)) for c in ("no-such-card", LUXURY)]
        out += [FeedPlan(grain, inh, lux, c) for c in ("civ", None, [CIV])]
        out += [FeedPlan(coins, inh, lux, removed) for coins in unknown_coins]
        out += [FeedPlan(grain, coins, lux, removed) for coins in unknown_coins]
        out += [FeedPlan(grain, inh, x, removed) for x in bad_luxury]
        if grain:
            out.append(FeedPlan((*grain, grain[0]), inh, lux, removed))
    elif isinstance(prompt, CompletePrompt):
        chosen = list(prompt.buildings)
        wood = sum(POWER[b].cost.wood for b in chosen)
        stone = sum(POWER[b].cost.stone for b in chosen)
        mw, ms = max(0, wood - prompt.production_wood), max(0, stone - prompt.production_stone)
        coins, rest = resource_payment(hand, CARDS, mw, ms)
        out += [CompletePlan((c,)) for c in garbage_cards]
        out.append(CompletePlan((chosen[0], chosen[0])))
        out += [CompletePlan((c,)) for c in game.table.box[:2]]
        if mw or ms:
            out.append(CompletePlan(tuple(chosen)))  # unpaid
        if rest <= p.luxury:
            if p.luxury > rest:
                out.append(CompletePlan(tuple(chosen), tuple(coins), rest + 1))
            out += [CompletePlan(tuple(chosen), c, rest) for c in unknown_coins]
            out += [CompletePlan(tuple(chosen), (*coins, c), rest) for c in hand
                    if c not in coins]
        out += [CompletePlan((), (), x) for x in bad_luxury if x != 0]
    return out


def t_not_on_offer(game: Game, prompt: BidPrompt) -> list[str]:
    """Power cards that exist but take no bid now (box, pile, conquest cards with a bid)."""
    offered = {t.card for t in prompt.targets}
    t = game.table
    return [c for c in t.box[:2] + t.power_pile[-2:] + t.conquest if c not in offered]


def assert_refused(game: Game, answer: Any, before: str) -> None:
    prompt = game.pending
    try:
        game.answer(answer)
    except IllegalAnswer as exc:
        assert str(exc).strip(), f"empty message for {answer!r}"
    except Exception as exc:  # any other exception type is a bug
        raise AssertionError(f"{answer!r} at {prompt!r} raised "
                             f"{type(exc).__name__}: {exc}") from exc
    else:
        raise AssertionError(f"illegal {answer!r} was accepted at {prompt!r}")
    assert game.snapshot() == before, f"{answer!r} changed the game"


FUZZ_SEEDS = 64  # x 4 states each = 256 game states
PER_STATE = 12  # illegal answers tried per state, drawn from the 20-50 made for it
RARE = 8  # states of each rarer prompt kind that get every illegal answer made for them
RARE_KINDS = ("outbid", "catastrophe", "feed", "complete")


@pytest.mark.parametrize("part", range(4))
def test_illegal_answers_change_nothing(part: int) -> None:
    kinds: set[str] = set()
    tried = 0
    for seed in range(part, FUZZ_SEEDS, 4):
        rng = random.Random(seed)
        for game in states(seed, 4):
            assert game.pending is not None
            kinds.add(game.pending.kind)
            before = game.snapshot()
            answers = illegal_answers(game, rng)
            for answer in rng.sample(answers, min(PER_STATE, len(answers))):
                assert_refused(game, answer, before)
                tried += 1
    assert {"bid", "build"} <= kinds
    assert tried >= 200


def test_illegal_answers_at_rarer_prompts() -> None:
    """Catastrophe, feed, complete and outbid prompts get the same treatment, several each."""
    seen: dict[str, int] = {}
    seed = 1000
    while min(seen.get(k, 0) for k in RARE_KINDS) < RARE:
        rng = random.Random(seed)
        game, bots = new_game(seed)
        while game.pending is not None:
            kind = game.pending.kind
            if kind in RARE_KINDS and seen.get(kind, 0) < RARE:
                seen[kind] = seen.get(kind, 0) + 1
                before = game.snapshot()
                for answer in illegal_answers(game, rng):
                    assert_refused(game, answer, before)
            game.answer(bot_answer(game, bots))
        seed += 1
        assert seed < 1100, f"too few rarer prompts: {seen}"


def test_answer_after_the_end_is_refused() -> None:
    game = play(3)
    before = game.snapshot()
    for answer in (Pass(), PlaceBid("market"), CompletePlan(), None):
        with pytest.raises(GameOver) as info:
            game.answer(answer)
        assert str(info.value).strip()
        assert game.snapshot() == before


# -- hypothesis: arbitrary answers built from near-legal and garbage values ----------------------

POOL_SEEDS = range(30)


@cache
def _pool() -> list[tuple[list[str], int, list[Answer]]]:
    """(players, seed, answers so far) at 2 random points of each of 30 games."""
    out = []
    for seed in POOL_SEEDS:
        for game in states(seed + 5000, 2):
            out.append((list(game.names), game.seed, list(game.answers)))
    return out


_games: dict[int, tuple[Game, str]] = {}


def _pool_game(i: int) -> tuple[Game, str]:
    if i not in _games:
        names, seed, answers = _pool()[i]
        game = Game.replay(names, seed, answers, CARDS)
        _games[i] = (game, game.snapshot())
    return _games[i]


GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), st.floats(),
    st.text(max_size=4), st.lists(st.integers(-2, 80), max_size=3),
    st.tuples(st.integers(-2, 80)), st.dictionaries(st.text(max_size=2), st.integers(),
                                                    max_size=2))


_strategies: dict[int, st.SearchStrategy[Any]] = {}


def _answers_for(i: int, game: Game) -> st.SearchStrategy[Any]:
    """Answers for the pool state ``i`` (cached: building strategies is slow)."""
    if i not in _strategies:
        _strategies[i] = _build_answers_for(game)
    return _strategies[i]


def _build_answers_for(game: Game) -> st.SearchStrategy[Any]:
    prompt = game.pending
    assert prompt is not None
    p = game.players[prompt.player]
    t = game.table
    card_ids = [*t.market, *t.conquest, *t.box[-3:], *t.power_pile[-2:], CIV, LUXURY,
                "no-such-card", *(x.card for x in p.buildings + p.landscapes)]
    card = st.one_of(st.sampled_from(card_ids), GARBAGE)
    coin_id = st.one_of(st.sampled_from([*p.hand, *t.discard[-3:], *t.coin_pile[-3:], -1, 72]),
                        st.integers(-3, 80), st.booleans())
    coins = st.one_of(st.lists(coin_id, max_size=6).map(tuple), GARBAGE)
    luxury = st.one_of(st.integers(-2, p.luxury + 2), GARBAGE)
    cards_tuple = st.one_of(st.lists(card, max_size=4).map(tuple), GARBAGE)
    treatment = st.one_of(coin_id, st.sampled_from(["luxury", "remove", "cover"]), GARBAGE)
    treatments = st.one_of(st.lists(st.tuples(card, treatment), max_size=4).map(tuple),
                           st.lists(st.tuples(card), max_size=2).map(tuple), GARBAGE)
    return st.one_of(
        st.builds(PlaceBid, card, coins, luxury),
        st.just(Pass()),
        st.builds(MoveBid, card),
        st.just(Withdraw()),
        st.builds(PayBuilding, coins, luxury),
        st.builds(StartConstruction, st.one_of(st.none(), coin_id, GARBAGE)),
        st.just(GiveUpBuilding()),
        st.builds(CatastropheAnswer, treatments),
        st.builds(FeedPlan, coins, coins, luxury, cards_tuple),
        st.builds(CompletePlan, cards_tuple, coins, luxury),
        st.sampled_from(NOT_ANSWERS),
    )


@settings(FUZZ_SETTINGS, max_examples=200)
@given(st.data())
def test_arbitrary_answers_are_refused_cleanly_or_legal(data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(_pool()) - 1), label="state")
    game, before = _pool_game(i)
    answer = data.draw(_answers_for(i, game), label="answer")
    assert game.pending is not None
    kind = game.pending.kind
    try:
        game.answer(answer)
    except IllegalAnswer as exc:
        assert str(exc).strip()
        assert game.snapshot() == before
        event(f"{kind}: refused")
        return
    event(f"{kind}: accepted")
    # accepted: it was legal; the game must still be sound and save/load must reproduce it
    del _games[i]
    assert isinstance(answer, ANSWERS_FOR[kind])
    check_invariants(game)
    assert answer_from_dict(json.loads(json.dumps(answer.to_dict()))) == answer
    assert loads(dumps(game), CARDS).snapshot() == game.snapshot()


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**15), 10**15), st.floats(),
              st.text(max_size=6)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)

FIELD_NAMES = sorted({f.name for cls in ANSWER_TYPES.values() for f in fields(cls)})


@settings(FUZZ_SETTINGS, max_examples=200)
@given(st.one_of(
    JSON,
    st.dictionaries(st.sampled_from(["kind", *FIELD_NAMES, "extra"]), JSON, max_size=5),
    st.builds(lambda kind, rest: {"kind": kind, **rest},
              st.one_of(st.sampled_from(sorted(ANSWER_TYPES)), JSON),
              st.dictionaries(st.sampled_from([*FIELD_NAMES, "zzz"]), JSON, max_size=4)),
))
def test_answer_from_dict_raises_only_value_error(data: Any) -> None:
    try:
        answer = answer_from_dict(data)
    except ValueError as exc:
        assert str(exc).strip()
        return
    assert isinstance(answer, Answer)


# --------------------------------------------------------------------------------------------
# saves


@pytest.mark.parametrize("part", range(2))
def test_save_load_gives_the_same_state(part: int) -> None:
    for seed in range(part, 60, 2):
        for game in states(seed + 7000, 2):
            text = dumps(game, {"seats": ["human"] * len(game.names)})
            assert loads(text, CARDS).snapshot() == game.snapshot(), seed
    for seed in (1, 2, 3, 4):
        game = play(seed)
        assert loads(dumps(game), CARDS).snapshot() == game.snapshot()


def _save_dict(seed: int = 9, answers: int = 30) -> tuple[Game, dict[str, Any]]:
    game, bots = new_game(seed)
    for _ in range(answers):
        game.answer(bot_answer(game, bots))
    return game, json.loads(dumps(game))


def _damaged() -> Iterator[tuple[str, str]]:
    game, good = _save_dict()
    text = json.dumps(good)
    for cut in (0, 1, 10, len(text) // 2, len(text) - 1):
        yield f"truncated at {cut}", text[:cut]
    yield "empty", ""
    yield "binary noise", "\x00\xff\x10garbage"
    for value in ([], 3, "save", None, True):
        yield f"not an object: {value!r}", json.dumps(value)

    def variant(name: str, change: Callable[[dict[str, Any]], None]) -> tuple[str, str]:
        data = json.loads(text)
        change(data)
        return name, json.dumps(data)

    def setter(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
        return lambda d: d.__setitem__(key, value)

    yield variant("format 2", setter("format", 2))
    yield variant("format '1'", setter("format", "1"))
    yield variant("no format", lambda d: d.pop("format"))
    yield variant("no seed", lambda d: d.pop("seed"))
    yield variant("seed text", setter("seed", "abc"))
    yield variant("seed float", setter("seed", 1.5))
    yield variant("one player", setter("players", ["Solo"]))
    yield variant("six players", setter("players", list("abcdef")))
    yield variant("empty name", setter("players", ["", "Bob"]))
    yield variant("players not a list", setter("players", "Helena, Leonidas"))
    yield variant("unknown field", setter("cheat", True))
    yield variant("wrong digest", setter("cards_digest", "0" * 16))
    yield variant("answers not a list", setter("answers", {"kind": "pass"}))
    yield variant("answer not an object", lambda d: d["answers"].__setitem__(0, "pass"))
    yield variant("unknown answer kind", lambda d: d["answers"].__setitem__(0, {"kind": "cheat"}))
    yield variant("answer field missing",
                  lambda d: d["answers"].append({"kind": "move_bid"}))
    yield variant("answer field unknown",
                  lambda d: d["answers"][0].__setitem__("zzz", 1))
    yield variant("treatments malformed", lambda d: d["answers"].__setitem__(
        0, {"kind": "catastrophe", "treatments": "civ"}))
    yield variant("answers swapped", lambda d: d["answers"].reverse())
    yield variant("answer of another game", lambda d: d["answers"].__setitem__(
        0, {"kind": "place_bid", "card": "no-such-card", "coins": [0], "luxury": 0}))
    yield variant("coin not in hand", lambda d: d["answers"].__setitem__(
        0, {"kind": "place_bid", "card": good_card(game), "coins": [71, 70, 69, 68, 67, 66],
            "luxury": 0}))
    yield variant("negative luxury", lambda d: d["answers"].__setitem__(
        0, {"kind": "place_bid", "card": good_card(game), "coins": [], "luxury": -3}))
    yield variant("a dozen passes too many", lambda d: d["answers"].extend(
        [{"kind": "withdraw"}] * 12))
    yield variant("different seed", setter("seed", good["seed"] + 1))
    yield variant("position garbage", setter("position", {"round": 99}))
    yield variant("position unknown card", setter("position", {"reveal": ["no-such-card"]}))
    yield variant("position too many players", setter("position", {"players": [{}] * 6}))
    yield variant("extra not an object", setter("extra", [1, 2]))
    finished = play(4)
    over = json.loads(dumps(finished))
    over["answers"].append({"kind": "pass"})
    yield "an answer after the end", json.dumps(over)


def good_card(game: Game) -> str:
    first = Game.new(list(game.names), game.seed, CARDS).pending
    assert isinstance(first, BidPrompt)
    return first.targets[0].card


def test_damaged_saves_raise_save_error() -> None:
    names = []
    for name, text in _damaged():
        try:
            game = loads(text, CARDS)
        except SaveError as exc:
            message = str(exc)
            assert message.strip() and "Traceback" not in message, name
            names.append(name)
            continue
        except Exception as exc:
            raise AssertionError(f"{name}: {type(exc).__name__}: {exc}") from exc
        if name == "different seed":  # the answers may happen to fit another deal
            assert isinstance(game, Game)
            continue
        raise AssertionError(f"{name}: the damaged save loaded")
    assert len(names) > 30


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:6]):
            yield from _paths(v, (*prefix, i))


_GAME_FOR_SAVES, _GOOD_SAVE = _save_dict(seed=21, answers=25)
_SAVE_PATHS = [p for p in _paths(_GOOD_SAVE) if p]


@settings(FUZZ_SETTINGS, max_examples=150)
@given(st.sampled_from(_SAVE_PATHS), JSON, st.integers(0, 3))
def test_mutated_saves_load_or_raise_save_error(path: tuple[Any, ...], value: Any,
                                                how: int) -> None:
    data = json.loads(json.dumps(_GOOD_SAVE))
    node = data
    for key in path[:-1]:
        node = node[key]
    if how == 0 and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    text = json.dumps(data)
    if how == 3:
        text = text[: len(text) * 2 // 3]
    try:
        game = loads(text, CARDS)
    except SaveError as exc:
        assert str(exc).strip()
        return
    check_invariants(game)


# --------------------------------------------------------------------------------------------
# undo → redo, determinism, views


@pytest.mark.parametrize("part", range(2))
def test_undo_then_redo_is_identical(part: int) -> None:
    rng = random.Random(part)
    for seed in range(part, 50, 2):
        for game in states(seed + 9000, 1):
            n = len(game.answers)
            before = game.snapshot()
            assert game.undo(0).snapshot() == before
            k = rng.randint(1, min(12, n)) if n else 0
            again = game.undo(k)
            assert len(again.answers) == n - k
            for answer in game.answers[n - k:]:
                again.answer(answer)
            assert again.snapshot() == before, (seed, k)
            assert game.snapshot() == before  # undo makes a copy
    finished = play(part + 17)
    again = finished.undo(3)
    assert not again.over
    for answer in finished.answers[-3:]:
        again.answer(answer)
    assert again.snapshot() == finished.snapshot()
    assert finished.undo(len(finished.answers) + 5).snapshot() == Game.new(
        list(finished.names), finished.seed, CARDS).snapshot()


def test_same_seed_same_game() -> None:
    for seed in range(20):
        a, b = play(seed), play(seed)
        assert a.snapshot() == b.snapshot()
        assert Game.replay(list(a.names), a.seed, a.answers, CARDS).snapshot() == a.snapshot()
    assert play(1).snapshot() != play(5).snapshot()


# Fields that would carry hidden information (a View may gain other fields freely: the content
# check in check_view catches a leak whatever the field is called).
HIDDEN_FIELDS = {"hand", "bid_coins", "coin_pile", "power_pile", "coins", "pledge", "cover"}
NOT_COINS = {"order", "winners", "sampler"}  # seat numbers, and the search bots' sampler


def _sequences(value: Any, out: list[tuple[Any, ...]]) -> None:
    """Every list/tuple of data anywhere inside a view (dataclasses, events, event data)."""
    if isinstance(value, (list, tuple)):
        out.append(tuple(value))
        for v in value:
            _sequences(v, out)
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            if f.name not in NOT_COINS:
                _sequences(getattr(value, f.name), out)
    elif isinstance(value, dict):
        for v in value.values():
            _sequences(v, out)


def check_view(game: Game, seat: int, view: View) -> None:
    assert not {f.name for f in fields(view)} & (HIDDEN_FIELDS - {"hand"})
    t = game.table
    assert view.seat == seat
    assert view.hand == tuple(game.players[seat].hand)
    assert view.discard == tuple(t.discard)  # the discard pile lies face up
    assert view.coin_pile_size == len(t.coin_pile)
    assert sum(n for _, n in view.piles_left) == len(t.power_pile)
    for pv, p in zip(view.players, game.players, strict=True):
        assert not {f.name for f in fields(pv)} & HIDDEN_FIELDS
        assert pv.hand_size == len(p.hand) and pv.bid_count == p.bid_count
        # views are shared between equal player states (engine/view.py): never a stale one
        assert (pv.luxury, pv.luxury_state, pv.civ_state) == (p.luxury, p.luxury_state,
                                                              p.civ_state)
        assert [(x.card, x.under_construction, x.covered, x.cover_cause) for x in pv.buildings
                ] == [(x.card, x.pledge is not None, x.cover is not None, x.cover_cause)
                      for x in p.buildings]
        assert [x.card for x in pv.landscapes] == [x.card for x in p.landscapes]
        assert (pv.inhabitants, pv.power, pv.production) == (
            game.inhabitants(p), game.power_points(p),
            (game.production(p, "wood"), game.production(p, "stone"),
             game.production(p, "grain")))
        assert (pv.luxury_cap, pv.bid_bonus_halves, pv.conquest_discount) == (
            game.luxury_cap(p), game.bid_bonus_halves(p), game.conquest_discount(p))
        assert getattr(pv, "protection", ()) in ((), tuple(
            (c.id, game.protector(p, c.id)) for c in CARDS.catastrophes))
    seqs: list[tuple[Any, ...]] = []
    _sequences(view, seqs)
    hidden: list[tuple[str, list[Any]]] = [("coin pile", t.coin_pile), ("power pile",
                                                                          t.power_pile)]
    for q in game.players:
        if q.seat != seat:
            hidden.append((f"{q.name}'s hand", q.hand))
        hidden.append((f"{q.name}'s bid", q.bid_coins))
    for what, secret in hidden:
        if len(secret) < 2:
            continue
        key = sorted(secret)
        for s in seqs:
            if len(s) == len(secret) and all(type(x) is type(secret[0]) for x in s):
                assert sorted(s) != key, f"the view of seat {seat} shows {what}"
    # no coin id of another player's hand appears among the coin ids the view lists
    shown = set(view.hand) | set(view.discard)
    for q in game.players:
        if q.seat != seat:
            assert not (set(q.hand) & set(view.hand))
    assert shown <= set(ALL_COINS)


def test_views_follow_the_card_data() -> None:
    """Equal player states under other card data get their own (not a shared) view."""
    raw = yaml.safe_load(DEFAULT_CARDS_PATH.read_text(encoding="utf-8"))
    for civ in raw["civilizations"]:
        civ["inhabitants"] += 1
    other = parse_cards(raw)
    a = Game.new(["A", "B"], 5, CARDS).view_for(0)
    b = Game.new(["A", "B"], 5, other).view_for(0)
    assert a.players[0].civ == b.players[0].civ
    assert b.players[0].inhabitants == a.players[0].inhabitants + 1


def test_views_hide_hands_and_pile_order() -> None:
    checked = 0
    for seed in range(8):
        game, bots = new_game(seed)
        step = 0
        while game.pending is not None:
            if step % 3 == 0:
                for seat in range(len(game.players)):
                    check_view(game, seat, game.view_for(seat))
                    checked += 1
            game.answer(bot_answer(game, bots))
            step += 1
        for seat in range(len(game.players)):
            check_view(game, seat, game.view_for(seat))
    assert checked > 300
