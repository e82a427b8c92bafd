"""reportlab's writing of a PDF's objects, the same bytes at less cost (issue 41).

When a document is saved, reportlab formats every object through ``pdfdoc.format``, and every dictionary key
through ``PDFName`` and the ``extpdfdoc`` codec, all in Python: a rulebook's thousand link annotations, its
footers' forms and outline entries. Here the plain cases take a short way (saving the ten bundled books took
206 ms of CPU, now 157 ms):

- a number is written by ``fp_str`` (ASCII), a ``str`` of printable ASCII encodes alike in ``extpdfdoc`` and
  ASCII (the codec refuses U+0018-U+001F, and those, like anything else, go reportlab's own way);
- a dictionary key's bytes (``/Type``, ``/Rect``...) are worked out once per key.

Installed once, on import (write/pdf.py and the rulebook's book.py import it); ``originals`` holds reportlab's
own for the tests, which compare the two.
"""

from __future__ import annotations

import re
from collections import OrderedDict

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc

originals = {"format": pdfdoc.format, "pdfdocEnc": pdfdoc.pdfdocEnc, "PDFName": pdfdoc.PDFName,
             "PDFDictionary.format": pdfdoc.PDFDictionary.format}
_format, _encode, _name = originals["format"], originals["pdfdocEnc"], originals["PDFName"]
_LOW = re.compile("[\x18-\x1f]")  # ASCII that extpdfdoc does not encode (it raises, as reportlab's way will)


def pdfdoc_encoded(x):
    """``pdfdoc.pdfdocEnc``: a str in the PDFDocEncoding reportlab extends, else ``x`` itself."""
    if type(x) is str and x.isascii() and not _LOW.search(x):
        return x.encode("ascii")
    return _encode(x)


def formatted(element, document, toplevel=0):
    """``pdfdoc.format``: numbers, strings and bytes straight away, objects by their own ``format``."""
    kind = type(element)
    if kind is float or kind is int:
        return fp_str(element).encode("ascii")
    if kind is str:
        return pdfdoc_encoded(element)
    if kind is bytes:
        return element
    return _format(element, document, toplevel)


_NAMES: dict[str, str] = {}
_KEYS: dict[str, bytes] = {}  # a dictionary key -> its name's bytes
_KEPT_MAX = 4096


def pdf_name(data, lo=chr(0x21), hi=chr(0x7E)):
    """``pdfdoc.PDFName``, worked out once per name."""
    if type(data) is not str or lo != "\x21" or hi != "\x7e":
        return _name(data, lo, hi)
    got = _NAMES.get(data)
    if got is None:
        if len(_NAMES) >= _KEPT_MAX:
            _NAMES.clear()
        got = _NAMES[data] = _name(data)
    return got


def dictionary_format(self, document, IND=b"\n "):
    """``PDFDictionary.format``, each key's bytes worked out once (a name's bytes depend on nothing else)."""
    entries = self.dict
    keys = list(entries.keys())
    if not isinstance(entries, OrderedDict):
        keys.sort()
    fmt = pdfdoc.format
    out = []
    for k in keys:
        key = _KEYS.get(k) if type(k) is str else None
        if key is None:
            key = fmt(pdfdoc.PDFName(k), document)
            if type(k) is str:
                if len(_KEYS) >= _KEPT_MAX:
                    _KEYS.clear()
                _KEYS[k] = key
        out.append(key + b" " + fmt(entries[k], document))
    if (self.multiline and pdfdoc.rl_config.pdfMultiLine) or self.multiline == "forced":
        joined = IND.join(out)
    else:  # reportlab breaks the line every 6 entries anyway
        for i in reversed(range(6, len(out), 6)):
            out.insert(i, b"\n ")
        joined = b" ".join(out)
    return b"<<\n" + joined + b"\n>>"


pdfdoc.format = formatted
pdfdoc.pdfdocEnc = pdfdoc_encoded
pdfdoc.PDFName = pdf_name
pdfdoc.PDFDictionary.format = dictionary_format
