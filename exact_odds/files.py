"""Files in and out, each in one place: the YAML reader every game, rules, shoe and table
file goes through, and the writer every output goes through.

**Reading YAML** (``read_yaml``, ``parse_yaml``): PyYAML's safe loader (no YAML tag can
run code; libyaml's parser where PyYAML has it, as its wheels do) that also keeps an
unquoted ``8:1`` as text marked base-60 (so that it is refused as a pay, never read as 481),
refuses a key given twice, accepts merge keys (``<<: *base``), and enforces limits before
memory or time runs out:

* a document of at most ``MAX_BYTES`` (1 MB);
* at most ``MAX_ALIASES`` aliases (``*name``), and at most ``MAX_NODES`` values once every
  alias is expanded (a "billion laughs" alias bomb is refused in milliseconds);
* at most ``MAX_DEPTH`` levels of nesting;
* a number of at most ``exact_odds.numbers.MAX_NUMBER_CHARS`` (24) characters.

>>> parse_yaml("base: &b {pays: '8:1'}\\nbet: {<<: *b, id: tie}", "example.yaml")["bet"]
{'pays': '8:1', 'id': 'tie'}

**Writing** (``write_output``, ``replacing``): whole or nothing, to a regular file only
(below); every file the program writes goes through them.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

import yaml

try:  # libyaml's parser (in C, in PyYAML's wheels): reading a game file takes a tenth of the time
    from yaml._yaml import CParser as _Events
except ImportError:  # PyYAML built without libyaml: the same events from its parser in Python
    class _Events(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            yaml.reader.Reader.__init__(self, stream)
            yaml.scanner.Scanner.__init__(self)
            yaml.parser.Parser.__init__(self)

from exact_odds.errors import ExactOddsError, check_type, quoted, shown
from exact_odds.limits import MAX_ALIASES, MAX_BYTES, MAX_DEPTH, MAX_NODES, MAX_NUMBER_CHARS


class InputFileError(ExactOddsError, ValueError):
    """A file that cannot be read, or is not what it must be; the message names it."""


class Sexagesimal(str):
    """An unquoted ``a:b`` in YAML, which YAML 1.1 may read as a base-60 number."""

    @property
    def is_base_60(self) -> bool:
        """Whether PyYAML (YAML 1.1) would read it as a number rather than text."""
        return re.fullmatch(r"[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+", self) is not None

    @property
    def as_yaml_number(self) -> int:
        sign = -1 if self.startswith("-") else 1
        total = 0
        for part in self.lstrip("+-").replace("_", "").split(":"):
            total = total * 60 + int(part)
        return sign * total



class YamlLimitError(yaml.YAMLError):
    """A document beyond one of the stated limits."""

    def __init__(self, problem: str, mark: yaml.Mark | None = None, kind: str = "too large"
                 ) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = mark
        self.kind = kind


# every plain a:b (or a:b:c) scalar: refused as a pay, whether or not YAML 1.1 makes it a number
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(?::[0-9]+)+$")


class _Loader(yaml.composer.Composer, _Events,
              yaml.constructor.SafeConstructor, yaml.resolver.Resolver):
    """Safe YAML that keeps an unquoted ``8:1`` as text marked base-60, refuses duplicate
    keys, and counts aliases and depth as it composes."""

    def __init__(self, stream: str) -> None:
        _Events.__init__(self, stream)
        yaml.composer.Composer.__init__(self)
        yaml.constructor.SafeConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)
        self._depth = 0
        self._aliases = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise YamlLimitError(f"more than {MAX_ALIASES} aliases (*name)", self._mark())
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise YamlLimitError(f"nested more than {MAX_DEPTH} levels deep", self._mark())
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def _mark(self) -> yaml.Mark | None:
        event = self.peek_event()
        return event.start_mark if event is not None else None  # type: ignore[return-value]  # libyaml's mark, the same fields

    def get_single_node(self) -> yaml.Node | None:
        node = super().get_single_node()
        if node is not None:
            _check_expanded_size(node, self._aliases)
        return node


def _check_expanded_size(root: yaml.Node, aliases: int = 1) -> None:
    """Refuse a document of more than ``MAX_NODES`` values once its aliases are expanded,
    or whose aliases refer to themselves (``bets: &x [*x]``, which would expand forever);
    each node is sized once (aliases share nodes), so this takes time in the document's
    length. ``aliases``: how many the document uses (none: it is long, not a bomb)."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()  # on the path from the root: a child among them is a cycle
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        if not children_done:
            if any(id(child) in open_nodes or child is node for child in children):
                raise YamlLimitError("an alias refers to the value that holds it (a "
                                     "recursive alias), which never ends", node.start_mark,
                                     kind="not valid YAML")
            open_nodes.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in children if id(child) not in sizes)
            continue
        open_nodes.discard(id(node))
        size = 1 + sum(sizes.get(id(child), 0) for child in children)
        if size > MAX_NODES:
            raise YamlLimitError(
                f"aliases expand to more than {MAX_NODES:,} values (an alias bomb?)" if aliases
                else f"more than {MAX_NODES:,} values (a game file holds a few hundred)",
                node.start_mark)
        sizes[id(node)] = size


