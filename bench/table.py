"""One table, many devices: how quickly an answer reaches the other devices, and what a table and
an onlooker cost in memory.

Run from the project root:

    .venv/bin/python bench/table.py --games 3 --onlookers 20

A host (``peloponnes table --seats A,B,C --bot-pause 0``) is started as its own process on a free
port. Three devices (the seats, answering with random bots) and ``--onlookers`` onlookers connect
over the websocket, in this process. For every answer the time from sending it to the moment
each other device has the new state is recorded (same machine: no network in it). The host's
resident memory (``/proc/PID/status``, VmRSS) is read after it starts, with the three seats
connected, and again with the onlookers: memory per onlooker is the difference divided by their
number. Each game is played to its end; ``--games`` tables are played one after another.

Then a browser page is opened for a seat the way the table's page does it (``/table/claim``, then
the page's websocket, without a browser): the host starts ``peloponnes join`` for it, and once
the board has been drawn, that process's resident memory is a browser device's cost on the host.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from peloponnes_tui.bots import make_bot
from peloponnes_tui.cards import load_cards
from peloponnes_tui.table import Table
from peloponnes_tui.table_wire import answer_message, hello, read_prompt, read_view


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def device(http: aiohttp.ClientSession, port: int, key: str) -> Any:
    ws = await http.ws_connect(f"http://127.0.0.1:{port}/table/ws", max_msg_size=1 << 22)
    await ws.send_str(hello(key))
    state: dict[str, Any] = {}
    while not state:
        data = json.loads((await ws.receive()).data)
        if data["type"] == "state":
            state = data
    return ws, state


async def next_state(ws: Any, turn: int) -> dict[str, Any]:
    while True:
        data = json.loads((await ws.receive()).data)
        if data["type"] == "state" and data["turn"] != turn:
            return dict(data)


def children_rss_kb(pid: int) -> int:
    """The resident memory of ``pid``'s child processes (and theirs)."""
    total = 0
    try:
        kids = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0
    for kid in kids:
        total += rss_kb(int(kid)) + children_rss_kb(int(kid))
    return total


async def browser_page(http: aiohttp.ClientSession, port: int, key: str, host: int) -> int:
    """A seat's browser page as the table's page opens it; the join process's memory (KB)
    once it has drawn its board."""
    async with http.post(f"http://127.0.0.1:{port}/table/claim", json={"key": key}) as answer:
        page = (await answer.json())["page"]
    ws = await http.ws_connect(f"http://127.0.0.1:{port}/ws/{page}?width=120&height=40")
    drawn = 0
    while drawn < 20_000:  # the start of the board (bytes of the screen)
        msg = await ws.receive()
        if msg.type == aiohttp.WSMsgType.BINARY:
            drawn += len(msg.data)
        elif msg.type != aiohttp.WSMsgType.TEXT:
            break
    await asyncio.sleep(1.0)  # (settled)
    memory = children_rss_kb(host)
    await ws.close()
    return memory


async def one_game(seed: int, onlookers: int, times: list[float]) -> tuple[int, int, int, int]:
    cards = load_cards()
    folder = Path(tempfile.mkdtemp(prefix="peloponnes-bench-table-"))
    path, port = folder / "table.json", free_port()
    host = subprocess.Popen([sys.executable, "-m", "peloponnes_tui", "table", "--seats",
                             "A,B,C", "--seed", str(seed), "--bot-pause", "0", "--port",
                             str(port), "--file", str(path), "--no-qr", "--host", "127.0.0.1"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        assert host.stdout is not None
        while "onlookers" not in (host.stdout.readline() or "onlookers"):
            pass
        table = Table.resume(path, cards)
        started = rss_kb(host.pid)
        async with aiohttp.ClientSession() as http:
            seats = [await device(http, port, k or "") for k in table.keys]
            with_seats = rss_kb(host.pid)
            watchers = [await device(http, port, table.onlooker_key) for _ in range(onlookers)]
            with_onlookers = rss_kb(host.pid)
            wss = [ws for ws, _state in seats]
            states = [state for _ws, state in seats]
            bots = [make_bot("random", cards, seed + i) for i in range(3)]
            while states[0]["prompt"] is not None:
                seat = states[0]["prompt"]["data"]["player"]
                mine = states[seat]
                ans = bots[seat].decide(read_prompt(mine["prompt"]), read_view(mine["view"]))
                turn = mine["turn"]
                sent = time.perf_counter()
                await wss[seat].send_str(answer_message(turn, ans.to_dict()))
                got = await asyncio.gather(*(next_state(wss[i], turn) for i in range(3)))
                times.extend([time.perf_counter() - sent] * 2)  # (the two other devices)
                states = list(got)
                for ws, _state in watchers:  # the onlookers keep up (their queues drained)
                    await next_state(ws, turn)
            page = await browser_page(http, port, table.keys[0] or "", host.pid)
        return started, with_seats, with_onlookers, page
    finally:
        host.send_signal(signal.SIGTERM)
        host.wait(10)
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--onlookers", type=int, default=20)
    args = ap.parse_args()
    times: list[float] = []
    memory = []
    for g in range(args.games):
        memory.append(asyncio.run(one_game(100 + g, args.onlookers, times)))
    times.sort()
    p50 = statistics.median(times) * 1000
    p95 = times[int(len(times) * 0.95)] * 1000
    started = statistics.median(m[0] for m in memory) / 1024
    seats = statistics.median(m[1] for m in memory) / 1024
    per_onlooker = statistics.median((m[2] - m[1]) / max(1, args.onlookers) for m in memory)
    print(f"answers timed: {len(times)} (one per other device) on {os.cpu_count()} cores")
    print(f"answer on one device -> state on another: p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    print(f"host memory (RSS): {started:.0f} MB started, {seats:.0f} MB with 3 seats connected")
    print(f"per onlooker: {per_onlooker:.0f} KB ({args.onlookers} onlookers)")
    page = statistics.median(m[3] for m in memory) / 1024
    print(f"per browser page: {page:.0f} MB (its join process on the host)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
