"""A paragraph of several fonts or colours (bold and italic runs, links, anchors) broken into lines by a short way:
what reportlab's ``Paragraph.breakLines`` answers for it ("kind 1": the same lines, each the same pieces with the
same attributes in the same order, and the same paragraph attributes set), without its generic steps.

Measured (issue 41): the ten bundled books break some 1,300 such paragraphs a pass, 127 us each in reportlab (0.17 s
CPU a pass). Most of that is spent on what cannot change the answer: for every word it adds up the spaces of the
whole line so far to see how far spaces may shrink (5 % of them), though a word that ends inside the frame fits
whatever they add; it compares pieces' styles through attribute look-ups that raise for each style a piece lacks;
and it copies each piece through its generic constructor. Here the shrink is worked out (the very sum, in the same
order) only for a word that ends past the frame, pieces are compared and copied through their dictionaries, and
the rest is reportlab's loop as it is.

Only the shape the books write is taken: pieces of text or empty callbacks (anchors, the contents' ends) made
by the paragraph parser, no bullet, no hyphenation, no soft hyphen, no shaping or right-to-left, no pictures in
the text; where reportlab would split a word too long for the line this way gives up (None) before it has set
anything, and reportlab breaks the paragraph. tests/safety/test_para_break.py holds it to reportlab's answers.
"""

from __future__ import annotations

from reportlab.platypus import paragraph as rl
from reportlab.platypus.paraparser import ParaFrag

_FK_TEXT, _FK_BREAK = rl._FK_TEXT, rl._FK_BREAK
_HSFrag, _InjectedFrag = rl._HSFrag, rl._InjectedFrag
_FragLine, _ParaLines = rl.FragLine, rl.ParaLines
_STYLE = ("fontName", "fontSize", "textColor", "rise", "us_lines", "link", "backColor", "nobr")  # sameFrag's
_MISSING = object()
_new = object.__new__
# a piece made by the parser: ParaFrag itself (its attributes all in its dictionary, cloned by ABag.clone)
_PLAIN_PIECE = (getattr(ParaFrag, "__getattr__", None) is None
                and ParaFrag.__getattribute__ is object.__getattribute__
                and ParaFrag.__init__ is rl.ABag.__init__ and ParaFrag.clone is rl.ABag.clone
                and not any(hasattr(ParaFrag, name) for name in _STYLE + ("cbDefn", "lineBreak", "text", "_fkind")))


def same_style(f, g) -> bool:
    """``reportlab.lib.rl_accel.sameFrag(f, g)`` for two ParaFrags: read from their dictionaries (the C function
    looks each name up as an attribute, and each one a piece lacks raises and clears an error)."""
    fd, gd = f.__dict__, g.__dict__
    if "cbDefn" in fd or "cbDefn" in gd or "lineBreak" in fd or "lineBreak" in gd:
        return False
    for name in _STYLE:
        a = fd.get(name, _MISSING)
        b = gd.get(name, _MISSING)
        if a is b:
            continue
        if a is _MISSING or b is _MISSING or a != b:  # (the C function: both missing is the same, one is not)
            return False
    return True


def _alike(memo: dict, src, f) -> bool:
    """``same_style(g, f)`` for ``g`` a copy of ``src`` (its style the very same objects; only its text differs),
    each pair of pieces compared once."""
    if src is f:
        d = f.__dict__
        return "cbDefn" not in d and "lineBreak" not in d
    key = (src, f)
    got = memo.get(key)
    if got is None:
        got = memo[key] = same_style(src, f)
    return got


def _clone(f):
    """``f.clone()`` (ABag's: a new piece of the same class with the same dictionary, in the same order)."""
    g = _new(ParaFrag)
    g.__dict__.update(f.__dict__)
    return g


def _taken(para, style) -> bool:
    """Whether the paragraph is of the shape this way breaks exactly as reportlab does."""
    frags = para.frags
    if (len(frags) < 2 or para.bulletText or style.wordWrap or style.shaping
            or getattr(style, "hyphenationLang", "") or style.uriWasteReduce or style.embeddedHyphenation):
        return False
    shrink = style.spaceShrinkage
    if not (type(shrink) in (int, float) and shrink >= 0):
        return False
    for f in frags:
        if type(f) is not ParaFrag:  # (a split paragraph's pieces are its words already)
            return False
        d = f.__dict__
        text = d.get("text", "")
        if text:
            if "\xad" in text:
                return False
        elif "cbDefn" in d:
            if getattr(d["cbDefn"], "width", 0):  # a picture in the text
                return False
        elif "lineBreak" not in d:
            return False
    return True


