"""What the strategy modules of Skud, Fire, Ancient and 3-Piece teach the computer players,
checked on positions built for it: each test names the rule its behaviour comes from.  No test
here is timed; strength and speed are measured by ``benchmarks/strength.py``."""
from __future__ import annotations

from paisho_core.players import GreedyPlayer
from tests.test_ancient import game_of as ancient_game
from paisho_variants.ancient.strategy import paisho_evaluate as ancient_evaluate
from paisho_variants.ancient.strategy import reaches_target


# -- Ancient: the target is reached by one's own step (docs/variants/ancient/rules.md, Goal) --

def test_ancient_sees_a_move_that_reaches_the_target():
    """The target is checked after the move step (rules, A turn): W3 (1,1) to (1,3) faces the
    W4 on (3,3), a harmony (Jasmine-Lily), and the count 1 is the target."""
    g = ancient_game(["W3@(1,1)", "W4@(3,3)"], phase="move", options={"target": 1})
    assert reaches_target(g)
    g = ancient_game(["W3@(1,1)", "W4@(3,3)"], phase="move", options={"target": 2})
    assert not reaches_target(g)


def test_ancient_greedy_places_so_that_its_move_wins():
    """Place and move (rules, A turn): a Knotweed placed next to either flower would drain it
    for good (rules, Tiles); greedy places it elsewhere and wins with the move."""
    g = ancient_game(["W3@(1,1)", "W4@(3,3)"], hand={"K": 1}, host_hand={"R3": 1},
                     options={"target": 1})
    p = GreedyPlayer(seed=1)
    g.play(p.choose(g))
    assert g.phase == "move"
    g.play(p.choose(g))
    assert g.outcome is not None and g.outcome.winner == "guest" and g.outcome.reason == "target"


def test_ancient_greedy_sets_tiles_out_while_the_pool_is_full():
    """Issue 35, item 9: at one ply the evaluation alone (a kept tile and the last word) had
    greedy, and the page's hints, exchange for the whole pool on an empty board.  The one-ply
    value (Ancient rulings, Greedy sets tiles out; read by greedy, not the search) makes its
    first turns placements until it has OPENING_TILES tiles on the board."""
    import paisho_core as paisho
    from paisho_variants.ancient.strategy import OPENING_TILES, paisho_one_ply_value

    for seed in range(3):
        g = paisho.new_game("ancient", seed=seed, options={"first_player": "guest"})
        p = GreedyPlayer(seed=seed)
        placed = []
        while len(placed) < OPENING_TILES:
            move = p.choose(g)
            if g.phase == "turn" and g.to_move == "guest":
                assert move.action == "place", (seed, move.text)
                placed.append(move.tile)
            g.play(move)
            while g.outcome is None and g.to_move != "guest":
                g.play(GreedyPlayer(seed=seed).choose(g))
        while g.outcome is None and (g.to_move, g.phase) != ("guest", "turn"):
            g.play(GreedyPlayer(seed=seed).choose(g))
        if g.outcome is None:
            g.play(next(m for m in g.legal_moves() if m.action == "place" and m.tile != "B"))
        if g.phase == "move":
            assert paisho_one_ply_value(g, "guest") is None      # a third tile: the evaluation alone
            assert paisho_one_ply_value(g, "host") is None       # never for the other player


def test_ancient_a_near_count_is_dangerous_only_if_the_opponent_can_place():
    """Only a placement is followed by a move (rules, A turn): an opponent with an empty hand
    cannot change the count, so a count one short of the target left to them is safe; one left
    to an opponent holding tiles is a danger."""
    tiles = ["W3@(1,1)", "W4@(3,3)"]
    armed = ancient_game(tiles, to_move="host", hand={"R": 1}, host_hand={"R3": 1},
                         options={"target": 1})
    empty = ancient_game(tiles, to_move="host", hand={"R": 1}, host_hand={},
                         options={"target": 1})
    far = ancient_game(tiles, to_move="host", hand={"R": 1}, host_hand={"R3": 1},
                       options={"target": 4})
    assert ancient_evaluate(armed, "guest") < ancient_evaluate(far, "guest") < ancient_evaluate(empty, "guest")


