"""Game end: after the eighth round's income comes the final supply (see :mod:`.supply`), then
covered cards whose catastrophe the player is now protected from are uncovered, and scoring.
Which covers come off is :func:`restorations`, a function of a tableau given as data, so a
computer player weighing an imagined tableau asks the same rule.

A player's population is the tableau's inhabitants plus those on inhabitant coin cards in hand
plus the luxury card's; the power is the tableau's power points plus one for every six coin cards
(not showing inhabitants) and luxury goods left, plus the luxury card's.  The score is the lower of
the two; ties go to the higher of the two, then to more luxury goods; a full tie is shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from peloponnes_tui.cards import CardSet, CatastropheId
from peloponnes_tui.engine import tableau
from peloponnes_tui.engine.core import GameCore
from peloponnes_tui.engine.log import RestoredData, ScoreData, WinnerData
from peloponnes_tui.engine.state import CIV, LUXURY, CardState, Player

# Coin cards and luxury goods left over: every so many count one power point.
LEFTOVERS_PER_POWER_POINT = 6


@dataclass(frozen=True, slots=True)
class Score:
    """One player's final reckoning, with every source shown."""

    seat: int
    name: str
    population_tableau: int
    population_coins: int  # inhabitants on coin cards left in hand
    population_luxury_card: int
    power_tableau: int
    coins_left: int  # coin cards in hand that do not show inhabitants
    luxury_goods: int
    power_from_coins: int  # (coins_left + luxury_goods) // LEFTOVERS_PER_POWER_POINT
    power_luxury_card: int
    rank: int = 0  # 1 = winner (shared ranks on a full tie)

    @property
    def population(self) -> int:
        return self.population_tableau + self.population_coins + self.population_luxury_card

    @property
    def power(self) -> int:
        return self.power_tableau + self.power_from_coins + self.power_luxury_card

    @property
    def score(self) -> int:
        return min(self.population, self.power)

    @property
    def tiebreak(self) -> tuple[int, int, int]:
        return (self.score, max(self.population, self.power), self.luxury_goods)


# What put one of two players with the same score ahead: the higher of the two values, then more
# luxury goods; "shared" when both are equal too (they share the rank).
TieBreak = Literal["higher", "luxury", "shared"]


@dataclass(frozen=True, slots=True)
class Tie:
    """Two players with the same score, and which tie-break ranked them (``ahead`` is the seat
    ranked higher, or the first of the two when they share the rank)."""

    ahead: int
    behind: int
    by: TieBreak


def ties(scores: tuple[Score, ...]) -> tuple[Tie, ...]:
    """Every pair of players whose scores are equal, with the tie-break that ranked them (the
    rulebook's order: the other value, then the luxury goods), in seat order."""
    out: list[Tie] = []
    for i, a in enumerate(scores):
        for b in scores[i + 1:]:
            if a.score != b.score:
                continue
            first, second = (a, b) if a.tiebreak >= b.tiebreak else (b, a)
            if first.tiebreak[1] != second.tiebreak[1]:
                by: TieBreak = "higher"
            elif first.luxury_goods != second.luxury_goods:
                by = "luxury"
            else:
                by = "shared"
            out.append(Tie(first.seat, second.seat, by))
    return tuple(out)


# A power card of a tableau as restoration reads it, real or imagined: (card id, the catastrophe
# whose cover lies on it, or None when it is not covered).
RowCover = tuple[str, str | None]
# One cover restoration lifts: (the catastrophe, the card), the card a power card id of the row,
# CIV or LUXURY (what the "restored" event says).
Restoration = tuple[CatastropheId, str]


