"""A Vagabond game played by clicks in a real browser against the computer, to its end (issue 36,
acceptance 4).  The page and server fixtures and the click helpers are test_web_browser's; a
copy of the game in Python follows the page (the computer's turns read from the page's last-turn
line) so the clicking side can choose its turns: capture the opposing White Lotus when it can,
else take a tile, else deploy or move at random (seeded)."""
from __future__ import annotations

import random

import paisho_core as paisho

from .test_web_browser import browser, click_move, moves_of, page, server, settle, start  # noqa: F401

ORDER = {"L": 0, "W": 1, "S": 2, "B": 3, "C": 4, "D": 5, "F": 6}


def choose(game, rng) -> str:
    moves = game.legal_moves()
    foe = "host" if game.to_move == "guest" else "guest"
    st = game.state
    takes = [m for m in moves if m.src >= 0 and st.board[m.dst] is not None]
    lotus = [m for m in takes if st.board[m.dst].kind.code == "L" and st.board[m.dst].owner == foe]
    if lotus or takes:
        return str((lotus or takes)[0])
    deploys = [m for m in moves if m.src < 0]
    if deploys and rng.random() < 0.7:
        best = min(ORDER.get(m.tile, 9) for m in deploys)
        return str(rng.choice([m for m in deploys if ORDER.get(m.tile, 9) == best]))
    return str(rng.choice(moves))


def test_vagabond_against_the_computer_by_clicks(page):  # noqa: F811
    view = start(page, "vagabond", guest="human", host="random", seed=4)
    mirror = paisho.new_game("vagabond", seed=4)
    rng = random.Random(4)
    clicks = 0
    while view["mode"] != "over":
        assert view["mode"] == "play" and view["status"]["to_move"] == "guest", view["mode"]
        while mirror.ply < view["ply"]:                   # the computer's turn, from the page
            number, rest = view["status"]["last"].split(".", 1)
            mirror.play_turn(int(number[:-1]), "host", rest)
        assert mirror.to_move == "guest" and mirror.ply == view["ply"]
        text = choose(mirror, rng)
        assert text in moves_of(view)
        view = click_move(page, text)                     # one or two clicks: tile or point, then target
        mirror.play(text)
        clicks += 1
        assert clicks < 400, "the game did not end"
    view = settle(page)
    outcome = view["status"]["outcome"]
    assert outcome["reason"] in ("captured the White Lotus", "turn limit", "no legal move")
    if mirror.outcome is None:                            # the computer's winning turn
        number, rest = view["status"]["last"].split(".", 1)
        mirror.play_turn(int(number[:-1]), "host", rest)
    assert mirror.outcome.result == outcome["result"]
    assert page.locator("#board g.tile").count() >= 2
