"""The preflight's check classes: name -> what it finds. CLI, docs and game.yaml settings read this registry.

A game sets a class's severity in game.yaml (``preflight: {severity: {small-text: error}}``): ``warning``
(the default: reported, the page is written), ``error`` (the target is not written, the build exits 1) or
``off``.
"""

from __future__ import annotations

CLASSES: dict[str, str] = {
    "placeholder": "an unfilled placeholder or template syntax printed as text ({name}, {{, {%)",
    "small-text": "text printed below the smallest size a player can read",
    "overlap": "text printed over other text, or crossed by a line",
    "cut": "text crossed by a cut line or a crop mark, or outside a card's safe area inside its cut",
    "margin": "ink outside the area a home printer prints",
    "legend": ("one code or symbol standing for two different things in one legend, or a card's key showing a "
               "colour its picture never draws"),
    "empty-page": "a page of a multi-page document that is mostly empty",
    "stranded": "a heading or table header left at a page foot, or a lone line carried to the next page",
    "sheets": "a printable spread over more sheets than its content needs",
    "ink-on-ink": ("an icon, badge or disc overlapping or grazing another it does not hold, a label wider than "
                   "the disc it sits in, or a shape drawn across a scale's ticks"),
    "markup": ("markup left in printed text: a backslash escape, an HTML entity or tag, stray emphasis marks, a "
               "Markdown link or picture left as typed"),
    "contrast": ("text too faint against what is under it (WCAG ratio), also as colour-blind readers see a "
                 "colour that carries meaning"),
    "table": ("a table cell that breaks a word inside it, wraps a short value, or stacks its header letter by "
              "letter"),
    "text-area": ("a line of a book set past the side of its text area, into a margin its theme keeps clear (a "
                  "caption wider than the picture it hangs under), or its body crowding the running head's or "
                  "foot's rule"),
    "picture": ("a picture in a book set so small that its labels print under the least size or crowd onto its "
                "lines"),
    "registration": "ink where a cutting machine's registration mark must stay clear",
    "seam": "a marker, label or symbol of a tiled map crossing a tile's trim line, where the next tile covers it",
    "one-ink": ("in a CMYK shop file, text under the game's ink_text size (8 pt) printed from more than one ink "
                "(misregistration blurs it)"),
    "ink-limit": "in a CMYK shop file, a colour over the total ink limit (the profile's, or the game's ink_limit)",
    "precision": "a measure printed to three decimals or more (10.0269 mm): a value passed to the page unrounded",
}
SEVERITIES = ("warning", "error", "off")
