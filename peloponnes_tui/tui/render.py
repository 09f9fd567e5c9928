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

from peloponnes_tui.cards import CardSet, CatastropheId, PowerCard
from peloponnes_tui.engine import CIV
from peloponnes_tui.engine.bidding import view_standing_bids, view_targets
from peloponnes_tui.engine.names import card_label
from peloponnes_tui.engine.numbers import in_words, rule_numbers
from peloponnes_tui.engine.view import PlacedView, PlayerView, View
from peloponnes_tui.engine.words import halves, plural
from peloponnes_tui.tui.cards_art import CardFace, CardGroup, CardRows, Slot
from peloponnes_tui.tui.colours import catastrophe_glyph, catastrophe_style, res_style
from peloponnes_tui.tui.session import Seat
from peloponnes_tui.tui.summary import Changes

RES_SHORT = {"wood": "W", "stone": "S", "grain": "G", "inhabitants": "I"}
FUNCTION_TEXT = {"coin_income": "+1 coin card each income", "bid_bonus": "bids count +½",
                 "conquest_discount": "conquest row −1"}
# What the short forms on the board mean: one legend, shown under the tables and as tooltips.
RESOURCE_LEGEND = "W wood, S stone, G grain"
OFFER_LEGEND = ("Cards: its number (the key to choose it), its catastrophe symbol (as on the "
                "tracks), B building or L landscape and its pile A–C · val(ue) · ⌂ a building's "
                "cost · inh(abitants) or one-time income (c coin cards, lux luxury goods) · "
                "pw power points · ⚒ production · ♜ protects from · ◆ a special function · "
                "⚑ supply symbol · at the bottom the standing bid (player, coin cards, "
                "=what it counts with Market/Agora) and min: the fewest coin cards the player to "
                f"move must bid now (≥ when narrow) · {RESOURCE_LEGEND} · "
                "the double frame: the card chosen in the decision panel")


def catastrophe_name(cards: CardSet, cat: CatastropheId) -> str:
    return cards.catastrophe_by_id[cat].name.en


def seat_tag(seat: Seat, bold: bool = True) -> Text:
    return Text(f"{seat.tag} {seat.name}", style=f"{'bold ' if bold else ''}{seat.rich_colour}")


def seat_short(seat: Seat) -> Text:
    return Text(seat.tag, style=f"bold {seat.rich_colour}")


def cost_text(card: PowerCard) -> str:
    """``1W 2S`` (:data:`RESOURCE_LEGEND`)."""
    return prod_text(card.cost.wood, card.cost.stone, 0)


def prod_text(wood: int, stone: int, grain: int) -> str:
    """``1W 2G`` (:data:`RESOURCE_LEGEND`)."""
    parts = [f"{n}{r}" for n, r in ((wood, "W"), (stone, "S"), (grain, "G")) if n]
    return " ".join(parts) or "-"


def income_text(card: PowerCard) -> str:
    """What gaining the card gives: its inhabitants, or its one-time income."""
    if card.inhabitants:
        return f"{card.inhabitants} inh"
    if card.income.coins:
        return f"+{plural(card.income.coins, 'coin')}"
    if card.income.luxury:
        return f"+{card.income.luxury} luxury"
    return "-"


def income_short(card: PowerCard) -> str:
    """:func:`income_text` for a narrow card: ``2 inh``, ``+2c`` (coin cards), ``+1lux``."""
    if card.inhabitants:
        return f"{card.inhabitants} inh"
    if card.income.coins:
        return f"+{card.income.coins}c"
    if card.income.luxury:
        return f"+{card.income.luxury}lux"
    return "-"


def special_text(card: PowerCard, cards: CardSet) -> str:
    parts = []
    if card.protection:
        parts.append("protects from " + catastrophe_name(cards, card.protection))
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
CHANGED = "✱"  # changed since the current player's last turn
CHANGED_STYLE = "bold #ff8c1a"
CHANGED_LEGEND = (f"{CHANGED} changed since your last turn: a new card, a bid placed or moved, "
                  "a marker moved, a card covered")


