"""A rulebook's Markdown tables as platypus tables (the table part of markdown.Converter): each column as
wide as its cells need (tables.py), in the column, across both columns of a two-column book, or set
smaller, whichever first keeps every word whole."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Table, TableStyle

from ..safety import markup as mk
from . import tables
from .table_flow import BreakingTable


class TableConverter:
    """markdown.Converter's tables. It reads the converter's ``styles``, ``frame_width``, ``least_text``,
    ``_span_width`` and ``_column_width`` (pt), and its ``inline``, ``_lone_image`` and ``colour``."""

    def _table(self, tokens, i: int, j: int) -> Flowable:
        """A Markdown table, its columns as wide as their cells need (tables.py): in the column, across
        both columns of a two-column book, or set smaller, whichever first keeps every word whole."""
        cells: list[list[tuple]] = []  # per row: (inline token, header?, alignment) of each cell
        aligns: list[str] = []
        header_rows = 0
        in_head = False
        for tk, nxt in zip(tokens[i:j], tokens[i + 1:j + 1]):
            if tk.type == "thead_open":
                in_head = True
            elif tk.type == "thead_close":
                in_head = False
            elif tk.type == "tr_open":
                cells.append([])
                header_rows += in_head
            elif tk.type in ("th_open", "td_open"):
                style_attr = tk.attrGet("style") or ""
                align = "center" if "center" in style_attr else "right" if "right" in style_attr else "left"
                if len(cells) == 1:
                    aligns.append(align)
                col = len(cells[-1])
                header = tk.type == "th_open"
                cells[-1].append((nxt, header, (aligns[col] if col < len(aligns) else align) if header else align))

        def build(k: float = 1.0, pad: float = tables.PAD) -> tuple[Table, list[tables.Measure], list]:
            rows = [[self._cell(*c, k) for c in row] for row in cells]
            return (self._styled(rows, header_rows, pad),) + tables.measured(rows, pad)

        table, cols, each = build()
        room = self.frame_width
        fits = tables.widths(cols, room, each)
        if fits is not None:
            table._argW = table._colWidths = fits
            return table
        if self._span_width and self.frame_width == self._column_width:
            wide = tables.widths(cols, self._span_width, each, comfort=False)
            if wide is not None:  # across both columns; in the column, should a page not hold it, set smaller
                table._argW = table._colWidths = wide
                return tables.Spanning([table], [self._squeezed(build, room)], self._span_width)
        return self._squeezed(build, room)

    def _squeezed(self, build, room: float) -> Table:
        """A table whose words do not fit ``room`` at their size: tighter, then smaller within the floor (and
        never under the game's least text size); else as it is, its columns by their least widths (the
        preflight's ``table`` class then says which words break)."""
        pad = tables.TIGHT_PAD
        table, cols, each = build(1.0, pad)
        fits = tables.widths(cols, room, each, pad, comfort=False)
        if fits is None:
            size = self.styles["td-left"].fontSize
            floor = max(tables.SHRINK_FLOOR, self.least_text / size if size else 1.0)
            k = tables.shrink_to_fit(cols, room, pad, floor)
            if k is not None:
                table, cols, each = build(k * 0.995, pad)
                fits = tables.widths(cols, room, each, pad, comfort=False)
        if fits is None:
            # no narrower than its padding and a letter (a narrower cell cannot be set at all)
            total = sum(c.least for c in cols) or 1.0
            fits = [max(2 * tables.TIGHT_PAD + 4.0, room * c.least / total) for c in cols]
        table._argW = table._colWidths = fits
        return table

    def _cell(self, inline, header: bool, align: str, k: float = 1.0) -> Flowable:
        cell = self._lone_image(inline, cell=True)
        if cell is not None:
            return cell
        st = self.styles[f"th-{align}" if header else f"td-{align}"]
        if k != 1.0:
            st = ParagraphStyle(f"{st.name}-{k:.3f}", parent=st, fontSize=st.fontSize * k, leading=st.leading * k)
        return mk.paragraph(self.inline(inline.children, link_terms=not header), st)

    def _styled(self, rows: list[list], header_rows: int, pad: float) -> Table:
        table = BreakingTable(rows, repeatRows=header_rows, hAlign="LEFT")
        table.record = True
        cmds = [
            # Table draws cell text in its own font unless told otherwise: name ours, or an
            # unembedded Helvetica lands in the PDF.
            ("FONTNAME", (0, 0), (-1, -1), self.styles["body"].fontName),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.HexColor(self.colour("table_lines"))),
            ("TOPPADDING", (0, 0), (-1, -1), 2.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ("LEFTPADDING", (0, 0), (-1, -1), pad),
            ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ]
        if header_rows:
            cmds.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor(self.colour("table_header"))))
        for r in range(header_rows, len(rows)):
            if (r - header_rows) % 2:
                cmds.append(("BACKGROUND", (0, r), (-1, r), colors.HexColor(self.colour("table_stripe"))))
        table.setStyle(TableStyle(cmds))
        table.spaceBefore, table.spaceAfter = 2, 8
        return table
