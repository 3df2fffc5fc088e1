"""MkDocs hook: every ```` ```paisho-board ```` block of a page becomes a board picture, built
from the position it describes with :mod:`paisho_core.drawing.diagram` when the docs are built.

The block holds YAML (see :mod:`paisho_core.drawing.diagram`); the picture is written next to the page
as ``board-N.svg`` and shown as a figure with the block's ``caption``.  A block that cannot be
built fails the build with the page and the block's number.
"""
from __future__ import annotations

import html
import os
import re

import yaml

from paisho_core.drawing.diagram import diagram

BLOCK = re.compile(r"^```paisho-board[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
_pending: dict[str, str] = {}


def on_page_markdown(markdown, page, config, files):
    count = 0

    def picture(m: re.Match) -> str:
        nonlocal count
        count += 1
        where = f"{page.file.src_path}, board {count}"
        try:
            spec = yaml.safe_load(m.group(1)) or {}
            spec.setdefault("caption", False)
            if "record_file" in spec:
                with open(os.path.join(config["docs_dir"], spec["record_file"]), encoding="utf-8") as fh:
                    spec["record"] = fh.read()
            svg = diagram(spec)
        except Exception as exc:  # the build names the page and block
            raise SystemExit(f"{where}: {type(exc).__name__}: {exc}") from None
        name = f"board-{count}.svg"
        folder = page.url if page.url.endswith("/") else os.path.dirname(page.url) + "/"
        _pending[folder + name] = svg
        title = spec.get("title") or spec.get("caption") or "board"
        text = spec.get("text") or ""
        alt = html.escape(str(title), quote=True)
        width = int(spec.get("width", 440))
        figcaption = f"<figcaption>{html.escape(str(text))}</figcaption>" if text else ""
        return (f'<figure class="paisho-board"><img src="{name}" alt="{alt}" width="{width}">'
                f"{figcaption}</figure>")

    return BLOCK.sub(picture, markdown)


def on_post_build(config):
    for path, svg in _pending.items():
        target = os.path.join(config["site_dir"], path.lstrip("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(svg)
    _pending.clear()
