"""Determinized copies (for search bots) keep what a player sees and redraw what is hidden."""

from __future__ import annotations

import random
from collections import Counter

import pytest

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
    from peloponnes_tui.engine.bidding import view_targets
    from peloponnes_tui.engine.names import card_label
    from peloponnes_tui.engine.position import PlayerSpec, Position

    pos = Position(players=[PlayerSpec(civ="sparta", buildings=["well"]),
                            PlayerSpec(civ="corinth")])
    game = Game.new(["A", "B"], 1, cards, pos)
    prot = dict(game.view_for(1).players[0].protection)
    assert prot["plague"] == "well" and prot["drought"] is None
    assert card_label(cards, "civ", game.players[0].civ) == "the civilization card Sparta"
    assert card_label(cards, "luxury") == "the luxury card"
    targets = view_targets(cards, game.view_for(1), 1)
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


# -- cheap copies: from a snapshot of the current step, not a replay of the whole game ----------


def _places(cards, g):
    """Every coin card and power card of ``g``, each listed once per place it lies in."""
    t = g.table
    coins = t.coin_pile + t.discard
    power = t.power_pile + t.market + t.conquest + t.box
    for p in g.players:
        coins = coins + p.hand + p.bid_coins
        coins += [c for c in (p.civ_cover, p.luxury_cover) if c is not None]
        for x in p.buildings + p.landscapes:
            power.append(x.card)
            coins += [c for c in (x.pledge, x.cover) if c is not None]
    return coins, power


def _assert_every_card_in_one_place(cards, g):
    coins, power = _places(cards, g)
    assert sorted(coins) == list(range(len(cards.coins)))
    assert sorted(power) == sorted(c.id for c in cards.power_cards)


def _heuristic_decisions(cards, seed, players):
    """Yield a heuristic-bot game (2-5 players) before every answer."""
    game = Game.new(["A", "B", "C", "D", "E"][:players], seed, cards)
    bots = [make_bot("heuristic", cards, seed + i) for i in range(players)]
    while game.pending is not None:
        yield game
        p = game.pending
        game.answer(bots[p.player].decide(p, game.view_for(p.player)))


def test_copies_before_every_answer_show_the_view_and_redeal_the_rest(cards):
    """Before every answer of heuristic games at 2-5 players: the copy shows the deciding
    player exactly their view (and the same prompt), keeps every card in one place, and leaves
    the real game as it was; what is hidden from the player is what differs."""
    redealt = 0
    for players in (2, 3, 4, 5):
        for game in _heuristic_decisions(cards, 40 + players, players):
            seat = game.pending.player
            before = game.snapshot()
            g = game.determinize(seat, random.Random(len(game.answers)))
            assert game.snapshot() == before
            assert g.view_for(seat) == game.view_for(seat)
            assert g.pending == game.pending
            _assert_every_card_in_one_place(cards, g)
            hidden = [(p.hand, p.bid_coins) for p in game.players if p.seat != seat]
            redealt += hidden != [(p.hand, p.bid_coins) for p in g.players if p.seat != seat]
    assert redealt > 100


def test_copy_is_the_replayed_game_before_the_redeal(cards):
    """A copy made from the step's snapshot equals one made from a replay of the whole game
    (its snapshot rebuilt from the first step): same rng, same cards, same prompt."""
    for game in _heuristic_decisions(cards, 77, 3):
        if len(game.answers) % 7:
            continue
        seat = game.pending.player
        replayed = Game.replay(game.names, game.seed, game.answers, cards)
        a = game.determinize(seat, random.Random(5))
        b = replayed.determinize(seat, random.Random(5))
        assert a.snapshot() == b.snapshot()


