"""Reading YAML safely: the loader every game file and shoe file goes through.

A ``yaml.SafeLoader`` (no YAML tag can run code) that also keeps an unquoted ``8:1`` as text
marked base-60 (so that it is refused as a pay, never read as 481) and refuses a key given
twice.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from exact_odds.games.model import GameFileError
from exact_odds.games.pays import Sexagesimal

# every plain a:b (or a:b:c) scalar: refused as a pay, whether or not YAML 1.1 makes it a number
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(?::[0-9]+)+$")


class _Loader(yaml.SafeLoader):
    """Safe YAML that keeps an unquoted ``8:1`` as text marked base-60, and refuses
    duplicate keys."""


# Resolvers are tried in order: the base-60 pattern goes first, ahead of int and float.
_Loader.yaml_implicit_resolvers = {
    first: list(resolvers) for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
for _first in "+-0123456789":
    _Loader.yaml_implicit_resolvers.setdefault(_first, []).insert(
        0, ("!sexagesimal", _SEXAGESIMAL))
_Loader.add_constructor("!sexagesimal", lambda loader, node: Sexagesimal(node.value))


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode, deep: bool = False):
    seen = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} appears twice", key_node.start_mark)
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def read_yaml(path: Path) -> object:
    """Read a YAML file with the pay-table loader; errors name the file and the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise GameFileError(f"{path}: cannot read the file ({error.strerror})") from None
    except UnicodeDecodeError:
        raise GameFileError(f"{path}: not a text file in UTF-8") from None
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        where = f" line {mark.line + 1}" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        raise GameFileError(f"{path}:{where}: not valid YAML: {problem}") from None
