"""The engine's refusals and questions in the language chosen when they are shown.

The engine refuses with an English template and its values (cards as ids with their names);
``refusals.refusal_text`` makes the sentence in the current language, ``str(exc)`` stays the
English one.  Each situation here is exact: the refused answer, then the whole sentence in
German, with the card's German name from the card data.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from support import (
    CARDS,
    SUPPLY_B,
    PlacedSpec,
    PlayerSpec,
    bid,
    game_at,
    screen_text,
    session_from,
    settled,
)
from test_i18n import source_messages

import peloponnes_tui
from peloponnes_tui.engine import (
    CatastropheAnswer,
    CompletePlan,
    FeedPlan,
    Game,
    GiveUpBuilding,
    IllegalAnswer,
    MoveBid,
    Pass,
    PayBuilding,
    PlaceBid,
)
from peloponnes_tui.engine.prompts import AnyAnswer
from peloponnes_tui.i18n import set_language
from peloponnes_tui.prompt_text import prompt_text
from peloponnes_tui.refusals import refusal_text
from peloponnes_tui.tui.app import PeloponnesApp

# Forest, Quarry and Pasture in the market; Coast, Granary and Well in the conquest row.
REVEAL = ["forest", "quarry", "pasture", "coast", "granary", "well"]


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language("en")


def refused(game: Game, ans: AnyAnswer) -> IllegalAnswer:
    """The engine's refusal of ``ans`` (the test fails if it is legal)."""
    refusal = game.refusal(ans)
    assert refusal is not None, ans
    return refusal


def two(helena: PlayerSpec | dict[str, object], **position: object) -> Game:
    """Helena (Sparta) and Leonidas (Tegea, one grain); Helena decides first."""
    return game_at(helena, dict(civ="tegea", hand=["grain"]), order=[0, 1], quiet_next=True,
                   **{"reveal": REVEAL, **position})


def test_a_bid_below_the_conquest_minimum(german: None) -> None:
    game = two(dict(civ="sparta", hand=["wood"] * 4))
    exc = refused(game, PlaceBid("coast", tuple(game.players[0].hand)))
    assert refusal_text(exc) == ("Für Küste brauchst du mindestens 5 Münzkarten in der "
                                 "Eroberungsreihe (Wert 2 + 3); du hast 4 geboten")
    assert str(exc) == ("Coast needs at least 5 coin cards in the conquest row (value 2 + 3); "
                        "you offered 4")


def test_a_bid_below_a_market_cards_minimum_in_the_singular(german: None) -> None:
    game = two(dict(civ="sparta", hand=["wood"] * 4))
    exc = refused(game, PlaceBid("quarry", ()))
    assert refusal_text(exc) == ("Für Steinbruch brauchst du mindestens 1 Münzkarte; du hast 0 "
                                 "geboten")
    assert str(exc) == "Quarry needs at least 1 coin card; you offered 0"


def test_a_bid_that_does_not_beat_the_standing_one(german: None) -> None:
    game = game_at(dict(civ="tegea", hand=["stone"] * 2), dict(civ="sparta", hand=["wood"] * 4),
                   names=["Leonidas", "Helena"], order=[0, 1], reveal=REVEAL, quiet_next=True)
    bid(game, 0, "forest", 2)
    exc = refused(game, PlaceBid("forest", tuple(game.players[1].hand[:2])))
    assert refusal_text(exc) == (
        "Das Gebot von Leonidas auf Wald zählt 2; deines würde 2 zählen: du musst mehr bieten "
        "— mindestens 3 Münzkarten; du hast 2 geboten")


def test_a_moved_bid_below_the_minimum_and_the_wrong_kind_of_answer(german: None) -> None:
    game = game_at(dict(civ="sparta", hand=["wood"] * 2), dict(civ="tegea", hand=["stone"] * 3),
                   order=[0, 1], reveal=REVEAL, quiet_next=True)
    bid(game, 0, "forest", 2)
    bid(game, 1, "forest", 3)
    assert refusal_text(refused(game, MoveBid("coast"))) == (
        "Für Küste brauchst du mindestens 5 Münzkarten in der Eroberungsreihe (Wert 2 + 3); "
        "dein Gebot ist 2")
    assert refusal_text(refused(game, MoveBid("forest"))) == (
        "du musst dein Gebot auf eine andere Karte setzen")
    assert refusal_text(refused(game, Pass())) == (
        "Helena muss mit „Gebot versetzen“ oder „Gebot zurücknehmen“ antworten")
    assert str(refused(game, Pass())) == "Helena must answer with move bid or withdraw"


