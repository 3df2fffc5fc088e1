"""Dealing hidden tiles for a search (paisho_core/players/hidden.py): a :class:`Dealer` reads the
observation once and skips the schema check on the position it builds from it; every deal must
be the one the straightforward reading (observation read, schema checked, each time) gives, and
every deal must show the player exactly what the real game shows them (else the search plays
another game, or, where no deal can be built, falls back on the real position and sees what it
must not)."""
from __future__ import annotations

import random

import pytest

import paisho_core as paisho
from paisho_core import PositionError, from_position
from paisho_core.players import RandomPlayer
from paisho_core.players.hidden import Dealer, _unseen, hidden_players


def slow_deal(game, player, rng):
    """The reference: read the observation, count the unseen tiles, deal, validate in full."""
    view = game.observation(player)
    hidden = view["hidden"]
    unseen = dict(view.get("unseen") or {}) or _unseen(game, view, hidden_players(hidden))
    bag = [c for c, n in sorted(unseen.items()) for _ in range(n)]
    data = {k: v for k, v in view.items() if k not in ("hidden", "unseen", "viewer")}
    data["seed"] = rng.randrange(10**9)
    for path, size in sorted(hidden.items()):
        *outer, last = path.split(".")
        target = data
        for key in outer:
            target[key] = dict(target.get(key) or {})
            target = target[key]
        weights = game.rules.deal_weights(game, player)
        if weights and any(weights.get(c, 0) for c in bag):  # drawn one by one by the weights
            drawn = [bag.pop(rng.choices(range(len(bag)), [weights.get(c, 0) for c in bag])[0])
                     for _ in range(min(size, len(bag)))]
            bag[:0] = drawn
        else:
            rng.shuffle(bag)
        target[last] = {}
        for code in bag[:size]:
            target[last][code] = target[last].get(code, 0) + 1
        del bag[:size]
    return from_position(data)


def positions(variant, options, seeds=range(3), plies=(0, 7, 20, 45)):
    for seed in seeds:
        game = paisho.new_game(variant, seed=seed, options=options)
        bot = RandomPlayer(seed)
        for target in plies:
            while game.outcome is None and game.ply < target:
                if game.chance_outcomes():
                    game.play(game.chance_outcomes()[0][0])
                    continue
                game.play(bot.choose(game))
            if game.outcome is None:
                yield game


HIDDEN = [("ancient", {}), ("ancient", {"tile_pool": "per_player"}), ("fire", {"HideReserveTiles": True}),
          ("adevar", {})]
"""Adevar's Hidden Tiles are dealt by its ``paisho_deal_weights`` (one tile a pile: the
reference's one-by-one draw and the Dealer's agree)."""


@pytest.mark.parametrize("variant, options", HIDDEN)
def test_every_deal_is_the_straightforward_one(variant, options):
    checked = 0
    for game in positions(variant, options):
        for player in ("host", "guest"):
            if not game.observation(player).get("hidden"):
                continue
            dealer = Dealer(game, player)
            fast_rng, slow_rng = random.Random(5), random.Random(5)
            for _ in range(4):  # one dealer deals again and again: nothing carries over
                fast = dealer.deal(fast_rng)
                assert fast is not None
                assert fast.position() == slow_deal(game, player, slow_rng).position()
                checked += 1
    assert checked >= 20


@pytest.mark.parametrize("variant, options", HIDDEN)
def test_a_deal_shows_the_player_what_the_game_shows_them(variant, options):
    """Found wanting: deals kept only the core's fields, so Ancient's searches played a game
    with another first player (and no-progress count), and Fire's could not deal a turn with
    a tile drawn and searched the real reserves (17% of positions)."""
    dealt = 0
    for game in positions(variant, options, seeds=range(4), plies=(0, 3, 7, 12, 20, 33, 45, 60, 80)):
        for player in ("host", "guest"):
            view = game.observation(player)
            if not view.get("hidden"):
                continue
            deal = Dealer(game, player).deal(random.Random(game.ply))
            assert deal is not None, (variant, game.ply, player)
            seen = deal.observation(player)
            seen.pop("seed", None)
            view.pop("seed", None)
            assert seen == view, (variant, game.ply, player)
            dealt += 1
    assert dealt >= 30


def _adevar_midgame():
    game = paisho.new_game("adevar", seed=2)
    bot = RandomPlayer(2)
    game.play("cHT:Iris")
    game.play("cHT:WhiteRose")
    while game.ply < 9:
        game.play(bot.choose(game))
    return game


def test_deals_follow_the_variants_weights(monkeypatch):
    game = _adevar_midgame()
    monkeypatch.setattr(game.rules, "deal_weights", lambda g, p: {"WhiteRose": 3.0, "Iris": 1.0})
    dealer = Dealer(game, "host")
    rng = random.Random(11)
    drawn = [next(iter(dealer.deal(rng).state.piles["secret"]["guest"])) for _ in range(2000)]
    assert set(drawn) == {"WhiteRose", "Iris"}  # the codes left out weigh 0
    assert 0.72 < drawn.count("WhiteRose") / len(drawn) < 0.78


@pytest.mark.parametrize("weights", [None, "all", {}, {"WhiteRose": -1.0}, {"WhiteRose": float("nan")},
                                     {"WhiteRose": float("inf")}, {"WhiteRose": True}, {"Tulip": 1.0},
                                     {"WhiteRose": 0.0}])
def test_weights_that_say_nothing_usable_deal_every_unseen_tile_alike(monkeypatch, weights):
    game = _adevar_midgame()
    monkeypatch.setattr(game.rules, "deal_weights", lambda g, p: weights)
    dealer = Dealer(game, "host")
    assert dealer.weights is None
    rng = random.Random(3)
    drawn = {next(iter(dealer.deal(rng).state.piles["secret"]["guest"])) for _ in range(300)}
    assert len(drawn) == 7


def test_a_trusted_position_skips_only_the_schema():
    game = next(positions("ancient", {}, seeds=[1], plies=[12]))
    data = game.position()
    assert from_position(data, trusted=True).position() == from_position(data).position()
    assert data["board"]  # twelve plies in: tiles stand on the board
    off_board = dict(data["board"][0], x=99, y=0)
    bad = dict(data, board=data["board"] + [off_board])
    for trusted in (False, True):  # the board is checked either way
        with pytest.raises(PositionError):
            from_position(bad, trusted=trusted)
    with pytest.raises(PositionError, match="to_move"):  # a wrong type is the schema's to catch
        from_position(dict(data, to_move=3))
