"""Adevar Pai Sho against The Garden Gate's engine, and its hidden Hidden Tile.

The records and legal-move dumps in tests/data/tgg/adevar were made by running TGG's own engine
(see the README there): every record must replay exactly (same final board, hands, captured
tiles, winner) and paisho's legal turns must equal the turns TGG's page offers at every dumped
position.  The Hidden Tile is a secret: a player's view never holds the opponent's, and a seeded
computer player decides the same whatever the opponent's secret is.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import paisho_core as pc
from paisho_core import board
from paisho_core.players import make_player

DATA = Path(__file__).resolve().parent / "data" / "tgg" / "adevar"
RECORDS = sorted(DATA.glob("adevar-selfplay-*.txt"))
OWNER = {"H": "host", "G": "guest"}


def read_record(path: Path) -> dict:
    text = path.read_text("utf-8")
    m = re.search(r"# game options: (.*)", text)
    opts = {}
    if m and not m.group(1).startswith("none"):
        opts = {o.strip(): True for o in m.group(1).split(",") if o.strip()}
    turns = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    result = re.search(r"# result \(engine\): (\w+)", text).group(1)
    sections: dict = {}
    name = None
    for ln in text.splitlines():
        if ln.startswith("# ---- "):
            name = ln[7:].rstrip("- ").split(":")[0].split(" (")[0].strip()
            sections[name] = []
        elif name and ln.startswith("# "):
            sections[name].append(ln[2:])
    return {"options": opts, "turns": turns, "winner": OWNER[result[0]], "sections": sections}


def replay(rec: dict):
    game = pc.new_game("adevar", options=rec["options"])
    for t in rec["turns"]:
        game.play(t)
    return game


def board_lines(game) -> list[str]:
    from paisho_variants.adevar.geometry import POINT
    from paisho_variants.adevar.rules import FACE_DOWN, secret

    st = game.state
    out = []
    for i, tile in st.tiles():
        code = tile.kind.code
        if code == FACE_DOWN:
            code = secret(st, tile.owner)
        x, y = POINT[i]
        out.append(f"({x},{y}) {'H' if tile.owner == 'host' else 'G'}{code}")
    return sorted(out)


def pile_text(game, name: str, player: str) -> str:
    pile = game.state.piles.get(name, {}).get(player, {})
    return ",".join(sorted(c for c, n in pile.items() for _ in range(n)))


def test_enough_records_over_every_option_and_hidden_tile():
    assert len(RECORDS) >= 40
    chosen = set()
    options = set()
    for path in RECORDS:
        rec = read_record(path)
        chosen.update(t.split(":")[1] for t in rec["turns"][:2])
        options.add(tuple(sorted(rec["options"])))
    assert chosen == {"Iris", "OrientalLily", "Echeveria", "WhiteRose", "WhiteLotus",
                      "BirdOfParadise", "BlackOrchid"}
    assert options == {(), ("LiteGame",), ("AdevarOneVanguard",), ("AdevarOneVanguard", "LiteGame")}


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_exactly(path):
    rec = read_record(path)
    game = replay(rec)
    sec = rec["sections"]
    assert game.is_over()
    assert game.state.outcome.winner == rec["winner"]
    assert board_lines(game) == sorted(sec["final position"])
    captured = sorted(f"{'H' if p == 'host' else 'G'}{c}" for p in ("host", "guest")
                      for c, n in game.state.piles["captured"][p].items() for _ in range(n))
    assert ",".join(captured) == sec["captured tiles"][0]
    unplayed = dict(line.split(": ", 1) for line in sec["unplayed tiles at end"])
    assert pile_text(game, "reserve", "host") == unplayed["H"]
    assert pile_text(game, "reserve", "guest") == unplayed["G"]


def _dumps():
    out = []
    for path in RECORDS:
        dump = path.with_suffix(".legal.jsonl")
        if dump.exists():
            out.append((path, dump))
    return out


def test_legal_positions_count():
    n = sum(len(d.read_text().splitlines()) for _p, d in _dumps())
    assert n >= 300


@pytest.mark.parametrize("path,dump", _dumps(), ids=[p.stem for p, _d in _dumps()])
def test_legal_moves_equal_tgg(path, dump):
    rec = read_record(path)
    wanted = {}
    for line in dump.read_text().splitlines():
        d = json.loads(line)
        wanted[d["turn"]] = sorted(d["legal"])
    game = pc.new_game("adevar", options=rec["options"])
    for n, t in enumerate(rec["turns"]):
        if n in wanted:
            assert sorted(str(m) for m in game.legal_moves()) == wanted[n], f"turn {n} ({t})"
        game.play(t)


# -- the hidden Hidden Tile ----------------------------------------------------------------------

def _opening(host_ht: str, guest_ht: str, extra: list[str] = ()):
    g = pc.new_game("adevar", seed=5)
    g.play(f"0H.cHT:{host_ht}")
    g.play(f"0G.cHT:{guest_ht}")
    for t in extra:
        g.play(t)
    return g


def test_observation_hides_the_opponents_secret():
    g = _opening("Iris", "Echeveria")
    view = g.observation("host")
    assert view["piles"]["secret"]["guest"] == {}
    assert view["piles"]["secret"]["host"] == {"Iris": 1}
    assert view["hidden"] == {"piles.secret.guest": 1}
    # the host's view is the same whatever the guest chose
    for other in ("WhiteLotus", "BlackOrchid"):
        assert _opening("Iris", other).observation("host") == view
    assert g.observation("guest")["piles"]["secret"]["host"] == {}
    # the guest chooses without seeing the host's choice
    h = pc.new_game("adevar")
    h.play("0H.cHT:WhiteRose")
    assert h.observation("guest")["piles"]["secret"]["host"] == {}


def test_lite_game_shows_both_secrets():
    g = pc.new_game("adevar", options={"LiteGame": True})
    g.play("0H.cHT:Iris")
    g.play("0G.cHT:Echeveria")
    assert g.observation("host")["piles"]["secret"]["guest"] == {"Echeveria": 1}


@pytest.mark.parametrize("kind,iterations", [("greedy", None), ("easy", 40), ("medium", 40)])
def test_player_decides_from_what_it_sees(kind, iterations):
    """Two games that differ only in the guest's Hidden Tile: the host's seeded player makes
    the same choices in both."""
    turns = ["1H.(3,5)-(0,4)", "1G.(-2,-6)-(1,-6)"]
    for other in ("WhiteLotus", "BlackOrchid"):
        a = _opening("Iris", "Echeveria", turns)
        b = _opening("Iris", other, turns)
        pa = make_player(kind, seed=11, iterations=iterations)
        pb = make_player(kind, seed=11, iterations=iterations)
        for _ in range(3):
            ma, mb = pa.choose(a), pb.choose(b)
            assert str(ma) == str(mb)
            a.play(ma)
            b.play(mb)
            if a.is_over() or b.is_over():
                break
            # the guest answers the same way in both games
            reply = sorted(str(m) for m in a.legal_moves())[0]
            assert reply in {str(m) for m in b.legal_moves()}
            a.play(reply)
            b.play(reply)
            if a.is_over() or b.is_over():  # the guest's own objective may end one game
                break


def test_web_and_engine_views_never_carry_the_secret():
    from paisho_core.engine import Engine
    from paisho_core.web.view import piles_view, status_view

    g = pc.new_game("adevar")
    g.play("0H.cHT:WhiteRose")
    assert "WhiteRose" not in json.dumps(status_view(g))  # the last turn, shown to everyone
    assert status_view(g)["last"] == "0H.cHT:HiddenTile"
    host_rows = piles_view(g, "guest")["host"]
    assert [r for r in host_rows if r["pile"] == "secret"] == [{"pile": "secret", "tiles": {}, "hidden": 1}]
    assert "\"WhiteRose\"" not in json.dumps(host_rows)
    g.play("0G.cHT:Iris")
    for viewer, hidden_code in (("host", "Iris"), ("guest", "WhiteRose"), (None, "Iris")):
        shown = piles_view(g, viewer)
        secret_rows = {p: [r for r in rows if r["pile"] == "secret"] for p, rows in shown.items()}
        assert hidden_code not in json.dumps(secret_rows), viewer
    spectator = piles_view(g, None)  # a spectator sees neither
    assert all(r["tiles"] == {} for p in spectator for r in spectator[p] if r["pile"] == "secret")
    eng = Engine()
    replies = [eng.handle(json.dumps(r)) for r in (
        {"cmd": "new", "variant": "adevar"}, {"cmd": "play", "move": "0H.cHT:WhiteRose"},
        {"cmd": "play", "move": "0G.cHT:Iris"}, {"cmd": "observe", "player": "guest"},
        {"cmd": "go", "player": "greedy", "seed": 3})]
    assert all(r["ok"] for r in replies), replies
    assert "WhiteRose" not in json.dumps(replies[3]["observation"]["piles"]["secret"])


def test_white_lotus_rings_equal_tgg():
    """400 sets of Host Basic tiles (tools/ring_dump.js): paisho finds a White Lotus ring exactly
    where TGG's harmony analysis does (94 of them have one)."""
    from paisho_variants.adevar import rules
    from paisho_variants.adevar.geometry import INDEX

    ts = pc.new_game("adevar").tileset
    lines = (DATA / "white-lotus-rings.jsonl").read_text().splitlines()
    assert len(lines) >= 400
    for line in lines:
        d = json.loads(line)
        g = pc.new_game("adevar")
        for x, y, code in d["tiles"]:
            g.state.put(INDEX[(x, y)], ts.tile(code, "host"))
        assert rules.ring(rules.harmony_pairs(g.state, "host")) == d["ring"], d["tiles"]


