"""Playing in a real browser (issue 17, acceptance 1 and 3): headless Chromium driven by
Playwright clicks through every kind of decision.

The browser is the system's Chromium (``apt-get install chromium``); outside CI the tests skip
when it or Playwright is missing, in CI (``CI`` or ``PAISHO_REQUIRE_BROWSER`` set) they fail.  Positions are made by
seeded games of the engine, so each test knows what the page should offer.
"""
from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

import paisho_core as paisho

IN_CI = bool(os.environ.get("CI") or os.environ.get("PAISHO_REQUIRE_BROWSER"))
CHROMIUM = next((p for p in (os.environ.get("PAISHO_CHROMIUM"), shutil.which("chromium"),
                             shutil.which("chromium-browser"), "/usr/bin/chromium")
                 if p and Path(p).is_file()), None)
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
DOCS_IMG = Path(__file__).resolve().parent.parent / "docs" / "img"


def _require(ok: bool, why: str) -> None:
    if not ok:
        if IN_CI:
            pytest.fail(f"{why}: CI must run the browser tests")
        pytest.skip(why)


try:
    import uvicorn
    from playwright.sync_api import sync_playwright

    from paisho_core.web import create_app
except ImportError as _exc:  # the web extra or playwright is missing
    _MISSING: str | None = f"{_exc.name} is not installed"
else:
    _MISSING = None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    _require(_MISSING is None, str(_MISSING))
    port = _free_port()
    srv = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not srv.started:
        assert time.time() < deadline, "the test server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser():
    _require(_MISSING is None, str(_MISSING))
    _require(CHROMIUM is not None, "no Chromium on this machine (apt-get install chromium)")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 940}, accept_downloads=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(server + "/")
    pg.wait_for_function("meta !== null")
    yield pg
    context.close()
    assert not errors, errors


# -- driving the page ---------------------------------------------------------------------------

def settle(page, timeout=30000) -> dict:
    """Wait until no request is under way and no computer decision is due; the view."""
    page.wait_for_function("view && !busy && view.mode !== 'computer'", timeout=timeout)
    return page.evaluate("view")


def start(page, variant, guest="human", host="human", seed=1) -> dict:
    page.click("#btn-new")
    page.select_option("#variant", variant)
    page.select_option("#guest", guest)
    page.select_option("#host", host)
    page.fill("#seed", str(seed))
    before = page.evaluate("view ? view.id : null")
    page.click("#btn-start-game")
    page.wait_for_function(f"view && view.id !== {json.dumps(before)}")
    page.wait_for_selector("#board svg circle.point")
    return settle(page)


def open_text(page, text) -> dict:
    page.click("#btn-load")
    page.fill("#load-text", text)
    before = page.evaluate("view ? view.id : null")
    page.click("#btn-load-go")
    page.wait_for_function("!document.getElementById('dlg-load').open")
    page.wait_for_function(f"view && view.id !== {json.dumps(before)}")
    return settle(page)


def set_side(page, player, kind) -> dict:
    page.select_option(f"#side-{player}", kind)
    page.wait_for_function(f"view.sides.{player} === {json.dumps(kind)}")
    return settle(page)


def click_point(page, point) -> None:
    page.locator(f'circle.hit[data-x="{point[0]}"][data-y="{point[1]}"]').click()


def click_source(page, group) -> None:
    if group["point"]:
        click_point(page, group["point"])
    elif group["tile"]:
        page.locator(f'.chip-wrap.playable[data-tile="{group["tile"]}"]').first.click()


def click_move(page, text) -> dict:
    """Play the decision ``text`` by clicks alone, the way a player would; the new view."""
    view = settle(page)
    before = view["ply"]
    for group in view["choices"]:
        for button in group["buttons"]:
            if button["text"] == text:
                click_source(page, group)
                page.locator(f"button.choice[data-move={json.dumps(text)}]").click()
                return _after(page, before)
        for target in group["targets"]:
            for move in target["moves"]:
                if move["text"] != text:
                    continue
                click_source(page, group)
                click_point(page, target["point"])
                if len(target["moves"]) > 1:
                    if move["then"]:
                        click_point(page, move["then"])
                    else:
                        page.locator(f"button.choice[data-move={json.dumps(text)}]").click()
                return _after(page, before)
    raise AssertionError(f"{text!r} is not offered: {view['choices']}")


