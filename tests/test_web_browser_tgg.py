"""The games from The Garden Gate played by clicks in a real browser (issue 38): a new game
with its deal drawn, then a game opened a few turns from its end and clicked through to the
result.  Uses the page, server and driving helpers of tests/test_web_browser.py (skipped, like
it, without Chromium or Playwright outside CI)."""
from __future__ import annotations

import random

import paisho_core as paisho

from .test_web_browser import browser, click_move, moves_of, open_text, page, server, start  # noqa: F401


def finished(variant: str, seed: int, prefer=None):
    """A seeded game played to its end (``prefer`` picks the moves tried first)."""
    game = paisho.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while game.outcome is None:
        moves = game.legal_moves()
        good = [m for m in moves if prefer and prefer(game, m)]
        game.play(rng.choice(good if good and rng.random() < 0.9 else moves))
    return game


def click_to_the_end(page, game, back: int) -> dict:  # noqa: F811
    """Open ``game`` ``back`` decisions before its end, click them, and check the result."""
    short = game.copy()
    for _ in range(back):
        short.undo()
    view = open_text(page, short.record())
    assert view["ply"] == short.ply
    for ply, move in enumerate(game.moves[short.ply:], start=short.ply):
        if view["ply"] > ply:  # the page played a decision with a single choice itself
            continue
        view = click_move(page, str(move))
    assert view["mode"] == "over" and view["status"]["outcome"]["result"] == game.outcome.result
    # the page may reach the end by a pass it played itself (a single choice), so the banner's
    # first words can differ from the scripted game's; the count that decides is the same
    assert game.outcome.reason.split(": ")[-1] in page.text_content("#banner")
    return view


def test_capture_deal_then_moves_by_clicks_to_the_end(page):  # noqa: F811
    view = start(page, "capture", guest="human", host="human", seed=4)
    assert view["status"]["phase"] == "move" and view["status"]["to_move"] == "host"
    assert page.locator("#board g.tile").count() == 24  # the deal is on the board
    dealt = paisho.new_game("capture", seed=4)
    assert sorted(moves_of(view)) == sorted(str(m) for m in dealt.legal_moves())
    view = click_move(page, str(dealt.legal_moves()[0]))
    assert view["status"]["to_move"] == "guest"
    capture = finished("capture", 3, prefer=lambda g, m: g.state.board[m.dst] is not None)
    click_to_the_end(page, capture, 6)


def test_undergrowth_placements_pass_and_clicks_to_the_end(page):  # noqa: F811
    view = start(page, "undergrowth", guest="human", host="human", seed=2)
    assert view["status"]["to_move"] == "host" and sorted(moves_of(view))[0].startswith("L(")
    view = click_move(page, "R3(0,8)")                  # a tile from the reserve onto a Gate
    assert view["status"]["to_move"] == "guest"
    view = click_move(page, "W3(0,-8)")                 # the Guest's first tile ...
    assert view["status"]["to_move"] == "guest" and view["status"]["phase"] == "second"
    view = click_move(page, "R4(8,0)")                  # ... and its second
    assert view["status"]["to_move"] == "host" and "-" not in moves_of(view)
    view = click_move(page, "W4(-8,0)")
    second = moves_of(view)[0]
    view = click_move(page, second)
    assert view["status"]["to_move"] == "guest" and "-" in moves_of(view)
    view = click_move(page, "-")                        # a pass, by its button
    assert view["status"]["to_move"] == "host"
    game = finished("undergrowth", 5)
    click_to_the_end(page, game, 5)
