"""Random games of skud-quick end, and their records replay (run: pytest)."""
import random

import paisho_core as paisho


def test_registered():
    assert "skud-quick" in paisho.variants()


def test_random_games_end_and_replay():
    for seed in range(3):
        rng = random.Random(seed)
        game = paisho.new_game("skud-quick", seed=seed)
        for _ in range(5000):
            moves = game.legal_moves()
            if game.outcome is not None or not moves:
                break
            game.play(rng.choice(moves))
        assert game.outcome is not None
        again = paisho.load_record(game.record())
        assert _board(again) == _board(game)


def _board(game):
    """The position without its seed (a record without chance steps carries none)."""
    return {k: v for k, v in game.position().items() if k != "seed"}
