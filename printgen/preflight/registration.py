"""The ``registration`` preflight class: nothing inked where a cutting machine's registration mark must
stay clear. A mark carries the ground it keeps clear in its role (printgen.cut.machines); any other ink
reaching into that ground would be read as part of the mark, and the machine would cut off its lines.
"""

from __future__ import annotations

from functools import lru_cache

from ..draw.document import Page
from ..findings import Finding, Location, error, warning
from .scene import flatten, overlap

PAD = 0.05  # mm: ink touching a clear box's edge is not in it


@lru_cache(maxsize=4096)
def clear_boxes(role: str) -> tuple:
    """The boxes a mark's role keeps clear (none for any other role): asked of every ink of every page."""
    from ..cut.machines import clear_boxes as boxes

    return tuple(boxes(role))


def intruders(inks) -> list:
    """(ink, what is wrong) of each ink, not a mark's, inside ground a mark keeps clear (page mm)."""
    zones = [(box, ink) for ink in inks for box in clear_boxes(ink.role or "")]
    if not zones:
        return []
    out = []
    for ink in inks:
        if clear_boxes(ink.role or ""):
            continue
        for box, _ in zones:
            inner = (box[0] + PAD, box[1] + PAD, box[2] - PAD, box[3] - PAD)
            if overlap(ink.box, inner):
                what = repr(ink.text[:30]) if ink.kind == "text" else "a shape"
                out.append((ink, f"inks {what} where a registration mark must stay clear ({box[0]:.0f}, "
                                 f"{box[1]:.0f} to {box[2]:.0f}, {box[3]:.0f} mm): the machine would misread its marks"))
                break
    return out


def clear_findings(pages: list[Page], where: str, loc: Location, level: str = "warning") -> list[Finding]:
    """The ``registration`` hits on ``pages`` (a cut sheet made outside the build) as findings, one per page,
    at the game's ``level`` for the class (preflight: severity:, ``off`` for none)."""
    if level == "off":
        return []
    found = []
    for n, page in enumerate(pages, start=1):
        hits = intruders(flatten(page))
        if hits:
            more = f" (and {len(hits) - 1} more)" if len(hits) > 1 else ""
            found.append((error if level == "error" else warning)(
                "preflight-registration", f"{where} page {n}: {hits[0][1]}{more}", loc))
    return found
