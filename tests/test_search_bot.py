"""The look-ahead bot: legal answers, determinism, information it uses, budget."""

from __future__ import annotations

import ast
import copy
import dataclasses
import inspect
import math
import random

import pytest

from peloponnes_tui.bots import BOTS, SearchBot, make_bot
from peloponnes_tui.bots import search as search_module
from peloponnes_tui.bots.heuristic import HeuristicBot
from peloponnes_tui.engine.answers import answer_key
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.prompts import ANSWERS_FOR, BidPrompt, CatastropheAnswer, Pass, PlaceBid
from peloponnes_tui.simulate import NAMES

# A tiny budget keeps the tests fast: two candidates, one playout each, one round ahead.
SMALL = {"playouts": 2, "horizon": 1, "max_candidates": 2, "time_limit": None}


def _play(cards, bots, seed):
    """Play a game; ``bots`` are Bot objects, one per seat."""
    game = Game.new(list(NAMES[: len(bots)]), seed, cards)
    while game.pending is not None:
        prompt = game.pending
        game.answer(bots[prompt.player].decide(prompt, game.view_for(prompt.player)))
    return game


def test_search_is_registered(cards):
    assert BOTS["search"] is SearchBot
    bot = make_bot("search", cards, 1)
    assert isinstance(bot, SearchBot)
    assert bot.name == "search"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_search_finishes_games_without_illegal_answers(cards, players):
    # Game.answer raises IllegalAnswer on any illegal answer, so finishing proves legality.
    bots = [SearchBot(cards, 10 * players + i, **SMALL) if i in (0, 3)
            else make_bot("heuristic", cards, i) for i in range(players)]
    game = _play(cards, bots, players)
    assert game.over and game.phase == "over"
    assert len(game.scores) == players
    assert sum(b.searches for b in bots if isinstance(b, SearchBot)) > 0


def test_search_with_full_playouts_finishes_a_game(cards):
    bots = [SearchBot(cards, 3, playouts=2, horizon=None, max_candidates=2, time_limit=None),
            make_bot("heuristic", cards, 4)]
    game = _play(cards, bots, 8)
    assert game.over
    assert bots[0].total_playouts > 0


def test_search_is_deterministic_for_a_seed(cards):
    def answers():
        bots = [SearchBot(cards, 5, **SMALL), SearchBot(cards, 7, **SMALL)]
        return _play(cards, bots, 31)

    a, b = answers(), answers()
    assert a.answers == b.answers
    assert a.snapshot() == b.snapshot()


def test_search_never_exceeds_its_playout_budget(cards):
    for playouts, cands in ((3, 3), (5, 5)):
        bot = SearchBot(cards, playouts, playouts=playouts, horizon=1, max_candidates=cands,
                        time_limit=None)
        other = make_bot("heuristic", cards, 0)
        game = Game.new(list(NAMES[:3]), playouts, cards)
        bots = [bot, other, other]
        searched = 0
        while game.pending is not None and game.round <= 3:
            prompt = game.pending
            ans = bots[prompt.player].decide(prompt, game.view_for(prompt.player))
            assert isinstance(ans, ANSWERS_FOR[prompt.kind])
            if prompt.player == 0:
                assert 0 <= bot.last_playouts <= playouts
                searched += bot.last_playouts > 0
            game.answer(ans)
        assert searched > 0


def test_single_candidate_is_not_searched(cards):
    bot = SearchBot(cards, 1, **SMALL)
    bot.candidates = lambda prompt, view: [bot.ranker.decide(prompt, view)]  # type: ignore
    game = Game.new(list(NAMES[:2]), 3, cards)
    prompt = game.pending
    assert prompt is not None
    bot.decide(prompt, game.view_for(prompt.player))
    assert bot.last_playouts == 0 and bot.searches == 0


