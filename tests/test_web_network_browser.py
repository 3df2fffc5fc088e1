"""Two people, one game, two browsers (issue 34, acceptance 1): each joins by a seat link and
they play Ancient to the end by clicks; the server is killed with SIGKILL mid-game and started
again, and both pages go on from the same position; a third browser with only the game's URL
watches, cannot move, and like the opponent never receives a hidden hand or the seed before
the end.  Skips like tests/test_web_browser.py where Chromium or Playwright is missing."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.test_web_browser import (ARGS, CHROMIUM, _MISSING, _free_port, _require, click_move,
                                    moves_of, settle)

SEED = 918273645
CHOOSER = 12
"""Seeds the choice among the legal decisions: with it this Ancient game ends at its 20th
decision, the target count reached (found by playing the same choices with the engine)."""


def serve(port: int, db) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", "from paisho_core.cli import main; main()",
                             "serve", "--port", str(port), "--db", str(db)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/variants", timeout=2):
                return proc
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise AssertionError(f"the server did not start: {proc.stderr.read()}")
            time.sleep(0.2)


@pytest.fixture()
def browser():
    _require(_MISSING is None, str(_MISSING))
    _require(CHROMIUM is not None, "no Chromium on this machine (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def seen_by(page) -> list:
    """Every view the page holds or was sent by the stream, and every API answer it read."""
    return page.evaluate("[view, ...netLog]")


def test_two_seat_links_a_restart_and_a_spectator(browser, tmp_path):
    port = _free_port()
    db = tmp_path / "games.sqlite"
    proc = serve(port, db)
    url = f"http://127.0.0.1:{port}"
    answers: dict[str, list[str]] = {"B": [], "C": []}
    pages = {}
    errors: list[str] = []
    try:
        for name in ("A", "B", "C"):
            context = browser.new_context(viewport={"width": 1280, "height": 940}, accept_downloads=True)
            pages[name] = context.new_page()
            pages[name].on("pageerror", lambda e: errors.append(str(e)))
            if name in answers:
                pages[name].on("response", lambda r, name=name: answers[name].append(r.text())
                               if "/api/tables/" in r.url and "/events" not in r.url else None)
        a, b, c = pages["A"], pages["B"], pages["C"]
        # A starts Ancient against a friend: A keeps Guest, the Host link is the invitation
        a.goto(url + "/")
        a.wait_for_function("meta !== null")
        a.click("#btn-new")
        a.select_option("#variant", "ancient")
        a.select_option("#guest", "human")
        a.select_option("#host", "human")
        a.select_option("#seat", "guest")
        a.fill("#seed", str(SEED))
        a.click("#btn-start-game")
        a.wait_for_selector("#board svg circle.point")
        view = settle(a)
        key = view["id"]
        assert a.url == f"{url}/g/{key}" and view["seats"] == ["guest"]
        invite = a.locator(".net-link.invite input").input_value()
        assert invite.startswith(f"{url}/g/{key}?seat=")
        b.goto(invite)                                   # the friend opens the link
        b.wait_for_function("view !== null && view.seats.length === 1")
        assert b.url == f"{url}/g/{key}" and settle(b)["seats"] == ["host"]
        c.goto(f"{url}/g/{key}")                          # someone with the game's URL only
        c.wait_for_function("view !== null")
        assert settle(c)["seats"] == [] and settle(c)["mode"] == "watch"

        killed = False
        rng = random.Random(CHOOSER)
        for _ in range(60):
            views = {n: settle(p) for n, p in pages.items()}
            if views["A"]["status"]["outcome"]:
                break
            assert views["C"]["choices"] == []
            mover = next((n for n in ("A", "B") if views[n]["mode"] == "play"), None)
            assert mover is not None, {n: v["mode"] for n, v in views.items()}
            played = click_move(pages[mover], rng.choice(sorted(moves_of(views[mover]))))
            for p in pages.values():                      # the move arrives without polling
                p.wait_for_function(f"view.ply === {played['ply']}", timeout=15000)
            if not killed and played["ply"] >= 6:
                killed = True
                before = {n: settle(p) for n, p in pages.items()}
                proc.send_signal(signal.SIGKILL)
                proc.wait(10)
                proc = serve(port, db)
                b.reload()                                # a reload keeps the game and the seat
                for n, p in pages.items():
                    try:
                        p.wait_for_function("netOnline === true && view !== null", timeout=20000)
                    except Exception as e:  # say which page stayed offline, and its stream's state
                        state = p.evaluate("[netOnline, view !== null, netStream && netStream.readyState]")
                        raise AssertionError(f"page {n} not back online 20 s after the restart "
                                             f"(netOnline, view, stream state): {state}") from e
                    after = settle(p)
                    for field in ("ply", "svg", "piles", "choices", "seats", "mode"):
                        assert after[field] == before[n][field], (n, field)
        final = settle(a)
        assert killed and final["status"]["outcome"], "the game did not end"
        # the spectator cannot move, by click or by request
        refused = c.evaluate(f"""fetch('/api/tables/{key}/resign', {{method: 'POST',
            headers: {{'Content-Type': 'application/json'}}, body: '{{}}'}}).then(r => r.status)""")
        assert refused == 403
        # nothing hidden reached the opponent or the spectator before the end
        for name, own in (("B", "host"), ("C", None)):
            for got in seen_by(pages[name]):
                assert str(SEED) not in json.dumps(got)
                if got["status"]["outcome"] is None:
                    for player in ("guest", "host"):
                        if player == own:
                            continue
                        hand = next(x for x in got["piles"][player] if x["pile"] == "hand")
                        assert hand["tiles"] == {}, (name, player, got["ply"])
        for name, own in (("B", "host"), ("C", None)):  # and every answer the page read
            assert answers[name]
            for text in answers[name]:
                assert str(SEED) not in text and "[Seed" not in text
                got = json.loads(text)
                if "piles" in got and got["status"]["outcome"] is None:
                    hidden = [p for p in ("guest", "host") if p != own]
                    assert all(next(x for x in got["piles"][p] if x["pile"] == "hand")["tiles"] == {}
                               for p in hidden), (name, got["ply"])
        # when it is over, the record with its seed is for everyone
        record = c.evaluate(f"fetch('/api/tables/{key}/record').then(r => r.text())")
        assert f'[Seed "{SEED}"]' in record
        for p in pages.values():
            p.context.close()
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)
    assert os.path.getsize(db) > 0
    assert not errors, errors
