"""The tableau functions over imagined rows (what a computer player weighs) count as the engine
counts a real tableau: a card added, covered or taken away gives the totals, protections and
income of a player who really had it so."""

from __future__ import annotations

import random

from peloponnes_tui.bots.random_bot import RandomBot
from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine import tableau
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.state import Placed, Player
from peloponnes_tui.engine.tableau import (
    income_of,
    row_functions,
    row_protections,
    row_tallies,
    stats_for,
)
from peloponnes_tui.simulate import NAMES

CARDS = load_cards()
STATS = stats_for(CARDS)


def players_in_play() -> list[Player]:
    """Players as random games leave them after round 5 (tableaus with covered cards, buildings
    under construction, removed civilizations)."""
    out = []
    for seed in range(12):
        game = Game.new(list(NAMES[: 2 + seed % 4]), seed, CARDS)
        bots = [RandomBot(CARDS, seed * 31 + k) for k in range(len(game.players))]
        while game.pending is not None and game.round <= 5:
            prompt = game.pending
            game.answer(bots[prompt.player].decide(prompt, game.view_for(prompt.player)))
        out += [p.copy() for p in game.players]
    return out


def row(p: Player) -> list[tuple[str, bool]]:
    return [(x.card, x.covered) for x in (*p.buildings, *p.landscapes)]


def imagined(p: Player, rng: random.Random) -> Player:
    """``p`` with a card gained, one covered, one taken away (each at random)."""
    q = p.copy()
    held = {x.card for x in (*q.buildings, *q.landscapes)}
    new = rng.choice([c for c in CARDS.power_cards if c.id not in held])
    (q.buildings if new.kind == "building" else q.landscapes).append(Placed(new.id))
    placed = [*q.buildings, *q.landscapes]
    rng.choice(placed).cover = 0
    gone = rng.choice(placed)
    (q.buildings if gone in q.buildings else q.landscapes).remove(gone)
    return q


def test_rows_count_as_the_tableau_of_a_player_who_had_them():
    rng = random.Random(5)
    players = players_in_play()
    assert any(x.covered for p in players for x in p.buildings + p.landscapes)
    for p in players:
        for q in (p, imagined(p, rng)):
            r = row(q)
            assert row_tallies(STATS, q.civ, q.civ_state, r) == (
                tableau.inhabitants(STATS, q), tableau.power_points(STATS, q),
                tableau.production(STATS, q, "wood"), tableau.production(STATS, q, "stone"),
                tableau.production(STATS, q, "grain"))
            assert row_protections(CARDS, q.civ, q.civ_state, r) == tuple(
                (c.id, tableau.protector(CARDS, q, c.id)) for c in CARDS.catastrophes)
            functions = row_functions(STATS, r)
            for fn in ("coin_income", "bid_bonus", "conquest_discount"):
                assert functions.get(fn, 0) == tableau.count_function(STATS, q, fn)


def test_a_covered_protection_building_does_not_protect_but_its_symbol_counts():
    building = next(c for c in CARDS.power_cards if c.protection is not None)
    civ = CARDS.civilizations[0]
    cat = building.protection
    assert dict(row_protections(CARDS, civ.id, "active", [(building.id, False)]))[cat] \
        == building.id
    assert dict(row_protections(CARDS, civ.id, "active", [(building.id, True)]))[cat] is None
    symbol = [c.id for c in CARDS.power_cards if c.catastrophe == "drought"][:3]
    civ_symbols = civ.catastrophes.count("drought")
    need = 3 - civ_symbols
    by = dict(row_protections(CARDS, civ.id, "active", [(c, True) for c in symbol[:need]]))
    assert by["drought"] == tableau.BY_SYMBOLS


def test_income_of_is_the_income_table_with_ports_and_the_luxury_cap():
    for inh in range(0, 25):
        row = CARDS.income_for(inh)
        assert income_of(CARDS, inh, 2, CARDS.luxury.cap) == (row.coins + 2,
                                                               min(row.luxury, CARDS.luxury.cap))
        assert income_of(CARDS, inh, 0, 0) == (row.coins, 0)