def test_a_game_pasted_from_tgg_replays_and_writes_tgg_notation():
    rec = read_record(RECORDS[0])
    game = pc.load_record(";".join(rec["turns"]), variant="adevar")  # TGG's export: turns joined by ;
    assert game.outcome.winner == rec["winner"]
    written = [ln for ln in game.record().splitlines() if ln and not ln.startswith("[")]
    assert written == rec["turns"]


def test_bad_turns_are_refused_with_a_message():
    g = _opening("Iris", "Echeveria")
    for text in ("1H.(30,2)-(4,0)", "1H.HLilac(9,2)", "1H.nonsense", "1H.(-4,-3)-(-4,-2)", "1H.(6,-6)-(6,-7)"):
        with pytest.raises(pc.PaishoError):
            g.play(text)
    assert g.ply == 2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_views_equal_along_random_games_until_the_rules_tell(seed):
    """The same random turns in two games whose guests chose differently: the host's view is the
    same at every step until something public tells them apart (a Second Face tries the Hidden
    Tile, the Reflection is taken, the game ends)."""
    rng = random.Random(seed)
    a = _opening("Iris", "WhiteLotus")
    b = _opening("Iris", "BirdOfParadise")
    for _ in range(150):
        if a.is_over() or b.is_over() or a.state.extra != b.state.extra:
            break
        assert a.observation("host") == b.observation("host")
        moves = sorted(str(m) for m in a.legal_moves())
        assert moves == sorted(str(m) for m in b.legal_moves())
        m = rng.choice(moves)
        a.play(m)
        b.play(m)


