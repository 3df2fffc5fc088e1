"""Two people at one terminal in a game with hidden hands (issue 8: each sees only their own hand,
the screen is handed over between turns)."""
from __future__ import annotations

from typer.testing import CliRunner

import paisho_core as paisho
from paisho_core.cli.app import app


def test_ancient_hot_seat_shows_each_player_only_their_hand():
    game = paisho.new_game("ancient", seed=7)
    game.play("left")
    game.play("first")
    game.play("x")
    host_hand = game.observation("host")
    assert "hidden" in host_hand
    result = CliRunner().invoke(app, ["play", "ancient", "--seed", "7", "--plain"],
                                input="left\nfirst\nx\nR4\nquit\n")
    out = result.stdout
    assert result.exit_code == 0, out
    before, _, after = out.partition("-- the terminal passes to host --")
    assert after, "the screen is handed over when the host's turn comes"
    # before the hand-over only the Guest's hand is shown; after it only the Host's
    assert "Host (h): hand: 5 hidden" in before and "Host (h): hand: 5 hidden" not in after
    assert "Guest (g): discard: R4; hand: 5 hidden" in after
