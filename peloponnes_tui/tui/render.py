"""Rich renderables of the table, built from the card data and a player's View.

Everything here is public information unless a function says it shows a hand.  Every rule number
shown (minimums, bids with Market/Agora, the conquest surcharge) comes from the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from peloponnes_tui.cards import CardSet, PowerCard
from peloponnes_tui.engine import CIV
from peloponnes_tui.engine.bidding import effective_halves, view_targets
from peloponnes_tui.engine.names import card_label
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.view import PlacedView, PlayerView, View
from peloponnes_tui.engine.words import halves
from peloponnes_tui.tui.session import Seat, light_palette

# Catastrophe names short enough for a table column (at most 7 letters), still readable.
CAT_SHORT = {"plague": "Plague", "earthquake": "Earthq.", "tempest": "Tempest",
             "drought": "Drought", "decline": "Decline"}
RES_SHORT = {"wood": "W", "stone": "S", "grain": "G", "inhabitants": "I"}
RES_STYLE = {"wood": "#c08040", "stone": "#a0a0b0", "grain": "#e0d060", "inhabitants": "#60c0e0"}
RES_STYLE_LIGHT = {"wood": "#8a4a10", "stone": "#505066", "grain": "#7a6400",
                   "inhabitants": "#00708f"}


def res_style(resource: str) -> str:
    """The colour of a coin card kind, darker when a light theme is on."""
    return (RES_STYLE_LIGHT if light_palette() else RES_STYLE).get(resource, "")
FUNCTION_TEXT = {"coin_income": "+1 coin/income", "bid_bonus": "bid +½",
                 "conquest_discount": "conquest −1"}


def seat_tag(seat: Seat, bold: bool = True) -> Text:
    return Text(f"{seat.tag} {seat.name}", style=f"{'bold ' if bold else ''}{seat.rich_colour}")


def seat_short(seat: Seat) -> Text:
    return Text(seat.tag, style=f"bold {seat.rich_colour}")


def cost_text(card: PowerCard) -> str:
    parts = []
    if card.cost.wood:
        parts.append(f"{card.cost.wood}W")
    if card.cost.stone:
        parts.append(f"{card.cost.stone}S")
    return "".join(parts) or "-"


def prod_text(wood: int, stone: int, grain: int) -> str:
    parts = [f"{n}{r}" for n, r in ((wood, "W"), (stone, "S"), (grain, "G")) if n]
    return "".join(parts) or "-"


def income_text(card: PowerCard) -> str:
    if card.inhabitants:
        return f"{card.inhabitants}inh"
    if card.income.coins:
        return f"+{card.income.coins}c"
    if card.income.luxury:
        return f"+{card.income.luxury}lux"
    return "-"


def special_text(card: PowerCard, cards: CardSet) -> str:
    parts = []
    if card.protection:
        parts.append("vs " + CAT_SHORT.get(card.protection, card.protection))
    if card.function:
        parts.append(FUNCTION_TEXT.get(card.function, card.function))
    if card.supply:
        parts.append("SUPPLY")
    return ", ".join(parts)


def coin_label(cards: CardSet, coin: int) -> Text:
    back = cards.coins[coin]
    return Text(back.name.en, style=res_style(back.resource))


def hand_summary(cards: CardSet, hand: Sequence[int]) -> Text:
    """A hand grouped by back: ``3×Wood 1×2 Stone ...`` (private)."""
    counts = Counter(cards.coins[c].id for c in hand)
    out = Text()
    for back in cards.coin_backs:
        n = counts.get(back.id, 0)
        if n:
            if out:
                out.append("  ")
            out.append(f"{n}×{back.name.en}", style=res_style(back.resource))
    return out or Text("no coin cards", style="dim")


HIGHLIGHT = "bold black on #e0c040"


def offer_table(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None,
                numbered: bool = True, highlight: frozenset[str] = frozenset()) -> Table:
    """The market and conquest rows with every field of each card and the bids on it."""
    power_cards = cards.power_by_id
    holders = {p.bid_card: p for p in view.players if p.bid_card}
    cur = view.players[current] if current is not None else None
    # the minimum each card asks of the player to move (the engine's figures)
    minimum_for = {x.card: x.min_coins for x in view_targets(cards, view, current or 0)}
    surcharge = rule_numbers(cards).conquest_surcharge
    t = Table(box=None, padding=(0, 1), expand=False, show_edge=False, header_style="bold")
    t.add_column("#", justify="right")
    t.add_column("Card")
    t.add_column("Min", justify="right")
    t.add_column("Cost")
    t.add_column("Inc")
    t.add_column("Pw", justify="right")
    t.add_column("Prod")
    t.add_column("Cat")
    t.add_column("Special")
    t.add_column("Bid")
    n = 0
    for row_name, row in (("market", view.market), ("conquest", view.conquest)):
        if row_name == "conquest" and row:
            disc = f" −{cur.conquest_discount}" if cur and cur.conquest_discount else ""
            t.add_row("", Text(f"Conquest +{surcharge}{disc}", style="italic"))
        for cid in row:
            n += 1
            c = power_cards[cid]
            kind = "B" if c.is_building else "L"
            name = Text(c.name.en, style=HIGHLIGHT if cid in highlight else "bold")
            name.append(f" {kind}{c.pile}", style="dim")
            if row_name == "conquest":
                need = minimum_for.get(cid)
                minimum = Text("-" if need is None else str(need), style="bold")
            else:
                minimum = Text(str(c.value))
            bid = Text()
            h = holders.get(cid)
            if h is not None:
                st = seats[h.seat]
                bid.append(st.tag, style=f"bold {st.rich_colour}")
                bid.append(f" {h.bid_count}")
                if h.bid_bonus_halves:
                    bid.append(f" ={halves(effective_halves(h.bid_count, h.bid_bonus_halves))}",
                               style="dim")
            t.add_row(str(n) if numbered else "", name, minimum, cost_text(c), income_text(c),
                      str(c.power) if c.power else "-",
                      prod_text(c.production.wood, c.production.stone, c.production.grain),
                      CAT_SHORT.get(c.catastrophe or "", "-"), special_text(c, cards), bid)
    if n == 0:
        t.add_row("", Text("no power cards on offer", style="dim"))
    return t


def offer_cards(view: View) -> list[str]:
    """The cards on offer in the order offer_table numbers them."""
    return list(view.market) + list(view.conquest)


def tracks_table(cards: CardSet, view: View, seats: Sequence[Seat]) -> Table:
    """The catastrophe tracks side by side: markers, spaces left, who is protected."""
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column("Catastrophe", style="bold")
    for tr in view.tracks:
        name = cards.catastrophe_by_id[tr.catastrophe].name.en
        t.add_column(Text(name, style="bold red" if tr.struck else "bold"))
    marks: list[RenderableType] = [Text("Track")]
    prots: list[RenderableType] = [Text("Protected")]
    for tr in view.tracks:
        if tr.struck:
            marks.append(Text("STRUCK", style="bold red"))
        else:
            left = max(0, tr.steps - tr.advances)
            m = Text("●" * tr.advances + "○" * left)
            m.append("⚡", style="red")
            marks.append(m)
        prot = Text()
        for p in view.players:
            why = dict(p.protection).get(tr.catastrophe)
            if why:
                if prot:
                    prot.append(" ")
                st = seats[p.seat]
                prot.append(st.tag, style=f"bold {st.rich_colour}")
        prots.append(prot or Text("-", style="dim"))
    t.add_row(*marks)
    t.add_row(*prots)
    return t


def protection_notes(cards: CardSet, p: PlayerView) -> Text:
    """``Protected from Plague (Lion Gate), …`` for one player (empty when none)."""
    t = Text()
    for cat, why in p.protection:
        if why:
            t.append(", " if t else "Protected from ", style="dim")
            t.append(cards.catastrophe_by_id[cat].name.en, style="bold")
            t.append(f" ({why})", style="dim")
    return t


PHASE_NAMES = {"setup": "Setup", "reveal": "Reveal", "catastrophe": "Catastrophe",
               "supply": "Supply", "bidding": "Bidding", "turn_order": "Turn order",
               "gain": "Gaining cards", "income": "Income", "restoration": "Restoration",
               "scoring": "Scoring", "over": "Game over"}
SEP = " │ "


def status_line(cards: CardSet, view: View, seats: Sequence[Seat]) -> Text:
    """One line: round │ phase │ power piles │ coin piles │ turn order."""
    piles = " ".join(f"{k}{n}" for k, n in view.piles_left)
    out = Text()
    out.append(f"Round {max(view.round, 1)}/{rule_numbers(cards).rounds}", style="bold")
    out.append(SEP, style="dim")
    out.append(PHASE_NAMES.get(view.phase, view.phase.replace("_", " ").capitalize()),
               style="bold")
    out.append(SEP, style="dim")
    out.append(f"Pile {piles}")
    out.append(SEP, style="dim")
    out.append(f"Coins {view.coin_pile_size}, discard {len(view.discard)}")
    out.append(SEP, style="dim")
    out.append("Order ")
    for i, s in enumerate(view.order):
        if i:
            out.append("›", style="dim")
        out.append(seats[s].tag, style=f"bold {seats[s].rich_colour}")
    return out


def player_brief(view: View, seat: int, seats: Sequence[Seat]) -> Text:
    """One short line of a player's key numbers (public): ``R● Helena pop 3 · pow 2 · …``."""
    p = view.players[seat]
    out = Text()
    out.append_text(seat_tag(seats[seat]))
    for label, value in (("pop", str(p.inhabitants)), ("pow", str(p.power)),
                         ("prod", prod_text(*p.production)),
                         ("lux", f"{p.luxury}/{p.luxury_cap}"), ("hand", str(p.hand_size))):
        out.append(" · " if label != "pop" else "  ", style="dim")
        out.append(f"{label} ")
        out.append(value, style="bold")
    return out