def test_playout_weights_put_moves_of_threatened_tiles_first():
    """quick and the searches try the likeliest moves first (issue 40): every capture the
    opponent could make next turn marks its target as threatened and its tile as an attacker,
    and the mover's moves of a threatened tile weigh THREATENED times what they would otherwise
    (a capture of an attacker weighs ATTACKER times more than another capture)."""
    from paisho_variants.adevar import rules, strategy

    rng = random.Random(40)
    seen = advanced = 0
    for seed in range(6):
        game = pc.new_game("adevar", seed=seed)
        for _ply in range(120):
            if game.outcome is not None:
                break
            st = game.state
            moves = game.legal_moves()
            if st.phase != "choose":
                me = st.to_move
                foe = "guest" if me == "host" else "host"
                hit, attackers = strategy.threats(game, st, me)
                foes = [m for m in rules.tile_moves(game, st, foe, rules.plot_counts(st))
                        if (st.owned[me] >> m.dst) & 1]
                assert set(board.bits(hit)) >= {m.dst for m in foes}
                assert set(board.bits(attackers)) >= {m.src for m in foes}
                weights = game.rules.playout_weights(game, moves)
                goal = rules.secret(st, me)
                counts = rules.plot_counts(st)
                for m, w in zip(moves, weights):
                    plain = 1.0 if m.dst < 0 or st.board[m.dst] is None else None
                    if plain is not None and m.src >= 0:
                        expect = strategy.THREATENED if (hit >> m.src) & 1 else 1.0
                        expect *= _toward(strategy, rules, goal, counts, me, foe, m)
                        assert w == pytest.approx(expect)
                        advanced += expect != (strategy.THREATENED if (hit >> m.src) & 1 else 1.0)
                seen += bool(hit)
            game.play(rng.choice(moves))
    assert seen > 20 and advanced > 20