def cat_mark(cat: CatastropheId) -> Text:
    """A catastrophe's symbol: its glyph in its colour."""
    return Text(catastrophe_glyph(cat), style=f"bold {catastrophe_style(cat)}")


def res_text(wood: int, stone: int, grain: int) -> Text:
    """``1W 2G`` in the coin kinds' colours (:data:`RESOURCE_LEGEND`)."""
    out = Text()
    for n, r, res in ((wood, "W", "wood"), (stone, "S", "stone"), (grain, "G", "grain")):
        if n:
            out.append(f"{n}{r}", style=res_style(res))
    return out


def card_marks(card: PowerCard) -> Text:
    """A card's special function (◆), protection (♜ and the catastrophe's symbol) and supply
    symbol (⚑)."""
    out = Text()
    if card.function:
        out.append("◆", style="bold")
    if card.protection:
        out.append(PROTECTS).append_text(cat_mark(card.protection))
    if card.supply:
        out.append(SUPPLY, style="bold")
    return out


PROTECTS = "♜"
SUPPLY = "⚑"
PRODUCES = "⚒"
COSTS = "⌂"


def offer_table(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None,
                numbered: bool = True, highlight: frozenset[str] = frozenset(),
                click: str | None = None, chosen: str | None = None,
                changed: Changes | None = None) -> CardRows:
    """The market and conquest rows as cards, each with every field of the printed card and
    the standing bid on it (:mod:`peloponnes_tui.tui.cards_art` draws them).

    ``min`` is what the player to move must bid on each card now (the engine's figure: at least
    the value, more than a standing bid, in the conquest row the value plus the surcharge less
    that player's Barracks/Stockade).  With ``click`` (an action name) a mouse click on a card
    runs ``click('card id')``; ``chosen`` is the card chosen in the decision panel (a double
    frame), ``changed`` what changed since the current player's last turn (marked ✱).
    """
    power_cards = cards.power_by_id
    standing = view_standing_bids(view)
    by_seat = {p.seat: p for p in view.players}
    marks = changed or Changes()
    # what each card asks of the player to move (the engine's figures)
    need_for = {x.card: x.need_coins for x in view_targets(cards, view, current or 0)}
    n = 0
    groups: list[CardGroup] = []
    for row_name, row in (("market", view.market), ("conquest", view.conquest)):
        faces: list[CardFace] = []
        for cid in row:
            n += 1
            c = power_cards[cid]
            top = Text()
            if numbered:
                top.append(f"▶{n}" if cid == chosen else f"{n}",
                           style="bold reverse" if cid == chosen else "bold")
            if c.catastrophe:
                top.append(" ").append_text(cat_mark(c.catastrophe))
            kind = Text()
            if cid in marks.new:
                kind.append(CHANGED, style=CHANGED_STYLE)
            kind.append(f"{'B' if c.is_building else 'L'}{c.pile}", style="dim")
            cost = res_text(c.cost.wood, c.cost.stone, 0)
            val, short_val = Text(f"value {c.value}", style="bold"), \
                Text(f"val {c.value}", style="bold")
            value: Slot = ((val, Text("cost ").append_text(cost) if cost else Text()),
                           (short_val, Text(COSTS).append_text(cost) if cost else Text()),
                           (Text(f"v{c.value}", style="bold"),
                            Text(COSTS).append_text(cost) if cost else Text()))
            gives = Text(income_text(c) if income_text(c) != "-" else "")
            short_gives = Text(income_short(c) if income_short(c) != "-" else "")
            power, short_power = (Text(f"power {c.power}"), Text(f"{c.power}pw")) \
                if c.power else (Text(), Text())
            gains: Slot = ((gives, power), (gives, short_power), (short_gives, short_power))
            makes = res_text(c.production.wood, c.production.stone, c.production.grain)
            prod: Slot = ((Text("makes ").append_text(makes) if makes else Text(),
                           card_marks(c)),
                          (Text(PRODUCES).append_text(makes) if makes else Text(),
                           card_marks(c)))
            bid = Text()
            short_bid = Text()
            held = standing.get(cid)
            if held is not None:
                h = by_seat[held[0]]
                st = seats[h.seat]
                bid.append(st.tag, style=f"bold {st.rich_colour}")
                short_bid = bid.copy()
                bid.append(f" {h.bid_count}", style="bold")
                short_bid.append(f"{h.bid_count}", style="bold")
                if h.bid_bonus_halves:
                    bid.append(f" ={halves(held[1])}")
                    short_bid.append(f"={halves(held[1])}")
            if cid in marks.bids:
                bid.append(CHANGED, style=CHANGED_STYLE)
                short_bid.append(CHANGED, style=CHANGED_STYLE)
            need = "-" if (x := need_for.get(cid)) is None else str(x)
            star = "*" if row_name == "conquest" else ""  # see conquest_rule
            name_style = HIGHLIGHT if cid in highlight else "bold"
            if row_name == "conquest":
                name_style += " italic"
            faces.append(CardFace(
                card=cid, name=c.name.en, name_style=name_style, top=((top, kind),),
                lines=(value, gains, prod),
                bottom=((bid, Text(f"min {need}{star}", style="bold")),
                        (short_bid, Text(f"min {need}{star}", style="bold")),
                        (short_bid, Text(f"≥{need}{star}", style="bold"))),
                chosen=cid == chosen, click=click))
        heading = Text("Market" if row_name == "market" else "Conquest row *",
                       style="bold" if row_name == "market" else "bold italic")
        groups.append(CardGroup(heading, tuple(faces)))
    return CardRows(tuple(groups), Text("no power cards on offer", style="dim"))