def test_ancient_the_opponents_move_step_is_checked_for_the_target_too():
    """The target is checked after the move step of whoever is playing the turn (rules, Goal; A
    turn), and the move is made whatever is left in the mover's hand.  The Host has placed (its
    hand is now empty) and W3 (1,1) to (1,3) would face the W4 on (3,3), a harmony, making the
    count 1, the target: for the Guest that is all but lost, as the same step is all but won for
    the Host.  (Checked only for one's own move step, the Guest scored the Host's empty hand as
    harmless, and a search player left a count the opponent's last tile and move could bring
    from 0 to 3.)"""
    from paisho_variants.ancient.strategy import REACH

    for host_hand in ({}, {"R3": 1}):
        g = ancient_game(["W3@(1,1)", "W4@(3,3)"], phase="move", to_move="host", hand={"R": 1},
                         host_hand=host_hand, options={"target": 1})
        assert reaches_target(g)
        assert ancient_evaluate(g, "guest") < -REACH / 2
        assert ancient_evaluate(g, "host") > REACH / 2


def test_ancient_a_wheel_or_ship_under_way_is_scored_as_its_move_step():
    """A placement is followed by its effect (a Wheel's turn, a Ship's send) and then the move,
    and the count is checked after the placement and after the move (rules, A turn): while the
    effect is pending the player's own step is still to come, as in the move step, so a count
    one short of the target is scored alike before and after a Wheel turn that moves nothing.
    (Scored as the start of the player's turn, it gave every Wheel and Ship placement a bonus
    that the turn's end took back, and a search spent its visits on hundreds of them.)"""
    g = ancient_game(["W3@(1,1)", "W4@(3,1)"], hand={"W": 1, "R3": 1}, host_hand={"R3": 1},
                     options={"target": 2})  # a Jasmine-Lily harmony: the count is 1
    assert g.position()["count"] == 1
    g.play("W(-5,-5)")  # nothing on its ring
    assert g.phase == "wheel"
    placed = ancient_evaluate(g, "guest")
    g.play("@0")
    assert g.phase == "move" and not reaches_target(g)  # two flowers make one harmony at most
    assert placed == ancient_evaluate(g, "guest")


# -- Skud and Fire: a harmony ring around the centre wins (docs/variants/skud/rules.md, Goal) --

RING_TILES = [("G", "R3", -5, 5), ("G", "R4", 5, 5), ("G", "L", -5, -5), ("G", "R5", 1, -5),
              ("H", "W3", -1, 7), ("H", "R4", -7, 1)]
"""The Guest's Rose, Chrysanthemum and White Lotus hold three sides of a ring (R3-R4 on row 5,
R3-Lotus on column -5); the Rhododendron on (1,-5) closes it on (5,-5) (R4-R5 on column 5,
R5-Lotus on row -5), as in the rules page's ring picture."""


def test_skud_greedy_completes_a_ring_in_one_move():
    """A ring is checked after the complete turn, bonus included (rules, End of the game): the
    arrange that closes it is seen before the bonus, and the bonus does not undo it."""
    from tests.test_skud_rules import game_of as skud_game
    g = skud_game(RING_TILES)
    p = GreedyPlayer(seed=3)
    while g.outcome is None and g.to_move == "guest":
        g.play(p.choose(g))
    assert g.outcome is not None and g.outcome.winner == "guest"
    assert g.outcome.reason == "harmony ring"


def test_skud_a_ring_in_the_middle_of_a_turn_is_all_but_a_win():
    """Rings are checked for both players (rules, End of the game): the evaluation of a position
    whose ring waits for the end of the turn is near a win for its owner, a loss for the other."""
    from tests.test_skud_rules import game_of as skud_game
    from paisho_variants.skud.strategy import paisho_evaluate as skud_evaluate
    g = skud_game(RING_TILES)
    g.play("(1,-5)-(5,-5)")
    assert g.outcome is None and g.phase == "bonus"
    assert skud_evaluate(g, "guest") >= 500 and skud_evaluate(g, "host") <= -500


