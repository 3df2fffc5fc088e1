"""Issue 18: the public API is fully annotated, so users' type checkers (``py.typed``) see every
parameter and return type.  The public surface is the modules behind the names
``paisho_core/__init__.py`` exports, the hook contract, the SVG pictures and the RL environment:
every function and method there whose name has no leading underscore (plus ``__init__``) must
annotate each parameter and its return.  Read from the source, so the test needs no type checker."""
from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "paisho_core"
PUBLIC = ["__init__.py", "errors.py", "game.py", "hookspecs.py", "outcome.py", "position.py",
          "record.py", "variant/__init__.py", "variant/registry.py", "variant/files.py",
          "variant/model.py", "variant/overlay.py", "variant/document.py", "variant/hooks.py",
          "boundary.py", "safe_io.py", "tiles.py", "board.py", "notation.py",
          "drawing/svg.py", "drawing/diagram.py", "rl/__init__.py"]


def unannotated(tree: ast.Module, module: str) -> list[str]:
    found: list[str] = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if node.name.startswith("_") and node.name != "__init__":
                    continue
                a = node.args
                params = a.posonlyargs + a.args + a.kwonlyargs + [p for p in (a.vararg, a.kwarg) if p]
                missing = [p.arg for p in params if p.annotation is None and p.arg not in ("self", "cls")]
                if node.returns is None and node.name != "__init__":
                    missing.append("return")
                if missing:
                    found.append(f"{module}:{node.lineno} {prefix}{node.name}: {', '.join(missing)}")

    visit(tree.body, "")
    return found


def test_public_api_is_fully_annotated():
    missing = []
    for module in PUBLIC:
        missing += unannotated(ast.parse((CORE / module).read_text("utf-8")), module)
    assert not missing, "public functions without annotations:\n" + "\n".join(missing)


def test_the_check_sees_a_missing_annotation():
    tree = ast.parse("class Game:\n    def play(self, move) -> None: ...\n"
                     "    def _inner(self, x): ...\ndef tile_at(point: int): ...\n")
    assert unannotated(tree, "m.py") == ["m.py:2 Game.play: move", "m.py:4 tile_at: return"]
