"""Rules tests: setup, revealing power cards, bidding and turn order.

Each test sets up the exact situation with a Position, answers the prompts the rulebook's
players would answer, and checks the exact outcome.  Section references are to the rulebook
(English edition in ../shared/rules/rulebook-en.txt, German in rulebook-de.txt).
"""

from __future__ import annotations

from collections import Counter

import pytest
from support import (
    NAMES,
    SEED,
    PlacedSpec,
    bid,
    events,
    expect_illegal,
    game_at,
    pass_,
    said,
    texts,
)

from peloponnes_tui.cards import CARDS_PER_ROUND, load_cards
from peloponnes_tui.engine import (
    CompletePlan,
    FeedPlan,
    Game,
    GameOver,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    Withdraw,
)
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.payment import spending_order
from peloponnes_tui.simulate import play_game

CARDS = load_cards()

# A round-1 reveal in which nothing strikes: tempest and earthquake move one space each.
# market (3 players): forest 1, quarry 1, pasture 1; conquest: coast 2, granary 2, well 1
REVEAL3 = ["forest", "quarry", "pasture", "coast", "granary", "well"]


def three(hands=(None, None, None), **kw):
    """Helena (Sparta, start number 1), Leonidas (Corinth, 3), Dimitrios (Thebes, 5)."""
    civs = ("sparta", "corinth", "thebes")
    players = [dict(civ=c, hand=list(h) if h is not None else ["wood"] * 4)
               for c, h in zip(civs, hands, strict=True)]
    extra = kw.pop("players", None)
    if extra:
        for p, e in zip(players, extra, strict=True):
            p.update(e)
    return game_at(*players, reveal=kw.pop("reveal", REVEAL3), quiet_next=True, **kw)


# ---------------------------------------------------------------------------------------------
# Setup


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_deals_civilizations_coins_and_luxury(n):
    game = Game.new(list(NAMES[:n]), SEED, CARDS)
    civs = [p.civ for p in game.players]
    assert len(set(civs)) == n
    assert sorted(game.table.civ_box + civs) == sorted(c.id for c in CARDS.civilizations)
    assert game.table.luxury_box == CARDS.luxury.count - n
    for p in game.players:
        assert p.luxury == 0 and p.luxury_state == "active" and p.civ_state == "active"
        assert p.buildings == [] and p.landscapes == []
    # every coin card lies in exactly one place; the hands hold what the civilizations show
    dealt = [len(p.hand) for p in game.players]
    setup = events(game, "setup")
    assert [e.player for e in setup] == list(range(n))
    for p, e in zip(game.players, setup, strict=True):
        civ = CARDS.civ_by_id[p.civ]
        assert f"leads {civ.name.en} (start number {civ.number})" in said(game, e)
    all_coins = [c for p in game.players for c in p.hand] + game.table.coin_pile \
        + game.table.discard + [c for p in game.players for c in p.bid_coins]
    assert sorted(all_coins) == list(range(72))
    # nobody has drawn yet (the first bid is pending): each hand is the civilization's coin cards
    assert game.pending.kind == "bid" and not events(game, "pass")
    assert dealt == [CARDS.civ_by_id[p.civ].coins for p in game.players]
    assert len(game.table.coin_pile) == 72 - sum(dealt)


def test_first_turn_order_follows_civilization_numbers():
    game = game_at(dict(civ="thebes"), dict(civ="sparta"), dict(civ="corinth"),
                   dict(civ="arcadia"),
                   reveal=["forest", "quarry", "pasture", "sawmill", "coast", "market"],
                   quiet_next=True)
    # Sparta 1, Corinth 3, Thebes 5, Arcadia 10
    assert game.order == [1, 2, 0, 3]
    assert game.pending.player == 1
    assert texts(game, "start_order") == ["Start order: Leonidas, Dimitrios, Helena, Ariadne."]


def test_first_turn_order_in_a_dealt_game():
    game = Game.new(list(NAMES[:4]), SEED, CARDS)
    numbers = [CARDS.civ_by_id[p.civ].number for p in game.players]
    assert game.order == sorted(range(4), key=lambda s: numbers[s])
    assert texts(game, "start_order") == [
        "Start order: " + ", ".join(NAMES[s] for s in game.order) + "."]