def test_an_id_from_outside_is_shown_shortened_in_either_language(german: None) -> None:
    game = two(dict(civ="sparta", hand=["wood"] * 4))
    exc = refused(game, PlaceBid("x" * 50, ()))
    assert refusal_text(exc) == ("Keine Machtkarte, die in dieser Runde ausliegt: '"
                                 + "x" * 40 + "…'")
    assert str(exc) == "'" + "x" * 40 + "…' is not a power card on offer this round"


def test_coin_cards_and_luxury_goods_in_a_payment(german: None) -> None:
    game = game_at(dict(civ="messene", hand=["grain"] * 4, luxury=1),
                   dict(civ="tegea", hand=["grain"]),
                   reveal=["cyclopean-masonry", "quarry", "pasture", "barley-fields", "coast",
                           "granary"], order=[0, 1], quiet_next=True)
    bid(game, 0, "cyclopean-masonry", 3)
    game.answer(Pass())
    assert game.pending is not None and game.pending.kind == "build"
    assert refusal_text(refused(game, GiveUpBuilding())) == (
        "Du kannst Zyklopenmauer beliehen bauen, also darfst du das Gebäude nicht aufgeben: ein "
        "gewonnenes Gebäude geht nur verloren, wenn weder das eine noch das andere möglich ist")
    assert refusal_text(refused(game, PayBuilding((), 1))) == (
        "du kannst dieses Gebäude nicht bezahlen: beleihe es")
    assert prompt_text(game.pending, CARDS) == (
        "Du hast Zyklopenmauer gewonnen (kostet 0 Holz, 4 Stein). Bezahle das Gebäude jetzt, "
        "oder beleihe es mit einer Münzkarte.")


def test_a_catastrophe_that_hits_two_buildings(german: None) -> None:
    # Round 4: Marble Quarry sets off the earthquake; Helena's four buildings lose two.
    game = game_at(
        PlayerSpec(civ="argos", hand=["stone", "stone", "wood"], luxury=1,
                   buildings=["well", "market", "sawmill", "granary"]),
        PlayerSpec(civ="sparta", hand=["grain"]),
        round=4, order=[0, 1], markers={"earthquake": 2},
        reveal=["marble-quarry", "stockade", "agora", "oak-forest", "theatre", "highlands"])
    prompt = game.pending
    assert prompt is not None and prompt.kind == "catastrophe"
    assert refusal_text(refused(game, CatastropheAnswer((("well", "remove"),)))) == (
        "2 Karten müssen gewählt werden, nicht 1")
    assert refusal_text(refused(game, CatastropheAnswer(
        (("well", "luxury"), ("market", "luxury"))))) == (
        "so viele Luxusgüter kannst du jetzt nicht gegen Münzkarten tauschen")
    assert prompt_text(prompt, CARDS) == (
        "Erdbeben: Wähle 2 deiner Gebäude und bedecke jedes mit einer Münzkarte oder entferne "
        "es.")


def test_feeding_names_the_civilization_card_in_german(german: None) -> None:
    # Argos (5 inhabitants, 1 grain), Pasture (2, 1), Olive Grove (0, 2), Well (+1 grain):
    # 7 inhabitants, 5 grain, 2 missing.
    game = game_at(PlayerSpec(civ="argos", hand=["grain", "wood"], luxury=2, buildings=["well"],
                              landscapes=["pasture", "olive-grove"]),
                   PlayerSpec(civ="tegea", hand=["grain"]), round=4, order=[0, 1],
                   reveal=SUPPLY_B)
    assert game.pending is not None and game.pending.kind == "feed"
    assert refusal_text(refused(game, FeedPlan())) == (
        "2 Bewohner würden noch hungern: zahle mehr oder entferne mehr Karten")
    assert refusal_text(refused(game, FeedPlan(remove=("civ", "pasture")))) == (
        "Du musst Weide nicht entfernen: die anderen Karten und deine Zahlung decken den "
        "Mangel schon")
    assert refusal_text(refused(game, FeedPlan(luxury=3))) == "du hast nur 2 Luxusgüter"
    wood = next(c for c in game.players[0].hand if game.coin_resource(c) == "wood")
    assert refusal_text(refused(game, FeedPlan(grain_coins=(wood,)))) == (
        f"Münzkarte {wood} zeigt Holz, nicht Getreide")
    assert refusal_text(refused(game, FeedPlan(luxury=-1))) == (
        "Luxusgüter müssen als ganze Zahl angegeben werden, null oder mehr")
    assert prompt_text(game.pending, CARDS) == (
        "Versorgung: 7 Bewohner brauchen Getreide, deine Karten erzeugen aber 5. Decke die "
        "fehlenden 2 mit Getreide- oder Bewohner-Münzkarten oder Luxusgütern, oder entferne "
        "Karten.")


