"""The Garden Gate's Street and Nick in the browser (issue 39): each played by clicks to a finished
game in headless Chromium, a plant from the reserve included.  The positions come from TGG's own
games (tests/data/tgg/); the page, fixtures and helpers are those of tests/test_web_browser.py."""
from __future__ import annotations

import json
import random

import paisho_core as paisho

from tests.test_tgg_street_nick import NICK, STREET, compare_nick
from tests.test_web_browser import browser, click_move, open_text, page, server, settle  # noqa: F401

assert browser and page and server  # pytest fixtures, used by name


def _one_turn_before_the_end(variant: str, turns: list[str]):
    """A paisho game one turn before TGG's game ended, and that last turn."""
    game = paisho.new_game(variant, options={"repetition": 0, "max_turns": 0})
    for t in turns[:-1]:
        game.play(t)
    return game, turns[-1].split(".", 1)[1]


def test_street_tgg_plant_and_win_by_clicks(page):  # noqa: F811
    # a plant: a seeded game played until the player to move may plant on their gate
    game = paisho.new_game("street-tgg", seed=2)
    rng = random.Random(2)
    while not any(m.action == "plant" for m in game.legal_moves()):
        game.play(rng.choice([m for m in game.legal_moves() if m.action != "plant"]))
    plant = next(str(m) for m in game.legal_moves() if m.action == "plant")
    view = open_text(page, json.dumps(game.position()))
    before = page.locator("#board g.tile").count()
    view = click_move(page, plant)
    assert page.locator("#board g.tile").count() == before + 1
    # a win: TGG's first decided game without options, its last turn played by clicks
    d = next(d for d in STREET if not d["options"] and d["end"]["winner"])
    game, last = _one_turn_before_the_end("street-tgg", d["turns"])
    view = open_text(page, game.record())
    view = click_move(page, last)
    view = settle(page)
    assert view["mode"] == "over"
    assert view["status"]["outcome"]["winner"] == d["end"]["winner"].lower()
    assert "harmony across all midlines" in page.text_content("#banner")


def test_nick_played_to_the_centre_by_clicks(page):  # noqa: F811
    d = next(d for d in NICK if not d["options"] and d["end"]["winner"])
    game, last = _one_turn_before_the_end("nick", [compare_nick.turn_text(t) for t in d["turns"]])
    view = open_text(page, game.record())
    view = click_move(page, last)
    view = settle(page)
    assert view["mode"] == "over"
    assert view["status"]["outcome"]["winner"] == d["end"]["winner"].lower()