def test_power_pile_has_a_on_top_and_c_at_the_bottom():
    game = Game.new(list(NAMES[:3]), SEED, CARDS)
    revealed = game.table.market + game.table.conquest
    pile_of = {c.id: c.pile for c in CARDS.power_cards}
    assert {pile_of[c] for c in revealed} == {"A"}
    letters = [pile_of[c] for c in game.table.power_pile]  # top of the pile = end of the list
    assert letters == ["C"] * 12 + ["B"] * 18 + ["A"] * 12


# ---------------------------------------------------------------------------------------------
# 1. Reveal


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_reveal_puts_n_cards_in_the_market_and_the_rest_in_the_conquest_row(n):
    reveal = ["forest", "quarry", "pasture", "coast", "market", "barracks"]
    game = game_at(*[dict()] * n, reveal=reveal, quiet_next=True)
    assert game.table.market == reveal[:n]
    assert game.table.conquest == reveal[n:]
    assert len(game.table.market) + len(game.table.conquest) == CARDS_PER_ROUND
    assert {t.card: t.row for t in game.pending.targets} == {
        **{c: "market" for c in reveal[:n]}, **{c: "conquest" for c in reveal[n:]}}


def test_only_the_first_two_cards_move_catastrophe_markers():
    # forest: tempest, pasture: plague; the third and later cards (barley-fields: plague,
    # quarry: earthquake, ...) move nothing
    game = three(reveal=["forest", "pasture", "barley-fields", "quarry", "granary", "well"])
    m = game.table.markers
    assert (m["tempest"], m["plague"], m["earthquake"], m["drought"], m["decline"]) == \
        (1, 1, 0, 0, 0)
    assert [e.cards for e in events(game, "track")] == [("forest",), ("pasture",)]


def test_cards_nobody_bid_on_leave_the_game():
    game = three()
    bid(game, 0, "forest", 1)
    pass_(game, 1)
    pass_(game, 2)
    for card in REVEAL3[1:]:
        assert card in game.table.box
        assert f"Nobody bid on {CARDS.power_by_id[card].name.en}: it leaves the game." in texts(
            game, "discarded")
    assert "forest" not in game.table.box
    assert [x.card for x in game.players[0].landscapes] == ["forest"]


# ---------------------------------------------------------------------------------------------
# 3. Bidding


def test_pass_draws_three_coin_cards():
    game = three(coins_next=["grain-2", "inhabitants", "stone-2"])
    before = list(game.players[0].hand)
    pass_(game, 0)
    hand = game.players[0].hand
    drawn = hand[len(before):]
    assert hand[: len(before)] == before
    assert [CARDS.coins[c].id for c in drawn] == ["grain-2", "inhabitants-1", "stone-2"]
    assert "Helena passes and draws 3 coin cards." in texts(game, "pass")
    assert game.players[0].bid_card is None and game.players[0].bid_count == 0


def test_a_bid_moves_the_chosen_coin_cards_from_the_hand():
    game = three(hands=(["wood", "stone", "grain", "inhabitants"], None, None))
    hand = list(game.players[0].hand)
    used = (hand[1], hand[3])
    bid(game, 0, "forest", use=used)
    p = game.players[0]
    assert p.hand == [hand[0], hand[2]]
    assert p.bid_card == "forest" and p.bid_coins == list(used) and p.bid_count == 2
    assert "Helena bids 2 on Forest." in texts(game, "bid")


@pytest.mark.parametrize(("card", "offered", "minimum"),
                         [("coast", 4, 5), ("quarry", 0, 1)])
def test_bid_must_meet_the_cards_minimum(card, offered, minimum):
    game = three(hands=(["wood"] * 6, None, None))
    hand = game.players[0].hand
    expect_illegal(game, PlaceBid(card, tuple(hand[:offered])),
                   f"needs at least {minimum} coin card", f"you offered {offered}")


def test_a_bid_on_a_card_already_bid_on_must_be_higher():
    game = three()
    bid(game, 0, "forest", 2)
    expect_illegal(game, PlaceBid("forest", tuple(game.players[1].hand[:2])),
                   "Helena's bid on Forest counts 2", "yours would count 2",
                   "you must bid more — at least 3 coin cards; you offered 2")
    target = next(t for t in game.pending.targets if t.card == "forest")
    assert (target.holder, target.need_coins, target.holder_effective_halves) == (0, 3, 4)