def test_search_decides_from_prompt_and_view_only(cards):
    """The bot reaches the game only through ``view.sample``, and only for copies."""
    tree = ast.parse(inspect.getsource(search_module))
    runtime_imports = set()
    for node in tree.body:  # module level, outside ``if TYPE_CHECKING``
        if isinstance(node, ast.ImportFrom):
            runtime_imports.add(node.module or "")
    assert not any(m.endswith("engine.game") or m.endswith("engine.state")
                   for m in runtime_imports)

    game = Game.new(list(NAMES[:2]), 17, cards)
    bots = [SearchBot(cards, i, **SMALL) for i in range(2)]
    twins = [SearchBot(cards, i, **SMALL) for i in range(2)]
    steps = 0
    while game.pending is not None and steps < 20:
        prompt = game.pending
        seat = prompt.player
        view = game.view_for(seat)
        before = game.snapshot()
        calls = []
        # a shadow game (same seed and answers): what the bot samples cannot be the real game
        shadow = Game.replay(game.names, game.seed, game.answers, cards)

        def sampler(rng: random.Random, seat=seat, calls=calls, shadow=shadow):
            calls.append(1)
            return shadow.determinize(seat, rng)

        detached = dataclasses.replace(copy.deepcopy(dataclasses.replace(view, sampler=None)),
                                       sampler=sampler)
        answer = bots[seat].decide(prompt, view)
        assert game.snapshot() == before  # looking ahead leaves the real game alone
        twin_answer = twins[seat].decide(copy.deepcopy(prompt), detached)
        assert answer == twin_answer
        assert len(calls) == twins[seat].last_playouts  # one copy per playout
        game.answer(answer)
        steps += 1


def test_default_budget_follows_the_table_size(cards):
    """Without a budget the bot plays 128 playouts per decision at 2 and 3 players, 96 at 4 and
    64 at 5 (a playout at a bigger table is longer); it compares up to 8 answers, the best mean
    deciding, at 2 players, and up to 4, kept in the heuristic's order unless 2 standard errors
    apart, at 3 to 5 (issue 24); what is given is kept at any table."""
    default = SearchBot(cards, 1)
    fixed = SearchBot(cards, 1, playouts=20, max_candidates=5, steady=1.0)
    for players, playouts, most, steady in ((2, 128, 8, 0.0), (3, 128, 4, 2.0),
                                            (4, 96, 4, 2.0), (5, 64, 4, 2.0)):
        view = Game.new(list(NAMES[:players]), 2, cards).view_for(0)
        assert default.budget(view) == playouts
        assert (default.candidate_limit(view), default.steadiness(view)) == (most, steady)
        assert fixed.budget(view) == 20
        assert (fixed.candidate_limit(view), fixed.steadiness(view)) == (5, 1.0)


def test_playouts_look_two_rounds_ahead_at_two_players_and_one_at_bigger_tables(cards):
    """The default horizon is by the table's size (HORIZON_BY_PLAYERS): a playout from the
    bidding of round 2 stops at the bidding of round 4 at 2 players, of round 3 at 3 to 5; a
    horizon given is kept."""
    default, one = SearchBot(cards, 1), SearchBot(cards, 1, horizon=1)
    for players, stop in ((2, 4), (3, 3), (4, 3), (5, 3)):
        game = Game.new(list(NAMES[:players]), 2, cards)
        view = dataclasses.replace(game.view_for(0), round=2)
        assert default.stop_round(view) == stop
        assert one.stop_round(view) == 3
    assert SearchBot(cards, 1, horizon=None).stop_round(view) is None


def test_playouts_go_to_the_end_of_the_game_from_the_round_given(cards):
    """With ``to_end_from=7`` a playout from round 6 stops when the bidding of round 7 starts
    (one round ahead, then the estimate), and a playout from round 7 or 8 plays the game to its
    end (the real score). Without ``to_end_from`` (None) a playout from round 7 stops two
    rounds on at 2 players (the default horizon there), at the end of the game."""
    game = Game.new(list(NAMES[:2]), 23, cards)
    heuristic = make_bot("heuristic", cards, 1)
    ended: dict[int, list[tuple[bool, int, str]]] = {}
    while game.pending is not None:
        prompt = game.pending
        view = game.view_for(prompt.player)
        if prompt.player == 0 and game.round >= 6 and game.round not in ended:
            bot = SearchBot(cards, 2, playouts=8, horizon=1, time_limit=None, to_end_from=7)
            copies = []

            def sampler(rng: random.Random, copies=copies):
                g = game.determinize(0, rng)
                copies.append(g)
                return g

            bot.decide(prompt, dataclasses.replace(view, sampler=sampler))
            if bot.last_playouts:
                assert bot.stop_round(view) == (7 if game.round == 6 else None)
                assert SearchBot(cards, 2).stop_round(view) == game.round + 2
                ended[game.round] = [(g.pending is None, g.round, g.phase) for g in copies]
        game.answer(heuristic.decide(prompt, view))
    assert set(ended) == {6, 7, 8}
    assert set(ended[6]) == {(False, 7, "bidding")}
    assert set(ended[7]) == {(True, 8, "over")}
    assert set(ended[8]) == {(True, 8, "over")}