# -- 3-Piece: Irises in red areas next to enemy Bisons (docs/variants/three-piece/rules.md) ---

WORKED = {(2, 2): "GI", (4, 3): "GI", (1, 1): "GW", (-5, -5): "GB",
          (2, 4): "HB", (3, 0): "HB", (-5, 5): "HI", (-6, 4): "HW"}
"""The rules page's worked example, Host to move."""


def test_three_piece_greedy_captures_an_iris_in_a_red_area():
    """An Iris in a red area with an enemy Bison next to it is captured (rules, Capture, Defense
    and death): the Host's Bison steps to (2,3), next to the Guest's Iris on the red (2,2), and
    the move is the first the playout weights offer."""
    from tests.test_three_piece import flagged, pos
    from paisho_variants.three_piece.strategy import paisho_playout_weights
    g = pos(WORKED, to_move="host")
    moves = g.legal_moves()
    weights = paisho_playout_weights(g, moves)
    assert moves[max(range(len(moves)), key=weights.__getitem__)].text == "(2,4)-(2,3)"
    g.play(GreedyPlayer(seed=2).choose(g))
    assert (2, 2) in flagged(g, "captured")


def test_three_piece_a_repeated_position_is_pulled_toward_the_draw():
    """A third occurrence of a position draws (rules, End of the game): for the player ahead the
    evaluation of a position seen before is divided by how often it has occurred; for the
    player behind it is not (a repeat gains it nothing short of the draw itself)."""
    from tests.test_three_piece import pos
    from paisho_variants.three_piece.strategy import paisho_evaluate as tp_evaluate
    g = pos(WORKED, to_move="host")
    g.play("(2,4)-(2,3)")
    g.play("(4,3)-(3,3)")  # the Defense
    first, behind = tp_evaluate(g, "host"), tp_evaluate(g, "guest")
    for m in ("(-6,4)-(-6,3)", "(1,1)-(1,0)", "(-6,3)-(-6,4)", "(1,0)-(1,1)"):
        g.play(m)
    seen = g.state.extra["seen"]
    assert g.outcome is None and seen.count(seen[-1]) == 2
    assert first > 0 and tp_evaluate(g, "host") == first / 2
    assert behind < 0 and tp_evaluate(g, "guest") == behind


def test_ancient_counts_after_moves_agree_with_playing_them():
    """The count after each move step, taken line by line (strategy.counts_after_moves), equals
    the count the game reports once the move is played (rules, Harmonies and the count), under
    the default options and the ones that change how a line counts: Coin and Lotus between
    the pair only, a Lotus flipping once, drained flowers blocking, harmonies alone counting."""
    from paisho_variants.ancient.derived import harmony_count
    from paisho_variants.ancient.strategy import counts_after_moves
    from tests.test_ancient import placing_games

    option_sets = [{}, {"coin_scope": "between", "lotus_scope": "between"},
                   {"lotus_stacking": "once", "drained_block_lines": True},
                   {"count_disharmony": False, "dragon_jumps": False}]
    checked = 0
    for g, _seed, options in placing_games(option_sets * 3, 11, 160):
        if g.phase == "move":
            moves = g.legal_moves()
            fast = counts_after_moves(g, [(m.src, m.dst) for m in moves])
            for m, c in zip(moves, fast):
                g.play(m)
                assert harmony_count(g) == c, (options, g.ply, m.text)
                g.undo()
                checked += 1
    assert checked > 1000


