"""Typed model of every card and table of the Peloponnes Card Game, and the loader of cards.yaml.

The rulebook explains the mechanisms but does not print the cards, so part of the data is designed
(see docs/card-data.md).  Every entry carries a ``source``: ``rulebook``, ``designed`` or
``review: URL``.  A player who owns the physical deck corrects values by editing one YAML file and
pointing the game at it with ``--cards PATH``.

Loading reads and parses the file through :mod:`peloponnes_tui.inputs` (an ordinary file of at
most 1 MB, nesting, numbers, strings and duplicate keys within its limits) and validates it with
pydantic; any problem raises :class:`CardDataError`, whose message names the file, the card id
and the field, and never shows a traceback to a player.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from peloponnes_tui.inputs import CARDS_BYTES_MAX, InputError, Name, load_yaml, validate_model
from peloponnes_tui.message import Invalid, Message, message, message_n

CatastropheId = Literal["plague", "earthquake", "tempest", "drought", "decline"]
CATASTROPHES: tuple[CatastropheId, ...] = ("plague", "earthquake", "tempest", "drought", "decline")
Resource = Literal["wood", "stone", "grain", "inhabitants"]
Pile = Literal["A", "B", "C"]
Kind = Literal["building", "landscape"]
# What a special building does; protection is a separate field.
Function = Literal["coin_income", "bid_bonus", "conquest_discount"]

EXPECTED_POWER = 48
EXPECTED_BUILDINGS = 24
EXPECTED_LANDSCAPES = 24
EXPECTED_CIVILIZATIONS = 10
EXPECTED_COINS = 72
EXPECTED_LUXURY = 5
ROUNDS = 8
CARDS_PER_ROUND = 6


def _builtin_cards_path() -> Path:
    """The built-in card data: the repository's ``assets/cards.yaml``, which an installed package
    carries as ``peloponnes_tui.assets`` (pyproject.toml maps the folder onto it)."""
    try:
        return Path(str(resources.files("peloponnes_tui.assets").joinpath("cards.yaml")))
    except ModuleNotFoundError:  # the source tree imported as it is, without installing it
        return Path(__file__).resolve().parents[1] / "assets" / "cards.yaml"


DEFAULT_CARDS_PATH = _builtin_cards_path()

NonNeg = Annotated[int, Field(ge=0)]


class CardDataError(InputError):
    """A problem in a card data file, phrased for a player who edited it by hand."""

    item_word = message("card")

    @property
    def path(self) -> str:
        return str(self.where)

    @property
    def card(self) -> str | None:
        return self.item


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_source(value: str) -> str:
    if value in ("rulebook", "designed") or value.startswith("review: "):
        return value
    raise Invalid(message("must be 'rulebook', 'designed' or 'review: URL'"))


Language = Literal["en", "de"]


class Names(_Model):
    en: Name
    de: Name
    # the languages whose name is a plural ("Gerstenfelder", "Barley Fields"): a sentence with
    # the name as its subject takes the plural verb there ("Gerstenfelder rücken ...")
    plural: tuple[Language, ...] = ()


class Production(_Model):
    wood: NonNeg = 0
    stone: NonNeg = 0
    grain: NonNeg = 0


class Cost(_Model):
    wood: NonNeg = 0
    stone: NonNeg = 0


class OneTimeIncome(_Model):
    coins: NonNeg = 0
    luxury: NonNeg = 0


class LuxuryCard(_Model):
    count: int
    inhabitants: NonNeg
    power: NonNeg
    cap: Annotated[int, Field(ge=1)]
    declined_cap: NonNeg
    name: Names
    source: str

    _src = field_validator("source")(classmethod(lambda cls, v: _check_source(v)))


class CatastropheCard(_Model):
    id: CatastropheId
    name: Names
    # Number of advances that carry the marker from the lightning space to the last space.
    steps: Annotated[int, Field(ge=1, le=20)]
    source: str

    _src = field_validator("source")(classmethod(lambda cls, v: _check_source(v)))


class IncomeRow(_Model):
    """From ``inhabitants`` on (up to the next row) a player draws ``coins``, gains ``luxury``."""

    inhabitants: NonNeg
    coins: NonNeg
    luxury: NonNeg = 0


class CoinBack(_Model):
    id: Name
    name: Names
    resource: Resource
    amount: Annotated[int, Field(ge=1, le=3)] = 1
    count: Annotated[int, Field(ge=1)]
    source: str

    _src = field_validator("source")(classmethod(lambda cls, v: _check_source(v)))


class CivilizationCard(_Model):
    id: Name
    name: Names
    number: Annotated[int, Field(ge=1)]
    coins: NonNeg
    inhabitants: NonNeg
    power: NonNeg = 0
    production: Production = Production()
    catastrophes: tuple[CatastropheId, ...] = ()
    source: str

    _src = field_validator("source")(classmethod(lambda cls, v: _check_source(v)))


class PowerCard(_Model):
    id: Name
    kind: Kind
    pile: Pile
    name: Names
    value: Annotated[int, Field(ge=1)]
    cost: Cost = Cost()
    income: OneTimeIncome = OneTimeIncome()
    inhabitants: NonNeg = 0
    power: NonNeg = 0
    production: Production = Production()
    catastrophe: CatastropheId | None = None
    protection: CatastropheId | None = None
    function: Function | None = None
    supply: bool = False
    source: str

    _src = field_validator("source")(classmethod(lambda cls, v: _check_source(v)))

    @model_validator(mode="after")
    def _consistent(self) -> PowerCard:
        if self.kind == "landscape":
            if self.cost.wood or self.cost.stone:
                raise Invalid(message("only buildings have a building cost"), "cost")
            if self.protection or self.function:
                raise Invalid(message("only buildings have special functions"),
                              "protection/function")
        if self.supply and self.kind != "landscape":
            raise Invalid(message("the supply symbol is only on landscapes"), "supply")
        if self.inhabitants and (self.income.coins or self.income.luxury):
            raise Invalid(message("a card shows either one-time income or inhabitants in its "
                                  "corner, not both"), "income")
        if self.income.coins and self.income.luxury:
            raise Invalid(message("one-time income is coin cards or luxury goods, not both"),
                          "income")
        return self

    @property
    def is_building(self) -> bool:
        return self.kind == "building"


# The built-in cards' digests from before the names left the digest (version 4), and the digest
# the same cards have now: saves made then load as before.
EARLIER_DIGESTS = {"2107dfab23d9a2b7": "a5598671c8b64db1"}


class CardSet(_Model):
    """Everything printed on the cards, validated and counted."""

    version: str = Field(min_length=1)
    luxury: LuxuryCard
    catastrophes: tuple[CatastropheCard, ...]
    income: tuple[IncomeRow, ...] = Field(min_length=1)
    coin_backs: tuple[CoinBack, ...]
    civilizations: tuple[CivilizationCard, ...]
    power_cards: tuple[PowerCard, ...]

    @cached_property
    def power_by_id(self) -> dict[str, PowerCard]:
        return {c.id: c for c in self.power_cards}

    @cached_property
    def civ_by_id(self) -> dict[str, CivilizationCard]:
        return {c.id: c for c in self.civilizations}

    @cached_property
    def catastrophe_by_id(self) -> dict[str, CatastropheCard]:
        return {c.id: c for c in self.catastrophes}

    @cached_property
    def coins(self) -> tuple[CoinBack, ...]:
        """The 72 coin cards, coin id = index into this tuple (the back each one shows)."""
        out: list[CoinBack] = []
        for back in self.coin_backs:
            out.extend([back] * back.count)
        return tuple(out)

    @cached_property
    def digest(self) -> str:
        """A short fingerprint of what the rules use: saves record it so a replay uses the same
        cards.  The names are left out, so that a better translation keeps every save loadable."""
        unnamed = {"__all__": {"name"}}
        raw = self.model_dump_json(exclude={
            "luxury": {"name"}, "catastrophes": unnamed, "coin_backs": unnamed,
            "civilizations": unnamed, "power_cards": unnamed}).encode()
        return hashlib.sha256(raw).hexdigest()[:16]

    def same_cards(self, digest: str) -> bool:
        """Whether a save's digest is of these cards (a save made before the names left the
        digest has the digest the built-in cards had then)."""
        return EARLIER_DIGESTS.get(digest, digest) == self.digest

    def income_for(self, inhabitants: int) -> IncomeRow:
        row = self.income[0]
        for r in self.income:
            if inhabitants >= r.inhabitants:
                row = r
        return row


def _counts(cards: CardSet, path: str) -> None:
    def err(msg: Message, card: str | None = None, field: str | None = None) -> CardDataError:
        return CardDataError(path, msg, card, field)

    for section, items in (
        ("power_cards", cards.power_cards),
        ("civilizations", cards.civilizations),
        ("coin_backs", cards.coin_backs),
        ("catastrophes", cards.catastrophes),
    ):
        dup = [k for k, n in Counter(c.id for c in items).items() if n > 1]
        if dup:
            raise err(message("the id is used twice in {section}", section=section), dup[0], "id")
    kinds = Counter(c.kind for c in cards.power_cards)
    if len(cards.power_cards) != EXPECTED_POWER:
        raise err(message("there must be {n} power cards, found {found}", n=EXPECTED_POWER,
                          found=len(cards.power_cards)), field="power_cards")
    if kinds["building"] != EXPECTED_BUILDINGS:
        raise err(message("there must be {n} buildings, found {found}", n=EXPECTED_BUILDINGS,
                          found=kinds["building"]), field="power_cards.kind")
    piles = Counter(c.pile for c in cards.power_cards)
    for pile in ("A", "B", "C"):
        n = piles[pile]
        if n % CARDS_PER_ROUND:
            raise err(message_n("pile {pile} has {n} card, not a whole number of rounds of {per}",
                                "pile {pile} has {n} cards, not a whole number of rounds of "
                                "{per}", n, pile=pile, per=CARDS_PER_ROUND),
                      field="power_cards.pile")
    supply = Counter(c.pile for c in cards.power_cards if c.supply)
    if supply != Counter({"B": 1, "C": 1}):
        found = ", ".join(f"{p}: {n}" for p, n in sorted(supply.items()))
        raise err(message("exactly one B card and one C card carry the supply symbol, found "
                          "{found}", found=found) if found else
                  message("exactly one B card and one C card carry the supply symbol, found "
                          "none"), field="power_cards.supply")
    if len(cards.civilizations) != EXPECTED_CIVILIZATIONS:
        raise err(message("there must be {n} civilization cards, found {found}",
                          n=EXPECTED_CIVILIZATIONS, found=len(cards.civilizations)),
                  field="civilizations")
    numbers = Counter(c.number for c in cards.civilizations)
    for civ in cards.civilizations:
        if numbers[civ.number] > 1:
            raise err(message("two civilizations carry the same start number"), civ.id, "number")
    total = sum(b.count for b in cards.coin_backs)
    if total != EXPECTED_COINS:
        raise err(message("the coin backs add up to {total} cards, there must be {n}",
                          total=total, n=EXPECTED_COINS), field="coin_backs.count")
    if cards.luxury.count != EXPECTED_LUXURY:
        raise err(message("there must be {n} luxury cards, found {found}", n=EXPECTED_LUXURY,
                          found=cards.luxury.count), "luxury", "count")
    if cards.luxury.declined_cap > cards.luxury.cap:
        raise err(message("the cap after decline cannot exceed the cap"), "luxury",
                  "declined_cap")
    if sorted(c.id for c in cards.catastrophes) != sorted(CATASTROPHES):
        raise err(message("there must be exactly one card for each of {ids}",
                          ids=", ".join(CATASTROPHES)), field="catastrophes")
    if cards.income[0].inhabitants != 0:
        raise err(message("the first income row must start at 0 inhabitants"), "income[0]",
                  "inhabitants")
    for i in range(1, len(cards.income)):
        if cards.income[i].inhabitants <= cards.income[i - 1].inhabitants:
            raise err(message("income rows must be in increasing order of inhabitants"),
                      f"income[{i}]", "inhabitants")
    resources = {b.resource for b in cards.coin_backs}
    for needed in ("wood", "stone", "grain", "inhabitants"):
        if needed not in resources:
            raise err(message("no coin card shows {resource}", resource=needed),
                      field="coin_backs.resource")


def parse_cards(raw: Any, path: str = "<cards>") -> CardSet:
    """Validate already-parsed YAML data."""
    if not isinstance(raw, dict):
        raise CardDataError(path, message(
            "the file must hold a mapping with the sections version, luxury, catastrophes, "
            "income, coin_backs, civilizations, power_cards"))
    cards = validate_model(CardSet, raw, path, CardDataError, items=True)
    _counts(cards, path)
    return cards


def load_cards(path: str | Path | None = None) -> CardSet:
    """Load and validate a card data file; the one shipped with the package by default."""
    p = Path(path) if path is not None else DEFAULT_CARDS_PATH
    if path is None and p in _cache:
        return _cache[p]
    name = str(p)
    raw = load_yaml(p, message("card data file"), CARDS_BYTES_MAX, CardDataError)
    cards = parse_cards(raw, name)
    if path is None:
        _cache[p] = cards
    return cards


_cache: dict[Path, CardSet] = {}