def card_tooltip(cards: CardSet, cid: str) -> str:
    """Every field of a power card in words (the tooltip of a card on the board)."""
    c = cards.power_by_id[cid]
    parts = [f"{c.name.en}: {c.kind} from pile {c.pile}, value {c.value}"]
    if c.cost.wood or c.cost.stone:
        parts.append(f"building cost {cost_text(c)} ({COSTS})")
    if c.inhabitants:
        parts.append(plural(c.inhabitants, "inhabitant"))
    if c.income.coins:
        parts.append(f"one-time income {plural(c.income.coins, 'coin card')}")
    if c.income.luxury:
        parts.append(f"one-time income {plural(c.income.luxury, 'luxury good')}")
    if c.power:
        parts.append(plural(c.power, "power point"))
    if c.production.wood or c.production.stone or c.production.grain:
        made = prod_text(c.production.wood, c.production.stone, c.production.grain)
        parts.append(f"produces {made} each round ({PRODUCES})")
    if c.catastrophe:
        parts.append(f"symbol {catastrophe_glyph(c.catastrophe)} "
                     f"{catastrophe_name(cards, c.catastrophe)}")
    special = special_text(c, cards)
    if special:
        parts.append(special)
    return "; ".join(parts) + ". Click to choose it in the decision panel."


def specials_line(cards: CardSet, view: View) -> Text:
    """``◆ 5 Lion Gate: protects from Drought · …``: the special functions and protections of the
    cards on offer, numbered as in the offer table."""
    out = Text()
    for n, cid in enumerate(offer_cards(view), 1):
        special = special_text(cards.power_by_id[cid], cards)
        if special:
            out.append(" · " if out else "◆ ", style="bold" if not out else "dim")
            out.append(f"{n} {cards.power_by_id[cid].name.en}: ", style="bold")
            out.append(special)
    return out


def conquest_rule(cards: CardSet, view: View, seats: Sequence[Seat], current: int | None
                  ) -> Text:
    """What the ``*`` of the conquest row means for the player to move: its Min includes the
    surcharge, less that player's Barracks/Stockade (the engine's numbers; the engine's
    ``conquest_minimum`` keeps it from falling below its floor)."""
    if not view.conquest:
        return Text()
    out = Text("* ", style="bold")
    out.append(f"Conquest row (in italics): min = value + "
               f"{rule_numbers(cards).conquest_surcharge}")
    cur = view.players[current] if current is not None else None
    if cur is not None and cur.conquest_discount:
        out.append(f" − {cur.conquest_discount} for ")
        out.append_text(seat_short(seats[cur.seat]))
        out.append("'s Barracks/Stockade")
    out.append("; a bid there cannot be beaten.")
    return out


