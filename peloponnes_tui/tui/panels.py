"""Decision panels: one per prompt kind.  Each builds an answer and asks the engine if it is legal.

Keys are the same everywhere: digits pick a card, letters a–g add coin cards of one back (cycling
back to none), 0 clears the coins, + and − change the luxury goods used, Enter confirms.  The
panel never decides legality itself: it shows the engine's reason and refuses to confirm.  Every
number a panel shows (what a bid counts, what a payment covers, the luxury it gains, what feeding
leaves hungry, the coin cards drawn for a pass) is the engine's.  A panel sees the card data, the
deciding player's :class:`View` and the prompt, never the game itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar, assert_never

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from peloponnes_tui.engine import (
    Answer,
    AnyPrompt,
    BidPrompt,
    BuildPrompt,
    CatastropheAnswer,
    CatastrophePrompt,
    CompletePlan,
    CompletePrompt,
    FeedPlan,
    FeedPrompt,
    MoveBid,
    OutbidPrompt,
    Pass,
    PayBuilding,
    PlaceBid,
    Prompt,
    StartConstruction,
    Treatment,
    Withdraw,
)
from peloponnes_tui.engine.bidding import affordable, bid_coins, effective_halves
from peloponnes_tui.engine.gaining import luxury_gained
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.engine.payment import payment_outcome, spending_order
from peloponnes_tui.engine.plans import feed_plan, resource_payment
from peloponnes_tui.engine.supply import card_balance, completion_cost, feed_preview
from peloponnes_tui.engine.words import halves, plural
from peloponnes_tui.tui.render import card_name, offer_cards, res_style
from peloponnes_tui.tui.session import Session

BACK_KEYS = "abcdefg"


def click(action: str) -> Style:
    return Style(meta={"@click": action})


class Decided(Message):
    """A panel's answer passed the engine's check and should be applied."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        super().__init__()


