"""Did the rule come into play?  A game of one rule set watched by another that shares its state.

A house rule (an overlay of a parent, or the parent with other options) changes play only where
the two rule sets disagree.  :class:`Shadow` keeps a game of the *other* rule set standing on the
watched game's position, so at every step it can say whether the two disagree:

* ``start``: a different starting position from the same seed (fewer tiles of a kind, another
  layout);
* ``legal``: a different set of legal moves for the pending decision;
* ``chance``: a different chance distribution (outcomes or their probabilities);
* ``result``: the same move leaves a different position;
* ``end``: the same move ends the game in one rule set and not in the other, or differently.

A rule that never disagrees in any game either cannot change anything (an option that changes
nothing) or was never tried by these players: the report says which it cannot tell apart and
what to do.  :func:`touched_moves` is the per-decision list of the moves that would be resolved
differently, which the rule-aware players (:mod:`.explore`) always consider.

    shadow = Shadow(parent_variant, parent_options, seed)
    kinds = shadow.before(game)            # at a decision or chance step
    kinds += shadow.after(game, move)      # once the move is played
"""
from __future__ import annotations

from typing import Optional

from ..board import bits

KINDS = ("start", "legal", "chance", "result", "end")
"""The ways two rule sets can disagree, in report order."""

KIND_TEXT = {"start": "a different starting position", "legal": "a different set of legal moves", "chance": "a different chance distribution",
             "result": "a different result of the same move", "end": "a different end"}


def _outcome_key(outcome) -> Optional[tuple]:
    return None if outcome is None else (outcome.winner, outcome.reason)


class Shadow:
    """A game of another rule set kept on the position of the game it watches."""

    def __init__(self, variant, options: dict, seed) -> None:
        from ..game import Game

        self.game = Game(variant, options, seed, auto_chance=False)
        self.same_results = False
        """Set by the caller when both rule sets resolve moves alike (:func:`same_resolution`):
        only their legal moves can then differ."""
        self.failed: Optional[str] = None
        """Set when the other rule set raised on a position (it then stops watching)."""

    def start_differs(self, game) -> bool:
        """Does the other rule set start the same seed's game from another position?"""
        from .. import new_game

        try:
            theirs = new_game(self.game.variant, options=self.game.options, seed=self.game.seed,
                              auto_chance=False)
        except Exception as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            return False
        return position_key(theirs.start) != position_key(game.start)

    def sync(self, game) -> None:
        """Stand on ``game``'s position (its history shared, never changed)."""
        sh = self.game
        sh.state = game.state.copy()
        sh._history = list(game._history)
        sh._legal_before = [None] * len(sh._history)
        sh.used_chance = game.used_chance
        sh._probed = 0
        sh._changed()

    def before(self, game) -> list[str]:
        """How the two rule sets disagree at ``game``'s pending step (before it is played)."""
        if self.failed:
            return []
        try:
            self.sync(game)
            mine, theirs = game.chance_outcomes(), self.game.chance_outcomes()
            if mine or theirs:
                return [] if _chance_key(mine) == _chance_key(theirs) else ["chance"]
            return [] if _move_keys(game.legal_moves()) == _move_keys(self.game.legal_moves()) else ["legal"]
        except Exception as exc:  # the other rule set cannot read this position
            self.failed = f"{type(exc).__name__}: {exc}"
            return []

    def after(self, game, move) -> list[str]:
        """How the two disagree on the result of ``move``, just played on ``game`` from the
        position :meth:`before` synchronised to.  A move the other rule set does not allow is
        already a ``legal`` disagreement: nothing more is said."""
        if self.failed:
            return []
        sh = self.game
        try:
            if not sh.is_legal(move.text):
                return []
            sh.play(move.text)
            return result_difference(game, sh)
        except Exception as exc:
            self.failed = f"{type(exc).__name__}: {exc}"
            return []


def result_difference(game, other) -> list[str]:
    """``["end"]``, ``["result"]`` or ``[]``: how ``other``'s position (after the same move)
    differs from ``game``'s."""
    if _outcome_key(game.outcome) != _outcome_key(other.outcome):
        return ["end"]
    return [] if same_position(game.state, other.state) else ["result"]


def same_position(a, b) -> bool:
    """``position_key(a) == position_key(b)``, cheaply: the points each player holds and the
    codes on them first, then each other field by equality, its text compared only when the
    values differ as objects (two rule sets' tiles are different objects)."""
    if a.owned != b.owned:  # the same points held by the same players
        return False
    ba, bb = a.board, b.board
    for i in bits(a.occupied):
        if ba[i] is not bb[i] and ba[i].code != bb[i].code:
            return False
    for f in _FIELDS:
        x, y = getattr(a, f), getattr(b, f)
        if x != y and repr(x) != repr(y):
            return False
    return True


