"""Issue 39, item 5: each level of the build guide has a picture of the table once that level is
laid: the levels below faded, the new level's tiles in full colour and outlined, nothing above."""

from printgen.draw.colour import mix
from printgen.hexgrid import Hex
from printgen.packs.heroscape_style.iso import FADE, iso_ops


class T:
    def __init__(self, hexes):
        self.hexes = hexes


CELLS = {(Hex(0, 0), 1): "Grass", (Hex(1, 0), 1): "Grass", (Hex(0, 0), 2): "Rock", (Hex(0, 0), 3): "Rock"}
COLOURS = {"grass": "#4f9a3a", "rock": "#8d8a84"}


def tops(ops):
    return [o for o in ops if getattr(o, "role", None) == "iso"]


def test_a_level_picture_shows_what_is_laid_and_highlights_the_new_tiles():
    box = (10.0, 20.0, 110.0, 120.0)
    ops = iso_ops(CELLS, COLOURS, 2, [T([Hex(0, 0)])], "pointy", box)
    fills = [o.style.fill for o in tops(ops)]
    assert fills.count(mix("#4f9a3a", "#ffffff", FADE)) == 2  # level 1 laid: faded
    assert fills.count("#8d8a84") == 1 and len(fills) == 3  # level 2 new in full colour; level 3 not yet laid
    outlined = [o for o in ops if getattr(o, "role", None) == "iso-new"]
    assert len(outlined) == 1 and outlined[0].style.width >= 0.5
    xs = [x for o in ops for loop in (o.loops if hasattr(o, "loops") else (o.points,)) for x, _ in loop]
    ys = [y for o in ops for loop in (o.loops if hasattr(o, "loops") else (o.points,)) for _, y in loop]
    assert box[0] - 1e-6 <= min(xs) and max(xs) <= box[2] + 1e-6 and box[1] - 1e-6 <= min(ys) and max(ys) <= box[3] + 1e-6
    # the new level-2 tile sits above (smaller y on the page) the level-1 hex it rests on
    level1 = [o for o in tops(ops) if o.style.fill != "#8d8a84"]
    new = next(o for o in tops(ops) if o.style.fill == "#8d8a84")
    assert min(y for _, y in new.points) < min(y for o in level1 for _, y in o.points)


def test_every_level_is_drawn_at_one_scale():
    box = (0.0, 0.0, 100.0, 100.0)
    one = tops(iso_ops(CELLS, COLOURS, 1, [], "pointy", box))
    three = tops(iso_ops(CELLS, COLOURS, 3, [], "pointy", box))
    assert one[0].points == three[0].points  # the first hex lands on the same spot in every picture


def test_the_finished_battlefield_is_drawn_in_full_colour():
    fills = {o.style.fill for o in tops(iso_ops(CELLS, COLOURS, 3, [], "pointy", (0, 0, 100, 100), fade=False))}
    assert fills == {"#4f9a3a", "#8d8a84"}


def test_a_map_of_one_hex_is_pictured_about_life_size():
    from printgen.packs.heroscape_style.iso import MAX_HEX

    box = (0.0, 0.0, 190.0, 120.0)  # a page's width: one hexagon would otherwise fill it
    top = tops(iso_ops({(Hex(0, 0), 1): "Grass"}, COLOURS, 1, [], "pointy", box))[0]
    width = max(x for x, _ in top.points) - min(x for x, _ in top.points)
    assert abs(width - MAX_HEX) < 1e-6  # pointy-top: flat to flat across
    xs = [x for x, _ in top.points]
    assert abs((min(xs) + max(xs)) / 2 - 95.0) < 1e-6  # centred in its box