def _after(page, before) -> dict:
    page.wait_for_function(f"view.ply > {before} || view.status.outcome")
    return settle(page)


def moves_of(view) -> list[str]:
    out = [b["text"] for g in view["choices"] for b in g["buttons"]]
    return out + [m["text"] for g in view["choices"] for t in g["targets"] for m in t["moves"]]


def skud_bonus_game():
    """A seeded Skud game at the guest's turn where an arrangement forms a harmony and the bonus
    may be a Boat (found by playing random moves; the seed makes it the same every run)."""
    for seed in range(1, 60):
        game = paisho.new_game("skud", seed=seed)
        rng = random.Random(seed)
        while game.outcome is None and game.ply < 300:
            if game.to_move == "guest" and game.phase == "turn":
                for m in game.legal_moves():
                    if m.action != "arrange":
                        continue
                    after = game.copy()
                    after.play(m)
                    boats = [b for b in after.legal_moves() if b.action == "accent" and b.tile == "B"
                             and after.to_move == "guest"]
                    if boats:
                        return game, str(m), boats
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no seeded Skud game reaches a Boat bonus")


# -- the tests -----------------------------------------------------------------------------------

def test_skud_against_the_computer_by_clicks(page):
    """Accent choice, plant, arrange, undo, an illegal click, then a harmony bonus with a Boat."""
    view = start(page, "skud", guest="human", host="random", seed=3)
    assert view["status"]["phase"] == "accents" and view["status"]["to_move"] == "guest"
    accents = moves_of(view)
    view = click_move(page, accents[0])                                 # accent choice
    assert view["status"]["phase"] == "turn"
    plant = next(t for t in moves_of(view) if t.startswith("R3"))
    view = click_move(page, plant)                                      # plant (and the reply)
    assert view["mode"] == "play" and view["status"]["to_move"] == "guest"
    arrange = next(t for t in moves_of(view) if "-" in t and t.startswith("("))
    before = view
    view = click_move(page, arrange)                                    # arrange
    assert arrange in page.evaluate("view.status.last") or view["ply"] > before["ply"] + 1

    page.click("#btn-hint")                                             # a hint rings its points
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint')")
    assert page.locator("#board .mark.hint").count() >= 1
    page.click("#btn-undo")                                             # undo
    view = settle(page)
    assert view["ply"] == before["ply"] and view["svg"] == before["svg"]

    # an illegal click: an empty point no decision starts or ends on is refused
    empty = next([x, y] for x in range(-6, 7) for y in range(2, 7)
                 if not any(g["point"] == [x, y] for g in view["choices"])
                 and page.locator(f'g.tile[data-x="{x}"][data-y="{y}"]').count() == 0)
    click_point(page, empty)
    page.wait_for_function("document.querySelector('#message').textContent.includes('starts')")
    assert "No legal move" in page.text_content("#message")
    assert page.evaluate("view.ply") == view["ply"] and page.evaluate("view.svg") == view["svg"]

    # a harmony bonus: open a seeded position, the computer plays the host, place a Boat
    game, arrange, boats = skud_bonus_game()
    view = open_text(page, json.dumps(game.position()))
    view = set_side(page, "host", "random")
    assert view["mode"] == "play" and view["status"]["to_move"] == "guest"
    page.wait_for_function("document.querySelectorAll('#board g.tile').length > 0")
    view = click_move(page, arrange)
    assert view["status"]["phase"] == "bonus" and view["status"]["to_move"] == "guest"
    assert page.locator("#board g.harmony").count() >= 1                # harmonies drawn as lines
    assert "New harmon" in page.text_content("#help")                  # which one earned it
    assert page.locator("#board .mark.formed").count() >= 1
    offered = {m for m in moves_of(view)}
    assert "skip" in offered and {str(b) for b in boats} <= offered
    boat = str(boats[-1])
    view = click_move(page, boat)                                      # the Boat: up to 3 clicks
    assert view["status"]["to_move"] == "guest" or "+B" in view["status"]["last"]
    assert page.locator('#board g.tile[data-tile="B"]').count() >= 1