class DecisionPanel(Widget, can_focus=True):
    """Base: coin selection by back, luxury count, preview, confirm with the engine's check."""

    DEFAULT_CSS = """
    DecisionPanel { height: auto; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", "Confirm"),
        *[Binding(k, f"back({i})", show=False) for i, k in enumerate(BACK_KEYS)],
        Binding("0", "clear", "Clear coins", show=False),
        Binding("plus,equals_sign", "luxury(1)", "+lux", show=False),
        Binding("minus", "luxury(-1)", "−lux", show=False),
        *[Binding(str(d), f"pick({d})", show=False) for d in range(1, 10)],
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
    ]
    title = "Decision"

    def __init__(self, session: Session, prompt: Prompt) -> None:
        super().__init__()
        self.session = session
        self.cards = session.cards
        self.view = session.view(prompt.player)  # what the deciding player may see
        self.numbers = rule_numbers(self.cards)
        self.prompt = prompt
        self.hand: tuple[int, ...] = getattr(prompt, "hand", ())
        self.chosen: Counter[str] = Counter()  # back id -> coin cards of it chosen
        self.luxury = 0
        self.luxury_max = 0
        self.error: str | None = None  # the reason shown after a refused confirm
        self._text: Text | None = None  # what render() shows, rebuilt only when a choice changes
        self.setup()

    # -- to override ---------------------------------------------------------------------------

    def setup(self) -> None:
        """Fill in the suggested choice."""

    def answer(self) -> Answer | None:
        """The answer the current choices make (None if nothing chosen yet)."""
        return None

    def body(self) -> Text:
        return Text()

    def keys_help(self) -> str:
        return "Enter confirm"

    def pick(self, n: int) -> None:
        """Digit n pressed (1-based)."""

    def move(self, delta: int) -> None:
        """Cursor moved."""

    def back_allowed(self, back: str) -> bool:
        return True

    # -- coins ---------------------------------------------------------------------------------

    def hand_backs(self) -> list[tuple[int, str, int]]:
        """(key index, back id, count in hand) for each back in the hand, in card-data order."""
        counts = Counter(self.cards.coins[c].id for c in self.hand)
        return [(i, b.id, counts[b.id]) for i, b in enumerate(self.cards.coin_backs)
                if counts.get(b.id) and i < len(BACK_KEYS)]

    def coins_chosen(self) -> tuple[int, ...]:
        need = Counter(self.chosen)
        out = []
        for c in self.hand:
            back = self.cards.coins[c].id
            if need[back] > 0:
                out.append(c)
                need[back] -= 1
        return tuple(out)

    def choose_coins(self, coins: list[int] | tuple[int, ...]) -> None:
        self.chosen = Counter(self.cards.coins[c].id for c in coins)

    def coin_lines(self, label: str = "Coin cards") -> Text:
        t = Text(f"{label}: ", style="bold")
        backs = [b for b in self.hand_backs() if self.back_allowed(b[1])]
        if not backs:
            t.append("none usable", style="dim")
        for i, back, n in backs:
            info = self.cards.coin_backs[i]
            key_style = Style(bold=True, reverse=True)
            t.append(f" {BACK_KEYS[i]} ", style=key_style + click(f"back({i})"))
            t.append(f" {info.name.en} {self.chosen[back]}/{n} ",
                     style=Style.parse(res_style(info.resource)) + click(f"back({i})"))
        return t

    def luxury_line(self) -> Text:
        t = Text("Luxury goods used: ", style="bold")
        t.append(" − ", style=Style(reverse=True) + click("luxury(-1)"))
        t.append(f" {self.luxury} ")
        t.append(" + ", style=Style(reverse=True) + click("luxury(1)"))
        t.append(f"  (up to {self.luxury_max})", style="dim")
        return t

    # -- rendering -----------------------------------------------------------------------------

    def render(self) -> RenderableType:
        # Textual asks for the content twice per update (height, then lines): build it once.
        if self._text is None:
            self._text = self.compose_text()
        return self._text

    def _shape(self, text: Text) -> tuple[int, ...]:
        """Rows each line takes at the current width (a change needs a new layout)."""
        width = max(1, self.content_size.width)
        return tuple(max(0, len(line) - 1) // width for line in text.plain.split("\n"))

    def update_text(self) -> None:
        """Rebuild the text; lay the screen out again only if the panel's height may change."""
        old = self._text
        self._text = self.compose_text()
        self.refresh(layout=old is None or self._shape(old) != self._shape(self._text))

    def compose_text(self) -> Text:
        seat = self.session.seats[self.prompt.player]
        out = Text()
        out.append(f"{seat.tag} {seat.name}", style=f"bold {seat.rich_colour}")
        out.append(f" — {self.title}: ", style="bold")
        ans = self.answer()
        reason = self.error or (self.session.check(ans) if ans is not None else None)
        if ans is None:
            out.append("make a choice.", style="dim")
        elif reason:
            out.append("✗ Cannot confirm: ", style="bold red")
            out.append(reason, style="red")
        else:
            out.append("✓ Legal — Enter confirms.", style="bold green")
            # the same for the mouse: a click on it confirms, as Enter does
            out.append(" ")
            out.append(" Confirm ", style=Style(bold=True, reverse=True) + click("confirm"))
        out.append("\n")
        out.append_text(self.body())
        out.append("\n")
        out.append(self.keys_help(), style="dim")
        return out

    def changed(self) -> None:
        self.error = None
        self.update_text()

    # -- actions ------------------------------------------------------------------------------

    def action_back(self, i: int) -> None:
        if i >= len(self.cards.coin_backs):
            return
        back = self.cards.coin_backs[i].id
        have = sum(1 for c in self.hand if self.cards.coins[c].id == back)
        if not have or not self.back_allowed(back):
            return
        self.chosen[back] = (self.chosen[back] + 1) % (have + 1)
        self.changed()

    def action_clear(self) -> None:
        self.chosen.clear()
        self.changed()

    def action_luxury(self, delta: int) -> None:
        self.luxury = max(0, min(self.luxury_max, self.luxury + delta))
        self.changed()

    def action_pick(self, n: int) -> None:
        self.pick(n)
        self.changed()

    def action_move(self, delta: int) -> None:
        self.move(delta)
        self.changed()

    def submit(self, ans: Answer | None) -> None:
        if ans is None:
            self.error = "choose something first"
            self.app.bell()
            self.update_text()
            return
        reason = self.session.check(ans)
        if reason:
            self.error = reason
            self.app.bell()
            self.update_text()
            return
        self.post_message(Decided(ans))

    def action_confirm(self) -> None:
        self.submit(self.answer())


