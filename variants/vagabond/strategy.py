"""What computer players know of Vagabond Pai Sho's goal (rules: docs/variants/vagabond/rules.md):
capturing the opposing White Lotus wins, and only a deployed Lotus can be captured.  So the
evaluation weighs, own minus the opponent's: the Lotus under attack (an attack by the player to
move is all but a win), material (tiles on the board and in the reserve, the capturers dearest),
a deployed Lotus guarded by its Badgermoles, and capturers near the opposing Lotus.  Registered
through the YAML's ``plugins``."""
from __future__ import annotations

from paisho_core.board import BIT, ORTHO, bits
from paisho_core.hookspecs import hookimpl
from paisho_core.tiles import other

from paisho_variants.common.strategy import outcome_score

from paisho_variants.vagabond import rules

VALUE = {"L": 0.0, "D": 6.0, "S": 6.0, "Y": 6.0, "W": 5.0, "B": 3.0, "F": 2.5, "C": 2.0}
"""Material per tile kind (the Lotus's worth is the game: its safety is counted apart)."""
ATTACK_NOW = 400.0
"""The player to move attacks the opposing Lotus: the next move wins."""
ATTACK = 30.0
"""An attack on the Lotus by the player not to move (the Lotus may still step away or be guarded)."""
GUARD = 4.0
"""Each of a deployed Lotus's orthogonal neighbours held by its owner (a Badgermole protects it)."""


def _lotus(st, player: str) -> int:
    """The point of ``player``'s White Lotus on the board, or -1."""
    for i in bits(st.owned[player]):
        if st.board[i].kind.code == "L":
            return i
    return -1


def attackers(game, v, player: str, target: int) -> int:
    """How many of ``player``'s tiles may move onto ``target`` now."""
    if target < 0:
        return 0
    st = v.st
    n = 0
    for i in bits(st.owned[player]):
        if v.code[i] in rules.CAPTURERS and rules.move_ends(game, v, i) & BIT[target]:
            n += 1
    return n


def _side(game, v, player: str, mover: str) -> float:
    st = v.st
    opp = other(player)
    value = 0.0
    for i in bits(st.owned[player]):
        value += VALUE[v.code[i]]
    for code, n in st.piles.get("reserve", {}).get(player, {}).items():
        value += 0.8 * VALUE[code] * n
    theirs = _lotus(st, opp)
    hits = attackers(game, v, player, theirs)
    if hits:
        value += ATTACK_NOW if mover == player else ATTACK * hits
    mine = _lotus(st, player)
    if mine >= 0:
        guard = ORTHO[mine] & st.owned[player]
        value += GUARD * min(2, guard.bit_count())
        if BIT[mine] & v.protected:
            value += GUARD
    if theirs >= 0:
        tx, ty = rules._XY[theirs]
        for i in bits(st.owned[player]):
            if v.code[i] in rules.CAPTURERS:
                x, y = rules._XY[i]
                value += 0.8 / (1 + abs(x - tx) + abs(y - ty))
    return value


@hookimpl
def paisho_evaluate(game, player):
    done = outcome_score(game, player)
    if done is not None:
        return done
    v = rules.view(game)
    mover = game.state.to_move
    return _side(game, v, player, mover) - _side(game, v, other(player), mover)


@hookimpl
def paisho_playout_weights(game, moves):
    """A capture of the Lotus ends the game (1000); another capture weighs 3 plus the taken tile's
    value; deploying the Lotus is held back (0.3) until the mover has a Badgermole on the board
    to guard it; other moves 1."""
    st = game.state
    me = st.to_move
    foe_lotus = _lotus(st, other(me))
    has_badger = any(st.board[i].kind.code == "B" for i in bits(st.owned[me]))
    out = []
    for m in moves:
        w = 1.0
        if m.src >= 0:
            t = st.board[m.dst]
            if t is not None:
                w = 1000.0 if m.dst == foe_lotus else 3.0 + VALUE[t.kind.code]
        elif m.tile == "L" and not has_badger:
            w = 0.3
        out.append(w)
    return out


@hookimpl
def paisho_winning_moves(game):
    """The moves that capture the opposing White Lotus (the only way to win)."""
    st = game.state
    target = _lotus(st, other(st.to_move))
    if target < 0:
        return []
    return [m for m in game.legal_moves() if m.src >= 0 and m.dst == target]
