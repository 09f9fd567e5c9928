"""The tableau functions over imagined rows (what a computer player weighs) count as the engine
counts a real tableau: a card added, covered or taken away gives the totals, protections and
income of a player who really had it so, and the covers restoration at the end would lift."""

from __future__ import annotations

import random

from support import restored_by_hand

from peloponnes_tui.bots.random_bot import RandomBot
from peloponnes_tui.cards import CATASTROPHES, load_cards
from peloponnes_tui.engine import tableau
from peloponnes_tui.engine.game import Game
from peloponnes_tui.engine.scoring import restorations
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


PROTECTION_BUILDINGS = [c.id for c in CARDS.power_cards if c.protection is not None]


def covered_at_random(p: Player, rng: random.Random) -> Player:
    """``p`` with two protection buildings more (those it lacks, drawn at random), each power
    card covered (by a catastrophe drawn at random) or uncovered, and its civilization and
    luxury cards covered or not unless removed, each by a coin toss."""
    q = p.copy()
    held = {x.card for x in q.placed()}
    for card in rng.sample([c for c in PROTECTION_BUILDINGS if c not in held], 2):
        q.buildings.append(Placed(card))
    for x in q.placed():
        if rng.random() < 0.5:
            x.cover, x.cover_cause = 0, rng.choice(CATASTROPHES)
        else:
            x.cover, x.cover_cause = None, None
    if q.civ_state != "removed":
        q.civ_state, q.civ_cover = ("covered", 0) if rng.random() < 0.5 else ("active", None)
    if q.luxury_state != "removed":
        q.luxury_state, q.luxury_cover = (("covered", 0) if rng.random() < 0.5
                                          else ("active", None))
    return q


def test_restorations_of_a_row_are_the_restoration_done_by_hand():
    """``scoring.restorations`` of a tableau given as data (what the heuristic asks of its
    imagined tableaus) is the restoration done by hand on a player who has it, in the same
    order, for tableaus of random games with covers and struck catastrophes drawn at random;
    among them chains, where a restored building protects from a catastrophe the player was not
    protected from before."""
    rng = random.Random(11)
    lifted = chains = 0
    for p in players_in_play():
        for q in (p, *(covered_at_random(p, rng) for _ in range(20))):
            struck = rng.sample(CATASTROPHES, rng.randint(1, len(CATASTROPHES)))
            got = restorations(CARDS, struck, q.civ, q.civ_state, q.luxury_state,
                               [(x.card, x.cover_cause if x.covered else None)
                                for x in q.placed()])
            assert list(got) == restored_by_hand(q, struck)
            # the same with the row's protections given (as the heuristic gives them)
            covered = [(x.card, x.covered) for x in q.placed()]
            assert restorations(CARDS, struck, q.civ, q.civ_state, q.luxury_state,
                                [(x.card, x.cover_cause if x.covered else None)
                                 for x in q.placed()],
                                row_protections(CARDS, q.civ, q.civ_state, covered)) == got
            lifted += len(got)
            chains += any(tableau.protector(CARDS, q, cat) is None for cat, _ in got)
    assert lifted > 300 and chains > 20, (lifted, chains)