class CardChoice(DecisionPanel):
    """Shared by bid and outbid: a cursor over the cards on offer."""

    card: str | None = None

    def offer(self) -> list[str]:
        return offer_cards(self.view)

    def pick(self, n: int) -> None:
        offer = self.offer()
        if 1 <= n <= len(offer):
            self.select(offer[n - 1])

    def move(self, delta: int) -> None:
        offer = self.offer()
        if not offer:
            return
        i = offer.index(self.card) if self.card in offer else -1
        self.select(offer[(i + delta) % len(offer)])

    def select(self, card: str) -> None:
        self.card = card

    def action_select_card(self, card: str) -> None:
        self.select(card)
        self.changed()

    def card_list(self, targets: dict[str, str]) -> Text:
        """The chosen card on one line, then every card that is open, clickable.

        For a chosen card that is not open to the player, the line above gives the engine's
        reason (with the number needed and the number offered)."""
        t = Text()
        power_cards = self.cards.power_by_id
        offer = self.offer()
        if self.card in offer:
            n = offer.index(self.card) + 1
            t.append(f"▶ {n} {power_cards[self.card].name.en}: ", style="bold")
            if self.card in targets:
                t.append(targets[self.card] + "\n")
            else:
                t.append("not open to you (why: see above)\n", style="yellow")
        t.append("Cards: ", style="bold")
        for n, cid in enumerate(offer, 1):
            open_ = cid in targets
            style = Style(bold=cid == self.card, dim=not open_, reverse=cid == self.card)
            t.append(f"{n} {power_cards[cid].name.en}",
                     style=style + click(f"select_card('{cid}')"))
            t.append("  ")
        t.append("\n")
        return t


class BidPanel(CardChoice):
    title = "bid or pass"
    prompt: BidPrompt

    passing = False  # p chose to pass: Enter passes

    def setup(self) -> None:
        # p only chooses to pass (drawing coin cards cannot be taken back): Enter confirms it
        self._bindings.bind("p", "pass_", "Choose pass")
        self.luxury_max = self.prompt.luxury_usable
        legal = affordable(self.prompt)
        if legal:
            self.select(min(legal, key=lambda t: t.need_coins).card)

    def select(self, card: str) -> None:
        self.card = card
        self.passing = False
        target = next((t for t in self.prompt.targets if t.card == card), None)
        if target is None:
            return
        # suggest the fewest coin cards that win it, those that cost least first (the engine's
        # order: inhabitant coin cards last), luxury goods for the rest
        need = target.need_coins
        self.choose_coins(spending_order(self.cards, self.hand)[:need])
        self.luxury = max(0, min(self.prompt.luxury_usable, need - len(self.hand)))

    def answer(self) -> Answer | None:
        if self.passing:
            return Pass()
        if self.card is None:
            return None
        return PlaceBid(self.card, self.coins_chosen(), self.luxury)

    def body(self) -> Text:
        t = Text()
        targets = {}
        for x in self.prompt.targets:
            s = f"min {x.min_coins}, you need {x.need_coins}"
            if x.holder is not None:
                st = self.session.seats[x.holder]
                s += f" (beats {st.tag} {halves(x.holder_effective_halves)})"
            targets[x.card] = s
        t.append_text(self.card_list(targets))
        if self.passing:
            t.append(f"Enter: pass and draw {plural(self.prompt.draws, 'coin card')}",
                     style="bold")
            t.append(" (they cannot be put back) — or pick a card to bid instead.")
            return t
        t.append_text(self.coin_lines())
        t.append("\n")
        if self.prompt.luxury_usable:
            t.append_text(self.luxury_line())
            t.append("\n")
        ans = self.answer()
        if self.card and isinstance(ans, PlaceBid):
            total = bid_coins(ans)
            eff = effective_halves(total, self.prompt.bonus_halves)
            name = self.cards.power_by_id[self.card].name.en
            t.append(f"Bid {plural(total, 'coin card')} on {name}: counts {halves(eff)}",
                     style="bold")
            if self.prompt.bonus_halves:
                t.append(f" (Market/Agora +{halves(self.prompt.bonus_halves)})")
        return t

    def keys_help(self) -> str:
        if self.passing:
            return (f"Enter pass (draw {self.prompt.draws}) · 1-9/↑↓ a card to bid on "
                    "instead")
        return ("1-9/↑↓ card · a-g coins · 0 clear · +/− luxury · Enter bid · p pass, then "
                f"Enter (draws {self.prompt.draws})")

    def action_pass_(self) -> None:
        self.passing = True
        self.card = None
        self.changed()

    def action_back(self, i: int) -> None:
        if not self.passing:
            super().action_back(i)

    def action_luxury(self, delta: int) -> None:
        if not self.passing:
            super().action_luxury(delta)


