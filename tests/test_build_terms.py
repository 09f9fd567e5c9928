"""``gaining.build_terms``: the terms on which a won building joins the tableau.

The engine builds its BuildPrompt with it and the computer players weigh a building they might win
with it, so it must be exactly the prompt the engine yields, and ``luxury_gained`` exactly the
luxury goods that paying then brings.
"""

from __future__ import annotations

from collections import Counter

import pytest

from peloponnes_tui.bots import RandomBot
from peloponnes_tui.cards import CardSet, load_cards
from peloponnes_tui.engine import BuildPrompt, Game, Pass, PayBuilding, PlaceBid
from peloponnes_tui.engine.gaining import build_terms, luxury_gained
from peloponnes_tui.engine.position import PlayerSpec, Position
from peloponnes_tui.engine.view import View
from peloponnes_tui.simulate import NAMES

CARDS = load_cards()
AGORA = CARDS.power_by_id["agora"]  # value 2, costs 1 wood and 2 stone


def terms_from_view(cards: CardSet, prompt: BuildPrompt, view: View) -> BuildPrompt:
    """build_terms from what the winner sees: the won card, their tableau, hand and luxury."""
    me = view.me
    wood, stone, _ = me.production
    # luxury goods can be traded only for coin cards left to draw (pile and discard pile)
    usable = min(me.luxury, view.coin_pile_size + len(view.discard))
    return build_terms(cards, cards.power_by_id[prompt.card], wood, stone, view.hand, me.luxury,
                       usable, me.luxury_cap, player=view.seat)


def excess_luxury_logged(game: Game, since: int, seat: int) -> int:
    """Luxury goods the log says ``seat`` gained for excess production after event ``since``."""
    return sum(e.data.gained for e in game.log[since:]
               if e.kind == "luxury" and e.player == seat and e.data.why == "excess_production")


def test_build_terms_is_the_prompt_the_engine_yields_in_random_games():
    seen: Counter[str] = Counter()
    for seed in range(120):
        players = 2 + seed % 4
        game = Game.new(list(NAMES[:players]), 7_000 + seed, CARDS)
        bots = [RandomBot(CARDS, seed * 31 + i) for i in range(players)]
        while game.pending is not None:
            prompt = game.pending
            view = game.view_for(prompt.player)
            ans = bots[prompt.player].decide(prompt, view)
            if isinstance(prompt, BuildPrompt):
                assert prompt == terms_from_view(CARDS, prompt, view)
                seen["build"] += 1
                seen["capped" if luxury_gained(prompt, 0) < prompt.excess else "uncapped"] += 1
            since = len(game.log)
            game.answer(ans)
            if isinstance(prompt, BuildPrompt) and isinstance(ans, PayBuilding):
                # paying brings exactly the luxury goods luxury_gained says (the cap applied)
                gained = luxury_gained(prompt, ans.luxury)
                assert excess_luxury_logged(game, since, prompt.player) == gained
                seen["paid"] += 1
                seen["paid, cap took some"] += not ans.luxury and gained < prompt.excess
    # the games reached many buildings, paid ones, and ones where the cap took some excess
    assert seen["build"] > 500 and seen["paid"] > 300
    assert seen["capped"] > 0 and seen["uncapped"] > 0 and seen["paid, cap took some"] > 0


def agora_won(luxury: int, luxury_state: str) -> tuple[Game, BuildPrompt]:
    """Helena (Arcadia + Limestone Hills: 2 wood, 3 stone) wins the Agora for 2 grain coins."""
    helena = PlayerSpec(civ="arcadia", hand=["grain"] * 3, landscapes=["limestone-hills"],
                        luxury=luxury, luxury_state=luxury_state)
    leonidas = PlayerSpec(civ="tegea", hand=["grain"])
    pos = Position(order=[0, 1], players=[helena, leonidas],
                   reveal=["agora", "quarry", "pasture", "barley-fields", "coast", "granary"])
    game = Game.new(["Helena", "Leonidas"], 2024, CARDS, position=pos)
    game.answer(PlaceBid("agora", tuple(game.players[0].hand[:2])))
    game.answer(Pass())
    prompt = game.pending
    assert isinstance(prompt, BuildPrompt) and prompt.card == "agora"
    return game, prompt


@pytest.mark.parametrize(("luxury", "state", "cap", "gained"), [
    (14, "active", 17, 2),  # room for the whole excess
    (17, "active", 17, 0),  # the cap is reached
    (16, "active", 17, 1),
    (2, "covered", 3, 1),  # a declined luxury card holds 3
    (0, "removed", 0, 0),  # no luxury card: no luxury goods at all
])
def test_build_terms_for_the_agora_with_two_excess(luxury, state, cap, gained):
    game, prompt = agora_won(luxury, state)
    hand = tuple(game.players[0].hand)
    want = BuildPrompt(
        player=0, card="agora", cost_wood=1, cost_stone=2,
        production_wood=2, production_stone=3, missing_wood=0, missing_stone=0, excess=2,
        hand=hand, luxury=luxury, luxury_usable=luxury, luxury_cap=cap, can_pay=True,
        can_construct=True)
    assert build_terms(CARDS, AGORA, 2, 3, hand, luxury, luxury, cap, player=0) == want
    assert prompt == want
    assert luxury_gained(prompt, 0) == gained
    since = len(game.log)
    game.answer(PayBuilding())
    assert excess_luxury_logged(game, since, 0) == gained


def coin_ids(resource: str, n: int) -> tuple[int, ...]:
    """The first ``n`` coin cards showing one unit of ``resource``."""
    return tuple(i for i, c in enumerate(CARDS.coins)
                 if c.resource == resource and c.amount == 1)[:n]


def test_build_terms_counts_what_the_hand_and_luxury_can_pay():
    # Agora with 0 wood and 1 stone produced: 1 wood and 1 stone missing, nothing in excess.
    wood = coin_ids("wood", 1)
    grain = coin_ids("grain", 1)
    t = build_terms(CARDS, AGORA, 0, 1, wood, 0, 0, 17, player=1)
    assert (t.missing_wood, t.missing_stone, t.excess) == (1, 1, 0)
    assert not t.can_pay and t.can_construct  # the stone is missing, a coin card can go under
    assert build_terms(CARDS, AGORA, 0, 1, wood, 1, 1, 17, player=1).can_pay  # a luxury good
    # with only luxury goods no coin card can be paid, but one can be drawn for a luxury good
    t = build_terms(CARDS, AGORA, 0, 1, (), 1, 1, 17, player=1)
    assert not t.can_pay and t.can_construct
    # luxury goods held but no coin card left to draw for them: neither is possible
    t = build_terms(CARDS, AGORA, 0, 1, (), 1, 0, 17, player=1)
    assert not t.can_pay and not t.can_construct
    t = build_terms(CARDS, AGORA, 0, 1, grain, 0, 0, 17, player=1)
    assert not t.can_pay and t.can_construct  # grain pays no building


def test_luxury_gained_is_none_when_luxury_goods_pay():
    t = build_terms(CARDS, AGORA, 3, 1, (), 5, 5, 17, player=0)  # 1 stone missing, 2 wood over
    assert (t.missing_stone, t.excess, t.can_pay) == (1, 2, True)
    assert luxury_gained(t, 1) == 0