def test_outbid_player_moves_the_unchanged_bid_to_another_card():
    game = three()
    used = bid(game, 0, "forest", 2)
    bid(game, 1, "forest", 3)
    prompt = game.pending
    assert isinstance(prompt, OutbidPrompt)
    assert (prompt.player, prompt.from_card, prompt.coins) == (0, "forest", 2)
    assert [t.card for t in prompt.targets] == ["quarry", "pasture"]  # conquest needs 5
    game.answer(MoveBid("quarry"))
    h = game.players[0]
    assert h.bid_card == "quarry" and h.bid_coins == list(used) and h.bid_count == 2
    assert "Helena is outbid on Forest." in texts(game, "outbid")
    assert "Helena moves the bid of 2 to Quarry." in texts(game, "move_bid")
    assert game.pending.player == 2 and game.pending.kind == "bid"


def test_outbid_move_must_meet_the_minimum_of_the_new_card():
    game = three(reveal=["forest", "quarry", "river-valley", "coast", "market", "barracks"])
    bid(game, 0, "forest", 2)
    bid(game, 1, "forest", 3)
    assert [t.card for t in game.pending.targets] == ["quarry"]
    expect_illegal(game, MoveBid("river-valley"),
                   "River Valley needs at least 3 coin cards; your bid is 2")
    expect_illegal(game, MoveBid("coast"),
                   "Coast needs at least 5 coin cards in the conquest row (value 2 + 3); "
                   "your bid is 2")
    expect_illegal(game, MoveBid("forest"), "you must move your bid to a different card")
    expect_illegal(game, MoveBid("palace"), "is not a power card on offer this round")
    expect_illegal(game, Pass(), "must answer with move bid or withdraw")


def test_outbid_move_onto_a_bid_must_beat_it_and_starts_a_chain():
    # 4 players: market forest 1, quarry 1, pasture 1, barley-fields 1; conquest coast, market
    game = game_at(*[dict(hand=[res] * 5) for res in ("wood", "stone", "grain", "inhabitants")],
                   reveal=["forest", "quarry", "pasture", "barley-fields", "coast", "market"],
                   order=[0, 1, 2, 3], quiet_next=True)
    bid(game, 0, "forest", 3)   # Helena 3 on forest
    bid(game, 1, "quarry", 2)   # Leonidas 2 on quarry
    bid(game, 2, "pasture", 3)  # Dimitrios 3 on pasture
    bid(game, 3, "forest", 4)   # Ariadne beats Helena on forest
    prompt = game.pending
    assert prompt.player == 0 and prompt.kind == "outbid"
    # Helena's 3 beats Leonidas' 2 on quarry but not Dimitrios' 3 on pasture
    assert [t.card for t in prompt.targets] == ["quarry", "barley-fields"]
    expect_illegal(game, MoveBid("pasture"),
                   "your bid counts 3, not more than the 3 already on Pasture: beating it "
                   "takes 4 coin cards; your bid is 3")
    game.answer(MoveBid("quarry"))
    # the chain reaction: Leonidas is outbid in turn and must move or withdraw
    prompt = game.pending
    assert prompt.player == 1 and prompt.kind == "outbid" and prompt.from_card == "quarry"
    assert [t.card for t in prompt.targets] == ["barley-fields"]
    game.answer(MoveBid("barley-fields"))
    # bidding is over: every card has one bid, and each player gains the card bid on
    won = {p.name: [x.card for x in p.landscapes] for p in game.players}
    assert won == {"Helena": ["quarry"], "Leonidas": ["barley-fields"],
                   "Dimitrios": ["pasture"], "Ariadne": ["forest"]}
    assert texts(game, "turn_order")[-1] == \
        "New turn order: Ariadne (4), Helena (3), Dimitrios (3), Leonidas (2)."


def test_withdraw_returns_the_bid_and_draws_three():
    game = three(coins_next=["grain", "grain", "grain"])
    hand = list(game.players[0].hand)
    used = bid(game, 0, "forest", 2)
    nxt = game.table.coin_pile[-3:][::-1]  # the three coin cards drawn next
    bid(game, 1, "forest", 3)
    game.answer(Withdraw())
    h = game.players[0]
    assert h.bid_card is None and h.bid_coins == [] and h.bid_count == 0
    assert sorted(h.hand) == sorted(hand + nxt)
    assert set(used) <= set(h.hand)
    assert [game.coin_resource(c) for c in nxt] == ["grain"] * 3
    assert "Helena takes the bid back and draws 3 coin cards." in texts(game, "withdraw")
    # Helena gets no power card this round
    pass_(game, 2)
    assert game.players[0].landscapes == [] and game.players[0].buildings == []


