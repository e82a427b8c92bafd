"""TTS deck sheets drawn straight into their slots (publish/tts.py deck_sheets): a deck of more cards than
a sheet holds takes two, every slot holds its face as it is drawn alone, the back is in the last slot of
each and is the back image's pixels, and slots between the last face and the back stay white."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from printgen.draw.document import Rect, Style, Text
from printgen.publish.cards import Card, CardDeck
from printgen.publish.raster import items_rows
from printgen.publish.tts import CARD_DPI, MAX_COLS, MAX_ROWS, deck_sheets, grid_for


def _face(k: int):
    # a colour per card (the slot is told by it) and its number
    return lambda bleed: [Rect(0, 0, 63.5, 88.9, Style(fill=f"#{(37 * k) % 256:02x}{(91 * k) % 256:02x}80")),
                          Text(5, 20, f"Card {k}", "serif-bold", 12, "#ffffff")]


def test_a_deck_of_75_takes_two_sheets_each_slot_its_face_the_back_last():
    deck = CardDeck("Big deck", (63.5, 88.9), "rect", tuple(Card(f"c{k}", _face(k)) for k in range(75)),
                    lambda bleed: [Rect(0, 0, 63.5, 88.9, Style(fill="#202020"))])
    sheets, back = deck_sheets(deck)
    cell = (375, 525)  # a poker card at CARD_DPI
    assert CARD_DPI == 150 and (back.width, back.height) == cell
    assert [(cols, rows, len(chunk)) for _, cols, rows, chunk in sheets] == [(10, 7, 69), (*grid_for(6), 6)]
    items = [c.face(0.0) for c in deck.cards] + [deck.back(0.0)]
    alone = [np.asarray(r.image()) for r in items_rows(items, 63.5, 88.9, size_px=cell)]
    assert np.array_equal(np.asarray(back.image()), alone[-1])
    for rows, cols, nrows, chunk in sheets:
        assert cols <= MAX_COLS and nrows <= MAX_ROWS
        img = np.asarray(Image.open(io.BytesIO(rows.png(CARD_DPI))))
        assert img.shape == (nrows * cell[1], cols * cell[0], 3)

        def slot(s: int) -> np.ndarray:
            x, y = (s % cols) * cell[0], (s // cols) * cell[1]
            return img[y:y + cell[1], x:x + cell[0]]

        for s, k in enumerate(chunk):
            assert np.array_equal(slot(s), alone[k]), f"slot {s}: card {k}"
        assert np.array_equal(slot(cols * nrows - 1), alone[-1])  # the hidden back
        for s in range(len(chunk), cols * nrows - 1):
            assert (slot(s) == 255).all(), f"slot {s} is blank"
