"""CI: a comparison run on a Ray cluster equals the same run on local processes, seed for seed.

    ray start --head --num-cpus 2
    python scripts/check_ray.py --address auto
    ray stop

Exits 1 (saying what differs) when the two JSON reports are not byte-identical.
"""
from __future__ import annotations

import argparse
import sys

RUN = {"games": 4, "seed": 3, "max_plies": 60, "players": "explore:random"}
VARIANTS = ["skud", "skud:NoWheels=true"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--address", default="auto", help="the Ray cluster's address (default: auto)")
    args = ap.parse_args(argv)
    from paisho_core import compare

    on_ray = compare.render_json(compare.run_compare(VARIANTS, workers=2, backend="ray",
                                                     ray_address=args.address, **RUN))
    local = compare.render_json(compare.run_compare(VARIANTS, workers=2, backend="process", **RUN))
    if on_ray != local:
        import difflib

        diff = difflib.unified_diff(local.splitlines(), on_ray.splitlines(), "process", "ray", lineterm="", n=1)
        print("\n".join(list(diff)[:40]), file=sys.stderr)
        print("check_ray: the Ray cluster's report differs from the local one", file=sys.stderr)
        return 1
    print(f"check_ray: {len(VARIANTS)} variants x {RUN['games']} games: the Ray cluster at {args.address} "
          "gives the same report as local processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