def test_conquest_row_costs_value_plus_three_value_2_costs_5():
    # the rulebook's example: a value-2 card in the conquest row needs a bid of 5
    game = three(hands=(["wood"] * 6, None, None))
    target = next(t for t in game.pending.targets if t.card == "coast")
    assert (target.row, target.min_coins, target.need_coins) == ("conquest", 5, 5)
    hand = game.players[0].hand
    expect_illegal(game, PlaceBid("coast", tuple(hand[:4])),
                   "Coast needs at least 5 coin cards in the conquest row (value 2 + 3); "
                   "you offered 4")
    bid(game, 0, "coast", 5)
    assert game.players[0].bid_card == "coast" and game.players[0].bid_count == 5
    assert "Helena bids 5 on Coast in the conquest row." in texts(game, "bid")


def test_conquest_row_bid_cannot_be_outbid():
    game = three(hands=(["wood"] * 5, ["wood"] * 8, None))
    bid(game, 0, "coast", 5)
    assert "coast" not in [t.card for t in game.pending.targets]
    expect_illegal(game, PlaceBid("coast", tuple(game.players[1].hand[:8])),
                   "Coast in the conquest row already has a bid",
                   "a conquest bid cannot be beaten")
    # an outbid player cannot move onto it either
    bid(game, 1, "forest", 1)
    bid(game, 2, "forest", 2)
    assert "coast" not in [t.card for t in game.pending.targets]
    expect_illegal(game, MoveBid("coast"), "already has a bid, which cannot be beaten")
    game.answer(Withdraw())
    assert [x.card for x in game.players[0].landscapes] == ["coast"]


@pytest.mark.parametrize(
    ("buildings", "discount", "need"),
    [([], 0, 5), (["barracks"], 1, 4), (["stockade"], 1, 4), (["barracks", "stockade"], 2, 3)])
def test_barracks_and_stockade_lower_the_conquest_row_minimum(buildings, discount, need):
    # a value-2 card in the conquest row: 5, with Barracks 4, with Barracks and Stockade 3
    reveal = ["forest", "quarry", "pasture", "coast", "granary", "well"]
    game = three(hands=(["wood"] * 6, None, None), players=[dict(buildings=buildings), {}, {}],
                 reveal=reveal)
    prompt = game.pending
    assert prompt.discount == discount
    t = {t.card: t for t in prompt.targets}
    assert t["coast"].min_coins == need and t["coast"].need_coins == need
    assert t["well"].min_coins == 1 + 3 - discount
    assert t["forest"].min_coins == 1  # the market is not cheaper
    hand = game.players[0].hand
    if discount:
        expect_illegal(game, PlaceBid("coast", tuple(hand[: need - 1])),
                       f"needs at least {need} coin cards in the conquest row "
                       f"(value 2 + 3 − {discount} for Barracks/Stockade); you offered {need - 1}")
    bid(game, 0, "coast", need)
    assert game.players[0].bid_card == "coast"


def test_covered_barracks_gives_no_discount():
    game = three(players=[dict(buildings=[PlacedSpec(card="barracks", covered_by="earthquake")]),
                          {}, {}])
    assert game.pending.discount == 0
    assert next(t for t in game.pending.targets if t.card == "coast").min_coins == 5


def test_market_half_coin_beats_an_equal_bid():
    game = three(players=[{}, dict(buildings=["market"]), {}])
    bid(game, 0, "forest", 2)
    prompt = game.pending
    assert prompt.bonus_halves == 1
    target = next(t for t in prompt.targets if t.card == "forest")
    assert target.need_coins == 2  # 2½ beats 2
    bid(game, 1, "forest", 2)
    assert game.pending.kind == "outbid" and game.pending.player == 0


def test_equal_bids_with_the_market_on_both_sides_do_not_beat():
    game = three(players=[dict(buildings=["market"]), dict(buildings=["agora"]), {}])
    bid(game, 0, "forest", 2)  # 2½
    expect_illegal(game, PlaceBid("forest", tuple(game.players[1].hand[:2])),
                   "counts 2½", "yours would count 2½")
    assert next(t for t in game.pending.targets if t.card == "forest").need_coins == 3