class OutbidPanel(CardChoice):
    title = "you were outbid"
    prompt: OutbidPrompt

    withdrawing = False  # w chose to take the bid back: Enter does it

    def setup(self) -> None:
        # w only chooses to withdraw (drawing coin cards cannot be taken back): Enter confirms
        self._bindings.bind("w", "withdraw", "Choose withdraw")
        if self.prompt.targets:
            self.card = self.prompt.targets[0].card

    def select(self, card: str) -> None:
        self.card = card
        self.withdrawing = False

    def answer(self) -> Answer | None:
        if self.withdrawing:
            return Withdraw()
        return MoveBid(self.card) if self.card else None

    def body(self) -> Text:
        t = Text()
        frm = self.cards.power_by_id.get(self.prompt.from_card)
        t.append(f"Your bid of {self.prompt.coins} ({halves(self.prompt.effective_halves)}) on "
                 f"{frm.name.en if frm else self.prompt.from_card} was beaten. Move it unchanged "
                 "to another card, or withdraw it and draw "
                 f"{plural(self.prompt.draws, 'coin card')}.\n")
        targets = {x.card: f"min {x.min_coins}" + (
            f", beats {self.session.seats[x.holder].tag} {halves(x.holder_effective_halves)}"
            if x.holder is not None else "") for x in self.prompt.targets}
        t.append_text(self.card_list(targets))
        if self.withdrawing:
            t.append(f"Enter: withdraw your bid and draw "
                     f"{plural(self.prompt.draws, 'coin card')}", style="bold")
            t.append(" (they cannot be put back) — or pick a card to move the bid to.\n")
        if not self.prompt.targets:
            t.append("No card can take your bid: withdraw.\n", style="yellow")
        return t

    def keys_help(self) -> str:
        if self.withdrawing:
            return (f"Enter withdraw (draw {self.prompt.draws}) · 1-9/↑↓ a card to move the "
                    "bid to instead")
        return (f"1-9/↑↓ card · Enter move bid · w withdraw, then Enter (draws "
                f"{self.prompt.draws})")

    def action_withdraw(self) -> None:
        self.withdrawing = True
        self.card = None
        self.changed()


