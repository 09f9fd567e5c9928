"""The shape of an answer, checked before any rule looks at it.

Answers come from the app, the computer players, save files and tests; whatever their source, an
answer whose fields are not of the declared types and sizes (a coin card number that is not a
small whole number, a card id that is not a short printable string, a treatment that is neither a
coin card, ``"luxury"`` nor ``"remove"``, ...) is refused here with :class:`IllegalAnswer` and a
short sentence that never repeats the input at length.  The rule checks of the phases can then
trust the types.  :func:`answer_from_dict` builds answers from their JSON form with the same
checks.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeGuard, assert_never

from peloponnes_tui.engine.names import printable, shown
from peloponnes_tui.engine.prompts import (
    ANSWER_TYPES,
    AnyAnswer,
    CatastropheAnswer,
    CompletePlan,
    FeedPlan,
    GiveUpBuilding,
    IllegalAnswer,
    MoveBid,
    Pass,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    Withdraw,
)
from peloponnes_tui.message import Invalid, Message, message

MAX_ID_LENGTH = 64  # card ids in answers (the card data's are far shorter)
MAX_COIN_ID = 10_000  # coin card numbers (a game has 72)
MAX_COUNT = 1_000  # luxury goods, and the length of any list in an answer
TREATMENT_WORDS = ("luxury", "remove")


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


# what a field of an answer holds, as words in a refusal
COIN_CARDS = message("coin cards")
LUXURY_GOODS = message("luxury goods")
NAMED_BY_ID = message("a card must be named by its id")


def _coin_ids(v: object, what: Message) -> None:
    if not isinstance(v, tuple) or len(v) > MAX_COUNT or not all(
            _is_int(c) and 0 <= c <= MAX_COIN_ID for c in v):
        raise IllegalAnswer("{what} must be given as a list of coin card numbers", what=what)


def _count(v: object, what: Message) -> None:
    if not _is_int(v) or not 0 <= v <= MAX_COUNT:
        raise IllegalAnswer("{what} must be a whole number, zero or more", what=what)


def _card_id(v: object, refusal: Message = NAMED_BY_ID) -> None:
    if not isinstance(v, str) or not 0 < len(v) <= MAX_ID_LENGTH or not v.isprintable():
        raise IllegalAnswer(refusal)


def _card_ids(v: object, refusal: Message) -> None:
    if not isinstance(v, tuple) or len(v) > MAX_COUNT:
        raise IllegalAnswer(refusal)
    for c in v:
        _card_id(c, refusal)


def check_shape(ans: object) -> AnyAnswer:
    """``ans`` as a well-formed answer, or IllegalAnswer saying what is malformed."""
    if not isinstance(ans, AnyAnswer) or type(ans) not in ANSWER_TYPES.values():
        raise IllegalAnswer("that is not an answer the game knows")
    a = ans
    match a:
        case PlaceBid():
            _card_id(a.card)
            _coin_ids(a.coins, COIN_CARDS)
            _count(a.luxury, LUXURY_GOODS)
        case MoveBid():
            _card_id(a.card)
        case Pass() | Withdraw() | GiveUpBuilding():
            pass
        case PayBuilding():
            _coin_ids(a.coins, COIN_CARDS)
            _count(a.luxury, LUXURY_GOODS)
        case StartConstruction():
            if a.coin is not None and not (_is_int(a.coin) and 0 <= a.coin <= MAX_COIN_ID):
                raise IllegalAnswer("name a coin card from your hand, or none to draw one "
                                    "for a luxury good")
        case CatastropheAnswer():
            tr = a.treatments
            if not isinstance(tr, tuple) or len(tr) > MAX_COUNT or not all(
                    isinstance(t, tuple) and len(t) == 2 for t in tr):
                raise IllegalAnswer("name each card hit and how it is treated")
            for card, how in tr:
                _card_id(card, message("that is not one of the cards this catastrophe can hit"))
                if isinstance(how, str):
                    if how not in TREATMENT_WORDS:
                        raise IllegalAnswer("{treatment}: cover with a coin card, with a luxury "
                                            "good, or remove", treatment=shown(how))
                elif not (_is_int(how) and 0 <= how <= MAX_COIN_ID):
                    raise IllegalAnswer("coin cards must be given as coin card numbers")
        case FeedPlan():
            _coin_ids(a.grain_coins, message("grain coin cards"))
            _coin_ids(a.inhabitant_coins, message("inhabitant coin cards"))
            _count(a.luxury, LUXURY_GOODS)
            _card_ids(a.remove, message("cards to remove must be a list of card ids"))
        case CompletePlan():
            _card_ids(a.complete, message("name the buildings to complete as a list of card "
                                          "ids"))
            _coin_ids(a.coins, COIN_CARDS)
            _count(a.luxury, LUXURY_GOODS)
        case _:
            assert_never(a)
    return a


def _from_json(value: object) -> object:
    """JSON lists become tuples (as answers hold them), to two levels for treatments."""
    if isinstance(value, list):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


def answer_from_dict(data: object) -> AnyAnswer:
    """An answer from its JSON form (``{"kind": ..., field: value}``), shape-checked.

    Raises :class:`~peloponnes_tui.message.Invalid` (a ValueError) with a short reason for
    anything malformed; nothing is converted loosely (``"3"`` or ``true`` is no coin card number).
    """
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise Invalid(message("an answer must be an object with a 'kind'"))
    kind: str = data["kind"]
    cls = ANSWER_TYPES.get(kind)
    if cls is None:
        raise Invalid(message("unknown answer kind {kind}", kind=repr(printable(kind))))
    names = {f.name for f in fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        if key == "kind":
            continue
        if key not in names:
            raise Invalid(message("unknown field {field} in a {kind} answer",
                                  field=repr(printable(key)), kind=kind))
        kwargs[key] = _from_json(value)
    try:
        built = cls(**kwargs)
    except TypeError:
        raise Invalid(message("a {kind} answer lacks a field it needs", kind=kind)) from None
    try:
        return check_shape(built)
    except IllegalAnswer as exc:
        raise Invalid(message("malformed {kind} answer: {problem}", kind=kind,
                              problem=exc.message)) from None
