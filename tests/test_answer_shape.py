"""Any answer, however absurd, is refused with IllegalAnswer and a short, printable reason, and
changes nothing; answers from JSON are shape-checked at that boundary."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from peloponnes_tui.cards import load_cards
from peloponnes_tui.engine import (
    ANSWER_TYPES,
    CatastropheAnswer,
    CompletePlan,
    FeedPlan,
    Game,
    IllegalAnswer,
    MoveBid,
    PayBuilding,
    PlaceBid,
    StartConstruction,
    answer_from_dict,
)

HUGE = 10 ** 5000  # str() of it raises ValueError: no message may try to print it
NASTY = "\x1b]0;PWNED\x07\x1b[2J" + "x" * 10_000
MAX_REASON = 300



def huge() -> int:
    return HUGE


garbage = st.recursive(
    st.none() | st.booleans() | st.integers() | st.builds(huge) | st.builds(lambda: -HUGE)
    | st.floats(allow_nan=True) | st.text(max_size=50) | st.just(NASTY),
    lambda inner: st.lists(inner, max_size=4).map(tuple) | st.lists(inner, max_size=4),
    max_leaves=10)


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.new(["Helena", "Leonidas", "Dimitrios"], 3, load_cards())


def assert_clean_refusal(game: Game, answer: object) -> None:
    before = game.snapshot()
    reason = game.check(answer)  # type: ignore[arg-type]  # deliberately not an Answer
    assert reason is not None
    with pytest.raises(IllegalAnswer) as exc:
        game.answer(answer)  # type: ignore[arg-type]
    for text in (reason, str(exc.value)):
        assert len(text) <= MAX_REASON
        assert text.isprintable()
    assert game.snapshot() == before


@pytest.mark.parametrize("answer", [
    PlaceBid("forest", (HUGE,)),
    PlaceBid("forest", (), HUGE),
    PlaceBid(NASTY, ()),
    PlaceBid("forest", (-1,)),
    PlaceBid("forest", (True,)),
    MoveBid(NASTY),
    PayBuilding((HUGE,)),
    StartConstruction(HUGE),
    CatastropheAnswer(((NASTY, HUGE),)),
    CatastropheAnswer((("civ", NASTY),)),
    FeedPlan(remove=(NASTY,) * 5_000),
    CompletePlan(complete=(NASTY,), coins=(HUGE,)),
    "pass",
    None,
    {"kind": "pass"},
])
def test_absurd_answers_are_refused_cleanly(game, answer):
    assert_clean_refusal(game, answer)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(sorted(ANSWER_TYPES)), data=st.data())
def test_garbage_in_every_field_is_refused_cleanly(game, kind, data):
    cls = ANSWER_TYPES[kind]
    names = [f for f in cls.__dataclass_fields__ if f != "kind"]
    answer = cls(**{name: data.draw(garbage, label=name) for name in names})
    before = game.snapshot()
    reason = game.check(answer)
    # a field-less answer (Pass, Withdraw, ...) may simply be legal; anything refused is refused
    # with a short printable reason and leaves the game as it was
    assert reason is None or (len(reason) <= MAX_REASON and reason.isprintable())
    assert game.snapshot() == before


@pytest.mark.parametrize("data", [
    {"kind": "place_bid", "card": "forest", "coins": [HUGE]},
    {"kind": "place_bid", "card": "forest", "coins": ["3"]},
    {"kind": "place_bid", "card": "forest", "coins": [True]},
    {"kind": "place_bid", "card": NASTY},
    {"kind": NASTY},
    {"kind": "pass", NASTY: 1},
    {"kind": "feed", "luxury": 2.5},
    {"kind": "catastrophe", "treatments": [["civ", "burn"]]},
    {"kind": "catastrophe", "treatments": [["civ"]]},
    ["pass"],
    "pass",
    {},
])
def test_malformed_json_answers_are_refused_with_a_short_reason(data):
    with pytest.raises(ValueError) as exc:
        answer_from_dict(data)
    text = str(exc.value)
    assert len(text) <= MAX_REASON and text.isprintable()


def test_a_json_answer_round_trips():
    for ans in (PlaceBid("forest", (1, 2), 1), StartConstruction(None), StartConstruction(4),
                CatastropheAnswer((("civ", 3), ("forest", "luxury"), ("luxury", "remove"))),
                FeedPlan((1,), (2,), 1, ("civ",)), CompletePlan(("sawmill",), (5,), 0)):
        assert answer_from_dict(json.loads(json.dumps(ans.to_dict()))) == ans
