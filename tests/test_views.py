"""Views are kept by the versions of the tableau rows: never a stale one.

``Game.view_for`` shares the parts of a view between equal states (engine/view.py); these tests
build every view afresh without any cache (``fresh_view_for``) and compare.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from peloponnes_tui.bots import make_bot
from peloponnes_tui.engine import Game
from peloponnes_tui.engine.state import Placed, PlacedRow, Player
from peloponnes_tui.engine.view import fresh_view_for

NAMES = ["A", "B", "C", "D", "E"]


def _assert_fresh(game: Game) -> None:
    for seat in range(len(game.players)):
        assert game.view_for(seat) == fresh_view_for(game, seat), seat


@pytest.mark.parametrize("chunk", range(4))
def test_views_equal_fresh_ones_after_every_answer(cards, chunk):
    """120 random-bot games at 2-5 players: after every answer every seat's view equals one
    built from scratch."""
    for seed in range(30 * chunk, 30 * chunk + 30):
        players = 2 + seed % 4
        game = Game.new(NAMES[:players], seed, cards)
        bots = [make_bot("random", cards, seed * 31 + i) for i in range(players)]
        _assert_fresh(game)
        while game.pending is not None:
            p = game.pending
            game.answer(bots[p.player].decide(p, game.view_for(p.player)))
            _assert_fresh(game)


def test_views_of_dealt_copies_equal_fresh_ones(cards):
    """Copies share tableau rows' versions with the real game (they hold the same cards) and
    then go their own way: their views stay right, and so do the real game's."""
    game = Game.new(NAMES[:4], 12, cards)
    bots = [make_bot("heuristic", cards, i) for i in range(4)]
    rng = random.Random(0)
    while game.pending is not None:
        p = game.pending
        g = game.determinize(p.player, rng)
        _assert_fresh(g)
        for _ in range(12):
            if g.pending is None:
                break
            q = g.pending
            g.answer(bots[q.player].decide(q, g.view_for(q.player)))
            _assert_fresh(g)
        _assert_fresh(game)
        game.answer(bots[p.player].decide(p, game.view_for(p.player)))
    _assert_fresh(game)


def test_views_follow_direct_changes_of_the_state(cards):
    """Tests and demonstrations edit the state directly: the view follows every edit."""
    game = Game.new(NAMES[:2], 3, cards)
    p = game.players[0]
    p.buildings.append(Placed("well"))
    _assert_fresh(game)
    p.buildings[0].cover, p.buildings[0].cover_cause = p.hand.pop(), "plague"
    _assert_fresh(game)
    assert game.view_for(1).players[0].buildings[0].covered
    p.buildings[0].cover = None
    p.buildings[0].cover_cause = None
    _assert_fresh(game)
    p.buildings[0].pledge = 7
    assert game.view_for(0).players[0].buildings[0].under_construction
    del p.buildings[0]
    _assert_fresh(game)
    p.landscapes += [Placed("forest"), Placed("pasture")]
    _assert_fresh(game)
    p.landscapes.reverse()
    assert [x.card for x in game.view_for(1).players[0].landscapes] == ["pasture", "forest"]
    p.civ_state, p.luxury_state, p.luxury = "removed", "covered", 1
    _assert_fresh(game)
    p.hand.clear()
    p.bid_card, p.bid_count = "forest", 2
    _assert_fresh(game)


def test_every_change_of_a_row_gives_it_a_new_version():
    row = PlacedRow([Placed("a"), Placed("b")])
    seen = {row.version}
    changes = [
        lambda: row.append(Placed("c")),
        lambda: row.extend([Placed("d")]),
        lambda: row.insert(0, Placed("e")),
        lambda: row.remove(row[0]),
        lambda: row.pop(),
        lambda: row.sort(key=lambda x: x.card),
        lambda: row.reverse(),
        lambda: row.__setitem__(0, Placed("f")),
        lambda: row.__setitem__(slice(0, 1), [Placed("g")]),
        lambda: row.__delitem__(0),
        lambda: row.__iadd__([Placed("h")]),
        lambda: row.__imul__(1),
        lambda: setattr(row[0], "cover", 3),
        lambda: setattr(row[0], "cover_cause", "plague"),
        lambda: setattr(row[-1], "pledge", 4),
        lambda: setattr(row[-1], "card", "z"),
        lambda: row.clear(),
    ]
    for change in changes:
        change()
        assert row.version not in seen
        seen.add(row.version)
    # a card put into a row reports to that row from then on
    x = Placed("k")
    row.append(x)
    before = row.version
    x.cover = 1
    assert row.version != before


def test_copies_keep_the_version_until_they_change():
    p = Player(0, "A", "sparta", buildings=[Placed("well")], landscapes=[Placed("forest")])
    c = p.copy()
    assert c == p and c.buildings.version == p.buildings.version
    assert type(c.buildings) is PlacedRow and c.buildings[0] is not p.buildings[0]
    c.buildings[0].cover = 5
    assert c.buildings.version != p.buildings.version and p.buildings[0].cover is None
    for other in (copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert other == p and type(other.buildings) is PlacedRow
        assert other.buildings[0].row is other.buildings
        other.buildings[0].pledge = 9
        assert other.buildings.version != p.buildings.version
        assert p.buildings[0].pledge is None


def test_rows_given_to_a_player_become_rows_of_their_own():
    """A list of cards given to the constructor becomes a row; cards already in another row are
    copied, so that each card reports to one row only."""
    a = Player(0, "A", "sparta", buildings=[Placed("well")])
    b = Player(1, "B", "argos", buildings=list(a.buildings))
    assert type(b.buildings) is PlacedRow and b.buildings[0] is not a.buildings[0]
    version = a.buildings.version
    b.buildings[0].cover = 3
    assert a.buildings.version == version and a.buildings[0].cover is None