def players_table(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None
                  ) -> Table:
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("Player", "left"), ("Pop", "right"), ("Pow", "right"), ("Prod", "left"),
        ("Lux", "right"), ("Hand", "right"), ("Bid", "left"))
    for col, just in columns:
        t.add_column(col, justify=just)
    for seat in view.order:
        p = view.players[seat]
        st = seats[seat]
        name = seat_tag(st)
        if seat == current:
            name.append(" ◀", style="bold")
        if not st.human:
            name.append(f" ({st.kind})", style="dim")
        bid = Text("-", style="dim")
        if p.bid_card:
            info = cards.power_by_id.get(p.bid_card)
            bid = Text(f"{p.bid_count} on {info.name.en if info else p.bid_card}")
        t.add_row(name, str(p.inhabitants), str(p.power), prod_text(*p.production),
                  f"{p.luxury}/{p.luxury_cap}", str(p.hand_size), bid)
    return t


def _placed_line(cards: CardSet, pv: PlacedView, highlight: frozenset[str] = frozenset()
                 ) -> Text:
    c = cards.power_by_id[pv.card]
    t = Text(c.name.en, style=HIGHLIGHT if pv.card in highlight else "bold")
    bits = [f"pw{c.power}" if c.power else "", f"{c.inhabitants}inh" if c.inhabitants else "",
            prod_text(c.production.wood, c.production.stone, c.production.grain)
            if (c.production.wood or c.production.stone or c.production.grain) else "",
            CAT_SHORT.get(c.catastrophe or "", "")]
    sp = special_text(c, cards)
    if sp:
        bits.append(sp)
    t.append(" " + " ".join(b for b in bits if b), style="dim")
    if pv.under_construction:
        t.append(" [under construction]", style="bold yellow")
    if pv.covered:
        cause = cards.catastrophe_by_id[pv.cover_cause].name.en if pv.cover_cause else "?"
        t.append(f" [covered: {cause}]", style="bold red")
    return t