class BuildPanel(DecisionPanel):
    title = "new building"
    prompt: BuildPrompt
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "construct", "Under construction"),
        Binding("k", "pledge", "Pledge coin", show=False),
    ]
    pledge: int | None = None  # index into hand for construction; None = luxury draw

    def setup(self) -> None:
        p = self.prompt
        self.luxury_max = p.luxury
        coins, rest = resource_payment(p.hand, self.cards, p.missing_wood, p.missing_stone)
        self.choose_coins(coins)
        self.luxury = min(rest, p.luxury)
        # the coin card that costs least to slide under it (the engine's order)
        self.pledge = p.hand.index(spending_order(self.cards, p.hand)[0]) if p.hand else None

    def back_allowed(self, back: str) -> bool:
        res = next(b.resource for b in self.cards.coin_backs if b.id == back)
        return res in ("wood", "stone")

    def answer(self) -> Answer | None:
        if not self.prompt.can_pay and self.prompt.can_construct:
            # Enter does what is possible: with nothing to pay with, it pledges a coin
            return self._construction()
        return PayBuilding(self.coins_chosen(), self.luxury)

    def _construction(self) -> StartConstruction:
        coin = None if self.pledge is None else self.prompt.hand[self.pledge]
        return StartConstruction(coin)

    def body(self) -> Text:
        p = self.prompt
        info = self.cards.power_by_id[p.card]
        t = Text()
        t.append(f"You won {info.name.en}: costs {p.cost_wood} wood, {p.cost_stone} stone. "
                 f"Your production: {p.production_wood} wood, {p.production_stone} stone "
                 "(used first).\n")
        t.append(f"Missing: {p.missing_wood} wood, {p.missing_stone} stone.  ")
        if p.excess:
            gain = luxury_gained(p, 0)
            t.append(f"Paid without luxury goods you gain {plural(gain, 'luxury good')}.",
                     style="green")
        t.append("\n")
        t.append("Pay now (Enter): ", style="bold")
        if not p.can_pay:
            t.append("not possible — you lack the resources.\n", style="yellow")
        else:
            paid = payment_outcome(self.cards, p.missing_wood, p.missing_stone,
                                   self.coins_chosen())
            t.append(f"{paid.wood} wood and {paid.stone} stone from coin cards, "
                     f"{plural(self.luxury, 'luxury good')}")
            if p.excess:
                t.append(f" → gain {luxury_gained(p, self.luxury)} luxury", style="green")
            t.append("\n")
            t.append_text(self.coin_lines("Pay with"))
            t.append("\n")
            if p.luxury:
                t.append_text(self.luxury_line())
                t.append("\n")
        t.append("Under construction (u" + (" or Enter" if not p.can_pay else "") + "): ",
                 style="bold")
        if not p.can_construct:
            t.append("not possible — no coin card to slide under it.", style="yellow")
        elif self.pledge is None:
            t.append("draw a coin card blind for one luxury good  (k: change)")
        else:
            back = self.cards.coins[p.hand[self.pledge]]
            t.append(f"slide a {back.name.en} coin card under it  (k: change)")
        return t

    def keys_help(self) -> str:
        return "a-g coins · +/− luxury · Enter pay · u under construction · k pledge"

    def action_pledge(self) -> None:
        p = self.prompt
        options: list[int | None] = []
        seen: set[str] = set()
        for i, c in enumerate(p.hand):
            if self.cards.coins[c].id not in seen:
                seen.add(self.cards.coins[c].id)
                options.append(i)
        if p.luxury_usable:
            options.append(None)
        if not options:
            return
        i = options.index(self.pledge) if self.pledge in options else -1
        self.pledge = options[(i + 1) % len(options)]
        self.changed()

    def action_construct(self) -> None:
        self.submit(self._construction())