def _toward(strategy, rules, goal, counts, me, foe, m) -> float:
    """The factor of a Basic tile's move toward the mover's count-based objective, read the plain
    way: the mover's Plot counts copied, the tile lifted and set down, and the objective's steps
    counted before and after (the objectives on the rules page, "Iris", "Bird of Paradise",
    "Black Orchid"; rules.py ``objective_met`` for whether it is met)."""
    from paisho_variants.adevar import geometry as geo

    six = geo.RED + geo.WHITE + ("east_open", "west_open")

    def standing(mine, theirs):
        if goal == "Iris":
            return sum(min(mine[p], 4) for p in geo.RED + geo.WHITE), all(mine[p] >= 4 for p in geo.RED + geo.WHITE)
        if goal == "BirdOfParadise":
            return sum(min(mine[p], 2) for p in geo.PLOTS), all(mine[p] >= 2 for p in geo.PLOTS)
        held = sum(1 for p in six if mine[p] >= theirs[p] and mine[p] >= 1)
        return held, held == len(six)

    if m.tile not in rules.BASIC:
        return 1.0
    if goal in ("WhiteRose", "OrientalLily"):
        return _toward_points(strategy, rules, goal, me, m)
    if goal not in ("Iris", "BirdOfParadise", "BlackOrchid"):
        return 1.0
    mine, theirs = counts[me], counts[foe]
    after = dict(mine)
    for point, sign in ((m.src, -1), (m.dst, 1)):
        if point >= 0:
            plots = geo.PLOTS_AT.get(point, ())
            for name in plots:
                after[name] += sign * (2 // len(plots))
    (before, _), (now, done) = standing(mine, theirs), standing(after, theirs)
    gain = now - before
    return strategy.COMPLETE if done else (1.0 + strategy.ADVANCE * gain if gain > 0 else 1.0)


def _toward_points(strategy, rules, goal, me, m) -> float:
    """The factor of a Basic tile's move toward the White Rose's target or into one of the
    mover's Oriental Lily Gardens, read the plain way: how near each end is (for the White Rose,
    the farthest distance on the board less the point's distance to the target, counted 0 beside
    it; one more on the target itself), ADVANCE a step gained, at most two steps."""
    from paisho_variants.adevar import geometry as geo

    cfg = rules.config(_GAME)
    if goal == "OrientalLily":
        garden = {i for g in cfg.gardens[me] for i in g}
        gain = (m.dst in garden) - (m.src in garden)
    else:
        target = [i for i in geo.POINT if cfg.rose_target[me] >> i & 1]

        def away(i):
            if any(j in target for j in geo.NEIGHBOURS[i]):
                return 0
            return min(abs(geo.POINT[i][0] - geo.POINT[j][0]) + abs(geo.POINT[i][1] - geo.POINT[j][1])
                       for j in target)

        top = max(away(i) for i in geo.POINT)

        def near(i):
            return top + 1 if i in target else top - away(i)

        gain = near(m.dst) - near(m.src)
    return 1.0 + strategy.ADVANCE * min(gain, 2) if gain > 0 else 1.0


_GAME = pc.new_game("adevar", seed=0)
"""A game of the variant's default options, for its config (Gardens, the White Rose's target)."""


def test_games_of_paishos_players_end_as_tggs_engine_ends_them():
    """Games paisho's players played (the White Rose's races of the turn-counting evaluation),
    replayed in TGG's engine (tests/data/tgg/adevar/README.md, ``players/``): paisho reaches the
    same winner after the same last turn, with nothing refused on the way."""
    records = sorted((DATA / "players").glob("adevar-players-*.txt"))
    assert len(records) == 36  # 24 of the twentieth session's players, 12 of the twenty-first's
    for path in records:
        text = path.read_text(encoding="utf-8")
        tgg = next(line for line in text.splitlines() if line.startswith("# result (TGG engine"))
        winner = "host" if ": HOST " in tgg else "guest" if ": GUEST " in tgg else None
        assert winner is not None, path.name
        turns = [line for line in text.splitlines() if line and not line.startswith("#")]
        game = pc.load_record(text, variant="adevar")
        assert game.ply == len(turns), path.name
        assert game.outcome is not None and game.outcome.winner == winner, path.name
        assert "WhiteRose" in game.outcome.reason
