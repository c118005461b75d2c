"""Writing a result to a file: all of it or nothing, never through a surprise.

- The text is written to a new temporary file in the target's own folder, flushed to disk,
  then renamed over the target in one step: a reader never sees half a file, and a failure
  leaves the old file as it was.
- A symbolic link is followed: the file it points to is replaced, the link stays a link.
- Only a regular file (or a new name) is written: a folder, a device, a pipe or a socket
  is refused, so ``-o /dev/sda`` as root cannot touch a disk.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from exact_odds.errors import ExactOddsError, quoted


class OutputError(ExactOddsError, OSError):
    """A file that cannot or must not be written."""


def output_target(path: Path) -> Path:
    """The file a write to ``path`` replaces: ``path``, or where its links lead."""
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise OutputError(f"cannot write {quoted(path)}: folder {quoted(target.parent)} "
                              "does not exist") from None
        return target
    except OSError as error:
        raise OutputError(f"cannot write {quoted(path)}: {error.strerror}") from None
    if stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {quoted(path)}: it is a folder")
    if not stat.S_ISREG(mode):
        raise OutputError(f"cannot write {quoted(path)}: it is not a regular file "
                          "(a device, a pipe or a socket); give a file name")
    return target


def write_output(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` at once (see the module docstring)."""
    import tempfile

    target = output_target(Path(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        existing = os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        existing = 0o666 & ~umask
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial",
                                                 dir=target.parent)
    except OSError as error:
        raise OutputError(f"cannot write {quoted(path)}: {error.strerror or error}") from None
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, existing)
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise OutputError(f"cannot write {quoted(path)}: {error.strerror or error}") from None
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