def test_copies_play_on_legally_to_the_end(cards):
    """Copies dealt at many points of a game play on to a scored end, every card in one place
    after every answer, and the real game does not move."""
    game = _midgame(cards, seed=3, answers=0)
    bots = [make_bot("random", cards, 50 + i) for i in range(4)]
    ends = 0
    while not game.over:
        if len(game.answers) % 9 == 0:
            before = game.snapshot()
            g = game.determinize(game.pending.player, random.Random(len(game.answers)))
            while not g.over:
                p = g.pending
                g.answer(bots[p.player].decide(p, g.view_for(p.player)))
                _assert_every_card_in_one_place(cards, g)
            assert g.phase == "over" and len(g.scores) == 4
            assert game.snapshot() == before
            ends += 1
        p = game.pending
        game.answer(bots[p.player].decide(p, game.view_for(p.player)))
    assert ends == -(-len(game.answers) // 9) > 5  # one copy per ninth answer


def test_copy_shares_nothing_it_could_change_or_read_back(cards):
    """The copy keeps no seed, answers or snapshot of the real game, and none of its lists:
    changing the copy cannot change the real game, nor lead back to its hidden cards."""
    game = _midgame(cards, seed=8, answers=33)
    g = game.determinize(game.pending.player, random.Random(2))
    assert (g.seed, g.position, g.answers, g.answer_seats, g.answer_revealed) == (
        -1, None, [], [], [])
    assert g._snapshot is None and g._steps == []

    def lists(x):
        out = [x.table.power_pile, x.table.coin_pile, x.table.discard, x.table.market,
               x.table.conquest, x.table.box, x.table.civ_box, x.table.struck, x.log, x.order]
        for p in x.players:
            out += [p.hand, p.bid_coins, p.won, p.buildings, p.landscapes]
            out += [placed for placed in p.buildings + p.landscapes]
        return out + x.players + [x.table, x.table.markers, x.rng]

    assert not {id(o) for o in lists(g)} & {id(o) for o in lists(game)}


def test_a_copy_can_be_dealt_again_once_it_begins_a_step(cards):
    game = _midgame(cards, seed=4, answers=20)
    seat = game.pending.player
    g = game.determinize(seat, random.Random(1))
    with pytest.raises(ValueError, match="begun a step of its own"):
        g.determinize(seat, random.Random(2))
    bots = [make_bot("random", cards, 60 + i) for i in range(4)]
    phase, rnd = g.phase, g.round
    while (g.phase, g.round) == (phase, rnd):
        p = g.pending
        g.answer(bots[p.player].decide(p, g.view_for(p.player)))
    seat = g.pending.player
    again = g.determinize(seat, random.Random(3))
    assert again.view_for(seat) == g.view_for(seat)
    _assert_every_card_in_one_place(cards, again)


def test_the_deal_does_not_depend_on_where_the_hidden_cards_lie(cards):
    """Two tables that look the same to Helena (the others' hands swapped between them): with
    the same random numbers, her copies deal the hidden cards the same way, so nothing made
    from a copy (a search bot's choice, the coach's advice) can tell the two tables apart."""
    from peloponnes_tui.engine.position import PlayerSpec, Position

    def table(second: list[str], third: list[str]) -> Game:
        pos = Position(round=2, players=[PlayerSpec(hand=["wood", "stone"]),
                                         PlayerSpec(hand=second), PlayerSpec(hand=third)])
        return Game.new(["Helena", "Leonidas", "Dimitrios"], 3, cards, pos)

    a = table(["wood", "wood", "grain"], ["stone", "inhabitants", "grain"])
    b = table(["stone", "inhabitants", "grain"], ["wood", "wood", "grain"])
    assert a.players[1].hand != b.players[1].hand  # the hidden cards lie differently
    assert sorted(a.players[1].hand + a.players[2].hand) == sorted(
        b.players[1].hand + b.players[2].hand)
    assert a.view_for(0) == b.view_for(0)  # Helena sees the same table
    for k in range(5):
        da, db = a.determinize(0, random.Random(k)), b.determinize(0, random.Random(k))
        assert [p.hand for p in da.players] == [p.hand for p in db.players]
        assert da.table.coin_pile == db.table.coin_pile
        assert da.table.power_pile == db.table.power_pile
