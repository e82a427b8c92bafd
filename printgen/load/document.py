"""A loaded file's plain data and where each value and key of it was written (``Document``).

A YAML document keeps those places as (line, col) pairs until one is read (``LazyDocument``), and pickles them
so: a game's documents hold one place per value and key, and a build pickles each game to its workers, which
made a Location of every one of them on unpickling (about 80 % of a game's source, 1-1.5 ms a game and worker)
though a render asks for a place now and then (issue 41).
"""

from __future__ import annotations

import copyreg
from dataclasses import dataclass, field
from typing import Any

from ..findings import Location

Path_ = tuple  # a path into the data: ("classes", 3, "actions", 0, "cost")


@dataclass
class Document:
    """Plain data plus where each piece came from.

    ``values[path]`` is where the value at ``path`` starts; ``keys[path]`` is
    where the mapping key naming ``path[-1]`` stands. ``styles[path]`` is the
    YAML scalar style, so positions inside literal blocks can be found.
    """

    data: Any
    file: str
    values: dict[Path_, Location] = field(default_factory=dict)
    keys: dict[Path_, Location] = field(default_factory=dict)
    styles: dict[Path_, str] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)

    def __reduce__(self):
        # pickled with its locations packed (``_packed``): see the module's docstring
        if type(self) not in (Document, LazyDocument):  # a spreadsheet's (its cells' locations name the sheet)
            return copyreg.__newobj__, (type(self),), dict(self.__dict__)  # as pickle's default
        return packed_document, (self.data, self.file, _packed_of(self, "values"), _packed_of(self, "keys"),
                                 self.styles, self.lines)


def _packed(locations: dict, file: str) -> dict:
    """``locations`` (path -> Location) with each Location in ``file`` (not a spreadsheet's cell) as its
    (line, col)."""
    return {p: (loc.line, loc.col) if loc.file == file and not loc.sheet else loc for p, loc in locations.items()}


def _packed_of(doc: Document, name: str) -> dict:
    """``doc``'s ``values`` or ``keys`` (``name``) packed: as kept, when it is a LazyDocument not read yet."""
    kept = doc.__dict__
    if "_made_" + name not in kept and "_packed_" + name in kept:
        return kept["_packed_" + name]
    return _packed(getattr(doc, name), doc.file)


def _made(name: str) -> property:
    """A LazyDocument's ``values`` or ``keys``: made from the packed ones when first read, then kept."""
    made, packed = "_made_" + name, "_packed_" + name

    def get(self) -> dict:
        kept = self.__dict__
        got = kept.get(made)
        if got is None:
            raw = kept.get(packed)
            if raw is None:  # made meanwhile (by another thread: the studio's)
                return kept[made]
            file = kept["file"]
            got = kept.setdefault(made, {p: Location(file, *v) if type(v) is tuple else v for p, v in raw.items()})
            kept.pop(packed, None)  # the Locations take its place
        return got

    def put(self, value: dict) -> None:
        self.__dict__[made] = value

    return property(get, put)


class LazyDocument(Document):
    """A Document whose ``values`` and ``keys`` are held as (line, col) until first read: made so by the YAML
    loader (``load_yaml_text``) and by unpickling. Reads, compares and pickles as a Document does."""

    values = _made("values")  # type: ignore[assignment]
    keys = _made("keys")  # type: ignore[assignment]

    def __eq__(self, other):
        if type(other) not in (Document, LazyDocument):
            return NotImplemented
        return ((self.data, self.file, self.values, self.keys, self.styles, self.lines)
                == (other.data, other.file, other.values, other.keys, other.styles, other.lines))

    __hash__ = None  # type: ignore[assignment]  # as a Document's (mutable, compared by value)


def packed_document(data: Any, file: str, values: dict, keys: dict, styles: dict, lines: list) -> LazyDocument:
    """A LazyDocument of these parts (``values`` and ``keys`` packed, as ``_packed`` makes them)."""
    doc = LazyDocument.__new__(LazyDocument)
    doc.__dict__.update(data=data, file=file, _packed_values=values, _packed_keys=keys, styles=styles, lines=lines)
    return doc
