"""The engine's legal answers of a prompt (``engine/answers.py``): every answer it lists is
legal, none is listed twice in a way that matters, and the decisions the bots make come from it."""

from __future__ import annotations

from collections import Counter

from peloponnes_tui.bots.players import BotPlayers
from peloponnes_tui.engine import BidPrompt, Game, Pass, PlaceBid
from peloponnes_tui.engine.answers import answer_key, legal_answers


def _decisions(cards, players: int, seed: int, mix: str):
    game = Game.new([f"P{i}" for i in range(players)], seed, cards)
    bots = BotPlayers.seated(cards, ([mix, "heuristic"] * 3)[:players], seed)
    while game.pending is not None:
        yield game
        bots.move(game)


def test_every_listed_answer_is_legal_and_distinct(cards):
    kinds: Counter[str] = Counter()
    for players, seed, mix in ((2, 3, "random"), (4, 5, "heuristic"), (5, 8, "random")):
        for game in _decisions(cards, players, seed, mix):
            prompt = game.pending
            assert prompt is not None
            civ = game.players[prompt.player].civ
            answers = legal_answers(prompt, cards, civ, raises=None)
            assert answers, prompt
            keys = [answer_key(cards, a) for a in answers]
            assert len(set(keys)) == len(keys)  # each decision once
            for ans in answers:
                assert game.check(ans) is None, (prompt, ans)
            kinds[prompt.kind] += 1
    assert {"bid", "outbid", "build", "feed", "complete", "catastrophe"} <= set(kinds)


def test_a_bid_is_offered_from_the_least_to_everything_and_passing(cards):
    prompt = next(g.pending for g in _decisions(cards, 3, 2, "heuristic")
                  if isinstance(g.pending, BidPrompt) and len(g.pending.hand) >= 3)
    assert isinstance(prompt, BidPrompt)
    least = legal_answers(prompt, cards, "sparta")
    every = legal_answers(prompt, cards, "sparta", raises=None)
    assert least[0] == Pass() and every[0] == Pass()
    need = {t.card: t.need_coins for t in prompt.targets}
    bids = [a for a in least if isinstance(a, PlaceBid)]
    assert bids and all(len(a.coins) + a.luxury == need[a.card] for a in bids)
    most = len(prompt.hand) + prompt.luxury_usable
    top = [a for a in every if isinstance(a, PlaceBid) and len(a.coins) + a.luxury == most]
    assert top  # everything the player holds on one card
    # the coin cards are taken in the order given
    order = tuple(reversed(prompt.hand))
    first = next(a for a in legal_answers(prompt, cards, "sparta", order)
                 if isinstance(a, PlaceBid) and not a.luxury)
    assert first.coins == order[: len(first.coins)]


def test_coin_cards_of_one_kind_are_one_answer(cards):
    game = next(g for g in _decisions(cards, 3, 4, "heuristic")
                if isinstance(g.pending, BidPrompt) and any(
                    n > 1 for n in Counter((cards.coins[c].resource, cards.coins[c].amount)
                                           for c in g.pending.hand).values()))
    prompt = game.pending
    assert isinstance(prompt, BidPrompt)
    by_kind: dict[tuple[str, int], list[int]] = {}
    for c in prompt.hand:
        by_kind.setdefault((cards.coins[c].resource, cards.coins[c].amount), []).append(c)
    a, b = next(v for v in by_kind.values() if len(v) > 1)[:2]
    card = prompt.targets[0].card
    assert answer_key(cards, PlaceBid(card, (a,))) == answer_key(cards, PlaceBid(card, (b,)))
    other = next(v[0] for v in by_kind.values() if a not in v)
    assert answer_key(cards, PlaceBid(card, (a,))) != answer_key(cards, PlaceBid(card, (other,)))