def test_market_holder_must_be_beaten_by_a_full_coin_more():
    game = three(players=[dict(buildings=["market"]), {}, {}])
    bid(game, 0, "forest", 2)  # counts 2½
    expect_illegal(game, PlaceBid("forest", tuple(game.players[1].hand[:2])),
                   "Helena's bid on Forest counts 2½; yours would count 2")
    bid(game, 1, "forest", 3)
    assert game.pending.kind == "outbid"


def test_market_and_agora_together_add_a_whole_coin():
    game = three(players=[{}, dict(buildings=["market", "agora"]), {}],
                 hands=(["wood"] * 4, ["wood"] * 4, ["wood"] * 4))
    bid(game, 0, "forest", 2)  # Helena: 2
    prompt = game.pending
    assert prompt.bonus_halves == 2
    # 1 coin card counts 2 (not more than 2), 2 count 3
    assert next(t for t in prompt.targets if t.card == "forest").need_coins == 2
    expect_illegal(game, PlaceBid("forest", tuple(game.players[1].hand[:1])),
                   "Helena's bid on Forest counts 2; yours would count 2")
    bid(game, 1, "forest", 2)  # Leonidas: 2 + 1 = 3
    game.answer(MoveBid("quarry"))
    # Dimitrios (no bonus) needs 4 coin cards to beat Leonidas' 2 that count 3
    assert next(t for t in game.pending.targets if t.card == "forest").need_coins == 4
    expect_illegal(game, PlaceBid("forest", tuple(game.players[2].hand[:3])),
                   "Leonidas's bid on Forest counts 3; yours would count 3")


def test_outbid_player_with_market_may_move_onto_an_equal_bid():
    game = three(players=[dict(buildings=["market"]), {}, {}])
    bid(game, 0, "forest", 2)    # Helena 2½
    bid(game, 1, "quarry", 2)    # Leonidas 2
    bid(game, 2, "forest", 3)    # Dimitrios 3 beats 2½
    assert game.pending.player == 0
    assert "quarry" in [t.card for t in game.pending.targets]
    game.answer(MoveBid("quarry"))
    assert game.pending.player == 1 and game.pending.kind == "outbid"
    game.answer(Withdraw())
    assert game.players[0].landscapes[0].card == "quarry"


def test_luxury_goods_in_a_bid_are_coin_cards_drawn_blind():
    game = three(hands=(["wood"], None, None), players=[dict(luxury=3), {}, {}],
                 coins_next=["inhabitants", "grain-2"])
    assert game.pending.luxury_usable == 3
    own = game.players[0].hand[0]
    bid(game, 0, "pasture", use=(own,), luxury=2)
    h = game.players[0]
    assert h.luxury == 1
    assert h.hand == []
    assert h.bid_count == 3
    assert h.bid_coins[0] == own
    assert [CARDS.coins[c].id for c in h.bid_coins[1:]] == ["inhabitants-1", "grain-2"]
    assert "Helena bids 3 on Pasture (2 of them drawn for luxury goods)." in texts(game, "bid")


def test_a_bid_may_be_made_of_luxury_goods_alone():
    game = three(hands=([], None, None), players=[dict(luxury=5), {}, {}])
    bid(game, 0, "coast", use=(), luxury=5)
    assert game.players[0].bid_count == 5 and game.players[0].luxury == 0


def test_illegal_bids_are_refused_with_a_reason():
    game = three(hands=(["wood", "stone"], ["grain"], None), players=[dict(luxury=1), {}, {}])
    hand = game.players[0].hand
    other = game.players[1].hand[0]
    expect_illegal(game, PlaceBid("palace", tuple(hand)), "'palace' is not a power card on offer")
    expect_illegal(game, PlaceBid("forest", (other,)), f"coin card {other} is not in your hand")
    expect_illegal(game, PlaceBid("forest", (hand[0], hand[0])), "named twice")
    expect_illegal(game, PlaceBid("forest", (hand[0],), luxury=2), "you have only 1 luxury")
    expect_illegal(game, PlaceBid("forest", (hand[0],), luxury=-1), "whole number")
    expect_illegal(game, MoveBid("forest"), "must answer with place bid or pass")
    expect_illegal(game, PayBuilding(), "must answer with place bid or pass")
    expect_illegal(game, FeedPlan(), "must answer with place bid or pass")
    expect_illegal(game, CompletePlan(), "must answer with place bid or pass")
    expect_illegal(game, PlaceBid("forest", ("a",)), "coin cards must be given as a list of coin")
    expect_illegal(game, PlaceBid("forest", (True,)), "coin cards must be given as a list of coin")
    expect_illegal(game, PlaceBid("forest", (hand[0],), luxury=True), "whole number")