def board_legend_line() -> Text:
    """The short forms of the board, explained (the lines under the board)."""
    return Text(f"{OFFER_LEGEND}\n{TRACKS_LEGEND}\n{OTHER_LEGEND}", style="dim")


def offer_cards(view: View) -> list[str]:
    """The cards on offer in the order offer_table numbers them."""
    return list(view.market) + list(view.conquest)


def tracks_table(cards: CardSet, view: View, seats: Sequence[Seat],
                 changed: Changes | None = None) -> Table:
    """The catastrophe tracks side by side: markers, spaces left, who is protected; a track
    whose marker moved since the current player's last turn is marked (✱)."""
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column("Catastrophe", style="bold")
    moved = changed.tracks if changed is not None else frozenset()
    for tr in view.tracks:
        head = cat_mark(tr.catastrophe).append(" ")
        head.append(cards.catastrophe_by_id[tr.catastrophe].name.en,
                    style="bold red" if tr.struck else "bold")
        if tr.catastrophe in moved:
            head.append(CHANGED, style=CHANGED_STYLE)
        t.add_column(head)
    marks: list[RenderableType] = [Text("Marker")]
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


TRACKS_LEGEND = ("Marker: ● spaces moved, ○ spaces left, ⚡ it strikes there · Protected: "
                 "the players it cannot hit")
OTHER_LEGEND = (f"◆ ♜ a special function or protection, listed under the cards · "
                f"{CHANGED_LEGEND} · ▩ covered, ◌ under construction · ◀ the player to move · "
                "Pop population, Pow power, Prod production, Lux luxury goods held/allowed · "
                "inh inhabitants")


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
    standing = view_standing_bids(view)
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
            held = standing.get(p.bid_card)
            if held is not None and held[0] != seat:
                bid.stylize("dim strike")
                bid.append(" outbid", style="bold yellow")
        t.add_row(name, str(p.inhabitants), str(p.power), prod_text(*p.production),
                  f"{p.luxury}/{p.luxury_cap}", str(p.hand_size), bid)
    return t


def card_words(cards: CardSet, inhabitants: int, power: int, wood: int, stone: int, grain: int,
               symbols: Sequence[CatastropheId]) -> list[str]:
    """A card's figures, short enough for a tableau column (the board's legend explains them):
    ``3 inh``, ``power 2``, its production ``1W 1G``, the catastrophe symbols it shows."""
    out = [f"{inhabitants} inh" if inhabitants else "", f"power {power}" if power else "",
           prod_text(wood, stone, grain) if wood or stone or grain else "",
           " ".join(catastrophe_name(cards, s) for s in symbols)]
    return [x for x in out if x]


def _placed_line(cards: CardSet, pv: PlacedView, highlight: frozenset[str] = frozenset(),
                 changed: frozenset[str] = frozenset()) -> Text:
    """One card of a tableau; a covered card struck through after ▩, a card under construction
    in italics after ◌, a card covered since the current player's last turn marked ✱."""
    c = cards.power_by_id[pv.card]
    t = Text()
    if pv.card in changed:
        t.append(CHANGED, style=CHANGED_STYLE)
    name_style = "bold"
    if pv.covered:
        t.append("▩ ", style="bold red")
        name_style = "dim strike"
    elif pv.under_construction:
        t.append("◌ ", style="bold yellow")
        name_style = "italic"
    t.append(c.name.en, style=HIGHLIGHT if pv.card in highlight else name_style)
    bits = card_words(cards, c.inhabitants, c.power, c.production.wood, c.production.stone,
                      c.production.grain, [c.catastrophe] if c.catastrophe else [])
    sp = special_text(c, cards)
    if sp:
        bits.append(sp)
    t.append(" " + ", ".join(bits), style="dim")
    if pv.under_construction:
        t.append(" [under construction]", style="bold yellow")
    if pv.covered:
        cause = cards.catastrophe_by_id[pv.cover_cause].name.en if pv.cover_cause else "?"
        t.append(f" [covered: {cause}]", style="bold red")
    return t