# Resolvers are tried in order: the base-60 pattern goes first, ahead of int and float.
_Loader.yaml_implicit_resolvers = {
    first: list(resolvers) for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
for _first in "+-0123456789":
    _Loader.yaml_implicit_resolvers.setdefault(_first, []).insert(
        0, ("!sexagesimal", _SEXAGESIMAL))
_Loader.add_constructor("!sexagesimal", lambda loader, node: Sexagesimal(node.value))

_MERGE_TAG = "tag:yaml.org,2002:merge"


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False) -> Any:
    seen = set()
    for key_node, _ in node.value:
        if key_node.tag == _MERGE_TAG:
            continue  # a merge key (<<: *base): its keys may be overridden by the mapping's own
        if not isinstance(key_node, yaml.ScalarNode):
            kind = "a list" if isinstance(key_node, yaml.SequenceNode) else "a mapping"
            raise yaml.constructor.ConstructorError(
                None, None, f"{kind} as a key: a key is a name or a number",
                key_node.start_mark)
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} appears twice", key_node.start_mark)
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _construct_number(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> object:
    """A YAML number, refused when longer than a number may be (``exact_odds.numbers``)."""
    if len(str(node.value)) > MAX_NUMBER_CHARS:
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of {len(str(node.value)):,} characters: numbers are limited "
            f"to {MAX_NUMBER_CHARS}", node.start_mark)
    if node.tag.endswith(":int"):
        return yaml.SafeLoader.construct_yaml_int(loader, node)
    return yaml.SafeLoader.construct_yaml_float(loader, node)


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_number)
_Loader.add_constructor("tag:yaml.org,2002:float", _construct_number)