def test_no_answer_is_accepted_once_the_game_is_over():
    game = play_game(CARDS, ["random"] * 2, seed=3)
    assert game.over and game.pending is None
    before = game.snapshot()
    with pytest.raises(GameOver, match="the game is over"):
        game.answer(Pass())
    assert game.snapshot() == before


# ---------------------------------------------------------------------------------------------
# 4. Turn order


def test_turn_order_by_number_of_coin_cards_bid():
    game = three(hands=(["wood"] * 5, ["wood"] * 5, ["wood"] * 5))
    bid(game, 0, "forest", 1)
    bid(game, 1, "quarry", 3)
    bid(game, 2, "pasture", 2)
    assert game.order == [1, 2, 0]
    assert "New turn order: Leonidas (3), Dimitrios (2), Helena (1)." in texts(game, "turn_order")
    # the next round's bidding starts with the new start player
    assert game.pending.player == 1


def test_passing_counts_as_zero_and_the_market_bonus_is_ignored():
    game = three(players=[{}, {}, dict(buildings=["market", "agora"])])
    pass_(game, 0)
    bid(game, 1, "quarry", 2)
    bid(game, 2, "pasture", 2)  # counts 3 for bidding, 2 for turn order
    assert game.order == [1, 2, 0]
    assert events(game, "turn_order")[-1].data.order == (1, 2, 0)


def test_reveal_turn_order_setup_coin_conservation():
    """Through a round of passes and bids every coin card is still in exactly one place."""
    game = three()
    bid(game, 0, "forest", 1)
    pass_(game, 1)
    bid(game, 2, "pasture", 1)
    places = [c for p in game.players for c in p.hand] + game.table.coin_pile + \
        game.table.discard + [c for p in game.players for x in p.placed()
                              for c in (x.pledge, x.cover) if c is not None]
    assert Counter(places) == Counter(range(72))


def test_bid_and_outbid_prompts_say_how_many_coin_cards_a_pass_draws():
    """Three while the coin cards last; with one left anywhere (draw pile and discard pile) the
    prompts say one, and passing draws exactly that one (ruling R18)."""
    # every coin card but one in the two hands, that one on the draw pile
    backs_ = {b.id: b.count for b in CARDS.coin_backs}
    wood_stone = [b for b in backs_ if b.startswith(("wood", "stone"))]
    helena = [b for b in wood_stone for _ in range(backs_[b])]
    rest = [b for b in backs_ if b not in wood_stone for _ in range(backs_[b])]
    game = game_at(dict(hand=helena), dict(hand=rest[:-1]), reveal=REVEAL3,
                   order=[0, 1], coins_next=rest[-1:], coin_pile_size=1, discard=[])
    assert game.pending.kind == "bid" and game.pending.draws == 1
    bid(game, 0, "forest", 1)
    bid(game, 1, "forest", 2)
    assert game.pending.kind == "outbid" and game.pending.draws == 1
    game.answer(Withdraw())
    assert texts(game, "withdraw") == ["Helena takes the bid back and draws 1 coin card."]
    full = game_at(dict(hand=["wood"]), dict(hand=["stone"]), reveal=REVEAL3, order=[0, 1])
    assert full.pending.draws == rule_numbers(CARDS).coins_for_passing


def test_coin_cards_are_spent_inhabitants_last_and_small_amounts_first():
    """spending_order: an inhabitant coin card counts as population at the end, a 2 Wood pays
    more later; cards of equal worth keep their order in the hand."""
    game = game_at(dict(hand=["inhabitants", "wood-2", "grain", "stone", "inhabitants"]),
                   dict(hand=["stone"]), reveal=REVEAL3, order=[0, 1])
    inh1, wood2, grain, stone, inh2 = game.players[0].hand
    assert spending_order(CARDS, game.players[0].hand) == (grain, stone, wood2, inh1, inh2)
