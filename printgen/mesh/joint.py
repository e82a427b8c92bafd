"""Pin-and-socket joints on a tile's side, for the parts of a piece split to fit the bed (issue 39).

A pin is a square bar turned 45 degrees (a diamond seen end-on) standing out of one part's side; the
socket is the same diamond, wider by the clearance on every flank, cut into the matching side of the
part next to it. A diamond's faces all lean 45 degrees, so the pin's underside and the socket's roof
print without supports, lying flat on the bed as the parts do. The side quad is replaced by a ring
round the diamond (eight triangles: each quad edge to the diamond corner facing it, and the four
corners between), which shares the quad's corners, so the tile stays one watertight body.
All lengths in mm.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from .tile import MeshError, Vec

Face = tuple[int, int, int]
PIN, SOCKET = "pin", "socket"


class JointSpec(NamedTuple):
    half: float       # the pin's diamond, centre to corner
    length: float     # how far the pin stands out of its side
    z: float          # height of the diamond's centre above the tile's bottom
    clearance: float  # gap between each flank of the pin and the socket's (perpendicular to the flank)
    depth: float      # how deep the socket goes into its side

    @property
    def socket_half(self) -> float:
        """The socket's diamond, centre to corner: the pin's grown by the clearance on each flank."""
        return self.half + self.clearance * math.sqrt(2)


def _diamond(quad_pts: list[Vec], half: float, z: float, mid: tuple[float, float]
             ) -> tuple[list[Vec], tuple[float, float]]:
    """The diamond's corners (left, bottom, right, top as seen from outside) on the side face whose
    corners are ``quad_pts`` (bottom-left, bottom-right, ...), and the face's outward normal (x, y).
    Centred where the lattice side's middle ``mid`` meets the face square on: the two parts' faces are
    moved in by the clearance along their corners' bisectors, so their own middles are not opposite."""
    (ax, ay, _), (bx, by, _) = quad_pts[0], quad_pts[1]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    along = (mid[0] - ax) * ux + (mid[1] - ay) * uy
    mx, my = ax + ux * along, ay + uy * along
    corners = [(mx - ux * half, my - uy * half, z), (mx, my, z - half), (mx + ux * half, my + uy * half, z),
               (mx, my, z + half)]
    return corners, (uy, -ux)


def joint_side(kind: str, quad: tuple[int, int, int, int], vertices: list[Vec], spec: JointSpec,
               mid: tuple[float, float]) -> list[Face]:
    """Faces of one side (``quad``: vertex indices bottom-left, bottom-right, top-right, top-left, wound
    outward; ``mid``: the middle of its lattice side, x, y) with a pin standing out of it or a socket
    cut into it; new vertices appended."""
    pts = [vertices[i] for i in quad]
    lowest_top = min(pts[2][2], pts[3][2])
    half = spec.half if kind == PIN else spec.socket_half
    width = math.dist(pts[0][:2], pts[1][:2])
    if spec.z - half < 0.4 or spec.z + half > lowest_top - 0.4 or 2 * half > width - 2.0:
        raise MeshError(f"a {2 * half:.1f} mm joint at {spec.z:g} mm does not fit a side {width:.1f} mm wide "
                        f"and {lowest_top:.1f} mm high")
    corners, (nx, ny) = _diamond(pts, half, spec.z, mid)
    d = len(vertices)
    vertices += corners
    a, b, c, e = quad
    faces: list[Face] = [(a, b, d + 1), (b, c, d + 2), (c, e, d + 3), (e, a, d),  # edge to the corner facing it
                         (a, d + 1, d), (b, d + 2, d + 1), (c, d + 3, d + 2), (e, d, d + 3)]
    out = spec.length if kind == PIN else -spec.depth
    t = len(vertices)
    vertices += [(x + nx * out, y + ny * out, z) for x, y, z in corners]
    for k in range(4):  # the bar's sides face away from its axis; the socket's (the same turn, run inward) into it
        k1 = (k + 1) % 4
        faces += [(d + k, d + k1, t + k1), (d + k, t + k1, t + k)]
    faces += [(t, t + 1, t + 2), (t, t + 2, t + 3)]  # the pin's end, or the socket's floor: facing out
    return faces
