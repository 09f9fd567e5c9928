"""Readable rich tables of a card data file, for ``peloponnes cards check [PATH]``.

``card_summary(load_cards(path))`` returns one rich :class:`~rich.console.Group`: the counts,
the power cards pile by pile, the civilizations, the coin backs, the income table and the
catastrophe tracks.  Everything fits an 80-column terminal; wider terminals just get more room.

Every name and word from the file goes into a table as a :class:`~rich.text.Text`, never as a
string that rich would read as markup: a card called ``[red]x`` is printed as ``[red]x``.
"""

from __future__ import annotations

from collections import Counter

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from peloponnes_tui.card_text import catastrophe_name, resource_short, special_text
from peloponnes_tui.cards import (
    EXPECTED_BUILDINGS,
    EXPECTED_CIVILIZATIONS,
    EXPECTED_COINS,
    EXPECTED_LANDSCAPES,
    EXPECTED_LUXURY,
    EXPECTED_POWER,
    CardSet,
    CivilizationCard,
    PowerCard,
    Production,
)
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.i18n import _, name, ngettext


def _pile_rounds(cards: CardSet, pile: str) -> str:
    """The rounds that reveal a pile's cards, as the engine deals them (``rounds 1-3``)."""
    rounds = [i + 1 for i, letter in enumerate(rule_numbers(cards).round_piles) if letter == pile]
    if not rounds:
        return ""
    if len(rounds) == 1:
        return _("round {n}").format(n=rounds[0])
    return _("rounds {first}-{last}").format(first=rounds[0], last=rounds[-1])


def _amounts(**amounts: int) -> str:
    """``wood=2, stone=1`` -> ``"2W 1S"`` (the board's short forms, in the current language);
    nothing gives ``"-"``."""
    text = " ".join(resource_short(kind, n) for kind, n in amounts.items() if n)
    return text or "-"


def _production(p: Production) -> str:
    return _amounts(wood=p.wood, stone=p.stone, grain=p.grain)


def _legend(cards: CardSet) -> str:
    return _("W wood, S stone, G grain.  Gain: inhabitants (inh) or one-time income (coin "
             "cards, lux = luxury goods).  Val: minimum bid (+{surcharge} in the conquest "
             "row).").format(surcharge=rule_numbers(cards).conquest_surcharge)
WIDE = 110  # from this width on, the pile tables show the names inline


def _table(title: str) -> Table:
    return Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                 show_edge=False, expand=False)


def _plain(*parts: str, sep: str = " / ") -> Text:
    """Words from the card data, shown literally (no markup, no emoji codes)."""
    return Text(sep.join(parts))


def _source_word(source: str) -> str:
    """Where a card's values come from, in a word (``review: URL`` is a review)."""
    if source.startswith("review"):
        return _("review")
    return {"rulebook": _("rulebook"), "designed": _("designed")}.get(source, source)


def _source(source: str) -> Text:
    style = "cyan" if source.startswith("review: ") else "green" if source == "rulebook" else "dim"
    return Text(_source_word(source), style=style)


def _resource(resource: str) -> str:
    """A coin back's resource, as a word."""
    return {"wood": _("wood"), "stone": _("stone"), "grain": _("grain"),
            "inhabitants": _("inhabitants")}.get(resource, resource)


def _resource_amount(resource: str, n: int) -> str:
    """``1 wood``, ``1 inhabitant``: what a coin back shows."""
    if resource == "inhabitants":
        return ngettext("{n} inhabitant", "{n} inhabitants", n).format(n=n)
    return _("{n} {resource}").format(n=n, resource=_resource(resource))


def _ok(found: int, expected: int) -> Text:
    if found == expected:
        return Text(str(found), style="green")
    return Text(_("{found} (expected {expected})").format(found=found, expected=expected),
                style="bold red")


def _counts(cards: CardSet) -> Table:
    pc = cards.power_cards
    kinds = Counter(c.kind for c in pc)
    piles = Counter(c.pile for c in pc)
    supply = sorted(c.pile for c in pc if c.supply)
    t = _table(_("Counts"))
    t.add_column(_("What"))
    t.add_column(_("Found"))
    t.add_row(_("Power cards"), _ok(len(pc), EXPECTED_POWER))
    t.add_row("  " + _("buildings"), _ok(kinds["building"], EXPECTED_BUILDINGS))
    t.add_row("  " + _("landscapes"), _ok(kinds["landscape"], EXPECTED_LANDSCAPES))
    t.add_row("  " + _("piles A / B / C"), f"{piles['A']} / {piles['B']} / {piles['C']}")
    t.add_row("  " + _("supply symbol"), ", ".join(supply) or _("none"))
    t.add_row(_("Civilization cards"), _ok(len(cards.civilizations), EXPECTED_CIVILIZATIONS))
    t.add_row(_("Coin cards"), _ok(sum(b.count for b in cards.coin_backs), EXPECTED_COINS))
    t.add_row(_("Luxury cards"), _ok(cards.luxury.count, EXPECTED_LUXURY))
    t.add_row(_("Catastrophe cards"), str(len(cards.catastrophes)))
    sources = Counter(
        "review" if s.startswith("review: ") else s
        for s in [c.source for c in pc]
        + [c.source for c in cards.civilizations]
        + [c.source for c in cards.coin_backs]
        + [c.source for c in cards.catastrophes]
        + [cards.luxury.source]
    )
    t.add_row(_("Sources"), ", ".join(f"{_source_word(k)} {n}"
                                      for k, n in sorted(sources.items())))
    t.add_row(_("Data version / digest"), _plain(cards.version, cards.digest))
    return t