def is_file(path: Path | str) -> bool:
    """Whether ``path`` is a regular file (or a link to one); ``False`` for any path that
    cannot be looked at, a name too long for the file system included (``Path.is_file``
    raises on that)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def exists(path: Path | str) -> bool:
    """Whether anything is at ``path``; ``False`` for a path that cannot be looked at."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def read_bounded(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; anything else refused in one
    line naming the file: a folder, a device (``/dev/zero`` never ends), a pipe (a FIFO
    would wait for a writer forever), a socket, a file too large, one that cannot be read.
    The file is opened without blocking and checked before a byte is read; a file that
    grows while it is read is cut at ``limit + 1`` bytes and refused.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> read_bounded(folder, 10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    exact_odds.files.InputFileError: ...: a folder, not a file
    """
    descriptor, info = _open_regular(path, what)
    name = str(path)
    try:
        if info.st_size > limit:
            raise InputFileError(f"{name}: the file has {info.st_size:,} bytes; a {what} "
                                 f"may have at most {limit:,}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        raw = b"".join(chunks)
    except OSError as error:
        raise InputFileError(f"{name}: cannot read the {what} ({error.strerror})") from None
    finally:
        os.close(descriptor)
    if len(raw) > limit:
        raise InputFileError(f"{name}: the file has more than {limit:,} bytes; a {what} may "
                             "have at most that")
    return raw


def _open_regular(path: Path | str, what: str) -> tuple[int, os.stat_result]:
    """An open descriptor of a regular file and its status, checked as ``read_bounded``
    says; the caller closes it."""
    if not isinstance(path, (str, Path)) or isinstance(path, str) and not path:
        raise InputFileError(f"{shown(repr(path), 60)} is not a file's path")
    name = str(path)
    if "\0" in name:
        raise InputFileError(f"{quoted(name)}: a file name cannot hold a NUL character")
    try:
        descriptor = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except IsADirectoryError:
        raise InputFileError(f"{name}: a folder, not a file") from None
    except OSError as error:
        raise InputFileError(f"{name}: cannot read the {what} ({error.strerror})") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise InputFileError(f"{name}: a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise InputFileError(f"{name}: not a regular file (a device, a pipe or a "
                                 f"socket); the {what} must be a file")
    except OSError as error:
        os.close(descriptor)
        raise InputFileError(f"{name}: cannot read the {what} ({error.strerror})") from None
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor, info


def regular_file(path: Path | str, what: str = "file") -> int:
    """The size in bytes of ``path``, a regular file that can be read, checked as
    ``read_bounded`` checks it (folders, devices, pipes and sockets refused, in one line
    naming the file) without reading it: for a reader that streams the file in parts."""
    descriptor, info = _open_regular(path, what)
    os.close(descriptor)
    return info.st_size


def read_yaml(path: Path) -> object:
    """Read a YAML file with the pay-table loader; errors name the file and the line."""
    check_type(path, (str, Path), "path", "a YAML file's path")
    raw = read_bounded(path, MAX_BYTES, "game, rules, shoe or table file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputFileError(f"{path}: not a text file in UTF-8") from None
    return parse_yaml(text.removeprefix("\ufeff"), str(path))


def parse_yaml(text: str, where: str) -> Any:
    """Parse YAML text with the pay-table loader; ``where`` (a file name) starts every error."""
    if len(text) > MAX_BYTES:
        raise InputFileError(f"{where}: more than {MAX_BYTES:,} characters of YAML")
    if "\0" in text:
        number = text.count("\n", 0, text.index("\0")) + 1
        raise InputFileError(f"{where}: line {number}: not valid YAML: a NUL character")
    try:
        loader = _Loader(text)
        try:
            return loader.get_single_data()
        finally:
            loader.dispose()
    except RecursionError:
        raise InputFileError(f"{where}: not valid YAML: nested too deeply") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        line = f" line {mark.line + 1}:" if mark else ""
        problem = " ".join(str(getattr(error, "problem", None) or error).split())
        kind = error.kind if isinstance(error, YamlLimitError) else "not valid YAML"
        if problem == "exceeded maximum nesting depth":  # libyaml's own bound, far beyond ours
            problem, kind = f"nested more than {MAX_DEPTH} levels deep", "too large"
        if problem == "found character that cannot start any token" and mark:
            problem = f"found character {_character_at(text, mark)!r} that cannot start any token"
        raise InputFileError(f"{where}:{line} {kind}: {problem}") from None


def _character_at(text: str, mark: yaml.Mark) -> str:
    """The character at a parser's mark (libyaml's messages do not show it)."""
    lines = text.splitlines()
    line = lines[mark.line] if mark.line < len(lines) else ""
    return line[mark.column] if mark.column < len(line) else ""


# --- writing: all of it or nothing, never through a surprise --------------------------------
#
# - The target is checked first (``output_target``), before any work: only a regular file
#   (or a new name in a folder that exists) is written; a folder, a device, a pipe or a socket
#   is refused, so ``-o /dev/sda`` as root cannot touch a disk.
# - A symbolic link is followed: the file it points to is replaced, the link stays a link.
# - The data goes to a new temporary file with a unique name in the target's own folder,
#   flushed to disk, then renamed over the target in one step: a reader never sees half a
#   file, two writers never share a temporary file (the last rename wins, whole), and a
#   failure or an interrupt (Ctrl-C) removes the temporary file and leaves the old file as
#   it was.
# - ``-`` and ``/dev/stdout`` mean standard output: printed, not replaced.

#: The names that mean standard output.
STANDARD_OUTPUT = ("-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1")


class OutputError(ExactOddsError, OSError):
    """A file that cannot or must not be written."""


def is_standard_output(path: Path | str) -> bool:
    """Whether ``path`` names standard output (``-``, ``/dev/stdout``)."""
    return str(path) in STANDARD_OUTPUT


def standard_output() -> TextIO:
    """Standard output, or one error line where the process was started with it closed
    (``>&-``: Python's ``sys.stdout`` is then None)."""
    if sys.stdout is None:
        raise OutputError("cannot write to standard output: it is closed (give --output FILE)")
    return sys.stdout


def output_target(path: Path) -> Path:
    """The file a write to ``path`` replaces: ``path``, or where its links lead. Refuses a
    folder, a device, a pipe, a socket, a name in a folder that does not exist, or in a
    folder that cannot be written (a file is made there and removed, as the write will:
    permissions, a read-only disk and ``/proc`` are all found before the work)."""
    target = _target(path)
    try:
        import tempfile  # here, not at the top: a command that writes no file never needs it

        descriptor, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".check",
                                            dir=target.parent)
    except OSError as error:
        raise OutputError(f"cannot write {quoted(path)}: folder {quoted(target.parent)} cannot "
                          f"be written ({error.strerror or error})") from None
    os.close(descriptor)
    os.unlink(name)
    return target


def _target(path: Path) -> Path:
    """``output_target`` without the folder's trial write (``replacing`` makes its own)."""
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


def same_target(first: Path | str, second: Path | str) -> bool:
    """Whether two names are written to one file (links followed); standard output is
    never a file."""
    if is_standard_output(first) or is_standard_output(second):
        return False
    return os.path.realpath(first) == os.path.realpath(second)


def _mode(target: Path) -> int:
    """The permissions the written file gets: the old file's, or the umask's for a new one."""
    try:
        return os.stat(target).st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """A unique temporary file beside ``path``'s target, for the caller to fill; renamed
    over the target when the block ends, removed if it raises (an interrupt included).
    Errors name ``path``.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with replacing(folder / "out.txt") as temporary:
    ...     _ = temporary.write_text("whole")
    >>> (folder / "out.txt").read_text(), sorted(p.name for p in folder.iterdir())
    ('whole', ['out.txt'])
    """
    target = _target(Path(path))
    mode = _mode(target)
    try:
        import tempfile

        descriptor, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial",
                                            dir=target.parent)
    except OSError as error:
        raise OutputError(f"cannot write {quoted(path)}: {error.strerror or error}") from None
    os.close(descriptor)
    temporary = Path(name)
    try:
        yield temporary
        with temporary.open("rb") as handle:
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise OutputError(f"cannot write {quoted(path)}: {error.strerror or error}") from None
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_output(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` at once (see above); ``-`` or ``/dev/stdout`` prints it."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if is_standard_output(path):
        stream = standard_output().buffer
        stream.write(payload)
        stream.flush()
        return
    with replacing(Path(path)) as temporary:
        temporary.write_bytes(payload)