class CatastrophePanel(DecisionPanel):
    title = "catastrophe"
    prompt: CatastrophePrompt
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle_hit", "Hit/not hit"),
        Binding("l", "treat('luxury')", "Cover via luxury", show=False),
        Binding("r", "treat('remove')", "Remove", show=False),
    ]

    def setup(self) -> None:
        p = self.prompt
        self.cursor = 0
        # card -> back id to cover with, "luxury" or "remove"; cards not in it are not hit
        self.treat: dict[str, str] = {}
        spare = list(spending_order(self.cards, p.hand))  # those that cost least first
        lux = p.luxury_usable
        for card in p.candidates[: p.count]:
            if spare:
                self.treat[card] = self.cards.coins[spare.pop(0)].id
            elif lux:
                lux -= 1
                self.treat[card] = "luxury"
            else:
                self.treat[card] = "remove"

    def label_of(self, card: str) -> str:
        return card_name(self.cards, self.view.me.civ, card)

    def answer(self) -> Answer | None:
        used: Counter[str] = Counter()
        out: list[tuple[str, Treatment]] = []
        for card in self.prompt.candidates:
            how = self.treat.get(card)
            if how is None:
                continue
            if how == "luxury":
                out.append((card, "luxury"))
                continue
            if how == "remove":
                out.append((card, "remove"))
                continue
            coins = [c for c in self.hand if self.cards.coins[c].id == how]
            if used[how] < len(coins):
                out.append((card, coins[used[how]]))
            else:
                out.append((card, -1))  # more than the hand holds: the engine refuses it
            used[how] += 1
        return CatastropheAnswer(tuple(out))

    def body(self) -> Text:
        p = self.prompt
        cat = self.cards.catastrophe_by_id[p.catastrophe].name.en
        t = Text()
        t.append(f"{cat} strikes! {p.count} of your cards below are hit. Cover each with a "
                 "coin card (it stays, inactive until restored) or remove it to the box.\n")
        for i, card in enumerate(p.candidates):
            how = self.treat.get(card)
            mark = "▶" if i == self.cursor else " "
            t.append(f"{mark}{i + 1} {self.label_of(card)}: ",
                     style=Style(bold=i == self.cursor) + click(f"pick({i + 1})"))
            if how is None:
                t.append("not hit\n", style="dim")
            elif how == "remove":
                t.append("remove\n", style="red")
            elif how == "luxury":
                t.append("cover with a coin drawn for a luxury good\n", style="yellow")
            else:
                info = next(b for b in self.cards.coin_backs if b.id == how)
                t.append(f"cover with {info.name.en}\n", style="green")
        t.append("Cover the selected card with: ", style="bold")
        key_style = Style(bold=True, reverse=True)
        for i, _back, n in self.hand_backs():
            info = self.cards.coin_backs[i]
            t.append(f" {BACK_KEYS[i]} ", style=key_style + click(f"back({i})"))
            t.append(f" {info.name.en} ×{n} ", style=click(f"back({i})"))
        if p.luxury_usable:
            t.append(" l ", style=Style(reverse=True) + click("treat('luxury')"))
            t.append(f" luxury ({p.luxury_usable}) ")
        t.append(" r ", style=Style(reverse=True) + click("treat('remove')"))
        t.append(" remove")
        return t

    def keys_help(self) -> str:
        extra = " · space hit/not hit" if self.prompt.count < len(self.prompt.candidates) else ""
        return f"1-9/↑↓ card · a-g cover with coin · l luxury · r remove{extra} · Enter confirm"

    def pick(self, n: int) -> None:
        if 1 <= n <= len(self.prompt.candidates):
            self.cursor = n - 1

    def move(self, delta: int) -> None:
        self.cursor = (self.cursor + delta) % max(1, len(self.prompt.candidates))

    def _set(self, how: str) -> None:
        card = self.prompt.candidates[self.cursor]
        self.treat[card] = how
        self.changed()

    def action_back(self, i: int) -> None:
        if i >= len(self.cards.coin_backs):
            return
        back = self.cards.coin_backs[i].id
        card = self.prompt.candidates[self.cursor]
        have = sum(1 for c in self.hand if self.cards.coins[c].id == back)
        used = sum(1 for k, v in self.treat.items() if v == back and k != card)
        if used >= have:
            self.app.bell()
            return
        self._set(back)

    def action_treat(self, how: str) -> None:
        self._set(how)

    def action_toggle_hit(self) -> None:
        card = self.prompt.candidates[self.cursor]
        if card in self.treat:
            del self.treat[card]
            self.changed()
        else:
            self._set("remove")


class FeedPanel(DecisionPanel):
    title = "supply: feed your inhabitants"
    prompt: FeedPrompt

    def setup(self) -> None:
        p = self.prompt
        self.luxury_max = p.luxury
        civ = self.view.me.civ
        grain, inh, lux, removed = feed_plan(self.cards, civ, p.shortfall, p.hand, p.luxury,
                                             list(reversed(p.removable)))
        self.choose_coins(grain + inh)
        self.luxury = lux
        self.removed: set[str] = set(removed)

    def back_allowed(self, back: str) -> bool:
        res = next(b.resource for b in self.cards.coin_backs if b.id == back)
        return res in ("grain", "inhabitants")

    def answer(self) -> FeedPlan:
        coins = self.coins_chosen()
        grain = tuple(c for c in coins if self.cards.coins[c].resource == "grain")
        inh = tuple(c for c in coins if self.cards.coins[c].resource == "inhabitants")
        return FeedPlan(grain, inh, self.luxury,
                        tuple(c for c in self.prompt.removable if c in self.removed))

    def body(self) -> Text:
        p = self.prompt
        civ = self.view.me.civ
        t = Text()
        t.append(f"{p.inhabitants} inhabitants to feed, {p.grain} grain produced: "
                 f"short by {p.shortfall}. Pay grain or inhabitant coin cards or luxury goods, "
                 "or remove cards with inhabitants.\n")
        for i, card in enumerate(p.removable):
            inh, grain = card_balance(self.cards, civ, card)
            on = card in self.removed
            t.append(f" {i + 1} [{'x' if on else ' '}] {card_name(self.cards, civ, card)}",
                     style=Style(bold=on) + click(f"pick({i + 1})"))
            t.append(f" ({inh} inh, {grain} grain)\n", style="dim")
        t.append_text(self.coin_lines("Pay with"))
        t.append("\n")
        if p.luxury:
            t.append_text(self.luxury_line())
            t.append("\n")
        preview = feed_preview(self.cards, civ, p, self.answer())
        t.append(f"Preview: removals save {preview.saved}, payment covers {preview.paid} of the "
                 f"remaining {preview.remaining}", style="bold")
        if preview.hungry:
            t.append(f" — {preview.hungry} would go hungry", style="red")
        return t

    def keys_help(self) -> str:
        return "1-9 remove/keep card · a-g coins · 0 clear · +/− luxury · Enter confirm"

    def pick(self, n: int) -> None:
        if 1 <= n <= len(self.prompt.removable):
            card = self.prompt.removable[n - 1]
            self.removed ^= {card}