def _gain(card: PowerCard) -> str:
    """The upper right corner: inhabitants or one-time income."""
    if card.inhabitants:
        return _("{n} inh").format(n=card.inhabitants)
    if card.income.coins:
        return _("{n} coin").format(n=card.income.coins)
    if card.income.luxury:
        return _("{n} lux").format(n=card.income.luxury)
    return "-"


def _catastrophe(cards: CardSet, cat: str | None) -> str:
    """A catastrophe's name in the current language (its id if the data does not know it)."""
    return "-" if cat is None else catastrophe_name(cards, cat)


def _special(cards: CardSet, card: PowerCard) -> str:
    return special_text(card, cards) or "-"


def _pile_cards(cards: CardSet, pile: str) -> list[PowerCard]:
    members = [c for c in cards.power_cards if c.pile == pile]
    members.sort(key=lambda c: (c.kind != "building", c.value, c.id))
    return members


class _PileTable:
    """One pile's cards; the names go inline when the terminal is wide enough."""

    def __init__(self, cards: CardSet, pile: str) -> None:
        self.cards = cards
        self.pile = pile
        self.members = _pile_cards(cards, pile)

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> RenderResult:
        yield self.table(wide=options.max_width >= WIDE)

    def table(self, wide: bool) -> Table:
        cards, members = self.cards, self.members
        kinds = Counter(c.kind for c in members)
        t = _table(_("Pile {pile} ({rounds}): {n} cards, {buildings} buildings + {landscapes} "
                     "landscapes").format(pile=self.pile, rounds=_pile_rounds(cards, self.pile),
                                          n=len(members), buildings=kinds["building"],
                                          landscapes=kinds["landscape"]))
        t.padding = (0, 0)  # the box already puts one space between columns
        t.add_column(_("Id"), no_wrap=True)
        if wide:
            t.add_column(_("Name"), no_wrap=True)
        t.add_column(_("K"), no_wrap=True)
        t.add_column(_("Val"), justify="right", no_wrap=True)
        t.add_column(_("Cost"), no_wrap=True)
        t.add_column(_("Gain"), no_wrap=True)
        t.add_column(_("Pow"), justify="right", no_wrap=True)
        t.add_column(_("Prod"), no_wrap=True)
        t.add_column(_("Symbol"), no_wrap=True)
        t.add_column(_("Special"), min_width=10)
        for c in members:
            row: list[RenderableType] = [Text(c.id, style="bold")]
            if wide:
                row.append(_plain(c.name.en, c.name.de))
            cost = _amounts(wood=c.cost.wood, stone=c.cost.stone) if c.is_building else ""
            row += [_("B") if c.is_building else _("L"), str(c.value), cost, _gain(c),
                    str(c.power) if c.power else "-", _production(c.production),
                    _catastrophe(cards, c.catastrophe), _special(cards, c)]
            t.add_row(*row)
        t.caption = _("Totals: value {value}, cost {cost}, {inhabitants} inh, {power} power, "
                      "production {production}").format(
            value=sum(c.value for c in members),
            cost=_amounts(wood=sum(c.cost.wood for c in members),
                          stone=sum(c.cost.stone for c in members)),
            inhabitants=sum(c.inhabitants for c in members),
            power=sum(c.power for c in members),
            production=_amounts(wood=sum(c.production.wood for c in members),
                                stone=sum(c.production.stone for c in members),
                                grain=sum(c.production.grain for c in members)))
        t.caption_justify = "left"
        return t


class _Names:
    """Names of the power cards, as their own table when the pile tables left them out."""

    def __init__(self, cards: CardSet) -> None:
        self.members = [c for pile in sorted({c.pile for c in cards.power_cards})
                        for c in _pile_cards(cards, pile)]

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> RenderResult:
        if options.max_width >= WIDE:
            return
        t = _table(_("Power card names (B building, L landscape)"))
        t.add_column(_("Id"), no_wrap=True)
        t.add_column(_("English"))
        t.add_column(_("German"))
        for c in self.members:
            t.add_row(Text(c.id, style="bold"), _plain(c.name.en), _plain(c.name.de))
        yield t
        yield Text()


