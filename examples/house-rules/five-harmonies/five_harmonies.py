"""Skud won by a count of harmonies (see five-harmonies.yaml for the rule and its sources).

One hook wraps Skud's end-of-game check: it lets Skud decide first, then applies the count
and, unless ``ring_wins`` is set, takes away the ring win.
"""
from paisho_core import Outcome, hookimpl

PLAYERS = ("host", "guest")


def harmony_counts(game):
    """(harmonies, midline-crossing harmonies) owned by each player on the current board."""
    total = dict.fromkeys(PLAYERS, 0)
    midline = dict.fromkeys(PLAYERS, 0)
    for h in game.harmonies():
        for owner in h.owners or (h.owner,):
            total[owner] += 1
            midline[owner] += h.crosses_midline
    return total, midline


def count_ending(game, midline):
    """Skud's other ending (skud-rulebook-2022.txt line 387): once a player has played their
    last basic flower, more midline-crossing harmonies wins."""
    if game.options.get("NoAltWin"):
        return None
    basics = [k.code for k in game.tileset.kinds if k.group == "basic"]
    if all(game.state.count("reserve", p, basics) for p in PLAYERS):
        return None
    host, guest = midline["host"], midline["guest"]
    if host == guest:
        return Outcome(None, f"last basic flower played; midline-crossing harmonies tied {host}-{guest}")
    winner = "host" if host > guest else "guest"
    return Outcome(winner, f"last basic flower played; more midline-crossing harmonies "
                           f"({max(host, guest)}-{min(host, guest)})")


@hookimpl(wrapper=True)
def paisho_check_end(game):
    outcome = yield  # Skud's own verdict: a ring, the last basic flower, a stuck player or None
    if game.state.phase != "turn" or game.state.turn < 1:
        return outcome  # counted only between whole turns
    rules = game.variant.rules_config
    target = rules.get("target_harmonies", 5)
    total, midline = harmony_counts(game)
    reached = [p for p in PLAYERS if total[p] >= target]
    if len(reached) == 2:
        return Outcome(None, f"both players own {target} harmonies", {"harmonies": total})
    if reached:
        return Outcome(reached[0], f"{target} harmonies", {"harmonies": total})
    if outcome is not None and "ring" in outcome.reason and not rules.get("ring_wins", False):
        outcome = count_ending(game, midline)
        if outcome is None and not game.legal_moves():
            outcome = Outcome(None, "no legal move", {"stuck": game.state.to_move})
    return outcome
