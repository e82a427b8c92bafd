"""What the render tests share: a drawing's ops with their groups opened."""

from __future__ import annotations

from printgen.draw.document import Group


def leaves(ops):
    """Every op of ``ops`` that is not a group, groups opened depth first, in drawing order."""
    for op in ops:
        if type(op) is Group:
            yield from leaves(op.ops)
        else:
            yield op
