"""The rulebook's frames (the cover's, the contents page's, the body's columns)."""

from __future__ import annotations

import copy

from reportlab.platypus import Frame

_PLAIN = (int, float, str, bool, type(None))


class BookFrame(Frame):
    """A frame copied as deepcopy copies it, its plain numbers and names shared rather than walked: platypus
    copies the current frame each time it measures a group kept together (some 600 times over a build's books)."""

    def __deepcopy__(self, memo):
        twin = copy.copy(self)
        for name, value in self.__dict__.items():
            if type(value) not in _PLAIN:
                twin.__dict__[name] = copy.deepcopy(value, memo)
        return twin
