"""Prepared positions: where a Position puts the coin cards, and the positions that cannot be made.

Every card a position names is moved from where the shuffled setup put it, so each of the 72 coin
cards still lies in exactly one place: a hand, a bid, the draw pile, the discard pile, or under or
over a tableau card.
"""

from __future__ import annotations

import pytest
from support import CARDS, PlacedSpec, PlayerSpec, backs, game_at

from peloponnes_tui.engine import Game, GameSetupError
from peloponnes_tui.engine.save import dumps, loads

REVEAL = ["forest", "quarry", "pasture", "barley-fields", "coast", "granary"]


def every_coin_card(game: Game) -> list[int]:
    """Every coin card the game holds, wherever it lies."""
    out = [*game.table.coin_pile, *game.table.discard]
    for p in game.players:
        out += [*p.hand, *p.bid_coins]
        out += [c for c in (p.civ_cover, p.luxury_cover) if c is not None]
        for x in p.placed():
            out += [c for c in (x.pledge, x.cover) if c is not None]
    return out


def assert_each_coin_card_once(game: Game) -> None:
    assert sorted(every_coin_card(game)) == list(range(len(CARDS.coins)))


def test_the_coin_pile_size_leaves_the_rest_on_the_discard_pile():
    game = game_at(PlayerSpec(civ="sparta", hand=["wood"]), PlayerSpec(civ="tegea", hand=[]),
                   reveal=REVEAL, coins_next=["stone-2", "grain"], coin_pile_size=5,
                   discard=["wood-2", "inhabitants"])
    pile = game.table.coin_pile
    assert len(pile) == 5
    assert backs(game, [pile[-1], pile[-2]]) == ["stone-2", "grain-1"]  # the top is the end
    # 72 coin cards: 1 in a hand, 5 in the pile, the other 66 on the discard pile, the two named
    # ones on top
    assert len(game.table.discard) == 66
    assert backs(game, game.table.discard[-2:]) == ["wood-2", "inhabitants-1"]
    assert_each_coin_card_once(game)


def test_the_whole_coin_pile_named():
    game = game_at(PlayerSpec(civ="sparta", hand=["wood"]), PlayerSpec(civ="tegea", hand=[]),
                   reveal=REVEAL, coins_next=["wood-2", "stone", "grain-2"], coin_pile_size=3)
    assert backs(game, reversed(game.table.coin_pile)) == ["wood-2", "stone-1", "grain-2"]
    assert len(game.table.discard) == 68
    assert_each_coin_card_once(game)


def test_the_discard_pile_alone_holds_exactly_the_cards_named():
    game = game_at(PlayerSpec(civ="sparta"), PlayerSpec(civ="tegea"), reveal=REVEAL,
                   discard=["grain-2", "wood", "stone"])
    assert backs(game, game.table.discard) == ["grain-2", "wood-1", "stone-1"]
    assert_each_coin_card_once(game)


def test_named_coin_cards_under_and_over_tableau_cards():
    game = game_at(
        PlayerSpec(civ="sparta", hand=[], civ_state="covered", civ_cover="grain-2",
                   luxury_state="covered", luxury_cover="wood-2",
                   buildings=[PlacedSpec(card="granary", pledge="stone-2"),
                              PlacedSpec(card="market", under_construction=True,
                                         covered_by="earthquake", cover="inhabitants")],
                   landscapes=[PlacedSpec(card="forest", covered_by="tempest", cover="stone")]),
        PlayerSpec(civ="tegea", hand=[]),
        reveal=["quarry", "pasture", "barley-fields", "coast", "well", "sawmill"])
    helena = game.players[0]
    granary, market, forest = helena.placed()
    assert backs(game, [helena.civ_cover, helena.luxury_cover]) == ["grain-2", "wood-2"]
    assert backs(game, [granary.pledge, granary.cover]) == ["stone-2", "none"]
    assert granary.under_construction and not granary.covered
    # left unnamed, a pledge is a wood coin card; the cover is named
    assert backs(game, [market.pledge, market.cover]) == ["wood-1", "inhabitants-1"]
    assert market.cover_cause == "earthquake"
    assert backs(game, [forest.cover]) == ["stone-1"] and forest.cover_cause == "tempest"
    assert_each_coin_card_once(game)


