"""What the engine asks a player, and the answers it accepts.

At any moment a running game has exactly one pending :class:`Prompt`, addressed to one player.
Every prompt lists what is legal (enumerated where the space is small, described by limits where it
is combinatorial, such as which coin cards to pay with); the matching answer classes are plain
frozen dataclasses that serialise to JSON for save files.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from peloponnes_tui.cards import CatastropheId
from peloponnes_tui.message import Message, MessageError, message

Row = Literal["market", "conquest"]

# What a prompt asks for, and what an answer is; every dispatch on them is exhaustive (``match``
# with ``assert_never``), so a new kind cannot be forgotten anywhere.
PromptKind = Literal["bid", "outbid", "build", "catastrophe", "feed", "complete"]
AnswerKind = Literal["place_bid", "pass", "move_bid", "withdraw", "pay_building",
                     "start_construction", "give_up_building", "catastrophe", "feed", "complete"]

# A treatment for one card hit by a catastrophe: a coin id from the hand covers it, "luxury" covers
# it with a coin drawn blind for one luxury good, "remove" returns the card to the box.
Treatment = int | Literal["luxury", "remove"]


class IllegalAnswer(MessageError):
    """The answer breaks a rule; the message says why, in words a player understands.

    It is raised with an English template and its values (``IllegalAnswer("coin card {coin} is
    not in your hand", coin=c)``), or with a :class:`~peloponnes_tui.message.Message` built with
    ``message_n`` where a number decides the form.  ``str(exc)`` is the English sentence;
    ``refusals.refusal_text(exc)`` makes it in the language chosen when it is shown.  Raising
    it never changes the game.
    """


# --------------------------------------------------------------------------------------------
# Prompts


@dataclass(frozen=True, slots=True)
class BidTarget:
    """A power card a bid may go to, with what that bid must reach."""

    card: str
    row: Row
    min_coins: int  # the card's minimum (conquest: value + 3 - Barracks/Stockade discount)
    holder: int | None  # seat of the player whose bid lies there now
    holder_effective_halves: int  # that bid in half coins (0 if none)
    need_coins: int  # the fewest coin cards that both meet the minimum and beat the holder


@dataclass(frozen=True, slots=True)
class Prompt:
    """What one player must decide now: its kind and data (the sentence is the app's,
    ``prompt_text.prompt_text``)."""

    player: int
    kind: ClassVar[PromptKind]


@dataclass(frozen=True, slots=True)
class BidPrompt(Prompt):
    """Bid on one power card or pass (pass draws 3 coin cards)."""

    targets: tuple[BidTarget, ...] = ()
    hand: tuple[int, ...] = ()
    luxury_usable: int = 0  # luxury goods that can be turned into blind coin cards now
    bonus_halves: int = 0  # Market/Agora bonus in half coins
    discount: int = 0  # Barracks/Stockade discount on the conquest row
    draws: int = 0  # coin cards a pass draws now (three unless the coin cards run out)
    kind: ClassVar[PromptKind] = "bid"


@dataclass(frozen=True, slots=True)
class OutbidPrompt(Prompt):
    """Your bid was beaten: move it unchanged to another card, or take it back and pass."""

    from_card: str = ""
    coins: int = 0
    effective_halves: int = 0  # the bid in half coins, with Market/Agora
    targets: tuple[BidTarget, ...] = ()
    draws: int = 0  # coin cards taking the bid back draws now (three unless they run out)
    kind: ClassVar[PromptKind] = "outbid"


@dataclass(frozen=True, slots=True)
class BuildPrompt(Prompt):
    """A newly won building: pay for it now or put it under construction.

    The engine asks only when one of the two is possible; otherwise the building is lost.
    """

    card: str = ""
    cost_wood: int = 0
    cost_stone: int = 0
    production_wood: int = 0  # tableau production without the new building
    production_stone: int = 0
    missing_wood: int = 0
    missing_stone: int = 0
    excess: int = 0  # luxury goods gained if paid without luxury (before the cap)
    hand: tuple[int, ...] = ()
    luxury: int = 0
    luxury_usable: int = 0
    luxury_cap: int = 0  # the most luxury goods the player may hold (excess beyond is lost)
    can_pay: bool = False
    can_construct: bool = False
    kind: ClassVar[PromptKind] = "build"


@dataclass(frozen=True, slots=True)
class CatastrophePrompt(Prompt):
    """Choose which cards a catastrophe hits (where there is a choice) and cover or remove each."""

    catastrophe: CatastropheId = "plague"
    count: int = 0  # how many of the candidates are hit
    candidates: tuple[str, ...] = ()  # card ids ("civ" for the civilization, "luxury" for it)
    hand: tuple[int, ...] = ()
    luxury_usable: int = 0  # 0 for decline: the luxury goods are already lost
    kind: ClassVar[PromptKind] = "catastrophe"


@dataclass(frozen=True, slots=True)
class FeedPrompt(Prompt):
    """Supply: feed every inhabitant with grain, paying or removing cards for the shortfall."""

    inhabitants: int = 0
    grain: int = 0
    shortfall: int = 0
    removable: tuple[str, ...] = ()  # cards that carry inhabitants ("civ" for the civilization)
    hand: tuple[int, ...] = ()
    luxury: int = 0
    final: bool = False  # the supply after the last round
    kind: ClassVar[PromptKind] = "feed"


@dataclass(frozen=True, slots=True)
class CompletePrompt(Prompt):
    """Supply: pay for buildings under construction (together) or lose them."""

    buildings: tuple[str, ...] = ()
    production_wood: int = 0
    production_stone: int = 0
    hand: tuple[int, ...] = ()
    luxury: int = 0
    final: bool = False  # the supply after the last round
    kind: ClassVar[PromptKind] = "complete"


# --------------------------------------------------------------------------------------------
# Answers


@dataclass(frozen=True, slots=True)
class Answer:
    kind: ClassVar[AnswerKind]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out


@dataclass(frozen=True, slots=True)
class PlaceBid(Answer):
    card: str
    coins: tuple[int, ...] = ()
    luxury: int = 0
    kind: ClassVar[AnswerKind] = "place_bid"


@dataclass(frozen=True, slots=True)
class Pass(Answer):
    kind: ClassVar[AnswerKind] = "pass"


@dataclass(frozen=True, slots=True)
class MoveBid(Answer):
    card: str
    kind: ClassVar[AnswerKind] = "move_bid"


@dataclass(frozen=True, slots=True)
class Withdraw(Answer):
    kind: ClassVar[AnswerKind] = "withdraw"


@dataclass(frozen=True, slots=True)
class PayBuilding(Answer):
    coins: tuple[int, ...] = ()
    luxury: int = 0
    kind: ClassVar[AnswerKind] = "pay_building"


@dataclass(frozen=True, slots=True)
class StartConstruction(Answer):
    coin: int | None = None  # a coin from the hand, or None to draw one blind for a luxury good
    kind: ClassVar[AnswerKind] = "start_construction"


@dataclass(frozen=True, slots=True)
class GiveUpBuilding(Answer):
    """Never legal at a prompt (a building is lost only when nothing else is possible, R34);
    kept so that an older save or a stray choice is refused with that reason."""

    kind: ClassVar[AnswerKind] = "give_up_building"


@dataclass(frozen=True, slots=True)
class CatastropheAnswer(Answer):
    treatments: tuple[tuple[str, Treatment], ...] = ()
    kind: ClassVar[AnswerKind] = "catastrophe"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "treatments": [list(t) for t in self.treatments]}


@dataclass(frozen=True, slots=True)
class FeedPlan(Answer):
    grain_coins: tuple[int, ...] = ()
    inhabitant_coins: tuple[int, ...] = ()
    luxury: int = 0
    remove: tuple[str, ...] = ()
    kind: ClassVar[AnswerKind] = "feed"


@dataclass(frozen=True, slots=True)
class CompletePlan(Answer):
    complete: tuple[str, ...] = ()
    coins: tuple[int, ...] = ()
    luxury: int = 0
    kind: ClassVar[AnswerKind] = "complete"


AnyPrompt = BidPrompt | OutbidPrompt | BuildPrompt | CatastrophePrompt | FeedPrompt | CompletePrompt
AnyAnswer = (PlaceBid | Pass | MoveBid | Withdraw | PayBuilding | StartConstruction | GiveUpBuilding
             | CatastropheAnswer | FeedPlan | CompletePlan)

ANSWER_TYPES: dict[str, type[Answer]] = {
    cls.kind: cls
    for cls in (PlaceBid, Pass, MoveBid, Withdraw, PayBuilding, StartConstruction,
                GiveUpBuilding, CatastropheAnswer, FeedPlan, CompletePlan)
}

# How a refusal names a kind of answer ("Helena must answer with place bid or pass").
ANSWER_WORDS: dict[AnswerKind, Message] = {
    "place_bid": message("place bid"), "pass": message("pass"), "move_bid": message("move bid"),
    "withdraw": message("withdraw"), "pay_building": message("pay building"),
    "start_construction": message("start construction"),
    "give_up_building": message("give up building"), "catastrophe": message("catastrophe"),
    "feed": message("feed"), "complete": message("complete"),
}

# Which answers fit which prompt.
ANSWERS_FOR: dict[PromptKind, tuple[type[Answer], ...]] = {
    "bid": (PlaceBid, Pass),
    "outbid": (MoveBid, Withdraw),
    "build": (PayBuilding, StartConstruction, GiveUpBuilding),
    "catastrophe": (CatastropheAnswer,),
    "feed": (FeedPlan,),
    "complete": (CompletePlan,),
}


__all__ = [
    "ANSWERS_FOR",
    "ANSWER_TYPES",
    "ANSWER_WORDS",
    "Answer",
    "AnswerKind",
    "AnyAnswer",
    "AnyPrompt",
    "BidPrompt",
    "BidTarget",
    "BuildPrompt",
    "CatastropheAnswer",
    "CatastrophePrompt",
    "CompletePlan",
    "CompletePrompt",
    "FeedPlan",
    "FeedPrompt",
    "GiveUpBuilding",
    "IllegalAnswer",
    "MoveBid",
    "OutbidPrompt",
    "Pass",
    "PayBuilding",
    "PlaceBid",
    "Prompt",
    "PromptKind",
    "Row",
    "StartConstruction",
    "Treatment",
    "Withdraw",
]