def test_the_civilization_card_in_a_refusal(german: None) -> None:
    # Argos (5 inhabitants, 1 grain), Pasture (2, 1), Olive Grove (0, 2), Coast (0, 1), Bay
    # (0, 1): 7 inhabitants, 6 grain, 1 missing; removing Pasture alone covers it.
    game = game_at(PlayerSpec(civ="argos", hand=["grain"], luxury=0,
                              landscapes=["pasture", "olive-grove", "coast", "bay"]),
                   PlayerSpec(civ="tegea", hand=["grain"]), round=4, order=[0, 1],
                   reveal=SUPPLY_B)
    exc = refused(game, FeedPlan(remove=("civ", "pasture")))
    assert refusal_text(exc) == (
        "Du musst die Zivilisationskarte Argos nicht entfernen: die anderen Karten und deine "
        "Zahlung decken den Mangel schon")
    assert str(exc).startswith("the civilization card Argos need not be removed")


def test_completing_a_building_that_is_not_under_construction(german: None) -> None:
    game = game_at(PlayerSpec(civ="corinth", hand=["wood", "wood", "wood-2", "stone"],
                              luxury=1,
                              buildings=[PlacedSpec(card="market", under_construction=True),
                                         PlacedSpec(card="granary", under_construction=True),
                                         "barracks"],
                              landscapes=["vineyard"]),
                   PlayerSpec(civ="tegea", hand=["grain"]), round=4, order=[0, 1],
                   reveal=SUPPLY_B)
    assert game.pending is not None and game.pending.kind == "complete"
    assert refusal_text(refused(game, CompletePlan(complete=("barracks",)))) == (
        "Nicht unter deinen beliehenen Gebäuden: 'barracks'")
    assert prompt_text(game.pending, CARDS) == (
        "Versorgung: Bezahle deine beliehenen Gebäude (die Produktion zählt einmal für alle "
        "zusammen); jedes, das du nicht bezahlst, ist verloren.")


def test_a_damaged_save_names_the_answer_in_german(german: None) -> None:
    game = two(dict(civ="sparta", hand=["wood"] * 4))
    with pytest.raises(IllegalAnswer) as info:
        Game.replay(game.names, game.seed, [PlaceBid("coast", ())], game.cards, game.position)
    assert refusal_text(info.value) == (
        "Antwort 1 passt nicht zur Partie: Für Küste brauchst du mindestens 5 Münzkarten in "
        "der Eroberungsreihe (Wert 2 + 3); du hast 0 geboten")


def test_english_is_unchanged_after_german() -> None:
    game = two(dict(civ="sparta", hand=["wood"] * 4))
    exc = refused(game, PlaceBid("coast", ()))
    set_language("de")
    german_text = refusal_text(exc)
    set_language("en")
    assert refusal_text(exc) == str(exc) != german_text


def test_every_template_in_the_code_is_extracted() -> None:
    """A template pybabel does not find (say, a message() nested in another call) would stay
    English in German: every literal first argument of message/message_n/IllegalAnswer is in
    what extraction finds."""
    found = source_messages()
    package = Path(peloponnes_tui.__file__).parent
    missing = []
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("message", "message_n", "IllegalAnswer", "GameOver",
                                     "ScenarioError", "LessonError")
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            text = node.args[0].value
            if node.func.id == "message_n":
                plural = node.args[1]
                assert isinstance(plural, ast.Constant)
                key: str | tuple[str, str] = (text, plural.value)
            else:
                key = text
            if key not in found:
                missing.append((path.name, key))
    assert missing == []


async def test_the_app_shows_a_refusal_in_german(german: None) -> None:
    """Helena's bid panel with no coin card chosen: the refusal is German, with the card's
    German name."""
    session = session_from(PlayerSpec(civ="sparta", hand=["wood", "wood", "stone"]),
                           PlayerSpec(civ="tegea", hand=["stone", "grain"]),
                           reveal=["forest", "quarry", "pasture", "barley-fields", "coast",
                                   "granary"], order=[0, 1])
    app = PeloponnesApp(cards=CARDS, bot_pause=0)
    async with app.run_test(size=(100, 40)) as pilot:
        app.set_session(session)
        await settled(pilot)
        await pilot.press("0")
        await pilot.press("enter")
        await settled(pilot)
        text = " ".join(screen_text(app).split())
    assert "Für Wald brauchst du mindestens 1 Münzkarte; du hast 0 geboten" in text
    assert session.game.answers == []