def test_a_position_with_coin_piles_survives_a_save():
    game = game_at(PlayerSpec(civ="sparta", hand=["wood"]), PlayerSpec(civ="tegea", hand=[]),
                   reveal=REVEAL, coins_next=["stone-2"], coin_pile_size=4, discard=["wood-2"],
                   order=[0, 1])
    again = loads(dumps(game), CARDS)
    assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize(("position", "reason"), [
    (dict(discard=["wood-2"] * 3), "no 'wood-2' coin card is left to place: all 2 are already"),
    (dict(coins_next=["stone-2"], discard=["stone-2", "stone-2"]), "no 'stone-2' coin card"),
    (dict(coins_next=["gold"]), "unknown coin card 'gold'"),
    (dict(coins_next=["wood", "stone", "grain"], coin_pile_size=2),
     "a coin pile of 2 cannot hold the 3 coin cards named to be drawn next"),
    (dict(coin_pile_size=72), "a coin pile of 72: only 64 coin cards are left for it"),
    (dict(coin_pile_size=0), "the coin pile is empty while the discard pile holds 64 coin cards"),
])
def test_a_coin_pile_that_cannot_be_made(position, reason):
    # Sparta and Tegea hold 8 coin cards between them: 64 are left for the piles.
    with pytest.raises(GameSetupError, match=reason):
        game_at(PlayerSpec(civ="sparta", hand=["wood"] * 4),
                PlayerSpec(civ="tegea", hand=["stone"] * 4), reveal=REVEAL, **position)


@pytest.mark.parametrize(("helena", "reason"), [
    (PlayerSpec(civ="sparta", landscapes=[PlacedSpec(card="forest", pledge="wood")]),
     "'forest' is a landscape: only buildings are put under construction"),
    (PlayerSpec(civ="sparta", buildings=[PlacedSpec(card="granary", cover="grain")]),
     "'granary' has a cover but no covered_by"),
    (PlayerSpec(civ="sparta", civ_cover="stone"), "civ_cover needs civ_state: covered"),
    (PlayerSpec(civ="sparta", luxury_cover="stone"), "luxury_cover needs luxury_state: covered"),
    (PlayerSpec(civ="sparta", hand=["grain-2"],
                buildings=[PlacedSpec(card="granary", pledge="grain-2"),
                           PlacedSpec(card="market", pledge="grain-2")]),
     "no 'grain-2' coin card is left to place"),
])
def test_a_tableau_coin_that_cannot_be_placed(helena, reason):
    with pytest.raises(GameSetupError, match=reason):
        game_at(helena, PlayerSpec(civ="tegea"), reveal=["quarry", "pasture", "barley-fields",
                                                         "coast", "well", "sawmill"])


@pytest.mark.parametrize(("helena", "reason"), [
    (PlayerSpec(civ="sparta", luxury=10**29),
     r"more luxury goods than a luxury card active allows \(at most 17\)"),
    (PlayerSpec(civ="sparta", luxury=18), r"\(at most 17\)"),
    (PlayerSpec(civ="sparta", luxury=CARDS.luxury.declined_cap + 1, luxury_state="covered"),
     rf"a luxury card covered allows \(at most {CARDS.luxury.declined_cap}\)"),
    (PlayerSpec(civ="sparta", luxury=1, luxury_state="removed"), r"removed allows \(at most 0\)"),
])
def test_luxury_goods_beyond_the_cap_are_refused(helena, reason):
    """A position (from a save, a scenario, a lesson) once set 10**29 luxury goods on a card
    that holds 17, and the panel offered them all. The engine's own cap decides."""
    with pytest.raises(GameSetupError, match=reason):
        game_at(helena, PlayerSpec(civ="tegea"), reveal=REVEAL)


def test_luxury_goods_up_to_the_cap_are_allowed():
    game = game_at(PlayerSpec(civ="sparta", luxury=CARDS.luxury.cap), PlayerSpec(civ="tegea"),
                   reveal=REVEAL)
    assert game.players[0].luxury == CARDS.luxury.cap == 17


def test_a_save_with_luxury_beyond_the_cap_is_refused():
    import json

    from peloponnes_tui.engine.save import SaveError

    game = game_at(PlayerSpec(civ="sparta", luxury=3), PlayerSpec(civ="tegea"), reveal=REVEAL)
    data = json.loads(dumps(game))
    data["position"]["players"][0]["luxury"] = 10**29
    with pytest.raises(SaveError, match="at most 17"):
        loads(json.dumps(data), CARDS)


@pytest.mark.parametrize("position", [dict(struck=["plague", "plague"]),
                                      dict(struck=["plague"], markers={"plague": 1})])
def test_a_catastrophe_marker_given_twice_is_refused(position):
    with pytest.raises(GameSetupError, match="the plague marker is given twice"):
        game_at(PlayerSpec(civ="sparta"), PlayerSpec(civ="tegea"), reveal=REVEAL, **position)
