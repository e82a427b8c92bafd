"""The report's pictures, with matplotlib (imported here only: it costs half a second to load): a matchup
heat map and cost against value; PNG for the HTML page, a PDF of both with the outliers listed."""

from __future__ import annotations

import io
import logging
import math

from .report import Report


def _figures(report: Report):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    n = len(report.names)
    side = min(14.0, max(5.0, 0.45 * n + 2.5))  # inches: a 200-unit roster still fits a page
    label = max(4.0, min(8.0, 380 / max(n, 1)))  # pt: each named row's name fits
    # Margins from the longest name, not tight_layout: that draws the whole figure once more to measure it
    names_in = 0.55 * label / 72 * max((len(x) for x in report.names), default=4) + 0.5
    heat = Figure(figsize=(side + 1.2 + names_in, side + names_in), dpi=100)
    ax = heat.add_subplot()
    grid = [[float("nan") if m is None or m.turns is None else m.turns for m in row] for row in report.matchups]
    shown = [[math.log2(v) if v == v else float("nan") for v in row] for row in grid]
    image = ax.imshow(shown, cmap="RdYlGn_r", vmin=0, vmax=max(1.0, max((v for r in shown for v in r if v == v),
                                                                         default=1.0)))
    # at most 50 names an axis (every k-th unit past that): more cannot be read, and each tick costs a draw
    k = max(1, math.ceil(n / 50))
    ticks, names = list(range(0, n, k)), report.names[::k]
    ax.set_xticks(ticks, names, rotation=60 if n <= 40 else 90, ha="right" if n <= 40 else "center",
                  fontsize=label)
    ax.set_yticks(ticks, names, fontsize=label)
    ax.set_xlabel("target")
    ax.set_ylabel("attacker")
    ax.set_title(f"{report.name}: expected turns to destroy (blank: never)", fontsize=10)
    if n <= 24:  # numbers fit in the cells
        for a, row in enumerate(grid):
            for t, v in enumerate(row):
                if v == v:
                    ax.text(t, a, f"{v:.1f}" if v < 10 else f"{v:.0f}", ha="center", va="center", fontsize=6)
    bar = heat.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
    bar.set_label("log2 turns")
    width, height = heat.get_size_inches()
    heat.subplots_adjust(left=(names_in + 0.1) / width, bottom=(names_in + 0.1) / height,
                         right=1 - 1.3 / width, top=1 - 0.45 / height)

    value = Figure(figsize=(7, 5), dpi=100)
    ax = value.add_subplot()
    costed = [v for v in report.values if v.cost]
    if costed:
        xs, ys = [v.cost for v in costed], [v.value for v in costed]
        flagged = {f.message.split("'")[1] for f in report.findings if f.code == "balance-outlier"}
        ax.scatter(xs, ys, c=["#c0392b" if v.name in flagged else "#2c5d7c" for v in costed], s=28, zorder=3)
        per = sorted(v.value / v.cost for v in costed)
        median = per[len(per) // 2] if len(per) % 2 else (per[len(per) // 2 - 1] + per[len(per) // 2]) / 2
        top = max(xs) * 1.1
        ax.plot([0, top], [0, top * median], color="#888888", linestyle="--", label="roster median value per point")
        for v in costed if len(costed) <= 40 else [v for v in costed if v.name in flagged]:
            ax.annotate(v.name, (v.cost, v.value), fontsize=7, xytext=(3, 3), textcoords="offset points")
        ax.set_xlabel("cost")
        ax.legend(fontsize=8, loc="upper left")
        ax.set_title(f"{report.name}: cost against value (red: named outliers)", fontsize=10)
    else:
        ys = [v.value for v in report.values]
        ax.barh(range(len(ys)), ys, color="#2c5d7c")
        ax.set_yticks(range(len(ys)), report.names, fontsize=8)
        ax.invert_yaxis()
        ax.set_title(f"{report.name}: value against the roster (no costs in the data)", fontsize=10)
    what = "value (geometric mean of kill rate and toughness)"
    ax.set_ylabel(what) if costed else ax.set_xlabel(what)
    ax.grid(alpha=0.3)
    left = 0.14 if costed else min(0.5, (0.55 * 8 / 72 * max((len(x) for x in report.names), default=4) + 0.2) / 7)
    value.subplots_adjust(left=left, bottom=0.12, right=0.95, top=0.92)
    return heat, value


def _latin1(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def render_plots(report: Report) -> dict[str, bytes]:
    """heat.png, value.png and balance.pdf (both plots, one a page), byte for byte the same each run."""
    from matplotlib.backends.backend_pdf import PdfPages

    heat, value = _figures(report)
    out = {}
    for name, fig in (("heat.png", heat), ("value.png", value)):
        buf = io.BytesIO()
        fig.savefig(buf, format="png", metadata={"Software": None})
        out[name] = buf.getvalue()
    import matplotlib

    # The PDF's 14 standard fonts need no embedding: a quarter of the time of embedded DejaVu. They hold
    # Latin-1 only, so a roster with other letters keeps the embedded font.
    latin = all(_latin1(t) for t in [report.name, *report.names])
    logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)  # "Helvetica: using medium" is no news
    buf = io.BytesIO()
    with matplotlib.rc_context({"pdf.use14corefonts": latin}), \
            PdfPages(buf, metadata={"CreationDate": None, "Creator": "printgen balance", "Producer": None,
                                    "Title": f"{report.name}: balance"}) as pdf:
        for fig in (heat, value):  # no page-filling white box: the page is paper, and preflight keeps ink in
            pdf.savefig(fig, facecolor="none", edgecolor="none")
    out["balance.pdf"] = buf.getvalue()
    return out
