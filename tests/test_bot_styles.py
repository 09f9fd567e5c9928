"""The computer players' styles (issue 24): bids above the least when a card matters, a
personality drawn from the seed, and the players as they were (``plain``) for measuring."""

from __future__ import annotations

from peloponnes_tui.bots import BeginnerBot, HeuristicBot, SearchBot
from peloponnes_tui.bots.players import bot_seed
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.prompts import BidPrompt, BidTarget, PlaceBid
from peloponnes_tui.simulate import NAMES, game_seed


def test_a_personality_is_drawn_from_the_seed_and_plain_forgets_it(cards):
    a, again, other = (HeuristicBot(cards, s) for s in (11, 11, 12))
    assert (a.pass_bias, a.outbid_fear) == (again.pass_bias, again.outbid_fear)
    assert (a.pass_bias, a.outbid_fear) != (other.pass_bias, other.outbid_fear)
    lo, hi = HeuristicBot.pass_bias_range
    assert lo <= a.pass_bias <= hi
    beginner = BeginnerBot(cards, 11)
    assert beginner.outbid_fear <= BeginnerBot.outbid_fear_range[1]
    assert BeginnerBot.outbid_fear_range[1] < HeuristicBot.outbid_fear_range[0]
    a.plain()
    assert (a.styled, a.pass_bias, a.outbid_fear) == (False, -1.0, HeuristicBot.outbid_fear)


def test_the_search_judges_as_the_heuristic_did_before_the_styles(cards):
    """The strong player ranks its candidates and plays its playouts with the heuristic as it
    was (STYLED_SEARCH is off: it won more that way among styled standard players)."""
    bot = SearchBot(cards, 11)
    for helper in (bot.ranker, bot.policy):
        assert (helper.styled, helper.pass_bias) == (False, -1.0)


def _bid(card: str, n: int) -> tuple[float, PlaceBid]:
    return 0.0, PlaceBid(card, tuple(range(n)))


def test_a_raise_is_paid_when_it_puts_a_card_that_matters_out_of_a_rivals_reach(cards):
    bot = HeuristicBot(cards, 1, personal=False)
    market = BidTarget("x", "market", 2, None, 0, 2)
    # the least (2 coins) leaves the card to a rival holding 4; 4 coins put it out of reach
    bids = [(10.0, PlaceBid("x", (1, 2))), (9.8, PlaceBid("x", (1, 2, 3))),
            (9.6, PlaceBid("x", (1, 2, 3, 4)))]
    v, chosen = bot._guarded(bids, market, [4], alt=6.0)
    assert len(chosen.coins) == 4 and v == 9.6
    # a card worth little more than the alternative: the least
    assert len(bot._guarded(bids, market, [4], alt=9.9)[1].coins) == 2
    # nobody after it could pay more, or a conquest row card (it cannot be taken): the least
    assert len(bot._guarded(bids, market, [2], alt=6.0)[1].coins) == 2
    conquest = BidTarget("x", "conquest", 2, None, 0, 2)
    assert len(bot._guarded(bids, conquest, [9], alt=6.0)[1].coins) == 2


def test_standard_players_bid_above_the_least_and_replay_exactly(cards):
    """The first 6 games of seed 1 at 3 players: the standard players' bids include raises and
    jump bids (two coins or more above the least), and the same seeds give the same game."""

    def game_answers(seed: int) -> tuple[list[int], list[object]]:
        game = Game.new(list(NAMES[:3]), seed, cards)
        bots = [HeuristicBot(cards, bot_seed(seed, k)) for k in range(3)]
        above, answers = [], []
        while game.pending is not None:
            prompt = game.pending
            ans = bots[prompt.player].decide(prompt, game.view_for(prompt.player))
            if isinstance(prompt, BidPrompt) and isinstance(ans, PlaceBid):
                need = next(t.need_coins for t in prompt.targets if t.card == ans.card)
                above.append(len(ans.coins) + ans.luxury - need)
            answers.append(ans)
            game.answer(ans)
        return above, answers

    above = []
    for i in range(6):
        seed = game_seed(1, i)
        got, answers = game_answers(seed)
        assert game_answers(seed)[1] == answers
        above += got
    assert min(above) == 0 and max(above) >= 2
    assert 0.6 < above.count(0) / len(above) < 0.95