def test_near_end_position_played_to_a_finished_game(page, tmp_path):
    """A record stopped one turn before the end is opened, played on by clicks to the result,
    downloaded, and `paisho replay` reads the same result from the download."""
    game = paisho.new_game("skud", seed=1)
    rng = random.Random(1)
    while game.outcome is None:
        game.play(rng.choice(game.legal_moves()))
    number, player, last_turn = game.turns()[-1]
    short = game.copy()
    while short.turns() and short.turns()[-1][0:2] == (number, player):
        short.undo()
    view = open_text(page, short.record())
    assert view["ply"] == short.ply and view["status"]["to_move"] == player
    other = "host" if player == "guest" else "guest"
    view = set_side(page, other, "random")
    # step back and forth through the record first
    page.click("#btn-start")
    assert settle(page)["ply"] == 0
    page.click("#btn-forward")
    assert settle(page)["ply"] == 1
    page.click("#btn-end")
    assert settle(page)["ply"] == short.ply
    if DOCS_IMG.is_dir() and os.environ.get("PAISHO_SCREENSHOTS"):
        first = next(g for g in settle(page)["choices"] if g["key"])
        click_source(page, first)
        page.screenshot(path=str(DOCS_IMG / "web-play.png"))
        click_source(page, first)
    for move in last_turn:
        if not move.implicit:
            view = click_move(page, str(move))
    view = settle(page)
    outcome = game.outcome
    assert view["mode"] == "over" and view["status"]["outcome"]["result"] == outcome.result
    banner = page.text_content("#banner")
    assert outcome.reason in banner
    with page.expect_download() as download:
        page.click("#btn-record")
    saved = tmp_path / "game.txt"
    download.value.save_as(saved)
    replay = subprocess.run([sys.executable, "-c", "from paisho_core.cli import main; main()",
                             "replay", str(saved)], capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stderr
    word = f"{outcome.winner} wins" if outcome.winner else "draw"
    assert f"Result: {word}, {outcome.reason}" in replay.stdout


def test_fire_drawn_tile_is_placed(page):
    game = paisho.new_game("fire", seed=5)
    rng = random.Random(5)
    while game.phase != "place":
        game.play(rng.choice(game.legal_moves()))
    drawn = {m.tile for m in game.legal_moves()}
    assert len(drawn) == 1
    view = open_text(page, json.dumps(game.position()))
    code = drawn.pop()
    tray = page.locator(f'.chip-wrap.playable[data-tile="{code}"]')
    assert tray.count() == 1 and "Drawn" in page.text_content("#status")
    move = game.legal_moves()[0]
    x, y = move.to_point
    view = click_move(page, str(move))
    assert view["ply"] >= 1 and view["status"]["phase"] != "place"
    assert page.locator(f'#board g.tile[data-tile="{code}"][data-x="{x}"][data-y="{y}"]').count() == 1


def test_ancient_hot_seat_hand_over(page):
    """Two people at one screen: each sees only their own hand, with a hand-over between."""
    view = start(page, "ancient", guest="human", host="human", seed=2)
    assert view["hotseat"] and view["viewer"] == "guest"
    game = paisho.new_game("ancient", seed=2)
    hand = {p: game.state.pile("hand", p) for p in ("guest", "host")}

    def hand_shown(player):
        return page.locator(f".pile-row:has(.pile-owner:has-text('{player.capitalize()}')) .pile:has-text('hand')")

    assert "hidden" in hand_shown("host").text_content()
    assert hand_shown("guest").locator(".chip-wrap").count() == len(hand["guest"])
    while view["status"]["to_move"] == "guest":
        view = click_move(page, moves_of(view)[0])
    assert view["mode"] == "handover" and page.is_visible("#handover")
    assert page.locator("#piles .chip-wrap").count() == 0               # nothing left on show
    page.click("#btn-handover")
    view = settle(page)
    assert view["viewer"] == "host" and not page.is_visible("#handover")
    assert "hidden" in hand_shown("guest").text_content()
    assert hand_shown("host").locator(".chip-wrap").count() >= 1


def test_paisho_serve_answers_and_chromium_draws_the_board(browser, tmp_path):
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-c", "from paisho_core.cli import main; main()",
                             "serve", "--port", str(port), "--db", str(tmp_path / "games.sqlite")],
                            stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    assert r.status == 200 and b"paisho" in r.read()
                break
            except OSError:
                assert proc.poll() is None and time.time() < deadline, proc.stderr.read() if proc.poll() is not None else "timeout"
                time.sleep(0.2)
        pg = browser.new_page()
        pg.goto(url)
        pg.wait_for_function("meta !== null")
        pg.click("#btn-new")
        pg.select_option("#host", "human")
        pg.click("#btn-start-game")
        pg.wait_for_selector("#board svg")
        assert pg.locator("#board svg circle.point").count() == 249
        pg.close()
    finally:
        proc.terminate()
        proc.wait(10)


