"""Default settings as plain numbers (mm), read by the models and by `printgen stl`'s help, which
shows them without importing pydantic (the CLI starts fast)."""

from typing import Literal

MeshFormat = Literal["stl", "3mf"]  # the mesh writers' formats (mesh.export.EXPORTERS has one for each)
# The print profiles a build makes files for (game.yaml ``print: {profile: ...}``, ``printgen build --for``);
# publish/shop.py makes each one's files (a test holds the two equal).
PRINT_PROFILES = {
    "home": "sheets for a home printer: cards n-up with crop marks, tokens, maps, the print kit (always made)",
    "drivethru": "a DriveThruCards-style deck: one PDF per deck, a card a page with 1/8 in bleed, CMYK PDF/X-4",
    "gamecrafter": "a Game Crafter-style set: a 300 dpi PNG per face at the shop's template, the safe zone checked",
    "shop": "a generic print-shop PDF per deck: a card a page with bleed and crop marks, boxes, CMYK PDF/X-4",
    "silhouette": "print-and-cut sheets for a Silhouette (Type 1 registration marks) with their cut files, SVG and DXF",
    "cricut": "print-and-cut sheets for a Cricut (Print Then Cut frame, 6.75 x 9.25 in) with their SVG cut files",
    "ink-saver": "every sheet with its backgrounds and large fills lightened, text and outlines kept (less ink)",
    "foldover": "fold-over sheets: each deck's fronts and backs side by side with a fold line; a duplex calibration sheet",
}

HEX_SIZE = 25.4  # flat-to-flat: 1-inch hexes for 28 mm miniatures
ORIENTATION = "flat"
LEVEL_HEIGHT = 6.0  # one terrain level
CLEARANCE = 0.2  # taken off every outer side of a tile
