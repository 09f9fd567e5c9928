"""The decision panels' base.  There is one panel per prompt kind (``panels.panel_for``); each
builds an answer and asks the engine if it is legal.

Keys are the same everywhere: digits pick a card, letters a–g add coin cards of one back (cycling
back to none), 0 clears the coins, + and − change the luxury goods used, Enter confirms.  The
panel never decides legality itself: it shows the engine's reason and refuses to confirm.  Every
number a panel shows (what a bid counts, what a payment covers, the luxury it gains, what feeding
leaves hungry, the coin cards drawn for a pass) is the engine's.  A panel sees the card data, the
deciding player's :class:`View` and the prompt, never the game itself.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message

from peloponnes_tui.engine import Answer, Prompt
from peloponnes_tui.engine.numbers import rule_numbers
from peloponnes_tui.i18n import N_, _, name
from peloponnes_tui.tui.colours import res_style
from peloponnes_tui.tui.session import Session
from peloponnes_tui.tui.widgets.drawn import Drawing, LinesWidget

BACK_KEYS = "abcdefg"


def click(action: str) -> Style:
    return Style(meta={"@click": action})


class Decided(Message):
    """A panel's answer passed the engine's check and should be applied."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        super().__init__()


class DecisionPanel(LinesWidget, can_focus=True):
    """Base: coin selection by back, luxury count, preview, confirm with the engine's check.
    Its text is built once per change of a choice and drawn once (:class:`Drawing`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "confirm", N_("Confirm")),
        *[Binding(k, f"back({i})", show=False) for i, k in enumerate(BACK_KEYS)],
        Binding("0", "clear", N_("Clear coins"), show=False),
        Binding("plus,equals_sign", "luxury(1)", N_("+lux"), show=False),
        Binding("minus", "luxury(-1)", N_("−lux"), show=False),
        *[Binding(str(d), f"pick({d})", show=False) for d in range(1, 10)],
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
    ]
    title = N_("Decision")  # translated where it is shown

    def __init__(self, session: Session, prompt: Prompt) -> None:
        super().__init__()
        self.drawn_text: Drawing | None = None  # the text as drawn
        widget_state = set(vars(self))
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
        self._text: Text | None = None  # what it shows, rebuilt only when a choice changes
        self.setup()
        # what a panel's prompt and choices are (what :meth:`renew` takes from another panel):
        # the attributes its own code set, not the widget's
        self.panel_state = frozenset(
            key for key in vars(self) if key not in widget_state and not key.startswith("_"))

    def renew(self, other: DecisionPanel) -> None:
        """Become ``other``, a panel of the same kind for the next prompt: take its prompt and
        choices.  The screen keeps this widget, its focus and its keys instead of mounting the
        other one (a new focused widget would have the whole screen drawn again)."""
        assert type(other) is type(self)
        mine, theirs = vars(self), vars(other)
        for key in self.panel_state | other.panel_state:
            if key in theirs:
                mine[key] = theirs[key]
            else:
                mine.pop(key, None)  # back to the class's default
        self._text = None
        self.update_text()

    # -- to override ---------------------------------------------------------------------------

    def setup(self) -> None:
        """Fill in the suggested choice."""

    def answer(self) -> Answer | None:
        """The answer the current choices make (None if nothing chosen yet)."""
        return None

    def body(self) -> Text:
        return Text()

    def keys_help(self) -> str:
        return _("Enter confirm")

    def pick(self, n: int) -> None:
        """Digit n pressed (1-based)."""

    def move(self, delta: int) -> None:
        """Cursor moved."""

    def back_allowed(self, back: str) -> bool:
        return True

    def suggest(self, answer: Answer) -> bool:
        """Make the choices that give ``answer`` (the coach's advice), as the player's keys
        would; the player still confirms.  False if this panel does not answer that way."""
        return False

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

    def coin_lines(self, label: str | None = None) -> Text:
        """The coin cards of the hand that may be chosen, by kind (``label``: the line's own
        heading, in the current language)."""
        t = Text((_("Coin cards") if label is None else label) + ": ", style="bold")
        backs = [b for b in self.hand_backs() if self.back_allowed(b[1])]
        if not backs:
            t.append(_("none usable"), style="dim")
        for i, back, n in backs:
            info = self.cards.coin_backs[i]
            key_style = Style(bold=True, reverse=True)
            t.append(f" {BACK_KEYS[i]} ", style=key_style + click(f"back({i})"))
            t.append(f" {name(info.name)} {self.chosen[back]}/{n} ",
                     style=Style.parse(res_style(info.resource)) + click(f"back({i})"))
        return t

    def luxury_line(self) -> Text:
        t = Text(_("Luxury goods used: "), style="bold")
        t.append(" − ", style=Style(reverse=True) + click("luxury(-1)"))
        t.append(f" {self.luxury} ")
        t.append(" + ", style=Style(reverse=True) + click("luxury(1)"))
        t.append("  " + _("(up to {n})").format(n=self.luxury_max), style="dim")
        return t

    # -- rendering -----------------------------------------------------------------------------

    @property
    def text(self) -> Text:
        """What the panel shows, rebuilt only when a choice changes."""
        if self._text is None:
            self._text = self.compose_text()
        return self._text

    def drawing(self) -> Drawing:
        # Textual asks for the content twice per update (its height, then its lines): the text
        # is built once and drawn once (Textual's own path for text wraps it for each, and
        # took twice as long)
        text = self.text
        if self.drawn_text is None or self.drawn_text.renderable is not text:
            self.drawn_text = Drawing(text)
        return self.drawn_text

    def update_text(self) -> None:
        """Rebuild the text; lay the screen out again only if it needs more rows than the panel
        has: a layout of the whole screen costs more than anything else a key does, so a panel
        keeps the rows it had (blank at the bottom) when its text gets shorter, until the
        screen is next laid out anyway (the next answer)."""
        first = self._text is None
        self._text = self.compose_text()
        self.refresh()
        size = self.content_size
        if first or self.get_content_height(size, self.app.size, size.width) > size.height:
            self.refresh(layout=True)

    def compose_text(self) -> Text:
        seat = self.session.seats[self.prompt.player]
        out = Text()
        out.append(f"{seat.tag} {seat.name}", style=f"bold {seat.rich_colour}")
        out.append(" ")  # unstyled, so no picture of the screen loses it between the styles
        out.append(f"— {_(self.title)}: ", style="bold")
        ans = self.answer()
        reason = self.error or (self.session.check(ans) if ans is not None else None)
        if ans is None:
            out.append(_("make a choice."), style="dim")
        elif reason:
            out.append(_("✗ Cannot confirm: "), style="bold red")
            out.append(reason, style="red")
        else:
            out.append(_("✓ Legal — Enter confirms."), style="bold green")
            # the same for the mouse: a click on it confirms, as Enter does
            out.append(" ")
            out.append(" " + _("Confirm") + " ",
                       style=Style(bold=True, reverse=True) + click("confirm"))
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
            self.error = _("choose something first")
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


__all__ = ["BACK_KEYS", "Decided", "DecisionPanel", "click"]