_FIELDS = ("piles", "to_move", "phase", "turn", "extra", "scores", "pending")


def position_key(state) -> tuple:
    """What a position is, independently of the tile set's objects (two rule sets intern their
    tiles apart): each occupied point's code and owner, and the other fields of the state."""
    tiles = tuple((i, t.code, t.owner) for i, t in enumerate(state.board) if t is not None)
    return (tiles,) + tuple(repr(getattr(state, f)) for f in _FIELDS)


def _move_keys(moves) -> set:
    return {(m.text, m.action) for m in moves}


def _chance_key(outcomes) -> Optional[tuple]:
    if not outcomes:
        return None
    return tuple(sorted((m.text, round(p, 9)) for m, p in outcomes))


def touched_moves(game, shadows: list[Shadow]) -> list:
    """The legal moves of ``game`` that some other rule set would not allow or would resolve
    differently (another position, another end), in ``game``'s order.  ``game`` is left as it
    was; chance steps after a move are not drawn."""
    moves = game.legal_moves()
    if not shadows or not moves:
        return []
    out: set = set()
    auto, game.auto_chance = game.auto_chance, False
    depth = game.ply
    try:
        for sh in shadows:
            if sh.failed:
                continue
            sh.sync(game)
            allowed = {m.text: m for m in sh.game.legal_moves()}
            for m in moves:
                if m.text in out:
                    continue
                if m.text not in allowed:
                    out.add(m.text)
                    continue
                if sh.same_results:
                    continue
                game.play(m)
                sh.game.play(allowed[m.text])
                if result_difference(game, sh.game):
                    out.add(m.text)
                game.undo()
                sh.game.undo()
    finally:
        game.auto_chance = auto
        while game.ply > depth:
            game.undo()
    return [m for m in moves if m.text in out]


RESOLVING_HOOKS = ("paisho_apply", "paisho_check_end")
"""The hooks that decide what a move does to a position and whether it ends the game.  How a
game starts and what chance draws are not among them: a shadow stands on the watched game's
position, so a different set-up shows only as a different start (``start``) and a different
chance hook only at the chance steps (``chance``), never in the result of a move."""
_COSMETIC = ("name", "title", "description", "goal", "sources", "hooks", "plugins", "extends", "rules_text",
             "untagged_records")


def same_resolution(a, a_options: dict, b, b_options: dict) -> bool:
    """Do two variants resolve every move alike?  True when the hooks that apply moves and end
    games are the same functions (:data:`RESOLVING_HOOKS`), the effective options are equal and
    the YAML definitions agree but for names, prose and tile counts: then only the legal moves,
    the set-up and the chance draws can differ (a hook that filters moves, a different movement,
    fewer tiles of a kind, a draw turned into a choice), never what a move does to a position."""
    def impls(v, name):
        return [i.function for i in getattr(v.pm.hook, name).get_hookimpls()]

    if any(impls(a, h) != impls(b, h) for h in RESOLVING_HOOKS):
        return False
    if a.options(a_options) != b.options(b_options):
        return False
    return _resolving_part(a.definition) == _resolving_part(b.definition)


def same_rules(a, a_options: dict, b, b_options: dict) -> bool:
    """Are two variants the same rules under two names?  Every hook the same functions, the same
    effective options, the same definition but for names and prose: such a rule can never come
    into play."""
    from .. import hookspecs

    names = [n for n in dir(hookspecs) if n.startswith("paisho_") and n != "paisho_variant_info"]

    def impls(v, name):
        return [i.function for i in getattr(v.pm.hook, name).get_hookimpls()]

    if any(impls(a, n) != impls(b, n) for n in names) or a.options(a_options) != b.options(b_options):
        return False
    strip = {k: v for k, v in a.definition.items() if k not in _COSMETIC}
    return strip == {k: v for k, v in b.definition.items() if k not in _COSMETIC}


def _resolving_part(definition: dict) -> dict:
    """A definition without its names, prose and tile counts: how many tiles of a kind there
    are shapes the setup and the piles (the state both rule sets read), not what a move does."""
    out = {k: v for k, v in definition.items() if k not in _COSMETIC}
    out["tiles"] = [{k: v for k, v in t.items() if k != "count"} for t in definition.get("tiles", [])]
    return out


def picture(game) -> dict:
    """A position for a report: its board as text lines and as SVG, and the turn."""
    from ..drawing.render import board_lines

    out = {"turn": game.state.turn, "to_move": game.state.to_move, "ply": game.ply,
           "board": [line.rstrip() for line in board_lines(game)]}
    try:
        from ..drawing.svg import game_svg

        out["svg"] = game_svg(game, 260)
    except Exception:  # a picture is a courtesy: never lose the figures for it
        out["svg"] = None
    return out
