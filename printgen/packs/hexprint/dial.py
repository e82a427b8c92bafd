"""The Hex Timer's geometry, in mm, shared by the validator (does a segment hold every marker?) and
the renderer (where the segments, numbers and marker spots go).

Angles are in degrees clockwise from 12 o'clock. Segment 1 starts at 12 o'clock, so the round turn
(the last segment ticking over to 1) is the line at the top; the segments run clockwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

RIM_PAD = 1.5  # mm between the numbers and the rim, and between marker spots and the edges


@dataclass(frozen=True)
class Dial:
    diameter: float  # mm
    hub: float  # mm, the centre disc's diameter
    segments: int
    marker: float  # an initiative marker's diameter, mm
    number: float  # the segment numbers' cap height band, mm
    gap: float = 1.5  # mm between marker spots

    @property
    def radius(self) -> float:
        return self.diameter / 2

    @property
    def sweep(self) -> float:
        return 360.0 / self.segments

    def span(self, segment: int) -> tuple[float, float]:
        """(start, end) angle of a segment (1-based)."""
        a = (segment - 1) * self.sweep
        return a, a + self.sweep

    @property
    def spot_limit(self) -> float:
        """The outermost radius a marker spot may reach: the numbers have the band outside it."""
        return self.radius - self.number - 2 * RIM_PAD

    def rings(self) -> list[tuple[float, int]]:
        """(radius of the centres, spots on that ring) for each ring of marker spots in one segment."""
        m, pitch = self.marker, self.marker + self.gap
        out = []
        rho = self.hub / 2 + RIM_PAD + m / 2
        while rho + m / 2 <= self.spot_limit + 1e-9:
            edge = math.degrees(math.asin(min(1.0, (m / 2 + RIM_PAD) / rho)))
            avail = self.sweep - 2 * edge
            step = math.degrees(2 * math.asin(min(1.0, pitch / (2 * rho))))
            n = int(avail / step + 1e-9) + 1 if avail >= 0 else 0
            if n > 0:
                out.append((rho, n))
            rho += pitch
        return out

    def capacity(self) -> int:
        """How many markers one segment holds without overlapping each other or its edges."""
        return sum(n for _, n in self.rings())

    def spots(self, segment: int) -> list[tuple[float, float]]:
        """Centres of the marker spots of a segment, relative to the dial's centre (x right, y down)."""
        a0, a1 = self.span(segment)
        mid = (a0 + a1) / 2
        out = []
        for rho, n in self.rings():
            step = math.degrees(2 * math.asin(min(1.0, (self.marker + self.gap) / (2 * rho))))
            for k in range(n):
                out.append(polar(rho, mid + (k - (n - 1) / 2) * step))
        return out


def polar(r: float, angle: float) -> tuple[float, float]:
    """A point ``r`` mm from the centre at ``angle`` degrees clockwise from 12 o'clock (y down)."""
    t = math.radians(angle)
    return r * math.sin(t), -r * math.cos(t)


def dial_for(looks, rules) -> Dial:
    return Dial(diameter=looks.timer.diameter, hub=looks.timer.hub, segments=rules.segments,
                marker=looks.marker.diameter, number=looks.timer.number_size)