# -- issue 35: playing as clear as a good teacher ------------------------------------------------

class Responses:
    """Every JSON answer of the server to the page, kept for checks."""

    def __init__(self, page):
        self.items: list[dict] = []
        page.on("response", self._keep)

    def _keep(self, response):
        if "/api/" in response.url and response.request.method in ("GET", "POST"):
            try:
                self.items.append(response.json())
            except Exception:  # a download or an error page
                pass


def hand_tiles(view, player) -> dict:
    return next((p["tiles"] for p in view.get("piles", {}).get(player, []) if p["pile"] == "hand"), {})


def test_ancient_hot_seat_never_shows_a_hand_to_the_other_seat(page):
    """Issue 35, item 1: whatever is clicked (undo after the hand-over, stepping back and
    forward, to the start and the end), no answer of the server and no element of the page
    shows a hand to anyone but the player who took the screen for it, and stepping through is
    never blocked by the cover."""
    answers = Responses(page)
    seat = {"now": "guest"}

    def check():
        view = settle(page)
        page.wait_for_timeout(150)  # the move list's answer follows the view's
        checked, answers.items[:] = list(answers.items), []
        for answer in checked:
            if "piles" not in answer:
                continue
            assert answer["viewer"] in (None, seat["now"]), (answer["viewer"], seat["now"])
            for p in ("guest", "host"):
                if p != answer["viewer"]:
                    assert not hand_tiles(answer, p), (p, answer["viewer"], answer["mode"])
        viewer = view["viewer"]
        for p in ("guest", "host"):
            chips = page.locator(f'.pile-row:has(.pile-owner:has-text("{p.capitalize()}")) '
                                 '.chip-wrap[data-pile="hand"]')
            if p != viewer:
                assert chips.count() == 0, (p, viewer)
        return view

    def take(player):
        check()  # every answer so far was for the seat before
        seat["now"] = player
        button = "#btn-handover" if page.is_visible("#btn-handover") else "#btn-seat"
        page.click(button)
        page.wait_for_function(f"view.viewer === {json.dumps(player)}")
        return check()

    view = start(page, "ancient", guest="human", host="human", seed=2)
    assert view["viewer"] == "guest"
    assert "disabled" in page.get_attribute("#btn-record", "class")  # the record shows all
    while view["mode"] == "play" and view["status"]["to_move"] == "guest":
        view = click_move(page, moves_of(view)[0])                  # guess, order, exchange...
    view = check()
    assert view["mode"] == "handover" and "?" in view["status"]["last"]  # the drawn tile unsaid
    view = take("host")
    page.click("#btn-undo")                                         # the Host undoes
    view = check()
    assert view["mode"] in ("review", "handover") and view["viewer"] is None
    assert not page.is_visible("#handover") or view["mode"] == "handover"
    for button in ("#btn-back", "#btn-forward", "#btn-start", "#btn-end"):
        page.click(button)                                          # never under the cover
        view = check()
        assert view["viewer"] is None
    assert view["mode"] == "handover" and page.is_visible("#handover")  # someone must decide
    page.click("#btn-cover-back")                                   # or step back, hidden
    view = check()
    assert view["mode"] == "review" and not page.is_visible("#handover")
    assert page.is_visible("#btn-seat")                             # whoever decides takes it
    view = take(view["status"]["to_move"])
    assert hand_tiles(view, seat["now"])