def _at_bidding(cards, seed, round_):
    """A 2-player game of heuristic bots, at the start of the bidding of ``round_``."""
    game = Game.new(list(NAMES[:2]), seed, cards)
    bots = [make_bot("heuristic", cards, 1), make_bot("heuristic", cards, 2)]
    while not (game.round == round_ and game.phase == "bidding"):
        prompt = game.pending
        assert prompt is not None
        game.answer(bots[prompt.player].decide(prompt, game.view_for(prompt.player)))
    return game


def test_the_leaf_score_adds_the_power_weight_times_the_projected_power(cards):
    """A cut-short playout counts the heuristic's estimate (from the player's own view, before
    the round's bidding) plus ``power_weight`` times the power points the estimate projects
    (the heuristic as before the styles, :data:`STYLED_SEARCH` being off)."""
    game = _at_bidding(cards, 41, 4)
    heuristic = make_bot("heuristic", cards, 0)
    assert isinstance(heuristic, HeuristicBot)
    heuristic.plain()
    for seat in (0, 1):
        view = game.view_for(seat)
        parts: dict[str, float] = {}
        value = heuristic.evaluate(heuristic._pos(view),
                                   heuristic._ctx(view, "pre", this_supply_done=True), parts)
        assert SearchBot(cards, 1, power_weight=0.0).leaf_score(view) == value
        assert SearchBot(cards, 1, power_weight=0.4).leaf_score(view) == pytest.approx(
            value + 0.4 * parts["power"])
        assert parts["power"] > 0


SCALES = {2: 8.0, 3: 4.5, 4: 3.5, 5: 3.0, 6: 2.75, 7: 2.25, 8: 2.0}


def test_the_leaf_scale_is_fixed_or_follows_the_round(cards):
    """A number: that scale whatever the round; a mapping: the scale of the round whose bidding
    the playout stopped at, the last round's for a round it does not list. By default 1.5."""
    by_round = SearchBot(cards, 1, margin_scale=SCALES)
    fixed = SearchBot(cards, 1, margin_scale=2.5)
    for r in range(2, 9):
        assert by_round.leaf_scale(r) == SCALES[r]
        assert fixed.leaf_scale(r) == 2.5
        assert SearchBot(cards, 1).leaf_scale(r) == 1.5
    assert by_round.leaf_scale(9) == 2.0
    assert SearchBot(cards, 1).power_weight == 0.0


def test_a_cut_short_playout_is_worth_the_chance_of_winning_from_the_lead(cards):
    """Value of a copy stopped at the bidding of round 5: sigmoid(lead / scale of round 5)
    plus 0.05 per point of lead, the lead being the own leaf score minus the best other."""
    game = _at_bidding(cards, 43, 5)
    bot = SearchBot(cards, 1, margin_scale=SCALES, power_weight=0.4)
    sample = game.determinize(0, random.Random(3))
    own, other = (bot.leaf_score(sample.view_for(s)) for s in (0, 1))
    lead = own - other
    expected = 1 / (1 + math.exp(-lead / 3.0)) + 0.05 * lead
    assert bot._value(sample, 0) == pytest.approx(expected)
    assert bot._value(sample, 1) == pytest.approx(1 / (1 + math.exp(lead / 3.0)) - 0.05 * lead)


