"""Reader for the reference engine's self-play records (shared/test-vectors/README.md)."""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent


def vector_dir() -> Path:
    """The shared test vectors: $PAISHO_VECTORS, ../shared/test-vectors, or the bundled copy."""
    env = os.environ.get("PAISHO_VECTORS")
    if env:
        return Path(env)
    shared = HERE.parent.parent / "shared" / "test-vectors"
    if shared.is_dir():
        return shared
    return HERE / "data" / "test-vectors"


@dataclass
class Vector:
    path: Path
    variant: str
    options: dict
    moves: list[str]
    final: dict = field(default_factory=dict)        # (x, y) -> (owner, code, flags)
    harmonies: set = field(default_factory=set)      # (owner, (x,y), (x,y), midline)
    unplayed: dict = field(default_factory=dict)     # label -> sorted codes
    result: str = ""
    winner: str | None = None

    def record_text(self) -> str:
        tags = f'[Variant "{self.variant}"]\n'
        if self.options:
            tags += '[Options "%s"]\n' % json.dumps(self.options).replace('"', '\\"')
        return tags + "\n".join(self.moves) + "\n"


PT = re.compile(r"\((-?\d+),(-?\d+)\)")


def read(path: Path) -> Vector:
    text = path.read_text("utf-8")
    variant = "fire" if "variant: Fire" in text else "skud"
    m = re.search(r"# game options: (.*)", text)
    opts = {}
    if m and not m.group(1).startswith("none"):
        opts = {name.strip(): True for name in m.group(1).split(",") if name.strip()}
    moves = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    vec = Vector(path, variant, opts, moves)
    m = re.search(r"# result \(engine\): (.*)", text)
    vec.result = m.group(1) if m else ""
    up = vec.result.upper()
    vec.winner = "host" if up.startswith("HOST") else "guest" if up.startswith("GUEST") else None
    section = None
    for line in text.splitlines():
        if line.startswith("# ----"):
            section = line
            continue
        if not line.startswith("# ") or section is None:
            continue
        body = line[2:].strip()
        if "final position" in section:
            pm = re.match(r"\((-?\d+),(-?\d+)\) ([HG])(\S+)\s*(.*)", body)
            if pm:
                owner = "host" if pm.group(3) == "H" else "guest"
                flags = tuple(sorted(pm.group(5).split()))
                vec.final[(int(pm.group(1)), int(pm.group(2)))] = (owner, pm.group(4), flags)
        elif "harmonies at end" in section:
            hm = re.match(r"([HG]) \S+?\((-?\d+),(-?\d+)\)~\S+?\((-?\d+),(-?\d+)\)(.*)", body)
            if hm:
                owner = "host" if hm.group(1) == "H" else "guest"
                a = (int(hm.group(2)), int(hm.group(3)))
                b = (int(hm.group(4)), int(hm.group(5)))
                vec.harmonies.add((owner, frozenset((a, b)), "midline-crossing" in hm.group(6)))
        elif "unplayed tiles" in section:
            um = re.match(r"(\w+): ?(.*)", body)
            if um:
                codes = [c for c in um.group(2).split(",") if c]
                vec.unplayed[um.group(1)] = sorted(codes)
    return vec


def all_vectors(prefix: str) -> list[Path]:
    d = vector_dir()
    return sorted(d.glob(f"{prefix}-*.txt")) if d.is_dir() else []
