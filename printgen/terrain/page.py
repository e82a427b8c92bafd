"""The bill of materials as a printed page: a summary line, a table per level, the totals."""

from __future__ import annotations

from ..draw.colour import INK
from ..draw.document import Text, pt
from ..draw.text import Run
from ..render.flow import Flow
from .bom import COLUMNS, HEADERS, _cell

WEIGHTS = (0.8, 1.3, 2.2, 0.9, 1.4, 1.4, 1.3, 1.3, 1.1)
ALIGN = ("center", "left", "left", "center", "left", "center", "center", "center", "center")


def bom_section(flow: Flow, b: dict) -> None:
    """The bill drawn into a flow (the heroscape build guide calls this for its own page)."""
    m, t = b["material"], b["total"]
    flow.heading(f"Bill of materials: {b['map']}", pt(13))
    flow.paragraph([Run(f"{t['tiles']} tiles", "sans-bold"),
                    Run(f" ({b['tiles']} tiles) on {b['plates']} print plate(s): {t['grams']:g} g, "
                        f"{t['metres']:g} m of {m['diameter_mm']:g} mm {m['name']} ({m['density_g_cm3']:g} g/cm3, "
                        f"solid volume), about {t['hours']:g} h of printing at {m['rate_mm3_s']:g} mm3/s.")])
    for level, tot in b["levels"].items():
        rows = [r for r in b["rows"] if str(r["level"]) == level]
        flow.heading(f"Level {level}: {tot['tiles']} tiles, {tot['grams']:g} g, {tot['hours']:g} h", pt(10.5),
                     rule=False)
        flow.table(HEADERS, WEIGHTS, [[[Run(_cell(r, c))] for c in COLUMNS] for r in rows], align=ALIGN)
    flow.heading("In total", pt(10.5), rule=False)
    totals = [[[Run(s["shape"] + ("-hex" if s["shape"].isdigit() else ""))], [Run(s["terrain"])],
               [Run(str(s["count"]))]] for s in b["shapes"]]
    flow.table(("Shape", "Terrain", "Count"), (1.3, 2.2, 0.9), totals, align=("left", "left", "center"))
    if b["missing"]:
        flow.paragraph([Run("Missing from the inventory: ", "sans-bold"),
                        Run(", ".join(f"{x['count']} x {x['shape']}-hex {x['terrain']}" for x in b["missing"]))])


SIZES = (8.5, 8.0, 7.5, 7.0, 6.5, 6.0)  # pt: the bill's text, largest first; none under the 6 pt least for text


def _bill_flow(b: dict, spec, title: str, size: float) -> list:
    """The bill's pages with its text at ``size`` pt."""
    flow = Flow(spec, size=pt(size))
    flow.page.add(Text(flow.x0, flow.y + 8.0, title, "serif-bold", pt(18), INK))
    flow.space(11)
    bom_section(flow, b)
    return flow.pages


def bom_pages(b: dict, spec, title: str) -> list:
    """The bill's pages, at the largest size that takes the fewest sheets: a bill that runs a few rows onto
    a second page is set a little smaller to end on the first instead of wasting a sheet.

    Smaller text never takes more pages (every row, heading and paragraph is as tall or shorter, and the
    flow fills each page in turn), so the fewest sheets are those of the smallest size, and the largest size
    that takes as few is found by halving the sizes between (each try lays out the whole bill): the size
    trying every one in turn, largest first, picks (tested against it)."""
    tried: dict[int, list] = {}

    def pages(i: int) -> list:
        if i not in tried:
            tried[i] = _bill_flow(b, spec, title, SIZES[i])
        return tried[i]

    if len(pages(0)) == 1:
        return pages(0)
    least = len(pages(len(SIZES) - 1))
    if len(pages(0)) == least:
        return pages(0)
    more, enough = 0, len(SIZES) - 1  # pages(more) takes more sheets than the least; pages(enough) the least
    while enough - more > 1:
        mid = (more + enough) // 2
        if len(pages(mid)) == least:
            enough = mid
        else:
            more = mid
    return pages(enough)