def test_a_refused_click_says_why(page):
    """Issue 35, item 3: a click on a point no decision reaches gets the reason a typed move
    gets; clicking the opponent's tile says whose it is."""
    view = start(page, "skud", guest="human", host="random", seed=3)
    view = click_move(page, moves_of(view)[0])                      # the accents
    view = click_move(page, next(t for t in moves_of(view) if t.startswith("W3")))  # a plant
    page.wait_for_function("document.querySelectorAll('#board g.tile[data-owner=host]').length > 0")
    view = settle(page)
    rose = next(g for g in view["choices"] if g["tile"] == "R3")
    click_source(page, rose)
    click_point(page, [1, -6])                                      # not a gate: refused
    page.wait_for_function("document.querySelector('#message').textContent.length > 30")
    clicked = page.text_content("#message")
    page.fill("#move-text", "R3(1,-6)")
    page.click("#type-move button")
    page.wait_for_function(f"document.querySelector('#message').textContent !== {json.dumps(clicked)}")
    typed = page.text_content("#message")
    reason = typed.split(": ", 1)[-1].strip()
    assert reason and reason in clicked, (clicked, typed)
    view = settle(page)
    enemy = next(t for t in page.evaluate("[...document.querySelectorAll('#board g.tile')]"
                                          ".map(e => [e.dataset.owner, +e.dataset.x, +e.dataset.y])")
                 if t[0] == "host")
    click_point(page, enemy[1:])
    page.wait_for_function("document.querySelector('#message').textContent.includes(\"Host's\")")


def test_turned_boards_show_coordinates_and_choices_preview(page):
    """Issue 35, item 5: 3-Piece and Modern are drawn turned, with every grid line numbered and
    each point's coordinates in its tooltip (over the click circle); a choice among several
    decisions ending on one point previews what it does and leaves no stale target lit."""
    for variant in ("modern", "3-piece"):
        view = start(page, variant, seed=1)
        assert page.locator("#board text.coordinate").count() == 34
        assert "numbers at the line ends" in page.text_content("#board .coordinate-key")
        title = page.text_content('circle.hit[data-x="3"][data-y="-7"] title')
        assert "(3,-7)" in title
    group = next(g for g in view["choices"] if g["key"] == "3,-8")
    click_point(page, group["point"])
    target = next(t for t in group["targets"] if t["point"] == [3, -7])
    assert len(target["moves"]) > 1
    click_point(page, target["point"])
    assert page.locator("button.choice").count() == len(target["moves"])
    assert page.locator("#board .mark.target").count() == 0          # nothing stale lit
    assert "ways end on" in page.text_content("#prompt")
    page.hover(f"button.choice[data-move={json.dumps(target['moves'][1]['text'])}]")
    assert page.locator("#board .mark.preview").count() >= 2
    view = click_move(page, target["moves"][1]["text"]) if False else view


def test_a_pile_click_selects_that_pile_only(page):
    """Issue 35, item 6: Fire's library and reserve both hold an R3; a plant takes the library's,
    so only the library's glows and a click selects one tile; Ancient's discard pile never glows."""
    view = start(page, "fire", seed=1)
    lit = page.locator('.chip-wrap.playable[data-tile="R3"]')
    assert lit.count() == 1 and lit.first.get_attribute("data-pile") == "library"
    assert page.locator('.chip-wrap[data-tile="R3"][data-pile="reserve"]').count() >= 1
    lit.first.click()
    assert page.locator(".chip-wrap.selected").count() == 1
    game = paisho.new_game("ancient", seed=2)
    for text in ("left", "first", "x"):
        game.play(text)
    while game.phase != "discard":
        game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])                                 # a tile in the discard
    rng = random.Random(3)
    while not (game.phase == "discard" and game.state.pile("discard", game.to_move)):
        game.play(rng.choice(game.legal_moves()) if game.phase != "turn" else "x")
    view = open_text(page, json.dumps(game.position()))
    assert page.locator('.chip-wrap[data-pile="discard"]').count() >= 1
    assert page.locator('.chip-wrap.playable[data-pile="discard"]').count() == 0
    assert page.locator('.chip-wrap.playable[data-pile="hand"]').count() >= 1


def test_a_move_while_reviewing_asks_first(page):
    """Issue 35, item 7: stepping back through a record and playing asks before the later
    decisions are discarded; declining keeps them."""
    game = paisho.new_game("skud", seed=1)
    rng = random.Random(1)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    view = open_text(page, game.record())
    for _ in range(3):
        page.click("#btn-back")
        view = settle(page)
    assert view["ahead"] == 3
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    text = moves_of(view)[0]
    page.fill("#move-text", text)
    page.click("#type-move button")
    page.wait_for_timeout(300)
    assert asked and "discarded" in asked[0] and "3 later decisions" in asked[0]
    assert settle(page)["ahead"] == 3 and page.evaluate("view.ply") == view["ply"]
    page.once("dialog", lambda d: d.accept())
    page.fill("#move-text", text)
    page.click("#type-move button")
    page.wait_for_function(f"view.ply > {view['ply']}")
    assert settle(page)["ahead"] == 0