def tableau(cards: CardSet, view: View, seat: int, seats: Sequence[Seat],
            show_hand: bool, highlight: frozenset[str] = frozenset()) -> RenderableType:
    """Buildings (left) | civilization | landscapes (right), luxury card, totals, maybe hand."""
    p: PlayerView = view.players[seat]
    st = seats[seat]
    civ = cards.civ_by_id[p.civ]
    head = seat_tag(st)
    head.append(f"  population {p.inhabitants}  power {p.power}  production "
                f"{prod_text(*p.production)}  luxury {p.luxury}/{p.luxury_cap}  "
                f"hand {p.hand_size}")
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold", expand=True)
    t.add_column("Buildings", ratio=1)
    t.add_column("Civilization", ratio=1)
    t.add_column("Landscapes", ratio=1)
    civ_text = Text(f"{civ.name.en} #{civ.number}", style="bold")
    civ_text.append(f"\n{civ.inhabitants}inh pw{civ.power} "
                    f"{prod_text(civ.production.wood, civ.production.stone, civ.production.grain)}"
                    , style="dim")
    if civ.catastrophes:
        civ_text.append(" " + " ".join(CAT_SHORT[c] for c in civ.catastrophes), style="dim")
    if p.civ_state != "active":
        civ_text.append(f"\n[{p.civ_state}]", style="bold red")
    lux = Text("\nLuxury card", style="bold")
    lux.append(f" {cards.luxury.inhabitants}inh pw{cards.luxury.power}", style="dim")
    if p.luxury_state != "active":
        lux.append(f" [{p.luxury_state}]", style="bold red")
    lux.append(f"\nluxury goods {p.luxury}/{p.luxury_cap}")
    civ_text.append_text(lux)
    left = Text("\n").join(_placed_line(cards, b, highlight) for b in reversed(p.buildings)) \
        if p.buildings else Text("-", style="dim")
    right = Text("\n").join(_placed_line(cards, x, highlight) for x in p.landscapes) \
        if p.landscapes else Text("-", style="dim")
    t.add_row(left, civ_text, right)
    parts: list[RenderableType] = [head, t]
    notes = protection_notes(cards, p)
    if notes:
        parts.append(notes)
    if show_hand:
        hand = Text("Hand: ", style="bold")
        hand.append_text(hand_summary(cards, view.hand))
        parts.append(hand)
    return Group(*parts)


def is_civ(card: str) -> bool:
    return card == CIV


def card_name(cards: CardSet, civ: str, card: str) -> str:
    """The engine's name for a card id (:func:`card_label`), capitalised for a list.

    ``civ`` is the civilization of the player whose ``civ`` card is meant.
    """
    label = card_label(cards, card, civ)
    if label.startswith("the "):
        label = label[4:]
    return label[:1].upper() + label[1:]
