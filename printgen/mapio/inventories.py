"""What a player owns: the published boxes' terrain, as facts, and counts typed by hand.

Box contents as heroscape-map-editor's inventories list them (MIT, Dissolutio/heroscape-map-editor
src/data/inventories.ts), in printgen's piece names; pieces VirtualScape has no code for (swamp
water 6, ice 3) are left out, since no imported map places them.
"""

from __future__ import annotations

from collections import Counter

from .pieces import BY_NAME

BOXES: dict[str, dict[str, int]] = {
    "master-set-1": {  # Rise of the Valkyrie
        "grass-1": 16, "grass-2": 5, "grass-3": 5, "grass-7": 5, "grass-24": 6, "rock-1": 6, "rock-2": 3,
        "rock-3": 3, "rock-7": 3, "rock-24": 2, "sand-1": 4, "sand-2": 2, "sand-3": 2, "sand-7": 2,
        "water-1": 21, "ruin-2": 1, "ruin-3": 1},
    "master-set-2": {  # Swarm of the Marro
        "swamp-water-1": 34, "hive-6": 1, "swamp-1": 2, "swamp-2": 2, "swamp-3": 2, "swamp-7": 10, "swamp-24": 2,
        "rock-1": 1, "rock-2": 1, "rock-3": 1, "rock-7": 1, "sand-1": 1, "sand-2": 1, "sand-3": 2, "sand-7": 5},
    "volcarren-wasteland": {"lava-1": 11, "lava-field-1": 5, "lava-field-2": 5, "lava-field-7": 4},
    "thaelenk-tundra": {"glacier-1": 1, "glacier-3": 1, "glacier-4": 1, "glacier-6": 1, "snow-1": 12, "snow-2": 12,
                        "ice-1": 21},
    "road-to-the-forgotten-forest": {"road-1": 8, "road-2": 8, "road-5": 1, "road-wall-4": 2, "tree-15": 1,
                                     "tree-10": 1, "tree-11": 2, "tree-12": 1},
    "fortress-of-the-archkyrie": {
        "castle-base-corner": 10, "castle-base-straight": 7, "castle-base-end": 4, "castle-wall-corner": 10,
        "castle-wall-straight": 7, "castle-wall-end": 4, "castle-arch-door": 1, "battlement": 50, "ladder": 22,
        "wall-walk-1": 21, "wall-walk-7": 1, "wall-walk-9": 1},
    "ticalla-jungle": {"palm-14": 1, "palm-15": 1, "palm-16": 1, "brush-9": 6},
    "marvel-master-set": {"concrete-1": 4, "concrete-2": 7, "concrete-7": 3, "asphalt-1": 3, "asphalt-2": 8,
                          "asphalt-7": 3, "city-ruin-6": 1},
    "battle-for-the-underdark": {
        "grass-1": 1, "grass-2": 1, "grass-3": 1, "dungeon-1": 16, "dungeon-2": 5, "dungeon-3": 5, "dungeon-7": 5,
        "dungeon-24": 6, "rock-1": 1, "rock-2": 1, "rock-3": 2, "rock-7": 3, "sand-1": 1, "sand-2": 1, "sand-7": 3,
        "water-1": 12, "shadow-1": 11, "outcrop-1": 3, "outcrop-3": 1},
}


class InventoryError(ValueError):
    """An --own value that names no box and no piece."""


def _count(text: str, most: int) -> int | None:
    """``text`` as a whole number from 0 to ``most``, else None. ASCII digits only, and few of them, read
    before any conversion: '²' passes str.isdigit() but int() refuses it, and int() of 4,300 digits or
    more raises (Python's int-string limit)."""
    text = text.strip()
    if not text or len(text) > len(str(most)) or not all("0" <= ch <= "9" for ch in text):
        return None
    n = int(text)
    return n if n <= most else None


def parse_inventory(items: list[str]) -> Counter:
    """``master-set-1`` (a box; repeat it for two), ``master-set-1*2``, or ``grass-24=3`` (a count of
    one piece) -> piece name -> count owned."""
    out: Counter = Counter()
    for raw in items:
        item = raw.strip().lower()
        if "=" in item:
            name, _, n = item.partition("=")
            if name.strip() not in BY_NAME:
                raise InventoryError(f"{raw!r}: no piece named {name.strip()!r} (pieces: grass-24, water-1, ...)")
            count = _count(n, 10_000)
            if count is None:
                raise InventoryError(f"{raw[:60]!r}: the count after '=' is a whole number up to 10000")
            out[name.strip()] += count
            continue
        name, _, times = item.partition("*")
        if name.strip() not in BOXES:
            raise InventoryError(f"{raw!r}: no box named {name.strip()!r} (boxes: {', '.join(BOXES)})")
        boxes = _count(times, 100) if times else 1
        if boxes is None:
            raise InventoryError(f"{raw[:60]!r}: the count after '*' is a whole number up to 100")
        for piece, n in BOXES[name.strip()].items():
            out[piece] += n * boxes
    return out