def _placements_after_the_last(pool: int, mine: int, theirs: int) -> int:
    """The slow oracle of ``last_word``: the exchange-and-placement game played out by minimax
    (rules, A turn: an exchange needs the pool and keeps the hand, a placement spends a tile, a
    player with neither passes; End of the game: both hands empty).  The value, for the player
    to move, is the placements they make after the other's hand is empty, less the other's."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def solo(n: int, a: int, b: int) -> int:
        if a == 0 and b == 0:
            return 0
        if n == 0 and (a == 0 or b == 0):
            return a - b  # the one holding tiles places them all, unanswered
        options = [-solo(n - 1, b, a)] if n else []
        if a:
            options.append(-solo(n, b, a - 1))
        return max(options)

    return solo(pool, mine, theirs)


def test_ancient_level_hands_count_against_each_other(monkeypatch):
    """Exhaustion is decided by the harmonies of one's own placing (rules, End of the game), and
    a tile in hand keeps a player in the game while the pool lasts: the term counts for a player
    not ahead on that tiebreak and, the same term seen from across the board, against the
    opponent's hand when the opponent is not ahead.  Level, the two hands cancel, so a player
    does not rate a level exchange above the draw that ends it (rulings, A Dragon exchange with
    no end: counting only one's own hand, both players rated it about +2 and played on past the
    no-progress rule).  The last word, which also follows the hands, is held at none here."""
    from paisho_variants.ancient import strategy

    monkeypatch.setattr(strategy, "last_word", lambda st, o: ("guest", 0))

    def value(mine, theirs, tiles):
        g = ancient_game(list(tiles), to_move="host", hand={"R3": mine}, host_hand={"R4": theirs},
                         pool={"R5": 6})
        return ancient_evaluate(g, "guest")

    tile = strategy.HAND_TILE
    level = ("W3@(1,1)",)
    assert abs(value(3, 3, level) - value(1, 1, level)) < 1e-9  # level hands cancel
    assert abs(value(3, 4, level) - value(3, 3, level) + tile) < 1e-9
    assert abs(value(4, 3, level) - value(3, 3, level) - tile) < 1e-9
    guest_ahead = ("W3@(1,1)", "W4@(1,3)")  # a Jasmine-Lily harmony of the Guest's own placing
    assert abs(value(4, 3, guest_ahead) - value(3, 3, guest_ahead)) < 1e-9  # its own hand: nothing
    assert abs(value(3, 4, guest_ahead) - value(3, 3, guest_ahead) + tile) < 1e-9  # the Host's: against


def _guest_after_each_move(g) -> dict:
    """The Guest's evaluation after each legal move of ``g``, by its notation."""
    after = {}
    for m in g.legal_moves():
        h = g.copy()
        h.auto_chance = False
        h.play(m)
        after[m.text] = ancient_evaluate(h, "guest")
    return after


def test_ancient_an_exchange_discards_a_special_tile_before_a_flower():
    """Only flowers form harmonies (rules, Harmonies and the count; wiki 35-40), so once the
    pool is empty and every turn is a placement (rules, A turn) a hand of special tiles cannot
    bring the count to the target.  At the discard of an exchange (rules, A turn: draw, then
    discard any tile) holding three flowers and two special tiles, with the target 3, the
    Guest's evaluation keeps the flowers; greedy discards a special tile.  (Blind to the hand's
    make-up, every discard scored alike, and a searching player reached the empty pool holding
    Dragons and a Knotweed after discarding fifteen flowers.)"""
    g = ancient_game(["W3@(1,1)", "R4@(-2,3)"], phase="discard",
                     hand={"W3": 1, "R4": 1, "R5": 1, "K": 1, "D": 1},
                     host_hand={"R3": 3, "W": 1, "L": 1}, pool={"W4": 3, "B": 2, "R": 2})
    after = _guest_after_each_move(g)
    assert after["K"] == after["D"] > max(after["W3"], after["R4"], after["R5"])
    assert GreedyPlayer(seed=1).choose(g).text in ("K", "D")
    # a fourth flower adds nothing the target needs: discarding it costs no more than a special
    g = ancient_game(["W3@(1,1)", "R4@(-2,3)"], phase="discard",
                     hand={"W3": 1, "R4": 1, "R5": 1, "W5": 1, "K": 1},
                     host_hand={"R3": 3, "W": 1, "L": 1}, pool={"W4": 3, "B": 2, "R": 2})
    after = _guest_after_each_move(g)
    assert after["K"] == after["W5"] == after["R5"]


