"""Adevăr in a real browser (issue 37, acceptance 4): the hot seat with a hand-over that never
shows the opponent's Hidden Tile, and a game against the computer played by clicks to its end.
Same machinery and skipping rules as tests/test_web_browser.py (its fixtures are reused)."""
from __future__ import annotations

from pathlib import Path

import paisho_core as paisho
from tests.test_web_browser import browser, click_move, moves_of, open_text, page, server, settle, start  # noqa: F401

RECORD = Path(__file__).resolve().parent / "data" / "tgg" / "adevar" / "adevar-selfplay-1-default.txt"


def _turns() -> list[str]:
    return [ln.strip() for ln in RECORD.read_text().splitlines() if ln.strip() and not ln.startswith("#")]


def _secret_row(page, player) -> dict:
    return next(r for r in page.evaluate("view.piles")[player] if r["pile"] == "secret")


def test_adevar_hot_seat_hides_the_hidden_tile(page):
    view = start(page, "adevar", guest="human", host="human", seed=4)
    assert view["status"]["phase"] == "choose" and view["status"]["to_move"] == "host"
    choices = moves_of(view)
    assert "cHT:WhiteRose" in choices and len(choices) == 7
    view = click_move(page, "cHT:WhiteRose")                          # the host's secret choice
    if view["mode"] == "handover":
        page.click("#btn-handover")
        view = settle(page)
    assert view["status"]["to_move"] == "guest"
    assert "WhiteRose" not in view["status"]["last"]                  # "0H.cHT:HiddenTile"
    host_secret = page.locator(".pile-row:has(.pile-owner:has-text('Host')) .pile:has-text('secret')")
    assert "WhiteRose" not in (host_secret.text_content() if host_secret.count() else "")
    assert _secret_row(page, "host") == {"pile": "secret", "tiles": {}, "hidden": 1}
    view = click_move(page, "cHT:Iris")                               # the guest's
    assert view["mode"] == "handover" and page.is_visible("#handover")
    page.click("#btn-handover")
    view = settle(page)
    assert view["viewer"] == "host" and view["status"]["phase"] == "turn"
    assert _secret_row(page, "guest") == {"pile": "secret", "tiles": {}, "hidden": 1}  # never seen
    move = next(t for t in moves_of(view) if t.startswith("("))
    view = click_move(page, move)                                     # a move by clicks
    assert view["ply"] == 3


def test_adevar_against_the_computer_to_the_end(page):
    """The reference game one turn before its end, the computer on the other side: the last
    (winning) turn is a call, clicked from the hand to the board."""
    turns = _turns()
    game = paisho.new_game("adevar")
    for t in turns[:-1]:
        game.play(t)
    view = open_text(page, game.record())
    page.select_option("#side-host", "random")
    view = settle(page)
    last = turns[-1].split(".", 1)[1]
    assert view["status"]["to_move"] == "guest" and last in moves_of(view)
    view = click_move(page, last)
    assert view["status"]["outcome"] and view["status"]["outcome"]["winner"] == "guest"
