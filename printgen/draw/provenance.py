"""Where a drawn thing came from: the data item, the layout element or template line that made it.

Renderers say what they are drawing with ``drawing(Source(...))``; every ``Text``
made inside takes the current source (see ``document.Text.src``), so the
preflight stage can name the place to fix without each renderer passing it on.
A context variable, not a global: workers and nested faces each see their own.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

from ..findings import Location


@dataclass(frozen=True)
class Source:
    """What drew an op: ``what`` in the designer's words ("class card 'Knight'"), the data item's place,
    and the layout element (or template line) that drew it, with its id or type."""

    what: str
    data: Location | None = None
    element: Location | None = None
    element_name: str = ""
    path: tuple = ()  # the data item's path in the game's data (("maps", 2)), when its place is not known yet
    trim: tuple | None = None  # a card face's trim (x, y, w, h) in the face's own mm: its safe area lies inside

    @property
    def place(self) -> Location | None:
        """The place a finding points at: the element that set the size or position when known (that is
        where a layout mistake is fixed), else the data item."""
        return self.element or self.data

    def naming(self) -> str:
        """"class card 'Knight' (layout element 'text')" for a finding's message."""
        return f"{self.what} (layout element '{self.element_name}')" if self.element_name else self.what


_CURRENT: ContextVar[Source | None] = ContextVar("printgen_source", default=None)


def current() -> Source | None:
    """The source being drawn now, or None."""
    return _CURRENT.get()


@contextmanager
def drawing(source: Source | None) -> Iterator[None]:
    """Everything drawn inside comes from ``source``."""
    token = _CURRENT.set(source)
    try:
        yield
    finally:
        _CURRENT.reset(token)


class element:
    """``with element(loc, name):`` inside the current source, a layout element (at ``loc``, named ``name``)
    draws. A class, not a generator: every element of every face enters one (forty thousand for a deck of
    a thousand cards), and a generator's context manager cost a tenth of drawing the faces."""

    __slots__ = ("loc", "name", "token")

    def __init__(self, loc: Location | None, name: str) -> None:
        self.loc, self.name, self.token = loc, name, None

    def __enter__(self) -> None:
        base = _CURRENT.get()
        if base is not None:
            # replace(base, element=..., element_name=...) without dataclasses.replace's field walk
            src = object.__new__(Source)
            src.__dict__.update(base.__dict__, element=self.loc, element_name=self.name)
            self.token = _CURRENT.set(src)

    def __exit__(self, *exc) -> bool:
        if self.token is not None:
            _CURRENT.reset(self.token)
            self.token = None
        return False
