"""Writing files without destroying what was there: a file is written beside its target under
a temporary name, flushed to disk, then renamed over the target in one step.  A write that
fails (a full disk, a missing folder, Ctrl-C) leaves the old file exactly as it was."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, text: str, encoding: str = "utf-8") -> None:
    """Replace ``path`` by ``text`` all at once; OSError (and the old file unchanged) if the
    new text cannot be written whole."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding=encoding, newline="") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if target.exists():
            try:
                os.chmod(temp, target.stat().st_mode & 0o7777)
            except OSError:
                pass
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