def test_coin_choices_offer_a_bid_with_other_coin_cards(cards):
    """Round 1 of a 2-player game (seed 5), seat 0 holds wood 6, stone 20, wood 14, grain 47
    and inhabitants 60 (no luxury goods); the heuristic gives wood first (6, then 14). The other
    sets keep one resource as long as possible or give it first: for one coin, stone 20, grain
    47 or inhabitants 60; for two, 20 + 47, 20 + 6, 47 + 6 or 60 + 6. With ``coin_choices=1``
    (the default) the best of them by the estimate (stone 20) joins the bids on each card and
    pushes the weakest candidates out; with 0 the bids are made with the heuristic's coins
    only."""
    game = Game.new(list(NAMES[:2]), 5, cards)
    prompt = game.pending
    assert prompt is not None and prompt.player == 0 and prompt.kind == "bid"
    view = game.view_for(0)
    bot = SearchBot(cards, 1, max_candidates=8)  # 8 candidates show them all
    assert bot.ranker.coin_choices == 1
    ranker = bot.ranker
    pos = ranker._pos(view)
    assert prompt.hand == (6, 20, 14, 47, 60) and prompt.luxury_usable == 0
    assert ranker._spend_order(prompt.hand, pos) == [6, 14, 20, 47, 60]
    assert ranker._coin_sets(prompt.hand, 1, 0, pos, [6], 0) == [([20], 0), ([47], 0),
                                                                  ([60], 0)]
    assert ranker._coin_sets(prompt.hand, 2, 0, pos, [6, 14], 0) == [
        ([20, 47], 0), ([20, 6], 0), ([47, 6], 0), ([60, 6], 0)]
    with_choices = bot.candidates(prompt, view)
    assert with_choices == [
        PlaceBid("market", (6,)), PlaceBid("market", (20,)), PlaceBid("market", (6, 14)),
        PlaceBid("barley-fields", (6,)), PlaceBid("barley-fields", (20,)),
        PlaceBid("barley-fields", (6, 14)), PlaceBid("forest", (6, 14, 20, 47)), Pass()]
    assert SearchBot(cards, 1, coin_choices=0, max_candidates=8).candidates(prompt, view) == [
        PlaceBid("market", (6,)), PlaceBid("market", (6, 14)), PlaceBid("barley-fields", (6,)),
        PlaceBid("barley-fields", (6, 14)), PlaceBid("forest", (6, 14, 20, 47)),
        PlaceBid("pine-forest", (6, 14, 20, 47, 60)), Pass(), PlaceBid("sawmill", (6, 14, 20, 47))]
    for answer in with_choices:  # every candidate is a legal answer
        game.determinize(0, random.Random(1)).answer(answer)


def test_close_candidates_get_more_playouts_until_one_is_clearly_ahead():
    """Two candidates are close while the mean of their paired differences is within two
    standard errors of zero (and always with fewer than two shared copies)."""
    close = SearchBot._close
    assert close({1: 1.0}, {1: 0.0})
    assert close({1: 1.0, 2: 0.0, 3: 1.0}, {1: 0.0, 2: 1.0, 3: 0.0})
    # differences 1, 1, 1.5: mean 7/6, standard error 1/6
    assert not close({1: 1.0, 2: 1.0, 3: 1.5, 4: 9.0}, {1: 0.0, 2: 0.0, 3: 0.0})
    # differences 1, 0: mean 0.5, standard error 0.5
    assert close({1: 1.0, 2: 0.0}, {1: 0.0, 2: 0.0})


def test_close_playouts_are_spent_only_on_a_close_decision(cards):
    """Seed 5, 2 players, a heuristic bot answering for both seats. With 8 playouts and two
    candidates the first bid (a coin on the Market against passing) is clear after the 8, and no
    playout is added whatever ``close_playouts``; at seat 0's second catastrophe (cover the
    civilization with coin card 20 or remove it) the two are close after 8, and copies are added
    (8 at a time) while they stay close: all 16 of a budget of 16, all 64 of a budget of 64
    (after which covering is ahead). By default none is added. (The bots as before the styles and
    the engine's catastrophe losses of issue 24, :meth:`SearchBot.plain`: with them the first
    bid is close too.)"""
    game = Game.new(list(NAMES[:2]), 5, cards)
    heuristic = make_bot("heuristic", cards, 3)
    assert isinstance(heuristic, HeuristicBot)
    heuristic.plain()
    seen = []
    for _ in range(11):
        prompt = game.pending
        assert prompt is not None
        view = game.view_for(prompt.player)
        if prompt.kind in ("bid", "catastrophe") and prompt.player == 0:
            runs = []
            for extra in (0, 16, 64, None):
                bot = SearchBot(cards, 1, playouts=8, horizon=1, max_candidates=2,
                                close_playouts=extra, time_limit=None, steady=0.0)
                bot.plain()
                runs.append((bot.decide(prompt, view), bot.last_playouts))
            seen.append((prompt.kind, runs))
        game.answer(heuristic.decide(prompt, view))
    market = PlaceBid("market", (6,))
    cover = CatastropheAnswer((("civ", 20),))
    assert seen[0] == ("bid", [(market, 8)] * 4)
    remove = CatastropheAnswer((("civ", "remove"),))
    assert seen[-1] == ("catastrophe", [(remove, 8), (remove, 24), (cover, 72), (remove, 8)])
    assert SearchBot(cards, 1).close_budget(game.view_for(0)) == 0