def test_move_list_and_explanations(page):
    """Issue 35, item 4: the move list beside the board names each turn in words and notation,
    marks captures and harmonies, and a click shows that position; the pending decision is
    explained in the variant's words."""
    view = start(page, "ancient", guest="human", host="human", seed=2)
    assert "guess left or right" in page.text_content("#help").lower()
    view = click_move(page, "left")                                 # a right guess (seed 2)
    assert "The guess went Guest's way" in page.text_content("#help")
    game = paisho.new_game("skud", seed=2)
    rng = random.Random(2)
    for _ in range(24):
        game.play(rng.choice(game.legal_moves()))
    view = open_text(page, game.record())
    page.wait_for_function("document.querySelectorAll('#moves li').length > 5")
    items = page.locator("#moves li")
    assert items.count() == len(game.turns())
    texts = items.all_text_contents()
    assert "Rock" in texts[0] and "Guest plant: " in texts[2] and "1G." in texts[2], texts[:3]
    items.nth(2).click()
    page.wait_for_function("view.ahead > 0")
    assert page.locator("#moves li.current").count() == 1


def test_ancient_greedy_and_hint_place_tiles(page):
    """Issue 35, item 9: on an empty board the hint suggests a placement (its point ringed),
    not an exchange, and the greedy computer sets tiles on the board within a few turns."""
    view = start(page, "ancient", guest="human", host="human", seed=4)
    while view["status"]["phase"] != "turn":                            # the ritual
        view = click_move(page, moves_of(view)[0])
    page.click("#btn-hint")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint')")
    hint = page.text_content("#message")
    assert re.match(r"Hint: [A-Z]\w*\(-?\d+,-?\d+\)", hint), hint       # a placement, not x
    assert page.locator("#board .mark.hint").count() >= 1
    tiles = page.locator("#board g.tile").count()                       # the centrepiece
    set_side(page, "host", "greedy")
    set_side(page, "guest", "greedy")
    page.wait_for_function(f"document.querySelectorAll('#board g.tile').length >= {tiles + 3}"
                           " || view.status.outcome", timeout=60000)
    set_side(page, "guest", "human")                                    # stop the computers
    set_side(page, "host", "human")
    turns = page.evaluate("view.ply")
    assert page.locator("#board g.tile").count() >= tiles + 2, page.locator("#moves").text_content()
    assert turns <= 30, turns                                           # a few turns (decisions)


SCREENSHOT_PLIES = {"skud": 40, "fire": 30, "ancient": 24, "basic": 40, "iroh": 30, "modern": 30,
                    "3-piece": 30}


@pytest.mark.parametrize("variant", sorted(SCREENSHOT_PLIES))
def test_every_variant_plays_mid_game(page, variant):
    """Every variant opened at a mid-game position shows its board, a move list, its piles and
    a decision to make; with PAISHO_SCREENSHOTS set, the page is saved as the docs' picture
    of that variant (docs/img/browser-VARIANT.png)."""
    game = paisho.new_game(variant, seed=4)
    game.auto_chance = True
    rng = random.Random(4)
    for _ in range(SCREENSHOT_PLIES[variant]):
        if not game.legal_moves():
            break
        game.play(rng.choice(game.legal_moves()))
        if game.outcome is not None:  # mid-game: never the end
            game.undo()
            break
    while game.state.pending:  # a whole turn's end
        game.undo()
    view = open_text(page, game.record())
    if variant == "ancient":  # one hand on show, the computer's hidden
        view = set_side(page, "host" if game.to_move == "guest" else "guest", "greedy")
    page.wait_for_function("document.querySelectorAll('#moves li').length > 0")
    assert page.locator("#board circle.point").count() == 249
    assert page.locator("#moves li").count() == len(game.turns())
    if DOCS_IMG.is_dir() and os.environ.get("PAISHO_SCREENSHOTS"):
        group = next((g for g in view["choices"] if g["key"] and g["targets"]), None)
        if group:
            click_source(page, group)
        page.mouse.move(0, 0)
        page.screenshot(path=str(DOCS_IMG / f"browser-{variant}.png"))
