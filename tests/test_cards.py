"""The shipped card data and the loader's error messages."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from rich.console import Console

from peloponnes_tui.cards import (
    CATASTROPHES,
    DEFAULT_CARDS_PATH,
    CardDataError,
    CardSet,
    load_cards,
    parse_cards,
)
from peloponnes_tui.cards_report import card_summary

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

NAMED_BUILDINGS: dict[str, tuple[str | None, str | None]] = {
    # id: (function, protection) as the rulebook describes them
    "port": ("coin_income", "decline"),
    "temple-of-apollo": ("coin_income", "drought"),
    "lion-gate": (None, "drought"),
    "market": ("bid_bonus", None),
    "agora": ("bid_bonus", None),
    "barracks": ("conquest_discount", None),
    "stockade": ("conquest_discount", None),
    "cyclopean-masonry": (None, "earthquake"),
    "treasury-of-atreus": (None, "earthquake"),
    "well": (None, "plague"),
    "aqueduct": (None, "plague"),
    "acrocorinth": (None, "tempest"),
    "phidias-workshop": (None, "tempest"),
    "stoa": (None, "decline"),
}


@pytest.fixture(scope="module")
def cards() -> CardSet:
    return load_cards()


def _raw() -> dict[str, Any]:
    data = yaml.load(DEFAULT_CARDS_PATH.read_text(encoding="utf-8"), Loader=_LOADER)
    assert isinstance(data, dict)
    return data


def _index(raw: dict[str, Any], card_id: str) -> int:
    return next(i for i, c in enumerate(raw["power_cards"]) if c["id"] == card_id)


def _load_variant(tmp_path: Path, raw: Any, name: str = "broken.yaml") -> CardDataError:
    path = tmp_path / name
    path.write_text(yaml.dump(raw, Dumper=_DUMPER, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cards(path)
    return info.value


# --------------------------------------------------------------------- shipped file


def test_shipped_file_loads_and_is_the_repository_copy(cards: CardSet) -> None:
    assert cards.version
    repo_copy = Path(__file__).resolve().parents[1] / "assets" / "cards.yaml"
    # One real copy, not a link: the package ships the repository's assets folder as
    # peloponnes_tui.assets (an editable install reads the file itself, a wheel carries a copy).
    assert not repo_copy.is_symlink()
    assert DEFAULT_CARDS_PATH.name == "cards.yaml"
    assert DEFAULT_CARDS_PATH.read_bytes() == repo_copy.read_bytes()


def test_counts(cards: CardSet) -> None:
    pc = cards.power_cards
    assert len(pc) == 48
    assert Counter(c.kind for c in pc) == {"building": 24, "landscape": 24}
    assert Counter(c.pile for c in pc) == {"A": 18, "B": 18, "C": 12}
    assert len(cards.civilizations) == 10
    assert sum(b.count for b in cards.coin_backs) == 72
    assert len(cards.coins) == 72
    assert cards.luxury.count == 5
    assert sorted(c.id for c in cards.catastrophes) == sorted(CATASTROPHES)


def test_luxury_card_is_the_rulebook_one(cards: CardSet) -> None:
    lux = cards.luxury
    assert (lux.inhabitants, lux.power, lux.cap, lux.declined_cap) == (2, 2, 17, 3)


def test_supply_cards(cards: CardSet) -> None:
    supply = [c for c in cards.power_cards if c.supply]
    assert sorted(c.pile for c in supply) == ["B", "C"]
    for c in supply:
        assert c.kind == "landscape"
        assert c.value == 1
        assert c.catastrophe is None
        assert (c.inhabitants, c.power, c.income.coins, c.income.luxury) == (0, 0, 0, 0)
        assert c.production.model_dump() == {"wood": 0, "stone": 0, "grain": 0}


def test_every_other_power_card_has_a_catastrophe_symbol(cards: CardSet) -> None:
    missing = [c.id for c in cards.power_cards if not c.supply and c.catastrophe is None]
    assert missing == []


@pytest.mark.parametrize("card_id", sorted(NAMED_BUILDINGS))
def test_named_buildings(cards: CardSet, card_id: str) -> None:
    card = cards.power_by_id[card_id]
    assert card.kind == "building"
    assert (card.function, card.protection) == NAMED_BUILDINGS[card_id]


def test_plain_buildings_have_no_special_function(cards: CardSet) -> None:
    plain = [c for c in cards.power_cards if c.is_building and c.id not in NAMED_BUILDINGS]
    assert len(plain) == 10
    assert all(c.function is None and c.protection is None for c in plain)


def test_rulebook_examples_are_possible(cards: CardSet) -> None:
    pc = cards.power_cards
    assert any(c.cost.stone == 4 and c.cost.wood == 0 for c in pc)  # "costs 4 stone"
    assert any(c.income.coins == 3 for c in pc)  # "3 coin cards" one-time income
    assert any(c.value == 2 for c in pc)  # a value-2 card in the conquest row


def test_power_card_shape(cards: CardSet) -> None:
    for c in cards.power_cards:
        assert c.name.en and c.name.de
        assert c.value >= 1
        assert not (c.inhabitants and (c.income.coins or c.income.luxury))
        if c.is_building:
            assert 1 <= c.cost.wood + c.cost.stone <= 6, c.id
    # A carries more production, C more power (per card)
    def per_card(pile: str, attr: str) -> float:
        members = [c for c in cards.power_cards if c.pile == pile]
        if attr == "production":
            total = sum(c.production.wood + c.production.stone + c.production.grain
                        for c in members)
        else:
            total = sum(getattr(c, attr) for c in members)
        return total / len(members)

    assert per_card("A", "production") > per_card("C", "production")
    assert per_card("C", "power") > per_card("A", "power")


def test_civilizations(cards: CardSet) -> None:
    civs = cards.civ_by_id
    assert sorted(c.number for c in cards.civilizations) == list(range(1, 11))
    for known in ("corinth", "sparta", "thebes", "argos", "arcadia", "messene"):
        assert known in civs
    assert civs["argos"].coins == 3
    assert civs["arcadia"].coins == 7
    assert civs["arcadia"].production.grain == 0
    assert civs["messene"].production.grain > 0
    assert {c.inhabitants for c in cards.civilizations} >= {1, 5}
    for c in cards.civilizations:
        assert 1 <= c.inhabitants <= 5 and 0 <= c.power <= 3
        assert len(c.catastrophes) <= 2


def test_income_table(cards: CardSet) -> None:
    assert cards.income[0].inhabitants == 0
    assert cards.income_for(0).coins >= 1
    assert cards.income_for(10).luxury == 0
    assert cards.income_for(11).luxury >= 1
    coins = [cards.income_for(n).coins for n in range(30)]
    assert coins == sorted(coins)


def test_every_entry_has_a_source(cards: CardSet) -> None:
    sources = (
        [c.source for c in cards.power_cards]
        + [c.source for c in cards.civilizations]
        + [c.source for c in cards.coin_backs]
        + [c.source for c in cards.catastrophes]
        + [cards.luxury.source]
    )
    for s in sources:
        assert s in ("rulebook", "designed") or s.startswith("review: http")


def test_summary_renders_at_80_columns(cards: CardSet) -> None:
    for width in (80, 140):
        console = Console(width=width, record=True, color_system=None)
        console.print(card_summary(cards))
        text = console.export_text()
        assert all(len(line) <= width for line in text.splitlines())
        for needle in ("Pile A", "Pile B", "Pile C", "Civilizations", "Coin card backs",
                       "Income", "Catastrophe tracks", "cyclopean-masonry", "Zyklopenmauer",
                       "Arcadia", "SUPPLY"):
            assert needle in text, (width, needle)
        assert "…" not in text


# --------------------------------------------------------------------- broken files


def test_bad_yaml_syntax(tmp_path: Path) -> None:
    path = tmp_path / "syntax.yaml"
    path.write_text("version: '1'\npower_cards: [\n  - id: port\n", encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cards(path)
    msg = str(info.value)
    assert "syntax.yaml" in msg
    assert "not valid YAML" in msg and "line" in msg


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match="no such file"):
        load_cards(tmp_path / "nothing.yaml")


def test_missing_field_on_power_card(tmp_path: Path) -> None:
    raw = _raw()
    del raw["power_cards"][_index(raw, "lion-gate")]["value"]
    err = _load_variant(tmp_path, raw, "missing.yaml")
    msg = str(err)
    assert "missing.yaml" in msg and "'lion-gate'" in msg and "'value'" in msg
    assert "missing" in msg
    assert (err.card, err.field) == ("lion-gate", "value")


def test_wrong_type(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "palace")]["power"] = "five"
    err = _load_variant(tmp_path, raw, "wrongtype.yaml")
    msg = str(err)
    assert "wrongtype.yaml" in msg and "'palace'" in msg and "'power'" in msg
    assert "integer" in msg and "'five'" in msg


def test_wrong_nested_type(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "forest")]["production"]["wood"] = -1
    err = _load_variant(tmp_path, raw)
    assert (err.card, err.field) == ("forest", "production.wood")


def test_wrong_count_of_power_cards(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"].pop(_index(raw, "palace"))
    err = _load_variant(tmp_path, raw, "counts.yaml")
    msg = str(err)
    assert "counts.yaml" in msg and "48" in msg and "47" in msg
    assert err.field == "power_cards"


def test_wrong_count_of_buildings(tmp_path: Path) -> None:
    raw = _raw()
    card = raw["power_cards"][_index(raw, "palace")]
    card["kind"] = "landscape"
    del card["cost"]
    err = _load_variant(tmp_path, raw)
    assert "24 buildings" in str(err) and "23" in str(err)


def test_wrong_count_of_coins(tmp_path: Path) -> None:
    raw = _raw()
    raw["coin_backs"][0]["count"] += 1
    err = _load_variant(tmp_path, raw)
    assert "73" in str(err) and "72" in str(err)
    assert err.field == "coin_backs.count"


def test_wrong_count_of_civilizations(tmp_path: Path) -> None:
    raw = _raw()
    raw["civilizations"].pop()
    err = _load_variant(tmp_path, raw)
    assert "10 civilization" in str(err) and err.field == "civilizations"


def test_supply_symbol_count(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "eurotas-valley")]["supply"] = False
    err = _load_variant(tmp_path, raw)
    assert "supply" in str(err) and err.field == "power_cards.supply"


def test_unknown_catastrophe_on_power_card(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "barracks")]["catastrophe"] = "flood"
    err = _load_variant(tmp_path, raw, "flood.yaml")
    msg = str(err)
    assert "flood.yaml" in msg and "'barracks'" in msg and "'catastrophe'" in msg
    assert "'flood'" in msg and "plague" in msg


def test_unknown_catastrophe_on_civilization(tmp_path: Path) -> None:
    raw = _raw()
    civ = next(c for c in raw["civilizations"] if c["id"] == "sparta")
    civ["catastrophes"] = ["earthquake", "flood"]
    err = _load_variant(tmp_path, raw)
    assert err.card == "sparta"
    assert err.field == "catastrophes[1]"
    assert "'flood'" in str(err)


def test_duplicate_id(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "forest")]["id"] = "quarry"
    err = _load_variant(tmp_path, raw, "dup.yaml")
    msg = str(err)
    assert "dup.yaml" in msg and "'quarry'" in msg and "'id'" in msg and "twice" in msg


def test_duplicate_start_number(tmp_path: Path) -> None:
    raw = _raw()
    raw["civilizations"][1]["number"] = raw["civilizations"][0]["number"]
    err = _load_variant(tmp_path, raw)
    assert err.field == "number" and err.card == raw["civilizations"][0]["id"]


def test_landscape_with_a_cost(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "wheat-fields")]["cost"] = {"wood": 1}
    err = _load_variant(tmp_path, raw, "landcost.yaml")
    msg = str(err)
    assert "landcost.yaml" in msg and "'wheat-fields'" in msg and "'cost'" in msg
    assert "only buildings" in msg
    assert (err.card, err.field) == ("wheat-fields", "cost")


def test_inhabitants_and_income_on_one_card(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "pasture")]["income"] = {"coins": 2}
    err = _load_variant(tmp_path, raw)
    assert (err.card, err.field) == ("pasture", "income")


def test_unknown_field(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "stoa")]["colour"] = "red"
    err = _load_variant(tmp_path, raw)
    assert (err.card, err.field) == ("stoa", "colour")
    assert "unknown field" in str(err)


def test_bad_source(tmp_path: Path) -> None:
    raw = _raw()
    raw["civilizations"][0]["source"] = "my memory"
    err = _load_variant(tmp_path, raw)
    assert err.field == "source" and "review: URL" in str(err)


def test_income_rows_out_of_order(tmp_path: Path) -> None:
    raw = _raw()
    raw["income"][2]["inhabitants"] = 1
    err = _load_variant(tmp_path, raw)
    assert err.card == "income[2]" and err.field == "inhabitants"


def test_missing_section(tmp_path: Path) -> None:
    raw = _raw()
    del raw["coin_backs"]
    err = _load_variant(tmp_path, raw)
    assert err.field == "coin_backs" and "missing" in str(err)


@pytest.mark.parametrize("raw", [None, [], "cards", 42])
def test_parse_cards_on_a_non_mapping(raw: Any) -> None:
    with pytest.raises(CardDataError) as info:
        parse_cards(raw, "odd.yaml")
    assert str(info.value).startswith("odd.yaml: ")
    assert "mapping" in str(info.value)


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"empty\.yaml: .*mapping"):
        load_cards(path)


def test_a_name_changes_no_digest_and_an_earlier_save_still_loads(tmp_path: Path) -> None:
    """The digest leaves the names out: a better translation keeps saves loadable; a save made
    when the names were in the digest (the built-in cards, version 4) loads too."""
    from peloponnes_tui.tui.session import Session

    raw = _raw()
    raw["power_cards"][_index(raw, "palace")]["name"]["de"] = "Königspalast"
    path = tmp_path / "renamed.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    assert load_cards(path).digest == load_cards().digest
    earlier = Path(__file__).parent / "data" / "save-cards-v4-named-digest.json"
    session = Session.load(earlier, load_cards())
    assert len(session.game.answers) == 32


def test_edited_copy_is_used(tmp_path: Path) -> None:
    raw = _raw()
    raw["power_cards"][_index(raw, "palace")]["power"] = 7
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    mine = load_cards(path)
    assert mine.power_by_id["palace"].power == 7
    assert mine.digest != load_cards().digest