class CompletePanel(DecisionPanel):
    title = "supply: complete your constructions"
    prompt: CompletePrompt

    def setup(self) -> None:
        p = self.prompt
        self.luxury_max = p.luxury
        self.complete: set[str] = set(p.buildings)
        chosen = list(p.buildings)
        while True:
            mw, ms = self.missing(chosen)
            coins, rest = resource_payment(p.hand, self.cards, mw, ms)
            if rest <= p.luxury or not chosen:
                break
            chosen.pop()
        self.complete = set(chosen)
        self.choose_coins(coins if chosen else [])
        self.luxury = rest if chosen else 0

    def missing(self, chosen: Iterable[str]) -> tuple[int, int]:
        """(wood, stone) still missing to complete ``chosen`` (the engine's completion cost)."""
        return completion_cost(self.cards, self.prompt, chosen)

    def back_allowed(self, back: str) -> bool:
        res = next(b.resource for b in self.cards.coin_backs if b.id == back)
        return res in ("wood", "stone")

    def answer(self) -> Answer | None:
        return CompletePlan(tuple(b for b in self.prompt.buildings if b in self.complete),
                            self.coins_chosen(), self.luxury)

    def body(self) -> Text:
        p = self.prompt
        power_cards = self.cards.power_by_id
        t = Text()
        t.append(f"Production: {p.production_wood} wood, {p.production_stone} stone, used "
                 "once for all buildings together. Unpaid buildings are lost.\n")
        for i, b in enumerate(p.buildings):
            on = b in self.complete
            t.append(f" {i + 1} [{'x' if on else ' '}] {power_cards[b].name.en}",
                     style=Style(bold=on) + click(f"pick({i + 1})"))
            cost = power_cards[b].cost
            t.append(f" (cost {cost.wood}W {cost.stone}S)"
                     f"{'' if on else ' — will be lost'}\n", style="dim" if on else "red")
        mw, ms = self.missing(self.complete)
        t.append(f"Missing after production: {mw} wood, {ms} stone\n", style="bold")
        t.append_text(self.coin_lines("Pay with"))
        t.append("\n")
        if p.luxury:
            t.append_text(self.luxury_line())
        return t

    def keys_help(self) -> str:
        return "1-9 complete/let go · a-g coins · 0 clear · +/− luxury · Enter confirm"

    def pick(self, n: int) -> None:
        if 1 <= n <= len(self.prompt.buildings):
            self.complete ^= {self.prompt.buildings[n - 1]}


def panel_for(session: Session, prompt: AnyPrompt) -> DecisionPanel:
    """The decision panel for a prompt (every kind of prompt has one)."""
    match prompt:
        case BidPrompt():
            return BidPanel(session, prompt)
        case OutbidPrompt():
            return OutbidPanel(session, prompt)
        case BuildPrompt():
            return BuildPanel(session, prompt)
        case CatastrophePrompt():
            return CatastrophePanel(session, prompt)
        case FeedPrompt():
            return FeedPanel(session, prompt)
        case CompletePrompt():
            return CompletePanel(session, prompt)
        case _:
            assert_never(prompt)
