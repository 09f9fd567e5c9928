"""The event log: every automatic event and every applied answer, as a kind plus its data.

The engine writes no sentence: :func:`peloponnes_tui.log_text.event_text` makes one from an
event where it is shown, in the language chosen then (so a saved game's log reads in whichever
language is chosen when it is resumed).

Each kind of event has its own frozen data type (``BidData`` for ``bid`` ...), so a reader that
misspells a field is a type error; ``AnyEventData`` is their union, for a ``match`` that mypy
checks is complete.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from peloponnes_tui.cards import CatastropheId
from peloponnes_tui.engine.prompts import Row

# The parts of a game, in the rulebook's order (a round runs reveal .. income; the game ends with
# the final supply, the late restoration of covered cards and scoring).
Phase = Literal["setup", "reveal", "catastrophe", "supply", "bidding", "turn_order", "gain",
                "income", "restoration", "scoring", "over"]
PHASES: tuple[Phase, ...] = ("setup", "reveal", "catastrophe", "supply", "bidding", "turn_order",
                             "gain", "income", "restoration", "scoring", "over")

# What an event records.
EventKind = Literal[
    "setup", "start_order", "position", "reveal", "track", "strike", "protected", "unaffected",
    "luxury_lost", "removed", "covered", "supply", "fed", "completed", "lost", "bid", "outbid",
    "move_bid", "pass", "withdraw", "discarded", "turn_order", "gain", "build", "construction",
    "income", "luxury", "coins_out", "reshuffle", "restored", "score", "winner",
]

# The reasons some events give (their ``why``), as stable keywords:
# luxury goods gained for production left over after building, grain left over after feeding,
# a card's one-time income (``card``), or an income row's inhabitants (``inhabitants``);
LuxuryReason = Literal["excess_production", "excess_grain", "one_time", "inhabitants"]
# a pass because no card is affordable, or by choice;
PassReason = Literal["cannot_afford", "chose"]
# an outbid bid taken back because it fits no other card, or by choice;
WithdrawReason = Literal["nowhere_to_move", "chose"]
# a won building lost because it can be neither paid for nor put under construction, or a
# building under construction left unpaid at a supply.
LostReason = Literal["cannot_build", "unpaid"]
# How a card is covered (or a construction begun): a coin card from the hand, or one drawn blind
# for a luxury good.
CoverPayment = Literal["coin", "luxury"]


# -- the data of each kind ------------------------------------------------------------------------
# Card ids are power card ids, or "civ"/"luxury" (with ``civ``, the civilization's id, to name the
# civilization card); counts are numbers of coin cards unless a field says otherwise.

@dataclass(frozen=True, slots=True)
class EventData:
    """What one kind of event records besides its seat and its power cards."""

    kind: ClassVar[EventKind]

    def to_json(self) -> dict[str, Any]:
        """The data as JSON (``Event.to_json``'s ``data``): every field but those that are None
        (a field absent from an event is None in its type, or see the kinds that say otherwise)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if v is not None:
                out[f.name] = v
        return out

    @classmethod
    def fields_of_json(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        """The fields whose :meth:`to_json` is ``data`` (not checked: that is the caller's)."""
        return dict(data)


@dataclass(frozen=True, slots=True)
class SetupData(EventData):
    """A player's civilization and starting hand."""

    civ: str
    coins: int
    kind: ClassVar[EventKind] = "setup"


@dataclass(frozen=True, slots=True)
class StartOrderData(EventData):
    order: tuple[int, ...]  # seats
    kind: ClassVar[EventKind] = "start_order"


@dataclass(frozen=True, slots=True)
class PositionData(EventData):
    """Play starts from a prepared position (``engine.position``) in this round."""

    round: int
    kind: ClassVar[EventKind] = "position"


@dataclass(frozen=True, slots=True)
class RevealData(EventData):
    """A round's power cards come up (the event's cards are all of them)."""

    pile: str  # "A", "B" or "C" ("?" when none was left)
    market: tuple[str, ...]
    conquest: tuple[str, ...]
    kind: ClassVar[EventKind] = "reveal"


@dataclass(frozen=True, slots=True)
class TrackData(EventData):
    """A revealed card (the event's card) moves a catastrophe's marker, ``left`` spaces before
    it strikes; ``left`` is None when that catastrophe has already struck (the card only shows
    it). JSON: ``{"catastrophe", "left"}``, or ``{"shows"}`` for a catastrophe already struck."""

    catastrophe: CatastropheId
    left: int | None
    kind: ClassVar[EventKind] = "track"

    def to_json(self) -> dict[str, Any]:
        if self.left is None:
            return {"shows": self.catastrophe}
        return {"catastrophe": self.catastrophe, "left": self.left}

    @classmethod
    def fields_of_json(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        if "shows" in data and len(data) == 1:
            return {"catastrophe": data["shows"], "left": None}
        return dict(data)


@dataclass(frozen=True, slots=True)
class StrikeData(EventData):
    catastrophe: CatastropheId
    kind: ClassVar[EventKind] = "strike"


@dataclass(frozen=True, slots=True)
class ProtectedData(EventData):
    catastrophe: CatastropheId
    by: str  # the protecting building's id, or tableau.BY_SYMBOLS
    kind: ClassVar[EventKind] = "protected"


@dataclass(frozen=True, slots=True)
class UnaffectedData(EventData):
    """The catastrophe finds nothing of the player's to hit."""

    catastrophe: CatastropheId
    kind: ClassVar[EventKind] = "unaffected"


@dataclass(frozen=True, slots=True)
class LuxuryLostData(EventData):
    """A decline takes all the player's luxury goods."""

    lost: int  # luxury goods
    kind: ClassVar[EventKind] = "luxury_lost"


@dataclass(frozen=True, slots=True)
class RemovedData(EventData):
    """A tableau card goes back to the box: for a catastrophe (``forced`` when nothing else
    was possible) or, with no catastrophe, for want of grain. JSON leaves out ``catastrophe``
    and ``forced`` for want of grain."""

    card: str
    civ: str
    catastrophe: CatastropheId | None = None
    forced: bool = False
    kind: ClassVar[EventKind] = "removed"

    def to_json(self) -> dict[str, Any]:
        if self.catastrophe is None:
            return {"card": self.card, "civ": self.civ}
        return {"card": self.card, "civ": self.civ, "catastrophe": self.catastrophe,
                "forced": self.forced}


@dataclass(frozen=True, slots=True)
class CoveredData(EventData):
    card: str
    civ: str
    catastrophe: CatastropheId
    paid: CoverPayment
    kind: ClassVar[EventKind] = "covered"


@dataclass(frozen=True, slots=True)
class SupplyData(EventData):
    final: bool
    kind: ClassVar[EventKind] = "supply"


@dataclass(frozen=True, slots=True)
class FedData(EventData):
    """A player feeds ``inhabitants`` with ``grain`` grain of the tableau; when that was not
    enough they were asked, and paid with coin cards and luxury goods (``grain_coins`` is None
    when nothing was asked; JSON then leaves out it and the two after it)."""

    inhabitants: int
    grain: int
    grain_coins: int | None = None
    inhabitant_coins: int = 0
    luxury: int = 0  # luxury goods
    kind: ClassVar[EventKind] = "fed"

    def to_json(self) -> dict[str, Any]:
        if self.grain_coins is None:
            return {"inhabitants": self.inhabitants, "grain": self.grain}
        return {"inhabitants": self.inhabitants, "grain": self.grain,
                "grain_coins": self.grain_coins, "inhabitant_coins": self.inhabitant_coins,
                "luxury": self.luxury}


@dataclass(frozen=True, slots=True)
class CompletedData(EventData):
    """A building under construction (the event's card) is completed."""

    kind: ClassVar[EventKind] = "completed"


@dataclass(frozen=True, slots=True)
class LostData(EventData):
    """A building (the event's card) is lost."""

    why: LostReason
    kind: ClassVar[EventKind] = "lost"


@dataclass(frozen=True, slots=True)
class BidData(EventData):
    coins: int  # the bid, in coin cards (``luxury`` of them drawn for luxury goods)
    row: Row
    luxury: int
    kind: ClassVar[EventKind] = "bid"


@dataclass(frozen=True, slots=True)
class OutbidData(EventData):
    """The player's bid on the event's card is beaten."""

    kind: ClassVar[EventKind] = "outbid"


@dataclass(frozen=True, slots=True)
class MoveBidData(EventData):
    """An outbid player moves the bid to the event's card."""

    coins: int
    row: Row
    kind: ClassVar[EventKind] = "move_bid"


@dataclass(frozen=True, slots=True)
class PassData(EventData):
    why: PassReason
    coins: int  # drawn
    kind: ClassVar[EventKind] = "pass"


@dataclass(frozen=True, slots=True)
class WithdrawData(EventData):
    why: WithdrawReason
    coins: int  # drawn
    kind: ClassVar[EventKind] = "withdraw"


@dataclass(frozen=True, slots=True)
class DiscardedData(EventData):
    """Nobody bid on the event's card: it goes to the box."""

    kind: ClassVar[EventKind] = "discarded"


@dataclass(frozen=True, slots=True)
class TurnOrderData(EventData):
    order: tuple[int, ...]  # seats
    bids: tuple[int, ...]  # each one's bid in coin cards, in that order
    kind: ClassVar[EventKind] = "turn_order"


@dataclass(frozen=True, slots=True)
class GainData(EventData):
    """A player adds a won landscape (the event's card)."""

    kind: ClassVar[EventKind] = "gain"


@dataclass(frozen=True, slots=True)
class BuildData(EventData):
    """A won building (the event's card) is paid for: production and these."""

    coins: int
    luxury: int  # luxury goods
    kind: ClassVar[EventKind] = "build"


@dataclass(frozen=True, slots=True)
class ConstructionData(EventData):
    """A won building (the event's card) goes under construction."""

    paid: CoverPayment
    kind: ClassVar[EventKind] = "construction"


@dataclass(frozen=True, slots=True)
class IncomeData(EventData):
    """Coin cards drawn: the one-time income of a card won this round (``once``, the event's
    card), or the round's income from ``inhabitants`` with one more for each card of ``extra``
    (Port, Temple of Apollo). JSON leaves out the last three for a one-time income."""

    coins: int
    once: bool
    inhabitants: int = 0
    extra: tuple[str, ...] = ()
    final: bool = False
    kind: ClassVar[EventKind] = "income"

    def to_json(self) -> dict[str, Any]:
        if self.once:
            return {"coins": self.coins, "once": True}
        return {"coins": self.coins, "once": False, "inhabitants": self.inhabitants,
                "extra": self.extra, "final": self.final}


@dataclass(frozen=True, slots=True)
class LuxuryData(EventData):
    """Luxury goods gained: ``gained`` of ``amount`` due, under the cap ``cap``; ``card`` is the
    card of a one-time income, ``inhabitants`` those of an income row (None otherwise)."""

    gained: int
    amount: int
    cap: int
    why: LuxuryReason
    card: str | None = None
    inhabitants: int | None = None
    kind: ClassVar[EventKind] = "luxury"


@dataclass(frozen=True, slots=True)
class CoinsOutData(EventData):
    """No coin card is left anywhere to draw."""

    kind: ClassVar[EventKind] = "coins_out"


@dataclass(frozen=True, slots=True)
class ReshuffleData(EventData):
    coins: int  # in the new draw pile
    kind: ClassVar[EventKind] = "reshuffle"


@dataclass(frozen=True, slots=True)
class RestoredData(EventData):
    """A covered card comes back at the end (the event's cards: it, if a power card)."""

    catastrophe: CatastropheId
    card: str
    kind: ClassVar[EventKind] = "restored"


@dataclass(frozen=True, slots=True)
class ScoreData(EventData):
    population: int
    power: int
    score: int
    rank: int
    kind: ClassVar[EventKind] = "score"


@dataclass(frozen=True, slots=True)
class WinnerData(EventData):
    winners: tuple[int, ...]  # seats
    kind: ClassVar[EventKind] = "winner"


AnyEventData = (
    SetupData | StartOrderData | PositionData | RevealData | TrackData | StrikeData
    | ProtectedData | UnaffectedData | LuxuryLostData | RemovedData | CoveredData | SupplyData
    | FedData | CompletedData | LostData | BidData | OutbidData | MoveBidData | PassData
    | WithdrawData | DiscardedData | TurnOrderData | GainData | BuildData | ConstructionData
    | IncomeData | LuxuryData | CoinsOutData | ReshuffleData | RestoredData | ScoreData
    | WinnerData
)

# each kind's data type
EVENT_DATA: dict[EventKind, type[AnyEventData]] = {
    t.kind: t for t in (
        SetupData, StartOrderData, PositionData, RevealData, TrackData, StrikeData,
        ProtectedData, UnaffectedData, LuxuryLostData, RemovedData, CoveredData, SupplyData,
        FedData, CompletedData, LostData, BidData, OutbidData, MoveBidData, PassData,
        WithdrawData, DiscardedData, TurnOrderData, GainData, BuildData, ConstructionData,
        IncomeData, LuxuryData, CoinsOutData, ReshuffleData, RestoredData, ScoreData,
        WinnerData)}


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``data`` is the kind's own data (its type gives the ``kind``), ``player`` the seat
    concerned and ``cards`` the power cards involved (to highlight).
    """

    seq: int
    round: int
    phase: Phase
    data: AnyEventData
    player: int | None = None
    cards: tuple[str, ...] = ()

    @property
    def kind(self) -> EventKind:
        """A stable keyword for what happened (the data type's)."""
        return self.data.kind

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "round": self.round, "phase": self.phase, "kind": self.kind,
                "player": self.player, "cards": list(self.cards),
                "data": self.data.to_json()}