def test_ancient_flowers_in_the_opponents_hand_are_read_only_with_the_pool():
    """The Host's hand is hidden from the Guest (rules, Setup: hands are secret): the flowers it
    holds count against the Guest only through the Host's share of the flowers the Guest cannot
    see (the Host's hand and the pool together), so two games that differ only in how those
    tiles are split between them score alike for the Guest.  Once the pool is empty every
    unseen tile is in the Host's hand, and its flowers count in full."""
    from paisho_variants.ancient import rules
    from paisho_variants.ancient.strategy import flowers_kept

    tiles = ["W3@(1,1)", "R4@(-2,3)"]
    mine = {"W3": 1, "K": 1, "D": 1}
    a = ancient_game(tiles, to_move="host", hand=mine, host_hand={"R3": 2, "K": 1},
                     pool={"D": 2, "W5": 1})
    b = ancient_game(tiles, to_move="host", hand=mine, host_hand={"D": 2, "W5": 1},
                     pool={"R3": 2, "K": 1})
    assert ancient_evaluate(a, "guest") == ancient_evaluate(b, "guest")
    o = rules.opts(a)
    assert flowers_kept(a.state, o, "guest") == flowers_kept(b.state, o, "guest") == 1 - 3 * 3 / 6
    spent = ancient_game(tiles, to_move="host", hand=mine, host_hand={"R3": 2, "K": 1})
    kept = ancient_game(tiles, to_move="host", hand=mine, host_hand={"D": 2, "K": 1})
    assert flowers_kept(spent.state, o, "guest") == 1 - 2
    assert ancient_evaluate(kept, "guest") - ancient_evaluate(spent, "guest") > 0


def test_ancient_last_word_follows_the_hands_and_the_pool():
    """Who places last, unanswered (strategy.last_word), from real positions with the pool and
    both hands given, equals the exchange-and-placement game played out in full."""
    from paisho_variants.ancient import rules
    from paisho_variants.ancient.strategy import last_word

    for pool in range(6):
        for mine in range(5):
            for theirs in range(5):
                if mine == theirs == 0:
                    continue
                g = ancient_game(["W3@(1,1)"], hand={"W4": mine} if mine else {},
                                 host_hand={"R4": theirs} if theirs else {},
                                 pool={"R3": pool} if pool else {})
                mover, margin = last_word(g.state, rules.opts(g))
                assert mover == "guest"
                assert margin == _placements_after_the_last(pool, mine, theirs), (pool, mine, theirs)


def test_ancient_a_tile_placed_for_nothing_gives_the_opponent_the_last_word():
    """Once the pool is empty every turn is a placement (rules, A turn), and the player with
    tiles left when the other's hand is empty places alone to the end (rules, End of the game):
    a Guest ahead on the tiebreak who spends a tile for nothing while the pool lasts (hand 3 -> 2
    against 3) is worse off than one who exchanged (3 against 3)."""
    tiles = ["W3@(1,1)", "W4@(1,3)"]  # a Jasmine-Lily harmony of the Guest's own placing
    kept = ancient_game(tiles, to_move="host", hand={"R": 3}, host_hand={"R3": 3}, pool={"R5": 4})
    spent = ancient_game(tiles, to_move="host", hand={"R": 2}, host_hand={"R3": 3}, pool={"R5": 4})
    assert ancient_evaluate(kept, "guest") > ancient_evaluate(spent, "guest")


