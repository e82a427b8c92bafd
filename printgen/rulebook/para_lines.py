"""A line of a paragraph of several fonts or colours (bold runs, links, anchors, the contents' callbacks) drawn by a
short way: what reportlab's ``_putFragLine`` writes, calls and leaves for such a line, without its generic steps.

Measured (issue 41): the ten bundled books draw some 2,100 such lines a pass; reportlab spends about 28 us a line on
its own steps besides writing the text (0.06 s CPU a pass): looking up each piece's underline and background though
the book sets none, measuring the space before every piece though only a link's end reads it, comparing colours
through their Python ``__eq__`` though most are the very same object, and measuring each piece through three
calls. Here a line whose pieces have no underline, strike, background, rise or picture, in a paragraph without
automatic leading or end dots, is drawn the same way in the same order (the same text object calls, the same
bookmarks, callbacks and link records, the same numbers); any other line is reportlab's own (``rl_put_frag_line``).
``install`` puts it where reportlab's line drawers find it. tests/rulebook/test_para_lines.py holds it to
reportlab's drawing.
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import paragraph as rl
from reportlab.platypus.paraparser import ParaFrag

from .widths import word_width

rl_put_frag_line = rl._putFragLine  # reportlab's own
_trailing_space = rl._wsc_end_search
_new_state = rl.ABag  # (tests: the state reportlab's drawPara sets up)


def _plain_line(words) -> bool:
    """Whether every piece of the line is text with no underline, strike, background or rise, or a callback
    that is not a picture."""
    for f in words:
        if type(f) is not ParaFrag:  # (its attributes all in its dictionary: para_break.py)
            return False
        d = f.__dict__
        if "cbDefn" in d:
            cb = d["cbDefn"]
            if cb is None or getattr(cb, "kind", "img") == "img":
                return False
            continue
        if (d.get("us_lines", 1) != [] or type(d.get("link")) is not list or d.get("backColor")
                or d.get("rise", 1) != 0 or type(d.get("textColor")) is not Color or type(d.get("text")) is not str
                or "fontName" not in d or "fontSize" not in d):
            return False
    return True


def put_frag_line(cur_x, tx, line, last, pKind):
    """``reportlab.platypus.paragraph._putFragLine(cur_x, tx, line, last, pKind)``: the line's pieces drawn
    on the text object ``tx`` from ``cur_x`` (pt, from the paragraph's left)."""
    xs = tx.XtraState
    if (xs.autoLeading in ("min", "max") or xs.backColor or xs.rise != 0 or xs.us_lines
            or (last and xs.style.endDots) or not _plain_line(line.words)):
        return rl_put_frag_line(cur_x, tx, line, last, pKind)
    canvas = tx._canvas
    if type(canvas).stringWidth is Canvas.stringWidth:
        string_width = word_width  # (pdfmetrics.stringWidth, as the canvas's own calls it, remembered)
    else:
        def string_width(text, name, size):
            return canvas.stringWidth(text, name, size)
    link_record = getattr(tx, "_linkRecord", None)
    preformatted = tx.preformatted
    cur_y = xs.cur_y
    x0 = tx._x0
    leading = xs.leading
    cur_x += xs.leftIndent
    if tx._leading != leading:
        tx.setLeading(leading)
    ws = getattr(tx, "_wordSpace", 0)
    nSpaces = 0
    words = line.words
    last_word = words[-1]
    AL: list = []
    links = xs.links
    for i, f in enumerate(words):
        d = f.__dict__
        if "cbDefn" in d:
            cbDefn = d["cbDefn"]
            kind = cbDefn.kind
            name = cbDefn.name
            if kind == "anchor":
                canvas.bookmarkHorizontal(name, cur_x, cur_y + leading)
            else:
                func = canvas.getNamedCB(name)
                if not func:
                    raise AttributeError("Missing %s callback attribute '%s'" % (kind, name))
                canvas._curr_tx_info = dict(tx=tx, cur_x=cur_x, cur_y=cur_y, leading=leading, xs=tx.XtraState)
                try:
                    func(canvas, kind, getattr(cbDefn, "label", None))
                finally:
                    del canvas._curr_tx_info
            if f is last_word:
                if not tx._fontname:
                    tx.setFont(xs.style.fontName, xs.style.fontSize)
                tx._textOut("", 1)
            continue
        cur_x_s = cur_x + nSpaces * ws
        fontName = d["fontName"]
        fontSize = d["fontSize"]
        textColor = d["textColor"]
        rise = d["rise"]
        before = tx._fontname, tx._fontsize  # (what the space ending the piece before is measured in)
        if before != (fontName, fontSize):
            tx._setFont(fontName, fontSize)
        seen = xs.textColor
        if seen is not textColor and seen != textColor:  # (a colour is equal to itself: Color.__eq__)
            xs.textColor = textColor
            tx.setFillColor(textColor)
        link = d["link"]
        changed = AL != link
        if changed:
            S = set(AL)
            NS = set(link)
            nAL = NS - S
            eAL = S - NS
            if eAL:
                # where the links end: before the space that ends the piece before (reportlab's end_x)
                end_x = cur_x_s
                if i > 0 and not preformatted:
                    m = _trailing_space(words[i - 1].text)
                    end_x = cur_x_s - (canvas.stringWidth(m.group(), before[0], before[1]) if m else 0)
                for lk in eAL:
                    links[lk] = links[lk], end_x
                    if link_record is not None:
                        link_record(lk, "end")
        text = d["text"]
        tx._textOut(text, f is last_word)
        nlo = rise - 0.2 * fontSize
        nhi = rise + fontSize
        if changed:
            for lk in nAL:
                links[lk] = (lk, cur_x), nlo, nhi
                if link_record is not None:
                    link_record(lk, "start")
            AL = link
        if AL:
            for lk in AL:
                l0, lo, hi = links[lk]
                if nlo < lo or nhi > hi:
                    links[lk] = l0, min(nlo, lo), max(nhi, hi)
        cur_x += string_width(text, tx._fontname, tx._fontsize)
        nSpaces += text.count(" ") + text.count("\xa0")
    cur_x_s = cur_x + (nSpaces - 1) * ws
    if AL:
        for lk in AL:
            links[lk] = links[lk], cur_x_s
            if link_record is not None:
                link_record(lk, "end")
    if tx._x0 != x0:
        rl.setXPos(tx, x0 - tx._x0)
    return None


def install() -> None:
    """Have reportlab's paragraph line drawers (``_leftDrawParaLineX`` and its kin) draw through
    ``put_frag_line``."""
    rl._putFragLine = put_frag_line


install()  # (imported by the book's canvas, record.py)
