"""Skud Quick: the rule hooks of this house rule (see paisho_skud_quick.yaml).

paisho stacks these hook implementations on Skud's (the variant the YAML extends), so the hook
below runs before Skud's end-of-game check and returns None to let Skud decide.
"""
from __future__ import annotations

from pathlib import Path

from paisho_core import Outcome, hookimpl

YAML = Path(__file__).with_name("paisho_skud_quick.yaml")


@hookimpl
def paisho_variant_info():
    return {"name": "skud-quick", "yaml": str(YAML)}


def midline_counts(game) -> dict[str, int]:
    counts = {"host": 0, "guest": 0}
    for h in game.harmonies():
        if h.crosses_midline:
            for owner in h.owners or (h.owner,):
                counts[owner] += 1
    return counts


@hookimpl(tryfirst=True)
def paisho_check_end(game):
    limit = game.options.get("TurnLimit", 0)
    st = game.state
    # Turn n is over once the Host is to move in turn n + 1 (Skud: the Guest moves first).
    if not limit or st.phase != "turn" or st.turn <= limit:
        return None
    counts = midline_counts(game)
    host, guest = counts["host"], counts["guest"]
    detail = {"midline_crossing": counts, "ending": "turn limit"}
    if host == guest:
        return Outcome(None, f"turn limit {limit}; midline-crossing harmonies tied {host}-{guest}", detail)
    winner = "host" if host > guest else "guest"
    return Outcome(winner, f"turn limit {limit}; more midline-crossing harmonies "
                           f"({max(host, guest)}-{min(host, guest)})", detail)