def test_ancient_a_dragon_taking_a_tile_back_turns_over_the_last_word():
    """The Dragon moves 1, or exactly 6 in line, and a tile it lands on goes into the mover's
    hand (wiki:54; rules, Tiles).  Placing a Dragon beside a tile and landing on it ends the turn
    with the hand as it began and the pool untouched: a turn passed without an exchange, which
    turns over the last word (rules, End of the game, The last word).  The Guest, to move with
    an even pool and 3 tiles against 3, lacks the last word; after Dragon-and-take it holds it.
    But the Dragon stays on the board and both hands hold tiles, so the Host can take it back
    the same way on its turn: a last word either side can turn over at will is worth nothing
    to either (Ancient rulings, A last word left open), and counting it made both players
    trade it back and forth until the no-progress rule drew the game."""
    from paisho_variants.ancient import rules
    from paisho_variants.ancient.strategy import (LAST_WORD, dragon_can_take, last_word,
                                                  paisho_playout_weights)

    g = ancient_game(["W3@(1,1)"], hand={"D": 1, "R": 2}, host_hand={"R3": 3}, pool={"R5": 4})
    o = rules.opts(g)
    assert last_word(g.state, o) == ("guest", -1)
    weights = dict(zip((m.text for m in g.legal_moves()), paisho_playout_weights(g, g.legal_moves())))
    assert weights["x"] > weights["D(1,2)"] == weights["D(1,7)"] > weights["D(3,3)"]
    g.play("D(1,2)")
    assert dragon_can_take(g)
    g.play("(1,2)-(1,1)")
    assert g.state.count("hand", "guest") == 3 and g.state.count("pool", "host") == 4
    assert last_word(g.state, o) == ("host", -1)  # the Host, to move, now lacks it
    # ... but it is not counted while the Dragon, now on (1,1) with the W3 in the Guest's hand,
    # can take a tile back again; the same position with a Knotweed there (nothing can take a
    # tile back) counts it for the Guest
    held = ancient_evaluate(g, "guest")
    settled = ancient_game(["K@(1,1)"], to_move="host", hand={"W3": 1, "R": 2},
                           host_hand={"R3": 3}, pool={"R5": 4})
    assert last_word(settled.state, o) == ("host", -1) and not dragon_can_take(settled)
    assert ancient_evaluate(settled, "guest") - held == LAST_WORD * 0.5


def test_ancient_a_tile_placed_where_a_dragon_lands_can_be_taken_back():
    """A Dragon on the board belongs to nobody (wiki:29): any tile placed on a point it can
    land on (1, or exactly 6 in line) can go back into the placer's hand in the same turn.
    While the pool lasts that turn passes the last word over; once it is empty it is a pass
    that either player could repeat, so it is not put first."""
    from paisho_variants.ancient.strategy import paisho_playout_weights

    g = ancient_game(["D@(0,0)"], hand={"R": 1}, host_hand={"R3": 3}, pool={"R5": 4})
    weights = dict(zip((m.text for m in g.legal_moves()), paisho_playout_weights(g, g.legal_moves())))
    assert weights["x"] > weights["R(0,1)"] == weights["R(-6,0)"] > weights["R(0,2)"]
    g = ancient_game(["D@(0,0)"], hand={"R": 1}, host_hand={"R3": 3})  # the pool is empty
    weights = dict(zip((m.text for m in g.legal_moves()), paisho_playout_weights(g, g.legal_moves())))
    assert weights["R(0,1)"] == weights["R(0,2)"]
    g = ancient_game(["D@(0,0)"], hand={"R": 1}, host_hand={"R3": 3}, pool={"R5": 4},
                     options={"dragon_capture": "remove"})  # the book: the tile leaves the game
    weights = dict(zip((m.text for m in g.legal_moves()), paisho_playout_weights(g, g.legal_moves())))
    assert weights["R(0,1)"] == weights["R(0,2)"]


def test_ancient_a_lead_over_a_player_who_can_never_act_again_is_all_but_won():
    """With the pool and the Host's hand empty the Host can only pass (rules, A turn), and when
    the Guest's hand runs out too the player with more harmonies of their own placing wins
    (rules, End of the game).  A Guest one harmony ahead with 1 tile left is all but winning,
    well above level with 2 tiles (kept tiles are worth something only while they can still
    bring a lead), and the same lead is no such thing while the Host still holds a tile."""
    own = ["W3@(1,1)", "W4@(1,3)"]  # a Jasmine-Lily harmony of the Guest's own placing
    level = ["W3@(1,1)", ("W4@(1,3)", "host")]  # the same harmony, counted for nobody
    ahead = ancient_game(own, to_move="host", hand={"R": 1}, host_hand={})
    even = ancient_game(level, to_move="host", hand={"R": 2}, host_hand={})
    armed = ancient_game(own, to_move="host", hand={"R": 1}, host_hand={"R3": 1})
    assert ancient_evaluate(ahead, "guest") > ancient_evaluate(even, "guest") + 10
    assert ancient_evaluate(ahead, "host") < ancient_evaluate(even, "host") - 10
    assert ancient_evaluate(armed, "guest") < ancient_evaluate(ahead, "guest") - 10
