"""The version of exact-odds: the one place it is written (``pyproject.toml`` reads it
from here), recorded by every output so that a saved result names what produced it."""

__version__ = "0.2.0"
