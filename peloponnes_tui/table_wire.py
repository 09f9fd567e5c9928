"""The messages of a table (``peloponnes table``, ``peloponnes join``): the engine's own typed
prompts, answers, views and scores as JSON, in a small versioned envelope.

``docs/table.md`` describes the schema (version :data:`WIRE_VERSION`). Nothing here touches the
network: the host (:mod:`peloponnes_tui.table`) and the client (:mod:`peloponnes_tui.tui.join`)
both build and read their messages with these functions, so the two cannot drift apart.

What a device may see is decided here too, in one place: a seat's own pending prompt is sent only
to that seat (it holds the hand); every other device learns only which seat decides and on what
kind of decision (:func:`public_prompt`). An onlooker's view holds no hand at all.
"""

from __future__ import annotations

import json
from dataclasses import fields, replace
from functools import cache
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from peloponnes_tui.engine.log import EVENT_DATA, AnyEventData, Event, EventKind, Phase
from peloponnes_tui.engine.prompts import (
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    CompletePrompt,
    FeedPrompt,
    OutbidPrompt,
    PromptKind,
)
from peloponnes_tui.engine.scoring import Score
from peloponnes_tui.engine.view import View

WIRE_VERSION = 1
CLIENT_MESSAGE_MAX = 4096  # bytes of one message from a device (an answer is far shorter)
KEY_MAX = 64  # characters of a seat's key
LINK_ENV = "PELOPONNES_TABLE_LINK"  # the link a browser page's join process opens (table.py)

PROMPT_TYPES: dict[PromptKind, type[AnyPrompt]] = {
    "bid": BidPrompt, "outbid": OutbidPrompt, "build": BuildPrompt,
    "catastrophe": CatastrophePrompt, "feed": FeedPrompt, "complete": CompletePrompt,
}
_VIEW = TypeAdapter(View)
_SCORES = TypeAdapter(tuple[Score, ...])
_PROMPTS: dict[PromptKind, TypeAdapter[Any]] = {k: TypeAdapter(t) for k, t in
                                                 PROMPT_TYPES.items()}


class WireError(ValueError):
    """A message that does not fit the schema (the text says which part, briefly)."""


# -- from a device to the host -------------------------------------------------------------------

class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[1]


class Hello(_Message):
    """The first message of every connection: the key from the link."""

    type: Literal["hello"]
    key: str = Field(min_length=1, max_length=KEY_MAX)


class AnswerMessage(_Message):
    """An answer to the decision the device was shown at ``turn`` (the number of answers
    given so far): an answer to an older decision is refused."""

    type: Literal["answer"]
    turn: int = Field(ge=0, le=1_000_000)
    answer: dict[str, Any]


class CheckMessage(_Message):
    """Would the host take this answer to the decision at ``turn``? (It answers with a
    ``checked`` message; nothing changes.)"""

    type: Literal["check"]
    turn: int = Field(ge=0, le=1_000_000)
    answer: dict[str, Any]


ClientMessage = Annotated[Hello | AnswerMessage | CheckMessage, Field(discriminator="type")]
_CLIENT = TypeAdapter(ClientMessage)


