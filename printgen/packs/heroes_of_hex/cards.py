"""Heroes of Hex class cards: their faces are layouts (layouts/class-card.yaml, class-back.yaml); the
pack adds the one element a layout cannot say, the cost badges, and the card picture for rulebooks."""

from __future__ import annotations

from ...draw.document import Group, ImageError, Op, Poly, Rect, Style, Text, pt
from ...draw.fonts import text_width
from ...names import name_key

AP_COLOUR = "#1f5f8b"
HEX_COLOUR = "#6b2d84"


def _cost_badges(cost) -> list[tuple[str, str]]:
    return [(f"{n} {res}", HEX_COLOUR if res.upper() == "HEX" else AP_COLOUR) for n, res in cost.options]


def badge_width(label: str, size: float) -> float:
    return text_width(label, "sans-bold", size) + 3.2


def card_image(name: str, game) -> tuple[list[Op], float, float]:
    """``printgen:card/<class>`` for the rulebook: the card front (its layout) cut to its trim."""
    from ...layout.face_geometry import face_size
    from ...layout.sheets import picture_maker

    index = next((i for i, c in enumerate(game.data.classes) if name_key(c.name) == name_key(name)), None)
    if index is None:
        raise ImageError(f"no class named '{name}'")
    maker = picture_maker(game)
    layout = maker.layouts["class-card"]
    w, h, bleed = face_size(layout, game.data.game)
    ops = maker.draw(layout, game.data.classes[index], "classes", index, f"class card '{name}'")
    ops = [op for op in ops if getattr(op, "role", "") != "stamp"]  # a rule's picture of a card is no printing of it
    inner = Group(tuple(ops), (1.0, 0.0, 0.0, 1.0, -bleed, -bleed), clip=(bleed, bleed, w, h))
    edge = Rect(0.15, 0.15, w - 0.3, h - 0.3, Style(stroke="#8c7b5f", width=0.3), radius=2.5)
    return [inner, edge], w, h


def cost_badges(face, el, scope: dict, parent) -> list[Op]:
    """Layout element ``cost-badges``: an action's cost options as badges (AP rounded, HEX hexagonal),
    right-aligned ``right`` mm from the box's right edge, ``y`` mm from its top."""
    cost = face.get(el, "cost", scope)
    if cost is None or not hasattr(cost, "options"):
        return []
    px, py, pw, ph = parent
    top = py + face.length(el, "y", scope, ph, 1.1)
    size = face.length(el, "size", scope, 0.0, pt(6.4))
    bx = px + pw - face.length(el, "right", scope, pw, 1.2)
    ops: list[Op] = []
    for label, colour in reversed(_cost_badges(cost)):
        bw = badge_width(label, size)
        bx -= bw
        if colour == HEX_COLOUR:
            ops.append(Poly(((bx, top + 1.9), (bx + 1.4, top), (bx + bw - 1.4, top), (bx + bw, top + 1.9),
                             (bx + bw - 1.4, top + 3.8), (bx + 1.4, top + 3.8)), Style(fill=colour)))
        else:
            ops.append(Rect(bx, top, bw, 3.8, Style(fill=colour), radius=1.9))
        ops.append(Text(bx + bw / 2, top + 2.9, label, "sans-bold", size, "#ffffff", "middle"))
        bx -= 1.0
    return ops


ELEMENTS = {"cost-badges": (("cost", "right", "y", "size"), cost_badges)}
