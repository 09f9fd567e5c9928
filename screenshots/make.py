"""Regenerate the screenshots in this folder from real game states.

    .venv/bin/python screenshots/make.py [--size 120x40]

Writes one SVG per screen (start, board mid-game, an outbid moment, the payment picker, a
catastrophe, a supply phase, a tableau, the end of a round (``round-over``), the scoring screen,
the coach's advice (``coach``), a narrated demonstration, the replay viewer, the guided first game
at its first bid and after being outbid; the start screen and the board in German too:
``start-de``, ``board-de``; and at 80×24, the smallest screen the game plays on, the bid, the
payment, the supply, the end of a round and the German board, named ``…-80x24``) and a PNG of
each when ``rsvg-convert`` (librsvg) or the ``cairosvg`` package is available; otherwise it says
that PNGs were skipped.
The states come from seeded games played by the random bots up to the wanted decision.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests"))  # the tests' support module: the game states

from support import finished_session, session_at  # noqa: E402

from peloponnes_tui.cards import load_cards  # noqa: E402
from peloponnes_tui.engine import (  # noqa: E402
    BidPrompt,
    BuildPrompt,
    CatastrophePrompt,
    FeedPrompt,
    OutbidPrompt,
)
from peloponnes_tui.tui.app import PeloponnesApp  # noqa: E402
from peloponnes_tui.tui.session import DATA_DIR_ENV, Session  # noqa: E402


async def shoot(name: str, size: tuple[int, int], session: Session | None,
                then: Callable[[object], Awaitable[None]] | None = None, lang: str = "en"
                ) -> Path:
    app = PeloponnesApp(cards=load_cards(), bot_pause=0, lang=lang)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if session is not None:
            app.set_session(session)
            await pilot.pause()
            await pilot.pause()
        if then is not None:
            await then(pilot)
            await pilot.pause()
        path = HERE / f"{name}.svg"
        app.save_screenshot(str(path))
    return path


SMALL = (80, 24)
# the screens shot at SMALL too: a bid, paying for a building, feeding and the end of a round
SMALL_SHOTS = ("board", "payment", "supply", "round-over")


async def main(size: tuple[int, int]) -> list[Path]:
    cards = load_cards()
    shots: list[Path] = []

    async def tableau(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("t")

    async def handoff(pilot) -> None:  # type: ignore[no-untyped-def]
        from peloponnes_tui.tui.screens.handoff import HandoffScreen

        seat = pilot.app.session.seats[1]
        await pilot.app.push_screen(HandoffScreen(seat, "It is your turn to bid."))

    async def round_over(pilot) -> None:  # type: ignore[no-untyped-def]
        from peloponnes_tui.tui.screens.round_over import RoundOverScreen
        from peloponnes_tui.tui.summary import round_end

        session = pilot.app.session
        rnd = session.game.round - 1
        await pilot.app.push_screen(RoundOverScreen(rnd, *round_end(session, rnd),
                                                    session.view(0).players, session.seats))

    async def coach(pilot) -> None:  # type: ignore[no-untyped-def]
        await pilot.press("i")
        await pilot.app.workers.wait_for_complete()

    def board() -> Session:
        return session_at(cards, 4, lambda p: isinstance(p, BidPrompt) and p.player == 2
                          and any(t.holder is not None for t in p.targets), seed=3)

    def jobs() -> list[tuple[str, Session | None, Callable[[object], Awaitable[None]] | None]]:
        return [
            ("start", None, None),
            ("board", board(), None),
            ("outbid", session_at(cards, 4, lambda p: isinstance(p, OutbidPrompt)
                                  and bool(p.targets), seed=2), None),
            ("payment", session_at(cards, 3, lambda p: isinstance(p, BuildPrompt) and p.can_pay
                                   and p.missing_wood + p.missing_stone > 0, seed=2), None),
            ("catastrophe", session_at(cards, 4, lambda p: isinstance(p, CatastrophePrompt)
                                       and p.count > 0, seed=4), None),
            ("supply", session_at(cards, 3, lambda p: isinstance(p, FeedPrompt), seed=2), None),
            ("tableau", session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and p.player == 0,
                                   seed=9, min_round=6), tableau),
            ("handoff", session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and p.player == 1,
                                   seed=5), handoff),
            ("round-over", session_at(cards, 4, lambda p: isinstance(p, BidPrompt), seed=3,
                                      min_round=4), round_over),
            ("scoring", finished_session(cards, 3, seed=2), None),
            ("coach", session_at(cards, 3, lambda p: isinstance(p, BidPrompt) and p.player == 0,
                                 seed=5, min_round=2), coach),
        ]

    for name, session, then in jobs():
        shots.append(await shoot(name, size, session, then))
    if size != SMALL:  # the smallest screen the game plays on, for the decisions that fill it
        for name, session, then in jobs():
            if name in SMALL_SHOTS:
                shots.append(await shoot(f"{name}-{SMALL[0]}x{SMALL[1]}", SMALL, session, then))
    shots.append(await shoot_demo("demo", size))
    shots.append(await shoot_replay(f"replay-{size[0]}x{size[1]}", size))
    shots.append(await shoot_learn("learn-bidding", size, ["enter"]))
    shots.append(await shoot_learn("learn-outbid", size, ["enter", "1", "enter", "enter"]))
    shots.append(await shoot_course("learn-course", size, []))
    shots.append(await shoot_course("learn-chapter", size, ["down", "down", "enter", "enter",
                                                            "w", "enter"]))
    # the app in German (last: the language stays chosen for the process)
    shots.append(await shoot("start-de", size, None, lang="de"))
    shots.append(await shoot("board-de", size, board(), lang="de"))
    if size != SMALL:
        shots.append(await shoot(f"board-de-{SMALL[0]}x{SMALL[1]}", SMALL, board(), lang="de"))
    return shots


async def shoot_learn(name: str, size: tuple[int, int], keys: list[str]) -> Path:
    """The guided first game (``peloponnes learn``) after these keys."""
    from peloponnes_tui.learn.lessons import load_lesson
    from peloponnes_tui.tui.learn import LearnApp

    app = LearnApp(load_cards(), load_lesson())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
        path = HERE / f"{name}.svg"
        app.save_screenshot(str(path))
    return path


async def shoot_course(name: str, size: tuple[int, int], keys: list[str]) -> Path:
    """The course (``peloponnes learn``): its list of chapters, or a chapter after these keys."""
    from peloponnes_tui.tui.learn import LearnApp

    app = LearnApp(load_cards())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        path = HERE / f"{name}.svg"
        app.save_screenshot(str(path))
    return path


async def shoot_demo(name: str, size: tuple[int, int]) -> Path:
    """The demonstration screen, one step into the plague scenario."""
    from peloponnes_tui.demo.scenario import load_scenario
    from peloponnes_tui.tui.demo import DemoApp, make_script

    app = DemoApp(make_script(load_cards(), load_scenario("plague"), "", 1), pause=1.0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        path = HERE / f"{name}.svg"
        app.save_screenshot(str(path))
    return path


async def shoot_replay(name: str, size: tuple[int, int]) -> Path:
    """The replay viewer: a finished game between three people, at the covering of a card in
    the first catastrophe, hands shown."""
    from peloponnes_tui.tui.replay import Replay
    from peloponnes_tui.tui.replay_app import ReplayApp

    replay = Replay.of(finished_session(load_cards(), 3, seed=2))
    app = ReplayApp(replay)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        covered = next(i for i, e in enumerate(replay.events) if e.kind == "covered" and e.cards)
        await pilot.press(*["right"] * covered, "h")
        await pilot.pause()
        path = HERE / f"{name}.svg"
        app.save_screenshot(str(path))
    return path


def png_ready_svg(svg: str) -> str:
    """Textual's SVG with plain spaces kept as they are.

    Textual writes spaces as ``&#160;`` inside ``<text>`` elements; rsvg and cairo drop them at
    the edges of a text run, which glues words together ("Round 1/8bidding").  Plain spaces with
    ``xml:space="preserve"`` render as the terminal showed them.
    """
    svg = svg.replace("&#160;", " ")
    return re.sub(r"<svg\b", '<svg xml:space="preserve"', svg, count=1)


def to_png(paths: list[Path]) -> None:
    rsvg = shutil.which("rsvg-convert")
    cairosvg = None
    if rsvg is None:
        try:
            import cairosvg  # type: ignore[import-not-found,no-redef]
        except (ImportError, OSError):
            print("PNG skipped: neither rsvg-convert (librsvg) nor cairosvg is installed.")
            return
    for p in paths:
        out = p.with_suffix(".png")
        svg = png_ready_svg(p.read_text(encoding="utf-8"))
        if rsvg is not None:
            subprocess.run([rsvg, "-b", "white", "-o", str(out)], input=svg.encode(),
                           check=True)
        else:
            cairosvg.svg2png(bytestring=svg.encode(), write_to=str(out),
                             background_color="white")
        print("wrote", out)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--size", default="120x40")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    os.environ[DATA_DIR_ENV] = tempfile.mkdtemp(prefix="peloponnes-shots-")
    paths = asyncio.run(main((w, h)))
    for p in paths:
        print("wrote", p)
    to_png(paths)