def client_message(text: str | bytes) -> Hello | AnswerMessage | CheckMessage:
    """A device's message, checked for size and shape; WireError if it does not fit."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    if len(raw) > CLIENT_MESSAGE_MAX:
        raise WireError("message too long")
    try:
        msg: Hello | AnswerMessage | CheckMessage = _CLIENT.validate_json(raw)
    except ValidationError as exc:
        errors = exc.errors()
        where = ".".join(str(p) for p in errors[0]["loc"])[:40] if errors else ""
        raise WireError(f"malformed message ({where or 'not a message'})") from None
    return msg


def hello(key: str) -> str:
    return json.dumps({"v": WIRE_VERSION, "type": "hello", "key": key})


def answer_message(turn: int, answer: dict[str, Any], kind: str = "answer") -> str:
    """An ``answer`` message (or, with ``kind="check"``, a ``check`` message)."""
    return json.dumps({"v": WIRE_VERSION, "type": kind, "turn": turn, "answer": answer})


def answer_key(turn: int, answer: dict[str, Any]) -> str:
    """One string for an answer at a turn (the host's verdicts are kept by it)."""
    return f"{turn}:{json.dumps(answer, sort_keys=True)}"


# -- from the host to a device -------------------------------------------------------------------

def envelope(kind: str, **data: Any) -> str:
    return json.dumps({"v": WIRE_VERSION, "type": kind, **data}, separators=(",", ":"))


def public_prompt(prompt: AnyPrompt) -> AnyPrompt:
    """What every other device learns of a pending decision: its kind and who decides."""
    return PROMPT_TYPES[prompt.kind](player=prompt.player)


def onlooker_view(view: View) -> View:
    """A view with no hand in it: what an onlooker sees (seat 0's view less its hand)."""
    return replace(view, hand=(), sampler=None)


def view_json(view: View) -> Any:
    out = _VIEW.dump_python(view, mode="json", exclude={"sampler", "log"})
    out["log"] = [_event_json(e) for e in view.log]
    return out


def _event_json(event: Event) -> dict[str, Any]:
    """An event as the wire has always sent it: its ``to_json`` with the data as a list of
    ``[key, value]`` pairs."""
    out = event.to_json()
    out["data"] = [[k, _listed(v)] for k, v in out["data"].items()]
    return out


def _listed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listed(v) for v in value]
    return value


def prompt_json(prompt: AnyPrompt | None) -> Any:
    if prompt is None:
        return None
    return {"kind": prompt.kind, "data": _PROMPTS[prompt.kind].dump_python(prompt, mode="json")}


def scores_json(scores: tuple[Score, ...]) -> Any:
    return _SCORES.dump_python(scores, mode="json")


class _WireEvent(BaseModel):
    """An event as it comes over the wire, its data not yet read (:func:`_event_data`)."""

    model_config = ConfigDict(frozen=True)

    seq: int
    round: int
    phase: Phase
    kind: EventKind
    player: int | None = None
    cards: tuple[str, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()


_LOG = TypeAdapter(tuple[_WireEvent, ...])


@cache
def _data_reader(kind: EventKind) -> tuple[TypeAdapter[AnyEventData], frozenset[str]]:
    """The checker of a kind's data, and the names of its fields."""
    data_type = EVENT_DATA[kind]
    return TypeAdapter(data_type), frozenset(f.name for f in fields(data_type))


def _event_data(e: _WireEvent) -> AnyEventData:
    """The event's data, checked against its kind's type (a field it does not have is refused
    too, as a misspelt one would be)."""
    reader, names = _data_reader(e.kind)
    values = EVENT_DATA[e.kind].fields_of_json(dict(e.data))
    if not values.keys() <= names:
        raise WireError("malformed view")
    return reader.validate_python(values)


def read_view(data: Any) -> View:
    if not isinstance(data, dict):
        raise WireError("malformed view")
    try:
        view = _VIEW.validate_python({**data, "log": ()})
        log = tuple(Event(e.seq, e.round, e.phase, _event_data(e), e.player, e.cards)
                    for e in _LOG.validate_python(data.get("log")))
    except ValidationError:
        raise WireError("malformed view") from None
    return replace(view, log=log)


def read_prompt(data: Any) -> AnyPrompt | None:
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("kind") not in PROMPT_TYPES:
        raise WireError("malformed prompt")
    try:
        prompt: AnyPrompt = _PROMPTS[data["kind"]].validate_python(data.get("data"))
    except ValidationError:
        raise WireError("malformed prompt") from None
    return prompt


def read_scores(data: Any) -> tuple[Score, ...]:
    try:
        return _SCORES.validate_python(data)
    except ValidationError:
        raise WireError("malformed scores") from None


__all__ = [
    "CLIENT_MESSAGE_MAX",
    "KEY_MAX",
    "LINK_ENV",
    "PROMPT_TYPES",
    "WIRE_VERSION",
    "AnswerMessage",
    "CheckMessage",
    "Hello",
    "WireError",
    "answer_key",
    "answer_message",
    "client_message",
    "envelope",
    "hello",
    "onlooker_view",
    "prompt_json",
    "public_prompt",
    "read_prompt",
    "read_scores",
    "read_view",
    "scores_json",
    "view_json",
]