def test_better_is_a_paired_test_of_the_mean_difference():
    better = SearchBot._better
    # differences 1, 1, 1.5: mean 7/6, standard error 1/6
    assert better({1: 1.0, 2: 1.0, 3: 1.5}, {1: 0.0, 2: 0.0, 3: 0.0}, 2.0)
    assert not better({1: 0.0, 2: 0.0, 3: 0.0}, {1: 1.0, 2: 1.0, 3: 1.5}, 2.0)
    # differences 1, -1, 1: mean 1/3, standard error 2/3
    assert not better({1: 1.0, 2: 0.0, 3: 1.0}, {1: 0.0, 2: 1.0, 3: 0.0}, 0.6)
    assert better({1: 1.0, 2: 0.0, 3: 1.0}, {1: 0.0, 2: 1.0, 3: 0.0}, 0.4)
    assert not better({1: 1.0}, {1: 0.0}, 0.0)  # one copy proves nothing


def test_a_steady_search_keeps_the_heuristics_order_unless_clearly_beaten(cards):
    """With an unreachable margin the search always plays the heuristic's choice (the player
    without a style of its own); with none it plays the best mean; and its ranking says what it
    found, best first."""
    game = Game.new(list(NAMES[:3]), 4, cards)
    heuristic = make_bot("heuristic", cards, 3)
    searched = 0
    for _ in range(40):
        prompt = game.pending
        assert prompt is not None
        view = game.view_for(prompt.player)
        stiff = SearchBot(cards, 1, playouts=12, max_candidates=3, steady=1e9, time_limit=None,
                          style="none")
        cands = stiff.candidates(prompt, view)
        if len(cands) > 1:
            assert stiff.decide(prompt, view) == cands[0]
            loose = SearchBot(cards, 1, playouts=12, max_candidates=3, steady=0.0,
                              time_limit=None)
            choice = loose.decide(prompt, view)
            assert loose.last_ranking[0].answer == choice
            ranked = [r for r in loose.last_ranking if r.value is not None]
            assert len(ranked) == len(cands)
            searched += 1
        game.answer(heuristic.decide(prompt, view))
    assert searched >= 5


def test_the_strong_player_weighs_and_prefers_its_own_raise(cards):
    """The strong player's style (issue 24): where the styled standard player with its seed
    would bid above the least, that bid is one of the answers the search compares, and among
    answers it cannot tell apart (an unreachable margin) it plays that raise with "raises";
    "weigh", the default, compares the same answers and keeps the heuristic's order."""
    raised = 0
    for seed in range(1, 9):
        game = Game.new(list(NAMES[:3]), seed, cards)
        heuristic = make_bot("heuristic", cards, seed)
        while game.pending is not None and game.round <= 3:
            prompt = game.pending
            view = game.view_for(prompt.player)
            bot = SearchBot(cards, seed, playouts=12, max_candidates=3, steady=1e9,
                            time_limit=None, style="raises")
            cands = bot.candidates(prompt, view)
            mine = bot.last_styled
            if isinstance(prompt, BidPrompt):
                assert mine == bot.stylist.decide(prompt, view)
                assert any(isinstance(a, Pass) for a in cands)
                if isinstance(mine, PlaceBid) and len(mine.coins) + mine.luxury > next(
                        t.need_coins for t in prompt.targets if t.card == mine.card):
                    keys = [answer_key(cards, a) for a in cands]
                    assert answer_key(cards, mine) in keys and len(cands) <= 3
                    assert answer_key(cards, bot.decide(prompt, view)) == answer_key(cards, mine)
                    # weighed only: the same answers compared, the heuristic's order kept
                    weigh = SearchBot(cards, seed, playouts=12, max_candidates=3, steady=1e9,
                                      time_limit=None, style="weigh")
                    assert weigh.candidates(prompt, view) == cands
                    assert weigh.decide(prompt, view) == cands[0]
                    raised += 1
            else:
                assert mine is None
            game.answer(heuristic.decide(prompt, view))
    assert raised >= 3
