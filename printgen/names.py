"""Names of content items: look-up by name (case-insensitive, as designers write them) and file-safe slugs."""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable, TypeVar

T = TypeVar("T")


def name_key(name: str) -> str:
    """The form names are compared in: "Fool's gold" and "fool's Gold" are one name."""
    return name.casefold()


def by_name(items: Iterable[T], name: str) -> T | None:
    """The first item whose ``name`` matches ``name`` (case-insensitively), or None."""
    key = name_key(name)
    return next((item for item in items if name_key(item.name) == key), None)


def index_by_name(items: Iterable[T]) -> dict[str, T]:
    """Items keyed by ``name_key`` of their name (the last wins; the validator reports duplicates)."""
    return {name_key(item.name): item for item in items}


def slug(name: str) -> str:
    """A file-name-safe form of a name: "Fool's Gold" -> "fools-gold"."""
    text = unicodedata.normalize("NFKD", name.replace("'", "").replace("\u2019", ""))
    text = text.encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
