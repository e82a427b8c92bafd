"""A face's key that shows a colour its picture never draws (the ``legend`` class).

A key drawn on a card face (a swatch, role "legend-swatch", then the words it keys, "legend-entry") says
"hexes in this colour are ...". When no other shape of that face is drawn in the swatch's colour, the key
stands for nothing the player can find: the picture painted those hexes another way (one kind of mark drawn
over another on the same hexes), or the swatch is a shade the picture does not use. A map's legend (drawn
loose on its page, not in a face) keys levels and zones by a sample rather than their exact ink, and is not
read here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterable

from .sheet import Hit, Settings, Sheet

KEY_ROLES = ("legend-swatch", "legend-entry")


def _colour(c: str) -> str:
    return c.strip().lower()


def unshown_keys(sheet: Sheet, settings: Settings) -> Iterable[Hit]:
    keys = []  # (swatch, the entry it keys), each drawn in a face
    swatch = None
    for ink in sheet.inks:
        if ink.role == "legend-swatch":
            swatch = ink
        elif ink.role == "legend-entry" and ink.kind == "text":
            if swatch is not None and swatch.depth >= 1 and swatch.colour:
                keys.append((swatch, ink))
            swatch = None
    if not keys:
        return
    # what each face (top-level group) draws, but for its keys: the picture its keys explain
    drawn: dict[int, set[str]] = {}
    for ink in sheet.inks:
        if ink.kind == "shape" and ink.role not in KEY_ROLES and ink.colour:
            drawn.setdefault(ink.group, set()).add(_colour(ink.colour))
    seen = set()
    for sw, entry in keys:
        shown = drawn.get(sw.group)
        words = " ".join(entry.text.split())
        # where it is fixed: the item whose picture it keys (a shape carries no source: its entry's, the face's)
        src = entry.src
        if src is not None and src.data is not None:
            src = replace(src, element=None, element_name="")
        if not shown or _colour(sw.colour) in shown or (src, words) in seen:
            continue  # (a face of keys alone explains no picture of its own; one hit per key however often placed)
        seen.add((src, words))
        yield Hit("legend", src, f"keys '{words}' with the colour {sw.colour}, which nothing else on its face is "
                  "drawn in: the key stands for marks the player cannot find", sheet.number)
