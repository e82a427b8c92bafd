"""Reading paragraph markup into reportlab's pieces (frags) without reportlab's HTML tokenizer, for the markup
printgen itself writes (safety/markup.py): text escaped by ``text`` and the few tags of ``tag``.

reportlab's ``ParaParser`` is an ``html.parser.HTMLParser``: the tokenizer, pure Python and general, is about a
fifth of what parsing a paragraph costs (the bundled books' 1,751 paragraphs: 82 ms, 65 ms without it). Here the markup is cut
into the same tokens HTMLParser would find, and handed to the very handlers reportlab's parser calls for them
(``handle_starttag``, ``handle_data``...), in the same order, so the pieces are the same objects made the same way.
Only a plain shape is taken: data without ``<`` or ``&``, the four entities ``text`` writes, a start tag whose
attributes are double-quoted values without ``<``, ``>`` or ``&`` (HTMLParser decodes entities in values), an end
tag. Anything else (a character reference, a comment, a stray ``<``) is left to reportlab's own parser: ``parse``
answers None.
"""

from __future__ import annotations

import re

from reportlab.platypus.paraparser import ParaParser, _re_para

# one token at a time: data up to the next < or &; a start tag (its attributes; "/" when it closes itself); an end
# tag; a named entity as text() writes them
_TOKEN = re.compile(r'([^<&]+)|<([a-zA-Z]+)((?: [a-zA-Z]+="[^"<>&]*")*)(/?)>|</([a-zA-Z]+)>|&(amp|lt|gt|quot);')
_ATTR = re.compile(r' ([a-zA-Z]+)="([^"<>&]*)"')


def tokens(text: str) -> list[tuple] | None:
    """``text``'s tokens as HTMLParser hands them on (no convert_charrefs, as reportlab sets it up): ("data",
    str), ("start", tag, [(name, value)]), ("startend", tag, attrs), ("end", tag) or ("entity", name), tags and
    attribute names in lower case; None when ``text`` holds anything else."""
    out: list[tuple] = []
    at, n = 0, len(text)
    match = _TOKEN.match
    while at < n:
        m = match(text, at)
        if m is None:
            return None
        data, tag, attrs, closed, end, entity = m.groups()
        if data is not None:
            out.append(("data", data))
        elif tag is not None:
            pairs = [(k.lower(), v) for k, v in _ATTR.findall(attrs)] if attrs else []
            out.append(("startend" if closed else "start", tag.lower(), pairs))
        elif end is not None:
            out.append(("end", end.lower()))
        else:
            out.append(("entity", entity))
        at = m.end()
    return out


def parse(text: str, style, case_sensitive: int) -> tuple | None:
    """What ``ParaParser().parse(text, style)`` answers (the style, the pieces, the bullet's pieces) for markup
    of the plain shape (``text`` already cleaned, as reportlab's Paragraph cleans it first); None for any other
    markup, or where reportlab's parser would find an error (so that it is left to report it)."""
    if len(text) >= 6 and text[0] == "<" and _re_para.match(text):
        return None  # a <para> of its own: reportlab does not wrap it
    found = tokens(text)
    if found is None:
        return None
    p = ParaParser()
    p.caseSensitive = case_sensitive
    try:
        p._setup_for_parse(style)
        p.handle_starttag("para", [])  # ParaParser.parse wraps the text in <para>...</para>
        for kind, *args in found:
            if kind == "data":
                p.handle_data(args[0])
            elif kind == "start":
                p.handle_starttag(args[0], args[1])
            elif kind == "startend":  # HTMLParser's handle_startendtag: the start, then the end
                p.handle_starttag(args[0], args[1])
                p.handle_endtag(args[0])
            elif kind == "end":
                p.handle_endtag(args[0])
            else:
                p.handle_entityref(args[0])
        p.handle_endtag("para")
        got = p._complete_parse()
    except Exception:  # noqa: BLE001 (reportlab's own parse raises it, with its message)
        return None
    return got if got[1] is not None else None