def restorations(cards: CardSet, struck: Sequence[CatastropheId], civ: str, civ_state: CardState,
                 luxury_state: CardState, row: Sequence[RowCover],
                 protections: Sequence[tuple[CatastropheId, str | None]] | None = None
                 ) -> tuple[Restoration, ...]:
    """The covers the end of the game lifts from a tableau given as its civilization and that
    card's state, its luxury card's state and its power cards (:data:`RowCover`), in the order
    :func:`restore` lifts them (R12, R29).

    For each catastrophe of ``struck`` in turn (the catastrophes that have struck, in the order
    they struck) that the player is protected from (:func:`~.tableau.row_protections` over the
    row with the covers lifted so far): every power card it covered, the civilization card after
    a plague, the luxury card after a decline; then again from the first, until a pass lifts
    nothing, since an uncovered building can protect from another catastrophe.  A cover by a
    catastrophe not in ``struck`` stays (a game has none).  ``protections``: the
    ``row_protections`` of the tableau as given, when the caller has worked them out already.
    """
    civ_covered = civ_state == "covered"
    luxury_covered = luxury_state == "covered"
    hit = {cause for _, cause in row if cause is not None}  # catastrophes with covers left
    if civ_covered:
        hit.add("plague")
    if luxury_covered:
        hit.add("decline")
    if not hit:
        return ()
    if protections is None:
        protections = tableau.row_protections(cards, civ, civ_state,
                                              [(card, cause is not None) for card, cause in row])
    if not any(by is not None and cat in hit and cat in struck for cat, by in protections):
        return ()  # the first pass would lift nothing
    # the protections of the row as it is, worked out again once a protection building is
    # uncovered (a covered card still shows its symbol: nothing else changes them)
    protected: dict[CatastropheId, str | None] | None = dict(protections)
    power_cards = cards.power_by_id
    ids = [card for card, _ in row]
    causes = [cause for _, cause in row]
    out: list[Restoration] = []
    changed = True
    while changed and hit:
        changed = False
        for cat in struck:
            if cat not in hit:
                continue  # nothing (left) to lift
            if protected is None:
                protected = dict(tableau.row_protections(
                    cards, civ, civ_state,
                    [(card, cause is not None) for card, cause in zip(ids, causes, strict=True)]))
            if protected[cat] is None:
                continue
            for i, cause in enumerate(causes):
                if cause == cat:
                    causes[i] = None
                    out.append((cat, ids[i]))
                    if power_cards[ids[i]].protection is not None:
                        protected = None
            if cat == "plague" and civ_covered:
                civ_covered, civ_state = False, "active"
                out.append((cat, CIV))
            if cat == "decline" and luxury_covered:
                luxury_covered = False
                out.append((cat, LUXURY))
            hit.discard(cat)
            changed = True
    return tuple(out)


def player_restorations(cards: CardSet, struck: Sequence[CatastropheId], p: Player
                         ) -> tuple[Restoration, ...]:
    """:func:`restorations` of a player's tableau as it is."""
    row = [(x.card, x.cover_cause if x.cover is not None else None) for x in p.placed()]
    return restorations(cards, struck, p.civ, p.civ_state, p.luxury_state, row)


def restore(core: GameCore) -> None:
    """Uncover cards hit by a catastrophe the player is protected from by now (R12, R29): the
    covers :func:`restorations` names, their coin cards onto the discard pile."""
    discard = core.table.discard
    for p in core.players:
        for cat, card in player_restorations(core.cards, core.table.struck, p):
            if card == CIV:
                assert p.civ_cover is not None
                discard.append(p.civ_cover)
                p.civ_state, p.civ_cover = "active", None
                core.event(RestoredData(cat, CIV), p.seat)
            elif card == LUXURY:
                assert p.luxury_cover is not None
                discard.append(p.luxury_cover)
                p.luxury_state, p.luxury_cover = "active", None
                core.event(RestoredData(cat, LUXURY), p.seat)
            else:
                x = p.find(card)
                assert x is not None and x.cover is not None
                discard.append(x.cover)
                x.cover, x.cover_cause = None, None
                core.event(RestoredData(cat, x.card), p.seat, (x.card,))


def score(core: GameCore) -> tuple[tuple[Score, ...], tuple[int, ...]]:
    """Every player's :class:`Score` (ranked) and the winning seats; logs both."""
    lux = core.cards.luxury
    raw: list[Score] = []
    for p in core.players:
        inh_coins = sum(core.coin_amount(c) for c in p.hand
                        if core.coin_resource(c) == "inhabitants")
        coins_left = sum(1 for c in p.hand if core.coin_resource(c) != "inhabitants")
        card_on = p.luxury_state == "active"
        raw.append(Score(
            seat=p.seat, name=p.name, population_tableau=core.inhabitants(p),
            population_coins=inh_coins,
            population_luxury_card=lux.inhabitants if card_on else 0,
            power_tableau=core.power_points(p), coins_left=coins_left,
            luxury_goods=p.luxury,
            power_from_coins=(coins_left + p.luxury) // LEFTOVERS_PER_POWER_POINT,
            power_luxury_card=lux.power if card_on else 0))
    # standard competition ranking: 1, 1, 3 when two share first place
    scores = tuple(
        replace(s, rank=1 + sum(1 for o in raw if o.tiebreak > s.tiebreak)) for s in raw)
    winners = tuple(s.seat for s in scores if s.rank == 1)
    for s in sorted(scores, key=lambda s: s.rank):
        core.event(ScoreData(s.population, s.power, s.score, s.rank), s.seat)
    core.event(WinnerData(winners))
    return scores, winners