def break_lines(para, width):
    """``para.breakLines(width)`` (width in points, or a list of them, one a line, the last repeated) for a
    paragraph of several pieces, with reportlab's answer and side effects (its ``frags`` become its words, its
    ``height``, ``_width_max``, ``_hyphenations`` and ``_splitLongWordCount`` set); None, nothing changed, for a
    paragraph this way does not follow."""
    if not _PLAIN_PIECE:
        return None
    style = para.style
    if not _taken(para, style):
        return None
    maxWidths = list(width) if isinstance(width, (tuple, list)) else [width]
    maxlineno = len(maxWidths) - 1
    maxWidth = maxWidths[0]
    spaceShrinkage = style.spaceShrinkage
    splitLongWords = style.splitLongWords
    njlbv = not style.justifyBreaks
    string_width = rl.stringWidth  # (looked up now: rulebook/widths.py remembers reportlab's)
    ascent_descent = rl.getAscentDescent
    spaces: dict = {}  # (font, size) -> the width of a space; -> ascent and descent: asked again and again
    heights: dict = {}
    alike: dict = {}  # (the piece a line's last piece was copied from, a piece) -> same_style of the two

    def space_width(name, size):
        key = (name, size)
        got = spaces.get(key)
        if got is None:
            got = spaces[key] = string_width(" ", name, size)
        return got

    def getAscentDescent(name, size):
        key = (name, size)
        got = heights.get(key)
        if got is None:
            got = heights[key] = ascent_descent(name, size)
        return got
    _words = rl._getFragWords(para.frags, maxWidth)
    lines: list = []
    words: list = []
    FW: list = []
    aFW = FW.append
    lineno = sFW = 0
    width_max = 0
    n = spaceWidth = currentWidth = 0
    maxSize = maxAscent = minDescent = 0
    g = src = None  # the line's last piece, and the piece it was copied from (its style the same)
    for w in _words:
        if type(w) is not list and type(w) is not _HSFrag:
            return None  # (a soft-hyphened or split word: not made from the pieces taken)
        aFW(w)
        f = w[-1][0]
        fontName = f.fontName
        fontSize = f.fontSize
        if not words:
            n = spaceWidth = currentWidth = 0
            maxSize = fontSize
            maxAscent, minDescent = getAscentDescent(fontName, fontSize)
        wordWidth = w[0]
        f = w[1][0]
        newWidth = currentWidth + spaceWidth + wordWidth if wordWidth > 0 else currentWidth
        lineBreak = f._fkind == _FK_BREAK
        over = False
        if newWidth > maxWidth:  # else within the line, whatever its spaces may shrink by (never less than 0)
            limWidth = maxWidth
            if spaceShrinkage:
                spaceShrink = spaceWidth
                for wi in words:
                    if wi._fkind == _FK_TEXT:
                        ns = wi.text.count(" ")
                        if ns:
                            spaceShrink += ns * space_width(wi.fontName, wi.fontSize)
                spaceShrink *= spaceShrinkage
                limWidth += spaceShrink
            over = newWidth > limWidth
        if over and not lineBreak and "cbDefn" not in f.__dict__ and splitLongWords:
            nmw = min(lineno, maxlineno)
            if wordWidth > max(maxWidths[nmw:nmw + 1]):
                return None  # a word wider than the line: reportlab splits it
        if not ((over and n > 0) or lineBreak):
            nText = w[1][1]
            if nText:
                n += 1
            fontSize = f.fontSize
            ascent, descent = getAscentDescent(f.fontName, fontSize)
            if fontSize > maxSize:
                maxSize = fontSize
            maxAscent = max(maxAscent, ascent)
            minDescent = min(minDescent, descent)
            if not words:
                g = _clone(src := f)
                words = [g]
                g.text = nText
            elif not _alike(alike, src, f):
                if spaceWidth:
                    i = len(words) - 1
                    while i >= 0:
                        wi = words[i]
                        i -= 1
                        if wi._fkind == _FK_TEXT:
                            if not wi.text.endswith(" "):
                                wi.text += " "
                            break
                g = _clone(src := f)
                words.append(g)
                g.text = nText
            elif spaceWidth:
                if not g.text.endswith(" "):
                    g.text += " " + nText
                else:
                    g.text += nText
            else:
                g.text += nText
            # the space after this word: reportlab's names here are the last piece's font and the first's size
            spaceWidth = space_width(fontName, fontSize) if isinstance(w, _HSFrag) else 0
            ni = 0
            for piece, text in w[2:]:
                g = _clone(src := piece)
                g.text = text
                if text:
                    ni = 1
                words.append(g)
                fontSize = g.fontSize
                ascent, descent = getAscentDescent(g.fontName, fontSize)
                if fontSize > maxSize:
                    maxSize = fontSize
                maxAscent = max(maxAscent, ascent)
                minDescent = min(minDescent, descent)
            if not nText and ni:
                n += 1
            currentWidth = newWidth
        else:
            if lineBreak:
                g = _clone(src := f)
                words.append(g)
                llb = njlbv and not isinstance(w, _InjectedFrag)
            else:
                llb = False
            if currentWidth > width_max:
                width_max = currentWidth
            lines.append(_FragLine(extraSpace=maxWidth - currentWidth, wordCount=n, lineBreak=llb, words=words,
                                   fontSize=maxSize, ascent=maxAscent, descent=minDescent, maxWidth=maxWidth,
                                   sFW=sFW))
            sFW = len(FW) - 1
            lineno += 1
            maxWidth = maxWidths[min(maxlineno, lineno)]
            if lineBreak:
                words = []
                continue
            spaceWidth = space_width(fontName, fontSize) if isinstance(w, _HSFrag) else 0
            currentWidth = wordWidth
            n = 1
            g = _clone(src := f)
            maxSize = g.fontSize
            maxAscent, minDescent = getAscentDescent(g.fontName, maxSize)
            words = [g]
            g.text = w[1][1]
            for piece, text in w[2:]:
                g = _clone(src := piece)
                g.text = text
                words.append(g)
                fontSize = g.fontSize
                ascent, descent = getAscentDescent(g.fontName, fontSize)
                if fontSize > maxSize:
                    maxSize = fontSize
                maxAscent = max(maxAscent, ascent)
                minDescent = min(minDescent, descent)
    if words:
        if currentWidth > width_max:
            width_max = currentWidth
        lines.append(_FragLine(extraSpace=(maxWidth - currentWidth), wordCount=n, lineBreak=False, words=words,
                               fontSize=maxSize, ascent=maxAscent, descent=minDescent, maxWidth=maxWidth, sFW=sFW))
    para._width_max = width_max
    para.height = 0
    para._splitLongWordCount = para._hyphenations = 0
    para.frags = FW
    return _ParaLines(kind=1, lines=lines)