def _civ_symbols(cards: CardSet, civ: CivilizationCard) -> str:
    return ", ".join(_catastrophe(cards, c) for c in civ.catastrophes) or "-"


def _civilizations(cards: CardSet) -> Table:
    t = _table(_("Civilizations (lowest number starts)"))
    t.padding = (0, 1, 0, 0)
    t.add_column(_("No"), justify="right")
    t.add_column(_("Civilization"), no_wrap=True)
    t.add_column(_("Coins"), justify="right")
    t.add_column(_("Inh"), justify="right")
    t.add_column(_("Pow"), justify="right")
    t.add_column(_("Production"))
    t.add_column(_("Symbols"), min_width=10)
    t.add_column(_("Source"))
    for civ in sorted(cards.civilizations, key=lambda c: c.number):
        label = Text(civ.name.en, style="bold")
        if civ.name.de != civ.name.en:
            label.append(f" / {civ.name.de}", style="dim")
        t.add_row(str(civ.number), label, str(civ.coins), str(civ.inhabitants), str(civ.power),
                  _production(civ.production), _civ_symbols(cards, civ), _source(civ.source))
    return t


def _coin_backs(cards: CardSet) -> Table:
    total = sum(b.count for b in cards.coin_backs)
    t = _table(_("Coin card backs ({n} cards)").format(n=total))
    t.add_column(_("Coin back"))
    t.add_column(_("Shows"))
    t.add_column(_("Cards"), justify="right")
    t.add_column(_("Source"))
    for b in cards.coin_backs:
        t.add_row(_plain(b.name.en, b.name.de), _resource_amount(b.resource, b.amount),
                  str(b.count),
                  _source(b.source))
    by_resource = Counter[str]()
    for b in cards.coin_backs:
        by_resource[b.resource] += b.count
    t.add_section()
    t.add_row(Text(_("by kind"), style="italic"),
              ", ".join(f"{_resource(r)} {n}" for r, n in by_resource.items()), str(total), "")
    return t


def _income(cards: CardSet) -> Table:
    t = _table(_("Income per round (summary card)"))
    t.add_column(_("Inhabitants"))
    t.add_column(_("Coin cards"), justify="right")
    t.add_column(_("Luxury goods"), justify="right")
    rows = cards.income
    for i, row in enumerate(rows):
        upper = rows[i + 1].inhabitants - 1 if i + 1 < len(rows) else None
        if upper is None:
            span = f"{row.inhabitants}+"
        elif upper == row.inhabitants:
            span = str(row.inhabitants)
        else:
            span = f"{row.inhabitants}-{upper}"
        t.add_row(span, str(row.coins), str(row.luxury) if row.luxury else "-")
    return t


def _catastrophes(cards: CardSet) -> Table:
    symbols = Counter(c.catastrophe for c in cards.power_cards if c.catastrophe)
    per_pile = {
        pile: Counter(c.catastrophe for c in cards.power_cards
                      if c.pile == pile and c.catastrophe)
        for pile in ("A", "B", "C")
    }
    protectors = {
        cat.id: [name(c.name) for c in cards.power_cards if c.protection == cat.id]
        for cat in cards.catastrophes
    }
    t = _table(_("Catastrophe tracks"))
    t.add_column(_("Catastrophe"))
    t.add_column(_("Steps"), justify="right")
    t.add_column(_("Symbols A/B/C = all"))
    t.add_column(_("Protected by"))
    for cat in cards.catastrophes:
        spread = "/".join(str(per_pile[p][cat.id]) for p in ("A", "B", "C"))
        t.add_row(_plain(cat.name.en, cat.name.de), str(cat.steps),
                  f"{spread} = {symbols[cat.id]}", _plain(*protectors[cat.id], sep=", ") or "-")
    lux = cards.luxury
    t.caption = _("Luxury card: {inhabitants} inhabitants, {power} power, up to {cap} goods "
                  "({declined} after decline).").format(
        inhabitants=lux.inhabitants, power=lux.power, cap=lux.cap, declined=lux.declined_cap)
    t.caption_justify = "left"
    return t


def card_summary(cards: CardSet) -> Group:
    """All tables of a card set, ready for ``Console.print``."""
    parts: list[RenderableType] = [_counts(cards), Text()]
    for pile in sorted({c.pile for c in cards.power_cards}):
        parts += [_PileTable(cards, pile), Text()]
    parts += [Text(_legend(cards), style="dim"), Text(), _Names(cards),
              _civilizations(cards), Text(), _coin_backs(cards), Text(), _income(cards), Text(),
              _catastrophes(cards)]
    return Group(*parts)
