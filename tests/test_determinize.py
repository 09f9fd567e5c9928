"""Determinized copies (for search bots) keep what a player sees and redraw what is hidden."""

from __future__ import annotations

import random
from collections import Counter

from peloponnes_tui.bots import make_bot
from peloponnes_tui.engine import Game


def _midgame(cards, seed=5, answers=40):
    game = Game.new(["A", "B", "C", "D"], seed, cards)
    bots = [make_bot("random", cards, seed + i) for i in range(4)]
    for _ in range(answers):
        p = game.pending
        game.answer(bots[p.player].decide(p, game.view_for(p.player)))
    return game


def test_view_is_unchanged_and_hidden_parts_are_redrawn(cards):
    game = _midgame(cards)
    seat = game.pending.player
    before = game.snapshot()
    copies = [game.determinize(seat, random.Random(i)) for i in range(8)]
    assert game.snapshot() == before  # the real game is untouched
    view = game.view_for(seat)
    for g in copies:
        assert g.view_for(seat) == view
        assert g.pending == game.pending
        for p, q in zip(game.players, g.players, strict=True):
            assert len(p.hand) == len(q.hand)
            assert len(p.bid_coins) == len(q.bid_coins)
        # same cards overall, only places of hidden ones differ
        assert sorted(g.table.coin_pile + [c for p in g.players for c in p.hand + p.bid_coins]) \
            == sorted(game.table.coin_pile + [c for p in game.players
                                              for c in p.hand + p.bid_coins])
        assert Counter(cards.power_by_id[c].pile for c in g.table.power_pile) == Counter(
            cards.power_by_id[c].pile for c in game.table.power_pile)
        assert [cards.power_by_id[c].pile for c in g.table.power_pile] == [
            cards.power_by_id[c].pile for c in game.table.power_pile]
    other = next(p.seat for p in game.players if p.seat != seat and len(p.hand) > 1)
    hands = {tuple(g.players[other].hand) for g in copies}
    assert len(hands) > 1


def test_determinized_copy_plays_on_to_the_end(cards):
    game = _midgame(cards, seed=9, answers=25)
    g = game.determinize(game.pending.player, random.Random(3))
    bots = [make_bot("random", cards, 100 + i) for i in range(4)]
    while not g.over:
        p = g.pending
        g.answer(bots[p.player].decide(p, g.view_for(p.player)))
    assert g.scores and not game.over


def test_view_sample_is_the_players_determinization(cards):
    game = _midgame(cards, seed=12, answers=30)
    seat = game.pending.player
    view = game.view_for(seat)
    g = view.sample(random.Random(1))
    assert g.view_for(seat) == view
    assert g is not game


def test_check_says_why_without_changing_anything(cards):
    from peloponnes_tui.engine import Pass, PlaceBid

    game = _midgame(cards, seed=21, answers=0)
    before = game.snapshot()
    assert game.check(Pass()) is None
    reason = game.check(PlaceBid("no-such-card", (), 0))
    assert reason and "not a power card on offer" in reason
    assert game.snapshot() == before
    game.answer(Pass())
    assert game.answer_seats == [game.log[-1].player]


def test_view_tells_protection_and_labels(cards):
    from peloponnes_tui.engine.position import PlayerSpec, Position

    pos = Position(players=[PlayerSpec(civ="sparta", buildings=["well"]),
                            PlayerSpec(civ="corinth")])
    game = Game.new(["A", "B"], 1, cards, pos)
    prot = dict(game.view_for(1).players[0].protection)
    assert prot["plague"] == "Well" and prot["drought"] is None
    assert game.card_label(0, "civ") == "the civilization card Sparta"
    assert game.card_label(0, "luxury") == "the luxury card"
    targets = game.bid_targets(1)
    assert {t.card for t in targets} == set(game.table.market + game.table.conquest)


def test_answers_that_turn_up_hidden_cards_are_marked(cards):
    """A pass draws 3 coin cards: that answer turned up hidden cards; a plain bid did not."""
    from peloponnes_tui.engine import Pass, PlaceBid
    from peloponnes_tui.engine.position import PlayerSpec, Position

    pos = Position(reveal=["granary", "forest", "pasture", "coast", "olive-grove",
                           "wheat-fields"], order=[0, 1],
                   players=[PlayerSpec(civ="sparta", hand=["grain", "grain"]),
                            PlayerSpec(civ="corinth", hand=["wood"])])
    game = Game.new(["A", "B", "C"][:2], 1, cards, pos)
    game.answer(PlaceBid("granary", tuple(game.players[0].hand[:2])))
    assert game.answer_revealed == [False]
    game.answer(Pass())  # draws three coin cards (and the round goes on to income)
    assert game.answer_revealed == [False, True]