def tableau(cards: CardSet, view: View, seat: int, seats: Sequence[Seat],
            show_hand: bool, highlight: frozenset[str] = frozenset(),
            changed: frozenset[str] = frozenset()) -> RenderableType:
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
    civ_text.append(" " + " ".join(catastrophe_name(cards, c) for c in civ.catastrophes),
                    style="dim")
    civ_text.append("\n" + ", ".join(card_words(
        cards, civ.inhabitants, civ.power, civ.production.wood, civ.production.stone,
        civ.production.grain, [])), style="dim")
    if p.civ_state != "active":
        civ_text.append(f"\n[{p.civ_state}]", style="bold red")
    lux = Text("\nLuxury card", style="bold")
    lux.append(" " + ", ".join(card_words(cards, cards.luxury.inhabitants, cards.luxury.power,
                                           0, 0, 0, [])), style="dim")
    if p.luxury_state != "active":
        lux.append(f" [{p.luxury_state}]", style="bold red")
    lux.append(f"\nluxury goods {p.luxury}/{p.luxury_cap}")
    civ_text.append_text(lux)
    left = Text("\n").join(_placed_line(cards, b, highlight, changed)
                            for b in reversed(p.buildings)) \
        if p.buildings else Text("-", style="dim")
    right = Text("\n").join(_placed_line(cards, x, highlight, changed)
                             for x in p.landscapes) \
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


def income_table(cards: CardSet) -> Table:
    """The income table from the card data: coin cards (and luxury goods) by inhabitants."""
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column("Inhabitants")
    t.add_column("Coin cards", justify="right")
    t.add_column("Luxury goods", justify="right")
    rows = cards.income
    for i, row in enumerate(rows):
        upper = rows[i + 1].inhabitants - 1 if i + 1 < len(rows) else None
        span = (f"{row.inhabitants} or more" if upper is None else str(row.inhabitants)
                if upper == row.inhabitants else f"{row.inhabitants}–{upper}")
        t.add_row(span, str(row.coins), str(row.luxury) if row.luxury else "-")
    return t


def catastrophe_effects(cards: CardSet) -> Table:
    """What each catastrophe does when it strikes and what protects from it (card data and the
    engine's rule numbers)."""
    n = rule_numbers(cards)
    share = f"one in {in_words(n.row_share)} (rounded up) of"
    effect = {
        "plague": "your civilization card is hit",
        "earthquake": f"{share} your buildings are hit",
        "tempest": f"{share} your landscapes are hit",
        "drought": "your power card with the most grain is hit",
        "decline": "you lose all luxury goods and the luxury card is hit (you may then hold "
                   f"only {n.declined_luxury_cap})",
    }
    t = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold")
    t.add_column("Catastrophe", style="bold", no_wrap=True)
    t.add_column("Spaces", justify="right")
    t.add_column("When it strikes")
    t.add_column("Protected by")
    for cat in cards.catastrophes:
        guards = [c.name.en for c in cards.power_cards if c.protection == cat.id]
        t.add_row(cat.name.en, str(cat.steps), effect.get(cat.id, ""),
                  ", ".join([*guards, f"{in_words(n.symbols_for_protection)} of its symbols"]))
    return t


def board_legend(cards: CardSet) -> Group:
    """The help's reference: every short form on the board, the income table, the catastrophes."""
    return Group(Text("The board's short forms", style="bold"), Text(OFFER_LEGEND),
                 Text(TRACKS_LEGEND), Text(OTHER_LEGEND),
                 Text(""), Text("Income each round, by the inhabitants on your cards",
                                style="bold"), income_table(cards),
                 Text(""), Text("Catastrophes: each card hit is covered with a coin card or "
                                "removed", style="bold"), catastrophe_effects(cards))
